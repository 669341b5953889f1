import { z } from "zod";
import { DATE_RANGE_MESSAGE, MONTH_RANGE_MESSAGE, isDayInRange, isMonthInRange } from "../date-range";
import { DAY_STATUSES, EDITABLE_DAY_STATUSES, LIMITS, WEEKDAYS, type Weekday } from "../constants";
import { readMoney } from "../money";
import type { TextLines } from "../free-text";
import { multiLineText, singleLineText } from "./text";
import { day, id, instant, money, month, pageOf } from "./answer-parts";

// Request bodies, queries and answers of the HR API (spec 001 §3, §5, §7; DECISIONS §8).
// The same schemas validate on the server and drive the client's forms.

// ---------------------------------------------------------------- building blocks

/** A calendar date 'YYYY-MM-DD' (the calendar is checked: no 2025-02-30). */
export const isoDateSchema = z.iso
  .date({ error: "Invalid date (expected YYYY-MM-DD)" })
  // Only a well-formed date is held to the window: a malformed one keeps its own message.
  .refine((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || isDayInRange(d), DATE_RANGE_MESSAGE);
/** A month 'YYYY-MM'. */
export const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Invalid month (expected YYYY-MM)", abort: true })
  .refine(isMonthInRange, MONTH_RANGE_MESSAGE);
/** A wall-clock time 'HH:MM', 00:00 to 23:59. */
export const hhmmSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Invalid time (expected HH:MM)");

/** Optional free text of a form (DECISIONS §10): trimmed; blank becomes null; absent stays absent (so an update leaves it alone). */
const optionalText = (label: string, max: number, lines: TextLines = "single") =>
  (lines === "multi" ? multiLineText : singleLineText)(label)
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v === "" ? null : v));

/** An id sent by a form or a query; 'all' and blank mean "no filter". */
const filterId = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === undefined || v === "" || v.toLowerCase() === "all" ? undefined : v))
  .pipe(z.guid("Invalid id").optional());

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/**
 * Optional rupees (an employee's monthly salary): a number or a plain decimal string with at most
 * 2 fraction digits, not negative, read by shared/money.ts. Normalised to the API's money string
 * ('31000.00'); blank or null → null (no salary); absent stays absent.
 */
export const optionalRupeesSchema = z
  .unknown()
  .transform((input, ctx): string | null => {
    const reading = readMoney(input);
    if (reading.ok) return reading.value;
    if (reading.problem === "empty") return null;
    const messages = {
      invalid: "Invalid amount format",
      precision: "Invalid amount format",
      negative: "Amount cannot be negative",
      too_large: "Amount is too large",
    };
    ctx.addIssue({ code: "custom", message: messages[reading.problem], input });
    return z.NEVER;
  })
  .optional();

// ---------------------------------------------------------------- employees and departments

const weekdaySchema = z.enum(WEEKDAYS, { error: "Weekly off must be a day of the week (Sunday to Saturday)" });

// The fields of an employee (spec 001 §3) plus monthlySalary (DECISIONS §8) and the alternate
// create screen's address, emergencyContact and notes. No defaults here, so an update that
// leaves a field out leaves it unchanged.
const employeeFields = {
  employeeName: singleLineText("Employee name", { error: "Employee name is required" }).min(1, "Employee name is required").max(200, "At most 200 characters"),
  employeeCode: optionalText("Employee code", 50),
  departmentId: z.string({ error: "Department is required" }).trim().min(1, "Department is required").pipe(z.guid("Department is required")),
  weeklyOff: weekdaySchema,
  joiningDate: z.string({ error: "Joining date is required" }).trim().min(1, "Joining date is required").pipe(isoDateSchema),
  isActive: z.boolean(),
  phone: optionalText("Phone", 30),
  email: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v === "" ? null : v))
    .pipe(z.email("Invalid email address").max(254).nullish()),
  workLocation: optionalText("Work location", 200),
  emergencyContactName: optionalText("Emergency contact name", 200),
  emergencyContactPhone: optionalText("Emergency contact phone", 30),
  personalAddress: optionalText("Address", 1000, "multi"),
  // Alternate create screen (spec 001 §3): folded into the canonical columns by employeeColumns().
  address: optionalText("Address", 1000, "multi"),
  emergencyContact: optionalText("Emergency contact", 200),
  notes: optionalText("Notes", 2000, "multi"),
  monthlySalary: optionalRupeesSchema,
};

export const employeeCreateSchema = z.object({
  ...employeeFields,
  weeklyOff: weekdaySchema.default("Sunday"),
  isActive: z.boolean().default(true),
});
export type EmployeeCreateInput = z.input<typeof employeeCreateSchema>;
export type EmployeeCreate = z.output<typeof employeeCreateSchema>;

