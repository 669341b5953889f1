// Authority (DECISIONS §4, §11): who counts as an approver, what a submission needs, and whether an
// approval completes it, decided here and nowhere else. The status machine's grants, the pending
// list, the submission's notification recipients, the app's approve and bulk approve, a SuperAdmin's
// deletion of an approval and the emergency link all ask this module; docs/status-machine.md says who.
// Pure functions, plus the few queries they need.
import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { approvals, users } from "../../db/schema";
import { APPROVING_ROLES, isSalaryCategoryName, LIMITS, type Role } from "../../../shared/constants";

// ---------------------------------------------------------------- who counts as an approver

/** The roles that approve and reject, and hear of every submission. */
export const APPROVER_ROLES: readonly Role[] = APPROVING_ROLES;

/** Whether a role approves. */
export function isApproverRole(role: Role): boolean {
  return APPROVER_ROLES.includes(role);
}

/** The users who count as approvers now: an approving role, active, not deleted (a condition on `users`). */
export function activeApproverCondition(): SQL {
  return and(inArray(users.role, [...APPROVER_ROLES]), eq(users.isActive, true), isNull(users.deletedAt))!;
}

// ---------------------------------------------------------------- what a submission needs

/** A rule that applied to a transaction, as kept on it at submit. */
export type AppliedRule = { id: string; name: string; minAmount: string; requiredApprovals: number; superAdminRequired: boolean };

/** What a submission needs, decided once at submit and kept on the transaction. */
export type ApprovalPolicy = { approvalsRequired: number; superAdminRequired: boolean; rules: AppliedRule[] };

/** What the decision reads of the category: its own requirement, and whether it is the built-in Salary. */
export type PolicyCategory = { name: string; isBuiltin: boolean; requiredApprovals: number };

/** The built-in Salary category, by its identity (built in, and built-ins cannot be renamed), never by a look-alike name. */
export function isBuiltinSalary(category: Pick<PolicyCategory, "name" | "isBuiltin">): boolean {
  return category.isBuiltin && isSalaryCategoryName(category.name);
}

const withinRange = (n: number) => Math.min(Math.max(n, LIMITS.requiredApprovalsMin), LIMITS.requiredApprovalsMax);

/** The category's requirement, at least 2 for the built-in Salary, within 1..5. */
export function categoryRequirement(category: PolicyCategory): number {
  const base = Number.isInteger(category.requiredApprovals) ? category.requiredApprovals : LIMITS.requiredApprovalsMin;
  return withinRange(isBuiltinSalary(category) ? Math.max(base, LIMITS.salaryMinApprovals) : base);
}

/** What a submission of a transaction in `category` needs. */
export function decideApprovalPolicy(facts: { category: PolicyCategory }): ApprovalPolicy {
  return { approvalsRequired: categoryRequirement(facts.category), superAdminRequired: false, rules: [] };
}

/**
 * The policy a transaction is held to: the one kept at submit, with the count the row carries (a
 * full override may set it); a transaction submitted before policies were kept needs its count only.
 */
export function policyOf(row: { approvalsRequired: number; approvalPolicy?: ApprovalPolicy | null }): ApprovalPolicy {
  const kept = row.approvalPolicy;
  return { approvalsRequired: row.approvalsRequired, superAdminRequired: kept?.superAdminRequired ?? false, rules: kept?.rules ?? [] };
}

// ---------------------------------------------------------------- whether an approval completes it

/** One approval of the current round: an app user's (with their role) or an emergency link's. */
export type RoundApproval = { role: Role | null; emergency: boolean };

/** Whether the round's approvals complete the transaction: an emergency link's at once, else the count. */
export function approvalCompletes(policy: ApprovalPolicy, round: readonly RoundApproval[]): boolean {
  if (round.some((a) => a.emergency)) return true;
  return round.length >= policy.approvalsRequired;
}

/** The current round's approvals (not rejections) of a transaction, each with its approver's role. */
export async function approvalsOfRound(q: Queryable, transactionId: string, round: number): Promise<RoundApproval[]> {
  const rows = await q
    .select({ role: users.role, code: approvals.emergencyApproverCode })
    .from(approvals)
    .leftJoin(users, eq(users.id, approvals.approverId))
    .where(and(eq(approvals.transactionId, transactionId), eq(approvals.round, round), eq(approvals.action, "approved")));
  return rows.map((r) => ({ role: r.role ?? null, emergency: r.code !== null }));
}
