// Stored attendance as the HR screens read it: the attendance list and its summary, a hand edit
// (audited, marks the day manual), an employee's month with its salary deductions, the HR
// dashboard figures for today, the payroll report and the attendance CSV export.
import { and, asc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { attendanceDays, departments, employees } from "../../db/schema";
import { ABSENT_DAY_STATUSES, countAttendanceDays, PRESENT_DAY_STATUSES } from "../../../shared/attendance-days";
import { monthBounds, monthOfDate, weekdayOf } from "../../../shared/calendar";
import { NOT_RECORDED, type DayStatus } from "../../../shared/constants";
import { subtractMoney, sumMoney } from "../../../shared/money";
import type {
  AttendanceEdit,
  AttendanceListResponse,
  AttendancePolicy,
  AttendanceRecord,
  AttendanceSummary,
  Employee,
  HrDashboardStats,
  MonthlySummary,
  PayrollReport,
  PayrollRow,
  ReviewReason,
} from "../../../shared/schemas/hr";
import { notFound } from "../errors";
import { writeAudit } from "../audit";
import { computeSalaryDeductions, summarizeMonth, totalDeductions } from "./deductions";
import { coveredThroughOf, latestCoveredDay } from "./coverage";
import { getEmployee } from "./employees";
import type { CsvValue } from "../../lib/csv";
import { rows } from "../../db/sql";
import { leaveBalance, onLeaveOn } from "./leaves";
import { type ActingContext, type ServiceContext, todayOf } from "../context";
import { loadPolicy } from "./policy";

const recordColumns = {
  day: attendanceDays,
  employeeName: employees.employeeName,
  employeeCode: employees.employeeCode,
  departmentId: employees.departmentId,
  departmentName: departments.name,
};

type RecordRow = {
  day: typeof attendanceDays.$inferSelect;
  employeeName: string;
  employeeCode: string | null;
  departmentId: string;
  departmentName: string;
};

function presentRecord(r: RecordRow): AttendanceRecord {
  return {
    id: r.day.id,
    employeeId: r.day.employeeId,
    employee: { employeeName: r.employeeName, employeeCode: r.employeeCode, departmentId: r.departmentId, department: { name: r.departmentName } },
    date: r.day.date,
    dayStatus: r.day.dayStatus,
    firstInTime: r.day.firstInTime,
    lastOutTime: r.day.lastOutTime,
    totalHours: r.day.totalHours === null ? 0 : Number(r.day.totalHours),
    violationPoints: r.day.violationPoints,
    violationReason: r.day.violationReason,
    reviewReason: (r.day.reviewReason as ReviewReason | null) ?? null,
    isManual: r.day.isManual,
    editReason: r.day.editReason,
  };
}

const selectRecords = (q: Queryable) =>
  q
    .select(recordColumns)
    .from(attendanceDays)
    .innerJoin(employees, eq(employees.id, attendanceDays.employeeId))
    .innerJoin(departments, eq(departments.id, employees.departmentId));

export type AttendanceFilter = {
  from: string;
  to: string;
  employeeId?: string;
  departmentId?: string;
  status?: DayStatus;
};

function filterConditions(f: AttendanceFilter): SQL {
  const conditions: SQL[] = [gte(attendanceDays.date, f.from), lte(attendanceDays.date, f.to)];
  if (f.employeeId) conditions.push(eq(attendanceDays.employeeId, f.employeeId));
  if (f.departmentId) conditions.push(eq(employees.departmentId, f.departmentId));
  if (f.status) conditions.push(eq(attendanceDays.dayStatus, f.status));
  return and(...conditions)!;
}

export function summarize(records: readonly Pick<AttendanceRecord, "employeeId" | "dayStatus" | "violationPoints">[]): AttendanceSummary {
  return { totalEmployees: new Set(records.map((r) => r.employeeId)).size, ...countAttendanceDays(records) };
}

/**
 * The days of the range that have no stored row, for every employee active on them (joined by
 * then), each as a `Not recorded` day without an id (DECISIONS §8: screens list what is not
 * recorded rather than hide it). Set-based: the range's days × the filter's employees, less the
 * stored days. `anyEmployee` also fills an inactive employee's days (their own month view).
 */
async function unrecordedDays(q: Queryable, f: AttendanceFilter, anyEmployee = false): Promise<AttendanceRecord[]> {
  if (f.status && f.status !== NOT_RECORDED) return [];
  const found = await rows<{
    employee_id: string;
    date: string;
    employee_name: string;
    employee_code: string | null;
    department_id: string;
    department_name: string;
  }>(
    q,
    sql`select e.id as employee_id, d.day::date::text as date, e.employee_name, e.employee_code, e.department_id, p.name as department_name
        from employees e
        join departments p on p.id = e.department_id
        join generate_series(${f.from}::date, ${f.to}::date, interval '1 day') as d(day) on d.day::date >= e.joining_date
        where ${anyEmployee ? sql`true` : sql`e.is_active`}
          ${f.employeeId ? sql`and e.id = ${f.employeeId}::uuid` : sql``}
          ${f.departmentId ? sql`and e.department_id = ${f.departmentId}::uuid` : sql``}
          and not exists (select 1 from attendance_days a where a.employee_id = e.id and a.date = d.day::date)`,
  );
  return found.map((r) => ({
    id: null,
    employeeId: r.employee_id,
    employee: { employeeName: r.employee_name, employeeCode: r.employee_code, departmentId: r.department_id, department: { name: r.department_name } },
    date: r.date,
    dayStatus: NOT_RECORDED,
    firstInTime: null,
    lastOutTime: null,
    totalHours: 0,
    violationPoints: 0,
    violationReason: null,
    reviewReason: null,
    isManual: false,
    editReason: null,
  }));
}

/** Date, then name (case-insensitive), then the employee: the order of every attendance list. */
function byDateAndName(a: AttendanceRecord, b: AttendanceRecord): number {
  const name = (r: AttendanceRecord) => r.employee.employeeName.toLowerCase();
  return a.date.localeCompare(b.date) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0) || a.employeeId.localeCompare(b.employeeId);
}

