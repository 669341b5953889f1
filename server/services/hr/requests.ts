// Employees ask, HR decides (DECISIONS §15): leave requests and regularisations, HR's one inbox,
// approve and reject. Each request and decision is one database transaction with its audit entry
// and its notifications (the bell's rows and the §14 outbox, written in the same transaction;
// published after commit).
//
// Locks, always in this order: the request's row (approve, reject, withdraw), then the employee's
// row (create, approve). Two requests of one employee at once serialise on the employee's row, so
// the second sees the first's pending days (one is refused 409 when both exceed the balance); an
// approval and a withdrawal of one request serialise on the request's row, so exactly one wins.
import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import {
  attendanceDays,
  employees,
  leaveRequests,
  leaves,
  punchDays,
  regularisations,
  users,
  type LeaveRequestRow,
  type RegularisationRow,
} from "../../db/schema";
import type { Weekday } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import { leaveDayCount, paidLeaveLeftMessage, type LeaveType } from "../../../shared/leave";
import type {
  EmployeeRequest,
  LeaveRequest,
  LeaveRequestBody,
  Regularisation,
  RegularisationBody,
  RequestStatus,
  RequestType,
} from "../../../shared/schemas/me";
import type { AttendancePolicy } from "../../../shared/schemas/hr";
import { monthBounds, monthOfDate, previousMonth, weekdayOf } from "../../../shared/calendar";
import { writeAudit } from "../audit";
import { type ActingContext, type ServiceContext, todayOf } from "../context";
import { DomainError, badRequest, notFound } from "../errors";
import { notifyUsers } from "../notifications";
import { inTransaction, type AfterCommit } from "../in-transaction";
import { reachAboutRequest } from "../reach/kinds";
import {
  activeLeavesOf,
  assertMayTakeLeave,
  daysInYear,
  employeeFacts,
  holidaySet,
  leaveBalance,
  NO_WORKING_DAY,
  recordLeaveOf,
  yearsOf,
  type EmployeeFacts,
} from "./leaves";
import { loadPolicy } from "./policy";
import { meOf } from "./me-of";
import { bell, loginsOf, MY_LEAVE_PAGE, span } from "./employee-notices";
import { collapsePunches, computeDay, type Punch } from "./day-rule";

const conflict = (message: string, code = "conflict") => new DomainError("conflict", message, { code });

export const REQUEST_NOT_FOUND = "Request not found";
export const REQUEST_DECIDED = (status: string) => `This request is already ${status.toLowerCase()}`;
export const REGULARISE_WHEN = "You can fix a past day of this month or last month (not today or a day to come)";

const HR_PAGE = "/hr/requests";
const myMonthPage = (month: string) => `/me?month=${month}`;

// ---------------------------------------------------------------- reading

const decider = alias(users, "decider");

type LeaveRequestRead = { row: LeaveRequestRow; employeeName: string; deciderName: string | null; leaveCancelled: boolean };
type RegularisationRead = { row: RegularisationRow; employeeName: string; deciderName: string | null };

export async function leaveRequestRows(q: Queryable, where: SQL | undefined, order: SQL[] = [desc(leaveRequests.createdAt)]): Promise<LeaveRequestRead[]> {
  const rows = await q
    .select({ row: leaveRequests, employeeName: employees.employeeName, deciderName: decider.name, cancelledAt: leaves.cancelledAt })
    .from(leaveRequests)
    .innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
    .leftJoin(decider, eq(decider.id, leaveRequests.decidedBy))
    .leftJoin(leaves, eq(leaves.id, leaveRequests.leaveId))
    .where(where)
    .orderBy(...order);
  return rows.map((r) => ({ row: r.row, employeeName: r.employeeName, deciderName: r.deciderName, leaveCancelled: r.cancelledAt !== null }));
}

export async function regularisationRows(
  q: Queryable,
  where: SQL | undefined,
  order: SQL[] = [desc(regularisations.createdAt)],
): Promise<RegularisationRead[]> {
  const rows = await q
    .select({ row: regularisations, employeeName: employees.employeeName, deciderName: decider.name })
    .from(regularisations)
    .innerJoin(employees, eq(employees.id, regularisations.employeeId))
    .leftJoin(decider, eq(decider.id, regularisations.decidedBy))
    .where(where)
    .orderBy(...order);
  return rows;
}

