// All Transactions (/transactions, spec 000 §2): search, filters (status, category, creator),
// CSV export, summary cards, the table (cards on phones) with server-side pagination; a row opens
// the details, whose actions are the server's availableMoves. The status filter holds every status
// and Overdue; ?search=, ?status= and ?overdue=true in the address preset the filters (links from
// a duplicate warning or the dashboard).
import { useMemo, useRef, useState } from "react";
import { Building2, CheckCircle2, Clock, Download, FileStack, IndianRupee, Paperclip } from "lucide-react";
import type { Transaction } from "@shared/schemas/transactions";
import { formatDate, formatRupees } from "@shared/format";
import { useCurrentUser } from "@/lib/session";
import { ListState } from "@/components/ui/list-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SearchInput } from "@/components/ui/list-page";
import { Select } from "@/components/ui/select";
import { StatCard } from "@/components/ui/stat-card";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { useCategories } from "@/features/categories";
import { downloadTransactionsCsv, useAdminUsers, useTransactionList } from "../api";
import { ApprovalProgress, OverdueBadge, PaidBadge, StatusBadge, TransactionFlags, showsApprovalProgress } from "../components/badges";
import { ListEmpty, ListSkeleton, OVERDUE_FILTER, STATUS_FILTER_OPTIONS, statusFilterParams } from "../components/ListParts";
import { useListFilters } from "@/hooks/use-list-filters";
import { Pagination } from "@/components/ui/pagination";
import { isOverdue } from "../rules";
import { TransactionCard } from "../components/TransactionCard";
import { TransactionDetailsDialog } from "../components/LazyTransactionDetailsDialog";
import { useLinkedTransaction } from "@/lib/linked-transaction";
import { OPEN_PARAM } from "@shared/deep-links";

const PAGE_SIZE = 25;

