// The `gst` body of a bill (Form B, DECISIONS §12), the GST summary's query, and their answers. The taxes are never
// sent: shared/gst.ts computes them from these fields, on the form as you type and again on the server.
import { z } from "zod";
import { isIsoDate } from "../custom-fields";
import { DATE_RANGE_MESSAGE, isDayInRange } from "../date-range";
import { GST_LINES_MAX, GST_RATES } from "../gst";
import { isGstStateCode } from "../gst-states";
import { moneySchema } from "./money";
import { singleLineText } from "./text";
import { day, money } from "./answer-parts";

/** Invoice numbers are at most 16 characters under the GST invoice rules (Rule 46). */
export const GST_INVOICE_NUMBER_MAX = 16;

/** HSN (goods) or SAC (services): 4 to 8 digits. */
export const HSN_SAC = /^\d{4,8}$/;

const isMissing = (input: unknown) => input === undefined || input === null;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

export const gstRateSchema = z.preprocess(
  // A select sends the rate as text ("7.5"); the API takes a number too.
  (v) => (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v),
  z
    .number({ error: `GST rate must be one of: ${GST_RATES.join(", ")}` })
    .refine((n) => (GST_RATES as readonly number[]).includes(n), { error: `GST rate must be one of: ${GST_RATES.join(", ")}` }),
);

export const gstLineSchema = z.strictObject({
  hsnSac: z
    .string({ error: "HSN/SAC is required" })
    .trim()
    .min(1, { error: "HSN/SAC is required", abort: true })
    .regex(HSN_SAC, { error: "HSN/SAC must be 4 to 8 digits" }),
  taxableValue: moneySchema({
    required: "Taxable value is required",
    invalid: "Taxable value must be a valid positive number",
    positive: "Taxable value must be a valid positive number",
    precision: "Taxable value can have at most 2 decimal places",
    tooLarge: "Taxable value is too large",
  }),
  rate: gstRateSchema,
});

/** `gst` of POST/PATCH /api/transactions and the full override: the supplier's invoice as entered. */
export const gstSchema = z.strictObject(
  {
    invoiceNumber: singleLineText("Invoice number", { error: "Invoice number is required" })
      .min(1, { error: "Invoice number is required" })
      .max(GST_INVOICE_NUMBER_MAX, { error: `Invoice number must be at most ${GST_INVOICE_NUMBER_MAX} characters` }),
    invoiceDate: z
      .string({ error: (iss) => (isMissing(iss.input) ? "Invoice date is required" : "Invoice date must be a valid date (YYYY-MM-DD)") })
      .trim()
      .min(1, { error: "Invoice date is required", abort: true })
      .refine(isIsoDate, { error: "Invoice date must be a valid date (YYYY-MM-DD)", abort: true })
      .refine(isDayInRange, { error: DATE_RANGE_MESSAGE }),
    placeOfSupply: z
      .string({ error: "Place of supply is required" })
      .trim()
      .min(1, { error: "Place of supply is required", abort: true })
      .refine(isGstStateCode, { error: "Place of supply must be a state code (01 to 38, 97 or 99)" }),
    reverseCharge: flag("Reverse charge").default(false),
    itcEligible: flag("ITC eligible").default(false),
    lines: z
      .array(gstLineSchema, { error: "GST lines must be a list" })
      .min(1, { error: "Add at least one GST line" })
      .max(GST_LINES_MAX, { error: `At most ${GST_LINES_MAX} GST lines` }),
  },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `Unknown GST field${iss.keys.length > 1 ? "s" : ""}: ${iss.keys.join(", ")}`
        : iss.code === "invalid_type"
          ? "GST must be an object"
          : undefined,
  },
);

/** GET /api/gst/summary?month=YYYY-MM (and its CSV). */
export const gstSummaryQuerySchema = z.object({
  month: z
    .string({ error: "month is required (YYYY-MM)" })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "month must be a month like 2026-11 (YYYY-MM)" })
    .refine((m) => isDayInRange(`${m}-01`), { error: DATE_RANGE_MESSAGE }),
});

export type GstSummary = z.output<typeof gstSummaryAnswer>;
export type GstSummaryTotals = GstSummary["inputTaxCredit"];

// ---------------------------------------------------------------- answers

const gstLineAnswer = z.strictObject({ hsnSac: z.string(), taxableValue: money, rate: z.number(), cgst: money, sgst: money, igst: money, tax: money });
/**
 * A bill's GST (DECISIONS §12): the supplier's invoice as entered and what the server computed of it
 * (shared/gst.ts). `payable` is the invoice total, or the taxable value alone under reverse charge
 * (the tax is then the company's to pay); `roundOff` = amount − payable, within ±₹1.00.
 */
export const gstAnswer = z.strictObject({
  invoiceNumber: z.string(),
  invoiceDate: day,
  placeOfSupply: z.string(),
  reverseCharge: z.boolean(),
  itcEligible: z.boolean(),
  supply: z.enum(["intra", "inter"]),
  lines: z.array(gstLineAnswer),
  taxableValue: money,
  cgst: money,
  sgst: money,
  igst: money,
  totalTax: money,
  invoiceTotal: money,
  payable: money,
  roundOff: money,
});
const gstSummaryTotals = z.strictObject({ bills: z.number().int(), taxableValue: money, cgst: money, sgst: money, igst: money, totalTax: money });
const gstSummarySection = z.strictObject({
  /** One row per rate; a bill with lines at several rates counts in each of their rows. */
  rows: z.array(gstSummaryTotals.extend({ rate: z.number(), lines: z.number().int() })),
  /** The section's sums; `bills` counts each bill once. */
  total: gstSummaryTotals,
});
/** GET /api/gst/context: what the transaction form needs to show a bill's taxes as they are typed. */
export const gstContextAnswer = z.strictObject({
  /** The company's state code: CGST + SGST when a bill's place of supply is this state. Null until set. */
  companyStateCode: z.string().nullable(),
});
/** GET /api/gst/summary?month (DECISIONS §12): a month's bills by rate, reverse charge and input tax credit apart. */
export const gstSummaryAnswer = z.strictObject({
  month: z.string(),
  from: day,
  to: day,
  /** Bills whose tax was charged by the supplier. */
  forwardCharge: gstSummarySection,
  /** Bills under reverse charge: the tax is the company's to pay to the government. */
  reverseCharge: gstSummarySection,
  /** The tax of the bills marked ITC eligible, of both sections. */
  inputTaxCredit: gstSummaryTotals,
});