export const employeeUpdateSchema = z.object(employeeFields).partial();
export type EmployeeUpdate = z.output<typeof employeeUpdateSchema>;

export type EmployeeColumns = {
  employeeName?: string;
  employeeCode?: string | null;
  departmentId?: string;
  weeklyOff?: Weekday;
  joiningDate?: string;
  isActive?: boolean;
  phone?: string | null;
  email?: string | null;
  workLocation?: string | null;
  emergencyContactName?: string | null;
  emergencyContactPhone?: string | null;
  personalAddress?: string | null;
  notes?: string | null;
  monthlySalary?: string | null;
};

/**
 * The stored columns of a validated create or update: `address` fills personalAddress and the
 * single `emergencyContact` fills emergencyContactName when the canonical field is not sent.
 * Fields left out stay out (undefined), so an update changes only what it names.
 */
export function employeeColumns(input: EmployeeCreate | EmployeeUpdate): EmployeeColumns {
  const { address, emergencyContact, ...rest } = input;
  const columns: EmployeeColumns = { ...rest };
  if (columns.personalAddress === undefined && address !== undefined) columns.personalAddress = address;
  if (columns.emergencyContactName === undefined && emergencyContact !== undefined) columns.emergencyContactName = emergencyContact;
  for (const key of Object.keys(columns) as (keyof EmployeeColumns)[]) {
    if (columns[key] === undefined) delete columns[key];
  }
  return columns;
}

// ---------------------------------------------------------------- report and export queries

/** `?month=YYYY-MM`, optional (the current month in APP_TIMEZONE when absent). */
export const optionalMonthQuerySchema = z.object({ month: z.preprocess(blankToUndefined, monthSchema.optional()) });

/** `?month=YYYY-MM`, required. */
export const monthQuerySchema = z.object({
  month: z.string({ error: "Month is required" }).trim().min(1, "Month is required").pipe(monthSchema),
});

/** The longest range an attendance export covers. */
export const MAX_EXPORT_DAYS = 366;

/** `GET /api/hr/attendance/export.csv`: a date, a month, or a from–to range; the list's filters. */
export const attendanceExportQuerySchema = z
  .object({
    date: z.preprocess(blankToUndefined, isoDateSchema.optional()),
    month: z.preprocess(blankToUndefined, monthSchema.optional()),
    from: z.preprocess(blankToUndefined, isoDateSchema.optional()),
    to: z.preprocess(blankToUndefined, isoDateSchema.optional()),
    employeeId: filterId,
    departmentId: filterId,
    status: z.preprocess(
      (v) => (typeof v === "string" && v.toLowerCase() === "all" ? undefined : blankToUndefined(v)),
      z.enum(DAY_STATUSES, { error: "Invalid attendance status" }).optional(),
    ),
  })
  .superRefine((q, ctx) => {
    const kinds = [q.date !== undefined, q.month !== undefined, q.from !== undefined || q.to !== undefined].filter(Boolean).length;
    if (kinds === 0) ctx.addIssue({ code: "custom", path: ["date"], message: "Provide a date, a month, or from and to" });
    if (kinds > 1) ctx.addIssue({ code: "custom", path: ["date"], message: "Provide only one of date, month, or from and to" });
    if ((q.from === undefined) !== (q.to === undefined))
      ctx.addIssue({ code: "custom", path: [q.from === undefined ? "from" : "to"], message: "Provide both from and to" });
    if (q.from && q.to) {
      if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "To must not be before from" });
      else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= MAX_EXPORT_DAYS)
        ctx.addIssue({ code: "custom", path: ["to"], message: `A range covers at most ${MAX_EXPORT_DAYS} days` });
    }
  });

export const EMPLOYEE_STATUS_FILTERS = ["all", "active", "inactive"] as const;

export const employeeListQuerySchema = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1, "Page must be at least 1").default(1)),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .min(1, "Limit must be at least 1")
      .max(LIMITS.listLimitMax, `Limit must be at most ${LIMITS.listLimitMax}`)
      .default(LIMITS.employeePageSize),
  ),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
  department: filterId,
  status: z.preprocess(blankToUndefined, z.enum(EMPLOYEE_STATUS_FILTERS, { error: "Status must be all, active or inactive" }).default("all")),
});
export type EmployeeListQuery = z.output<typeof employeeListQuerySchema>;

export const departmentSchema = z.object({
  name: singleLineText("Department name", { error: "Department name is required" }).min(1, "Department name is required").max(100, "At most 100 characters"),
});

export type Department = z.output<typeof departmentAnswer>;