export default function AllTransactionsPage() {
  const user = useCurrentUser();
  const listsUsers = user.permissions.managesUsers;
  const filters = useListFilters({
    none: { search: "", status: "", categoryId: "", createdBy: "" },
    // The address may preset the filters: /transactions?search=TXN-000042, ?status=PaymentDue, ?overdue=true.
    initial: () => {
      const address = new URLSearchParams(window.location.search);
      return { search: address.get("search") ?? "", status: address.get("overdue") === "true" ? OVERDUE_FILTER : (address.get("status") ?? "") };
    },
  });
  const { values, asked, page, setPage } = filters;
  // A push or an email about a transaction opens its dialog (DECISIONS §14).
  const [openId, setOpenId] = useLinkedTransaction(OPEN_PARAM);
  const [exporting, setExporting] = useState(false);

  const query = { search: asked.search, ...statusFilterParams(asked.status), categoryId: asked.categoryId, createdBy: asked.createdBy };
  const list = useTransactionList({ ...query, page, limit: PAGE_SIZE });
  const categories = useCategories();
  const users = useAdminUsers(listsUsers);

  // Creators: every user for whoever may read the user list (a SuperAdmin); for others, the creators seen in the rows so far.
  const seenCreators = useRef(new Map<string, string>());
  for (const t of list.data?.transactions ?? []) if (t.creator?.name) seenCreators.current.set(t.createdBy, t.creator.name);
  const creatorOptions = useMemo(() => {
    const source = listsUsers && users.data ? users.data.map((u) => [u.id, u.name] as const) : [...seenCreators.current.entries()];
    return [...source].sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label }));
    // list.data: the creators seen so far (a ref filled above) grow with each page of rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listsUsers, users.data, list.data]);

  const change = (key: "status" | "categoryId" | "createdBy") => (e: { target: { value: string } }) => filters.set(key, e.target.value);

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadTransactionsCsv(query);
    } catch (err) {
      toast({ title: "Export Failed", description: errorMessage(err, "Failed to export transactions"), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  };

  const rows = list.data?.transactions ?? [];
  const summary = list.data?.summary;
  const open = (t: Transaction) => setOpenId(t.id);

  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.6fr)]">
        <StatCard title="Total Transactions" value={summary ? summary.count : "—"} icon={FileStack} />
        <StatCard title="Approved" value={summary ? summary.approvedCount : "—"} icon={CheckCircle2} variant="success" />
        <StatCard title="Pending" value={summary ? summary.pendingCount : "—"} icon={Clock} variant="warning" />
        <StatCard
          title="Total Approved Amount"
          value={summary ? formatRupees(summary.approvedAmount) : "—"}
          icon={IndianRupee}
          variant="success"
          className="col-span-2 lg:col-span-1"
        />
      </div>

      <Card className="p-4">
        <div className="grid grid-cols-2 gap-3 xl:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]">
          <SearchInput
            className="col-span-2 xl:col-span-1"
            label="Search transactions"
            placeholder="Search ID, description, party, category or creator"
            value={values.search}
            onChange={(text) => filters.set("search", text)}
          />
          <Select aria-label="Filter by status" value={values.status} onChange={change("status")} placeholder="All Statuses" options={STATUS_FILTER_OPTIONS} />
          <Select
            aria-label="Filter by category"
            value={values.categoryId}
            onChange={change("categoryId")}
            placeholder="All Categories"
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
          <Select aria-label="Filter by creator" value={values.createdBy} onChange={change("createdBy")} placeholder="All Creators" options={creatorOptions} />
          <Button variant="outline" onClick={onExport} disabled={exporting} aria-busy={exporting}>
            <Download className={cn("h-4 w-4", exporting && "animate-bounce")} aria-hidden="true" />
            {exporting ? "Exporting..." : "Export"}
          </Button>
        </div>
      </Card>

      <section aria-label="Transactions" aria-busy={list.isFetching}>
        <ListState
          query={list}
          count={rows.length}
          loading={<ListSkeleton />}
          errorTitle="Could not load transactions"
          empty={
            <ListEmpty
              filtered={filters.filtered}
              onClearFilters={filters.clear}
              emptyTitle="No transactions yet"
              emptyDescription="Transactions appear here once they are created."
            />
          }
        >
          {/* Phones: cards. */}
          <ul className="grid gap-3 md:hidden">
            {rows.map((t) => (
              <li key={t.id}>
                <TransactionCard transaction={t} showCreator onOpen={open} time="date" />
              </li>
            ))}
          </ul>
          {/* Tablets and up: the table. */}
          <Card className="hidden overflow-hidden md:block">
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Transactions, newest first. Choose a transaction id to open its details.</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Transaction
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Creator
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      Amount
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Category
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Date
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((t) => (
                    <tr key={t.id} onClick={() => open(t)} className={cn("cursor-pointer transition hover:bg-slate-50", t.isPriority && "bg-red-50/40")}>
                      <td className="max-w-[22rem] px-4 py-3 align-top">
                        <div className="flex flex-wrap items-center gap-1.5">
                          <button
                            type="button"
                            onClick={(e) => {
                              e.stopPropagation();
                              open(t);
                            }}
                            className="rounded font-mono text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                          >
                            {t.humanReadableId}
                          </button>
                          <TransactionFlags transaction={t} />
                        </div>
                        <p className="mt-1 truncate text-slate-700" title={t.description}>
                          {t.description}
                        </p>
                        {t.party ? (
                          <p className="mt-0.5 inline-flex max-w-full items-center gap-1 text-xs text-slate-600" data-testid="party-name">
                            <Building2 className="h-3 w-3 shrink-0" aria-hidden="true" />
                            <span className="truncate" title={t.party.name}>
                              {t.party.name}
                            </span>
                          </p>
                        ) : null}
                        {t.attachmentCount > 0 ? (
                          <p className="mt-0.5 inline-flex items-center gap-1 text-xs text-slate-600">
                            <Paperclip className="h-3 w-3" aria-hidden="true" />
                            {t.attachmentCount} {t.attachmentCount === 1 ? "file" : "files"}
                          </p>
                        ) : null}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 align-top text-slate-800">{t.creator?.name ?? "—"}</td>
                      <td className="whitespace-nowrap px-4 py-3 text-right align-top font-semibold tabular-nums text-slate-900">{formatRupees(t.amount)}</td>
                      <td className="px-4 py-3 align-top text-slate-800">{t.category?.name}</td>
                      <td className="px-4 py-3 align-top">
                        <div className="flex flex-wrap items-center gap-1">
                          <StatusBadge status={t.status} formType={t.formType} />
                          {t.status === "Approved" ? <PaidBadge isPaid={t.isPaid} formType={t.formType} /> : null}
                          {isOverdue(t) ? <OverdueBadge /> : null}
                        </div>
                        {showsApprovalProgress(t) ? <ApprovalProgress className="mt-1" received={t.approvalsReceived} required={t.approvalsRequired} /> : null}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 align-top text-slate-700">{formatDate(t.transactionDate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        </ListState>
        {list.data ? <Pagination className="mt-4" page={list.data.page} pageSize={list.data.limit} total={list.data.total} onPageChange={setPage} /> : null}
      </section>

      <TransactionDetailsDialog transactionId={openId} open={openId !== null} onOpenChange={(o) => !o && setOpenId(null)} />
    </div>
  );
}
