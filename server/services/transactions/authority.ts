// Authority (DECISIONS §4, §11): who counts as an approver, what a submission needs, and whether an
// approval completes it, decided here and nowhere else. The status machine's grants, the pending
// list, the submission's notification recipients, the app's approve and bulk approve, a SuperAdmin's
// deletion of an approval and the emergency link all ask this module; docs/status-machine.md says who.
// Pure functions, plus the few queries they need.
import { and, asc, eq, inArray, isNull, ne, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { alias } from "drizzle-orm/pg-core";
import { approvalRules, approvals, delegations, users, type ApprovalRuleRow } from "../../db/schema";
import { APPROVER_ROLES, isApproverRole, isSalaryCategoryName, LIMITS, type FormType, type Role } from "../../../shared/constants";
import type { ApprovalPolicy } from "../../../shared/schemas/approval-rules";
import { formatRupees } from "../../../shared/format";
import { toPaise } from "../../../shared/money";
import { presentAmount } from "../../presenters/transactions";
import { preparedStatement } from "../../db/sql";

// ---------------------------------------------------------------- who counts as an approver

/** The users who count as approvers now: an approving role, active, not deleted (a condition on `users`). */
export function activeApproverCondition(): SQL {
  return and(inArray(users.role, [...APPROVER_ROLES]), eq(users.isActive, true), isNull(users.deletedAt))!;
}

/** Every user who counts as an approver now, except `exceptUserId`: who hears of a submission. */
export async function approverIds(q: Queryable, exceptUserId: string | null): Promise<string[]> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(and(activeApproverCondition(), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return rows.map((r) => r.id);
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
export type PolicyRule = Pick<
  ApprovalRuleRow,
  "id" | "name" | "categoryId" | "formType" | "minAmount" | "requiredApprovals" | "superAdminRequired" | "isActive"
>;

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
    rules: matching.map((r) => ({
      id: r.id,
      name: r.name,
      minAmount: presentAmount(r.minAmount),
      requiredApprovals: r.requiredApprovals,
      superAdminRequired: r.superAdminRequired,
    })),
  };
}

/**
 * The active rules that could match a submission of this category (the amount and form type are
 * checked in decideApprovalPolicy). `lock` takes their rows' share lock until the caller commits, so a
 * rule cannot be changed or deleted between being read and being kept in a transaction's policy: a
 * deletion waits and then finds the rule applied (and deactivates it), or goes first and the rule is
 * not read at all.
 */
export function activeRulesFor(q: Queryable, categoryId: string, opts: { lock?: boolean } = {}): Promise<PolicyRule[]> {
  const query = q
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.isActive, true), or(isNull(approvalRules.categoryId), eq(approvalRules.categoryId, categoryId))))
    .orderBy(asc(approvalRules.minAmount), asc(sql`lower(${approvalRules.name})`));
  return opts.lock ? query.for("share") : query;
}

/**
 * What a submission of these facts needs now: the rules read, then decided. `keep` when the policy is
 * kept on a transaction (submit, a full override): the rules read stay locked until it commits.
 */
export async function policyForSubmission(q: Queryable, facts: SubmissionFacts, opts: { keep?: boolean } = {}): Promise<ApprovalPolicy> {
  return decideApprovalPolicy(facts, await activeRulesFor(q, facts.category.id, { lock: opts.keep }));
}

