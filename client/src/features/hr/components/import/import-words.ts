// How an import's outcome is said, on its result panel and in the toast after it.
import { formatDate } from "@shared/format";
import type { ImportResult } from "@shared/schemas/hr";
import { recordedThroughText } from "../../lib/dates";

/** "2 names matched no employee (13 rows not imported) · 1 row with errors", or null when the import had none. */
export function importProblems(result: ImportResult): string | null {
  const parts: string[] = [];
  const unmatchedRows = result.unmatchedNames.reduce((n, u) => n + u.rows, 0);
  if (result.unmatchedNames.length > 0) {
    const names = result.unmatchedNames.length;
    parts.push(
      `${names} name${names === 1 ? "" : "s"} matched no employee (${unmatchedRows.toLocaleString("en-IN")} row${unmatchedRows === 1 ? "" : "s"} not imported)`,
    );
  }
  if (result.errors.length > 0) {
    const n = result.errors.length;
    parts.push(`${n >= 100 ? "100 or more" : n} row${n === 1 ? "" : "s"} with errors`);
  }
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** The month's recorded range after this import, in the words of every other HR screen ("Recorded through 26 Nov"). */
export function recordedRangeText(result: ImportResult, dry: boolean): string {
  const month = result.monthCoveredThrough;
  if (!month) return dry ? "No day of the month would be recorded yet (none is over)." : "No day of the month is recorded yet (none is over).";
  const range = `${recordedThroughText(month)}${dry ? " after this import" : ""}.`;
  // A file of earlier days leaves the month's range where a previous import put it.
  return result.coveredThrough && result.coveredThrough < month ? `${range} This file covers through ${formatDate(result.coveredThrough)}.` : range;
}
