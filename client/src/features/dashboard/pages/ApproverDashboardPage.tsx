// The Approver's home (spec 000 §2): 'Hi' + name, 'Review pending approvals', counters Total
// Pending and Emergency, 'Emergency Approvals' (URGENT) first, then 'Pending Approvals'; each card
// has 'Review & Approve', which opens the details with Approve and Reject.
import { useState } from "react";
import { ClipboardCheck, Siren } from "lucide-react";
import { Link } from "wouter";
import { PATHS } from "@/lib/paths";
import { useCurrentUser } from "@/lib/session";
import { Button } from "@/components/ui/button";
import { StatCard } from "@/components/ui/stat-card";
import {
  ActedNotice,
  EmergencyQueueSection,
  type PendingItem,
  PendingQueueStatus,
  PendingTransactionCard,
  TransactionDetailsDialog,
  usePendingTransactions,
} from "@/features/transactions";

export default function ApproverDashboardPage() {
  const user = useCurrentUser();
  const pending = usePendingTransactions();
  const [openId, setOpenId] = useState<string | null>(null);
  const items = pending.data?.items ?? [];
  const emergency = items.filter((t) => t.isPriority);
  const regular = items.filter((t) => !t.isPriority);
  // The review sheet's queue: what still awaits this user's decision, in the order shown.
  const queue = {
    ids: [...emergency, ...regular].filter((t) => !t.myAction && (t.availableMoves ?? []).includes("approve")).map((t) => t.id),
    open: setOpenId,
  };

  const card = (t: PendingItem) => (
    <li key={t.id}>
      <PendingTransactionCard transaction={t} className="h-full">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {t.myAction ? <ActedNotice action={t.myAction} /> : null}
          <Button className="sm:ml-auto" variant={t.myAction ? "outline" : "default"} onClick={() => setOpenId(t.id)}>
            <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
            Review &amp; Approve
          </Button>
        </div>
      </PendingTransactionCard>
    </li>
  );

  return (
    <div className="grid gap-6">
      <div>
        {/* The page's one heading: the frame shows none above it (page-meta.ts ownHeading). */}
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Hi, {user.name}</h1>
        <p className="mt-1 text-sm text-slate-600">Review pending approvals</p>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:max-w-xl">
        <StatCard title="Total Pending" value={pending.isSuccess ? pending.data.total : "—"} icon={ClipboardCheck} variant="warning" />
        <StatCard title="Emergency" value={pending.isSuccess ? emergency.length : "—"} icon={Siren} variant={emergency.length ? "error" : "default"} />
      </div>

      <PendingQueueStatus query={pending} count={pending.data?.total ?? 0} />

      {emergency.length ? (
        <EmergencyQueueSection id="approver-emergency" title="Emergency Approvals" listClassName="lg:grid-cols-2">
          {emergency.map(card)}
        </EmergencyQueueSection>
      ) : null}

      {regular.length ? (
        <section aria-labelledby="approver-pending">
          <h2 id="approver-pending" className="mb-3 text-base font-semibold text-slate-900">
            Pending Approvals
          </h2>
          <ul className="grid gap-3 lg:grid-cols-2">{regular.map(card)}</ul>
        </section>
      ) : null}

      {pending.data && pending.data.total > items.length ? (
        <p className="text-center text-sm text-slate-600">
          The {items.length} first of {pending.data.total} are shown here:{" "}
          <Link href={PATHS.pendingApprovals} className="font-medium text-brand-700 underline underline-offset-2">
            see them all in Pending Approvals
          </Link>
          .
        </p>
      ) : null}

      <TransactionDetailsDialog transactionId={openId} open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} queue={queue} />
    </div>
  );
}
