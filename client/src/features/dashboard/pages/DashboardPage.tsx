// The general dashboard (spec 000 §2, Accountant and SuperAdmin): 'Welcome back' + name, stat cards
// (SuperAdmin also sees amounts, This Month and Unpaid Approved), Recent Transactions (first 5;
// for Accountants only Pending ones or Approved ones created today, without creator names), and
// for Accountants the create links. Stats refresh every 30 s, also in the background.
import { useState } from "react";
import { Link } from "wouter";
import { ArrowRight, CalendarDays, CheckCircle2, Clock, Plus, Wallet } from "lucide-react";
import { LIMITS } from "@shared/constants";
import { formatRupees } from "@shared/format";
import { useCurrentUser } from "@/lib/session";
import { Alert } from "@/components/ui/alert";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { StatCard } from "@/components/ui/stat-card";
import { errorMessage } from "@/lib/api";
import { accountantRecent, ListSkeleton, TransactionCard, TransactionDetailsDialog, useDashboardStats, useTransactionList } from "@/features/transactions";

export default function DashboardPage() {
  const user = useCurrentUser();
  const seesAmounts = user.permissions.seesDashboardAmounts;
  const isAccountant = user.role === "Accountant";
  const stats = useDashboardStats();
  // Accountants filter on the client, so they read a fuller first page.
  const list = useTransactionList({ page: 1, limit: isAccountant ? 50 : LIMITS.recentTransactions });
  const [openId, setOpenId] = useState<string | null>(null);

  const rows = list.data?.transactions ?? [];
  const recent = (isAccountant ? accountantRecent(rows) : rows).slice(0, LIMITS.recentTransactions);
  const s = stats.data;
  const dash = "—";

  return (
    <div className="grid gap-6 pb-20 lg:pb-0">
      <div>
        <h2 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome back, {user.name}</h2>
        <p className="mt-1 text-sm text-slate-600">Here's an overview of your transactions</p>
      </div>

      {stats.isError ? (
        <Alert variant="destructive" title="Could not load statistics">
          {errorMessage(stats.error, "Please try again.")}
        </Alert>
      ) : null}

      <div className={seesAmounts ? "grid gap-4 sm:grid-cols-2 2xl:grid-cols-4" : "grid gap-4 sm:grid-cols-2"}>
        <StatCard
          title="Pending Transactions"
          value={s ? s.pendingTransactions : dash}
          subtitle={s ? `${s.urgentTransactions} urgent` : undefined}
          icon={Clock}
          variant="warning"
        />
        <StatCard
          title="Approved Today"
          value={s ? (seesAmounts ? formatRupees(s.todayApprovedAmount) : s.todayApprovedCount) : dash}
          subtitle={s ? (seesAmounts ? `${s.todayApprovedCount} transactions` : "transactions processed") : undefined}
          icon={CheckCircle2}
          variant="success"
        />
        {seesAmounts ? (
          <>
            <StatCard
              title="This Month"
              value={s ? formatRupees(s.thisMonthAmount) : dash}
              subtitle={s ? `${s.thisMonthCount} transactions` : undefined}
              icon={CalendarDays}
              trend={{ value: "+12% from last month" }}
            />
            <StatCard
              title="Unpaid Approved"
              value={s ? formatRupees(s.unpaidApprovedAmount) : dash}
              subtitle={s ? `${s.unpaidApprovedCount} awaiting payment` : undefined}
              icon={Wallet}
              variant="error"
            />
          </>
        ) : null}
      </div>

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-3 space-y-0 pb-4">
          <CardTitle>Recent Transactions</CardTitle>
          <Link href="/transactions" className={buttonVariants({ variant: "ghost", size: "sm", className: "h-10" })}>
            View All
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </CardHeader>
        <div className="px-4 pb-4 sm:px-6 sm:pb-6">
          {list.isPending ? <ListSkeleton rows={3} /> : null}
          {list.isError ? (
            <Alert variant="destructive" title="Could not load transactions">
              {errorMessage(list.error, "Please try again.")}
            </Alert>
          ) : null}
          {list.isSuccess && recent.length === 0 ? (
            <EmptyState
              title="No transactions found."
              action={
                isAccountant ? (
                  <Link href="/create-transaction" className={buttonVariants()}>
                    <Plus className="h-4 w-4" aria-hidden="true" />
                    Create Your First Transaction
                  </Link>
                ) : null
              }
            />
          ) : null}
          {recent.length ? (
            <ul className="grid gap-3">
              {recent.map((t) => (
                <li key={t.id}>
                  <TransactionCard transaction={t} showCreator={!isAccountant} onOpen={(row) => setOpenId(row.id)} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Card>

      {isAccountant ? (
        <Link
          href="/create-transaction"
          aria-label="Create Transaction"
          title="Create Transaction"
          className="fixed bottom-6 right-6 z-30 hidden h-14 w-14 sm:flex items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
        >
          <Plus className="h-6 w-6" aria-hidden="true" />
        </Link>
      ) : null}

      <TransactionDetailsDialog transactionId={openId} open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} />
    </div>
  );
}
