// The party picker of the transaction form (DECISIONS §12): type to search active parties by name
// or GSTIN, pick one with the mouse or the keyboard, or create the one typed in a small dialog
// without leaving the form. A combobox in the ARIA sense: the input owns a listbox of options.
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from "react";
import { Search } from "lucide-react";
import type { PartyRef } from "@shared/schemas/parties";
import { fieldControlClasses } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { useDebounced } from "@/hooks/use-debounced";
import { useParties } from "../api";
import type { PartyOption } from "./PartyOptions";

// Creating a party inline is the exception: its form loads when asked for. The list loads when the
// picker first opens, and a named party's card (with the states' names) once one is named.
const PartyFormDialog = lazy(() => import("./PartyFormDialog").then((m) => ({ default: m.PartyFormDialog })));
const PartyOptions = lazy(() => import("./PartyOptions").then((m) => ({ default: m.PartyOptions })));
const PickedPartyCard = lazy(() => import("./PickedPartyCard").then((m) => ({ default: m.PickedPartyCard })));

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
  const options: PartyOption[] = [
    ...found.map((party) => ({ kind: "party" as const, party })),
    ...(typed && !exact ? [{ kind: "create" as const, name: typed }] : []),
  ];

  const choose = (option: PartyOption | undefined) => {
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
    const clear = () => {
      onChange(null);
      requestAnimationFrame(() => inputRef.current?.focus());
    };
    return (
      <Suspense fallback={null}>
        <PickedPartyCard id={id} party={value} onClear={clear} disabled={disabled} aria-describedby={describedBy} />
      </Suspense>
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
        <Suspense fallback={null}>
          <PartyOptions
            listId={listId}
            options={options}
            active={active}
            searching={results.isLoading}
            typed={typed}
            onActivate={setActive}
            onChoose={choose}
          />
        </Suspense>
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
