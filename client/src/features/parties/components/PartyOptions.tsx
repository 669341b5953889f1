// The party picker's list of options (DECISIONS §12): the parties found and "Create …" for a name
// not found. Loaded when the picker first opens, not with the form that holds it.
import { Building2, Plus } from "lucide-react";
import type { Party } from "@shared/schemas/parties";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

export type PartyOption = { kind: "party"; party: Party } | { kind: "create"; name: string };

export function PartyOptions({
  listId,
  options,
  active,
  searching,
  typed,
  onActivate,
  onChoose,
}: {
  listId: string;
  options: PartyOption[];
  /** The option the keyboard is on. */
  active: number;
  searching: boolean;
  /** The text typed, trimmed. */
  typed: string;
  onActivate: (index: number) => void;
  onChoose: (option: PartyOption) => void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Parties"
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
    >
      {searching ? (
        <li className="flex items-center gap-2 px-3 py-2.5 text-sm text-slate-600">
          <Spinner size="sm" label="Searching parties" /> Searching…
        </li>
      ) : null}
      {!searching && options.length === 0 ? (
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
          onMouseEnter={() => onActivate(i)}
          onClick={() => onChoose(option)}
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
  );
}
