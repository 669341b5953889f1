// The leave register's requests and answers (DECISIONS §8): record, cancel, list. The rules they
// check are shared/leave.ts.
import { z } from "zod";
import { countDays } from "../calendar";
import { LEAVE_MAX_DAYS, LEAVE_REASON_MAX, LEAVE_TYPES } from "../leave";
import { day, id, instant } from "./answer-parts";
import { employeeNamed, isoDateSchema, leaveBalanceAnswer, monthSchema } from "./hr";
import { multiLineText } from "./text";

const reason = multiLineText("Reason", { error: "Reason is required" })
  .min(1, "Reason is required")
  .max(LEAVE_REASON_MAX, `At most ${LEAVE_REASON_MAX} characters`);

/** POST /api/hr/leaves. */
export const recordLeaveSchema = z
  .object({
    employeeId: z.string({ error: "Employee is required" }).trim().min(1, "Employee is required").pipe(z.guid("Employee is required")),
    type: z.enum(LEAVE_TYPES, { error: "Type must be PL or LWP" }),
    from: isoDateSchema,
    to: isoDateSchema,
    halfDay: z.boolean({ error: "halfDay must be true or false" }).optional().default(false),
    reason,
  })
  .superRefine((l, ctx) => {
    if (l.to < l.from) ctx.addIssue({ code: "custom", path: ["to"], message: "The last day cannot be before the first day" });
    else if (countDays(l.from, l.to) > LEAVE_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `A leave covers at most ${LEAVE_MAX_DAYS} days` });
    if (l.halfDay && l.from !== l.to)
      ctx.addIssue({ code: "custom", path: ["halfDay"], message: "A half day is one day: the first and last day must be the same" });
  });
export type RecordLeaveInput = z.input<typeof recordLeaveSchema>;
export type RecordLeaveBody = z.output<typeof recordLeaveSchema>;

/** DELETE /api/hr/leaves/:id. */
export const cancelLeaveSchema = z.object({ reason });
export type CancelLeaveBody = z.output<typeof cancelLeaveSchema>;

/** GET /api/hr/leaves: one employee's year (with the balance), or everyone's month. */
export const leaveQuerySchema = z
  .object({
    employeeId: z.string().trim().optional().pipe(z.guid("Invalid id").optional()),
    year: z.coerce
      .number({ error: "year must be a year" })
      .int("year must be a year")
      .min(2000, "year must be 2000 to 2100")
      .max(2100, "year must be 2000 to 2100")
      .optional(),
    month: monthSchema.optional(),
    departmentId: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v === "" || v === "all" ? undefined : v))
      .pipe(z.guid("Invalid id").optional()),
  })
  .superRefine((q, ctx) => {
    if (!q.month && !q.employeeId) ctx.addIssue({ code: "custom", path: ["month"], message: "Give month=YYYY-MM, or employeeId (and year)" });
  });
export type LeaveQuery = z.output<typeof leaveQuerySchema>;

// ---------------------------------------------------------------- answers

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

export type Leave = z.output<typeof leaveAnswer>;
export type LeaveListResponse = z.output<typeof leaveListAnswer>;
