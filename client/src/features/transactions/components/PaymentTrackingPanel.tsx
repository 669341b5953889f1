// The Payment Tracking panel of a transaction (spec 000 §2, §4): status badge, timeline notes,
// the actions this user may take now, and the Process Payment and Mark Payment Due forms. Which
// actions show is the server's answer (`availableMoves`, DECISIONS §4), never worked out here:
//   mark-payment-due → Mark Payment Due      process-payment → Process Payment ('(Overdue)' when late)
//   complete → Complete Transaction          cancel-payment → Cancel Payment
// On a receipt every word is a receipt's (shared/payment-words.ts: Record Receipt, Mark Receipt Due,
// Receipt Method…). Complete and Cancel are hard to undo, so each asks first and says what will change.
import { currentTime } from "@/lib/clock";
import { useState, type FormEvent, type ReactNode } from "react";
import { CalendarClock, CheckCircle2, CircleDollarSign, Undo2 } from "lucide-react";
import { PAYMENT_METHODS, type PaymentMethod, type TransactionMove } from "@shared/constants";
import type { Transaction } from "@shared/schemas/transactions";
import { formatDate, formatDateTime, formatRupees, toIsoDate } from "@shared/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { transactionApi, useFinanceMutation, type ProcessPaymentInput } from "../api";
import { isOverdue } from "../rules";
import { paymentWords, statusLabelFor, type PaymentWords } from "@shared/payment-words";
import { deductsTds, payWords } from "@shared/tds";

export { hasPaymentTracking } from "../rules";

function PaymentStatusBadge({ t, words }: { t: Transaction; words: PaymentWords }) {
  if (t.status === "Completed")
    return (
      <Badge variant="secondary" className="bg-slate-800 text-white">
        Completed
      </Badge>
    );
  if (t.status === "Paid" || t.isPaid) return <Badge variant="success">{words.paid}</Badge>;
  if (t.status === "PaymentDue") return isOverdue(t) ? <Badge variant="destructive">{words.due} (Overdue)</Badge> : <Badge variant="purple">{words.due}</Badge>;
  return <Badge variant="warning">{words.unpaid}</Badge>;
}

type Mode = "none" | "process" | "due" | "confirm-complete" | "confirm-cancel";

type OutcomeToasts = { title: string; description: string; failedTitle: string; fallback: string };

/** What each payment move says: its success toast, and its failure toast's title with the reason to fall back on. */
const OUTCOME_TOASTS = {
  process: {
    title: "Payment Processed",
    description: "Transaction has been marked as paid",
    failedTitle: "Payment Processing Failed",
    fallback: "Failed to process payment",
  },
  markDue: {
    title: "Payment Due Set",
    description: "Transaction marked as payment due",
    failedTitle: "Failed to Set Payment Due",
    fallback: "Failed to mark payment due",
  },
  cancel: {
    title: "Payment Canceled",
    description: "Payment has been canceled and can be reprocessed",
    failedTitle: "Failed to Cancel Payment",
    fallback: "Failed to cancel payment",
  },
  complete: {
    title: "Transaction Completed",
    description: "Transaction workflow has been completed",
    failedTitle: "Failed to Complete Transaction",
    fallback: "Failed to complete transaction",
  },
} satisfies Record<string, OutcomeToasts>;

/** Mutation callbacks that report a payment move: the success toast, or the server's reason under the failure title. */
function reportOutcome({ title, description, failedTitle, fallback }: OutcomeToasts, afterSuccess?: () => void) {
  return {
    onSuccess: () => {
      afterSuccess?.();
      toast({ title, description });
    },
    onError: (err: unknown) => toast({ title: failedTitle, description: errorMessage(err, fallback), variant: "destructive" }),
  };
}

