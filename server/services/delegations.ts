// Delegation while away (DECISIONS §11): an Approver or SuperAdmin hands their approval authority to
// another for whole days. Kept here: recorded, listed, ended early, each change audited in its own
// database transaction and the people concerned notified. What a delegation lets its delegate do is
// authority.ts's (decideApproval, over authority-reads.ts's approverStanding); only an approver gives
// or receives a delegation (isApproverRole).
//
// Creating one locks the delegator's and the delegate's user rows (in id order) before it checks
// overlaps and chains, so two requests that together would break a rule run one after the other.
// Ending one locks its row, which an approval on its behalf holds shared while it counts: the end
// waits for that approval, or the approval sees the delegation ended.
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable, Tx } from "../db/client";
import { delegations, users, type DelegationRow } from "../db/schema";
import { badRequest, conflict, forbidden, notFound } from "./errors";
import { writeAudit } from "./audit";
import { notifyUsers } from "./notifications";
import { inTransaction } from "./in-transaction";
import { aboutThePerson } from "./reach/kinds";
import { activeApproverCondition } from "./transactions/authority-reads";
import { todayOf, type ActingContext, type ServiceContext } from "./context";
import { isUuid } from "../lib/ids";
import { addDays, datesBetween } from "../../shared/calendar";
import { formatDate } from "../../shared/format";
import { isApproverRole, type Role } from "../../shared/constants";
import { DELEGATION_MAX_DAYS, type CreateDelegationBody, type Delegation, type EndDelegationBody } from "../../shared/schemas/delegations";
import { managesEveryDelegation } from "./policies";

export const DELEGATION_NOT_FOUND = "Delegation not found";
export const DELEGATE_TO_SELF = "You cannot delegate your approvals to yourself";
export const ONLY_SUPERADMIN_FOR_OTHERS = "Only a SuperAdmin can record a delegation for someone else";
export const DELEGATOR_INVALID = "Only an active Approver or SuperAdmin can delegate their approvals";
export const DELEGATE_INVALID = "The delegate must be an active Approver or SuperAdmin";
export const ALREADY_ENDED = "This delegation has already ended";
export const ALREADY_OVER = "This delegation is already over";

const dayText = (d: string) => formatDate(d, "UTC");
const span = (from: string, to: string) => (from === to ? `on ${dayText(from)}` : `from ${dayText(from)} to ${dayText(to)}`);
const daysIn = (from: string, to: string) => [...datesBetween(from, to)].length;

type Named = { id: string; name: string };
type DelegationView = DelegationRow & { delegatorName: string; delegateName: string; createdByName: string; endedByName: string | null };

function stateOf(d: DelegationRow, today: string): Delegation["state"] {
  if (d.endedAt) return "ended";
  if (d.toDate < today) return "over";
  return d.fromDate > today ? "upcoming" : "active";
}

function present(d: DelegationView, today: string): Delegation {
  return {
    id: d.id,
    delegator: { id: d.delegatorId, name: d.delegatorName },
    delegate: { id: d.delegateId, name: d.delegateName },
    from: d.fromDate,
    to: d.toDate,
    reason: d.reason,
    createdBy: { id: d.createdBy, name: d.createdByName },
    createdAt: d.createdAt.toISOString(),
    endedAt: d.endedAt ? d.endedAt.toISOString() : null,
    endedBy: d.endedBy ? { id: d.endedBy, name: d.endedByName ?? "" } : null,
    endReason: d.endReason,
    state: stateOf(d, today),
  };
}

function viewQuery(q: Queryable) {
  const delegator = alias(users, "delegator");
  const delegate = alias(users, "delegate");
  const creator = alias(users, "creator");
  const ender = alias(users, "ender");
  return q
    .select({
      row: delegations,
      delegatorName: delegator.name,
      delegateName: delegate.name,
      createdByName: creator.name,
      endedByName: ender.name,
    })
    .from(delegations)
    .innerJoin(delegator, eq(delegator.id, delegations.delegatorId))
    .innerJoin(delegate, eq(delegate.id, delegations.delegateId))
    .innerJoin(creator, eq(creator.id, delegations.createdBy))
    .leftJoin(ender, eq(ender.id, delegations.endedBy))
    .$dynamic();
}

const flatten = (r: {
  row: DelegationRow;
  delegatorName: string;
  delegateName: string;
  createdByName: string;
  endedByName: string | null;
}): DelegationView => ({
  ...r.row,
  delegatorName: r.delegatorName,
  delegateName: r.delegateName,
  createdByName: r.createdByName,
  endedByName: r.endedByName,
});

