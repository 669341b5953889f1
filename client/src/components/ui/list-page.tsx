// The parts every list page is built of (with useListFilters, hooks/use-list-filters.ts, and the
// states of ListState): the search box, the card that names the list and holds its states, and the
// row actions (Activate or Deactivate among them), icons in a table and labelled buttons on a phone's card.
import type { ComponentType, ReactNode } from "react";
import { Pencil, Power, Search, Trash2 } from "lucide-react";
import { cn } from "@/lib/utils";
import { Button } from "./button";
import { Card } from "./card";
import { Input } from "./input";
import { ListState, type ListQuery } from "./list-state";
import { Spinner } from "./spinner";

type Icon = ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;

/** A list's search box: the magnifier and the text, named for screen readers by `label` (or by a `<label>` of `id`). */
export function SearchInput({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id?: string;
  label?: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn("relative", className)}>
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <Input id={id} type="search" aria-label={label} placeholder={placeholder} className="pl-9" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/**
 * A list in a card: its name (with the count) over its states, a spinner until the first answer,
 * the error in words, the empty state once the server answered with nothing, else the rows.
 */
export function ListCard({
  icon: TitleIcon,
  title,
  aside,
  query,
  count,
  loadingLabel,
  errorFallback,
  empty,
  children,
}: {
  icon: Icon;
  title: ReactNode;
  /** Beside the title, at the right ("3 active"). */
  aside?: ReactNode;
  query: ListQuery;
  /** How many rows the list has now. */
  count: number;
  loadingLabel: string;
  errorFallback: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <div className="flex items-center gap-2 border-b border-slate-100 px-5 py-4">
        <TitleIcon className="h-5 w-5 text-slate-600" aria-hidden="true" />
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {aside ? <span className="ml-auto text-sm text-slate-600">{aside}</span> : null}
      </div>
      <ListState
        query={query}
        count={count}
        errorFallback={errorFallback}
        errorClassName="m-5"
        loading={
          <div className="flex justify-center py-14">
            <Spinner size="lg" label={loadingLabel} />
          </div>
        }
        empty={empty}
      >
        {children}
      </ListState>
    </Card>
  );
}

/** One action on a list's row: an icon (named by `aria-label`) in the table, a labelled button on a phone's card. */
export function RowAction({
  labelled,
  icon: ActionIcon,
  iconClassName,
  label,
  className,
  ...button
}: {
  labelled: boolean;
  icon: Icon;
  iconClassName?: string;
  /** The words on a phone's card. */
  label: string;
  className?: string;
  onClick: () => void;
  disabled?: boolean;
  "aria-label": string;
  title?: string;
}) {
  return (
    <Button variant="ghost" size={labelled ? "sm" : "icon"} className={cn(!labelled && "h-9 w-9", className)} {...button}>
      <ActionIcon className={cn("h-4 w-4", iconClassName)} aria-hidden="true" />
      {labelled ? label : null}
    </Button>
  );
}

/** Activate or deactivate a row (a rule, a nature, a party, a user): amber while it is on, green while off. */
export function ActiveToggleAction({
  labelled,
  active,
  name,
  titled = false,
  onClick,
  disabled,
}: {
  labelled: boolean;
  active: boolean;
  /** The row's name, in the button's accessible name ("Deactivate Big purchases"). */
  name: string;
  /** The table's icon says what it does on hover too. */
  titled?: boolean;
  onClick: () => void;
  disabled?: boolean;
}) {
  const verb = active ? "Deactivate" : "Activate";
  return (
    <RowAction
      labelled={labelled}
      icon={Power}
      iconClassName={active ? "text-amber-700" : "text-green-700"}
      label={verb}
      onClick={onClick}
      disabled={disabled}
      aria-label={`${verb} ${name}`}
      title={titled ? verb : undefined}
    />
  );
}

/** A record's usual actions on its row: Edit, Activate or Deactivate, and Delete when it may be deleted. */
export function RecordActions({
  labelled,
  name,
  titled = false,
  onEdit,
  active,
  onToggle,
  toggling,
  onDelete,
}: {
  labelled: boolean;
  name: string;
  /** The table's icons say what they do on hover too. */
  titled?: boolean;
  onEdit: () => void;
  active: boolean;
  onToggle: () => void;
  /** A change of standing is under way: the toggle waits. */
  toggling: boolean;
  onDelete?: () => void;
}) {
  return (
    <>
      <RowAction labelled={labelled} icon={Pencil} label="Edit" onClick={onEdit} aria-label={`Edit ${name}`} title={titled ? "Edit" : undefined} />
      <ActiveToggleAction labelled={labelled} active={active} name={name} titled={titled} onClick={onToggle} disabled={toggling} />
      {onDelete ? (
        <RowAction
          labelled={labelled}
          icon={Trash2}
          label="Delete"
          className="text-red-700 hover:bg-red-50"
          onClick={onDelete}
          aria-label={`Delete ${name}`}
          title={titled ? "Delete" : undefined}
        />
      ) : null}
    </>
  );
}
