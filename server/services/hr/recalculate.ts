// Recalculation of stored attendance days from stored punches, in batches (DECISIONS §8, §9):
// one query loads the stored punch days of a group of employees for the whole range;
// computeDay/mergeManualEdit (the one day rule, day-rule.ts) run in JS; the results are upserted
// UPSERT_BATCH rows per statement. A day edited by hand keeps its status, points and violation
// reason: mergeManualEdit decides that in JS, and the upsert re-checks is_manual in SQL so an edit
// committed meanwhile is never overwritten.
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import type { DayStatus, PunchType, Weekday } from "../../../shared/constants";
import type { AttendancePolicy, ReviewReason } from "../../../shared/schemas/hr";
import type { LeaveType } from "../../../shared/leave";
import { datesBetween, maxDate, minDate, monthOfDate, weekdayOf } from "../../../shared/calendar";
import { computeDay, mergeManualEdit, type Punch, type StoredDay } from "./day-rule";
import { quiet, rows, slices, textArray } from "../../db/sql";

export type RecalcScope = {
  employeeIds: readonly string[];
  /** First and last date to recalculate, both included. */
  from: string;
  to: string;
  /** Today in APP_TIMEZONE: later days are not marked. */
  today: string;
  /** Employees loaded together (tests make it small to exercise the pipeline). */
  groupSize?: number;
  /**
   * What the imports cover of the scope's months (coverage.ts coverageOfDays), read by the caller in
   * this transaction: an import stores its range before it recalculates, and reads the range
   * anyway to know whose days to judge.
   */
  coverage: ReadonlyMap<string, string>;
};

/** Employees whose punches are loaded together, bounding memory to one group's month whatever the company's size. */
const EMPLOYEE_GROUP = 50;
/** Rows per upsert statement. */
const UPSERT_BATCH = 2_000;

type EmployeeFacts = { id: string; weekly_off: Weekday; joining_date: string; is_active: boolean };
/** A stored day's punches (punch_days), times and types each as one space-separated text, in order. */
type PunchDayText = { employee_id: string; d: string; times: string; types: string };
type ExistingRow = {
  employee_id: string;
  d: string;
  is_manual: boolean;
  day_status: DayStatus;
  violation_points: number;
  violation_reason: string | null;
  review_reason: ReviewReason | null;
};

export type DayToStore = StoredDay & { employeeId: string; date: string };

/**
 * Which days are computed for one employee: for an active employee every day from
 * max(joiningDate, from) to min(today, to) — a recorded working day without punches is Absent
 * (Unpaid), a day not recorded without punches is not stored (computeDay);
 * for an inactive one only the days that have punches. Days edited by hand in the range are
 * always revisited so their punch facts follow the punches.
 */
export function* daysToCompute(
  employee: { isActive: boolean; joiningDate: string },
  scope: Pick<RecalcScope, "from" | "to" | "today">,
  punchDates: Iterable<string>,
  manualDates: Iterable<string>,
  leaveDates: Iterable<string> = [],
): Generator<string> {
  const dates = new Set<string>();
  if (employee.isActive) for (const d of datesBetween(maxDate(employee.joiningDate, scope.from), minDate(scope.today, scope.to))) dates.add(d);
  for (const d of punchDates) dates.add(d);
  for (const d of manualDates) dates.add(d);
  // Leave days are stored ahead of time too (DECISIONS §8), inside the scope.
  for (const d of leaveDates) if (d >= scope.from && d <= scope.to) dates.add(d);
  yield* [...dates].sort();
}

/**
 * Recalculates and stores the days of `scope`; answers how many day rows were written.
 * Pipelined on the one connection: the next group's rows are requested before this group's
 * upserts, so the JS computation of one group overlaps the database work of its neighbours.
 */
export async function recalculateDays(q: Queryable, policy: AttendancePolicy, scope: RecalcScope): Promise<number> {
  const holidayDates = new Set(policy.holidays.map((h) => h.date));
  const groups = [...slices([...new Set(scope.employeeIds)].sort(), scope.groupSize ?? EMPLOYEE_GROUP)];
  if (groups.length === 0) return 0;
  let loading = quiet(loadGroup(q, groups[0], scope));
  let writing: Promise<number> = Promise.resolve(0);
  let written = 0;
  try {
    for (let i = 0; i < groups.length; i++) {
      const data = await loading;
      if (i + 1 < groups.length) loading = quiet(loadGroup(q, groups[i + 1], scope));
      const { days, stale } = computeGroup(policy, holidayDates, scope.coverage, data, scope);
      written += await writing;
      writing = quiet(upsertAll(q, days).then(async (n) => n + (await deleteDays(q, stale))));
    }
    written += await writing;
  } finally {
    // Never leave a query of this transaction running unobserved.
    await Promise.allSettled([loading, writing]);
  }
  return written;
}