const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

function decidedFields(row: LeaveRequestRow | RegularisationRow, deciderName: string | null) {
  return {
    status: row.status as RequestStatus,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy ? { id: row.decidedBy, name: deciderName ?? "" } : null,
    decisionReason: row.decisionReason,
  };
}

export function presentLeaveRequest(r: LeaveRequestRead, weeklyOff: Weekday, holidays: ReadonlySet<string>): LeaveRequest {
  return {
    id: r.row.id,
    type: "leave",
    employee: { id: r.row.employeeId, name: r.employeeName },
    leaveType: r.row.type as LeaveType,
    from: r.row.fromDate,
    to: r.row.toDate,
    halfDay: r.row.halfDay,
    days: leaveDayCount({ from: r.row.fromDate, to: r.row.toDate, halfDay: r.row.halfDay }, weeklyOff, holidays),
    leaveId: r.row.leaveId,
    leaveCancelled: r.leaveCancelled,
    ...decidedFields(r.row, r.deciderName),
  };
}

export function presentRegularisation(r: RegularisationRead): Regularisation {
  return {
    id: r.row.id,
    type: "regularisation",
    employee: { id: r.row.employeeId, name: r.employeeName },
    date: r.row.date,
    punchIn: hhmm(r.row.punchIn),
    punchOut: hhmm(r.row.punchOut),
    ...decidedFields(r.row, r.deciderName),
  };
}

/** GET /api/hr/requests?status&type: leave requests and regularisations together, pending first, newest first. */
export async function listRequests(ctx: ServiceContext, query: { status?: RequestStatus; type?: RequestType }): Promise<{ requests: EmployeeRequest[] }> {
  const policy = await loadPolicy(ctx.db);
  const holidays = holidaySet(policy);
  const out: EmployeeRequest[] = [];
  if (query.type !== "regularisation") {
    const rows = await leaveRequestRows(ctx.db, query.status ? eq(leaveRequests.status, query.status) : undefined);
    const weeklyOffs = await weeklyOffsOf(
      ctx.db,
      rows.map((r) => r.row.employeeId),
    );
    out.push(...rows.map((r) => presentLeaveRequest(r, weeklyOffs.get(r.row.employeeId) ?? "Sunday", holidays)));
  }
  if (query.type !== "leave") {
    const rows = await regularisationRows(ctx.db, query.status ? eq(regularisations.status, query.status) : undefined);
    out.push(...rows.map(presentRegularisation));
  }
  out.sort((a, b) => Number(b.status === "Pending") - Number(a.status === "Pending") || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  return { requests: out.slice(0, 500) };
}

async function weeklyOffsOf(q: Queryable, ids: string[]): Promise<Map<string, Weekday>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: employees.id, weeklyOff: employees.weeklyOff })
    .from(employees)
    .where(inArray(employees.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.weeklyOff]));
}

// ---------------------------------------------------------------- who is told

/** Every active HR Admin and HR Staff but the one asking (an HR person may be an employee too). */
async function hrPeople(q: Queryable, except: string): Promise<string[]> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ["HR Admin", "HR Staff"]), eq(users.isActive, true), isNull(users.deletedAt)));
  return rows.map((r) => r.id).filter((id) => id !== except);
}

const daysText = (days: number) => `${days} day${days === 1 ? "" : "s"}`;

// ---------------------------------------------------------------- leave requests

