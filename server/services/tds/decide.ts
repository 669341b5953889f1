// A bill's TDS on the server (DECISIONS §12): which nature a bill names (its own choice, else its
// party's usual one), and what is deducted, decided by shared/tds.ts from the party's other bills of
// that nature in the financial year. Decided at every create, edit, submit and full override; a
// decision holds a lock per party and nature until its transaction ends, so two bills of one party
// submitted at once are decided one after the other and the second sees the first (a shortfall is
// deducted once).
import { and, eq, ne, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { parties, tdsNatures, transactions, type TransactionRow } from "../../db/schema";
import { badRequest } from "../errors";
import { decideTds, financialYear, netPayable, type CountedBill, type TdsDetails } from "../../../shared/tds";
import { TDS_MESSAGES, type TdsAnswer, type TdsChoice, type TdsPreviewBody } from "../../../shared/schemas/tds";
import { presentTds } from "../../presenters/transactions";
import type { ServiceContext } from "../context";
import type { GstDetails } from "../../../shared/gst";
import type { FormType } from "../../../shared/constants";
import { statusIn } from "../transactions/common";
import { termsOf, usableNature } from "./natures";

const M = TDS_MESSAGES;

/** The statuses of a bill that counts among the party's earlier bills: submitted, and not Rejected (deleted ones are gone). */
const COUNTED = ["Pending", "Approved", "PaymentDue", "Paid", "Completed"] as const;

/** What a bill's TDS is decided from. */
export type TdsBillFacts = {
  /** Null for a bill not saved yet (a preview). */
  id: string | null;
  formType: FormType;
  partyId: string | null;
  amount: string;
  transactionDate: string;
  gst: Pick<GstDetails, "invoiceDate" | "taxableValue" | "lines"> | null;
};

/** The date a bill is counted on: its GST invoice date where there is one, else its transaction date. */
export const billDate = (bill: Pick<TdsBillFacts, "transactionDate" | "gst">) => bill.gst?.invoiceDate ?? bill.transactionDate;

/** The base: the taxable value when the bill has GST lines, else the amount. */
export const billBase = (bill: Pick<TdsBillFacts, "amount" | "gst">) => (bill.gst && bill.gst.lines.length > 0 ? bill.gst.taxableValue : bill.amount);

/** The SQL form of billDate, as text (YYYY-MM-DD sorts as it reads). */
const billDateSql = sql<string>`coalesce(${transactions.gst} ->> 'invoiceDate', ${transactions.transactionDate}::text)`;

/** The nature a party names as its usual one, when it is active (a new bill starts with it). */
async function partyNature(q: Queryable, partyId: string | null): Promise<string | null> {
  if (!partyId) return null;
  const [row] = await q
    .select({ id: tdsNatures.id })
    .from(parties)
    .innerJoin(tdsNatures, eq(tdsNatures.id, parties.tdsNatureId))
    .where(and(eq(parties.id, partyId), eq(tdsNatures.isActive, true)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The nature a bill names after a create (`stored` null), an edit or an override: the one sent
 * (`tds: null` none), else, when the party changes or on a new bill, the party's usual one, else the
 * one it named. A receipt names none, and a sent nature on a receipt or a bill without a party is 400.
 */
export async function natureOfBill(
  q: Queryable,
  bill: Pick<TdsBillFacts, "formType" | "partyId">,
  sent: TdsChoice | null | undefined,
  stored: { natureId: string | null; partyId: string | null } | null,
): Promise<string | null> {
  if (sent) {
    if (bill.formType !== "B") throw badRequest(M.onReceipt, [{ path: "tds", message: M.onReceipt }]);
    if (!bill.partyId) throw badRequest(M.needsParty, [{ path: "tds", message: M.needsParty }]);
    return sent.natureId;
  }
  if (sent === null || bill.formType !== "B" || !bill.partyId) return null;
  if (!stored || stored.partyId !== bill.partyId) return partyNature(q, bill.partyId);
  return stored.natureId;
}

/** The party's other bills of the nature counted in the financial year of `date`, as each keeps its TDS. */
async function countedBills(q: Queryable, partyId: string, natureId: string, date: string, exceptId: string | null): Promise<CountedBill[]> {
  const fy = financialYear(date);
  const rows = await q
    .select({ id: transactions.id, humanReadableId: transactions.humanReadableId, date: billDateSql, tds: transactions.tds })
    .from(transactions)
    .where(
      and(
        eq(transactions.partyId, partyId),
        sql`${transactions.tds} is not null and (${transactions.tds} ->> 'natureId') = ${natureId}`,
        statusIn(transactions.status, COUNTED),
        sql`${billDateSql} between ${fy.from} and ${fy.to}`,
        exceptId ? ne(transactions.id, exceptId) : undefined,
      ),
    );
  return rows.map((r) => ({ id: r.id, humanReadableId: r.humanReadableId, date: r.date, tds: r.tds! }));
}

/**
 * Serialises the decisions of one party's bills under one nature until the caller's transaction
 * ends, so the second of two at once reads the first one's result.
 */
async function lockPartyNature(tx: Tx, partyId: string, natureId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tds:${partyId}:${natureId}`}))`);
}

/**
 * The TDS a bill keeps (null: none): decided from its nature, its party's PAN and the party's other
 * counted bills of the nature in its financial year. `allowInactive`: the nature may be inactive (the
 * one already named on an edit, an override repairing a record); a submission needs an active one.
 */
export async function decideBillTds(tx: Tx, bill: TdsBillFacts, natureId: string | null, options: { allowInactive: boolean }): Promise<TdsDetails | null> {
  if (!natureId) return null;
  if (bill.formType !== "B") throw badRequest(M.onReceipt, [{ path: "tds", message: M.onReceipt }]);
  if (!bill.partyId) throw badRequest(M.needsParty, [{ path: "tds", message: M.needsParty }]);
  const nature = await usableNature(tx, natureId, { allowInactive: options.allowInactive });
  const [party] = await tx.select({ pan: parties.pan }).from(parties).where(eq(parties.id, bill.partyId)).limit(1);
  await lockPartyNature(tx, bill.partyId, natureId);
  const date = billDate(bill);
  const earlier = await countedBills(tx, bill.partyId, natureId, date, bill.id);
  return decideTds(termsOf(nature), party?.pan ?? null, { id: bill.id, date, amount: bill.amount, base: billBase(bill) }, earlier);
}

/** The facts of a stored bill. */
export const factsOf = (row: Pick<TransactionRow, "id" | "formType" | "partyId" | "amount" | "transactionDate" | "gst">): TdsBillFacts => ({
  id: row.id,
  formType: row.formType,
  partyId: row.partyId,
  amount: row.amount,
  transactionDate: row.transactionDate,
  gst: row.gst,
});

/** POST /api/tds/preview: what a bill of these facts would deduct if decided now (no lock: nothing is kept). */
export async function previewBillTds(ctx: Pick<ServiceContext, "db">, input: TdsPreviewBody): Promise<{ tds: TdsAnswer; netPayable: string }> {
  const q = ctx.db;
  const nature = await usableNature(q, input.natureId, { allowInactive: false });
  const [party] = await q.select({ pan: parties.pan }).from(parties).where(eq(parties.id, input.partyId)).limit(1);
  if (!party) throw badRequest("Party not found", [{ path: "partyId", message: "Party not found" }]);
  const earlier = await countedBills(q, input.partyId, input.natureId, input.date, input.transactionId);
  const tds = decideTds(
    termsOf(nature),
    party.pan,
    { id: input.transactionId, date: input.date, amount: input.amount, base: input.taxableValue ?? input.amount },
    earlier,
  );
  return { tds: presentTds(tds)!, netPayable: netPayable(input.amount, tds) };
}
