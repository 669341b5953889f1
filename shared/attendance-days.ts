// How a day's status counts (spec 001 §3, DECISIONS §8): in the attendance summary of a day or a
// range, the HR dashboard, an employee's month and the salary deductions. One table, so the
// attendance screen and the server count the same days. Also which days are recorded at all
// (DECISIONS §8 "Only recorded days are judged"): the range an import covers, and the warning
// of a file that ends well before it. The server's import and the import screen both read these,
// so the rule is written once; the day rule itself is the server's (server/services/hr/day-rule.ts).
import { addDays, monthEnd } from "./calendar";
import { DAY_STATUSES, NOT_RECORDED, type DayStatus } from "./constants";

/** How much of a present day a status is: worked (or working elsewhere) counts. */
export function presentWeight(status: DayStatus): number {
  switch (status) {
    case "Present (Full)":
    case "WFH":
    case "On Duty/Client Visit":
      return 1;
    case "Half-day (Paid)":
    case "Half-day (Unpaid)":
      return 0.5;
    default:
      return 0;
  }
}

/** How much of an unpaid absence a status is (paid leave, offs, holidays and reviews are not absences). */
export function absentWeight(status: DayStatus): number {
  switch (status) {
    case "Absent (Unpaid)":
    case "Unpaid Leave (LWP)":
      return 1;
    case "Half-day (Unpaid)":
      return 0.5;
    default:
      return 0;
  }
}

/** Counted Present in a day or range summary: any part of a working day. */
export const PRESENT_DAY_STATUSES: DayStatus[] = DAY_STATUSES.filter((s) => presentWeight(s) > 0);
/** Counted Absent in a day or range summary: whole unpaid absences only (a half day is present). */
export const ABSENT_DAY_STATUSES: DayStatus[] = DAY_STATUSES.filter((s) => absentWeight(s) === 1);

/** The Present, Absent, Late and Not recorded figures of the attendance summary; late means the day carries violation points. */
export function countAttendanceDays(records: readonly { dayStatus: DayStatus; violationPoints: number }[]): {
  present: number;
  absent: number;
  late: number;
  notRecorded: number;
} {
  return {
    present: records.filter((r) => PRESENT_DAY_STATUSES.includes(r.dayStatus)).length,
    absent: records.filter((r) => ABSENT_DAY_STATUSES.includes(r.dayStatus)).length,
    late: records.filter((r) => r.violationPoints > 0).length,
    // Counted apart, never as Absent (DECISIONS §8).
    notRecorded: records.filter((r) => r.dayStatus === NOT_RECORDED).length,
  };
}

/**
 * Whether a day counts in an employee's month (present, absent and late days, violation points,
 * salary deductions): every day but a `Not recorded` one, which costs nothing until an import
 * covers it.
 */
export function isJudgedDay(day: { dayStatus: DayStatus }): boolean {
  return day.dayStatus !== NOT_RECORDED;
}

/** Whether a listed day has a stored row (a hand edit needs one); a listed `Not recorded` day without one has id null. */
export function isStoredDay<Day extends { id: string | null }>(day: Day): day is Day & { id: string } {
  return day.id !== null;
}

// ---------------------------------------------------------------- recorded days

/**
 * The last day an import of `month` covers when the upload names none (DECISIONS §8): the
 * month's last day when the month ended before the upload, else the newest punch date of the
 * file in that month, never past yesterday. Null: the import covers no day (no punch yet, or the
 * month has no finished day).
 */
export function defaultCoveredThrough(month: string, newestPunch: string | null, today: string): string | null {
  const first = `${month}-01`;
  const last = monthEnd(month);
  if (last < today) return last;
  if (newestPunch === null) return null;
  const yesterday = addDays(today, -1);
  const through = newestPunch < yesterday ? newestPunch : yesterday;
  return through >= first && through <= last ? through : null;
}

/** The latest day an upload may name as covered: the month's last day, or yesterday; null when no day of the month is over. */
export function latestCoverable(month: string, today: string): string | null {
  const last = monthEnd(month);
  const yesterday = addDays(today, -1);
  const latest = last < yesterday ? last : yesterday;
  return latest >= `${month}-01` ? latest : null;
}

/** Why an upload's `coveredThrough` is refused (outside the month, or not over yet), or null when it may be used. */
export function coveredThroughProblem(month: string, coveredThrough: string, today: string): string | null {
  if (coveredThrough.slice(0, 7) !== month) return "Recorded through must be a day of the selected month";
  const latest = latestCoverable(month, today);
  if (latest === null || coveredThrough > latest) return "Recorded through cannot be today or later: only finished days can be recorded";
  return null;
}

/**
 * The days an import will judge although the file holds no punch of them (DECISIONS §8): when
 * the file's newest punch of the month is more than one day before the end of the covered
 * range, the days after it up to that end — every employee without a punch on them will be
 * Absent. Null when there is no such gap.
 */
export function coverageGap(month: string, newestPunch: string | null, coveredThrough: string | null): { from: string; to: string; message: string } | null {
  if (coveredThrough === null) return null;
  const from = newestPunch === null ? `${month}-01` : addDays(newestPunch, 1);
  if (newestPunch !== null && addDays(newestPunch, 1) >= coveredThrough) return null;
  if (from > coveredThrough) return null;
  const day = (d: string) => String(Number(d.slice(8, 10)));
  const days = from === coveredThrough ? `day ${day(from)}` : `days ${day(from)}–${day(coveredThrough)}`;
  const newest = newestPunch === null ? "The file has no punch in this month" : `The file's last punch is on day ${day(newestPunch)}`;
  return {
    from,
    to: coveredThrough,
    message: `${newest}, but the import will record the month through day ${day(coveredThrough)}: ${days} will be marked Absent for everyone.`,
  };
}