/** POST /api/me/leave-requests: 201 Pending; refused as §8 refuses the leave itself, pending requests counted (409). */
export async function createLeaveRequest(ctx: ActingContext, body: LeaveRequestBody): Promise<LeaveRequest> {
  const me = await meOf(ctx.db, ctx.actor);
  const policy = await loadPolicy(ctx.db);
  const holidays = holidaySet(policy);
  return inTransaction(ctx, async (tx, afterCommit) => {
    const employee = (await employeeFacts(tx, me.id, true))!;
    assertMayTakeLeave(employee, body.from);
    const days = leaveDayCount(body, employee.weeklyOff, holidays);
    if (days === 0) throw badRequest(NO_WORKING_DAY, [{ path: "to", message: NO_WORKING_DAY }]);
    const [overlap] = await activeLeavesOf(tx, employee.id, body.from, body.to);
    if (overlap) throw conflict(`This overlaps your ${overlap.type} from ${formatDate(overlap.fromDate)} to ${formatDate(overlap.toDate)}`, "overlap");
    const pending = await tx
      .select()
      .from(leaveRequests)
      .where(and(eq(leaveRequests.employeeId, employee.id), eq(leaveRequests.status, "Pending")));
    const clash = pending.find((p) => p.fromDate <= body.to && p.toDate >= body.from);
    if (clash) throw conflict(`This overlaps your pending request from ${formatDate(clash.fromDate)} to ${formatDate(clash.toDate)}`, "overlap");
    if (body.type === "PL") {
      for (const year of yearsOf(body)) {
        const balance = await leaveBalance(tx, employee, year, policy);
        const asked = pending
          .filter((p) => p.type === "PL")
          .reduce((sum, p) => sum + daysInYear({ from: p.fromDate, to: p.toDate, halfDay: p.halfDay }, year, employee.weeklyOff, holidays), 0);
        const left = balance.remaining - asked;
        if (daysInYear(body, year, employee.weeklyOff, holidays) > left) throw conflict(paidLeaveLeftMessage(left), "balance");
      }
    }
    const [row] = await tx
      .insert(leaveRequests)
      .values({
        employeeId: employee.id,
        type: body.type,
        fromDate: body.from,
        toDate: body.to,
        halfDay: body.halfDay,
        reason: body.reason,
        requestedBy: ctx.actor.id,
      })
      .returning();
    const request = presentLeaveRequest(
      { row: row!, employeeName: employee.employeeName, deciderName: null, leaveCancelled: false },
      employee.weeklyOff,
      holidays,
    );
    await writeAudit(tx, ctx, {
      action: "request",
      entityType: "leave_request",
      entityId: row!.id,
      actor: ctx.actor,
      reason: body.reason,
      after: request,
      ipAddress: ctx.ip,
    });
    const what = `${body.type} ${span(body.from, body.to, body.halfDay)} (${daysText(days)})`;
    const message = `${employee.employeeName} asks for ${what}: ${body.reason}`;
    const rows = await notifyUsers(
      tx,
      await hrPeople(tx, ctx.actor.id),
      bell("employee_request", message),
      reachAboutRequest(
        ctx,
        "leave_request",
        { type: "leave_request", id: row!.id },
        { title: "Leave request", body: message, url: HR_PAGE, headline: `${employee.employeeName}: ${what}` },
      ),
    );
    afterCommit.publish(rows);
    return request;
  });
}

/** The caller's own request, locked (404 for anyone else's: another employee's request is not theirs to see). */
async function ownLocked<T extends typeof leaveRequests | typeof regularisations>(tx: Queryable, table: T, id: string, employeeId: string) {
  const [row] = await tx
    .select()
    .from(table as typeof leaveRequests)
    .where(and(eq(table.id, id), eq(table.employeeId, employeeId)))
    .for("update");
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** DELETE /api/me/leave-requests/:id: withdraws one's own pending request (409 once decided). */
export async function withdrawLeaveRequest(ctx: ActingContext, id: string): Promise<LeaveRequest> {
  const me = await meOf(ctx.db, ctx.actor);
  const policy = await loadPolicy(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const before = await ownLocked(tx, leaveRequests, id, me.id);
    if (before.status !== "Pending") throw conflict(REQUEST_DECIDED(before.status), "already_decided");
    await tx
      .update(leaveRequests)
      .set({ status: "Withdrawn", decidedAt: sql`now()`, decidedBy: ctx.actor.id })
      .where(eq(leaveRequests.id, id));
    await writeAudit(tx, ctx, {
      action: "withdraw",
      entityType: "leave_request",
      entityId: id,
      actor: ctx.actor,
      before: { status: "Pending" },
      after: { status: "Withdrawn" },
      ipAddress: ctx.ip,
    });
    const [read] = await leaveRequestRows(tx, eq(leaveRequests.id, id));
    return presentLeaveRequest(read!, me.weeklyOff, holidaySet(policy));
  });
}

/** The request's row locked, 404 when unknown, 409 when no longer pending. */
async function pendingLocked<T extends typeof leaveRequests | typeof regularisations>(tx: Queryable, table: T, id: string) {
  const [row] = await tx
    .select()
    .from(table as typeof leaveRequests)
    .where(eq(table.id, id))
    .for("update");
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  if (row.status !== "Pending") throw conflict(REQUEST_DECIDED(row.status), "already_decided");
  return row;
}

