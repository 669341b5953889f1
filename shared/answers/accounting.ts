// Answers of the books' ledgers and exports (DECISIONS §12).
import { z } from "zod";
import { day, id, instant, money } from "../schemas/answer-parts";

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
