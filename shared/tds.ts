// TDS on a bill (DECISIONS §12): which rate a party is deducted at, whether a bill crosses a
// threshold, what it deducts for the earlier bills that did not, rounded to the rupee. Pure: the
// server gives it the nature, the party's PAN, the bill and the party's other counted bills of that
// nature in the financial year (services/tds/decide.ts), and keeps what it answers. Integer paise
// and hundredths of a percent throughout, never floats. No zod here: the bodies are shared/schemas/tds.ts.
import { formatRupees } from "./format";
import { paiseToString, toPaise } from "./money";

/** A TDS nature as the rule reads it (the SuperAdmin's record, shared/schemas/tds.ts). */
export type TdsNatureTerms = {
  id: string;
  legacySection: string;
  actReference: string;
  /** Percent, for a PAN whose fourth character is P (individual) or H (HUF). */
  rateIndividual: number;
  /** Percent, for any other PAN (company, firm, trust …). */
  rateOther: number;
  /** Percent, for a party without a PAN (or twice the rate, if higher). */
  noPanRate: number;
  singleThreshold: string | null;
  monthlyThreshold: string | null;
  yearlyThreshold: string | null;
  /** Deduct only on what the year's bills take above the yearly threshold (194Q). */
  onlyAboveThreshold: boolean;
};

/** An earlier bill whose TDS the crossing bill deducts, as the breakdown names it. */
export type TdsShortfallBill = { id: string; humanReadableId: string; date: string; base: string; tds: string };

/** What a bill keeps of its TDS (transactions.tds); `noPan` is kept for the register, not answered. */
export type TdsDetails = {
  natureId: string;
  legacySection: string;
  actReference: string;
  rate: number;
  base: string;
  /** The TDS deducted on this bill: its own, and what it deducts for the earlier bills; whole rupees. */
  amount: string;
  shortfallFromEarlier: { amount: string; bills: TdsShortfallBill[] } | null;
  reason: string;
  noPan: boolean;
};

/** One of the party's other bills of the nature in the financial year, submitted and not Rejected, as kept. */
export type CountedBill = { id: string; humanReadableId: string; date: string; tds: Pick<TdsDetails, "base" | "amount" | "shortfallFromEarlier"> };

export type TdsBill = {
  /** Null for a bill not saved yet (a preview). */
  id: string | null;
  /** The GST invoice date where there is one, else the transaction date (YYYY-MM-DD). */
  date: string;
  /** The bill's amount: the TDS never exceeds it. */
  amount: string;
  /** The taxable value when the bill has GST lines, else the amount. */
  base: string;
};

/** Hundredths of a percent of a rate in percent: 0.1 → 10, 2 → 200. */
export function rateHundredths(rate: number): bigint {
  return BigInt(Math.round(rate * 100));
}

/** "2 %", "0.1 %", "7.5 %": a rate as the screens say it. */
export function formatRate(rate: number): string {
  return `${Number(rate.toFixed(2))} %`;
}

/** Whole rupees of base × rate, half a rupee up (TDS is deducted and reported in whole rupees), in paise. */
export function tdsPaise(basePaise: bigint, hundredths: bigint): bigint {
  if (basePaise <= 0n) return 0n;
  // base (paise) × rate (hundredths of a percent) / (100 paise × 100 % × 100) = rupees.
  const denominator = 1_000_000n;
  const rupees = (basePaise * hundredths * 2n + denominator) / (2n * denominator);
  return rupees * 100n;
}

/** The financial year a day falls in (April to March): its first and last day, and its name ("2026-27"). */
export function financialYear(day: string): { from: string; to: string; label: string } {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  return { from: `${start}-04-01`, to: `${start + 1}-03-31`, label: `${start}-${String((start + 1) % 100).padStart(2, "0")}` };
}

/** A quarter of a financial year, yyyy-Qn: the year the financial year starts in; Q1 April–June … Q4 January–March of yyyy+1. */
export function quarterBounds(quarter: string): { from: string; to: string } {
  const year = Number(quarter.slice(0, 4));
  const n = Number(quarter.slice(6));
  const bounds: Record<number, [string, string]> = {
    1: [`${year}-04-01`, `${year}-06-30`],
    2: [`${year}-07-01`, `${year}-09-30`],
    3: [`${year}-10-01`, `${year}-12-31`],
    4: [`${year + 1}-01-01`, `${year + 1}-03-31`],
  };
  const [from, to] = bounds[n]!;
  return { from, to };
}

export type PanKind = "individual" | "other" | "none";

