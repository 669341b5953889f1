// The party picker of the transaction form (DECISIONS §12): type to search active parties by name
// or GSTIN, pick one with the mouse or the keyboard, or create the one typed in a small dialog
// without leaving the form. A combobox in the ARIA sense: the input owns a listbox of options.
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from "react";
import { Building2, Plus, Search, X } from "lucide-react";
import type { Party, PartyRef } from "@shared/schemas/parties";
import { gstStateName } from "@shared/gst-states";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { fieldControlClasses } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { useDebounced } from "@/hooks/use-debounced";
import { useParties } from "../api";

// Creating a party inline is the exception: its form loads when asked for.
const PartyFormDialog = lazy(() => import("./PartyFormDialog").then((m) => ({ default: m.PartyFormDialog })));

type Option = { kind: "party"; party: Party } | { kind: "create"; name: string };

/** The party picked, with its usual TDS nature when the picker knows it (a bill starts with it, DECISIONS §12). */
export type PickedParty = PartyRef & { tdsNatureId?: string | null };

export function PartyPicker({
  id,
  value,
  onChange,
  disabled,
  label = "party",
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: {
  id?: string;
  /** The party named now (from the transaction, or picked). */
  value: PartyRef | null;
  onChange: (party: PickedParty | null) => void;
  disabled?: boolean;
  label?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState<string | null>(null);
  const search = useDebounced(text, 200);
  const results = useParties({ search, active: "true", limit: 8 }, { enabled: open });
  const found = results.data?.parties ?? [];
  const typed = text.trim();
  const exact = found.some((p) => p.name.toLowerCase() === typed.toLowerCase());
  const options: Option[] = [...found.map((party) => ({ kind: "party" as const, party })), ...(typed && !exact ? [{ kind: "create" as const, name: typed }] : [])];

  const choose = (option: Option | undefined) => {
    if (!option) return;
    if (option.kind === "create") {
      setCreating(option.name);
      setOpen(false);
      return;
    }
    const { id: partyId, name, gstin, stateCode, tdsNatureId } = option.party;
    onChange({ id: partyId, name, gstin, stateCode, tdsNatureId });
    setText("");
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === "Enter") {
      // Enter picks; it never submits the transaction form from here.
      if (open && options.length) {
        e.preventDefault();
        choose(options[Math.min(active, options.length - 1)]);
      } else if (typed) e.preventDefault();
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  if (value) {
    const state = value.stateCode ? gstStateName(value.stateCode) : undefined;
    return (
      <div id={id} className="flex min-h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-slate-300 bg-slate-50 py-1.5 pl-3 pr-1.5" aria-describedby={describedBy}>
        <div className="flex min-w-0 flex-1 items-center gap-2.5">
          <Building2 className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900 wrap-anywhere" data-testid="picked-party">
              {value.name}
            </p>
            <p className="truncate text-xs text-slate-600">{[value.gstin ? `GSTIN ${value.gstin}` : "No GSTIN", state].filter(Boolean).join(" · ")}</p>
          </div>
        </div>
        <Button variant="ghost" size="sm" className="shrink-0" onClick={() => { onChange(null); requestAnimationFrame(() => inputRef.current?.focus()); }} disabled={disabled} aria-label={`Remove ${value.name}`}>
          <X className="h-4 w-4" aria-hidden="true" />
          Change
        </Button>
      </div>
    );
  }

  return (
    <div className="relative min-w-0">
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options.length ? `${listId}-${Math.min(active, options.length - 1)}` : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        autoComplete="off"
        disabled={disabled}
        placeholder={`Search ${label} by name or GSTIN`}
        className={cn(fieldControlClasses, "h-10 py-2 pl-9")}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label="Parties" className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {results.isLoading ? (
            <li className="flex items-center gap-2 px-3 py-2.5 text-sm text-slate-600">
              <Spinner size="sm" label="Searching parties" /> Searching…
            </li>
          ) : null}
          {!results.isLoading && options.length === 0 ? (
            <li className="px-3 py-2.5 text-sm text-slate-600">{typed ? "No party matches." : "No parties yet. Type a name to create one."}</li>
          ) : null}
          {options.map((option, i) => (
            <li
              key={option.kind === "party" ? option.party.id : "create"}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn("flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm", i === active ? "bg-brand-50" : "hover:bg-slate-50")}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(option)}
            >
              {option.kind === "party" ? (
                <>
                  <Building2 className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-slate-900 wrap-anywhere">{option.party.name}</span>
                    <span className="block truncate text-xs text-slate-600">{option.party.gstin ?? "No GSTIN"}</span>
                  </span>
                </>
              ) : (
                <>
                  <Plus className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
                  <span className="min-w-0 flex-1 font-medium text-brand-800 wrap-anywhere">Create “{option.name}”</span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {creating !== null ? (
        <Suspense fallback={null}>
          <PartyFormDialog
            open
            onOpenChange={(o) => !o && setCreating(null)}
            party={null}
            initialName={creating}
            onSaved={(p) => {
              onChange({ id: p.id, name: p.name, gstin: p.gstin, stateCode: p.stateCode, tdsNatureId: p.tdsNatureId });
              setText("");
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