async function upsertAll(q: Queryable, days: DayToStore[]): Promise<number> {
  let written = 0;
  for (const batch of slices(days, UPSERT_BATCH)) written += await upsertDays(q, batch);
  return written;
}

type LeaveSpan = { employee_id: string; type: LeaveType; from_date: string; to_date: string; half_day: boolean };
type GroupData = { employees: EmployeeFacts[]; punches: PunchDayText[]; existing: ExistingRow[]; leaves: LeaveSpan[] };

async function loadGroup(q: Queryable, ids: string[], scope: RecalcScope): Promise<GroupData> {
  const idArray = sql`(${textArray(ids)})::uuid[]`;
  const employees = await rows<EmployeeFacts>(
    q,
    sql`select id, weekly_off, joining_date::text as joining_date, is_active from employees where id = any(${idArray})`,
  );
  const punches = await rows<PunchDayText>(
    q,
    sql`select employee_id, punch_date::text as d, array_to_string(punch_times, ' ') as times, array_to_string(punch_types, ' ') as types
        from punch_days where employee_id = any(${idArray}) and punch_date between ${scope.from}::date and ${scope.to}::date`,
  );
  const existing = await rows<ExistingRow>(
    q,
    sql`select employee_id, date::text as d, is_manual, day_status::text as day_status, violation_points, violation_reason, review_reason
        from attendance_days where employee_id = any(${idArray}) and date between ${scope.from}::date and ${scope.to}::date`,
  );
  const leaves = await rows<LeaveSpan>(
    q,
    sql`select employee_id, type, from_date::text as from_date, to_date::text as to_date, half_day from leaves
        where employee_id = any(${idArray}) and cancelled_at is null and from_date <= ${scope.to}::date and to_date >= ${scope.from}::date`,
  );
  return { employees, punches, existing, leaves };
}

/**
 * The group's days to store, and the stale ones: stored days that nobody edited and that the rule
 * no longer stores (a cancelled leave ahead of today, a day no longer covered), to delete.
 */
function computeGroup(
  policy: AttendancePolicy,
  holidayDates: Set<string>,
  coverage: ReadonlyMap<string, string>,
  data: GroupData,
  scope: RecalcScope,
): { days: DayToStore[]; stale: { employeeId: string; date: string }[] } {
  const { employees, punches, existing } = data;
  const leaveByEmployee = new Map<string, Map<string, { type: LeaveType; halfDay: boolean }>>();
  for (const l of data.leaves) {
    const byDate = leaveByEmployee.get(l.employee_id) ?? new Map<string, { type: LeaveType; halfDay: boolean }>();
    for (const d of datesBetween(l.from_date, l.to_date)) byDate.set(d, { type: l.type, halfDay: l.half_day });
    leaveByEmployee.set(l.employee_id, byDate);
  }
  const punchDays = new Map<string, PunchDayText[]>();
  for (const p of punches) {
    const list = punchDays.get(p.employee_id);
    if (list) list.push(p);
    else punchDays.set(p.employee_id, [p]);
  }
  const existingByKey = new Map<string, ExistingRow>();
  const manualByEmployee = new Map<string, string[]>();
  for (const e of existing) {
    existingByKey.set(`${e.employee_id}|${e.d}`, e);
    if (e.is_manual) {
      const list = manualByEmployee.get(e.employee_id) ?? [];
      list.push(e.d);
      manualByEmployee.set(e.employee_id, list);
    }
  }

  const rules = policy;
  const out: DayToStore[] = [];
  const stale: { employeeId: string; date: string }[] = [];
  for (const employee of employees) {
    const byDate = punchesByDate(punchDays.get(employee.id));
    const leaveDays = leaveByEmployee.get(employee.id) ?? new Map<string, { type: LeaveType; halfDay: boolean }>();
    const stored = existing.filter((e) => e.employee_id === employee.id && !e.is_manual).map((e) => e.d);
    const dates = daysToCompute(
      { isActive: employee.is_active, joiningDate: employee.joining_date },
      scope,
      [...byDate.keys(), ...stored],
      manualByEmployee.get(employee.id) ?? [],
      leaveDays.keys(),
    );
    for (const date of dates) {
      const computed = computeDay(
        {
          date,
          isWeeklyOff: weekdayOf(date) === employee.weekly_off,
          isHoliday: holidayDates.has(date),
          punches: byDate.get(date) ?? [],
          today: scope.today,
          coveredThrough: coverage.get(monthOfDate(date)) ?? null,
          leave: leaveDays.get(date) ?? null,
        },
        rules,
      );
      const before = existingByKey.get(`${employee.id}|${date}`);
      const merged = mergeManualEdit(
        before
          ? {
              isManual: before.is_manual,
              dayStatus: before.day_status,
              violationPoints: before.violation_points,
              violationReason: before.violation_reason,
              reviewReason: before.review_reason,
            }
          : null,
        computed,
      );
      if (merged) out.push({ ...merged, employeeId: employee.id, date });
      else if (before && !before.is_manual) stale.push({ employeeId: employee.id, date });
    }
  }
  return { days: out, stale };
}

