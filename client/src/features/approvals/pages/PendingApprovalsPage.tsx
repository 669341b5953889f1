// Pending Approvals (/pending-approvals, spec 000 §2): counts, Emergency Transactions first
// (URGENT, highlighted), then Regular Approvals; per card View Details, Reject (optional reason,
// Cancel / Confirm Reject) and Approve, or what the user already did. Several can be approved at
// once: tick them, 'Approve selected (n)', confirm the count and the total (DECISIONS §16: the
// confirmation lists what is left out and why, from the server's approveRefusal), and each result
// is reported in a dialog. The list is kept from the socket's pending feed (a submission appears
// without a fetch), and polled every 15 s, also in the background, only while the socket does not
// follow it.
import { useEffect, useMemo, useState } from "react";
import { CheckCheck, CheckCircle2, Eye, Inbox, XCircle } from "lucide-react";
import type { TransactionStatus } from "@shared/constants";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { cn } from "@/lib/utils";
import {
  ActedNotice,
  ApprovalActions,
  type BulkApproveResult,
  EmergencyQueueSection,
  type PendingItem,
  PendingQueueStatus,
  PendingTransactionCard,
  PHONE_SHEET,
  statusLabel,
  transactionApi,
  TransactionDetailsDialog,
  useFinanceMutation,
  usePendingTransactions,
} from "@/features/transactions";
import { REVIEW_PARAM } from "@shared/deep-links";
import { useLinkedTransaction } from "@/lib/linked-transaction";
import { Pagination } from "@/components/ui/pagination";
import { BulkApproveConfirm, leftOutSummary } from "../components/BulkApproveConfirm";