/**
 * The days of a date or a month (one month at most: `coveredThrough` is that month's recorded
 * range): the stored days and, for every employee active on a day with none, that day as
 * `Not recorded` (DECISIONS §8), so Total Employees counts everyone and nobody vanishes.
 */
export async function listAttendance(ctx: ServiceContext, filter: AttendanceFilter): Promise<AttendanceListResponse> {
  const { db } = ctx;
  const found = await selectRecords(db).where(filterConditions(filter));
  const attendance = [...found.map(presentRecord), ...(await unrecordedDays(db, filter))].sort(byDateAndName);
  return { attendance, summary: summarize(attendance), coveredThrough: await coveredThroughOf(db, monthOfDate(filter.from)) };
}

async function getRecord(q: Queryable, id: string): Promise<AttendanceRecord | null> {
  const [found] = await selectRecords(q).where(eq(attendanceDays.id, id));
  return found ? presentRecord(found) : null;
}

/** One employee's month: the summary of spec 001 §3 plus the deductions of DECISIONS §8 (both from the recorded days only). */
export async function monthlySummary(
  q: Queryable,
  employee: Pick<Employee, "id" | "monthlySalary">,
  month: string,
  policy: AttendancePolicy,
  today?: string,
): Promise<{ summary: MonthlySummary; records: AttendanceRecord[] }> {
  const { from, to } = monthBounds(month);
  const found = await selectRecords(q)
    .where(filterConditions({ from, to, employeeId: employee.id }))
    .orderBy(asc(attendanceDays.date));
  const records = found.map(presentRecord);
  const counts = summarizeMonth(records, today);
  const salaryDeductions = computeSalaryDeductions({ monthlySalary: employee.monthlySalary, month, days: records, today }, policy);
  return { summary: { ...counts, salaryDeductions, totalDeductions: totalDeductions(salaryDeductions) }, records };
}

