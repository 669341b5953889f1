// How the TDS screens say a nature's terms: its rates by PAN and its thresholds, in one line each.
import { formatRupees } from "@shared/format";
import { formatRate } from "@shared/tds";
import type { TdsNature } from "@shared/schemas/tds";

type Terms = Pick<TdsNature, "rateIndividual" | "rateOther" | "noPanRate" | "singleThreshold" | "monthlyThreshold" | "yearlyThreshold" | "onlyAboveThreshold">;

/** "1 % individual or HUF, 2 % others" (one rate when both are the same). */
export function ratesByPan(n: Terms): string {
  return n.rateIndividual === n.rateOther
    ? formatRate(n.rateIndividual)
    : `${formatRate(n.rateIndividual)} individual or HUF, ${formatRate(n.rateOther)} others`;
}

/** "No PAN: 20 %". */
export const noPanWords = (n: Terms): string => `No PAN: ${formatRate(n.noPanRate)}`;

/** Both in one sentence, for the form's summary. */
export const ratesWords = (n: Terms): string => `${ratesByPan(n)}; ${formatRate(n.noPanRate)} without a PAN`;

/** "₹30,000.00 a bill or ₹1,00,000.00 a year"; "above ₹50,00,000.00 a year, on the excess"; "always". */
export function thresholdWords(n: Terms): string {
  if (n.onlyAboveThreshold && n.yearlyThreshold) return `Above ${formatRupees(n.yearlyThreshold)} a year, on the excess only`;
  const parts = [
    n.singleThreshold ? `${formatRupees(n.singleThreshold)} a bill` : null,
    n.monthlyThreshold ? `${formatRupees(n.monthlyThreshold)} a month` : null,
    n.yearlyThreshold ? `${formatRupees(n.yearlyThreshold)} a year` : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? `From ${parts.join(" or ")}` : "Every bill, whatever its amount";
}
