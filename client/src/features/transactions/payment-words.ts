// What the payment stages are called, by form type: a Form B (bill) is money paid out, a Form R
// (receipt) is money received, so its screens say "Not received" and "Record Receipt", never
// "Unpaid" and "Process Payment". The moves and statuses are the same for both (DECISIONS §4);
// only the words differ, and every screen takes them from here.
import type { FormType } from "@shared/constants";

export type PaymentWords = {
  /** The badge of a settled transaction, and the note's verb ("Paid on 3 Dec"). */
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
};

export function paymentWords(formType: FormType | string | null | undefined): PaymentWords {
  return formType === "R" ? RECEIPT : BILL;
}
