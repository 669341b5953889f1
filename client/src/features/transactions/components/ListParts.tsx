// Parts the transaction lists share: the loading list, the status filter (every status and Overdue)
// and the empty state that says which emptiness it is. Their search, filters and page are
// useListFilters' (hooks/use-list-filters.ts), as on every list.
import type { ReactNode } from "react";
import { AlertTriangle, CheckCircle2, SearchX } from "lucide-react";
import { STATUS_LABELS, TRANSACTION_STATUSES } from "@shared/constants";
import { ListState, type ListQuery } from "@/components/ui/list-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/utils";
import { UrgentBadge } from "./badges";

/** The status filter's value for "Payment Due and past its due date" (DECISIONS §4). */
export const OVERDUE_FILTER = "overdue";

/** Every status by its label, then Overdue; "" is all statuses. */
export const STATUS_FILTER_OPTIONS: { value: string; label: string }[] = [
  ...TRANSACTION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
  { value: OVERDUE_FILTER, label: "Overdue (payment due, past date)" },
];

/** The list call's parameters for a status filter value. */
export function statusFilterParams(value: string): { status?: string; overdue?: boolean } {
  if (value === OVERDUE_FILTER) return { overdue: true };
  return value ? { status: value } : {};
}

/**
 * An empty list says which emptiness it is: nothing matched the search or filters (and offers to
 * clear them), or there is nothing yet.
 */
export function ListEmpty({
  filtered,
  onClearFilters,
  emptyTitle,
  emptyDescription,
  emptyAction,
}: {
  filtered: boolean;
  onClearFilters: () => void;
  emptyTitle: string;
  emptyDescription: string;
  emptyAction?: ReactNode;
}) {
  return (
    <Card>
      {filtered ? (
        <EmptyState
          icon={SearchX}
          title="No transactions match"
          description="Nothing matches this search or these filters."
          action={
            <Button variant="outline" onClick={onClearFilters}>
              Clear search and filters
            </Button>
          }
        />
      ) : (
        <EmptyState title={emptyTitle} description={emptyDescription} action={emptyAction} />
      )}
    </Card>
  );
}

/** Grey placeholder rows while a list loads. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="space-y-3" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-20 animate-pulse rounded-lg border border-slate-200 bg-white">
          <div className="m-4 h-3 w-1/3 rounded bg-slate-200" />
          <div className="mx-4 h-3 w-2/3 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/** The pending queue's loading, error and 'All Caught Up!' states (Approver dashboard and Pending Approvals). */
export function PendingQueueStatus({ query, count }: { query: ListQuery; count: number }) {
  return (
    <ListState
      query={query}
      count={count}
      loading={<ListSkeleton rows={3} />}
      errorTitle="Could not load pending approvals"
      empty={
        <Card>
          <EmptyState icon={CheckCircle2} title="All Caught Up!" description="No pending approvals at the moment." />
        </Card>
      }
    />
  );
}

/** The highlighted emergency part of the pending queue, first on both Approver screens (spec 000 §2, Pending Approvals). */
export function EmergencyQueueSection({
  id,
  title,
  count,
  listClassName,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  listClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-red-200 bg-red-50/60 p-3 sm:p-4">
      <div className="mb-3 flex items-center gap-2">
        <AlertTriangle className="h-5 w-5 text-red-700" aria-hidden="true" />
        <h2 id={id} className="text-base font-semibold text-red-900">
          {title}
        </h2>
        <UrgentBadge />
        {count === undefined ? null : <span className="ml-auto text-sm font-medium text-red-800">{count}</span>}
      </div>
      <ul className={cn("grid gap-3", listClassName)}>{children}</ul>
    </section>
  );
}