/** "rule 'Above ₹5,00,000' (from ₹5,00,000.00: 2 approvals and a SuperAdmin's)", each applied rule in words. */
export function describeRules(policy: Pick<ApprovalPolicy, "rules">): string {
  return policy.rules
    .map(
      (r) =>
        `rule '${r.name}' (from ${formatRupees(r.minAmount)}: ${r.requiredApprovals} approval${r.requiredApprovals === 1 ? "" : "s"}${r.superAdminRequired ? " and a SuperAdmin's" : ""})`,
    )
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

/**
 * One approval of the current round: an app user's or an emergency link's, and whether it carried a
 * SuperAdmin's authority when it was given (approvals.as_super_admin; never the approver's role now).
 */
export type RoundApproval = { asSuperAdmin: boolean; emergency: boolean };

const bySuperAdmin = (a: RoundApproval) => a.asSuperAdmin;

/**
 * Whether an approval given now carries a SuperAdmin's authority, kept with it for good: its
 * approver is a SuperAdmin, or approves on behalf of one (a delegation).
 */
export function carriesSuperAdminAuthority(approverRole: Role, onBehalfOf: Pick<Authority, "role"> | null): boolean {
  return approverRole === "SuperAdmin" || onBehalfOf?.role === "SuperAdmin";
}

/** Whether a SuperAdmin's approval (their own, or a delegate's on their behalf) is among the round's: what the screens' "Waiting for a SuperAdmin" reads. */
export function superAdminApproved(round: readonly RoundApproval[]): boolean {
  return round.some(bySuperAdmin);
}

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

/** The current round's approvals (not rejections) of a transaction, each with the role it counts as. */
export async function approvalsOfRound(q: Queryable, transactionId: string, round: number): Promise<readonly RoundApproval[]> {
  return (await roundsOf(q, [{ id: transactionId, approvalRound: round }])).get(transactionId)!.approvals;
}

// ---------------------------------------------------------------- limits and delegation: whether this person may approve

/** Whose authority an approval can use: the approver's own, or a delegator's. */
export type Authority = { id: string; name: string; role: Role; approvalLimit: string | null };

/** What the approver brings: their own authority, and that of everyone delegating to them today. */
export type ApproverStanding = { own: Authority; delegators: readonly Authority[] };

/** The transaction as the decision reads it. */
export type ApprovalSubject = { amount: string; createdBy: string; policy: ApprovalPolicy };

/** The round so far: its approvals, and everyone who already acted in it (themselves or through a delegate). */
export type RoundSoFar = { approvals: readonly RoundApproval[]; actedIds: ReadonlySet<string> };

export type ApprovalDecision =
  { ok: true; onBehalfOf: Authority | null } | { ok: false; kind: "forbidden" | "conflict"; code: "above_limit" | "superadmin_required"; message: string };

/**
 * Whose authority the reader's approval would use when it is a delegator's (the screens' "Approve for
 * Rajesh Sharma", DECISIONS §16), else null: only while approve is among the reader's moves.
 */
export function approvalOnBehalfOf(decision: ApprovalDecision | undefined, moves: readonly string[]): { id: string; name: string } | null {
  return decision?.ok && decision.onBehalfOf && moves.includes("approve") ? { id: decision.onBehalfOf.id, name: decision.onBehalfOf.name } : null;
}

/** "Above your approval limit of ₹1,00,000.00" */
export function aboveLimitMessage(limit: string): string {
  return `Above your approval limit of ${formatRupees(limit)}`;
}

/** Whether `amount` is within `limit` (null: no limit); exactly at the limit is within. */
export function withinLimit(amount: string, limit: string | null): boolean {
  return limit === null || toPaise(amount) <= toPaise(limit);
}

/** Whether an authority may fill this approval: within its limit, and not taking a place kept for a SuperAdmin. */
function authorityFits(a: Authority, subject: ApprovalSubject, round: RoundSoFar): boolean {
  return withinLimit(subject.amount, a.approvalLimit) && approvalRefusal(subject.policy, round.approvals, a.role) === null;
}

/**
 * Whether the approver may approve this transaction now, and on whose authority (DECISIONS §11).
 * Their own authority when it is enough (within their limit; not an Approver taking the last place
 * kept for a SuperAdmin); else a delegator's, the first that is enough and may still act: not the
 * transaction's creator (nobody approves their own transaction, through anyone) and not already
 * acted this round (one approval per person per round, directly or through a delegate). Otherwise
 * refused: above their own limit (403), or the SuperAdmin's place (409). The status machine's
 * `approve` guard and the approve call both ask this, so what is offered is what is allowed.
 * Role, state, the creator rule and the approver's own action this round are the status machine's.
 */
export function decideApproval(standing: ApproverStanding, subject: ApprovalSubject, round: RoundSoFar): ApprovalDecision {
  if (authorityFits(standing.own, subject, round)) return { ok: true, onBehalfOf: null };
  const delegator = standing.delegators.find(
    (d) => d.id !== subject.createdBy && d.id !== standing.own.id && !round.actedIds.has(d.id) && isApproverRole(d.role) && authorityFits(d, subject, round),
  );
  if (delegator) return { ok: true, onBehalfOf: delegator };
  if (!withinLimit(subject.amount, standing.own.approvalLimit)) {
    return { ok: false, kind: "forbidden", code: "above_limit", message: aboveLimitMessage(standing.own.approvalLimit!) };
  }
  return { ok: false, kind: "conflict", code: "superadmin_required", message: approvalRefusal(subject.policy, round.approvals, standing.own.role)! };
}

/** The delegations active on `today` (APP_TIMEZONE): begun, not past their last day, not ended early. */
export function activeDelegationCondition(today: string | Placeholder): SQL {
  return and(sql`${delegations.fromDate} <= ${today}`, sql`${delegations.toDate} >= ${today}`, isNull(delegations.endedAt))!;
}

/**
 * The approver's standing today: their own role and limit, and every active delegation to them
 * from an active approver. `lock` takes the delegation rows' lock (FOR SHARE) so a delegation cannot
 * end while an approval on its behalf is being counted (the end waits for the approval, or the
 * approval sees it ended).
 */
export async function approverStanding(
  q: Queryable,
  actor: { id: string; role: Role; name: string },
  today: string,
  opts: { lock?: boolean } = {},
): Promise<ApproverStanding> {
  if (!opts.lock) {
    const [read] = await standingStatement(q).execute({ viewerId: actor.id, today });
    return standingFrom(actor, read!);
  }
  const [me] = await q.select({ approvalLimit: users.approvalLimit }).from(users).where(eq(users.id, actor.id)).limit(1);
  const own: Authority = { id: actor.id, name: actor.name, role: actor.role, approvalLimit: me?.approvalLimit ?? null };
  if (!isApproverRole(actor.role)) return { own, delegators: [] };
  const query = q
    .select({ id: users.id, name: users.name, role: users.role, approvalLimit: users.approvalLimit })
    .from(delegations)
    .innerJoin(users, eq(users.id, delegations.delegatorId))
    .where(and(eq(delegations.delegateId, actor.id), activeDelegationCondition(today), activeApproverCondition()))
    .orderBy(asc(delegations.fromDate), asc(delegations.id));
  const delegators = opts.lock ? await query.for("share", { of: delegations }) : await query;
  return { own, delegators };
}

/**
 * The approver's standing as two columns any statement can carry: their limit, and their delegators
 * today as JSON (the drivers hand a json column over parsed). Uncorrelated subqueries, so PostgreSQL
 * evaluates them once per statement, and a reader such as the pending list gets the standing with
 * its rows instead of in a round trip of its own.
 */
export function standingColumns(q: Queryable, viewerId: Placeholder | AnyColumn, today: Placeholder | string) {
  // Each subquery is a query of its own, so its columns are named as its own FROM has them.
  const me = alias(users, "standing_me");
  const limit = q
    .select({ limit: sql`${me.approvalLimit}::text` })
    .from(me)
    .where(eq(me.id, viewerId));
  const delegators = q
    .select({
      list: sql`coalesce(json_agg(json_build_object('id', ${users.id}, 'name', ${users.name}, 'role', ${users.role}, 'approvalLimit', ${users.approvalLimit}::text)
        order by ${delegations.fromDate}, ${delegations.id}), '[]')`,
    })
    .from(delegations)
    .innerJoin(users, eq(users.id, delegations.delegatorId))
    .where(and(eq(delegations.delegateId, viewerId), activeDelegationCondition(today), activeApproverCondition()));
  return { standingLimit: sql<string | null>`(${limit})`, standingDelegators: sql<Authority[]>`(${delegators})` };
}

/** The standing from standingColumns' two values. */
export function standingFrom(
  actor: { id: string; role: Role; name: string },
  read: { standingLimit: string | null; standingDelegators: Authority[] },
): ApproverStanding {
  const own: Authority = { id: actor.id, name: actor.name, role: actor.role, approvalLimit: read.standingLimit };
  return { own, delegators: isApproverRole(actor.role) ? read.standingDelegators : [] };
}

/** standingColumns alone, prepared once: the details and the approver's other reads ask it on every call. */
function standingStatement(q: Queryable) {
  return preparedStatement(q, "approver_standing", (name) =>
    q
      .select(standingColumns(q, sql.placeholder("viewerId"), sql.placeholder("today")))
      .from(sql`(select 1) as one`)
      .prepare(name),
  );
}

/**
 * The current rounds of these transactions: per transaction, its approvals (each with what it
 * counted as when given) and everyone who acted.
 */
export async function roundsOf(q: Queryable, keys: readonly { id: string; approvalRound: number }[]): Promise<Map<string, RoundSoFar>> {
  const out = new Map<string, RoundSoFar>();
  if (keys.length === 0) return out;
  const rows = await q
    .select({
      transactionId: approvals.transactionId,
      round: approvals.round,
      action: approvals.action,
      approverId: approvals.approverId,
      onBehalfOf: approvals.onBehalfOf,
      code: approvals.emergencyApproverCode,
      asSuperAdmin: approvals.asSuperAdmin,
    })
    .from(approvals)
    .where(
      inArray(
        approvals.transactionId,
        keys.map((k) => k.id),
      ),
    );
  const roundOf = new Map(keys.map((k) => [k.id, k.approvalRound]));
  const entries = new Map<string, RoundEntry[]>(keys.map((k) => [k.id, []]));
  for (const r of rows) {
    if (roundOf.get(r.transactionId) !== r.round) continue;
    entries.get(r.transactionId)!.push([r.approverId, r.onBehalfOf, r.action, r.code !== null, r.asSuperAdmin]);
  }
  for (const [id, list] of entries) out.set(id, roundFrom(list));
  return out;
}

/**
 * One approval or rejection of a round as a statement can hand it over in JSON (roundEntriesJson):
 * approver, the delegator acted for, the action, whether by an emergency link, and whether it
 * carried a SuperAdmin's authority when given (the drivers hand a json column over parsed).
 */
export type RoundEntry = [approverId: string | null, onBehalfOf: string | null, action: string, emergency: boolean, asSuperAdmin: boolean];

/** The round so far from its entries: the approvals with what each counted as, and everyone who acted. */
export function roundFrom(entries: readonly RoundEntry[]): RoundSoFar {
  const approvalsSoFar: RoundApproval[] = [];
  const actedIds = new Set<string>();
  for (const [approverId, onBehalfOf, action, emergency, asSuperAdmin] of entries) {
    if (approverId) actedIds.add(approverId);
    if (onBehalfOf) actedIds.add(onBehalfOf);
    if (action === "approved") approvalsSoFar.push({ asSuperAdmin, emergency });
  }
  return { approvals: approvalsSoFar, actedIds };
}

/**
 * The current round of the query's `transactions` row as a JSON array of RoundEntry, or null when it
 * has none: a subquery, so a page of rows reads its rounds in its own statement. A Pending round
 * holds approvals only, each counted in approvals_received, so a row with none skips the lookup.
 */
export function roundEntriesJson(row: { id: AnyColumn; approvalRound: AnyColumn; approvalsReceived: AnyColumn }): SQL<RoundEntry[] | null> {
  return sql<
    RoundEntry[] | null
  >`(case when ${row.approvalsReceived} > 0 then (select json_agg(json_build_array(${approvals.approverId}, ${approvals.onBehalfOf}, ${approvals.action},
      ${approvals.emergencyApproverCode} is not null, ${approvals.asSuperAdmin}))
    from ${approvals}
    where ${approvals.transactionId} = ${row.id} and ${approvals.round} = ${row.approvalRound}) end)`;
}

/** A transaction as decideApproval reads it from its row. */
export type ApprovalRowFacts = {
  id: string;
  status: string;
  amount: string;
  createdBy: string;
  approvalRound: number;
  approvalsRequired: number;
  approvalPolicy?: ApprovalPolicy | null;
};

/**
 * decideApproval for each Pending row, for a reader who approves (the detail and the pending list
 * offer `approve` from it): the reader's standing read once, the rows' rounds in one query, unless the
 * caller's own statement read them already (`known`, from standingColumns and roundEntriesJson).
 */
export async function approvalDecisions(
  q: Queryable,
  actor: { id: string; role: Role; name: string },
  today: string,
  rows: readonly ApprovalRowFacts[],
  known: { rounds?: ReadonlyMap<string, RoundSoFar>; standing?: ApproverStanding } = {},
): Promise<Map<string, ApprovalDecision>> {
  const out = new Map<string, ApprovalDecision>();
  const pending = rows.filter((r) => r.status === "Pending");
  if (!isApproverRole(actor.role) || pending.length === 0) return out;
  const [standing, rounds] = await Promise.all([known.standing ?? approverStanding(q, actor, today), known.rounds ?? roundsOf(q, pending)]);
  for (const r of pending) out.set(r.id, decisionFor(actor, standing, r, rounds.get(r.id)!)!);
  return out;
}

/** approvalDecisions for one row whose reader's standing and round are known: undefined when they do not approve or it is not Pending. */
export function decisionFor(actor: { role: Role }, standing: ApproverStanding, row: ApprovalRowFacts, round: RoundSoFar): ApprovalDecision | undefined {
  if (!isApproverRole(actor.role) || row.status !== "Pending") return undefined;
  return decideApproval(standing, { amount: row.amount, createdBy: row.createdBy, policy: policyOf(row) }, round);
}
