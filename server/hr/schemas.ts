// Queries of the HR routes that shared/schemas/hr.ts does not cover (reports, exports, details).
import { z } from "zod";
import { DAY_STATUSES } from "../../shared/constants";
import { isoDateSchema, monthSchema } from "../../shared/schemas/hr";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const filterId = z.preprocess(
  (v) => (typeof v === "string" && (v.trim() === "" || v.trim().toLowerCase() === "all") ? undefined : v),
  z.guid("Invalid id").optional(),
);

/** `?month=YYYY-MM`, optional (the current month in APP_TIMEZONE when absent). */
export const optionalMonthQuerySchema = z.object({ month: optional(monthSchema) });

/** `?month=YYYY-MM`, required. */
export const monthQuerySchema = z.object({
  month: z.string({ error: "Month is required" }).trim().min(1, "Month is required").pipe(monthSchema),
});

/** The longest range an attendance export covers. */
export const MAX_EXPORT_DAYS = 366;

/** `GET /api/hr/attendance/export.csv`: a date, a month, or a from–to range; the list's filters. */
export const attendanceExportQuerySchema = z
  .object({
    date: optional(isoDateSchema),
    month: optional(monthSchema),
    from: optional(isoDateSchema),
    to: optional(isoDateSchema),
    employeeId: filterId,
    departmentId: filterId,
    status: z.preprocess((v) => (typeof v === "string" && v.toLowerCase() === "all" ? undefined : blankToUndefined(v)), z.enum(DAY_STATUSES, { error: "Invalid attendance status" }).optional()),
  })
  .superRefine((q, ctx) => {
    const kinds = [q.date !== undefined, q.month !== undefined, q.from !== undefined || q.to !== undefined].filter(Boolean).length;
    if (kinds === 0) ctx.addIssue({ code: "custom", path: ["date"], message: "Provide a date, a month, or from and to" });
    if (kinds > 1) ctx.addIssue({ code: "custom", path: ["date"], message: "Provide only one of date, month, or from and to" });
    if ((q.from === undefined) !== (q.to === undefined)) ctx.addIssue({ code: "custom", path: [q.from === undefined ? "from" : "to"], message: "Provide both from and to" });
    if (q.from && q.to) {
      if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "To must not be before from" });
      else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= MAX_EXPORT_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `A range covers at most ${MAX_EXPORT_DAYS} days` });
    }
  });
