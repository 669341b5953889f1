// The review sheet opened from a push or an email for a transaction someone decided meanwhile
// (DECISIONS §14): it says so and by whom, "Already approved by Anita Desai", instead of leaving
// the approver to work it out from the badges.
import type { TransactionDetail } from "./api";

const DECISIONS: readonly string[] = ["approved", "rejected", "emergency-approved", "emergency-rejected", "status-forced"];

/** The words, or null while it still waits for a decision (Pending) or was never submitted (Draft). */
export function alreadyDecided(t: Pick<TransactionDetail, "status" | "timeline">): string | null {
  if (t.status === "Pending" || t.status === "Draft") return null;
  const verb = t.status === "Rejected" ? "rejected" : "approved";
  const last = [...(t.timeline ?? [])].reverse().find((e) => DECISIONS.includes(e.kind));
  if (!last) return `Already ${verb}`;
  const by = last.kind.startsWith("emergency-") ? `emergency approver ${last.actorName}` : last.actorName;
  return `Already ${verb} by ${by}`;
}