async function loadView(q: Queryable, id: string): Promise<DelegationView | undefined> {
  const [r] = await viewQuery(q).where(eq(delegations.id, id)).limit(1);
  return r ? flatten(r) : undefined;
}

/** What an audit entry keeps of a delegation. */
const auditView = (d: DelegationRow) => ({
  delegatorId: d.delegatorId,
  delegateId: d.delegateId,
  from: d.fromDate,
  to: d.toDate,
  reason: d.reason,
  createdBy: d.createdBy,
  ...(d.endedAt ? { endedAt: d.endedAt.toISOString(), endedBy: d.endedBy, endReason: d.endReason } : {}),
});

/** GET /api/delegations: the signed-in user's given and received; a SuperAdmin's: all. Newest first. */
export async function listDelegations(ctx: ActingContext): Promise<Delegation[]> {
  const today = todayOf(ctx);
  const mine = managesEveryDelegation(ctx.actor) ? undefined : or(eq(delegations.delegatorId, ctx.actor.id), eq(delegations.delegateId, ctx.actor.id));
  const rows = await viewQuery(ctx.db).where(mine).orderBy(desc(delegations.fromDate), desc(delegations.createdAt), asc(delegations.id));
  return rows.map((r) => present(flatten(r), today));
}

/**
 * GET /api/delegations/candidates: the people a delegation may name (active Approvers and
 * SuperAdmins), for the form's pickers; an Approver has no other way to learn them.
 */
export async function delegateCandidates(ctx: ActingContext): Promise<{ id: string; name: string; role: Role }[]> {
  return ctx.db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(activeApproverCondition())
    .orderBy(asc(users.name), asc(users.id));
}

/** Not ended early and sharing a day with [from, to]. */
const overlapping = (from: string, to: string) =>
  and(isNull(delegations.endedAt), sql`${delegations.fromDate} <= ${to}`, sql`${delegations.toDate} >= ${from}`)!;

async function lockPeople(tx: Tx, ids: string[]): Promise<Map<string, Named & { role: Role; usable: boolean }>> {
  const rows = await tx
    .select({ id: users.id, name: users.name, role: users.role, usable: sql<boolean>`${activeApproverCondition()}` })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id))
    .for("update", { of: users });
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * POST /api/delegations. Refused: to oneself (400); a delegator or delegate who is not an active
 * Approver or SuperAdmin (400); starting before today in APP_TIMEZONE or lasting more than 90 days
 * (400); overlapping another delegation of the same delegator (409); a chain, where the delegate is
 * away and delegating then, or the delegator is someone's delegate then (409).
 */
