// The import's last stage (DECISIONS §8 "Only recorded days are judged"): the range of the month
// this import records, stored on its record before the days are judged, then the recalculation of
// every day the import affects, by the one day rule (recalculate.ts calls day-rule.ts).
import { sql } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { attendanceImports } from "../../../db/schema";
import { coverageGap, defaultCoveredThrough } from "../../../../shared/attendance-days";
import { monthBounds } from "../../../../shared/calendar";
import { coverageOfDays, coveredThroughOf, employeesWithDays } from "../coverage";
import { loadPolicy } from "../policy";
import { recalculateDays } from "../recalculate";

export type ImportedMonth = {
  importId: string;
  month: string;
  /** Today in APP_TIMEZONE. */
  today: string;
  /** The last day the upload names as recorded; absent: the DECISIONS §8 default. */
  coveredThrough?: string;
  /** The file's newest punch of the month, matched to an employee or not: how far the machine's export reaches. */
  newestPunch: string | null;
  /** The employees the file's punches name. */
  employeeIds: ReadonlySet<string>;
};

export type RecordedMonth = {
  /** The last day this import records; null when it records none. */
  coveredThrough: string | null;
  /** The month's recorded range with this import, as every other screen names it. */
  monthCoveredThrough: string | null;
  /** The days the import judges although the file holds no punch of them, in words. */
  coverageWarning: string | null;
  /** Whose days were recalculated, sorted. */
  employeeIds: string[];
  from: string;
  to: string;
};

export async function recordAndRecalculate(tx: Tx, month: ImportedMonth): Promise<RecordedMonth> {
  const coveredThrough = month.coveredThrough ?? defaultCoveredThrough(month.month, month.newestPunch, month.today);
  const coverageWarning = coverageGap(month.month, month.newestPunch, coveredThrough)?.message ?? null;
  const { from, to } = monthBounds(month.month);
  const coveredBefore = await coveredThroughOf(tx, month.month);
  await tx
    .update(attendanceImports)
    .set({ coveredThrough })
    .where(sql`${attendanceImports.id} = ${month.importId}`);
  // Every day of the month up to today for the employees the file names, and for everyone with
  // days this month when the recorded range grew (their newly recorded days are judged now: see
  // recalculate.ts daysToCompute).
  const affected = new Set(month.employeeIds);
  if (coveredThrough !== null && (coveredBefore === null || coveredThrough > coveredBefore)) {
    for (const id of await employeesWithDays(tx, from, to)) affected.add(id);
  }
  const employeeIds = [...affected].sort();
  // The month's covered range with this import's stored: what the days are judged by, and the answer's.
  const coverage = await coverageOfDays(tx, from, to);
  await recalculateDays(tx, await loadPolicy(tx), { employeeIds, from, to, today: month.today, coverage });
  return { coveredThrough, monthCoveredThrough: coverage.get(month.month) ?? null, coverageWarning, employeeIds, from, to };
}