/** POST /api/hr/leave-requests/:id/approve: the §8 leave is recorded (its rules checked again), the employee told. */
export async function approveLeaveRequest(ctx: ActingContext, id: string, note: string | undefined): Promise<LeaveRequest> {
  const policy = await loadPolicy(ctx.db);
  return inTransaction(ctx, async (tx, afterCommit) => {
    const row = await pendingLocked(tx, leaveRequests, id);
    const employee = (await employeeFacts(tx, row.employeeId, true))!;
    const leave = await recordLeaveOf(
      tx,
      ctx,
      policy,
      employee,
      {
        type: row.type as LeaveType,
        from: row.fromDate,
        to: row.toDate,
        halfDay: row.halfDay,
        reason: `${row.reason} (asked by ${employee.employeeName}, approved by ${ctx.actor.name})`,
      },
      { fromRequest: row.id },
    );
    await tx
      .update(leaveRequests)
      .set({ status: "Approved", decidedAt: sql`now()`, decidedBy: ctx.actor.id, decisionReason: note ?? null, leaveId: leave.id })
      .where(eq(leaveRequests.id, id));
    return decided(tx, afterCommit, ctx, policy, employee, id, "Approved", note);
  });
}

/** POST /api/hr/leave-requests/:id/reject {reason}. */
export async function rejectLeaveRequest(ctx: ActingContext, id: string, reason: string): Promise<LeaveRequest> {
  const policy = await loadPolicy(ctx.db);
  return inTransaction(ctx, async (tx, afterCommit) => {
    const row = await pendingLocked(tx, leaveRequests, id);
    const employee = (await employeeFacts(tx, row.employeeId, false))!;
    await tx
      .update(leaveRequests)
      .set({ status: "Rejected", decidedAt: sql`now()`, decidedBy: ctx.actor.id, decisionReason: reason })
      .where(eq(leaveRequests.id, id));
    return decided(tx, afterCommit, ctx, policy, employee, id, "Rejected", reason);
  });
}

/** A leave request's decision audited and told to the employee, in the deciding transaction. */
async function decided(
  tx: Queryable,
  afterCommit: AfterCommit,
  ctx: ActingContext,
  policy: AttendancePolicy,
  employee: EmployeeFacts,
  id: string,
  status: "Approved" | "Rejected",
  reason: string | undefined,
) {
  const [read] = await leaveRequestRows(tx, eq(leaveRequests.id, id));
  const request = presentLeaveRequest(read!, employee.weeklyOff, holidaySet(policy));
  await writeAudit(tx, ctx, {
    action: status === "Approved" ? "approve" : "reject",
    entityType: "leave_request",
    entityId: id,
    actor: ctx.actor,
    reason: reason ?? null,
    before: { status: "Pending" },
    after: { status, leaveId: request.leaveId },
    ipAddress: ctx.ip,
  });
  const what = `${request.leaveType} ${span(request.from, request.to, request.halfDay)}`;
  const message = `Your leave ${what} was ${status.toLowerCase()} by ${ctx.actor.name}${reason ? `: ${reason}` : ""}`;
  const rows = await notifyUsers(
    tx,
    await loginsOf(tx, employee.id),
    bell("request_decision", message),
    reachAboutRequest(
      ctx,
      "leave_decided",
      { type: "leave_request", id },
      { title: `Leave ${status.toLowerCase()}`, body: message, url: MY_LEAVE_PAGE, headline: `Leave ${what} ${status.toLowerCase()}` },
    ),
  );
  afterCommit.publish(rows);
  return request;
}

// ---------------------------------------------------------------- regularisations

/** The first day one may still regularise: the first of last month (DECISIONS §15). */
function regulariseFrom(today: string): string {
  return monthBounds(previousMonth(monthOfDate(today))).from;
}