export async function createDelegation(ctx: ActingContext, input: CreateDelegationBody): Promise<Delegation> {
  const delegatorId = input.delegatorId ?? ctx.actor.id;
  if (delegatorId !== ctx.actor.id && !managesEveryDelegation(ctx.actor)) throw forbidden(ONLY_SUPERADMIN_FOR_OTHERS);
  if (delegatorId === ctx.actor.id && !isApproverRole(ctx.actor.role)) throw forbidden(DELEGATOR_INVALID);
  if (input.delegateId === delegatorId) throw badRequest(DELEGATE_TO_SELF, [{ path: "delegateId", message: DELEGATE_TO_SELF }]);
  const today = todayOf(ctx);
  if (input.from < today) {
    const message = `A delegation cannot start before today (${dayText(today)})`;
    throw badRequest(message, [{ path: "from", message }]);
  }
  if (daysIn(input.from, input.to) > DELEGATION_MAX_DAYS) {
    const message = `A delegation lasts at most ${DELEGATION_MAX_DAYS} days (last day ${dayText(addDays(input.from, DELEGATION_MAX_DAYS - 1))} at the latest)`;
    throw badRequest(message, [{ path: "to", message }]);
  }
  const created = await inTransaction(ctx, async (tx, afterCommit) => {
    const people = await lockPeople(tx, [delegatorId, input.delegateId].filter(isUuid));
    const delegator = people.get(delegatorId);
    const delegate = people.get(input.delegateId);
    if (!delegator?.usable || !isApproverRole(delegator.role)) throw badRequest(DELEGATOR_INVALID, [{ path: "delegatorId", message: DELEGATOR_INVALID }]);
    if (!delegate?.usable || !isApproverRole(delegate.role)) throw badRequest(DELEGATE_INVALID, [{ path: "delegateId", message: DELEGATE_INVALID }]);

    const [overlap] = await viewQuery(tx)
      .where(and(eq(delegations.delegatorId, delegatorId), overlapping(input.from, input.to)))
      .limit(1);
    if (overlap) {
      throw conflict(
        `${delegator.name} already delegates to ${overlap.delegateName} ${span(overlap.row.fromDate, overlap.row.toDate)}; end that delegation first or choose other days`,
        "delegation_overlap",
      );
    }
    const [delegateAway] = await tx
      .select()
      .from(delegations)
      .where(and(eq(delegations.delegatorId, input.delegateId), overlapping(input.from, input.to)))
      .limit(1);
    if (delegateAway) {
      throw conflict(
        `${delegate.name} is away and delegating their own approvals ${span(delegateAway.fromDate, delegateAway.toDate)}: delegations do not pass on`,
        "delegation_chain",
      );
    }
    const [delegatorCovering] = await viewQuery(tx)
      .where(and(eq(delegations.delegateId, delegatorId), overlapping(input.from, input.to)))
      .limit(1);
    if (delegatorCovering) {
      throw conflict(
        `${delegator.name} is covering for ${delegatorCovering.delegatorName} ${span(delegatorCovering.row.fromDate, delegatorCovering.row.toDate)}: delegations do not pass on`,
        "delegation_chain",
      );
    }

    const [row] = await tx
      .insert(delegations)
      .values({
        delegatorId,
        delegateId: input.delegateId,
        fromDate: input.from,
        toDate: input.to,
        reason: input.reason,
        createdBy: ctx.actor.id,
        createdAt: ctx.clock(),
        // Recorded on its first day, the note below is its announcement; a later one gets its own then.
        startAnnouncedAt: input.from === today ? ctx.clock() : null,
      })
      .returning();
    await writeAudit(tx, ctx, { action: "create", entityType: "delegation", entityId: row!.id, actor: ctx.actor, after: auditView(row!), ipAddress: ctx.ip });
    // The delegate hears of it when it is recorded, told from which day it applies; one that
    // starts later is announced again on its first day (announceDelegationsBeginning).
    const starts = input.from === today ? "from today" : `from ${dayText(input.from)}`;
    const until = input.from === input.to ? "" : ` to ${dayText(input.to)}`;
    afterCommit.publish(
      await tellOfDelegation(tx, ctx, [input.delegateId], row!.id, `${delegator.name} has delegated their approvals to you ${starts}${until}: ${input.reason}`),
    );
    if (delegatorId !== ctx.actor.id) {
      afterCommit.publish(
        await tellOfDelegation(
          tx,
          ctx,
          [delegatorId],
          row!.id,
          `${ctx.actor.name} recorded a delegation of your approvals to ${delegate.name} ${span(input.from, input.to)}`,
        ),
      );
    }
    return (await loadView(tx, row!.id))!;
  });
  return present(created, today);
}

/** The bell's note of a delegation to these people, and their pushes (DECISIONS §14). */
function tellOfDelegation(tx: Tx, ctx: Pick<ServiceContext, "config" | "clock">, userIds: string[], delegationId: string, message: string) {
  const notification = { type: "user_notification", message, isPriority: false, transactionId: null, humanReadableId: null, category: null } as const;
  return notifyUsers(
    tx,
    userIds,
    notification,
    aboutThePerson(ctx, "delegation", { title: "Delegation of approvals", body: message, tag: `delegation-${delegationId}` }),
  );
}

/**
 * Who ended a delegation, in words that name each person once and guess no one's gender (DECISIONS
 * §16; the data has none): "Rajesh Sharma ended the delegation of their approvals to Vikram Mehta",
 * "Vikram Mehta ended the delegation of Rajesh Sharma's approvals to them", or a SuperAdmin's
 * "Anita Desai ended the delegation of Rajesh Sharma's approvals to Vikram Mehta".
 */
function endedWords(
  actor: { id: string; name: string },
  row: Pick<DelegationRow, "delegatorId" | "delegateId">,
  view: { delegatorName: string; delegateName: string },
): string {
  if (actor.id === row.delegatorId) return `${view.delegatorName} ended the delegation of their approvals to ${view.delegateName}`;
  if (actor.id === row.delegateId) return `${view.delegateName} ended the delegation of ${view.delegatorName}'s approvals to them`;
  return `${actor.name} ended the delegation of ${view.delegatorName}'s approvals to ${view.delegateName}`;
}

