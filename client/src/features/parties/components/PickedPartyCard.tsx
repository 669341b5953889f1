// The party a transaction names, in place of the picker's search (DECISIONS §12): name, GSTIN and
// state, and "Change". Loaded once a party is named, with the states' names.
import { Building2, X } from "lucide-react";
import type { PartyRef } from "@shared/schemas/parties";
import { gstStateName } from "@shared/gst-states";
import { Button } from "@/components/ui/button";

export function PickedPartyCard({
  id,
  party,
  onClear,
  disabled,
  "aria-describedby": describedBy,
}: {
  id?: string;
  party: PartyRef;
  onClear: () => void;
  disabled?: boolean;
  "aria-describedby"?: string;
}) {
  const state = party.stateCode ? gstStateName(party.stateCode) : undefined;
  return (
    <div
      id={id}
      className="flex min-h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-slate-300 bg-slate-50 py-1.5 pl-3 pr-1.5"
      aria-describedby={describedBy}
    >
      <div className="flex min-w-0 flex-1 items-center gap-2.5">
        <Building2 className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900 wrap-anywhere" data-testid="picked-party">
            {party.name}
          </p>
          <p className="truncate text-xs text-slate-600">{[party.gstin ? `GSTIN ${party.gstin}` : "No GSTIN", state].filter(Boolean).join(" · ")}</p>
        </div>
      </div>
      <Button variant="ghost" size="sm" className="shrink-0" onClick={onClear} disabled={disabled} aria-label={`Remove ${party.name}`}>
        <X className="h-4 w-4" aria-hidden="true" />
        Change
      </Button>
    </div>
  );
}
