// The GST summary of a month (DECISIONS §12): taxable value and each tax by rate over the bills whose
// supplier invoice is dated in that month, with reverse charge (the company's own tax to pay) and the
// input tax credit apart. Which bills count: Form B with GST, Approved, Payment Due, Paid or
// Completed (the bills the company has accepted; a Draft, Pending or Rejected one may still change or
// never be paid), whoever created them: GST is filed for the whole company, so an Accountant's
// visibility window does not narrow it (as exports to the books are not narrowed either).
import { sql } from "drizzle-orm";
import type { ActingContext } from "./context";
import { transactions } from "../db/schema";
import { statusIn, APPROVED_FAMILY } from "./transactions/common";
import { rows } from "../db/sql";
import { paiseToString, toPaise } from "../../shared/money";
import type { GstSummary, GstSummaryTotals } from "../../shared/schemas/gst";
import type { CsvValue } from "../lib/csv";
import { addMonths, monthBounds } from "../../shared/calendar";

type RateRow = { reverse_charge: boolean; rate: string; bills: number; lines: number; taxable: string; cgst: string; sgst: string; igst: string };
type ItcRow = { bills: number; taxable: string | null; cgst: string | null; sgst: string | null; igst: string | null };

function totalsOf(taxable: bigint, cgst: bigint, sgst: bigint, igst: bigint, bills: number): GstSummaryTotals {
  return {
    bills,
    taxableValue: paiseToString(taxable),
    cgst: paiseToString(cgst),
    sgst: paiseToString(sgst),
    igst: paiseToString(igst),
    totalTax: paiseToString(cgst + sgst + igst),
  };
}

export async function gstSummary(ctx: ActingContext, month: string): Promise<GstSummary> {
  const { from, to } = monthBounds(month);
  const until = `${addMonths(month, 1)}-01`;
  // The invoice date is compared as text (YYYY-MM-DD sorts as it reads), the expression the
  // partial index transactions_gst_invoice_date_idx is built on.
  const counted = sql`${transactions.gst} is not null and ${transactions.formType} = 'B' and ${statusIn(transactions.status, APPROVED_FAMILY)}
    and (${transactions.gst} ->> 'invoiceDate') >= ${from} and (${transactions.gst} ->> 'invoiceDate') < ${until}`;
  const byRate = await rows<RateRow>(
    ctx.db,
    sql`
      select (${transactions.gst} ->> 'reverseCharge')::boolean as reverse_charge,
             (line ->> 'rate')::numeric::text as rate,
             count(distinct ${transactions.id})::int as bills,
             count(*)::int as lines,
             sum((line ->> 'taxableValue')::numeric)::text as taxable,
             sum((line ->> 'cgst')::numeric)::text as cgst,
             sum((line ->> 'sgst')::numeric)::text as sgst,
             sum((line ->> 'igst')::numeric)::text as igst
      from ${transactions}, jsonb_array_elements(${transactions.gst} -> 'lines') as line
      where ${counted}
      group by 1, (line ->> 'rate')::numeric
      order by 1, (line ->> 'rate')::numeric`,
  );
  const [itc] = await rows<ItcRow>(
    ctx.db,
    sql`
      select count(*)::int as bills,
             sum((${transactions.gst} ->> 'taxableValue')::numeric)::text as taxable,
             sum((${transactions.gst} ->> 'cgst')::numeric)::text as cgst,
             sum((${transactions.gst} ->> 'sgst')::numeric)::text as sgst,
             sum((${transactions.gst} ->> 'igst')::numeric)::text as igst
      from ${transactions}
      where ${counted} and (${transactions.gst} ->> 'itcEligible')::boolean`,
  );

  const section = (reverseCharge: boolean) => {
    const rateRows = byRate.filter((r) => Boolean(r.reverse_charge) === reverseCharge);
    let taxable = 0n;
    let cgst = 0n;
    let sgst = 0n;
    let igst = 0n;
    const out = rateRows.map((r) => {
      const t = toPaise(r.taxable);
      const c = toPaise(r.cgst);
      const s = toPaise(r.sgst);
      const i = toPaise(r.igst);
      taxable += t;
      cgst += c;
      sgst += s;
      igst += i;
      return { rate: Number(r.rate), lines: r.lines, ...totalsOf(t, c, s, i, r.bills) };
    });
    return { rows: out, total: totalsOf(taxable, cgst, sgst, igst, 0) };
  };
  const forward = section(false);
  const reverse = section(true);
  // A bill with lines at several rates counts once in each rate's row; the totals count bills once.
  const billCounts = await rows<{ reverse_charge: boolean; bills: number }>(
    ctx.db,
    sql`
      select (${transactions.gst} ->> 'reverseCharge')::boolean as reverse_charge, count(*)::int as bills
      from ${transactions} where ${counted} group by 1`,
  );
  forward.total.bills = billCounts.find((b) => !b.reverse_charge)?.bills ?? 0;
  reverse.total.bills = billCounts.find((b) => b.reverse_charge)?.bills ?? 0;
  return {
    month,
    from,
    to,
    forwardCharge: forward,
    reverseCharge: reverse,
    inputTaxCredit: totalsOf(toPaise(itc?.taxable ?? "0"), toPaise(itc?.cgst ?? "0"), toPaise(itc?.sgst ?? "0"), toPaise(itc?.igst ?? "0"), itc?.bills ?? 0),
  };
}

export const GST_SUMMARY_HEADER = ["section", "rate", "bills", "taxable value", "cgst", "sgst", "igst", "total tax"] as const;

/** The summary as CSV rows: each rate of each section, its total, then the input tax credit. */
export function gstSummaryRows(summary: GstSummary): CsvValue[][] {
  const rows: CsvValue[][] = [];
  const add = (section: string, rate: string, t: GstSummaryTotals) => rows.push([section, rate, t.bills, t.taxableValue, t.cgst, t.sgst, t.igst, t.totalTax]);
  for (const [name, s] of [
    ["Forward charge", summary.forwardCharge],
    ["Reverse charge", summary.reverseCharge],
  ] as const) {
    for (const r of s.rows) add(name, `${r.rate}%`, r);
    add(name, "Total", s.total);
  }
  add("Input tax credit", "Total", summary.inputTaxCredit);
  return rows;
}
