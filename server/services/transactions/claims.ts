// Expense claims (DECISIONS §15): an `Employee` login files its own bills for reimbursement with the
// same calls as any transaction. What a claim may be lives here, asked by create, edit and submit
// (moves.ts) whenever the actor is such a login: a category open to claims, always Form B, no
// party, no GST or TDS (no supplier's invoice is booked through it), never an emergency. The
// employee it reimburses is kept on the row at create (claimant), so a rename or an unlinking later
// never changes whom it paid. GET /api/me/claims lists the caller's own.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { categories, transactions, type CategoryRow } from "../../db/schema";
import { presentAmount } from "../../presenters/transactions";
import type { Actor } from "../../context";
import { DomainError } from "../errors";
import { filesClaimsOnly } from "../policies";
import type { ActingContext } from "../context";
import type { MyClaim } from "../../../shared/schemas/me-claims";
import { meOf } from "../hr/me-of";
import { assertClaimantLedgerName } from "../books/ledgers";

export const CLAIM_CATEGORY_CLOSED = "This category is not open to expense claims";
export const CLAIM_ALWAYS_FORM_B = "An expense claim is always a bill (Form B)";
export const CLAIM_NO_PARTY = "An expense claim has no party: it reimburses you";
export const CLAIM_NO_GST_OR_TDS = "An expense claim carries no GST invoice or TDS: the accountant books those";
export const CLAIM_NO_EMERGENCY = "An expense claim cannot be an emergency";

function refuse(message: string, path: string): never {
  throw new DomainError("forbidden", message, { code: "claim_not_allowed", issues: [{ path, message }] });
}

/** What a claim's fields will be after the change (create: the body; edit: the row with the body over it). */
export type ClaimShape = {
  category: Pick<CategoryRow, "openToClaims" | "isActive">;
  formType: "R" | "B";
  partyId: string | null;
  hasGst: boolean;
  hasTds: boolean;
  isEmergency: boolean;
};

/** 403 naming the first rule a claim breaks (DECISIONS §15); nothing for other actors. */
export function assertClaimAllowed(actor: Pick<Actor, "role">, claim: ClaimShape): void {
  if (!filesClaimsOnly(actor)) return;
  if (!claim.category.openToClaims) refuse(CLAIM_CATEGORY_CLOSED, "categoryId");
  if (claim.formType !== "B") refuse(CLAIM_ALWAYS_FORM_B, "formType");
  if (claim.partyId) refuse(CLAIM_NO_PARTY, "partyId");
  if (claim.hasGst) refuse(CLAIM_NO_GST_OR_TDS, "gst");
  if (claim.hasTds) refuse(CLAIM_NO_GST_OR_TDS, "tds");
  if (claim.isEmergency) refuse(CLAIM_NO_EMERGENCY, "isEmergency");
}

/**
 * The employee a new transaction reimburses: the caller's own (meOf: linked and active), when the
 * caller is an `Employee` login; null for every other creator (their bills pay a party or nobody).
 */
export async function claimantFor(
  q: Queryable,
  actor: Pick<Actor, "role" | "employeeId">,
): Promise<{ claimantEmployeeId: string; claimantName: string } | null> {
  if (!filesClaimsOnly(actor)) return null;
  const me = await meOf(q, actor);
  // Their ledger joins the one namespace of ledger names (DECISIONS §12, §15): never a party's name.
  await assertClaimantLedgerName(q, me.employeeName);
  return { claimantEmployeeId: me.id, claimantName: me.employeeName };
}

/** GET /api/me/claims: the caller's claims, newest first, with status, amount and what was paid. */
export async function myClaims(ctx: ActingContext): Promise<MyClaim[]> {
  const { db, actor } = ctx;
  const me = await meOf(db, actor);
  const rows = await db
    .select({
      id: transactions.id,
      humanReadableId: transactions.humanReadableId,
      categoryName: categories.name,
      amount: transactions.amount,
      transactionDate: transactions.transactionDate,
      description: transactions.description,
      status: transactions.status,
      isPaid: transactions.isPaid,
      paidDate: transactions.paidDate,
      createdAt: transactions.createdAt,
      attachmentCount: sql<number>`(select count(*)::int from attachments a where a.transaction_id = ${transactions.id})`.mapWith(Number),
    })
    .from(transactions)
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    // Their own claims: filed by this login for this employee.
    .where(and(eq(transactions.claimantEmployeeId, me.id), eq(transactions.createdBy, actor.id)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
  return rows.map((r) => ({
    id: r.id,
    humanReadableId: r.humanReadableId,
    category: r.categoryName,
    amount: presentAmount(r.amount),
    amountPaid: r.isPaid || r.status === "Paid" || r.status === "Completed" ? presentAmount(r.amount) : "0.00",
    transactionDate: r.transactionDate,
    description: r.description,
    status: r.status,
    paidDate: r.paidDate,
    createdAt: r.createdAt.toISOString(),
    attachmentCount: r.attachmentCount,
  }));
}
