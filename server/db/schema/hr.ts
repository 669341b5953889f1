// HR (spec 001, DECISIONS §8): departments, employees, the attendance policy, leave, punch imports
// and the attendance days computed from them.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, time, unique, uuid } from "drizzle-orm/pg-core";
import { instant, createdAt, updatedAt } from "./columns";
import { dayStatusEnum, punchTypeEnum } from "./enums";
import { users } from "./users";
import { employees } from "./people";

// The one attendance policy (id = 1), seeded by a migration with the DECISIONS §8 defaults.
export const attendancePolicy = pgTable(
  "attendance_policy",
  {
    id: integer("id").primaryKey().default(1),
    shiftStart: text("shift_start").notNull().default("09:30"),
    lateGraceMinutes: integer("late_grace_minutes").notNull().default(15),
    fullDayHours: numeric("full_day_hours", { precision: 4, scale: 2 }).notNull().default("8"),
    halfDayHours: numeric("half_day_hours", { precision: 4, scale: 2 }).notNull().default("4"),
    pointsPerLate: integer("points_per_late").notNull().default(1),
    pointsPerHalfDayDeduction: integer("points_per_half_day_deduction").notNull().default(3),
    duplicatePunchWindowMinutes: integer("duplicate_punch_window_minutes").notNull().default(2),
    paidLeaveDaysPerYear: integer("paid_leave_days_per_year").notNull().default(18),
    updatedBy: uuid("updated_by").references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [check("attendance_policy_singleton", sql`${t.id} = 1`)],
);

/**
 * The leave register (DECISIONS §8): granted leave, which the day rule turns into the days'
 * status. A cancelled leave stays, with who cancelled it and why; only active ones count.
 */
export const leaves = pgTable(
  "leaves",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    fromDate: date("from_date").notNull(),
    toDate: date("to_date").notNull(),
    halfDay: boolean("half_day").notNull().default(false),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
    cancelledAt: instant("cancelled_at"),
    cancelledBy: uuid("cancelled_by").references(() => users.id),
    cancelReason: text("cancel_reason"),
  },
  (t) => [
    index("leaves_employee_dates_idx")
      .on(t.employeeId, t.fromDate)
      .where(sql`${t.cancelledAt} is null`),
    index("leaves_dates_idx")
      .on(t.fromDate, t.toDate)
      .where(sql`${t.cancelledAt} is null`),
    index("leaves_created_by_idx").on(t.createdBy),
    index("leaves_cancelled_by_idx").on(t.cancelledBy),
    check("leaves_type", sql`${t.type} in ('PL', 'LWP')`),
    check("leaves_range", sql`${t.toDate} >= ${t.fromDate}`),
    check("leaves_half_day_one_day", sql`not ${t.halfDay} or ${t.fromDate} = ${t.toDate}`),
  ],
);

/** What a request of an employee is (DECISIONS §15): asked, then decided by HR or withdrawn. */
const requestColumns = () => ({
  status: text("status").notNull().default("Pending"),
  reason: text("reason").notNull(),
  requestedBy: uuid("requested_by").references(() => users.id),
  createdAt: createdAt(),
  decidedAt: instant("decided_at"),
  decidedBy: uuid("decided_by").references(() => users.id),
  decisionReason: text("decision_reason"),
});

/** An employee's request for leave (DECISIONS §15); approving it records the §8 leave (`leaveId`). */
export const leaveRequests = pgTable(
  "leave_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    fromDate: date("from_date").notNull(),
    toDate: date("to_date").notNull(),
    halfDay: boolean("half_day").notNull().default(false),
    leaveId: uuid("leave_id").references(() => leaves.id, { onDelete: "set null" }),
    ...requestColumns(),
  },
  (t) => [
    index("leave_requests_employee_idx").on(t.employeeId, t.status),
    index("leave_requests_status_idx").on(t.status, t.createdAt),
    index("leave_requests_requested_by_idx").on(t.requestedBy),
    index("leave_requests_decided_by_idx").on(t.decidedBy),
    index("leave_requests_leave_idx").on(t.leaveId),
    check("leave_requests_type", sql`${t.type} in ('PL', 'LWP')`),
    check("leave_requests_status", sql`${t.status} in ('Pending', 'Approved', 'Rejected', 'Withdrawn')`),
    check("leave_requests_range", sql`${t.toDate} >= ${t.fromDate}`),
    check("leave_requests_half_day_one_day", sql`not ${t.halfDay} or ${t.fromDate} = ${t.toDate}`),
  ],
);

