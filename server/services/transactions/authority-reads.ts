// What approval authority reads from the database (DECISIONS §4, §11), for the rules of authority.ts:
// who counts as an approver now, the approval rules a submission is decided by, an approver's
// standing today (their limit, and who delegates to them) and the current round of approvals. Each
// is read on its own where a rule needs it, or as columns a larger statement carries.
import { and, asc, eq, inArray, isNull, ne, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { approvalRules, approvals, delegations, users } from "../../db/schema";
import { preparedStatement } from "../../db/sql";
import { APPROVER_ROLES, isApproverRole, type Role } from "../../../shared/constants";
import {
  decideApprovalPolicy,
  decisionFor,
  type ApprovalDecision,
  type ApprovalPolicy,
  type ApprovalRowFacts,
  type ApproverStanding,
  type Authority,
  type PolicyRule,
  type RoundApproval,
  type RoundSoFar,
  type SubmissionFacts,
} from "./authority";

// ---------------------------------------------------------------- who counts as an approver now

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

// ---------------------------------------------------------------- the rules a submission is decided by

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

// ---------------------------------------------------------------- an approver's standing today

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

// ---------------------------------------------------------------- the round so far

/** The current round's approvals (not rejections) of a transaction, each with the role it counts as. */
export async function approvalsOfRound(q: Queryable, transactionId: string, round: number): Promise<readonly RoundApproval[]> {
  return (await roundsOf(q, [{ id: transactionId, approvalRound: round }])).get(transactionId)!.approvals;
}

/**
 * One approval or rejection of a round as a statement hands it over, a JSON array (the drivers hand
 * a json column over parsed): approver, the delegator acted for, the action, whether by an emergency
 * link, and whether it carried a SuperAdmin's authority when given. The array is built from this
 * list, and RoundEntry is its type, element by element, so the two cannot drift apart.
 */
const ROUND_ENTRY = [
  approvals.approverId,
  approvals.onBehalfOf,
  approvals.action,
  sql<boolean>`${approvals.emergencyApproverCode} is not null`,
  approvals.asSuperAdmin,
] as const;

/** What each column or expression of a list reads as, in the list's order. */
type ValuesOf<L extends readonly unknown[]> = {
  -readonly [K in keyof L]: L[K] extends SQL<infer T>
    ? T
    : L[K] extends AnyColumn
      ? L[K]["_"]["notNull"] extends true
        ? L[K]["_"]["data"]
        : L[K]["_"]["data"] | null
      : never;
};

export type RoundEntry = ValuesOf<typeof ROUND_ENTRY>;

/** One entry of a round as JSON, for the approvals row the statement reads. */
const roundEntry = sql<RoundEntry>`json_build_array(${sql.join([...ROUND_ENTRY], sql`, `)})`;

/**
 * The current rounds of these transactions: per transaction, its approvals (each with what it
 * counted as when given) and everyone who acted.
 */
export async function roundsOf(q: Queryable, keys: readonly { id: string; approvalRound: number }[]): Promise<Map<string, RoundSoFar>> {
  const out = new Map<string, RoundSoFar>();
  if (keys.length === 0) return out;
  const rows = await q
    .select({ transactionId: approvals.transactionId, round: approvals.round, entry: roundEntry })
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
    entries.get(r.transactionId)!.push(r.entry);
  }
  for (const [id, list] of entries) out.set(id, roundFrom(list));
  return out;
}

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
  return sql<RoundEntry[] | null>`(case when ${row.approvalsReceived} > 0 then (select json_agg(${roundEntry})
    from ${approvals}
    where ${approvals.transactionId} = ${row.id} and ${approvals.round} = ${row.approvalRound}) end)`;
}

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