export function PaymentTrackingPanel({ transaction: t, moves }: { transaction: Transaction; moves: readonly TransactionMove[] }) {
  const [mode, setMode] = useState<Mode>("none");
  const words = paymentWords(t.formType);
  const toasts = {
    ...OUTCOME_TOASTS,
    process: { ...OUTCOME_TOASTS.process, ...words.processed },
    cancel: { ...OUTCOME_TOASTS.cancel, ...words.cancelled },
    markDue: { ...OUTCOME_TOASTS.markDue, ...words.dueSet },
  };
  const today = toIsoDate(currentTime());

  const process = useFinanceMutation((body: ProcessPaymentInput) => transactionApi.processPayment(t.id, body));
  const markDue = useFinanceMutation((dueDate: string | null) => transactionApi.markPaymentDue(t.id, dueDate));
  const cancel = useFinanceMutation(() => transactionApi.cancelPayment(t.id));
  const complete = useFinanceMutation(() => transactionApi.complete(t.id));

  const paid = t.status === "Paid" || (t.status === "Approved" && t.isPaid);
  const canProcess = moves.includes("process-payment");
  const canMarkDue = moves.includes("mark-payment-due");
  const canComplete = moves.includes("complete");
  const canCancel = moves.includes("cancel-payment");
  const overdue = isOverdue(t, today);
  const busy = process.isPending || markDue.isPending || cancel.isPending || complete.isPending;

  const notes: { icon: typeof CheckCircle2; text: string }[] = [];
  if (t.approvedAt) notes.push({ icon: CheckCircle2, text: `Approved on ${formatDateTime(t.approvedAt)}` });
  if (t.paymentDueDate) notes.push({ icon: CalendarClock, text: `${words.dueOn} ${formatDate(t.paymentDueDate)}${overdue ? " (Overdue)" : ""}` });
  else if (t.status === "PaymentDue") notes.push({ icon: CalendarClock, text: words.markedDue });
  if (paid || t.status === "Completed") {
    const parts = [`${words.paid}${t.paidDate ? ` on ${formatDate(t.paidDate)}` : ""}`];
    if (t.paymentMethod) parts.push(`via ${t.paymentMethod}`);
    notes.push({ icon: CircleDollarSign, text: parts.join(" ") + (t.paymentReference ? ` · Ref ${t.paymentReference}` : "") });
    if (t.paymentNotes) notes.push({ icon: CircleDollarSign, text: `Notes: ${t.paymentNotes}` });
  }
  if (t.completedAt) notes.push({ icon: CheckCircle2, text: `Completed on ${formatDateTime(t.completedAt)}` });
  if (notes.length === 0 && t.status === "Approved") notes.push({ icon: CalendarClock, text: words.awaiting });

  const closeForm = () => setMode("none");
  const onCancel = () => runMutation(cancel, undefined, reportOutcome(toasts.cancel, closeForm));
  const onComplete = () => runMutation(complete, undefined, reportOutcome(OUTCOME_TOASTS.complete, closeForm));
  // Cancelling goes back to Payment Due when a due date is set, else to Approved (DECISIONS §4).
  const afterCancel = statusLabelFor(t.paymentDueDate ? "PaymentDue" : "Approved", t.formType);

  return (
    <section aria-labelledby={`payment-${t.id}`} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`payment-${t.id}`} className="text-sm font-semibold text-slate-900">
          {words.tracking}
        </h3>
        <PaymentStatusBadge t={t} words={words} />
      </div>
      {t.claimant ? (
        // An expense claim's payee is the employee (DECISIONS §15).
        <p className="mt-2 text-sm font-medium text-slate-900 wrap-anywhere" data-testid="reimburse-words">
          {paid || t.status === "Completed" ? "Reimbursed" : "Reimburse"} {t.claimant.name} · {formatRupees(t.amount)}
        </p>
      ) : null}
      {deductsTds(t.tds) ? (
        <p className="mt-2 text-sm font-medium text-slate-900" data-testid="pay-words">
          {payWords(t.amount, t.tds, paid || t.status === "Completed" ? "Paid" : "Pay")}
        </p>
      ) : null}
      {notes.length ? (
        <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4">
          {notes.map((note, i) => (
            <li key={i} className="relative text-sm text-slate-700">
              <span className="absolute -left-[1.4rem] top-0.5 flex h-4 w-4 items-center justify-center rounded-full bg-white">
                <note.icon className="h-3.5 w-3.5 text-slate-500" aria-hidden="true" />
              </span>
              {note.text}
            </li>
          ))}
        </ol>
      ) : null}

      {canProcess || canMarkDue || canComplete || canCancel ? (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {canProcess ? (
            <Button
              onClick={() => setMode(mode === "process" ? "none" : "process")}
              aria-expanded={mode === "process"}
              disabled={busy}
              variant={overdue ? "destructive" : "default"}
            >
              <CircleDollarSign className="h-4 w-4" aria-hidden="true" />
              {words.process}
              {overdue ? " (Overdue)" : ""}
            </Button>
          ) : null}
          {canMarkDue ? (
            <Button variant="outline" onClick={() => setMode(mode === "due" ? "none" : "due")} aria-expanded={mode === "due"} disabled={busy}>
              <CalendarClock className="h-4 w-4" aria-hidden="true" />
              {words.markDue}
            </Button>
          ) : null}
          {canComplete ? (
            <Button onClick={() => setMode("confirm-complete")} disabled={busy}>
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              Complete Transaction
            </Button>
          ) : null}
          {canCancel ? (
            <Button variant="outline" onClick={() => setMode("confirm-cancel")} disabled={busy}>
              <Undo2 className="h-4 w-4" aria-hidden="true" />
              {words.cancel}
            </Button>
          ) : null}
        </div>
      ) : null}

      <ConfirmDialog
        open={mode === "confirm-complete"}
        onOpenChange={(open) => !open && closeForm()}
        title={`Complete ${t.humanReadableId}?`}
        description={`The transaction becomes Completed and its ${words.label.toLowerCase()} record is closed. ${words.label} actions are no longer offered afterwards.`}
        confirmLabel="Complete Transaction"
        pending={complete.isPending}
        onConfirm={onComplete}
      />
      <ConfirmDialog
        open={mode === "confirm-cancel"}
        onOpenChange={(open) => !open && closeForm()}
        title={`Cancel the ${words.label.toLowerCase()} of ${t.humanReadableId}?`}
        description={`It goes back to ${afterCancel}, and ${words.cancelClears}.`}
        confirmLabel={words.cancel}
        cancelLabel={words.keep}
        destructive
        pending={cancel.isPending}
        onConfirm={onCancel}
      />

      {mode === "process" && canProcess ? (
        <ProcessPaymentForm
          pay={t.claimant ? `Reimburse ${t.claimant.name} ${formatRupees(t.amount)}` : t.formType === "B" ? payWords(t.amount, t.tds) : undefined}
          words={words}
          today={today}
          pending={process.isPending}
          onCancel={closeForm}
          onSubmit={(body) => runMutation(process, body, reportOutcome(toasts.process, closeForm))}
        />
      ) : null}
      {mode === "due" && canMarkDue ? (
        <PaymentDueForm
          words={words}
          today={today}
          pending={markDue.isPending}
          onCancel={closeForm}
          onSubmit={(dueDate) => runMutation(markDue, dueDate, reportOutcome(toasts.markDue, closeForm))}
        />
      ) : null}
    </section>
  );
}

