// My Transactions (/my-transactions, spec 000 §2): summary cards (Total, Pending, Approved,
// Rejected), search, a status filter with every status and Overdue, 'New Transaction', the rows,
// pagination; a row opens the details. The empty state says whether nothing matched or nothing exists.
// Reads GET /api/transactions?createdBy=<me>, the one list shape (DECISIONS §4).
import { useState } from "react";
import { Link } from "wouter";
import { CheckCircle2, Clock, FileStack, Plus, Search, XCircle } from "lucide-react";
import { useCurrentUser } from "@/lib/session";
import { ListState } from "@/components/ui/list-state";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { StatCard } from "@/components/ui/stat-card";
import { useTransactionList } from "../api";
import { ListEmpty, ListSkeleton, STATUS_FILTER_OPTIONS, statusFilterParams, useDebounced } from "../components/ListParts";
import { Pagination } from "@/components/ui/pagination";
import { TransactionCard } from "../components/TransactionCard";
import { TransactionDetailsDialog } from "../components/LazyTransactionDetailsDialog";
import { useLinkedTransaction } from "@/lib/linked-transaction";
import { OPEN_PARAM } from "@shared/deep-links";

const PAGE_SIZE = 20;

export default function MyTransactionsPage() {
  const user = useCurrentUser();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  // A push or an email about a transaction opens its dialog (DECISIONS §14).
  const [openId, setOpenId] = useLinkedTransaction(OPEN_PARAM);
  const debouncedSearch = useDebounced(search.trim());

  const list = useTransactionList({ createdBy: user.id, search: debouncedSearch, ...statusFilterParams(status), page, limit: PAGE_SIZE });
  // The summary counts all of my transactions, whatever the filters.
  const all = useTransactionList({ createdBy: user.id, page: 1, limit: 1 });
  const rejected = useTransactionList({ createdBy: user.id, status: "Rejected", page: 1, limit: 1 });

  const summary = all.data?.summary;
  const rows = list.data?.transactions ?? [];
  const filtered = debouncedSearch !== "" || status !== "";
  const clearFilters = () => {
    setSearch("");
    setStatus("");
    setPage(1);
  };

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
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input
              type="search"
              aria-label="Search transactions"
              placeholder="Search by ID, description, party or category"
              className="pl-9"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
          <div className="sm:w-48">
            <Select
              aria-label="Filter by status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                setPage(1);
              }}
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
              filtered={filtered}
              onClearFilters={clearFilters}
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
        {list.data ? <Pagination className="mt-4" page={list.data.page} pageSize={list.data.limit} total={list.data.total} onPageChange={setPage} /> : null}
      </section>

      <TransactionDetailsDialog transactionId={openId} open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} />
    </div>
  );
}
