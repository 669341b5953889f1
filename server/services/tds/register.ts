// The TDS register of a quarter (DECISIONS §12): every deduction on a bill the company has accepted
// (Approved or later) whose date (the GST invoice date where there is one) lies in the quarter, and
// the totals by nature the challans pay. The whole company's, whoever entered the bills: TDS is filed
// for the company, so an Accountant's visibility window does not narrow it (as GST and exports).
import { and, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { parties, tdsNatures, transactions } from "../../db/schema";
import { APPROVED_FAMILY, statusIn } from "../transactions/common";
import { paiseToString, toPaise } from "../../../shared/money";
import { quarterBounds, type TdsDetails } from "../../../shared/tds";
import type { TdsRegister } from "../../../shared/schemas/tds";
import type { CsvValue } from "../../lib/csv";

const billDateSql = sql<string>`coalesce(${transactions.gst} ->> 'invoiceDate', ${transactions.transactionDate}::text)`;

/** GET /api/tds/register?quarter=yyyy-Qn. */
export async function tdsRegister(ctx: Pick<ServiceContext, "db">, quarter: string): Promise<TdsRegister> {
  const { from, to } = quarterBounds(quarter);
  const found = await ctx.db
    .select({
      humanReadableId: transactions.humanReadableId,
      date: billDateSql,
      tds: transactions.tds,
      party: parties.name,
      pan: parties.pan,
      natureId: tdsNatures.id,
      natureName: tdsNatures.name,
      natureSection: tdsNatures.legacySection,
      paymentCode: tdsNatures.paymentCode,
    })
    .from(transactions)
    .innerJoin(parties, eq(parties.id, transactions.partyId))
    .innerJoin(tdsNatures, sql`${tdsNatures.id}::text = ${transactions.tds} ->> 'natureId'`)
    .where(
      and(
        sql`${transactions.tds} is not null and (${transactions.tds} ->> 'amount')::numeric > 0`,
        statusIn(transactions.status, APPROVED_FAMILY),
        sql`${billDateSql} between ${from} and ${to}`,
      ),
    )
    .orderBy(billDateSql, sql`lower(${parties.name})`, transactions.humanReadableId);

  const totals = new Map<string, { natureId: string; natureName: string; legacySection: string; paise: bigint }>();
  const rows = found.map((r) => {
    const tds = r.tds as TdsDetails;
    // What the deduction was worked on: this bill's base and those of the earlier bills it deducted for.
    const amount = toPaise(tds.base) + (tds.shortfallFromEarlier?.bills ?? []).reduce((s, b) => s + toPaise(b.base), 0n);
    const total = totals.get(r.natureId) ?? { natureId: r.natureId, natureName: r.natureName, legacySection: r.natureSection, paise: 0n };
    total.paise += toPaise(tds.amount);
    totals.set(r.natureId, total);
    return {
      party: r.party,
      pan: r.pan,
      natureName: r.natureName,
      legacySection: tds.legacySection,
      actReference: tds.actReference,
      paymentCode: r.paymentCode,
      creditedOn: r.date,
      amount: paiseToString(amount),
      rate: tds.rate,
      tds: paiseToString(toPaise(tds.amount)),
      noPan: tds.noPan === true,
    };
  });
  return {
    rows,
    totals: [...totals.values()]
      .sort((a, b) => a.legacySection.localeCompare(b.legacySection) || a.natureName.localeCompare(b.natureName))
      .map(({ paise, ...t }) => ({ ...t, tds: paiseToString(paise) })),
  };
}

export const TDS_REGISTER_HEADER = [
  "party",
  "pan",
  "nature",
  "legacySection",
  "actReference",
  "paymentCode",
  "creditedOn",
  "amount",
  "rate",
  "tds",
  "noPan",
] as const;

/** The register's rows as CSV rows, in the answer's order. */
export function tdsRegisterRows(register: TdsRegister): CsvValue[][] {
  return register.rows.map((r) => [
    r.party,
    r.pan ?? "",
    r.natureName,
    r.legacySection,
    r.actReference,
    r.paymentCode ?? "",
    r.creditedOn,
    r.amount,
    r.rate,
    r.tds,
    r.noPan ? "yes" : "no",
  ]);
}
