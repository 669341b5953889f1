// The leave register (DECISIONS §8 "Leave register"): granted leave becomes the days' status, with
// a yearly paid-leave entitlement. The pure rules live here, so the server's balance check and the
// client's "Record leave" preview count the same working days and the same balance (the status a
// leave gives a day is the day rule's: server/services/hr/day-rule.ts).
// No zod here (the screens import these rules): the leave requests' and answers' schemas are shared/schemas/leave.ts.
import type { Weekday } from "./constants";
import { datesBetween, weekdayOf } from "./calendar";

export const LEAVE_TYPES = ["PL", "LWP"] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_TYPE_LABELS: Record<LeaveType, string> = { PL: "Paid leave (PL)", LWP: "Leave without pay (LWP)" };
export { PAID_LEAVE_DAYS_PER_YEAR_DEFAULT } from "./constants";
export const LEAVE_REASON_MAX = 500;
/** A leave covers at most this many calendar days (a long absence is recorded in parts). */
export const LEAVE_MAX_DAYS = 366;

// ---------------------------------------------------------------- the rules

/** The working days of a range for one employee: not their weekly off, not a holiday. */
export function workingDaysOf(from: string, to: string, weeklyOff: Weekday, holidays: ReadonlySet<string>): string[] {
  return [...datesBetween(from, to)].filter((d) => weekdayOf(d) !== weeklyOff && !holidays.has(d));
}

/** What a leave counts: its working days, or 0.5 for a half day on a working day. */
export function leaveDayCount(leave: { from: string; to: string; halfDay: boolean }, weeklyOff: Weekday, holidays: ReadonlySet<string>): number {
  const days = workingDaysOf(leave.from, leave.to, weeklyOff, holidays).length;
  return leave.halfDay ? days * 0.5 : days;
}

/**
 * The paid-leave entitlement of a year: the policy's days per year, pro-rated by whole months in
 * the joining year (a month counts when the employee was there from its first day: joining on
 * 1 March gives 10 months, on 15 March 9), rounded down to a half day; 0 before the joining year.
 */
export function paidLeaveEntitlement(perYear: number, joiningDate: string, year: number): number {
  const joinYear = Number(joiningDate.slice(0, 4));
  if (year < joinYear) return 0;
  if (year > joinYear) return perYear;
  const month = Number(joiningDate.slice(5, 7));
  const day = Number(joiningDate.slice(8, 10));
  const months = 12 - month + (day === 1 ? 1 : 0);
  return Math.floor(((perYear * months) / 12) * 2) / 2;
}

/** "Only 2.5 days of paid leave left" (DECISIONS §8). */
export function paidLeaveLeftMessage(remaining: number): string {
  const n = Math.max(0, remaining);
  return `Only ${n} ${n === 1 ? "day" : "days"} of paid leave left`;
}