/** POST /api/me/regularisations: a past day of this or last month (not today, not the future), at least one time. */
export async function createRegularisation(ctx: ActingContext, body: RegularisationBody): Promise<Regularisation> {
  const me = await meOf(ctx.db, ctx.actor);
  const today = todayOf(ctx);
  if (body.date >= today || body.date < regulariseFrom(today)) throw badRequest(REGULARISE_WHEN, [{ path: "date", message: REGULARISE_WHEN }]);
  return inTransaction(ctx, async (tx, afterCommit) => {
    const employee = (await employeeFacts(tx, me.id, true))!;
    if (body.date < employee.joiningDate) throw conflict(`You joined on ${formatDate(employee.joiningDate)}: that day is before it`, "before_joining");
    const [open] = await tx
      .select({ id: regularisations.id })
      .from(regularisations)
      .where(and(eq(regularisations.employeeId, employee.id), eq(regularisations.date, body.date), eq(regularisations.status, "Pending")));
    if (open) throw conflict("You already asked to fix this day; it waits for HR", "duplicate_request");
    const [row] = await tx
      .insert(regularisations)
      .values({ employeeId: employee.id, date: body.date, punchIn: body.punchIn, punchOut: body.punchOut, reason: body.reason, requestedBy: ctx.actor.id })
      .returning();
    const request = presentRegularisation({ row: row!, employeeName: employee.employeeName, deciderName: null });
    await writeAudit(tx, ctx, {
      action: "request",
      entityType: "regularisation",
      entityId: row!.id,
      actor: ctx.actor,
      reason: body.reason,
      after: request,
      ipAddress: ctx.ip,
    });
    const times = [body.punchIn ? `in ${body.punchIn}` : null, body.punchOut ? `out ${body.punchOut}` : null].filter(Boolean).join(", ");
    const message = `${employee.employeeName} asks to fix ${formatDate(body.date)} (${times}): ${body.reason}`;
    const rows = await notifyUsers(
      tx,
      await hrPeople(tx, ctx.actor.id),
      bell("employee_request", message),
      reachAboutRequest(
        ctx,
        "regularisation_request",
        { type: "regularisation", id: row!.id },
        { title: "Fix a day", body: message, url: HR_PAGE, headline: `${employee.employeeName}: ${formatDate(body.date)}` },
      ),
    );
    afterCommit.publish(rows);
    return request;
  });
}

const withSeconds = (t: string) => (t.length === 5 ? `${t}:00` : t);

/**
 * POST /api/hr/regularisations/:id/approve: the asked times join the day's punches (so a re-import,
 * which recomputes a day's times from its punches, keeps them), and the day becomes a hand edit
 * (DECISIONS §8: it wins over re-imports) whose status the day rule works out from them, its reason
 * "Regularised: …" naming who approved.
 */
export async function approveRegularisation(ctx: ActingContext, id: string, note: string | undefined): Promise<Regularisation> {
  const policy = await loadPolicy(ctx.db);
  const today = todayOf(ctx);
  return inTransaction(ctx, async (tx, afterCommit) => {
    const row = await pendingLocked(tx, regularisations, id);
    const reg = row as unknown as RegularisationRow;
    const employee = (await employeeFacts(tx, reg.employeeId, true))!;
    const [stored] = await tx
      .select()
      .from(punchDays)
      .where(and(eq(punchDays.employeeId, employee.id), eq(punchDays.punchDate, reg.date)));
    const asked: Punch[] = [
      ...(reg.punchIn ? [{ time: withSeconds(reg.punchIn), type: "in" as const }] : []),
      ...(reg.punchOut ? [{ time: withSeconds(reg.punchOut), type: "out" as const }] : []),
    ];
    const existing: Punch[] = stored ? stored.punchTimes.map((time, i) => ({ time, type: stored.punchTypes[i]! })) : [];
    const merged = uniquePunches([...existing, ...asked]);
    await tx
      .insert(punchDays)
      .values({ employeeId: employee.id, punchDate: reg.date, punchTimes: merged.map((p) => p.time), punchTypes: merged.map((p) => p.type) })
      .onConflictDoUpdate({
        target: [punchDays.employeeId, punchDays.punchDate],
        set: { punchTimes: merged.map((p) => p.time), punchTypes: merged.map((p) => p.type) },
      });
    // HR confirms the day: it is judged as a recorded day whatever the imports cover.
    const day = computeDay(
      {
        date: reg.date,
        isWeeklyOff: weekdayOf(reg.date) === employee.weeklyOff,
        isHoliday: holidaySet(policy).has(reg.date),
        punches: collapsePunches(merged, policy.duplicatePunchWindowMinutes),
        today,
        coveredThrough: reg.date,
        leave: null,
      },
      policy,
    )!;
    const editReason = `Regularised: ${reg.reason} (asked by ${employee.employeeName}, approved by ${ctx.actor.name}${note ? `: ${note}` : ""})`;
    const values = {
      dayStatus: day.dayStatus,
      firstInTime: day.firstInTime,
      lastOutTime: day.lastOutTime,
      totalHours: String(day.totalHours),
      violationPoints: day.violationPoints,
      violationReason: day.violationReason,
      reviewReason: day.reviewReason,
      isManual: true,
      editReason,
      editedBy: ctx.actor.id,
      editedAt: sql`now()`,
      updatedAt: sql`now()`,
    };
    const [before] = await tx
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, employee.id), eq(attendanceDays.date, reg.date)));
    const [dayRow] = await tx
      .insert(attendanceDays)
      .values({ employeeId: employee.id, date: reg.date, ...values })
      .onConflictDoUpdate({ target: [attendanceDays.employeeId, attendanceDays.date], set: values })
      .returning();
    await writeAudit(tx, ctx, {
      action: "update",
      entityType: "attendance",
      entityId: dayRow!.id,
      actor: ctx.actor,
      reason: editReason,
      before: before ? { dayStatus: before.dayStatus, firstInTime: before.firstInTime, lastOutTime: before.lastOutTime } : null,
      after: { dayStatus: dayRow!.dayStatus, firstInTime: dayRow!.firstInTime, lastOutTime: dayRow!.lastOutTime, regularisationId: id },
      ipAddress: ctx.ip,
    });
    await tx
      .update(regularisations)
      .set({ status: "Approved", decidedAt: sql`now()`, decidedBy: ctx.actor.id, decisionReason: note ?? null })
      .where(eq(regularisations.id, id));
    return regularisationDecided(tx, afterCommit, ctx, employee, id, "Approved", note);
  });
}