export default function PendingApprovalsPage() {
  const [page, setPage] = useState(1);
  const pending = usePendingTransactions(page);
  // A push or an email opens the review sheet of its transaction (DECISIONS §14).
  const [openId, setOpenId] = useLinkedTransaction(REVIEW_PARAM);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<BulkApproveResult[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const bulk = useFinanceMutation((ids: string[]) => transactionApi.bulkApprove(ids));

  const items = useMemo(() => pending.data?.items ?? [], [pending.data]);
  const emergency = useMemo(() => items.filter((t) => t.isPriority), [items]);
  const regular = useMemo(() => items.filter((t) => !t.isPriority), [items]);
  // What this approver may approve now is the server's answer for each row (availableMoves).
  const actionable = useMemo(() => items.filter((t) => (t.availableMoves ?? []).includes("approve")), [items]);
  // What Select all leaves out: the rows still awaiting this user that the server says they cannot approve, with its reason.
  const leftOut = useMemo(() => items.filter((t) => !t.myAction && t.approveRefusal), [items]);
  const chosen = useMemo(() => actionable.filter((t) => selected.has(t.id)), [actionable, selected]);
  // The review sheet's queue: what still awaits this user's decision, in the order shown.
  const queue = useMemo(
    () => ({ ids: [...emergency, ...regular].filter((t) => !t.myAction && (t.availableMoves ?? []).includes("approve")).map((t) => t.id), open: setOpenId }),
    [emergency, regular, setOpenId],
  );

  // A later page emptied by approvals meanwhile: step back to one that has rows.
  useEffect(() => {
    if (pending.data && pending.data.items.length === 0 && page > 1) setPage((p) => Math.max(1, p - 1));
  }, [pending.data, page]);

  // Forget selections that are no longer actionable (approved meanwhile, list refreshed).
  useEffect(() => {
    setSelected((current) => {
      const ids = new Set(actionable.map((t) => t.id));
      const next = new Set([...current].filter((id) => ids.has(id)));
      return next.size === current.size ? current : next;
    });
  }, [actionable]);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = actionable.length > 0 && actionable.every((t) => selected.has(t.id));

  const approveSelected = () => {
    const ids = chosen.map((t) => t.id);
    if (!ids.length) return;
    runMutation(bulk, ids, {
      onSuccess: (answer) => {
        const names = new Map(items.map((t) => [t.id, t.humanReadableId]));
        setConfirming(false);
        setResults((answer?.results ?? []).map((r) => ({ ...r, humanReadableId: r.humanReadableId ?? names.get(r.id) ?? r.id })));
        setSelected(new Set());
      },
      onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to approve transaction"), variant: "destructive" }),
    });
  };

  const renderCard = (t: PendingItem) => {
    const moves = t.availableMoves ?? [];
    // A tick box only while there is a bulk bar to act on it (two or more to approve).
    const canSelect = moves.includes("approve") && actionable.length > 1;
    return (
      <li key={t.id}>
        <PendingTransactionCard
          transaction={t}
          alwaysShowApprovals
          leading={
            canSelect ? (
              <input
                type="checkbox"
                checked={selected.has(t.id)}
                onChange={(e) => toggle(t.id, e.target.checked)}
                aria-label={`Select ${t.humanReadableId} for bulk approval`}
                className="h-6 w-6 shrink-0 cursor-pointer rounded accent-brand-600"
              />
            ) : null
          }
        >
          {t.myAction ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <ActedNotice action={t.myAction} />
              <Button variant="outline" className="sm:ml-auto" onClick={() => setOpenId(t.id)}>
                <Eye className="h-4 w-4" aria-hidden="true" />
                View Details
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <Button variant="outline" onClick={() => setOpenId(t.id)}>
                <Eye className="h-4 w-4" aria-hidden="true" />
                View Details
              </Button>
              {moves.includes("approve") || moves.includes("reject") ? (
                <ApprovalActions t={t} canApprove={moves.includes("approve")} className="sm:ml-auto sm:min-w-[18rem]" />
              ) : t.approveRefusal ? (
                <p className="text-sm text-slate-600 sm:ml-auto sm:self-center">{t.approveRefusal}: another approver must review it.</p>
              ) : null}
            </div>
          )}
        </PendingTransactionCard>
      </li>
    );
  };

  return (
    <div className={cn("grid gap-6 sm:pb-0", leftOut.length && selected.size ? "pb-36" : "pb-24")}>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <CountTile label="Emergency" value={emergency.length} tone="red" />
        <CountTile label="Total Pending" value={pending.data?.total ?? 0} tone="brand" />
      </div>

      <PendingQueueStatus query={pending} count={pending.data?.total ?? 0} />

      {actionable.length > 1 ? (
        <div
          role="toolbar"
          aria-label="Bulk approval"
          className={cn(
            "fixed inset-x-0 bottom-0 z-20 grid gap-2 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)]",
            "sm:static sm:rounded-xl sm:border sm:shadow-sm",
          )}
        >
          <div className="flex items-center gap-3">
            <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={(e) => setSelected(e.target.checked ? new Set(actionable.map((t) => t.id)) : new Set())}
                className="h-5 w-5 rounded accent-brand-600"
              />
              Select all
            </label>
            <span className="hidden text-sm text-slate-600 sm:inline">
              {selected.size ? `${selected.size} selected` : "Tick transactions to approve them together"}
            </span>
            <Button className="ml-auto bg-green-700 hover:bg-green-800" disabled={chosen.length === 0 || bulk.isPending} onClick={() => setConfirming(true)}>
              <CheckCheck className="h-4 w-4" aria-hidden="true" />
              {bulk.isPending ? "Approving..." : `Approve selected (${chosen.length})`}
            </Button>
          </div>
          {leftOut.length && (selected.size || allSelected) ? (
            <p className="text-xs text-amber-900 sm:text-sm" role="status" data-left-out>
              {leftOutSummary(leftOut)}
            </p>
          ) : null}
        </div>
      ) : null}

      {emergency.length ? (
        <EmergencyQueueSection id="emergency-heading" title="Emergency Transactions" count={emergency.length}>
          {emergency.map(renderCard)}
        </EmergencyQueueSection>
      ) : null}

      {regular.length ? (
        <section aria-labelledby="regular-heading">
          <div className="mb-3 flex items-center gap-2">
            <Inbox className="h-5 w-5 text-slate-500" aria-hidden="true" />
            <h2 id="regular-heading" className="text-base font-semibold text-slate-900">
              Regular Approvals
            </h2>
            <span className="ml-auto text-sm font-medium text-slate-600">{regular.length}</span>
          </div>
          <ul className="grid gap-3">{regular.map(renderCard)}</ul>
        </section>
      ) : null}

      {pending.data ? <Pagination page={pending.data.page} pageSize={pending.data.limit} total={pending.data.total} onPageChange={setPage} /> : null}

      <TransactionDetailsDialog transactionId={openId} open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} queue={queue} />
      <BulkApproveConfirm
        chosen={chosen}
        leftOut={leftOut}
        open={confirming}
        pending={bulk.isPending}
        onOpenChange={setConfirming}
        onConfirm={approveSelected}
      />
      <BulkResultsDialog results={results} onClose={() => setResults(null)} />
    </div>
  );
}

function CountTile({ label, value, tone }: { label: string; value: number; tone: "red" | "brand" }) {
  return (
    <Card className={cn("p-4", tone === "red" && value > 0 && "border-red-200 bg-red-50")}>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={cn("mt-1 text-2xl font-semibold tabular-nums", tone === "red" && value > 0 ? "text-red-700" : "text-slate-900")}>{value}</p>
    </Card>
  );
}

function BulkResultsDialog({ results, onClose }: { results: BulkApproveResult[] | null; onClose: () => void }) {
  const ok = results?.filter((r) => r.ok).length ?? 0;
  const failed = (results?.length ?? 0) - ok;
  return (
    <Dialog open={results !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Bulk Approval Results"
        description={`${ok} approved${failed ? `, ${failed} not approved` : ""}.`}
        className={PHONE_SHEET}
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <ol className="grid gap-2" aria-label="Results">
          {(results ?? []).map((r) => (
            <li key={r.id} className={cn("flex items-start gap-3 rounded-lg border p-3", r.ok ? "border-green-200 bg-green-50" : "border-red-200 bg-red-50")}>
              {r.ok ? (
                <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
              ) : (
                <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-900">
                  <span className="font-mono">{r.humanReadableId}</span>
                </p>
                <p className="text-sm text-slate-700">
                  {r.ok
                    ? r.status === "Approved"
                      ? "Approved"
                      : `Your approval was counted; still ${r.status ? statusLabel(r.status as TransactionStatus) : "pending"} (more approvals needed)`
                    : "Not approved"}
                </p>
                {r.message ? <p className="text-sm text-slate-700">{r.message}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