/** Every day of an employee's month from their joining date: the stored ones and the rest as `Not recorded` (DECISIONS §8). */
async function everyDayOfMonth(q: Queryable, employeeId: string, month: string, stored: AttendanceRecord[]): Promise<AttendanceRecord[]> {
  return [...stored, ...(await unrecordedDays(q, { ...monthBounds(month), employeeId }, true))].sort(byDateAndName);
}

/**
 * A hand edit (DECISIONS §8): the day becomes manual, keeps the edit through re-imports, and the
 * audit entry carries before, after and the reason. Points and violation reason not sent stay.
 */
export async function editAttendanceDay(
  ctx: ActingContext,
  id: string,
  input: AttendanceEdit,
): Promise<{ attendance: AttendanceRecord; monthlySummary: MonthlySummary }> {
  const { db, actor, ip: ipAddress } = ctx;
  const policy = await loadPolicy(db);
  const today = todayOf(ctx);
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: attendanceDays.id }).from(attendanceDays).where(eq(attendanceDays.id, id)).for("update");
    if (!locked) throw notFound("Attendance record not found");
    const before = (await getRecord(tx, id))!;
    await tx
      .update(attendanceDays)
      .set({
        dayStatus: input.dayStatus,
        violationPoints: input.violationPoints ?? before.violationPoints,
        violationReason: input.violationReason !== undefined ? input.violationReason : before.violationReason,
        reviewReason: input.dayStatus === "Pending Review" ? before.reviewReason : null,
        isManual: true,
        editReason: input.reason,
        editedBy: actor.id,
        editedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(attendanceDays.id, id));
    const after = (await getRecord(tx, id))!;
    await writeAudit(tx, ctx, { action: "update", entityType: "attendance", entityId: id, actor, reason: input.reason, before, after, ipAddress });
    const employee = (await getEmployee(tx, after.employeeId))!;
    const { summary } = await monthlySummary(tx, employee, after.date.slice(0, 7), policy, today);
    return { attendance: after, monthlySummary: summary };
  });
}

export async function employeeDetails(ctx: ServiceContext, id: string, month: string) {
  const { db } = ctx;
  const policy = await loadPolicy(db);
  const today = todayOf(ctx);
  const employee = await getEmployee(db, id);
  if (!employee) throw notFound("Employee not found");
  const { summary, records } = await monthlySummary(db, employee, month, policy, today);
  const days = await everyDayOfMonth(db, employee.id, month, records);
  const year = Number(month.slice(0, 4));
  const leaveBalanceOfYear = await leaveBalance(db, { id: employee.id, weeklyOff: employee.weeklyOff, joiningDate: employee.joiningDate }, year, policy);
  return {
    employee,
    month,
    monthlySummary: summary,
    monthlyAttendance: days,
    coveredThrough: await coveredThroughOf(db, month),
    leaveBalance: leaveBalanceOfYear,
  };
}

const statusList = (list: DayStatus[]) =>
  sql.join(
    list.map((s) => sql`${s}`),
    sql`, `,
  );

/**
 * The HR dashboard for `today` (APP_TIMEZONE, DECISIONS §8). Today is never recorded (it is not
 * over), so its figures come from the punches imported so far: until an import holds a punch of
 * today, nobody can be called absent (absentToday null). Present: a punch in today, or a present
 * status set by hand. Absent: due at work (active, joined, not the weekly off, not a holiday), no
 * punch in yet, and not excused by hand (leave, on duty …). Late: today's days with violation
 * points. Pending reviews: this month's days in Pending Review, as the dashboard's link shows them.
 */