async function deleteDays(q: Queryable, days: readonly { employeeId: string; date: string }[]): Promise<number> {
  if (days.length === 0) return 0;
  const result = await rows<{ n: number }>(
    q,
    sql`with gone as (
      delete from attendance_days a using unnest(${textArray(days.map((d) => d.employeeId))}, ${textArray(days.map((d) => d.date))}) as u(e, d)
      where a.employee_id = u.e::uuid and a.date = u.d::date and not a.is_manual
      returning 1
    ) select count(*)::int as n from gone`,
  );
  return Number(result[0]?.n ?? 0);
}

/** One employee's stored days, their punches by date. */
function punchesByDate(days: readonly PunchDayText[] | undefined): Map<string, Punch[]> {
  const byDate = new Map<string, Punch[]>();
  for (const day of days ?? []) {
    const types = day.types.split(" ");
    byDate.set(
      day.d,
      day.times.split(" ").map((time, i) => ({ time, type: types[i] as PunchType })),
    );
  }
  return byDate;
}

/**
 * Stores computed days: new rows are inserted; an existing row is updated only when something
 * changed (so re-importing the same file writes nothing), and a row edited by hand keeps its
 * status, points and reason whatever the batch says.
 */
async function upsertDays(q: Queryable, days: readonly DayToStore[]): Promise<number> {
  if (days.length === 0) return 0;
  const result = await rows<{ n: number }>(
    q,
    sql`with written as (
      insert into attendance_days as a
        (employee_id, date, day_status, first_in_time, last_out_time, total_hours, violation_points, violation_reason, review_reason, is_manual)
      select e::uuid, d::date, s::day_status, fi::time, lo::time, h::numeric, p::int, vr, rr, m::boolean
      from unnest(
        ${textArray(days.map((x) => x.employeeId))}, ${textArray(days.map((x) => x.date))}, ${textArray(days.map((x) => x.dayStatus))},
        ${textArray(days.map((x) => x.firstInTime))}, ${textArray(days.map((x) => x.lastOutTime))}, ${textArray(days.map((x) => x.totalHours))},
        ${textArray(days.map((x) => x.violationPoints))}, ${textArray(days.map((x) => x.violationReason))}, ${textArray(days.map((x) => x.reviewReason))},
        ${textArray(days.map((x) => x.isManual))}
      ) as u(e, d, s, fi, lo, h, p, vr, rr, m)
      on conflict (employee_id, date) do update set
        first_in_time = excluded.first_in_time,
        last_out_time = excluded.last_out_time,
        total_hours = excluded.total_hours,
        day_status = case when a.is_manual then a.day_status else excluded.day_status end,
        violation_points = case when a.is_manual then a.violation_points else excluded.violation_points end,
        violation_reason = case when a.is_manual then a.violation_reason else excluded.violation_reason end,
        review_reason = case when a.is_manual
          then (case when a.day_status = 'Pending Review' then coalesce(a.review_reason, excluded.review_reason) else null end)
          else excluded.review_reason end,
        updated_at = now()
      where (a.first_in_time, a.last_out_time, a.total_hours, a.day_status, a.violation_points, a.violation_reason, a.review_reason)
        is distinct from (excluded.first_in_time, excluded.last_out_time, excluded.total_hours, excluded.day_status, excluded.violation_points, excluded.violation_reason, excluded.review_reason)
      returning 1
    ) select count(*)::int as n from written`,
  );
  return Number(result[0]?.n ?? 0);
}
