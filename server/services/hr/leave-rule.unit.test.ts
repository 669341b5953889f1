// The leave register's rules (DECISIONS §8): the day rule with leave, working days and half days,
// the paid-leave entitlement pro-rated in the joining year, and deductions of leave days.
import { describe, expect, it } from "vitest";
import { DEFAULT_ATTENDANCE_POLICY } from "../../../shared/schemas/hr";
import { leaveDayCount, paidLeaveEntitlement, paidLeaveLeftMessage, workingDaysOf } from "../../../shared/leave";
import { weekdayOf } from "../../../shared/calendar";
import { computeDay, mergeManualEdit, type DayInput } from "./day-rule";
import { computeSalaryDeductions, summarizeMonth } from "./deductions";

const TODAY = "2025-07-20";
// 2025-07-15 is a Tuesday; the employee's weekly off is Sunday.
const base: Omit<DayInput, "isWeeklyOff"> = { date: "2025-07-15", isHoliday: false, punches: [], today: TODAY, coveredThrough: "2025-07-19" };
const day = (overrides: Partial<DayInput>) => {
  const input = { ...base, ...overrides };
  return computeDay({ isWeeklyOff: weekdayOf(input.date) === "Sunday", ...input }, DEFAULT_ATTENDANCE_POLICY);
};
const PL = { type: "PL" as const, halfDay: false };
const LWP = { type: "LWP" as const, halfDay: false };

describe("the day rule with leave", () => {
  it.each([
    ["PL on a working day", { leave: PL }, "Paid Leave (PL)"],
    ["LWP on a working day", { leave: LWP }, "Unpaid Leave (LWP)"],
    ["a PL half day", { leave: { type: "PL" as const, halfDay: true } }, "Half-day (Paid)"],
    ["an LWP half day", { leave: { type: "LWP" as const, halfDay: true } }, "Half-day (Unpaid)"],
    ["a weekly off inside the leave", { leave: PL, date: "2025-07-13" }, "Weekly Off"],
    ["a holiday inside the leave", { leave: PL, isHoliday: true }, "Holiday"],
    ["a future working day (leave is stored ahead)", { leave: LWP, date: "2025-07-28" }, "Unpaid Leave (LWP)"],
    ["a day no import covers", { leave: PL, date: "2025-07-19", coveredThrough: null }, "Paid Leave (PL)"],
    ["a leap day", { leave: PL, date: "2024-02-29", today: "2024-03-05", coveredThrough: "2024-02-29" }, "Paid Leave (PL)"],
  ] as const)("%s → %s", (_what, overrides, status) => {
    expect(day(overrides as Partial<DayInput>)?.dayStatus).toBe(status);
  });

  it("a future weekly off inside the leave is not stored", () => {
    expect(day({ leave: PL, date: "2025-07-27" })).toBeNull();
  });

  it("punches on a leave day are shown, but the status stays the leave's and no lateness counts", () => {
    const d = day({
      leave: PL,
      punches: [
        { type: "in", time: "11:10:00" },
        { type: "out", time: "13:00:00" },
      ],
    });
    expect(d).toMatchObject({ dayStatus: "Paid Leave (PL)", firstInTime: "11:10:00", lastOutTime: "13:00:00", violationPoints: 0, violationReason: null });
  });

  it("a hand edit still wins over leave", () => {
    const computed = day({ leave: PL });
    const merged = mergeManualEdit({ isManual: true, dayStatus: "On Duty/Client Visit", violationPoints: 0, violationReason: null }, computed);
    expect(merged?.dayStatus).toBe("On Duty/Client Visit");
  });
});

describe("working days of a leave", () => {
  it("leave out the weekly off and holidays, across a month end", () => {
    // Thu 31 Jul 2025 to Tue 5 Aug: Sunday 3 Aug off, 1 Aug a holiday.
    expect(workingDaysOf("2025-07-31", "2025-08-05", "Sunday", new Set(["2025-08-01"]))).toEqual(["2025-07-31", "2025-08-02", "2025-08-04", "2025-08-05"]);
    expect(leaveDayCount({ from: "2025-07-31", to: "2025-08-05", halfDay: false }, "Sunday", new Set(["2025-08-01"]))).toBe(4);
    expect(leaveDayCount({ from: "2025-07-15", to: "2025-07-15", halfDay: true }, "Sunday", new Set())).toBe(0.5);
    expect(leaveDayCount({ from: "2025-07-13", to: "2025-07-13", halfDay: true }, "Sunday", new Set())).toBe(0);
  });
});

describe("the paid-leave entitlement", () => {
  it.each([
    [18, "2020-06-10", 2025, 18, "a later year: the whole entitlement"],
    [18, "2025-01-01", 2025, 18, "joined on 1 January: 12 months"],
    [18, "2025-03-01", 2025, 15, "joined on 1 March: 10 months"],
    [18, "2025-03-15", 2025, 13.5, "joined on 15 March: 9 whole months"],
    [18, "2025-12-20", 2025, 0, "joined in late December: no whole month"],
    [18, "2026-02-01", 2025, 0, "before the joining year"],
    [10, "2025-08-01", 2025, 4, "10 a year, 5 months: 4.17 rounded down to the half day"],
  ])("%i a year, joined %s, in %i → %d (%s)", (perYear, joined, year, expected) => {
    expect(paidLeaveEntitlement(perYear, joined, year)).toBe(expected);
  });

  it("says how much is left", () => {
    expect(paidLeaveLeftMessage(2.5)).toBe("Only 2.5 days of paid leave left");
    expect(paidLeaveLeftMessage(1)).toBe("Only 1 day of paid leave left");
    expect(paidLeaveLeftMessage(-1)).toBe("Only 0 days of paid leave left");
  });
});

describe("deductions of leave days", () => {
  const days = [
    { date: "2025-07-14", dayStatus: "Unpaid Leave (LWP)" as const, violationPoints: 0 },
    { date: "2025-07-15", dayStatus: "Paid Leave (PL)" as const, violationPoints: 0 },
    { date: "2025-07-16", dayStatus: "Half-day (Paid)" as const, violationPoints: 0 },
    { date: "2025-07-17", dayStatus: "Half-day (Unpaid)" as const, violationPoints: 0 },
    // Stored ahead of time: not over yet, so not deducted yet.
    { date: "2025-07-21", dayStatus: "Unpaid Leave (LWP)" as const, violationPoints: 0 },
  ];
  it("LWP deducts once the day is over (half days 0.5), PL never", () => {
    const lines = computeSalaryDeductions({ monthlySalary: "31000.00", month: "2025-07", days, today: TODAY }, DEFAULT_ATTENDANCE_POLICY);
    expect(lines).toEqual([
      { reason: "1 unpaid leave day (LWP)", amount: "1000.00" },
      { reason: "1 half day (unpaid)", amount: "500.00" },
    ]);
    expect(summarizeMonth(days, TODAY)).toMatchObject({ paidLeaveDays: 1.5, unpaidLeaveDays: 1 });
  });
});