export type Employee = z.output<typeof employeeAnswer>;

export type EmployeeListResponse = z.output<typeof employeeListAnswer>;

// ---------------------------------------------------------------- attendance

/** Why a computed day needs a person to look at it (attendance_days.review_reason). */
export const REVIEW_REASONS = ["single_punch", "out_before_in", "odd_punches"] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

const dayStatusSchema = z.enum(DAY_STATUSES, { error: "Invalid attendance status" });

/** `GET /api/hr/attendance`: exactly one of date (a day) or month; the rest narrow it. */
export const attendanceQuerySchema = z
  .object({
    date: z.preprocess(blankToUndefined, isoDateSchema.optional()),
    month: z.preprocess(blankToUndefined, monthSchema.optional()),
    employeeId: filterId,
    departmentId: filterId,
    status: z.preprocess((v) => (typeof v === "string" && v.toLowerCase() === "all" ? undefined : blankToUndefined(v)), dayStatusSchema.optional()),
  })
  .superRefine((q, ctx) => {
    if (q.date === undefined && q.month === undefined) ctx.addIssue({ code: "custom", path: ["date"], message: "Provide a date or a month" });
    if (q.date !== undefined && q.month !== undefined) ctx.addIssue({ code: "custom", path: ["month"], message: "Provide either a date or a month, not both" });
  });

/** `PUT /api/hr/attendance/:id`: a hand edit; always with a reason (DECISIONS §8). `Not recorded` is the day rule's alone. */
export const attendanceEditSchema = z.object({
  dayStatus: z.enum(EDITABLE_DAY_STATUSES, { error: "Invalid attendance status" }),
  violationReason: optionalText("Violation reason", 500, "multi"),
  violationPoints: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Violation points must be a number" })
      .int("Violation points must be a whole number")
      .min(0, "Violation points cannot be negative")
      .max(1000, "Violation points must be at most 1000")
      .optional(),
  ),
  reason: multiLineText("Reason for edit", { error: "Reason for edit is required" }).min(1, "Reason for edit is required").max(500, "At most 500 characters"),
});
export type AttendanceEditInput = z.input<typeof attendanceEditSchema>;
export type AttendanceEdit = z.output<typeof attendanceEditSchema>;

export type AttendanceRecord = z.output<typeof attendanceRecordAnswer>;
/** A day with a stored row: the only kind a hand edit (PUT /api/hr/attendance/:id) can reach. */
export type StoredAttendanceRecord = AttendanceRecord & { id: string };

export type AttendanceSummary = AttendanceListResponse["summary"];
export type AttendanceListResponse = z.output<typeof attendanceListAnswer>;

// ---------------------------------------------------------------- attendance policy

