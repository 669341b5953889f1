// What an approval policy needs, and what is still missing, in words (DECISIONS §11). The details
// dialog, the pending list, the review sheet and the transaction form's preview all say it through
// these functions, so a rule reads the same wherever it is met. Types only: no zod in the client's
// first chunk.
import type { ApprovalPolicy } from "./schemas/approval-rules";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "rule 'Above ₹5,00,000'", "rules 'Payroll' and 'Above ₹5,00,000'"; "" without rules. */
export function rulesInWords(rules: readonly Pick<ApprovalPolicy["rules"][number], "name">[]): string {
  if (!rules.length) return "";
  const names = rules.map((r) => `'${r.name}'`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `${rules.length === 1 ? "rule" : "rules"} ${list}`;
}

function needs(policy: Pick<ApprovalPolicy, "approvalsRequired" | "superAdminRequired" | "rules">): string {
  const count = plural(policy.approvalsRequired, "approval", "approvals");
  // With one approval needed, that one is the SuperAdmin's.
  const superAdmin = policy.superAdminRequired ? (policy.approvalsRequired === 1 ? ", a SuperAdmin's" : ", one of them a SuperAdmin's") : "";
  const rules = rulesInWords(policy.rules);
  return `${count}${superAdmin}${rules ? `: ${rules}` : ""}`;
}

/** What a submitted transaction needs: "Needs 3 approvals, one of them a SuperAdmin's: rule 'Above ₹5,00,000'", or "Needs 1 approval". */
export function policyInWords(policy: Pick<ApprovalPolicy, "approvalsRequired" | "superAdminRequired" | "rules">): string {
  return `Needs ${needs(policy)}`;
}

/** What a submission would need, said before it is made: "Will need 2 approvals: rule 'Above ₹1,00,000'". */
export function previewInWords(policy: Pick<ApprovalPolicy, "approvalsRequired" | "superAdminRequired" | "rules">): string {
  return `Will need ${needs(policy)}`;
}

/** What the words read of a transaction: the kept policy (null before policies were kept) and the round so far. */
export type ApprovalState = {
  approvalsRequired: number;
  approvalsReceived: number;
  approvalPolicy: Pick<ApprovalPolicy, "superAdminRequired"> | null;
  /** Whether a SuperAdmin's approval is among the round's. */
  superAdminApproved: boolean;
};

/**
 * What a Pending transaction still lacks: "1 more approval", "2 more approvals, one of them a
 * SuperAdmin's", "Waiting for a SuperAdmin" (the server keeps the last place for one), or null when
 * nothing is missing. The count is the transaction's own (a full override may set it).
 */
export function missingInWords(t: ApprovalState): string | null {
  const remaining = Math.max(0, t.approvalsRequired - t.approvalsReceived);
  const needsSuperAdmin = (t.approvalPolicy?.superAdminRequired ?? false) && !t.superAdminApproved;
  if (needsSuperAdmin)
    return remaining <= 1 ? "Waiting for a SuperAdmin" : `${plural(remaining, "more approval", "more approvals")}, one of them a SuperAdmin's`;
  return remaining > 0 ? plural(remaining, "more approval", "more approvals") : null;
}
