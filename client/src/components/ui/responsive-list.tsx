import type { ReactNode } from "react";
import { Spinner } from "./spinner";

/**
 * The body of a list card: a spinner while the list loads, the empty state when it has no rows,
 * otherwise a table on wide screens and cards on phones (inside a ListState, which then owns the
 * loading and empty states, leave `loading` and `empty` out). The page gives the cells and the cards;
 * the states, the table's scroll region and the classes are the same on every list screen.
 */
export function ResponsiveList({
  loading,
  loadingLabel,
  empty,
  tableLabel,
  head,
  rows,
  foot,
  cards,
}: {
  loading?: boolean;
  loadingLabel?: string;
  /** Shown instead of the list when it has no rows: `rows.length === 0 && <EmptyState … />`. */
  empty?: ReactNode;
  /** The table's accessible name (it scrolls sideways, so it is a focusable region). */
  tableLabel: string;
  /** The header cells (`<th scope="col">`). */
  head: ReactNode;
  /** The table rows (`<tr>`). */
  rows: ReactNode;
  /** A `<tfoot>` under the rows (totals), if any. */
  foot?: ReactNode;
  /** The phone cards (`<li>`). */
  cards: ReactNode;
}) {
  if (loading) {
    return (
      <div className="flex justify-center py-14">
        <Spinner size="lg" label={loadingLabel} />
      </div>
    );
  }
  if (empty) return <>{empty}</>;
  return (
    <>
      <div className="hidden overflow-x-auto md:block" tabIndex={0} role="region" aria-label={tableLabel}>
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>{head}</tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{rows}</tbody>
          {foot}
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden">{cards}</ul>
    </>
  );
}
