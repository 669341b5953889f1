// Requests and answers of the books' ledgers and exports (DECISIONS §12).
import { z } from "zod";
import { BATCH_ALREADY_VOID, EXPORT_FORMATS, EXPORT_FORMAT_LABELS, LEDGER_NAME_MAX, NOTHING_TO_EXPORT, type ExportFormat } from "../accounting";
import { PAYMENT_METHODS } from "../constants";
import { DATE_RANGE_MESSAGE, isDayInRange } from "../date-range";
import { multiLineText, singleLineText } from "./text";
import { day, id, instant, money } from "./answer-parts";

export { BATCH_ALREADY_VOID, EXPORT_FORMATS, EXPORT_FORMAT_LABELS, LEDGER_NAME_MAX, NOTHING_TO_EXPORT, type ExportFormat };

const LEDGER_MESSAGE = `A ledger name is 1 to ${LEDGER_NAME_MAX} characters`;
const ledgerName = singleLineText("Ledger name", { error: LEDGER_MESSAGE }).pipe(z.string().min(1, LEDGER_MESSAGE).max(LEDGER_NAME_MAX, LEDGER_MESSAGE));

/** PUT /api/admin/ledgers: any of the names; what is left out keeps its current name. */
export const updateLedgersSchema = z.strictObject({
  categories: z
    .array(z.strictObject({ categoryId: z.guid("Category not found"), ledger: ledgerName }))
    .max(500)
    .optional(),
  paymentMethods: z
    .array(z.strictObject({ method: z.enum(PAYMENT_METHODS, `The payment method must be one of ${PAYMENT_METHODS.join(", ")}`), ledger: ledgerName }))
    .optional(),
  inputCgst: ledgerName.optional(),
  inputSgst: ledgerName.optional(),
  inputIgst: ledgerName.optional(),
  outputCgstRcm: ledgerName.optional(),
  outputSgstRcm: ledgerName.optional(),
  outputIgstRcm: ledgerName.optional(),
  roundOff: ledgerName.optional(),
});
export type UpdateLedgersBody = z.output<typeof updateLedgersSchema>;
export type LedgersAnswer = z.output<typeof ledgersAnswer>;

const dayField = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`).refine(isDayInRange, DATE_RANGE_MESSAGE);

/** POST /api/accounting/exports */
export const createExportSchema = z
  .strictObject({
    from: dayField("From"),
    to: dayField("To"),
    format: z.enum(EXPORT_FORMATS, "The format must be tally or csv"),
  })
  .refine((b) => b.from <= b.to, { message: "From must not be after To", path: ["to"] });
export type CreateExportBody = z.output<typeof createExportSchema>;

export const VOID_REASON_MAX = 500;
/** POST /api/accounting/exports/:id/void */
export const voidExportSchema = z.strictObject({
  reason: multiLineText("Reason", { error: "A reason is required" }).pipe(
    z.string().min(3, "Give a reason of at least 3 characters").max(VOID_REASON_MAX, `The reason can be at most ${VOID_REASON_MAX} characters`),
  ),
});

export type ExportBatchAnswer = z.output<typeof exportBatchAnswer>;
export type ExportBatchesAnswer = z.output<typeof exportBatchesAnswer>;

// ---------------------------------------------------------------- answers

/** GET/PUT /api/admin/ledgers: every ledger name the vouchers use, defaults filled in. */
export const ledgersAnswer = z.strictObject({
  categories: z.array(z.strictObject({ categoryId: id, categoryName: z.string(), ledger: z.string() })),
  paymentMethods: z.array(z.strictObject({ method: z.string(), ledger: z.string() })),
  inputCgst: z.string(),
  inputSgst: z.string(),
  inputIgst: z.string(),
  outputCgstRcm: z.string(),
  outputSgstRcm: z.string(),
  outputIgstRcm: z.string(),
  roundOff: z.string(),
});
export const exportBatchAnswer = z.strictObject({
  id,
  number: z.number().int(),
  format: z.enum(["tally", "csv"]),
  from: day,
  to: day,
  count: z.number().int(),
  total: money,
  createdAt: instant,
  createdBy: z.strictObject({ id, name: z.string() }),
  voidedAt: instant.nullable(),
  voidedBy: z.strictObject({ id, name: z.string() }).nullable(),
  voidReason: z.string().nullable(),
  /** The transactions of the batch changed since it was taken (a cancelled payment, an override, a forced status). */
  changedSinceExport: z.array(z.strictObject({ id, humanReadableId: z.string(), changedAt: instant })),
});
export const exportBatchesAnswer = z.strictObject({ batches: z.array(exportBatchAnswer) });