/** The fourth character of a PAN says who holds it: P an individual, H a Hindu undivided family. */
export function panKind(pan: string | null | undefined): PanKind {
  if (!pan) return "none";
  const holder = pan.charAt(3).toUpperCase();
  return holder === "P" || holder === "H" ? "individual" : "other";
}

/**
 * The rate a party is deducted at, and why in words. Without a PAN: the nature's no-PAN rate, or
 * twice the higher of its rates when that is more.
 */
export function rateFor(nature: TdsNatureTerms, pan: string | null | undefined): { rate: number; noPan: boolean; why: string } {
  const kind = panKind(pan);
  if (kind === "individual")
    return { rate: nature.rateIndividual, noPan: false, why: `${formatRate(nature.rateIndividual)}, the rate for an individual or HUF (PAN ${pan})` };
  if (kind === "other")
    return {
      rate: nature.rateOther,
      noPan: false,
      why: `${formatRate(nature.rateOther)}, the rate for a PAN other than an individual's or HUF's (PAN ${pan})`,
    };
  const twice = Math.max(nature.rateIndividual, nature.rateOther) * 2;
  const rate = Math.max(nature.noPanRate, twice);
  const which = rate === nature.noPanRate ? `the no-PAN rate of ${formatRate(nature.noPanRate)}` : `twice the rate, ${formatRate(twice)}`;
  return { rate, noPan: true, why: `${formatRate(rate)} because the party has no PAN: ${which}, the higher of the no-PAN rate and twice the rate` };
}

const rupees = (paise: bigint) => formatRupees(paiseToString(paise));
const sum = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n);

/** What an earlier bill deducted on its own base (its amount less what it deducted for others). */
function ownPaise(bill: CountedBill): bigint {
  return toPaise(bill.tds.amount) - toPaise(bill.tds.shortfallFromEarlier?.amount ?? "0");
}

/**
 * The TDS of one bill of a party under a nature (DECISIONS §12):
 * - it applies when the bill alone reaches the single threshold, when the party's bills of the nature
 *   in the bill's month reach the monthly one, or when those of the financial year, this one
 *   included, reach the yearly one (each at equality); with no threshold at all, always;
 * - on a bill where the yearly (or monthly) threshold applies, the TDS on the year's (or month's)
 *   earlier bills that deducted nothing, and no later bill has deducted for, is deducted too, oldest
 *   first, as far as the bill's amount allows (what does not fit is left for the next bill);
 * - `onlyAboveThreshold` (194Q): only what the year's bills take above the yearly threshold, no shortfall;
 * - each bill's TDS rounded to the rupee.
 */