/** Each (time, type) once, sorted by time then in before out (punch_days' shape). */
function uniquePunches(punches: Punch[]): Punch[] {
  const seen = new Set<string>();
  return punches
    .filter((p) => (seen.has(`${p.time}|${p.type}`) ? false : (seen.add(`${p.time}|${p.type}`), true)))
    .sort((a, b) => a.time.localeCompare(b.time) || (a.type === b.type ? 0 : a.type === "in" ? -1 : 1));
}

/** POST /api/hr/regularisations/:id/reject {reason}. */
export async function rejectRegularisation(ctx: ActingContext, id: string, reason: string): Promise<Regularisation> {
  return inTransaction(ctx, async (tx, afterCommit) => {
    const row = (await pendingLocked(tx, regularisations, id)) as unknown as RegularisationRow;
    const employee = (await employeeFacts(tx, row.employeeId, false))!;
    await tx
      .update(regularisations)
      .set({ status: "Rejected", decidedAt: sql`now()`, decidedBy: ctx.actor.id, decisionReason: reason })
      .where(eq(regularisations.id, id));
    return regularisationDecided(tx, afterCommit, ctx, employee, id, "Rejected", reason);
  });
}

async function regularisationDecided(
  tx: Queryable,
  afterCommit: AfterCommit,
  ctx: ActingContext,
  employee: EmployeeFacts,
  id: string,
  status: "Approved" | "Rejected",
  reason: string | undefined,
) {
  const [read] = await regularisationRows(tx, eq(regularisations.id, id));
  const request = presentRegularisation(read!);
  await writeAudit(tx, ctx, {
    action: status === "Approved" ? "approve" : "reject",
    entityType: "regularisation",
    entityId: id,
    actor: ctx.actor,
    reason: reason ?? null,
    before: { status: "Pending" },
    after: { status },
    ipAddress: ctx.ip,
  });
  const message = `Your fix of ${formatDate(request.date)} was ${status.toLowerCase()} by ${ctx.actor.name}${reason ? `: ${reason}` : ""}`;
  const rows = await notifyUsers(
    tx,
    await loginsOf(tx, employee.id),
    bell("request_decision", message),
    reachAboutRequest(
      ctx,
      "regularisation_decided",
      { type: "regularisation", id },
      {
        title: `Day fix ${status.toLowerCase()}`,
        body: message,
        url: myMonthPage(monthOfDate(request.date)),
        headline: `${formatDate(request.date)} ${status.toLowerCase()}`,
      },
    ),
  );
  afterCommit.publish(rows);
  return request;
}