function ProcessPaymentForm({
  pay,
  words,
  today,
  pending,
  onSubmit,
  onCancel,
}: {
  /** A bill's "Pay ₹54,000.00 (TDS ₹5,000.00 deducted under 194J)": what this payment is. */
  pay?: string;
  words: PaymentWords;
  today: string;
  pending: boolean;
  onSubmit: (body: ProcessPaymentInput) => void;
  onCancel: () => void;
}) {
  const [method, setMethod] = useState("");
  const [reference, setReference] = useState("");
  const [paidDate, setPaidDate] = useState(today);
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!(PAYMENT_METHODS as readonly string[]).includes(method)) {
      setError(words.methodRequired);
      return;
    }
    onSubmit({
      paymentMethod: method as PaymentMethod,
      paymentReference: reference.trim() || null,
      paymentNotes: notes.trim() || null,
      paidDate: paidDate || null,
    });
  };

  return (
    <PaymentForm
      title={words.process}
      onSubmit={submit}
      onCancel={onCancel}
      pending={pending}
      submitLabel={words.confirm}
      pendingLabel={words.processing}
      noValidate
    >
      {pay ? <p className="rounded-md bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900">{pay}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={words.fields.paymentMethod} required error={error}>
          <Select
            value={method}
            onChange={(e) => {
              setMethod(e.target.value);
              setError(undefined);
            }}
            placeholder={words.methodPlaceholder}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
          />
        </Field>
        <Field label={words.fields.paidDate}>
          <Input type="date" value={paidDate} onChange={(e) => setPaidDate(e.target.value)} />
        </Field>
      </div>
      <Field label={words.fields.paymentReference} hint="Cheque number, UTR or transaction id">
        <Input value={reference} onChange={(e) => setReference(e.target.value)} maxLength={200} autoComplete="off" />
      </Field>
      <Field label={words.fields.paymentNotes}>
        <Textarea rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
      </Field>
    </PaymentForm>
  );
}

function PaymentDueForm({
  words,
  today,
  pending,
  onSubmit,
  onCancel,
}: {
  words: PaymentWords;
  today: string;
  pending: boolean;
  onSubmit: (dueDate: string | null) => void;
  onCancel: () => void;
}) {
  const [dueDate, setDueDate] = useState("");
  return (
    <PaymentForm
      title={words.setDueDate}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(dueDate || null);
      }}
      onCancel={onCancel}
      pending={pending}
      submitLabel={words.markDue}
      pendingLabel="Saving..."
    >
      <Field label="Due Date" hint="Optional. Leave empty to mark as due without a date.">
        <Input type="date" min={today} value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
      </Field>
    </PaymentForm>
  );
}

/** The frame of both payment forms: titled, its fields, then Cancel and the submit button. */
function PaymentForm({
  title,
  onSubmit,
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  noValidate,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  noValidate?: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="mt-4 grid gap-3 rounded-lg bg-slate-50 p-4" aria-label={title} noValidate={noValidate}>
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
