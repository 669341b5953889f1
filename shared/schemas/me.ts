// Employees see and ask for themselves (DECISIONS §15): logins for employees, the "Me" calls, and
// HR's inbox of requests. The rules of a leave are shared/leave.ts's, as for HR's leave register.
import { z } from "zod";
import { REQUEST_STATUSES, ROLES, WEEKDAYS, type RequestStatus } from "../constants";
import { countDays } from "../calendar";
import { LEAVE_MAX_DAYS, LEAVE_REASON_MAX, LEAVE_TYPES } from "../leave";
import { day, id, instant, money } from "./answer-parts";
import { departmentAnswer, employeeDetailsAnswer, hhmmSchema, isoDateSchema, leaveBalanceAnswer } from "./hr";
import { leaveAnswer } from "./leave";
import { multiLineText } from "./text";
import { userAnswer, usernameSchema } from "./users";

// ---------------------------------------------------------------- logins for employees

/**
 * POST /api/hr/employees/:id/login: `{username?}` gives a new Employee-role login (the username
 * defaults from the name) with a one-time password; `{userId}` links an existing user instead.
 */
export const employeeLoginSchema = z
  .object({
    username: usernameSchema.optional(),
    userId: z.string().trim().pipe(z.guid("User is required")).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.username !== undefined && b.userId !== undefined)
      ctx.addIssue({ code: "custom", path: ["userId"], message: "Give a username for a new login, or a user to link, not both" });
  });

/** A new login: the password is shown this once. */
export const employeeLoginGivenAnswer = z.strictObject({ user: userAnswer, oneTimePassword: z.string() });
export const employeeLoginAnswer = z.union([employeeLoginGivenAnswer, z.strictObject({ user: userAnswer })]);
/** GET /api/hr/login-candidates: active users linked to no employee, whom HR may link ("Link user"). */
export const loginCandidatesAnswer = z.array(z.strictObject({ id, username: z.string(), name: z.string(), role: z.enum(ROLES) }));
/** GET /api/hr/employees/:id/login: the user linked to the employee, or null. */
export const employeeLoginStatusAnswer = z.strictObject({ login: userAnswer.nullable() });

// ---------------------------------------------------------------- the employee's own pages

/** What an employee sees of their own record on the "Me" pages (their salary, for the deductions): never HR's notes or contacts. */
export const myEmployeeAnswer = z.strictObject({
  id,
  employeeName: z.string(),
  employeeCode: z.string().nullable(),
  department: departmentAnswer,
  weeklyOff: z.enum(WEEKDAYS),
  joiningDate: day,
  monthlySalary: money.nullable(),
});

