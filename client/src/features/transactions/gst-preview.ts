// What the GST section shows as a bill is typed: shared/gst.ts over the lines typed so far (a line
// whose value or rate is not yet valid adds nothing), so the form and the server agree to the paisa.
import { checkGstAmount, computeGst, GST_RATES, type GstAmountCheck, type GstBreakup } from "@shared/gst";
import { readMoney } from "@shared/money";
import type { GstForm } from "./gst-form";

export type GstPreview = {
  breakup: GstBreakup;
  /** Per line typed: its computed taxes, or null while its value or rate is not valid. */
  lineTaxes: (GstBreakup["lines"][number] | null)[];
  /** How the amount compares, when the amount and at least one line are valid. */
  check: GstAmountCheck | null;
};

const rateOf = (text: string): number | null => {
  const n = Number(text);
  return text.trim() !== "" && (GST_RATES as readonly number[]).includes(n) ? n : null;
};

/** The preview of the GST typed so far; null until the company's state is known or no line is valid. */
export function previewGst(gst: GstForm, amount: string, companyStateCode: string | null): GstPreview | null {
  if (!companyStateCode) return null;
  const valid: { index: number; taxableValue: string; rate: number }[] = [];
  gst.lines.forEach((line, index) => {
    const money = readMoney(line.taxableValue);
    const rate = rateOf(line.rate);
    if (money.ok && money.paise > 0n && rate !== null) valid.push({ index, taxableValue: money.value, rate });
  });
  if (!valid.length) return null;
  const breakup = computeGst(
    {
      placeOfSupply: gst.placeOfSupply,
      reverseCharge: gst.reverseCharge,
      lines: valid.map((v) => ({ hsnSac: "", taxableValue: v.taxableValue, rate: v.rate })),
    },
    companyStateCode,
  );
  const lineTaxes: GstPreview["lineTaxes"] = gst.lines.map(() => null);
  valid.forEach((v, i) => {
    lineTaxes[v.index] = breakup.lines[i]!;
  });
  const money = readMoney(amount);
  const check = money.ok && money.paise > 0n ? checkGstAmount(money.value, breakup, gst.reverseCharge) : null;
  return { breakup, lineTaxes, check };
}
