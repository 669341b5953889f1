// Two helpers of the finance screens beyond spec 000 §7: the create form's duplicate check and the
// pending list's bulk approval. Same building blocks as shared/schemas/transactions.ts.
import { z } from "zod";
import { idSchema } from "./ids";
import { amountSchema, categoryIdSchema, possibleDuplicateAnswer, transactionDateSchema, transactionStatusAnswer as status } from "./transactions";
import { id } from "./answer-parts";

export const BULK_APPROVE_MAX = 50;

/** POST /api/transactions/check-duplicates {categoryId, amount, transactionDate} → {duplicates}. */
export const checkDuplicatesSchema = z.object({
  categoryId: categoryIdSchema,
  amount: amountSchema,
  transactionDate: transactionDateSchema,
});

/** POST /api/transactions/bulk-approve {ids} → {results}: each approved by the same rules, reported one by one. */
export const bulkApproveSchema = z.object({
  ids: z
    .array(idSchema("Transaction id is required", "Transaction id is not valid"), { error: "ids must be a list of transaction ids" })
    .min(1, { error: "Choose at least one transaction" })
    .max(BULK_APPROVE_MAX, { error: `At most ${BULK_APPROVE_MAX} transactions at once` }),
});

/**
 * Another transaction that may be the same payment, and what matched (DECISIONS §4): the same
 * attachment file, or the same category, amount and date ("details").
 */
export type PossibleDuplicate = z.output<typeof possibleDuplicateAnswer>;

// ---------------------------------------------------------------- answers

export const checkDuplicatesAnswer = z.strictObject({ duplicates: z.array(possibleDuplicateAnswer) });
/**
 * POST /api/transactions/bulk-approve: every id in `results` as before; `approved` and `skipped`
 * split them, each skipped one with the reason the single approve would give (DECISIONS §11).
 */
export const bulkApproveAnswer = z.strictObject({
  results: z.array(
    z.strictObject({ id: z.string(), humanReadableId: z.string().optional(), ok: z.boolean(), status: status.optional(), message: z.string().optional() }),
  ),
  approved: z.array(z.strictObject({ id, humanReadableId: z.string(), status })),
  skipped: z.array(z.strictObject({ id: z.string(), humanReadableId: z.string().nullable(), reason: z.string() })),
});
