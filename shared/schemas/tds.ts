// TDS on bills (DECISIONS §12): the natures a SuperAdmin keeps (/api/admin/tds-natures), the `tds`
// a bill names, what a bill keeps of its TDS, the preview the form asks for, and the quarter's
// register. The rule itself is shared/tds.ts.
import { z } from "zod";
import { singleLineText } from "./text";
import { moneySchema } from "./money";
import { idSchema } from "./ids";
import { day, id, instant, money } from "./answer-parts";
import { isIsoDate } from "../custom-fields";
import { DATE_RANGE_MESSAGE, isDayInRange } from "../date-range";

export const TDS_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 100 characters",
  nameTaken: "A TDS nature with this name already exists",
  legacySectionRequired: "Section (1961 Act) is required",
  legacySectionTooLong: "Section (1961 Act) must be at most 20 characters",
  actReferenceRequired: "Reference in the 2025 Act is required",
  actReferenceTooLong: "Reference in the 2025 Act must be at most 100 characters",
  paymentCodeTooLong: "Payment code must be at most 20 characters",
  rate: "A rate must be a percentage above 0 and at most 100, with at most 2 decimal places",
  threshold: "A threshold must be a positive amount with at most 2 decimal places, or empty",
  onlyAboveNeedsYearly: "Deducting only above the threshold needs a yearly threshold",
  ledgerRequired: "TDS ledger is required",
  ledgerTooLong: "TDS ledger must be at most 200 characters",
  flag: "must be true or false",
  notFound: "TDS nature not found",
  inactive: "This TDS nature is inactive; choose an active one or no TDS",
  natureRequired: "TDS nature is required",
  onReceipt: "A receipt never carries TDS; remove it",
  needsParty: "TDS needs the bill's vendor: choose the party first",
  quarter: "quarter must be like 2026-Q3 (the year the financial year starts in, Q1 April–June … Q4 January–March)",
  deactivatedInstead: "A bill or a party names this nature, so it was deactivated instead of deleted",
} as const;
const M = TDS_MESSAGES;

/** A rate in percent: a number (or its text, as a form sends it) from 0.01 to 100, 2 decimals at most. */
const rateSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v),
  z
    .number({ error: M.rate })
    // At least 0.01: a tiny positive number (5e-324) has no 2-decimal form above 0.
    .gte(0.01, { error: M.rate })
    .lte(100, { error: M.rate })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, { error: M.rate }),
);

/** An optional threshold: blank or null is none. */
const thresholdSchema = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.union([z.null(), moneySchema({ required: M.threshold, invalid: M.threshold, precision: M.threshold, tooLarge: M.threshold, positive: M.threshold })]),
);

const flag = (label: string) => z.boolean({ error: `${label} ${M.flag}` });

const natureFields = {
  name: singleLineText("Name", { error: M.nameRequired }).min(1, M.nameRequired).max(100, M.nameTooLong),
  legacySection: singleLineText("Section (1961 Act)", { error: M.legacySectionRequired }).min(1, M.legacySectionRequired).max(20, M.legacySectionTooLong),
  actReference: singleLineText("Reference in the 2025 Act", { error: M.actReferenceRequired }).min(1, M.actReferenceRequired).max(100, M.actReferenceTooLong),
  /** For the returns; left blank for the company's accountant to fill. */
  paymentCode: singleLineText("Payment code")
    .max(20, M.paymentCodeTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  rateIndividual: rateSchema,
  rateOther: rateSchema,
  noPanRate: rateSchema,
  singleThreshold: thresholdSchema,
  yearlyThreshold: thresholdSchema,
  monthlyThreshold: thresholdSchema,
  onlyAboveThreshold: flag("onlyAboveThreshold"),
  ledgerName: singleLineText("TDS ledger", { error: M.ledgerRequired }).min(1, M.ledgerRequired).max(200, M.ledgerTooLong),
  isActive: flag("isActive"),
};

/** POST /api/admin/tds-natures. */
export const tdsNatureBodySchema = z
  .strictObject({
    ...natureFields,
    paymentCode: natureFields.paymentCode.optional().transform((v) => v ?? null),
    noPanRate: natureFields.noPanRate.optional().default(20),
    singleThreshold: natureFields.singleThreshold.optional().transform((v) => v ?? null),
    yearlyThreshold: natureFields.yearlyThreshold.optional().transform((v) => v ?? null),
    monthlyThreshold: natureFields.monthlyThreshold.optional().transform((v) => v ?? null),
    onlyAboveThreshold: natureFields.onlyAboveThreshold.optional().default(false),
    isActive: natureFields.isActive.optional().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.onlyAboveThreshold && body.yearlyThreshold === null) ctx.addIssue({ code: "custom", path: ["yearlyThreshold"], message: M.onlyAboveNeedsYearly });
  });
export type TdsNatureBody = z.output<typeof tdsNatureBodySchema>;

/** PUT /api/admin/tds-natures/:id: the fields sent change, the others keep their values. */
export const tdsNatureChangesSchema = z.strictObject(
  Object.fromEntries(Object.entries(natureFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof natureFields]: z.ZodOptional<(typeof natureFields)[K]>;
  },
);
export type TdsNatureChanges = z.output<typeof tdsNatureChangesSchema>;

