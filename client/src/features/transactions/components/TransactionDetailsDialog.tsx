// Transaction Details (spec 000 §2): every field, custom fields with their labels, attachments
// (download opens in a new tab), the approval history of every round, the timeline (DECISIONS §4)
// and the actions. Which actions show is the server's answer, `availableMoves`: this file never
// works out who may do what (the status machine on the server is the one rule).
//   - approve / reject → Approve / Reject (reason optional); 'You approved/rejected this transaction' once acted;
//   - the payment moves → the Payment Tracking panel;
//   - edit / submit / delete (owner's Draft) → Edit, Submit for Approval, Delete Draft;
//   - delete-approval → a delete button per approval, asking why; delete / full-override → Administrator.
import { currentTime } from "@/lib/clock";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { BookOpenCheck, Check, CheckCircle2, Clock, Inbox, Download, FileText, Pencil, Send, ShieldAlert, Trash2, X } from "lucide-react";
import type { TransactionMove } from "@shared/constants";
import type { Approval } from "@shared/schemas/transactions";
import { formatDate, formatDateTime, formatFileSize, formatRelativeTime, formatRupees } from "@shared/format";
import { useCurrentUser } from "@/lib/session";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { IconButton } from "@/components/ui/tooltip";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { CenteredSpinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage, errorStatus } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { cn } from "@/lib/utils";
import { openAttachment, transactionApi, useFinanceMutation, useTransaction, type TransactionDetail } from "../api";
import { AdminOverrideDialog } from "./AdminOverrideDialog";
import { ApprovalProgress, EmergencyBadge, FormTypeBadge, PaidBadge, PreviouslyRejectedBadge, StatusBadge } from "./badges";
import { CustomFieldDetails } from "./CustomFieldDetails";
import { GstBreakup } from "./GstBreakup";
import { TdsBreakup } from "./TdsBreakup";
import { deductsTds, payWords } from "@shared/tds";
import { DuplicateSubmitConfirm, DuplicateWarning } from "./DuplicateWarning";
import { hasPaymentTracking, PaymentTrackingPanel } from "./PaymentTrackingPanel";
import { Timeline } from "./Timeline";
import { alreadyDecided } from "../decided";
import { ApprovalNeedsNote } from "./ApprovalNeeds";
import { paymentWords } from "@shared/payment-words";
import { ActedNotice, ApprovalActions, PHONE_SHEET } from "./ApprovalActions";

