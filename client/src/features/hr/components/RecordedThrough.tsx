// DECISIONS §8 "Only recorded days are judged": the line every HR screen shows under its month, so
// nobody reads a day that was never imported as an absence.
import { CalendarRange } from "lucide-react";
import { monthEnd } from "@shared/calendar";
import { recordedThroughText } from "../lib/dates";

export function RecordedThrough({ coveredThrough, month }: { coveredThrough: string | null | undefined; month: string }) {
  if (coveredThrough === undefined) return null;
  const text =
    coveredThrough === null
      ? "No day of this month is recorded yet: nothing is judged or deducted until an import covers it."
      : coveredThrough >= monthEnd(month)
        ? "The whole month is recorded."
        : `${recordedThroughText(coveredThrough)}. Later days are not recorded yet and cost nothing.`;
  return (
    <p className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="recorded-through">
      <CalendarRange className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