export type { RequestStatus };
export const REQUEST_TYPES = ["leave", "regularisation"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

const decided = {
  status: z.enum(REQUEST_STATUSES),
  reason: z.string(),
  createdAt: instant,
  decidedAt: instant.nullable(),
  decidedBy: z.strictObject({ id, name: z.string() }).nullable(),
  decisionReason: z.string().nullable(),
};

/** A leave request as its employee and HR see it; `days` are its working days (0.5 for a half day). */
export const leaveRequestAnswer = z.strictObject({
  id,
  type: z.literal("leave"),
  employee: z.strictObject({ id, name: z.string() }),
  leaveType: z.enum(LEAVE_TYPES),
  from: day,
  to: day,
  halfDay: z.boolean(),
  days: z.number(),
  /** The leave its approval recorded; `leaveCancelled` when HR cancelled that leave since. */
  leaveId: id.nullable(),
  leaveCancelled: z.boolean(),
  ...decided,
});
/** A regularisation: the times asked for a past day ('HH:MM'). */
export const regularisationAnswer = z.strictObject({
  id,
  type: z.literal("regularisation"),
  employee: z.strictObject({ id, name: z.string() }),
  date: day,
  punchIn: z.string().nullable(),
  punchOut: z.string().nullable(),
  ...decided,
});
export const employeeRequestAnswer = z.discriminatedUnion("type", [leaveRequestAnswer, regularisationAnswer]);
export type LeaveRequest = z.output<typeof leaveRequestAnswer>;
export type Regularisation = z.output<typeof regularisationAnswer>;
export type EmployeeRequest = z.output<typeof employeeRequestAnswer>;

/** GET /api/me/attendance?month: the month as HR's month view shows it, and this month's regularisations. */
export const myMonthAnswer = employeeDetailsAnswer.extend({ employee: myEmployeeAnswer, regularisations: z.array(regularisationAnswer) });
export type MyMonth = z.output<typeof myMonthAnswer>;

/** GET /api/me/leave?year: the year's leave, the balance (remaining less what pending requests ask, pending apart) and the requests. */
export const myLeaveAnswer = z.strictObject({
  employee: myEmployeeAnswer,
  leaves: z.array(leaveAnswer),
  balance: leaveBalanceAnswer.extend({ pending: z.number() }),
  requests: z.array(leaveRequestAnswer),
});
export type MyLeave = z.output<typeof myLeaveAnswer>;
export const myLeaveQuerySchema = z.object({
  year: z.coerce
    .number({ error: "year must be a year" })
    .int("year must be a year")
    .min(2000, "year must be 2000 to 2100")
    .max(2100, "year must be 2000 to 2100")
    .optional(),
});

const requestReason = multiLineText("Reason", { error: "Reason is required" })
  .min(1, "Reason is required")
  .max(LEAVE_REASON_MAX, `At most ${LEAVE_REASON_MAX} characters`);

/** POST /api/me/leave-requests: the leave register's fields (DECISIONS §8) without the employee, who is the caller. */
export const leaveRequestSchema = z
  .object({
    type: z.enum(LEAVE_TYPES, { error: "Type must be PL or LWP" }),
    from: isoDateSchema,
    to: isoDateSchema,
    halfDay: z.boolean({ error: "halfDay must be true or false" }).optional().default(false),
    reason: requestReason,
  })
  .superRefine((l, ctx) => {
    if (l.to < l.from) ctx.addIssue({ code: "custom", path: ["to"], message: "The last day cannot be before the first day" });
    else if (countDays(l.from, l.to) > LEAVE_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `A leave covers at most ${LEAVE_MAX_DAYS} days` });
    if (l.halfDay && l.from !== l.to)
      ctx.addIssue({ code: "custom", path: ["halfDay"], message: "A half day is one day: the first and last day must be the same" });
  });
export type LeaveRequestBody = z.output<typeof leaveRequestSchema>;

const optionalTime = z
  .union([z.literal(""), z.null(), hhmmSchema])
  .optional()
  .transform((v) => (v ? v : null));

/** POST /api/me/regularisations: a past day of this or last month, at least one time. */
export const regularisationSchema = z
  .object({ date: isoDateSchema, punchIn: optionalTime, punchOut: optionalTime, reason: requestReason })
  .superRefine((r, ctx) => {
    if (!r.punchIn && !r.punchOut) ctx.addIssue({ code: "custom", path: ["punchIn"], message: "Give the time you came in, the time you left, or both" });
    if (r.punchIn && r.punchOut && r.punchOut <= r.punchIn)
      ctx.addIssue({ code: "custom", path: ["punchOut"], message: "The time you left must be after the time you came in" });
  });
export type RegularisationBody = z.output<typeof regularisationSchema>;

/** GET /api/hr/requests?status&type: HR's one inbox. */
export const requestsQuerySchema = z.object({
  status: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" || v === "all" ? undefined : v))
    .pipe(z.enum(REQUEST_STATUSES, { error: `status must be one of ${REQUEST_STATUSES.join(", ")}` }).optional()),
  type: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" || v === "all" ? undefined : v))
    .pipe(z.enum(REQUEST_TYPES, { error: "type must be leave or regularisation" }).optional()),
});
export const requestsAnswer = z.strictObject({ requests: z.array(employeeRequestAnswer) });

/** POST /api/hr/…/approve: an optional note; reject: the reason is required. */
export const approveRequestSchema = z.object({
  reason: multiLineText("Reason")
    .max(LEAVE_REASON_MAX, `At most ${LEAVE_REASON_MAX} characters`)
    .optional()
    .transform((v) => v || undefined),
});
export const rejectRequestSchema = z.object({ reason: requestReason });
