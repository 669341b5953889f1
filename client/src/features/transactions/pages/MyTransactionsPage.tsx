// My Transactions (/my-transactions, spec 000 §2): summary cards (Total, Pending, Approved,
// Rejected), search, a status filter with every status and Overdue, 'New Transaction', the rows,
// pagination; a row opens the details. The empty state says whether nothing matched or nothing exists.
// Reads GET /api/transactions?createdBy=<me>, the one list shape (DECISIONS §4).
import { Link } from "wouter";
import { CheckCircle2, Clock, FileStack, Plus, XCircle } from "lucide-react";
import { useCurrentUser } from "@/lib/session";
import { ListState } from "@/components/ui/list-state";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SearchInput } from "@/components/ui/list-page";
import { Select } from "@/components/ui/select";
import { StatCard } from "@/components/ui/stat-card";
import { useTransactionList } from "../api";
import { ListEmpty, ListSkeleton, STATUS_FILTER_OPTIONS, statusFilterParams } from "../components/ListParts";
import { useListFilters } from "@/hooks/use-list-filters";
import { Pagination } from "@/components/ui/pagination";
import { TransactionCard } from "../components/TransactionCard";
import { TransactionDetailsDialog } from "../components/LazyTransactionDetailsDialog";
import { useLinkedTransaction } from "@/lib/linked-transaction";
import { OPEN_PARAM } from "@shared/deep-links";

const PAGE_SIZE = 20;

export default function MyTransactionsPage() {
  const user = useCurrentUser();
  const filters = useListFilters({ none: { search: "", status: "" } });
  // A push or an email about a transaction opens its dialog (DECISIONS §14).
  const [openId, setOpenId] = useLinkedTransaction(OPEN_PARAM);

  const list = useTransactionList({
    createdBy: user.id,
    search: filters.asked.search,
    ...statusFilterParams(filters.asked.status),
    page: filters.page,
    limit: PAGE_SIZE,
  });
  // The summary counts all of my transactions, whatever the filters.
  const all = useTransactionList({ createdBy: user.id, page: 1, limit: 1 });
  const rejected = useTransactionList({ createdBy: user.id, status: "Rejected", page: 1, limit: 1 });

  const summary = all.data?.summary;
  const rows = list.data?.transactions ?? [];

  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard title="Total" value={summary ? summary.count : "—"} icon={FileStack} />
        <StatCard title="Pending" value={summary ? summary.pendingCount : "—"} icon={Clock} variant="warning" />
        <StatCard title="Approved" value={summary ? summary.approvedCount : "—"} icon={CheckCircle2} variant="success" />
        <StatCard title="Rejected" value={rejected.data ? rejected.data.total : "—"} icon={XCircle} variant="error" />
      </div>

      <Card className="p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchInput
            className="flex-1"
            label="Search transactions"
            placeholder="Search by ID, description, party or category"
            value={filters.values.search}
            onChange={(text) => filters.set("search", text)}
          />
          <div className="sm:w-48">
            <Select
              aria-label="Filter by status"
              value={filters.values.status}
              onChange={(e) => filters.set("status", e.target.value)}
              placeholder="All Statuses"
              options={STATUS_FILTER_OPTIONS}
            />
          </div>
          <Link href="/create-transaction" className={buttonVariants()}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            New Transaction
          </Link>
        </div>
      </Card>

      <section aria-label="My transactions" aria-busy={list.isFetching}>
        <ListState
          query={list}
          count={rows.length}
          loading={<ListSkeleton />}
          errorTitle="Could not load your transactions"
          empty={
            <ListEmpty
              filtered={filters.filtered}
              onClearFilters={filters.clear}
              emptyTitle="No transactions yet"
              emptyDescription="Transactions you create appear here."
              emptyAction={
                <Link href="/create-transaction" className={buttonVariants()}>
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  Create Your First Transaction
                </Link>
              }
            />
          }
        >
          <ul className="grid gap-3">
            {rows.map((t) => (
              <li key={t.id}>
                <TransactionCard transaction={t} time="date" alwaysShowApprovals onOpen={(row) => setOpenId(row.id)} />
              </li>
            ))}
          </ul>
        </ListState>
        {list.data ? (
          <Pagination className="mt-4" page={list.data.page} pageSize={list.data.limit} total={list.data.total} onPageChange={filters.setPage} />
        ) : null}
      </section>

      <TransactionDetailsDialog transactionId={openId} open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} />
    </div>
  );
}