export async function dashboardStats(ctx: ServiceContext): Promise<HrDashboardStats> {
  const { db } = ctx;
  const policy = await loadPolicy(db);
  const today = todayOf(ctx);
  const [people] = await rows<{ total: number; active: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where is_active))::int as active from employees`,
  );
  const [day] = await rows<{ recorded: boolean; present: number; absent: number; late: number; pending: number }>(
    db,
    sql`with punched as (select employee_id from punch_days where punch_date = ${today}::date and 'in' = any(punch_types)),
        days as (select employee_id, day_status::text as day_status, violation_points from attendance_days where date = ${today}::date)
        select
          exists (select 1 from punch_days where punch_date = ${today}::date) as recorded,
          (select count(*) from employees e where e.is_active and (
            e.id in (select employee_id from punched)
            or exists (select 1 from days d where d.employee_id = e.id and d.day_status in (${statusList(PRESENT_DAY_STATUSES)}))))::int as present,
          (select count(*) from employees e where e.is_active and e.joining_date <= ${today}::date
            and e.weekly_off::text <> ${weekdayOf(today)}
            and not exists (select 1 from holidays h where h.date = ${today}::date)
            and e.id not in (select employee_id from punched)
            and not exists (select 1 from days d where d.employee_id = e.id and d.day_status not in (${statusList([...ABSENT_DAY_STATUSES, NOT_RECORDED])})))::int as absent,
          (select count(*) from days d join employees e on e.id = d.employee_id where e.is_active and d.violation_points > 0)::int as late,
          (select count(*) from attendance_days where date between ${monthBounds(monthOfDate(today)).from}::date and ${today}::date and day_status = 'Pending Review')::int as pending`,
  );
  return {
    totalEmployees: Number(people.total),
    activeEmployees: Number(people.active),
    presentToday: Number(day.present),
    absentToday: day.recorded ? Number(day.absent) : null,
    lateArrivals: Number(day.late),
    pendingApprovals: Number(day.pending),
    todayRecorded: Boolean(day.recorded),
    coveredThrough: await latestCoveredDay(db),
    onLeaveToday: await onLeaveOn(db, today, policy),
  };
}

/** Deductions of every active employee for a month, from the stored days (one query for all days). */
export async function payrollReport(ctx: ServiceContext, month: string): Promise<PayrollReport> {
  const { db } = ctx;
  const policy = await loadPolicy(db);
  const today = todayOf(ctx);
  const { from, to } = monthBounds(month);
  const people = await db
    .select({
      id: employees.id,
      employeeName: employees.employeeName,
      employeeCode: employees.employeeCode,
      monthlySalary: employees.monthlySalary,
      departmentName: departments.name,
    })
    .from(employees)
    .innerJoin(departments, eq(departments.id, employees.departmentId))
    .where(eq(employees.isActive, true))
    .orderBy(asc(sql`lower(${employees.employeeName})`), asc(employees.id));
  const days = await rows<{ employee_id: string; date: string; day_status: DayStatus; violation_points: number }>(
    db,
    sql`select d.employee_id, d.date::text as date, d.day_status::text as day_status, d.violation_points from attendance_days d
        join employees e on e.id = d.employee_id
        where e.is_active and d.date between ${from}::date and ${to}::date`,
  );
  const byEmployee = new Map<string, { dayStatus: DayStatus; violationPoints: number; date: string }[]>();
  for (const d of days) {
    const list = byEmployee.get(d.employee_id) ?? [];
    list.push({ dayStatus: d.day_status, violationPoints: Number(d.violation_points), date: d.date });
    byEmployee.set(d.employee_id, list);
  }
  const reportRows: PayrollRow[] = people.map((p) => {
    const list = byEmployee.get(p.id) ?? [];
    const counts = summarizeMonth(list, today);
    const deductions = computeSalaryDeductions({ monthlySalary: p.monthlySalary, month, days: list, today }, policy);
    const total = totalDeductions(deductions);
    return {
      employee: { id: p.id, employeeName: p.employeeName, employeeCode: p.employeeCode, department: { name: p.departmentName } },
      salary: p.monthlySalary,
      presentDays: counts.presentDays,
      absentDays: counts.absentDays,
      paidLeaveDays: counts.paidLeaveDays,
      unpaidLeaveDays: counts.unpaidLeaveDays,
      violationPoints: counts.violationPoints,
      deductions,
      totalDeductions: total,
      netPay: p.monthlySalary === null ? null : subtractMoney(p.monthlySalary, total),
    };
  });
  return {
    month,
    coveredThrough: await coveredThroughOf(db, month),
    rows: reportRows,
    totals: {
      employees: reportRows.length,
      salary: sumMoney(reportRows.map((r) => r.salary)),
      totalDeductions: sumMoney(reportRows.map((r) => r.totalDeductions)),
      netPay: sumMoney(reportRows.map((r) => r.netPay)),
    },
  };
}

export const PAYROLL_CSV_HEADER = [
  "Employee Name",
  "Employee Code",
  "Department",
  "Monthly Salary",
  "Present Days",
  "Absent Days",
  "Paid Leave Days",
  "Unpaid Leave Days",
  "Violation Points",
  "Deductions",
  "Total Deductions",
  "Net Pay",
];

export function payrollCsvRows(report: PayrollReport): CsvValue[][] {
  return report.rows.map((r) => [
    r.employee.employeeName,
    r.employee.employeeCode,
    r.employee.department.name,
    r.salary,
    r.presentDays,
    r.absentDays,
    r.paidLeaveDays,
    r.unpaidLeaveDays,
    r.violationPoints,
    r.deductions.map((d) => `${d.reason}: ${d.amount}`).join("; "),
    r.totalDeductions,
    r.netPay,
  ]);
}

export const ATTENDANCE_CSV_HEADER = [
  "Date",
  "Employee Name",
  "Employee Code",
  "Department",
  "Status",
  "First In",
  "Last Out",
  "Total Hours",
  "Violation Points",
  "Violation Reason",
  "Edited By Hand",
  "Edit Reason",
];

/** The attendance rows of a filter for the CSV export, read a few thousand at a time (keyset), so memory stays flat. */
export async function* attendanceCsvRows(ctx: ServiceContext, filter: AttendanceFilter, batch = 5_000): AsyncGenerator<CsvValue[]> {
  const { db } = ctx;
  let after: { date: string; name: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql`and (d.date, lower(e.employee_name), d.id) > (${after.date}::date, ${after.name}, ${after.id}::uuid)` : sql``;
    const page: {
      id: string;
      date: string;
      employee_name: string;
      name_key: string;
      employee_code: string | null;
      department: string;
      day_status: string;
      first_in_time: string | null;
      last_out_time: string | null;
      total_hours: string | null;
      violation_points: number;
      violation_reason: string | null;
      is_manual: boolean;
      edit_reason: string | null;
    }[] = await rows(
      db,
      sql`select d.id, d.date::text as date, e.employee_name, lower(e.employee_name) as name_key, e.employee_code, p.name as department,
            d.day_status::text as day_status, d.first_in_time::text as first_in_time, d.last_out_time::text as last_out_time,
            d.total_hours::text as total_hours, d.violation_points, d.violation_reason, d.is_manual, d.edit_reason
          from attendance_days d join employees e on e.id = d.employee_id join departments p on p.id = e.department_id
          where d.date between ${filter.from}::date and ${filter.to}::date
            ${filter.employeeId ? sql`and d.employee_id = ${filter.employeeId}::uuid` : sql``}
            ${filter.departmentId ? sql`and e.department_id = ${filter.departmentId}::uuid` : sql``}
            ${filter.status ? sql`and d.day_status::text = ${filter.status}` : sql``}
            ${cursor}
          order by d.date, lower(e.employee_name), d.id
          limit ${batch}`,
    );
    for (const r of page) {
      yield [
        r.date,
        r.employee_name,
        r.employee_code,
        r.department,
        r.day_status,
        r.first_in_time,
        r.last_out_time,
        r.total_hours === null ? null : Number(r.total_hours).toFixed(2),
        r.violation_points,
        r.violation_reason,
        r.is_manual ? "yes" : "no",
        r.edit_reason,
      ];
    }
    if (page.length < batch) return;
    const last = page[page.length - 1];
    after = { date: last.date, name: last.name_key, id: last.id };
  }
}