/** An employee's request to fix a past day's times (DECISIONS §15); approving it hand-edits the day. */
export const regularisations = pgTable(
  "regularisations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    punchIn: time("punch_in"),
    punchOut: time("punch_out"),
    ...requestColumns(),
  },
  (t) => [
    index("regularisations_employee_idx").on(t.employeeId, t.status),
    index("regularisations_status_idx").on(t.status, t.createdAt),
    index("regularisations_requested_by_idx").on(t.requestedBy),
    index("regularisations_decided_by_idx").on(t.decidedBy),
    check("regularisations_status", sql`${t.status} in ('Pending', 'Approved', 'Rejected', 'Withdrawn')`),
    check("regularisations_a_time", sql`${t.punchIn} is not null or ${t.punchOut} is not null`),
  ],
);

export const holidays = pgTable("holidays", {
  date: date("date").primaryKey(),
  name: text("name").notNull(),
});

export const attendanceImports = pgTable(
  "attendance_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    month: text("month").notNull(),
    totalRows: integer("total_rows").notNull(),
    processedEvents: integer("processed_events").notNull(),
    duplicateEvents: integer("duplicate_events").notNull(),
    skippedRows: integer("skipped_rows").notNull(),
    errorRows: integer("error_rows").notNull(),
    // The last day of the month this import records (DECISIONS §8 "Only recorded days are judged");
    // its range starts on the month's first day. Null: it records no day (nothing of the month is over).
    coveredThrough: date("covered_through"),
    importedBy: uuid("imported_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("attendance_imports_imported_by_idx").on(t.importedBy)],
);

// One employee's biometric punches of one day (DECISIONS §8, §9): each punch is a (time, type)
// pair, the two arrays kept in step, sorted by time then type, each pair once (re-imports are
// idempotent). A day per row, not a punch per row: the attendance engine reads a day whole, and an
// import of 1,000,000 punches writes about 31,000 rows instead of 1,000,000 (with one foreign-key
// check each), which is what brings it within 10x of COPY (docs/performance-history.md).
export const punchDays = pgTable(
  "punch_days",
  {
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    punchDate: date("punch_date").notNull(),
    punchTimes: time("punch_times").array().notNull(),
    punchTypes: punchTypeEnum("punch_types").array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.punchDate] }),
    index("punch_days_date_idx").on(t.punchDate),
    check("punch_days_pairs", sql`cardinality(${t.punchTimes}) = cardinality(${t.punchTypes}) and cardinality(${t.punchTimes}) > 0`),
  ],
);

export const attendanceDays = pgTable(
  "attendance_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    dayStatus: dayStatusEnum("day_status").notNull(),
    firstInTime: time("first_in_time"),
    lastOutTime: time("last_out_time"),
    totalHours: numeric("total_hours", { precision: 5, scale: 2 }),
    violationPoints: integer("violation_points").notNull().default(0),
    violationReason: text("violation_reason"),
    // Why a day needs review: single_punch, out_before_in, odd_punches.
    reviewReason: text("review_reason"),
    // A day edited by hand keeps its edit through re-imports and recalculation (DECISIONS §8).
    isManual: boolean("is_manual").notNull().default(false),
    editReason: text("edit_reason"),
    editedBy: uuid("edited_by").references(() => users.id),
    editedAt: instant("edited_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("attendance_days_employee_date_key").on(t.employeeId, t.date),
    index("attendance_days_date_idx").on(t.date, t.dayStatus),
    check("attendance_days_points_non_negative", sql`${t.violationPoints} >= 0`),
    // Only hand-edited days have an editor: the index stays small and costs imports nothing.
    index("attendance_days_edited_by_idx")
      .on(t.editedBy)
      .where(sql`${t.editedBy} is not null`),
  ],
);

export const nameMappings = pgTable(
  "name_mappings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    csvName: text("csv_name").notNull(),
    // lower-cased with whitespace removed, as punch names are matched.
    nameKey: text("name_key").notNull(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique("name_mappings_name_key_key").on(t.nameKey),
    index("name_mappings_employee_idx").on(t.employeeId),
    index("name_mappings_created_by_idx").on(t.createdBy),
  ],
);

export type AttendanceDayRow = typeof attendanceDays.$inferSelect;
export type AttendancePolicyRow = typeof attendancePolicy.$inferSelect;
export type PunchDayRow = typeof punchDays.$inferSelect;
export type LeaveRow = typeof leaves.$inferSelect;
export type LeaveRequestRow = typeof leaveRequests.$inferSelect;
export type RegularisationRow = typeof regularisations.$inferSelect;