export type TransactionDetailsDialogProps = {
  transactionId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * A review queue (Pending Approvals, the Approver's home): the ids still awaiting this user's
   * decision, in the queue's order, and how to open one. On a phone the sheet covers the queue, so
   * after Approve or Reject it moves on to the next one, or says the queue is done.
   */
  queue?: { ids: readonly string[]; open: (id: string) => void };
};

/** The phone layout of PHONE_SHEET (below Tailwind's sm breakpoint). */
const isPhone = () => typeof window !== "undefined" && window.matchMedia("(max-width: 639px)").matches;

/** The id after `decided` in the queue (or the first other one before it), or null when none is left. */
export function nextInQueue(ids: readonly string[], decided: string): string | null {
  const at = ids.indexOf(decided);
  const rest = at < 0 ? ids : [...ids.slice(at + 1), ...ids.slice(0, at)];
  return rest.find((id) => id !== decided) ?? null;
}

/** The current user's action in the transaction's current round, if any. */
export function myActionIn(t: TransactionDetail, userId: string): Approval["action"] | null {
  const mine = (t.approvals ?? []).filter((a) => a.approverId === userId && a.round === t.approvalRound);
  return mine.length ? mine[mine.length - 1].action : null;
}

export function TransactionDetailsDialog({ transactionId, open, onOpenChange, queue }: TransactionDetailsDialogProps) {
  const [queueDone, setQueueDone] = useState(false);
  useEffect(() => setQueueDone(false), [transactionId, open]);
  const query = useTransaction(open && !queueDone ? transactionId : null);
  const t = queueDone ? undefined : query.data;
  // The employee's own claim is called a claim, as on My Claims; others see a transaction.
  const user = useCurrentUser();
  const ownClaim = t?.claimant != null && t.createdBy === user.id;
  const onDecided =
    queue && transactionId
      ? () => {
          if (!isPhone()) return;
          const next = nextInQueue(queue.ids, transactionId);
          if (next) queue.open(next);
          else setQueueDone(true);
        }
      : undefined;
  // The dialog is opened from state, not from a Radix trigger, so Radix has nowhere to return the
  // focus on close and drops it on <body>. Return it to the control that opened the dialog (View
  // Details, a list row), as long as that control is still on the page.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          const el = opener.current;
          opener.current = null;
          if (el?.isConnected) {
            event.preventDefault();
            el.focus();
          }
        }}
        title={queueDone ? "Queue done" : t ? `${ownClaim ? "Claim" : "Transaction"} ${t.humanReadableId}` : "Transaction Details"}
        description={t ? `${t.category?.name ?? "Transaction"} · created ${formatRelativeTime(t.createdAt, currentTime())}` : undefined}
        size="xl"
        className={PHONE_SHEET}
      >
        {queueDone ? (
          <div className="grid justify-items-center gap-3 py-10 text-center">
            <Inbox className="h-10 w-10 text-green-700" aria-hidden="true" />
            <p className="text-lg font-semibold text-slate-900">All Caught Up!</p>
            <p className="text-sm text-slate-600">Nothing else is waiting for your decision.</p>
            <Button onClick={() => onOpenChange(false)}>Back to the list</Button>
          </div>
        ) : null}
        {query.isPending && open && !queueDone ? <CenteredSpinner label="Loading transaction" /> : null}
        {query.isError && !queueDone ? (
          <Alert variant="destructive" title="Could not load this transaction">
            {errorStatus(query.error) === 404 ? "It no longer exists or is outside your view." : errorMessage(query.error, "Please try again.")}
          </Alert>
        ) : null}
        {t ? <DetailsBody t={t} reviewing={Boolean(queue)} onClose={() => onOpenChange(false)} onDecided={onDecided} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

function DetailsBody({ t, reviewing, onClose, onDecided }: { t: TransactionDetail; reviewing: boolean; onClose: () => void; onDecided?: () => void }) {
  const user = useCurrentUser();
  const isOwner = t.createdBy === user.id;
  const myAction = myActionIn(t, user.id);
  const [overrideOpen, setOverrideOpen] = useState(false);
  const moves: readonly TransactionMove[] = t.availableMoves ?? [];
  const may = (move: TransactionMove) => moves.includes(move);
  const approverRole = user.permissions.approvesTransactions;

  // Opened for review (a push, an email, the queue) after someone else decided it.
  const decided = reviewing ? alreadyDecided(t) : null;

  return (
    <div className="grid gap-5">
      {decided ? (
        <Alert variant="info" title={decided}>
          Nothing waits for your decision here.
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-1.5">
          <StatusBadge status={t.status} formType={t.formType} />
          <FormTypeBadge formType={t.formType} />
          {t.isPriority ? <EmergencyBadge /> : null}
          {t.isEmergency ? (
            <Badge variant="destructive">
              <ShieldAlert className="h-3 w-3" aria-hidden="true" />
              Emergency Approval
            </Badge>
          ) : null}
          {t.previouslyRejected ? <PreviouslyRejectedBadge /> : null}
          {t.status === "Approved" ? <PaidBadge isPaid={t.isPaid} formType={t.formType} /> : null}
          {t.exportedIn ? (
            <Badge variant="info">
              <BookOpenCheck className="h-3 w-3" aria-hidden="true" />
              Exported in batch {t.exportedIn.number}
            </Badge>
          ) : null}
        </div>
        <div className="text-right">
          <p className="text-2xl font-semibold tabular-nums text-slate-900">{formatRupees(t.amount)}</p>
          {deductsTds(t.tds) ? <p className="text-sm font-medium text-brand-800">{payWords(t.amount, t.tds, t.isPaid ? "Paid" : "Pay")}</p> : null}
        </div>
      </div>

      <DuplicateWarning duplicates={t.possibleDuplicates} />

      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
        <DetailItem label="Form Type">{t.formType === "R" ? "Form R (Receipt)" : "Form B (Bill)"}</DetailItem>
        <DetailItem label="Category">
          {t.category?.name}
          {t.category?.isBuiltin ? <span className="whitespace-nowrap font-normal text-slate-600"> (Built-in)</span> : null}
        </DetailItem>
        {t.claimant ? (
          // An expense claim pays the employee back (DECISIONS §15).
          <DetailItem label="Reimburse">{t.claimant.name}</DetailItem>
        ) : null}
        {t.party ? (
          <DetailItem label={t.formType === "B" ? "Vendor" : "Payer"}>
            {t.party.name}
            {t.party.gstin ? <span className="block font-mono text-xs font-normal text-slate-600">GSTIN {t.party.gstin}</span> : null}
          </DetailItem>
        ) : null}
        <DetailItem label="Transaction Date">{formatDate(t.transactionDate)}</DetailItem>
        <DetailItem label="Created By">{t.creator?.name ?? "—"}</DetailItem>
        <DetailItem label="Created">{formatDateTime(t.createdAt)}</DetailItem>
        <DetailItem label="Approvals">
          {t.status === "Draft" ? "Not submitted" : <ApprovalProgress received={t.approvalsReceived} required={t.approvalsRequired} className="text-sm" />}
        </DetailItem>
        {t.submittedAt ? <DetailItem label="Submitted">{formatDateTime(t.submittedAt)}</DetailItem> : null}
        {t.approvedAt ? <DetailItem label="Approved">{formatDateTime(t.approvedAt)}</DetailItem> : null}
        {t.status === "Approved" ? (
          <DetailItem label={paymentWords(t.formType).label}>
            {t.isPaid ? (
              <span className="inline-flex items-center gap-1 text-green-800">
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> {paymentWords(t.formType).completed}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-amber-800">
                <Clock className="h-4 w-4" aria-hidden="true" /> {paymentWords(t.formType).pending}
              </span>
            )}
          </DetailItem>
        ) : null}
      </dl>

      <ApprovalNeedsNote t={t} />

      <div>
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Description / Purpose</h3>
        <p className="mt-1 whitespace-pre-wrap text-sm text-slate-900 wrap-anywhere">{t.description}</p>
      </div>

      <CustomFieldDetails values={t.customFieldValues} schema={t.category?.fieldSchema} />

      {t.gst ? <GstBreakup gst={t.gst} id={t.id} /> : null}

      {t.tds ? <TdsBreakup t={{ ...t, tds: t.tds }} /> : null}

      <AttachmentList t={t} canRemove={may("add-attachment")} />

      <ApprovalHistory t={t} canDelete={may("delete-approval")} />

      {hasPaymentTracking(t) ? <PaymentTrackingPanel transaction={t} moves={moves} /> : null}

      {may("approve") || may("reject") ? (
        <ApprovalActions t={t} canApprove={may("approve")} onDone={onDecided} />
      ) : t.status === "Pending" && approverRole && myAction ? (
        <ActedNotice action={myAction} />
      ) : t.approveRefusal ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t.approveRefusal}: another approver must review it.</p>
      ) : null}

      {may("edit") || may("submit") ? <OwnerActions t={t} moves={moves} isOwner={isOwner} onClose={onClose} /> : null}

      <Timeline entries={t.timeline ?? []} formType={t.formType} />

      {may("full-override") || (may("delete") && !isOwner) ? (
        <section aria-labelledby={`admin-${t.id}`} className="rounded-lg border border-red-200 bg-red-50/40 p-4">
          <h3 id={`admin-${t.id}`} className="text-sm font-semibold text-slate-900">
            Administrator
          </h3>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {may("full-override") ? (
              <Button variant="outline" onClick={() => setOverrideOpen(true)}>
                <ShieldAlert className="h-4 w-4" aria-hidden="true" />
                Admin Override
              </Button>
            ) : null}
            {may("delete") ? <DeleteTransaction t={t} onDeleted={onClose} /> : null}
          </div>
          <AdminOverrideDialog transaction={t} open={overrideOpen} onOpenChange={setOverrideOpen} />
        </section>
      ) : null}
    </div>
  );
}

function AttachmentList({ t, canRemove }: { t: TransactionDetail; canRemove: boolean }) {
  const attachments = t.attachments ?? [];
  const remove = useFinanceMutation((id: string) => transactionApi.removeAttachment(id));
  return (
    <section aria-labelledby={`att-${t.id}`}>
      <h3 id={`att-${t.id}`} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        Attachments ({attachments.length})
      </h3>
      {attachments.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No attachments.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {attachments.map((a) => (
            <li key={a.id} className="flex items-center gap-3 px-3 py-2">
              <FileText className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900" title={a.fileName}>
                  {a.fileName}
                </p>
                <p className="text-xs text-slate-600">{formatFileSize(a.fileSizeBytes)}</p>
              </div>
              <IconButton variant="ghost" onClick={() => openAttachment(a.id)} label={`Download ${a.fileName}`}>
                <Download className="h-4 w-4" aria-hidden="true" />
              </IconButton>
              {canRemove ? (
                <IconButton
                  variant="ghost"
                  label={`Remove ${a.fileName}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    runMutation(remove, a.id, {
                      onSuccess: () => toast({ title: "Attachment Removed", description: a.fileName }),
                      onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to remove attachment"), variant: "destructive" }),
                    })
                  }
                >
                  <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
                </IconButton>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ApprovalHistory({ t, canDelete }: { t: TransactionDetail; canDelete: boolean }) {
  const approvals = t.approvals ?? [];
  const rounds = [...new Set(approvals.map((a) => a.round))].sort((a, b) => b - a);
  return (
    <section aria-labelledby={`hist-${t.id}`}>
      <h3 id={`hist-${t.id}`} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        Approval History
      </h3>
      {approvals.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No approvals yet.</p>
      ) : (
        <div className="mt-2 grid gap-3">
          {rounds.map((round) => (
            <div key={round}>
              <p className="mb-1 text-xs font-medium text-slate-700">
                Round {round}
                {round === t.approvalRound ? (
                  <span className="text-slate-500"> (current)</span>
                ) : (
                  <span className="text-slate-500"> (earlier submission, no longer counts)</span>
                )}
              </p>
              <ul className="grid gap-2">
                {approvals
                  .filter((a) => a.round === round)
                  .map((a) => (
                    <ApprovalRow key={a.id} approval={a} canDelete={canDelete} faded={round !== t.approvalRound} />
                  ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

function ApprovalRow({ approval: a, canDelete, faded }: { approval: Approval; canDelete: boolean; faded: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const remove = useFinanceMutation((why: string) => transactionApi.removeApproval(a.id, why));
  // "Anita Desai for Rajesh Sharma" when a delegate used the delegator's authority (DECISIONS §11).
  const who = a.approver
    ? a.onBehalfOf
      ? `${a.approver.name} for ${a.onBehalfOf.name}`
      : a.approver.name
    : a.emergencyApproverCode
      ? `Emergency link (${a.emergencyApproverCode})`
      : "Unknown approver";
  const what = a.action === "approved" ? "approval" : "rejection";
  const onDelete = () => {
    // DECISIONS §4: a correction of the record says why; the reason shows on the timeline.
    if (!reason.trim()) {
      setError("Reason is required");
      return;
    }
    runMutation(remove, reason.trim(), {
      onSuccess: () => toast({ title: "Approval Deleted", description: `The ${what} by ${who} was removed.` }),
      onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to delete approval"), variant: "destructive" }),
    });
  };
  return (
    <li className={cn("flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 p-3", faded && "bg-slate-50")}>
      <span
        className={cn(
          "mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full",
          a.action === "approved" ? "bg-green-100 text-green-800" : "bg-red-100 text-red-700",
        )}
      >
        {a.action === "approved" ? <Check className="h-4 w-4" aria-hidden="true" /> : <X className="h-4 w-4" aria-hidden="true" />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-900">
          <span className="font-medium">{who}</span> {a.action === "approved" ? "approved" : "rejected"}
        </p>
        <p className="text-xs text-slate-600">{formatDateTime(a.actedAt)}</p>
        {a.reasonText ? <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-slate-700">“{a.reasonText}”</p> : null}
      </div>
      {canDelete && !confirming ? (
        <IconButton variant="ghost" label={`Delete approval by ${who}`} onClick={() => setConfirming(true)}>
          <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
        </IconButton>
      ) : null}
      {canDelete && confirming ? (
        <div className="grid w-full gap-2 rounded-md border border-red-200 bg-red-50/50 p-3">
          <Field label={`Why is the ${what} by ${who} deleted?`} required error={error}>
            <Textarea
              rows={2}
              value={reason}
              autoFocus
              maxLength={2000}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              placeholder="e.g. Approved the wrong invoice"
            />
          </Field>
          <p className="text-xs text-slate-600">The count is recomputed; an Approved transaction that falls below its requirement goes back to Pending.</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Keep
            </Button>
            <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={onDelete}>
              {remove.isPending ? "Deleting..." : "Delete approval"}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** Deleting a transaction, from the SuperAdmin's two-step button or the owner's draft: one call, one pair of toasts. */
function useDeleteTransaction(t: TransactionDetail) {
  const mutation = useFinanceMutation(() => transactionApi.remove(t.id));
  const run = (onDeleted: () => void) =>
    runMutation(mutation, undefined, {
      onSuccess: () => {
        toast({ title: "Transaction Deleted", description: `${t.humanReadableId} has been permanently deleted.` });
        onDeleted();
      },
      onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to delete transaction"), variant: "destructive" }),
    });
  return { isPending: mutation.isPending, run };
}

function DeleteTransaction({ t, onDeleted }: { t: TransactionDetail; onDeleted: () => void }) {
  const [step, setStep] = useState<0 | 1>(0);
  const remove = useDeleteTransaction(t);
  if (step === 0) {
    return (
      <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50" onClick={() => setStep(1)}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Delete Transaction
      </Button>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby={`del-${t.id}`} className="w-full rounded-lg border border-red-300 bg-white p-3">
      <p id={`del-${t.id}`} className="text-sm font-medium text-red-800">
        Delete {t.humanReadableId} permanently? Its approvals and attachments are deleted too. This cannot be undone.
      </p>
      <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => setStep(0)} disabled={remove.isPending} autoFocus>
          Cancel
        </Button>
        <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.run(onDeleted)}>
          {remove.isPending ? "Deleting..." : "Yes, delete permanently"}
        </Button>
      </div>
    </div>
  );
}

function OwnerActions({ t, moves, isOwner, onClose }: { t: TransactionDetail; moves: readonly TransactionMove[]; isOwner: boolean; onClose: () => void }) {
  const submit = useFinanceMutation(() => transactionApi.submit(t.id));
  const remove = useDeleteTransaction(t);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmDuplicate, setConfirmDuplicate] = useState(false);
  const doSubmit = () =>
    runMutation(submit, undefined, {
      onSuccess: () => {
        setConfirmDuplicate(false);
        toast({ title: "Transaction Submitted", description: `${t.humanReadableId} has been submitted for approval.` });
      },
      onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to submit transaction"), variant: "destructive" }),
    });
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 sm:flex-row sm:flex-wrap sm:items-center">
      <p className="text-sm text-slate-700 sm:mr-auto">
        {t.status === "Rejected" ? "Fix what the approver asked for, then submit again." : "This draft has not been submitted yet."}
      </p>
      {moves.includes("edit") ? (
        <Link
          href={t.claimant ? `/me/claims/new?edit=${encodeURIComponent(t.id)}` : `/create-transaction?edit=${encodeURIComponent(t.id)}`}
          className={buttonVariants({ variant: "outline" })}
          onClick={onClose}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </Link>
      ) : null}
      {isOwner && moves.includes("delete") ? (
        confirmDelete ? (
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.run(onClose)}>
            Confirm delete draft
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setConfirmDelete(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete Draft
          </Button>
        )
      ) : null}
      {moves.includes("submit") ? (
        <Button disabled={submit.isPending} onClick={() => (t.possibleDuplicates?.length ? setConfirmDuplicate(true) : doSubmit())}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {submit.isPending ? "Submitting..." : "Submit for Approval"}
        </Button>
      ) : null}
      <DuplicateSubmitConfirm
        duplicates={confirmDuplicate ? (t.possibleDuplicates ?? null) : null}
        pending={submit.isPending}
        onCancel={() => setConfirmDuplicate(false)}
        onConfirm={doSubmit}
      />
    </section>
  );
}
