// How a day's status counts (spec 001 §3, DECISIONS §8): in the attendance summary of a day or a
// range, the HR dashboard, an employee's month and the salary deductions. One table, so the
// attendance screen and the server count the same days.
import { DAY_STATUSES, type DayStatus } from "./constants";
import type { AttendanceRecord, AttendanceSummary } from "./schemas/hr";

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

/** The Present, Absent and Late figures of the attendance summary; late means the day carries violation points. */
export function countAttendanceDays(
  records: readonly Pick<AttendanceRecord, "dayStatus" | "violationPoints">[],
): Omit<AttendanceSummary, "totalEmployees"> {
  return {
    present: records.filter((r) => PRESENT_DAY_STATUSES.includes(r.dayStatus)).length,
    absent: records.filter((r) => ABSENT_DAY_STATUSES.includes(r.dayStatus)).length,
    late: records.filter((r) => r.violationPoints > 0).length,
  };
}
