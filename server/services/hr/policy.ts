// The one attendance policy (DECISIONS §8) and its holidays: read for every computation, edited on
// /hr/policies. A change recalculates the computed (non-manual) days it can affect.
import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { attendancePolicy, holidays } from "../../db/schema";
import { DEFAULT_ATTENDANCE_POLICY, type AttendancePolicy } from "../../../shared/schemas/hr";
import { writeAudit } from "../audit";
import { monthBounds, monthOfDate, minDate, previousMonth } from "../../../shared/calendar";
import { recalculateDays } from "./recalculate";
import { coverageOfDays } from "./coverage";
import { rows } from "../../db/sql";
import { type ActingContext, type ServiceContext, todayOf } from "../context";

export type LoadedPolicy = AttendancePolicy & { updatedAt: string | null };

/** GET /api/hr/attendance-policy */
export function attendancePolicyOf(ctx: Pick<ServiceContext, "db">): Promise<LoadedPolicy> {
  return loadPolicy(ctx.db);
}

export async function loadPolicy(q: Queryable): Promise<LoadedPolicy> {
  const [row] = await q.select().from(attendancePolicy).where(eq(attendancePolicy.id, 1));
  const days = await q.select({ date: holidays.date, name: holidays.name }).from(holidays).orderBy(asc(holidays.date));
  if (!row) return { ...DEFAULT_ATTENDANCE_POLICY, holidays: days, updatedAt: null };
  return {
    shiftStart: row.shiftStart,
    lateGraceMinutes: row.lateGraceMinutes,
    fullDayHours: Number(row.fullDayHours),
    halfDayHours: Number(row.halfDayHours),
    pointsPerLate: row.pointsPerLate,
    pointsPerHalfDayDeduction: row.pointsPerHalfDayDeduction,
    duplicatePunchWindowMinutes: row.duplicatePunchWindowMinutes,
    paidLeaveDaysPerYear: row.paidLeaveDaysPerYear,
    holidays: days,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saves the policy and its holiday list, audited with before and after, then recalculates the
 * non-manual days of the previous and current month (and back to the earliest holiday that
 * changed, when that is earlier) for every employee with attendance or punches in that range.
 */
export async function updatePolicy(ctx: ActingContext, input: AttendancePolicy): Promise<LoadedPolicy> {
  const { db, actor, ip: ipAddress } = ctx;
  const today = todayOf(ctx);
  return db.transaction(async (tx) => {
    const before = await loadPolicy(tx);
    await tx
      .insert(attendancePolicy)
      .values({ id: 1, ...policyColumns(input), updatedBy: actor.id, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: attendancePolicy.id, set: { ...policyColumns(input), updatedBy: actor.id, updatedAt: sql`now()` } });
    await tx.delete(holidays);
    if (input.holidays.length > 0) await tx.insert(holidays).values(input.holidays.map((h) => ({ date: h.date, name: h.name })));
    const after = await loadPolicy(tx);
    await writeAudit(tx, ctx, { action: "update", entityType: "attendance_policy", entityId: "1", actor, before, after, ipAddress });

    const oldDates = new Set(before.holidays.map((h) => h.date));
    const newDates = new Set(after.holidays.map((h) => h.date));
    const changedHolidays = [...oldDates].filter((d) => !newDates.has(d)).concat([...newDates].filter((d) => !oldDates.has(d)));
    let from = monthBounds(previousMonth(monthOfDate(today))).from;
    for (const d of changedHolidays) if (d < from) from = d;
    const to = minDate(today, monthBounds(monthOfDate(today)).to);
    const affected = await rows<{ id: string }>(
      tx,
      sql`select employee_id as id from attendance_days where date between ${from} and ${to}
          union select employee_id from punch_days where punch_date between ${from} and ${to}`,
    );
    await recalculateDays(tx, after, { employeeIds: affected.map((r) => r.id), from, to, today, coverage: await coverageOfDays(tx, from, to) });
    return after;
  });
}

function policyColumns(p: AttendancePolicy) {
  return {
    shiftStart: p.shiftStart,
    lateGraceMinutes: p.lateGraceMinutes,
    fullDayHours: String(p.fullDayHours),
    halfDayHours: String(p.halfDayHours),
    pointsPerLate: p.pointsPerLate,
    pointsPerHalfDayDeduction: p.pointsPerHalfDayDeduction,
    duplicatePunchWindowMinutes: p.duplicatePunchWindowMinutes,
    paidLeaveDaysPerYear: p.paidLeaveDaysPerYear,
  };
}