/** DELETE /api/delegations/:id {reason}: ends it early (an upcoming one never starts). */
export async function endDelegation(ctx: ActingContext, id: string, input: EndDelegationBody): Promise<Delegation> {
  if (!isUuid(id)) throw notFound(DELEGATION_NOT_FOUND);
  const today = todayOf(ctx);
  const ended = await inTransaction(ctx, async (tx, afterCommit) => {
    const [before] = await tx.select().from(delegations).where(eq(delegations.id, id)).limit(1).for("update");
    const party = before && (before.delegatorId === ctx.actor.id || before.delegateId === ctx.actor.id);
    if (!before || (!party && !managesEveryDelegation(ctx.actor))) throw notFound(DELEGATION_NOT_FOUND);
    if (before.endedAt) throw conflict(ALREADY_ENDED, "delegation_ended");
    if (before.toDate < today) throw conflict(ALREADY_OVER, "delegation_over");
    const [after] = await tx
      .update(delegations)
      .set({ endedAt: ctx.clock(), endedBy: ctx.actor.id, endReason: input.reason })
      .where(eq(delegations.id, id))
      .returning();
    await writeAudit(tx, ctx, {
      action: "end",
      entityType: "delegation",
      entityId: id,
      actor: ctx.actor,
      reason: input.reason,
      before: auditView(before),
      after: auditView(after!),
      ipAddress: ctx.ip,
    });
    const view = (await loadView(tx, id))!;
    const others = [before.delegatorId, before.delegateId].filter((u) => u !== ctx.actor.id);
    afterCommit.publish(await tellOfDelegation(tx, ctx, others, id, `${endedWords(ctx.actor, before, view)}: ${input.reason}`));
    return view;
  });
  return present(ended, today);
}

/** How often each server process looks for delegations whose first day has come. */
export const DELEGATION_ANNOUNCE_INTERVAL_MS = 5 * 60_000;

/**
 * Tells each delegate whose delegation begins today (APP_TIMEZONE) and was recorded on an earlier
 * day that it has begun: "From today to 04 Dec 2026 you approve on behalf of Rajesh Sharma: …".
 * Run at start-up and every few minutes by every server process (server/main.ts). One conditional
 * UPDATE claims the delegations, so processes running it together announce each exactly once, and
 * one ended early (its row locked by endDelegation) is never announced. A delegation whose delegator
 * or delegate can no longer approve gives nothing, so it is claimed without a note. Answers how many
 * delegates were told.
 */
export async function announceDelegationsBeginning(ctx: ServiceContext): Promise<number> {
  const today = todayOf(ctx);
  const due = and(
    isNull(delegations.startAnnouncedAt),
    isNull(delegations.endedAt),
    sql`${delegations.fromDate} <= ${today}`,
    sql`${delegations.toDate} >= ${today}`,
  );
  // Nearly every look finds nothing: it then writes nothing, since even an update of no row counts
  // as a change to what kept answers stand on (answer-cache/keeper.ts).
  if ((await ctx.db.select({ id: delegations.id }).from(delegations).where(due).limit(1)).length === 0) return 0;
  return inTransaction(ctx, async (tx, afterCommit) => {
    const claimed = await tx.update(delegations).set({ startAnnouncedAt: ctx.clock() }).where(due).returning({ id: delegations.id });
    if (claimed.length === 0) return 0;
    const begun = (
      await viewQuery(tx).where(
        inArray(
          delegations.id,
          claimed.map((c) => c.id),
        ),
      )
    ).map(flatten);
    const people = new Set(begun.flatMap((d) => [d.delegatorId, d.delegateId]));
    const usable = new Set(
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, [...people]), activeApproverCondition()))
      ).map((u) => u.id),
    );
    let told = 0;
    for (const d of begun) {
      if (!usable.has(d.delegatorId) || !usable.has(d.delegateId)) continue;
      // A process that was down on the first day announces it late: the days are then said by date.
      const days =
        d.fromDate < today ? `From ${dayText(d.fromDate)} to ${dayText(d.toDate)}` : d.toDate === today ? "Today" : `From today to ${dayText(d.toDate)}`;
      const notes = await tellOfDelegation(tx, ctx, [d.delegateId], d.id, `${days} you approve on behalf of ${d.delegatorName}: ${d.reason}`);
      afterCommit.publish(notes);
      told += notes.length;
    }
    return told;
  });
}
