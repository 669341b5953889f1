import { describe, expect, it } from "vitest";
import type { DayStatus } from "../../../shared/constants";
import { DEFAULT_ATTENDANCE_POLICY } from "../../../shared/schemas/hr";
import { computeSalaryDeductions, summarizeMonth, totalDeductions, type DeductionDay } from "./deductions";

const policy = DEFAULT_ATTENDANCE_POLICY;
const days = (...spec: [DayStatus, number, number?][]): DeductionDay[] =>
  spec.flatMap(([dayStatus, count, violationPoints = 0]) => Array.from({ length: count }, () => ({ dayStatus, violationPoints })));

describe("computeSalaryDeductions (daily rate = salary / days in the month)", () => {
  it.each([
    {
      rule: "one unpaid absence costs one day (31000 over 31 days = 1000.00)",
      salary: "31000.00",
      month: "2025-07",
      days: days(["Absent (Unpaid)", 1]),
      want: [{ reason: "1 unpaid absence day", amount: "1000.00" }],
    },
    {
      rule: "two unpaid absences",
      salary: "31000.00",
      month: "2025-07",
      days: days(["Absent (Unpaid)", 2], ["Present (Full)", 20]),
      want: [{ reason: "2 unpaid absence days", amount: "2000.00" }],
    },
    {
      rule: "Unpaid Leave (LWP) costs one day each, on its own line",
      salary: "31000.00",
      month: "2025-07",
      days: days(["Unpaid Leave (LWP)", 3]),
      want: [{ reason: "3 unpaid leave days (LWP)", amount: "3000.00" }],
    },
    {
      rule: "Half-day (Unpaid) costs half a day",
      salary: "31000.00",
      month: "2025-07",
      days: days(["Half-day (Unpaid)", 1]),
      want: [{ reason: "1 half day (unpaid)", amount: "500.00" }],
    },
    {
      rule: "every full 3 violation points cost half a day (5 points → 1)",
      salary: "31000.00",
      month: "2025-07",
      days: days(["Present (Full)", 5, 1]),
      want: [{ reason: "5 violation points (1 half-day deduction)", amount: "500.00" }],
    },
    {
      rule: "6 violation points → 2 half-day deductions",
      salary: "31000.00",
      month: "2025-07",
      days: days(["Present (Full)", 6, 1]),
      want: [{ reason: "6 violation points (2 half-day deductions)", amount: "1000.00" }],
    },
    {
      rule: "2 violation points cost nothing",
      salary: "31000.00",
      month: "2025-07",
      days: days(["Present (Full)", 2, 1]),
      want: [],
    },
    {
      rule: "30000 over 31 days: one day 967.74 (967.7419…)",
      salary: "30000.00",
      month: "2025-07",
      days: days(["Absent (Unpaid)", 1]),
      want: [{ reason: "1 unpaid absence day", amount: "967.74" }],
    },
    {
      rule: "30000 over 31 days: two days 1935.48, from the exact rate (not 2 × 967.74)",
      salary: "30000.00",
      month: "2025-07",
      days: days(["Absent (Unpaid)", 2]),
      want: [{ reason: "2 unpaid absence days", amount: "1935.48" }],
    },
    {
      rule: "30000 over 31 days: half a day 483.87 (483.8709…)",
      salary: "30000.00",
      month: "2025-07",
      days: days(["Half-day (Unpaid)", 1]),
      want: [{ reason: "1 half day (unpaid)", amount: "483.87" }],
    },
    {
      rule: "30000 over 31 days: three days 2903.23 (2903.2258…, rounds up)",
      salary: "30000.00",
      month: "2025-07",
      days: days(["Unpaid Leave (LWP)", 3]),
      want: [{ reason: "3 unpaid leave days (LWP)", amount: "2903.23" }],
    },
    {
      rule: "less than half a paisa rounds down to 0.00 (0.01 over 31 days = 0.0003)",
      salary: "0.01",
      month: "2025-07",
      days: days(["Absent (Unpaid)", 1]),
      want: [{ reason: "1 unpaid absence day", amount: "0.00" }],
    },
    {
      rule: "exact half paisa rounds up (0.31 over 31 days, half a day = 0.005)",
      salary: "0.31",
      month: "2025-07",
      days: days(["Half-day (Unpaid)", 1]),
      want: [{ reason: "1 half day (unpaid)", amount: "0.01" }],
    },
    {
      rule: "February of a leap year has 29 days (29000 → 1000.00 a day)",
      salary: "29000",
      month: "2024-02",
      days: days(["Absent (Unpaid)", 1]),
      want: [{ reason: "1 unpaid absence day", amount: "1000.00" }],
    },
    {
      rule: "February of a common year has 28 days (28000 → 1000.00 a day)",
      salary: "28000",
      month: "2025-02",
      days: days(["Absent (Unpaid)", 1]),
      want: [{ reason: "1 unpaid absence day", amount: "1000.00" }],
    },
    {
      rule: "a month with every cause lists each one",
      salary: "45000.00",
      month: "2025-06",
      days: days(["Absent (Unpaid)", 2], ["Unpaid Leave (LWP)", 1], ["Half-day (Unpaid)", 3], ["Present (Full)", 7, 1]),
      want: [
        { reason: "2 unpaid absence days", amount: "3000.00" },
        { reason: "1 unpaid leave day (LWP)", amount: "1500.00" },
        { reason: "3 half days (unpaid)", amount: "2250.00" },
        { reason: "7 violation points (2 half-day deductions)", amount: "1500.00" },
      ],
    },
    {
      rule: "paid statuses cost nothing",
      salary: "31000.00",
      month: "2025-07",
      days: days(
        ["Present (Full)", 1],
        ["Half-day (Paid)", 1],
        ["Paid Leave (PL)", 1],
        ["Weekly Off", 1],
        ["Holiday", 1],
        ["On Duty/Client Visit", 1],
        ["WFH", 1],
        ["Pending Review", 1],
      ),
      want: [],
    },
    {
      rule: "no salary, no deductions",
      salary: null,
      month: "2025-07",
      days: days(["Absent (Unpaid)", 5]),
      want: [],
    },
    {
      rule: "blank salary, no deductions",
      salary: "",
      month: "2025-07",
      days: days(["Absent (Unpaid)", 5]),
      want: [],
    },
    {
      rule: "zero salary, no deductions",
      salary: "0.00",
      month: "2025-07",
      days: days(["Absent (Unpaid)", 5]),
      want: [],
    },
    {
      rule: "the total is capped at the monthly salary",
      salary: "31000.00",
      month: "2025-07",
      days: days(["Absent (Unpaid)", 30, 1], ["Half-day (Unpaid)", 1, 1], ["Present (Full)", 1, 1]),
      want: [
        { reason: "30 unpaid absence days", amount: "30000.00" },
        { reason: "1 half day (unpaid)", amount: "500.00" },
        { reason: "32 violation points (10 half-day deductions), capped at the monthly salary", amount: "500.00" },
      ],
    },
    {
      rule: "a line beyond the salary is kept at 0.00 and says it was capped",
      salary: "31000.00",
      month: "2025-07",
      days: days(["Absent (Unpaid)", 31, 1]),
      want: [
        { reason: "31 unpaid absence days", amount: "31000.00" },
        { reason: "31 violation points (10 half-day deductions), capped at the monthly salary", amount: "0.00" },
      ],
    },
  ])("$rule", ({ salary, month, days: monthDays, want }) => {
    expect(computeSalaryDeductions({ monthlySalary: salary, month, days: monthDays }, policy)).toEqual(want);
  });

  it("follows the policy's points per half-day deduction", () => {
    expect(
      computeSalaryDeductions({ monthlySalary: "31000", month: "2025-07", days: days(["Present (Full)", 4, 1]) }, { pointsPerHalfDayDeduction: 2 }),
    ).toEqual([{ reason: "4 violation points (2 half-day deductions)", amount: "1000.00" }]);
  });

  it("handles the largest salary without losing a paisa", () => {
    expect(computeSalaryDeductions({ monthlySalary: "999999999999.99", month: "2025-07", days: days(["Absent (Unpaid)", 1]) }, policy)).toEqual([
      // 99,999,999,999,999 paise / 31 = 3,225,806,451,612.87… → 32258064516.13
      { reason: "1 unpaid absence day", amount: "32258064516.13" },
    ]);
  });

  it("totals lines exactly", () => {
    expect(
      totalDeductions([
        { reason: "a", amount: "967.74" },
        { reason: "b", amount: "483.87" },
        { reason: "c", amount: "0.10" },
      ]),
    ).toBe("1451.71");
    expect(totalDeductions([])).toBe("0.00");
  });
});

describe("summarizeMonth (employee details)", () => {
  it("counts present, absent and late days and points", () => {
    const month = days(
      ["Present (Full)", 18],
      ["Present (Full)", 2, 1],
      ["WFH", 1],
      ["On Duty/Client Visit", 1],
      ["Half-day (Unpaid)", 2],
      ["Half-day (Paid)", 1],
      ["Absent (Unpaid)", 1, 1],
      ["Unpaid Leave (LWP)", 1],
      ["Paid Leave (PL)", 1],
      ["Pending Review", 1],
      ["Weekly Off", 4],
    );
    expect(summarizeMonth(month)).toEqual({
      presentDays: 23.5,
      absentDays: 3,
      lateDays: 3,
      violationPoints: 3,
      pendingReviewDays: 1,
      paidLeaveDays: 1.5,
      unpaidLeaveDays: 1,
    });
  });

  it("an empty month is all zeros", () => {
    expect(summarizeMonth([])).toEqual({
      presentDays: 0,
      absentDays: 0,
      lateDays: 0,
      violationPoints: 0,
      pendingReviewDays: 0,
      paidLeaveDays: 0,
      unpaidLeaveDays: 0,
    });
  });
});