export function decideTds(nature: TdsNatureTerms, pan: string | null | undefined, bill: TdsBill, earlier: readonly CountedBill[]): TdsDetails {
  const { rate, noPan, why } = rateFor(nature, pan);
  const h = rateHundredths(rate);
  const base = toPaise(bill.base);
  const fy = financialYear(bill.date);
  const year = earlier.filter((b) => b.date >= fy.from && b.date <= fy.to);
  const month = year.filter((b) => b.date.slice(0, 7) === bill.date.slice(0, 7));
  const yearTotal = base + sum(year.map((b) => toPaise(b.tds.base)));
  const monthTotal = base + sum(month.map((b) => toPaise(b.tds.base)));
  const keep = { natureId: nature.id, legacySection: nature.legacySection, actReference: nature.actReference, rate, base: paiseToString(base), noPan };
  const single = nature.singleThreshold === null ? null : toPaise(nature.singleThreshold);
  const monthly = nature.monthlyThreshold === null ? null : toPaise(nature.monthlyThreshold);
  const yearly = nature.yearlyThreshold === null ? null : toPaise(nature.yearlyThreshold);
  const answer = (own: bigint, reason: string[], shortfall: TdsShortfallBill[] = []) => {
    const shortfallPaise = sum(shortfall.map((b) => toPaise(b.tds)));
    return {
      ...keep,
      amount: paiseToString(own + shortfallPaise),
      shortfallFromEarlier: shortfall.length ? { amount: paiseToString(shortfallPaise), bills: shortfall } : null,
      reason: [...reason, why].join("; "),
    };
  };

  // A later bill already deducted this one's TDS (after an edit or override of a bill it covered).
  const coveredBy = earlier.find((b) => b.tds.shortfallFromEarlier?.bills.some((s) => s.id === bill.id));
  if (bill.id && coveredBy) return answer(0n, [`No TDS on this bill: its TDS was deducted on ${coveredBy.humanReadableId}`]);

  if (nature.onlyAboveThreshold && yearly !== null) {
    const before = yearTotal - base;
    const above = yearTotal - (before > yearly ? before : yearly);
    const taxed = above > 0n ? (above < base ? above : base) : 0n;
    if (taxed === 0n)
      return answer(0n, [
        `No TDS yet: the year's bills (${fy.label}) come to ${rupees(yearTotal)}, not above ${rupees(yearly)}; only what exceeds it is taxed`,
      ]);
    return answer(tdsPaise(taxed, h), [`TDS on ${rupees(taxed)}, what the year's bills (${fy.label}) of ${rupees(yearTotal)} take above ${rupees(yearly)}`]);
  }

  const bySingle = single !== null && base >= single;
  const byMonth = monthly !== null && monthTotal >= monthly;
  const byYear = yearly !== null && yearTotal >= yearly;
  const noThreshold = single === null && monthly === null && yearly === null;
  if (!bySingle && !byMonth && !byYear && !noThreshold) {
    const below = [
      single !== null ? `this bill's ${rupees(base)} is below ${rupees(single)} a bill` : null,
      monthly !== null ? `the month's bills come to ${rupees(monthTotal)}, below ${rupees(monthly)} a month` : null,
      yearly !== null ? `the year's bills (${fy.label}) come to ${rupees(yearTotal)}, below ${rupees(yearly)} a year` : null,
    ].filter((s): s is string => s !== null);
    return answer(0n, [`No TDS yet: ${below.join(", ")}`]);
  }

  const own = tdsPaise(base, h);
  const reached = [
    bySingle ? `this bill's ${rupees(base)} reaches ${rupees(single!)} a bill` : null,
    byMonth ? `the month's bills come to ${rupees(monthTotal)}, reaching ${rupees(monthly!)} a month` : null,
    byYear ? `the year's bills (${fy.label}) come to ${rupees(yearTotal)}, reaching ${rupees(yearly!)} a year` : null,
    noThreshold ? "the nature has no threshold" : null,
  ].filter((s): s is string => s !== null);
  const reason = [`TDS on ${rupees(base)}: ${reached.join(", ")}`];

  // The earlier bills of the window that crossed (the year's, else the month's) that deducted
  // nothing and that no other bill has deducted for, oldest first.
  const window = byYear ? year : byMonth ? month : [];
  const covered = new Set(earlier.flatMap((b) => b.tds.shortfallFromEarlier?.bills.map((s) => s.id) ?? []));
  const undeducted = window
    .filter((b) => ownPaise(b) === 0n && !covered.has(b.id) && toPaise(b.tds.base) > 0n)
    .sort((a, b) => a.date.localeCompare(b.date) || a.humanReadableId.localeCompare(b.humanReadableId));
  const room = toPaise(bill.amount);
  let total = own > room ? room : own;
  const shortfall: TdsShortfallBill[] = [];
  const left: string[] = [];
  for (const b of undeducted) {
    const tds = tdsPaise(toPaise(b.tds.base), h);
    if (tds === 0n) continue;
    if (total + tds > room) {
      left.push(b.humanReadableId);
      continue;
    }
    total += tds;
    shortfall.push({ id: b.id, humanReadableId: b.humanReadableId, date: b.date, base: b.tds.base, tds: paiseToString(tds) });
  }
  if (shortfall.length) reason.push(`with the TDS not deducted on ${shortfall.map((b) => `${b.humanReadableId} (${formatRupees(b.tds)})`).join(", ")}`);
  if (left.length) reason.push(`the TDS on ${left.join(", ")} is more than this bill can bear and is left for the party's next bill`);
  return answer(own > room ? room : own, reason, shortfall);
}

/**
 * "Pay ₹45,000.00 (TDS ₹5,000.00 deducted under 194J)": what the payment screens say of a bill with
 * TDS; "Paid …" once it is paid.
 */
export function payWords(amount: string, tds: Pick<TdsDetails, "amount" | "legacySection"> | null | undefined, verb: "Pay" | "Paid" = "Pay"): string {
  const deducted = tds ? toPaise(tds.amount) : 0n;
  if (!tds || deducted === 0n) return `${verb} ${formatRupees(amount)}`;
  return `${verb} ${rupees(toPaise(amount) - deducted)} (TDS ${formatRupees(tds.amount)} deducted under ${tds.legacySection})`;
}

/** Whether a bill deducts TDS (a nature named whose TDS came to more than nothing). */
export const deductsTds = (tds: Pick<TdsDetails, "amount"> | null | undefined): boolean => Boolean(tds && toPaise(tds.amount) > 0n);

/** amount − TDS: what the party is paid. */
export function netPayable(amount: string, tds: Pick<TdsDetails, "amount"> | null | undefined): string {
  return paiseToString(toPaise(amount) - toPaise(tds?.amount ?? "0"));
}