/** A bill's `tds` (POST/PATCH /api/transactions, the full override): the nature, or null for none. */
export const tdsChoiceSchema = z.strictObject(
  { natureId: idSchema(M.natureRequired, "TDS nature must be a TDS nature id") },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `Unknown TDS field${iss.keys.length > 1 ? "s" : ""}: ${iss.keys.join(", ")}`
        : iss.code === "invalid_type"
          ? "TDS must be {natureId} or null"
          : undefined,
  },
);
export type TdsChoice = z.output<typeof tdsChoiceSchema>;

/** POST /api/tds/preview: what a bill of these facts would deduct now (the form, as it is typed). */
export const tdsPreviewSchema = z.strictObject({
  partyId: idSchema("Party is required", "Party must be a party id"),
  natureId: idSchema(M.natureRequired, "TDS nature must be a TDS nature id"),
  amount: moneySchema({
    required: "Amount is required",
    invalid: "Amount must be a valid positive number",
    positive: "Amount must be a valid positive number",
  }),
  /** The GST lines' taxable value when the bill has them. */
  taxableValue: moneySchema({ required: "Taxable value is required", invalid: "Taxable value must be a valid positive number" })
    .nullish()
    .transform((v) => v ?? null),
  /** The GST invoice date where there is one, else the transaction date. */
  date: z
    .string({ error: "Date must be a valid date (YYYY-MM-DD)" })
    .trim()
    .refine(isIsoDate, { error: "Date must be a valid date (YYYY-MM-DD)", abort: true })
    .refine(isDayInRange, { error: DATE_RANGE_MESSAGE }),
  /** The bill being edited, left out of its own earlier bills. */
  transactionId: idSchema("Transaction must be a transaction id")
    .nullish()
    .transform((v) => v ?? null),
});
export type TdsPreviewBody = z.output<typeof tdsPreviewSchema>;

/** GET /api/tds/register?quarter=2026-Q3 (and its CSV). */
export const tdsRegisterQuerySchema = z.object({
  quarter: z
    .string({ error: M.quarter })
    .trim()
    .regex(/^20\d{2}-Q[1-4]$/, { error: M.quarter })
    .refine((q) => q <= "2099-Q4", { error: M.quarter }),
});

export type TdsNature = z.output<typeof tdsNatureAnswer>;
export type TdsAnswer = z.output<typeof tdsAnswer>;
export type TdsRegister = z.output<typeof tdsRegisterAnswer>;

// ---------------------------------------------------------------- answers

/** A TDS nature (DECISIONS §12): a kind of payment, its sections in both acts, rates, thresholds and ledger. */
export const tdsNatureAnswer = z.strictObject({
  id,
  name: z.string(),
  legacySection: z.string(),
  actReference: z.string(),
  paymentCode: z.string().nullable(),
  rateIndividual: z.number(),
  rateOther: z.number(),
  noPanRate: z.number(),
  singleThreshold: money.nullable(),
  yearlyThreshold: money.nullable(),
  monthlyThreshold: money.nullable(),
  onlyAboveThreshold: z.boolean(),
  ledgerName: z.string(),
  isActive: z.boolean(),
  /** Whether a bill used it: deleting it then deactivates it. */
  inUse: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export const tdsNaturesAnswer = z.array(tdsNatureAnswer);
/** DELETE: deleted, or deactivated because a bill used it. */
export const tdsNatureDeletedAnswer = z.strictObject({ message: z.string(), deactivated: z.boolean(), nature: tdsNatureAnswer.optional() });

/** What a bill keeps of its TDS (DECISIONS §12), decided at submit (and at an edit, a resubmit, a full override). */
export const tdsAnswer = z.strictObject({
  natureId: id,
  legacySection: z.string(),
  actReference: z.string(),
  rate: z.number(),
  /** The taxable value when the bill has GST lines, else the amount. */
  base: money,
  /** Deducted on this bill, whole rupees: its own TDS and what it deducts for the earlier bills. */
  amount: money,
  /** The earlier bills of the year (or month) whose TDS this bill deducts, named; null when none. */
  shortfallFromEarlier: z
    .strictObject({ amount: money, bills: z.array(z.strictObject({ id, humanReadableId: z.string(), date: day, base: money, tds: money })) })
    .nullable(),
  /** Why, in words: the threshold reached (or not), the rate and, without a PAN, why it is higher. */
  reason: z.string(),
});

/** POST /api/tds/preview: the TDS a submission would decide now, and what the vendor would be paid. */
export const tdsPreviewAnswer = z.strictObject({ tds: tdsAnswer, netPayable: money });

/** GET /api/tds/register?quarter (DECISIONS §12): the quarter's deductions, and the totals the challans pay. */
export const tdsRegisterAnswer = z.strictObject({
  rows: z.array(
    z.strictObject({
      party: z.string(),
      pan: z.string().nullable(),
      natureName: z.string(),
      legacySection: z.string(),
      actReference: z.string(),
      paymentCode: z.string().nullable(),
      creditedOn: day,
      amount: money,
      rate: z.number(),
      tds: money,
      noPan: z.boolean(),
    }),
  ),
  totals: z.array(z.strictObject({ natureId: id, natureName: z.string(), legacySection: z.string(), tds: money })),
});
