// The small badges every transaction view shares (spec 000 §2): status, Form R/B, Emergency,
// Previously Rejected, Paid/Unpaid and approvals received/required.
import { AlertTriangle, RotateCcw, Users } from "lucide-react";
import { STATUS_LABELS, type FormType, type TransactionStatus } from "@shared/constants";
import type { Transaction } from "@shared/schemas/transactions";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { paymentWords, statusLabelFor } from "@shared/payment-words";

const STATUS_STYLE: Record<TransactionStatus, { variant: BadgeVariant; className?: string }> = {
  Draft: { variant: "outline", className: "border-dashed text-slate-600" },
  Pending: { variant: "warning" },
  Approved: { variant: "success" },
  Rejected: { variant: "destructive" },
  PaymentDue: { variant: "purple" },
  Paid: { variant: "info" },
  Completed: { variant: "secondary", className: "bg-slate-800 text-white" },
};

/** The words of a status, as both sides write them (shared/constants STATUS_LABELS). */
export function statusLabel(status: TransactionStatus): string {
  return STATUS_LABELS[status] ?? status;
}

/** The status in its form type's words: a receipt's Paid is "Received" (DECISIONS §16). */
export function StatusBadge({ status, formType, className }: { status: TransactionStatus; formType: FormType | string; className?: string }) {
  const style = STATUS_STYLE[status] ?? { variant: "secondary" as const };
  return (
    <Badge variant={style.variant} className={cn(style.className, className)}>
      {statusLabelFor(status, formType)}
    </Badge>
  );
}

export function FormTypeBadge({ formType }: { formType: FormType }) {
  return (
    <Badge variant="outline" className="font-semibold" title={formType === "R" ? "Receipt" : "Bill"}>
      Form {formType}
    </Badge>
  );
}

export function EmergencyBadge() {
  return (
    <Badge variant="destructive" className="font-semibold">
      <AlertTriangle className="h-3 w-3" aria-hidden="true" />
      Emergency
    </Badge>
  );
}

export function UrgentBadge() {
  return (
    <Badge variant="default" className="bg-red-700 font-bold tracking-wide">
      URGENT
    </Badge>
  );
}

export function PreviouslyRejectedBadge() {
  return (
    <Badge variant="warning">
      <RotateCcw className="h-3 w-3" aria-hidden="true" />
      Previously Rejected
    </Badge>
  );
}

/** Payment Due and past its due date (spec 000 §4): shown wherever payment stages are listed. */
export function OverdueBadge({ className }: { className?: string }) {
  return (
    <Badge variant="destructive" className={className}>
      <AlertTriangle className="h-3 w-3" aria-hidden="true" />
      Overdue
    </Badge>
  );
}

/** Paid or Unpaid; on a receipt (Form R), Received or Not received. */
export function PaidBadge({ isPaid, formType }: { isPaid: boolean; formType: FormType | string }) {
  const words = paymentWords(formType);
  return isPaid ? <Badge variant="success">{words.paid}</Badge> : <Badge variant="secondary">{words.unpaid}</Badge>;
}

/** 'Approvals 1/2' for a Pending transaction that needs more than one approval. */
export function ApprovalProgress({ received, required, className }: { received: number; required: number; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 whitespace-nowrap text-xs font-medium text-slate-700", className)}>
      <Users className="h-3.5 w-3.5 text-slate-500" aria-hidden="true" />
      <span aria-hidden="true">
        {received}/{required} approvals
      </span>
      <span className="sr-only">
        {received} of {required} approvals received
      </span>
    </span>
  );
}

/** Whether a row shows received/required: Pending and more than one approval required (spec 000 §2). */
export function showsApprovalProgress(t: Pick<Transaction, "status" | "approvalsRequired">): boolean {
  return t.status === "Pending" && t.approvalsRequired > 1;
}

/** The badges after a transaction's id: Form, Emergency, Previously Rejected. */
export function TransactionFlags({
  transaction,
  className,
}: {
  transaction: Pick<Transaction, "formType" | "isPriority" | "previouslyRejected">;
  className?: string;
}) {
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-1.5", className)}>
      <FormTypeBadge formType={transaction.formType} />
      {transaction.isPriority ? <EmergencyBadge /> : null}
      {transaction.previouslyRejected ? <PreviouslyRejectedBadge /> : null}
    </span>
  );
}
