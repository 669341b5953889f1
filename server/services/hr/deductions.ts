// Salary deductions and the monthly attendance summary of one employee (DECISIONS §8, spec 001
// §3 employee details). Money goes through shared/money.ts: integer paise, never floats.
import { absentWeight, isJudgedDay, presentWeight } from "../../../shared/attendance-days";
import { daysInMonth } from "../../../shared/calendar";
import type { DayStatus } from "../../../shared/constants";
import { paiseToString, prorateMoney, sumMoney, toPaise } from "../../../shared/money";
import type { AttendanceRules, SalaryDeduction } from "../../../shared/schemas/hr";

export type DeductionDay = { dayStatus: DayStatus; violationPoints: number; date?: string };

export type DeductionInput = {
  /** Rupees as stored ('31000.00'); null or blank when the employee has no salary on record. */
  monthlySalary: string | null;
  /** 'YYYY-MM' */
  month: string;
  /** The employee's attendance days of that month (`Not recorded` ones cost nothing: isJudgedDay). */
  days: readonly DeductionDay[];
  /**
   * Today in APP_TIMEZONE: a day from today on is not over and costs nothing yet (leave is stored
   * ahead of time; LWP deducts once the day is over, DECISIONS §8). Absent: every day counts.
   */
  today?: string;
};

/** The days that count: recorded (isJudgedDay) and over. */
export function daysThatCount<D extends DeductionDay>(days: readonly D[], today?: string): D[] {
  return days.filter((d) => isJudgedDay(d) && !(today && d.date && d.date >= today));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The month's deductions, one line per cause, each `salary × halfDays / (2 × daysInMonth)`
 * rounded half-up to the paisa (the daily rate itself is never rounded first, so 30000 over
 * 31 days costs 1935.48 for two days, not 2 × 967.74):
 *  - Absent (Unpaid): 1 day each;  Unpaid Leave (LWP): 1 day each (its own line);
 *  - Half-day (Unpaid): half a day each;
 *  - every full pointsPerHalfDayDeduction violation points of the month: half a day.
 * Lines with nothing to deduct are left out; no salary (null, blank or zero) → no lines.
 * A `Not recorded` day (not over yet, or no import covers it) costs nothing, its points included.
 * The total never exceeds the monthly salary: should the lines add up to more, the last lines
 * are reduced (down to 0.00, and their reason says so) so that the total equals the salary.
 */
export function computeSalaryDeductions(input: DeductionInput, policy: Pick<AttendanceRules, "pointsPerHalfDayDeduction">): SalaryDeduction[] {
  const dim = daysInMonth(input.month);
  if (input.monthlySalary === null || input.monthlySalary.trim() === "") return [];
  const salary = toPaise(input.monthlySalary);
  if (salary === 0n) return [];

  const judged = daysThatCount(input.days, input.today);
  const count = (status: DayStatus) => judged.filter((d) => d.dayStatus === status).length;
  const absent = count("Absent (Unpaid)");
  const unpaidLeave = count("Unpaid Leave (LWP)");
  const halfDays = count("Half-day (Unpaid)");
  const points = judged.reduce((sum, d) => sum + d.violationPoints, 0);
  const perDeduction = Math.max(1, policy.pointsPerHalfDayDeduction);
  const pointDeductions = Math.floor(points / perDeduction);

  const lines: { reason: string; halfDays: number }[] = [];
  if (absent > 0) lines.push({ reason: plural(absent, "unpaid absence day", "unpaid absence days"), halfDays: absent * 2 });
  if (unpaidLeave > 0) lines.push({ reason: plural(unpaidLeave, "unpaid leave day (LWP)", "unpaid leave days (LWP)"), halfDays: unpaidLeave * 2 });
  if (halfDays > 0) lines.push({ reason: plural(halfDays, "half day (unpaid)", "half days (unpaid)"), halfDays });
  if (pointDeductions > 0) {
    lines.push({
      reason: `${plural(points, "violation point", "violation points")} (${plural(pointDeductions, "half-day deduction", "half-day deductions")})`,
      halfDays: pointDeductions,
    });
  }

  let remaining = salary;
  const result: SalaryDeduction[] = [];
  for (const line of lines) {
    // salary × halfDays / (2 × days in month), rounded half-up once, from the exact rate.
    const full = toPaise(prorateMoney(input.monthlySalary, line.halfDays, 2 * dim));
    const amount = full > remaining ? remaining : full;
    remaining -= amount;
    result.push({ reason: amount < full ? `${line.reason}, capped at the monthly salary` : line.reason, amount: paiseToString(amount) });
  }
  return result;
}

/** Sum of deduction lines, as a money string. */
export function totalDeductions(lines: readonly SalaryDeduction[]): string {
  return sumMoney(lines.map((l) => l.amount));
}

export type MonthSummaryCounts = {
  /** Full days count 1, half days 0.5 (Present (Full), WFH, On Duty 1; either Half-day 0.5). */
  presentDays: number;
  /** Absent (Unpaid) and LWP 1, Half-day (Unpaid) 0.5. */
  absentDays: number;
  /** Days that carry violation points (late arrivals, or points set by hand). */
  lateDays: number;
  violationPoints: number;
  pendingReviewDays: number;
  /** Leave register days: Paid Leave (PL) 1 and Half-day (Paid) 0.5; Unpaid Leave (LWP) 1. */
  paidLeaveDays: number;
  unpaidLeaveDays: number;
};

/** The monthly figures of the employee details dialog (spec 001 §3), from the recorded days only (isJudgedDay), like the deductions. */
export function summarizeMonth(days: readonly DeductionDay[], today?: string): MonthSummaryCounts {
  let paidLeaveDays = 0;
  let unpaidLeaveDays = 0;
  let presentDays = 0;
  let absentDays = 0;
  let lateDays = 0;
  let violationPoints = 0;
  let pendingReviewDays = 0;
  for (const d of daysThatCount(days, today)) {
    if (d.dayStatus === "Paid Leave (PL)") paidLeaveDays += 1;
    if (d.dayStatus === "Half-day (Paid)") paidLeaveDays += 0.5;
    if (d.dayStatus === "Unpaid Leave (LWP)") unpaidLeaveDays += 1;
    presentDays += presentWeight(d.dayStatus);
    absentDays += absentWeight(d.dayStatus);
    if (d.violationPoints > 0) lateDays += 1;
    violationPoints += d.violationPoints;
    if (d.dayStatus === "Pending Review") pendingReviewDays += 1;
  }
  return { presentDays, absentDays, lateDays, violationPoints, pendingReviewDays, paidLeaveDays, unpaidLeaveDays };
}
