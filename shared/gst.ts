// GST on a bill (DECISIONS §12): the one computation the transaction form shows as you type and the
// server stores, so both always agree to the paisa. Integer paise throughout (shared/money.ts), never
// floats; a rate is held as hundredths of a percent (0.25 % → 25) so every rate of the list is exact.
// No zod here: the request body is shared/schemas/gst.ts.
import { formatRupees } from "./format";
import { paiseToString, toPaise } from "./money";

/** The GST rates a line may carry, in percent (the notified slabs, with the special ones for stones, gold and the like). */
export const GST_RATES = [0, 0.1, 0.25, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40] as const;

/** Lines a bill's GST may carry: enough for any invoice typed by hand, few enough to show. */
export const GST_LINES_MAX = 50;

/** The round-off a bill's amount may differ from its invoice total by, either way: ₹1.00. */
export const GST_ROUND_OFF_LIMIT_PAISE = 100n;

/** What the computation needs of a line (the body's line, already validated). */
export type GstLineInput = { hsnSac: string; taxableValue: string; rate: number };

/** What the computation needs of the GST section of a bill. */
export type GstInput = {
  placeOfSupply: string;
  reverseCharge: boolean;
  lines: readonly GstLineInput[];
};

export type GstLineBreakup = {
  hsnSac: string;
  taxableValue: string;
  rate: number;
  cgst: string;
  sgst: string;
  igst: string;
  /** cgst + sgst + igst of this line. */
  tax: string;
};

export type GstBreakup = {
  /** "intra": the place of supply is the company's state, so CGST + SGST; "inter": IGST. */
  supply: "intra" | "inter";
  lines: GstLineBreakup[];
  taxableValue: string;
  cgst: string;
  sgst: string;
  igst: string;
  totalTax: string;
  /** taxable value + tax: what the supplier's invoice totals to. */
  invoiceTotal: string;
  /**
   * What the bill pays the supplier before round-off: the invoice total, or the taxable value alone
   * under reverse charge (the tax is then the company's to pay to the government, shown apart).
   */
  payable: string;
};

/** Hundredths of a percent of a listed rate: 7.5 → 750, 0.25 → 25. */
export function rateHundredths(rate: number): bigint {
  const h = Math.round(rate * 100);
  if (!GST_RATES.some((r) => Math.round(r * 100) === h)) throw new RangeError(`Not a GST rate: ${rate}`);
  return BigInt(h);
}

/**
 * numerator / denominator for non-negative integers, rounded to the nearest whole number with a
 * half going up: how a tax is rounded to the paisa (₹0.005 of tax becomes ₹0.01).
 */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (2n * denominator);
}

/**
 * The tax on one line, in paise. Intra-state: CGST and SGST each at half the rate, each rounded to the
 * paisa on its own (so they are always equal); inter-state: IGST at the whole rate. Half a paisa rounds up.
 */
export function lineTaxPaise(taxablePaise: bigint, rate: number, intraState: boolean): { cgst: bigint; sgst: bigint; igst: bigint } {
  const h = rateHundredths(rate);
  if (taxablePaise < 0n) throw new RangeError("A taxable value cannot be negative");
  if (intraState) {
    // taxable × (rate / 2) / 100, the rate in hundredths: taxable × h / 20000.
    const half = divideHalfUp(taxablePaise * h, 20_000n);
    return { cgst: half, sgst: half, igst: 0n };
  }
  return { cgst: 0n, sgst: 0n, igst: divideHalfUp(taxablePaise * h, 10_000n) };
}

/** Each line's taxes and the totals of a bill's GST, given the company's state code. */
export function computeGst(input: GstInput, companyStateCode: string): GstBreakup {
  const intra = input.placeOfSupply === companyStateCode;
  let taxable = 0n;
  let cgst = 0n;
  let sgst = 0n;
  let igst = 0n;
  const lines = input.lines.map((line): GstLineBreakup => {
    const value = toPaise(line.taxableValue);
    const tax = lineTaxPaise(value, line.rate, intra);
    taxable += value;
    cgst += tax.cgst;
    sgst += tax.sgst;
    igst += tax.igst;
    return {
      hsnSac: line.hsnSac,
      taxableValue: paiseToString(value),
      rate: line.rate,
      cgst: paiseToString(tax.cgst),
      sgst: paiseToString(tax.sgst),
      igst: paiseToString(tax.igst),
      tax: paiseToString(tax.cgst + tax.sgst + tax.igst),
    };
  });
  const totalTax = cgst + sgst + igst;
  return {
    supply: intra ? "intra" : "inter",
    lines,
    taxableValue: paiseToString(taxable),
    cgst: paiseToString(cgst),
    sgst: paiseToString(sgst),
    igst: paiseToString(igst),
    totalTax: paiseToString(totalTax),
    invoiceTotal: paiseToString(taxable + totalTax),
    payable: paiseToString(input.reverseCharge ? taxable : taxable + totalTax),
  };
}

export type GstAmountCheck =
  | { ok: true; roundOff: string }
  /** difference = amount − payable (negative when the amount is short). */
  | { ok: false; difference: string; message: string };

/**
 * Whether a bill's amount agrees with its GST: amount = payable (taxable + tax, or the taxable value
 * alone under reverse charge) within a round-off of ±₹1.00 inclusive, kept as `roundOff`
 * (amount − payable). A mismatch says by how much, for the 400 and for the form.
 */
export function checkGstAmount(amount: string, breakup: GstBreakup, reverseCharge: boolean): GstAmountCheck {
  const diff = toPaise(amount) - toPaise(breakup.payable);
  const abs = diff < 0n ? -diff : diff;
  if (abs <= GST_ROUND_OFF_LIMIT_PAISE) return { ok: true, roundOff: paiseToString(diff) };
  const what = reverseCharge
    ? `the taxable value ${formatRupees(breakup.payable)} (under reverse charge the tax of ${formatRupees(breakup.totalTax)} is paid by the company, not to the supplier)`
    : `taxable value ${formatRupees(breakup.taxableValue)} + GST ${formatRupees(breakup.totalTax)} = ${formatRupees(breakup.payable)}`;
  const message =
    `Amount ${formatRupees(amount)} does not match the GST invoice: expected ${what}; ` +
    `the difference of ${formatRupees(paiseToString(abs))} is more than the ₹1.00 round-off allowed`;
  return { ok: false, difference: paiseToString(diff), message };
}

/** The supplier's invoice as entered on a bill (the body of shared/schemas/gst.ts, validated). */
export type GstEntered = GstInput & { invoiceNumber: string; invoiceDate: string; itcEligible: boolean };

/**
 * What a bill keeps and answers as `gst`: the invoice as entered, each line's taxes and the totals,
 * and the round-off between the amount and what the invoice asks to be paid.
 */
export type GstDetails = Omit<GstEntered, "lines"> & GstBreakup & { roundOff: string };

/** The GST of a bill, computed and checked against its amount: the details to keep, or the mismatch. */
export function gstDetails(
  entered: GstEntered,
  amount: string,
  companyStateCode: string,
): { ok: true; gst: GstDetails } | Extract<GstAmountCheck, { ok: false }> {
  const breakup = computeGst(entered, companyStateCode);
  const check = checkGstAmount(amount, breakup, entered.reverseCharge);
  if (!check.ok) return check;
  return {
    ok: true,
    gst: {
      invoiceNumber: entered.invoiceNumber,
      invoiceDate: entered.invoiceDate,
      placeOfSupply: entered.placeOfSupply,
      reverseCharge: entered.reverseCharge,
      itcEligible: entered.itcEligible,
      ...breakup,
      roundOff: check.roundOff,
    },
  };
}