/** Hours of a day as a number or a decimal string (numeric(4,2) reads back as '8.00'). */
const hoursSchema = (label: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,2}(\.\d{1,2})?$/, `${label} must be a number of hours`)
          .transform(Number),
      ],
      {
        error: `${label} must be a number of hours`,
      },
    )
    .pipe(
      z
        .number()
        .gt(0, `${label} must be more than 0`)
        .max(24, `${label} must be at most 24`)
        .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} may have at most 2 decimals`),
    );

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

export const holidaySchema = z.object({
  date: isoDateSchema,
  name: singleLineText("Holiday name", { error: "Holiday name is required" }).min(1, "Holiday name is required").max(200),
});

/** The leave register's yearly paid-leave entitlement when the policy names none (DECISIONS §8). */
import { PAID_LEAVE_DAYS_PER_YEAR_DEFAULT } from "../constants";
export { PAID_LEAVE_DAYS_PER_YEAR_DEFAULT };

/** The one attendance policy (`GET/PUT /api/hr/attendance-policy`, DECISIONS §8). */
export const attendancePolicySchema = z
  .object({
    shiftStart: hhmmSchema,
    lateGraceMinutes: wholeNumber("Late grace", 0, 240),
    fullDayHours: hoursSchema("Full day"),
    halfDayHours: hoursSchema("Half day"),
    pointsPerLate: wholeNumber("Points per late arrival", 0, 100),
    pointsPerHalfDayDeduction: wholeNumber("Points per half-day deduction", 1, 100),
    duplicatePunchWindowMinutes: wholeNumber("Duplicate punch window", 0, 60).default(2),
    paidLeaveDaysPerYear: wholeNumber("Paid leave days per year", 0, 60).default(PAID_LEAVE_DAYS_PER_YEAR_DEFAULT),
    holidays: z.array(holidaySchema).max(366, "At most 366 holidays").default([]),
  })
  .superRefine((p, ctx) => {
    // Only between two valid lengths (object refinements run even after a field failed).
    if (p.fullDayHours > 0 && p.fullDayHours <= 24 && p.halfDayHours > p.fullDayHours)
      ctx.addIssue({ code: "custom", path: ["halfDayHours"], message: "Half day cannot be longer than a full day" });
    const seen = new Set<string>();
    p.holidays.forEach((h, i) => {
      if (seen.has(h.date)) ctx.addIssue({ code: "custom", path: ["holidays", i, "date"], message: `${h.date} is listed twice` });
      seen.add(h.date);
    });
  });
export type AttendancePolicyInput = z.input<typeof attendancePolicySchema>;
export type AttendancePolicy = z.output<typeof attendancePolicySchema>;
/** What the attendance engine needs of the policy (holidays reach it as a per-day flag). */
export type AttendanceRules = Omit<AttendancePolicy, "holidays">;

export const DEFAULT_ATTENDANCE_POLICY: AttendancePolicy = {
  shiftStart: "09:30",
  lateGraceMinutes: 15,
  fullDayHours: 8,
  halfDayHours: 4,
  pointsPerLate: 1,
  pointsPerHalfDayDeduction: 3,
  duplicatePunchWindowMinutes: 2,
  paidLeaveDaysPerYear: PAID_LEAVE_DAYS_PER_YEAR_DEFAULT,
  holidays: [],
};

// ---------------------------------------------------------------- CSV import and name mappings

export const nameMappingSchema = z.object({
  csvName: singleLineText("CSV name", { error: "CSV name is required" }).min(1, "CSV name is required").max(200, "At most 200 characters"),
  employeeId: z.string({ error: "Employee is required" }).trim().min(1, "Employee is required").pipe(z.guid("Employee is required")),
});
export type NameMappingInput = z.output<typeof nameMappingSchema>;
export type NameMapping = z.output<typeof nameMappingAnswer>;

/** The text fields of `POST /api/hr/import/upload` (the file itself is `csvFile`). */
export const importUploadFieldsSchema = z.object({
  month: z
    .string({ error: "Please select the month for this attendance data" })
    .trim()
    .min(1, "Please select the month for this attendance data")
    .pipe(monthSchema),
  // A dry run analyses the file and stores nothing.
  dryRun: z.preprocess((v) => (typeof v === "string" ? ["1", "true", "yes"].includes(v.trim().toLowerCase()) : v), z.boolean().default(false)),
  // The last day this import records (DECISIONS §8); absent or blank: the default rule. The route
  // checks it against the month and today (shared/attendance-days.ts coveredThroughProblem).
  coveredThrough: z.preprocess(blankToUndefined, isoDateSchema.optional()),
});

export type ImportPreview = NonNullable<ImportResult["preview"]>;

/** The answer of an import (DECISIONS §8); errors holds the first 100 bad rows. */
export type ImportResult = z.output<typeof importAnswer>;

// ---------------------------------------------------------------- details and dashboard

export type SalaryDeduction = MonthlySummary["salaryDeductions"][number];

export type MonthlySummary = z.output<typeof monthlySummaryAnswer>;

/** The paid-leave balance of a year (DECISIONS §8 leave register), in days (half days 0.5). */
export type LeaveBalance = z.output<typeof leaveBalanceAnswer>;

/** `GET /api/hr/employee-details/:id?month=YYYY-MM` (spec 001 §3). */
export type EmployeeDetailsResponse = z.output<typeof employeeDetailsAnswer>;

/**
 * `GET /api/hr/dashboard/stats` (spec 001 §3, DECISIONS §8): "today" in APP_TIMEZONE.
 * todayRecorded: an import holds punches of today; until then absentToday is null (unknown).
 * presentToday: active employees with a punch in today (or a present status set by hand);
 * absentToday: active employees due at work today (not their weekly off, not a holiday) with no
 * punch in yet; lateArrivals: today's days with violation points; pendingApprovals: days of this
 * month (to today) in Pending Review; coveredThrough: the newest day any import records.
 */
export type HrDashboardStats = z.output<typeof hrDashboardStatsAnswer>;

/** One active employee's line of the payroll report (`GET /api/hr/reports/payroll?month=YYYY-MM`). */
export type PayrollRow = PayrollReport["rows"][number];

export type PayrollReport = z.output<typeof payrollReportAnswer>;

// ---------------------------------------------------------------- answers

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
export const employeeNamed = { employeeName: z.string(), employeeCode: z.string().nullable(), department: z.strictObject({ name: z.string() }) };
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
  summary: z.strictObject({
    totalEmployees: z.number().int(),
    present: z.number().int(),
    absent: z.number().int(),
    late: z.number().int(),
    notRecorded: z.number().int(),
  }),
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
