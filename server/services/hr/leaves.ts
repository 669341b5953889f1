// The leave register (DECISIONS §8): record granted leave, cancel it with a reason, list an
// employee's year with the paid-leave balance or everyone's month. Every change is audited in the
// same database transaction and recalculates exactly the leave's days through the one day rule
// (recalculate.ts → computeDay), so import, recalculation and hand edits all agree.
import { and, asc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { departments, employees, leaves, type LeaveRow } from "../../db/schema";
import { DomainError, badRequest, notFound } from "../errors";
import { writeAudit } from "../audit";
import type { Weekday } from "../../../shared/constants";
import type { AttendancePolicy, LeaveBalance } from "../../../shared/schemas/hr";
import { monthBounds, weekdayOf } from "../../../shared/calendar";
import { leaveDayCount, paidLeaveEntitlement, paidLeaveLeftMessage, type LeaveType } from "../../../shared/leave";
import type { CancelLeaveBody, Leave, LeaveListResponse, LeaveQuery, RecordLeaveBody } from "../../../shared/schemas/leave";
import { recalculateDays } from "./recalculate";
import { coverageOfDays } from "./coverage";
import { type ActingContext, type ServiceContext, todayOf } from "../context";
import { loadPolicy } from "./policy";
import { tellLeaveCancelled } from "./employee-notices";
import { inTransaction } from "../in-transaction";

export const LEAVE_NOT_FOUND = "Leave not found";
export const NO_WORKING_DAY = "These dates hold no working day (only weekly offs and holidays)";

export type EmployeeFacts = {
  id: string;
  weeklyOff: Weekday;
  joiningDate: string;
  isActive: boolean;
  employeeName: string;
  employeeCode: string | null;
  departmentName: string;
};

const conflict = (message: string) => new DomainError("conflict", message, { code: "conflict" });

export async function employeeFacts(q: Queryable, id: string, lock: boolean): Promise<EmployeeFacts | null> {
  const query = q
    .select({
      id: employees.id,
      weeklyOff: employees.weeklyOff,
      joiningDate: employees.joiningDate,
      isActive: employees.isActive,
      employeeName: employees.employeeName,
      employeeCode: employees.employeeCode,
      departmentName: departments.name,
    })
    .from(employees)
    .innerJoin(departments, eq(departments.id, employees.departmentId))
    .where(eq(employees.id, id));
  // The employee's row is the lock that serialises their leave: two parallel requests for more
  // paid leave than is left see each other's insert, so exactly one succeeds (DECISIONS §8).
  const [row] = lock ? await query.for("update", { of: employees }) : await query;
  return (row as EmployeeFacts | undefined) ?? null;
}

export const holidaySet = (policy: AttendancePolicy) => new Set(policy.holidays.map((h) => h.date));

export function presentLeave(
  row: LeaveRow,
  employee: Pick<EmployeeFacts, "weeklyOff" | "employeeName" | "employeeCode" | "departmentName">,
  holidays: ReadonlySet<string>,
): Leave {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employee: { employeeName: employee.employeeName, employeeCode: employee.employeeCode, department: { name: employee.departmentName } },
    type: row.type as LeaveType,
    from: row.fromDate,
    to: row.toDate,
    halfDay: row.halfDay,
    days: leaveDayCount({ from: row.fromDate, to: row.toDate, halfDay: row.halfDay }, employee.weeklyOff, holidays),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/** Paid leave taken in a year: the working days of active PL leaves that fall in it (0.5 for a half day). */
function paidTakenIn(year: number, rows: readonly LeaveRow[], weeklyOff: Weekday, holidays: ReadonlySet<string>): number {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  let taken = 0;
  for (const l of rows) {
    if (l.type !== "PL" || l.cancelledAt) continue;
    const start = l.fromDate > from ? l.fromDate : from;
    const end = l.toDate < to ? l.toDate : to;
    if (start > end) continue;
    taken += leaveDayCount({ from: start, to: end, halfDay: l.halfDay }, weeklyOff, holidays);
  }
  return taken;
}

export async function activeLeavesOf(q: Queryable, employeeId: string, from: string, to: string): Promise<LeaveRow[]> {
  return q
    .select()
    .from(leaves)
    .where(and(eq(leaves.employeeId, employeeId), isNull(leaves.cancelledAt), lte(leaves.fromDate, to), gte(leaves.toDate, from)))
    .orderBy(asc(leaves.fromDate));
}

export async function leaveBalance(
  q: Queryable,
  employee: Pick<EmployeeFacts, "id" | "weeklyOff" | "joiningDate">,
  year: number,
  policy: AttendancePolicy,
): Promise<LeaveBalance> {
  const rows = await activeLeavesOf(q, employee.id, `${year}-01-01`, `${year}-12-31`);
  const entitlement = paidLeaveEntitlement(policy.paidLeaveDaysPerYear, employee.joiningDate, year);
  const taken = paidTakenIn(year, rows, employee.weeklyOff, holidaySet(policy));
  return { year, entitlement, taken, remaining: entitlement - taken };
}

export const leaveForInactiveMessage = (name: string) => `${name} is inactive: leave cannot be recorded for an inactive employee`;
export const leaveBeforeJoiningMessage = (joiningDate: string) => `Leave cannot start before the employee's joining date (${joiningDate})`;

/** DECISIONS §8: leave is recorded only for an active employee, and never from before they joined (409). */
export function assertMayTakeLeave(employee: Pick<EmployeeFacts, "isActive" | "joiningDate" | "employeeName">, from: string): void {
  if (!employee.isActive) throw conflict(leaveForInactiveMessage(employee.employeeName));
  if (from < employee.joiningDate) throw conflict(leaveBeforeJoiningMessage(employee.joiningDate));
}

/** POST /api/hr/leaves: 201 {leave}; 404 unknown employee; 400 no working day; 409 inactive employee, before joining, overlap or not enough paid leave. */
export async function recordLeave(ctx: ActingContext, input: RecordLeaveBody): Promise<{ leave: Leave }> {
  const { db } = ctx;
  const policy = await loadPolicy(db);
  return db.transaction(async (tx) => {
    const employee = await employeeFacts(tx, input.employeeId, true);
    if (!employee) throw notFound("Employee not found");
    return { leave: await recordLeaveOf(tx, ctx, policy, employee, input) };
  });
}

/**
 * The leave register's rules and record, inside the caller's transaction with the employee's row
 * already locked (employeeFacts with lock): HR's POST /api/hr/leaves, and the approval of an
 * employee's leave request (DECISIONS §15: the rules are checked again then). Audited, its days
 * recalculated.
 */
export async function recordLeaveOf(
  tx: Queryable,
  ctx: ActingContext,
  policy: AttendancePolicy,
  employee: EmployeeFacts,
  input: Omit<RecordLeaveBody, "employeeId">,
  audit: { fromRequest?: string } = {},
): Promise<Leave> {
  const { actor, ip: ipAddress } = ctx;
  const today = todayOf(ctx);
  assertMayTakeLeave(employee, input.from);
  const holidays = holidaySet(policy);
  const days = leaveDayCount(input, employee.weeklyOff, holidays);
  if (days === 0) throw badRequest(NO_WORKING_DAY, [{ path: "to", message: NO_WORKING_DAY }]);

  const [overlap] = await activeLeavesOf(tx, employee.id, input.from, input.to);
  if (overlap) throw conflict(`This overlaps the ${overlap.type} already recorded from ${overlap.fromDate} to ${overlap.toDate}`);

  if (input.type === "PL") {
    for (const year of yearsOf(input)) {
      const balance = await leaveBalance(tx, employee, year, policy);
      const wanted = daysInYear(input, year, employee.weeklyOff, holidays);
      if (wanted > balance.remaining) throw conflict(paidLeaveLeftMessage(balance.remaining));
    }
  }

  const [row] = await tx
    .insert(leaves)
    .values({
      employeeId: employee.id,
      type: input.type,
      fromDate: input.from,
      toDate: input.to,
      halfDay: input.halfDay,
      reason: input.reason,
      createdBy: actor.id,
    })
    .returning();
  const leave = presentLeave(row!, employee, holidays);
  await writeAudit(tx, ctx, {
    action: "record_leave",
    entityType: "leave",
    entityId: row!.id,
    actor,
    reason: input.reason,
    after: audit.fromRequest ? { ...leave, leaveRequestId: audit.fromRequest } : leave,
    ipAddress,
  });
  await recalculateDays(tx, policy, {
    employeeIds: [employee.id],
    from: input.from,
    to: input.to,
    today,
    coverage: await coverageOfDays(tx, input.from, input.to),
  });
  return leave;
}

/** The years a leave touches. */
export function yearsOf(input: { from: string; to: string }): number[] {
  return [...new Set([input.from.slice(0, 4), input.to.slice(0, 4)])].map(Number);
}

/** The working days of a leave that fall in one year. */
export function daysInYear(input: { from: string; to: string; halfDay: boolean }, year: number, weeklyOff: Weekday, holidays: ReadonlySet<string>): number {
  const from = input.from > `${year}-01-01` ? input.from : `${year}-01-01`;
  const to = input.to < `${year}-12-31` ? input.to : `${year}-12-31`;
  if (from > to) return 0;
  return leaveDayCount({ from, to, halfDay: input.halfDay }, weeklyOff, holidays);
}

/** DELETE /api/hr/leaves/:id {reason}: the leave stops counting; its days are recalculated. */
export async function cancelLeave(ctx: ActingContext, id: string, input: CancelLeaveBody): Promise<{ leave: Leave }> {
  const { db, actor, ip: ipAddress } = ctx;
  const policy = await loadPolicy(db);
  const today = todayOf(ctx);
  return inTransaction(ctx, async (tx, afterCommit) => {
    const [row] = await tx.select().from(leaves).where(eq(leaves.id, id)).for("update");
    if (!row) throw notFound(LEAVE_NOT_FOUND);
    if (row.cancelledAt) throw conflict("This leave was already cancelled");
    const employee = (await employeeFacts(tx, row.employeeId, true))!;
    const [after] = await tx
      .update(leaves)
      .set({ cancelledAt: sql`now()`, cancelledBy: actor.id, cancelReason: input.reason })
      .where(eq(leaves.id, id))
      .returning();
    const leave = presentLeave(after!, employee, holidaySet(policy));
    await writeAudit(tx, ctx, {
      action: "cancel_leave",
      entityType: "leave",
      entityId: id,
      actor,
      reason: input.reason,
      before: presentLeave(row, employee, holidaySet(policy)),
      ipAddress,
    });
    await recalculateDays(tx, policy, {
      employeeIds: [row.employeeId],
      from: row.fromDate,
      to: row.toDate,
      today,
      coverage: await coverageOfDays(tx, row.fromDate, row.toDate),
    });
    // DECISIONS §15: the employee is told (their login's bell, push and email).
    const told = await tellLeaveCancelled(
      tx,
      ctx,
      { id, employeeId: row.employeeId, type: row.type, from: row.fromDate, to: row.toDate, halfDay: row.halfDay },
      input.reason,
    );
    afterCommit.publish(told);
    return { leave };
  });
}

/**
 * GET /api/hr/leaves?employeeId&year → that employee's active leave of the year with the balance;
 * ?month=yyyy-mm (&departmentId) → everyone's active leave that touches the month.
 */
export async function listLeaves(ctx: ServiceContext, query: LeaveQuery): Promise<LeaveListResponse> {
  const { db } = ctx;
  const policy = await loadPolicy(db);
  const today = todayOf(ctx);
  const holidays = holidaySet(policy);
  if (query.employeeId && !query.month) {
    const employee = await employeeFacts(db, query.employeeId, false);
    if (!employee) throw notFound("Employee not found");
    const year = query.year ?? Number(today.slice(0, 4));
    const rows = await activeLeavesOf(db, employee.id, `${year}-01-01`, `${year}-12-31`);
    return { leaves: rows.map((r) => presentLeave(r, employee, holidays)), balance: await leaveBalance(db, employee, year, policy) };
  }
  const { from, to } = monthBounds(query.month!);
  const rows = await db
    .select({
      leave: leaves,
      weeklyOff: employees.weeklyOff,
      employeeName: employees.employeeName,
      employeeCode: employees.employeeCode,
      departmentName: departments.name,
    })
    .from(leaves)
    .innerJoin(employees, eq(employees.id, leaves.employeeId))
    .innerJoin(departments, eq(departments.id, employees.departmentId))
    .where(
      and(
        isNull(leaves.cancelledAt),
        lte(leaves.fromDate, to),
        gte(leaves.toDate, from),
        query.employeeId ? eq(leaves.employeeId, query.employeeId) : undefined,
        query.departmentId ? eq(employees.departmentId, query.departmentId) : undefined,
      ),
    )
    .orderBy(asc(leaves.fromDate), asc(sql`lower(${employees.employeeName})`), asc(leaves.id));
  return { leaves: rows.map((r) => presentLeave(r.leave, r, holidays)) };
}

/** How many employees are on leave on `date` (the HR dashboard's "On leave today"): active leave on one of their working days. */
export async function onLeaveOn(q: Queryable, date: string, policy: AttendancePolicy): Promise<number> {
  if (policy.holidays.some((h) => h.date === date)) return 0;
  const rows = await q
    .select({ employeeId: leaves.employeeId, weeklyOff: employees.weeklyOff })
    .from(leaves)
    .innerJoin(employees, eq(employees.id, leaves.employeeId))
    .where(and(isNull(leaves.cancelledAt), eq(employees.isActive, true), lte(leaves.fromDate, date), gte(leaves.toDate, date)));
  return new Set(rows.filter((r) => r.weeklyOff !== weekdayOf(date)).map((r) => r.employeeId)).size;
}
