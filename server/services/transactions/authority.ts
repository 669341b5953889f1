// Authority (DECISIONS §4, §11): who counts as an approver, what a submission needs, and whether an
// approval completes it, decided here and nowhere else. The status machine's grants, the pending
// list, the submission's notification recipients, the app's approve and bulk approve, a SuperAdmin's
// deletion of an approval and the emergency link all ask this module; docs/status-machine.md says who.
// Pure functions, plus the few queries they need.
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { approvalRules, approvals, users, type ApprovalRuleRow } from "../../db/schema";
import { APPROVING_ROLES, isSalaryCategoryName, LIMITS, type FormType, type Role } from "../../../shared/constants";
import type { ApprovalPolicy } from "../../../shared/schemas/approval-rules";
import { formatRupees } from "../../../shared/format";
import { toPaise } from "../../../shared/money";
import { presentAmount } from "../../presenters/transactions";

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

export type { ApprovalPolicy };

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

/** What a submission is: its category, form type and amount. */
export type SubmissionFacts = { category: PolicyCategory & { id: string }; formType: FormType; amount: string };

/** The fields of a rule the decision reads. */
export type PolicyRule = Pick<ApprovalRuleRow, "id" | "name" | "categoryId" | "formType" | "minAmount" | "requiredApprovals" | "superAdminRequired" | "isActive">;

/** Whether `rule` applies to the submission: active, its category or every category, its form type or both, amount ≥ minAmount. */
export function ruleMatches(rule: PolicyRule, facts: SubmissionFacts): boolean {
  return (
    rule.isActive &&
    (rule.categoryId === null || rule.categoryId === facts.category.id) &&
    (rule.formType === null || rule.formType === facts.formType) &&
    toPaise(facts.amount) >= toPaise(rule.minAmount)
  );
}

/**
 * What a submission needs (DECISIONS §11): the largest of the category's requirement (2 at least for
 * the built-in Salary) and the requirement of every matching rule; a SuperAdmin's approval when any
 * matching rule says so. The matching rules are kept, by name, for the timeline and the dialog.
 */
export function decideApprovalPolicy(facts: SubmissionFacts, rules: readonly PolicyRule[]): ApprovalPolicy {
  const matching = rules.filter((r) => ruleMatches(r, facts));
  return {
    approvalsRequired: withinRange(Math.max(categoryRequirement(facts.category), ...matching.map((r) => r.requiredApprovals))),
    superAdminRequired: matching.some((r) => r.superAdminRequired),
    rules: matching.map((r) => ({ id: r.id, name: r.name, minAmount: presentAmount(r.minAmount), requiredApprovals: r.requiredApprovals, superAdminRequired: r.superAdminRequired })),
  };
}

/** The active rules that could match a submission of this category (the amount and form type are checked in decideApprovalPolicy). */
export function activeRulesFor(q: Queryable, categoryId: string): Promise<PolicyRule[]> {
  return q
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.isActive, true), or(isNull(approvalRules.categoryId), eq(approvalRules.categoryId, categoryId))))
    .orderBy(asc(approvalRules.minAmount), asc(sql`lower(${approvalRules.name})`));
}

/** What a submission of these facts needs now: the rules read, then decided. */
export async function policyForSubmission(q: Queryable, facts: SubmissionFacts): Promise<ApprovalPolicy> {
  return decideApprovalPolicy(facts, await activeRulesFor(q, facts.category.id));
}

/** "rule 'Above ₹5,00,000' (from ₹5,00,000.00: 2 approvals and a SuperAdmin's)", each applied rule in words. */
export function describeRules(policy: Pick<ApprovalPolicy, "rules">): string {
  return policy.rules
    .map((r) => `rule '${r.name}' (from ${formatRupees(r.minAmount)}: ${r.requiredApprovals} approval${r.requiredApprovals === 1 ? "" : "s"}${r.superAdminRequired ? " and a SuperAdmin's" : ""})`)
    .join(", ");
}

/** "Needs 2 approvals, one of them a SuperAdmin's" */
export function describePolicy(policy: ApprovalPolicy): string {
  const need = `Needs ${policy.approvalsRequired} approval${policy.approvalsRequired === 1 ? "" : "s"}${policy.superAdminRequired ? ", one of them a SuperAdmin's" : ""}`;
  return policy.rules.length ? `${need}: ${describeRules(policy)}` : need;
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

const bySuperAdmin = (a: RoundApproval) => a.role === "SuperAdmin";

/**
 * Whether the round's approvals complete the transaction: an emergency link's at once (DECISIONS §5
 * keeps the spec's rule; the timeline names the rules it overrode), else the count, with a
 * SuperAdmin's among them when the policy says so.
 */
export function approvalCompletes(policy: ApprovalPolicy, round: readonly RoundApproval[]): boolean {
  if (round.some((a) => a.emergency)) return true;
  return round.length >= policy.approvalsRequired && (!policy.superAdminRequired || round.some(bySuperAdmin));
}

export const SUPERADMIN_MUST_APPROVE = "A SuperAdmin must approve this one";

/**
 * Why an approval by `role` is refused before it is counted, or null: with a SuperAdmin's approval
 * required and none given yet, the last place is kept for a SuperAdmin, so another role's approval
 * that would fill it is refused (409).
 */
export function approvalRefusal(policy: ApprovalPolicy, round: readonly RoundApproval[], role: Role): string | null {
  if (!policy.superAdminRequired || role === "SuperAdmin" || round.some(bySuperAdmin)) return null;
  return round.length + 1 >= policy.approvalsRequired ? SUPERADMIN_MUST_APPROVE : null;
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
