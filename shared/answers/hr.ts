// Answers of the HR side: employees, departments, attendance, the policy, the import, payroll and
// the leave register (spec 001 §3, DECISIONS §8).
import { z } from "zod";
import { DAY_STATUSES, WEEKDAYS } from "../constants";
import { LEAVE_TYPES } from "../leave";
import { REVIEW_REASONS } from "../schemas/hr";
import { day, id, instant, money, month, pageOf } from "../schemas/answer-parts";

export const departmentAnswer = z.strictObject({ id, name: z.string() });
export const departmentsAnswer = z.array(departmentAnswer);

export const employeeAnswer = z.strictObject({
  id,
  employeeName: z.string(),
  employeeCode: z.string().nullable(),
  departmentId: id,
  department: departmentAnswer,
  weeklyOff: z.enum(WEEKDAYS),
  joiningDate: day,
  isActive: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  workLocation: z.string().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  personalAddress: z.string().nullable(),
  notes: z.string().nullable(),
  monthlySalary: money.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export const employeeListAnswer = pageOf("employees", employeeAnswer);

/** Who a day, a payroll line or a leave belongs to, as lists name them. */
const employeeNamed = { employeeName: z.string(), employeeCode: z.string().nullable(), department: z.strictObject({ name: z.string() }) };

/** DECISIONS §8: the last day of the month an import records; null when none does. */
const coveredThrough = day.nullable();

export const attendanceRecordAnswer = z.strictObject({
  /** null: a day with no stored row, listed as `Not recorded` (DECISIONS §8); it cannot be edited until one exists. */
  id: id.nullable(),
  employeeId: id,
  employee: z.strictObject({ ...employeeNamed, departmentId: id }),
  date: day,
  dayStatus: z.enum(DAY_STATUSES),
  firstInTime: z.string().nullable(),
  lastOutTime: z.string().nullable(),
  totalHours: z.number(),
  violationPoints: z.number().int(),
  violationReason: z.string().nullable(),
  reviewReason: z.enum(REVIEW_REASONS).nullable(),
  isManual: z.boolean(),
  editReason: z.string().nullable(),
});
export const attendanceListAnswer = z.strictObject({
  attendance: z.array(attendanceRecordAnswer),
  summary: z.strictObject({ totalEmployees: z.number().int(), present: z.number().int(), absent: z.number().int(), late: z.number().int(), notRecorded: z.number().int() }),
  coveredThrough,
});

export const attendancePolicyAnswer = z.strictObject({
  shiftStart: z.string(),
  lateGraceMinutes: z.number().int(),
  fullDayHours: z.number(),
  halfDayHours: z.number(),
  pointsPerLate: z.number().int(),
  pointsPerHalfDayDeduction: z.number().int(),
  duplicatePunchWindowMinutes: z.number().int(),
  paidLeaveDaysPerYear: z.number().int(),
  holidays: z.array(z.strictObject({ date: day, name: z.string() })),
  updatedAt: instant.nullable(),
});

const salaryDeduction = z.strictObject({ reason: z.string(), amount: money });
export const leaveBalanceAnswer = z.strictObject({ year: z.number().int(), entitlement: z.number(), taken: z.number(), remaining: z.number() });

export const monthlySummaryAnswer = z.strictObject({
  presentDays: z.number(),
  absentDays: z.number(),
  lateDays: z.number().int(),
  violationPoints: z.number().int(),
  pendingReviewDays: z.number().int(),
  paidLeaveDays: z.number(),
  unpaidLeaveDays: z.number(),
  salaryDeductions: z.array(salaryDeduction),
  totalDeductions: money,
});

/** GET /api/hr/employee-details/:id?month=YYYY-MM (spec 001 §3). */
export const employeeDetailsAnswer = z.strictObject({
  employee: employeeAnswer,
  month,
  monthlySummary: monthlySummaryAnswer,
  monthlyAttendance: z.array(attendanceRecordAnswer),
  coveredThrough,
  leaveBalance: leaveBalanceAnswer,
});

/** PUT /api/hr/attendance/:id answers the day and the month's deductions. */
export const attendanceEditAnswer = z.strictObject({ attendance: attendanceRecordAnswer, monthlySummary: monthlySummaryAnswer });

/** GET /api/hr/dashboard/stats (spec 001 §3, DECISIONS §8): "today" in APP_TIMEZONE. */
export const hrDashboardStatsAnswer = z.strictObject({
  totalEmployees: z.number().int(),
  activeEmployees: z.number().int(),
  presentToday: z.number().int(),
  absentToday: z.number().int().nullable(),
  lateArrivals: z.number().int(),
  pendingApprovals: z.number().int(),
  todayRecorded: z.boolean(),
  coveredThrough,
  onLeaveToday: z.number().int(),
});

export const payrollReportAnswer = z.strictObject({
  month,
  coveredThrough,
  rows: z.array(
    z.strictObject({
      employee: z.strictObject({ id, ...employeeNamed }),
      salary: money.nullable(),
      presentDays: z.number(),
      absentDays: z.number(),
      paidLeaveDays: z.number(),
      unpaidLeaveDays: z.number(),
      violationPoints: z.number().int(),
      deductions: z.array(salaryDeduction),
      totalDeductions: money,
      netPay: money.nullable(),
    }),
  ),
  totals: z.strictObject({ employees: z.number().int(), salary: money, totalDeductions: money, netPay: money }),
});

export const nameMappingAnswer = z.strictObject({ id, csvName: z.string(), employeeId: id, employeeName: z.string(), createdAt: instant });
export const nameMappingsAnswer = z.array(nameMappingAnswer);

/** POST /api/hr/import/upload (DECISIONS §8); errors holds the first 100 bad rows. */
export const importAnswer = z.strictObject({
  processedEvents: z.number().int(),
  totalRows: z.number().int(),
  skippedRows: z.number().int(),
  duplicateEvents: z.number().int(),
  unmatchedNames: z.array(z.strictObject({ name: z.string(), rows: z.number().int() })),
  errors: z.array(z.strictObject({ row: z.number().int(), message: z.string() })),
  dryRun: z.boolean().optional(),
  preview: z
    .strictObject({
      month,
      matchedEmployees: z.number().int(),
      affectedDays: z.number().int(),
      firstDate: day.nullable(),
      lastDate: day.nullable(),
      newestPunch: day.nullable(),
      /** The days the import would compute, as they would be stored. */
      days: z.array(
        z.strictObject({
          employeeId: id,
          employeeName: z.string(),
          date: day,
          dayStatus: z.enum(DAY_STATUSES),
          firstInTime: z.string().nullable(),
          lastOutTime: z.string().nullable(),
          totalHours: z.number(),
          violationPoints: z.number().int(),
          violationReason: z.string().nullable(),
        }),
      ),
    })
    .optional(),
  /** The last day this import covers. */
  coveredThrough,
  /** The month's recorded range with this import (the union of its imports): what the other screens show. */
  monthCoveredThrough: coveredThrough,
  coverageWarning: z.string().nullable(),
});

export const leaveAnswer = z.strictObject({
  id,
  employeeId: id,
  employee: z.strictObject(employeeNamed),
  type: z.enum(LEAVE_TYPES),
  from: day,
  to: day,
  halfDay: z.boolean(),
  days: z.number(),
  reason: z.string(),
  createdAt: instant,
  createdBy: id.nullable(),
});
export const leaveListAnswer = z.strictObject({ leaves: z.array(leaveAnswer), balance: leaveBalanceAnswer.optional() });
export const leaveChangedAnswer = z.strictObject({ leave: leaveAnswer });
