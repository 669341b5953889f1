// Budgets (spec 001 §3, §4, §5; DECISIONS §7): the request body with the spec's messages, and the
// answer with what the server computes (spent, percentUsed, remaining, status).
import { ALERT_THRESHOLD_DEFAULT, BUDGET_DEFAULT_DAYS } from "../constants";
import { z } from "zod";
import { BUDGET_PERIODS } from "../constants";
import { moneySchema } from "./money";
import { singleLineText } from "./text";
import { DATE_RANGE_MESSAGE, isDayInRange } from "../date-range";
import { day, id, instant, money } from "./answer-parts";

export const BUDGET_MESSAGES = {
  nameRequired: "Budget name is required",
  amountRequired: "Amount is required",
  amountInvalid: "Invalid amount format",
  period: "Period must be monthly, quarterly or yearly",
  startRequired: "Start date is required",
  endRequired: "End date is required",
  dateInvalid: "Enter a valid date (YYYY-MM-DD)",
  endBeforeStart: "End date must be on or after the start date",
  alertThreshold: "Alert threshold must be between 1 and 100",
  category: "Category must be a category id or empty",
} as const;

export { ALERT_THRESHOLD_DEFAULT, BUDGET_DEFAULT_DAYS };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const dateField = (required: string) =>
  z
    .unknown()
    .optional()
    .transform((input, ctx): string => {
      if (input === undefined || input === null || (typeof input === "string" && input.trim() === "")) {
        ctx.addIssue({ code: "custom", message: required, input });
        return z.NEVER;
      }
      // A full ISO timestamp is read as its calendar date.
      const text = typeof input === "string" ? input.trim().slice(0, 10) : "";
      if (!isRealDate(text)) {
        ctx.addIssue({ code: "custom", message: BUDGET_MESSAGES.dateInvalid, input });
        return z.NEVER;
      }
      if (!isDayInRange(text)) {
        ctx.addIssue({ code: "custom", message: DATE_RANGE_MESSAGE, input });
        return z.NEVER;
      }
      return text;
    });

// Spec 001 §5: "alertThreshold 1 to 100, default 80 (falls back to 80 if unparseable)".
const alertThresholdSchema = z
  .unknown()
  .optional()
  .transform((input, ctx): number => {
    let n: number;
    if (typeof input === "number") n = Math.trunc(input);
    else if (typeof input === "string") n = Number.parseInt(input, 10);
    else n = Number.NaN;
    if (Number.isNaN(n)) return ALERT_THRESHOLD_DEFAULT;
    if (n < 1 || n > 100) {
      ctx.addIssue({ code: "custom", message: BUDGET_MESSAGES.alertThreshold, input });
      return z.NEVER;
    }
    return n;
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const categoryIdSchema = z
  .unknown()
  .optional()
  .transform((input, ctx): string | null => {
    if (input === undefined || input === null || input === "" || input === "all") return null;
    if (typeof input === "string" && UUID.test(input)) return input.toLowerCase();
    ctx.addIssue({ code: "custom", message: BUDGET_MESSAGES.category, input });
    return z.NEVER;
  });

export const budgetBodySchema = z
  .object({
    name: singleLineText("Budget name", { message: BUDGET_MESSAGES.nameRequired })
      .min(1, BUDGET_MESSAGES.nameRequired)
      .max(200, "Budget name must be at most 200 characters"),
    categoryId: categoryIdSchema,
    amount: moneySchema({ required: BUDGET_MESSAGES.amountRequired, invalid: BUDGET_MESSAGES.amountInvalid }),
    period: z.enum(BUDGET_PERIODS, { message: BUDGET_MESSAGES.period }).optional().default("monthly"),
    startDate: dateField(BUDGET_MESSAGES.startRequired),
    endDate: dateField(BUDGET_MESSAGES.endRequired),
    alertThreshold: alertThresholdSchema,
    isActive: z.boolean({ message: "isActive must be true or false" }).optional().default(true),
  })
  .superRefine((b, ctx) => {
    if (b.startDate && b.endDate && b.endDate < b.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: BUDGET_MESSAGES.endBeforeStart });
    }
  });
export type BudgetBody = z.output<typeof budgetBodySchema>;

/** PUT /api/admin/budgets/:id: any of the fields above; the budget they make is checked as budgetBodySchema. */
export const budgetChangesSchema = z.looseObject({}, { error: "The budget's changes must be an object" });
export type BudgetChanges = z.output<typeof budgetChangesSchema>;
export type BudgetInput = z.input<typeof budgetBodySchema>;

/** Spec 001 §4, evaluated in this order. */
export const BUDGET_STATUSES = ["Expired", "Inactive", "Over Budget", "Alert", "On Track"] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

export type Budget = z.output<typeof budgetAnswer>;

/** The status of spec 001 §4; `today` is 'YYYY-MM-DD' in the app's time zone. */
export function budgetStatus(b: { endDate: string; isActive: boolean; alertThreshold: number }, percentUsed: number, today: string): BudgetStatus {
  if (b.endDate < today) return "Expired";
  if (!b.isActive) return "Inactive";
  if (percentUsed >= 100) return "Over Budget";
  if (percentUsed >= b.alertThreshold) return "Alert";
  return "On Track";
}

// ---------------------------------------------------------------- answers

export const budgetAnswer = z.strictObject({
  id,
  name: z.string(),
  categoryId: id.nullable(),
  category: z.strictObject({ name: z.string() }).nullable(),
  amount: money,
  spent: money,
  /** Capped at 100, 0 when the amount is 0, 2 decimals. */
  percentUsed: z.number(),
  /** amount − spent; negative when over budget. */
  remaining: money,
  period: z.enum(BUDGET_PERIODS),
  startDate: day,
  endDate: day,
  alertThreshold: z.number().int(),
  isActive: z.boolean(),
  status: z.enum(BUDGET_STATUSES),
  createdAt: instant,
  updatedAt: instant,
});
export const budgetsAnswer = z.array(budgetAnswer);
