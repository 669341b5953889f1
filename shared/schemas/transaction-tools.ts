// Two helpers of the finance screens beyond spec 000 §7: the create form's duplicate check and the
// pending list's bulk approval. Same building blocks as shared/schemas/transactions.ts.
import { z } from "zod";
import { idSchema } from "./ids";
import { amountSchema, categoryIdSchema, transactionDateSchema } from "./transactions";
import type { possibleDuplicateAnswer } from "../answers/finance";

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


