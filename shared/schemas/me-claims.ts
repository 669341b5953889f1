// An employee's own expense claims (DECISIONS §15): GET /api/me/claims. A claim is a transaction
// (the same calls create, edit, submit and delete it); this is the list the "My Claims" page shows.
import { z } from "zod";
import { TRANSACTION_STATUSES } from "../constants";
import { day, id, instant, money } from "./answer-parts";

export const myClaimAnswer = z.strictObject({
  id,
  humanReadableId: z.string(),
  category: z.string(),
  amount: money,
  /** What has been paid to the employee: the amount once paid, else 0.00. */
  amountPaid: money,
  transactionDate: day,
  description: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  paidDate: day.nullable(),
  createdAt: instant,
  attachmentCount: z.number().int(),
});
export type MyClaim = z.infer<typeof myClaimAnswer>;
export const myClaimsAnswer = z.strictObject({ claims: z.array(myClaimAnswer) });
export type MyClaims = z.infer<typeof myClaimsAnswer>;
