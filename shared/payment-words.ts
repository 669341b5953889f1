// What the payment stages are called, by form type (DECISIONS §16): a Form B (bill) is money paid
// out, a Form R (receipt) is money received, so a receipt's screens, timeline, notifications and
// forms say "Received", "Receipt date", "Record Receipt", "Mark Receipt Due", never "Paid" or
// "Payment". The moves, statuses and fields of the API are the same for both (DECISIONS §4); only
// the words differ, and every screen and the server's own sentences take them from here.
import { STATUS_LABELS, type FormType, type TimelineKind, type TransactionStatus } from "./constants";

export type PaymentWords = {
  /** The badge of a settled transaction, and the note's verb ("Paid on 3 Dec"); the status Paid's label. */
  paid: string;
  /** The badge of an Approved transaction not settled yet. */
  unpaid: string;
  /** The details' Payment line, before and after. */
  pending: string;
  completed: string;
  /** The details' row label, the panel's heading and its note while nothing happened yet. */
  label: string;
  tracking: string;
  awaiting: string;
  /** The process-payment move: its button, the form's title and submit, its toast. */
  process: string;
  confirm: string;
  processing: string;
  processed: { title: string; description: string };
  /** The cancel-payment move. */
  cancel: string;
  keep: string;
  cancelled: { title: string; description: string };
  /** What cancelling clears, after "It goes back to Approved, and …". */
  cancelClears: string;
  /** The status PaymentDue's label, the mark-payment-due move's button, form title and toast, the note. */
  due: string;
  markDue: string;
  setDueDate: string;
  dueSet: { title: string; description: string };
  /** "Payment due" / "Receipt due", before a date. */
  dueOn: string;
  markedDue: string;
  /** The payment fields, as forms, the details and the timeline name them. */
  fields: { paymentMethod: string; paidDate: string; paymentReference: string; paymentNotes: string; paymentDueDate: string; isPaid: string };
  methodRequired: string;
  methodPlaceholder: string;
  /** The timeline's payment entries. */
  timeline: Record<"payment-due" | "paid" | "payment-cancelled", string>;
  /** The owner's notification of each move ("TXN-000123 (₹1,250.00) has been paid by UPI"). */
  notice: { settled: (what: string, method: string) => string; cancelled: (id: string) => string; due: (id: string, date: string | null) => string };
};

const BILL: PaymentWords = {
  paid: "Paid",
  unpaid: "Unpaid",
  pending: "Payment pending",
  completed: "Payment completed",
  label: "Payment",
  tracking: "Payment Tracking",
  awaiting: "Awaiting payment",
  process: "Process Payment",
  confirm: "Confirm Payment",
  processing: "Processing...",
  processed: { title: "Payment Processed", description: "Transaction has been marked as paid" },
  cancel: "Cancel Payment",
  keep: "Keep Payment",
  cancelled: { title: "Payment Canceled", description: "Payment has been canceled and can be reprocessed" },
  cancelClears: "its payment method, reference, notes, paid date and who paid are cleared",
  due: "Payment Due",
  markDue: "Mark Payment Due",
  setDueDate: "Set Payment Due Date",
  dueSet: { title: "Payment Due Set", description: "Transaction marked as payment due" },
  dueOn: "Payment due",
  markedDue: "Marked as payment due",
  fields: {
    paymentMethod: "Payment Method",
    paidDate: "Payment Date",
    paymentReference: "Payment Reference",
    paymentNotes: "Payment Notes",
    paymentDueDate: "Payment Due Date",
    isPaid: "Paid",
  },
  methodRequired: "Payment method is required",
  methodPlaceholder: "Select payment method",
  timeline: { "payment-due": "Marked payment due", paid: "Payment processed", "payment-cancelled": "Payment cancelled" },
  notice: {
    settled: (what, method) => `${what} has been paid by ${method}`,
    cancelled: (id) => `The payment of ${id} was cancelled`,
    due: (id, date) => `${id} is marked payment due${date ? ` on ${date}` : ""}`,
  },
};

const RECEIPT: PaymentWords = {
  paid: "Received",
  unpaid: "Not received",
  pending: "Receipt pending",
  completed: "Receipt recorded",
  label: "Receipt",
  tracking: "Receipt Tracking",
  awaiting: "Awaiting receipt",
  process: "Record Receipt",
  confirm: "Confirm Receipt",
  processing: "Recording...",
  processed: { title: "Receipt Recorded", description: "Transaction has been marked as received" },
  cancel: "Cancel Receipt",
  keep: "Keep Receipt",
  cancelled: { title: "Receipt Canceled", description: "The receipt has been canceled and can be recorded again" },
  cancelClears: "its receipt method, reference, notes, receipt date and who recorded it are cleared",
  due: "Receipt Due",
  markDue: "Mark Receipt Due",
  setDueDate: "Set Receipt Due Date",
  dueSet: { title: "Receipt Due Set", description: "Transaction marked as receipt due" },
  dueOn: "Receipt due",
  markedDue: "Marked as receipt due",
  fields: {
    paymentMethod: "Receipt Method",
    paidDate: "Receipt Date",
    paymentReference: "Receipt Reference",
    paymentNotes: "Receipt Notes",
    paymentDueDate: "Receipt Due Date",
    isPaid: "Received",
  },
  methodRequired: "Receipt method is required",
  methodPlaceholder: "Select receipt method",
  timeline: { "payment-due": "Marked receipt due", paid: "Receipt recorded", "payment-cancelled": "Receipt cancelled" },
  notice: {
    settled: (what, method) => `${what} has been received by ${method}`,
    cancelled: (id) => `The receipt of ${id} was cancelled`,
    due: (id, date) => `${id} is marked receipt due${date ? ` on ${date}` : ""}`,
  },
};

export function paymentWords(formType: FormType | string | null | undefined): PaymentWords {
  return formType === "R" ? RECEIPT : BILL;
}

/** A status as a person calls it on this form type: "Received" and "Receipt Due" on a receipt, STATUS_LABELS otherwise. */
export function statusLabelFor(status: TransactionStatus, formType: FormType | string | null | undefined): string {
  const words = paymentWords(formType);
  if (status === "Paid") return words.paid;
  if (status === "PaymentDue") return words.due;
  return STATUS_LABELS[status] ?? status;
}

/** The timeline's label of a payment entry on this form type, or null for the other kinds (the same on both). */
export function paymentTimelineLabel(kind: TimelineKind, formType: FormType | string | null | undefined): string | null {
  const labels = paymentWords(formType).timeline;
  return kind in labels ? labels[kind as keyof typeof labels] : null;
}
