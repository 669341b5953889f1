import { describe, expect, it } from "vitest";
import type { Weekday } from "../../../shared/constants";
import { DEFAULT_ATTENDANCE_POLICY, type AttendanceRules } from "../../../shared/schemas/hr";
import { weekdayOf } from "../../../shared/calendar";
import { collapsePunches, computeDay, isRecordedDay, mergeManualEdit, type ComputedDay, type DayInput, type Punch } from "./day-rule";

const policy: AttendanceRules = DEFAULT_ATTENDANCE_POLICY;
// 2025-07-15 is a Tuesday; the employee's weekly off is Sunday unless a case says otherwise.
const TUESDAY = "2025-07-15";
const TODAY = "2025-07-31";

const p = (spec: string): Punch[] =>
  spec
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      const [type, time] = token.split("@");
      return { type: type as "in" | "out", time };
    });

/** A case names the employee's weekly off; the day is one when its date falls on it. */
type DayCase = Omit<DayInput, "isWeeklyOff"> & { weeklyOff: Weekday };

function day(punches: string, overrides: Partial<DayCase> = {}, rules: AttendanceRules = policy): ComputedDay | null {
  // The month is recorded through the day before TODAY unless a case says otherwise.
  const { weeklyOff, ...input }: DayCase = {
    date: TUESDAY,
    weeklyOff: "Sunday",
    isHoliday: false,
    punches: p(punches),
    today: TODAY,
    coveredThrough: "2025-07-30",
    ...overrides,
  };
  return computeDay({ ...input, isWeeklyOff: weekdayOf(input.date) === weeklyOff }, rules);
}

describe("isRecordedDay: only recorded days are judged (DECISIONS §8)", () => {
  it("a day is recorded when it is over and covered", () => {
    expect(isRecordedDay("2026-11-21", "2026-11-24", "2026-11-21")).toBe(true);
    expect(isRecordedDay("2026-11-22", "2026-11-24", "2026-11-21")).toBe(false);
    expect(isRecordedDay("2026-11-21", "2026-11-24", null)).toBe(false);
    expect(isRecordedDay("2026-11-24", "2026-11-24", "2026-11-30")).toBe(false);
  });

  it("at 00:05 IST yesterday is over and today is not", () => {
    expect(isRecordedDay("2026-11-24", "2026-11-25", "2026-11-24")).toBe(true);
    expect(isRecordedDay("2026-11-25", "2026-11-25", "2026-11-25")).toBe(false);
  });
});

describe("computeDay: a day's status from punches (DECISIONS §8)", () => {
  it.each([
    {
      rule: "full day in, 8 h or more → Present (Full)",
      punches: "in@09:30:00 out@17:30:00",
      want: {
        dayStatus: "Present (Full)",
        firstInTime: "09:30:00",
        lastOutTime: "17:30:00",
        totalHours: 8,
        violationPoints: 0,
        violationReason: null,
        reviewReason: null,
      },
    },
    {
      rule: "just under 8 h → Half-day (Unpaid)",
      punches: "in@09:30:00 out@17:29:59",
      want: { dayStatus: "Half-day (Unpaid)", totalHours: 8 },
    },
    {
      rule: "exactly 4 h → Half-day (Unpaid)",
      punches: "in@09:00:00 out@13:00:00",
      want: { dayStatus: "Half-day (Unpaid)", totalHours: 4 },
    },
    {
      rule: "under 4 h → Absent (Unpaid)",
      punches: "in@09:00:00 out@12:59:00",
      want: { dayStatus: "Absent (Unpaid)", totalHours: 3.98, firstInTime: "09:00:00", lastOutTime: "12:59:00" },
    },
    {
      rule: "no punch → Absent (Unpaid)",
      punches: "",
      want: {
        dayStatus: "Absent (Unpaid)",
        firstInTime: null,
        lastOutTime: null,
        totalHours: 0,
        violationPoints: 0,
        violationReason: null,
        reviewReason: null,
      },
    },
    {
      rule: "punch in without punch out → Pending Review (single_punch)",
      punches: "in@09:20:00",
      want: { dayStatus: "Pending Review", reviewReason: "single_punch", firstInTime: "09:20:00", lastOutTime: null, totalHours: 0 },
    },
    {
      rule: "punch out without punch in → Pending Review (single_punch)",
      punches: "out@18:00:00",
      want: { dayStatus: "Pending Review", reviewReason: "single_punch", firstInTime: null, lastOutTime: "18:00:00", violationPoints: 0 },
    },
    {
      rule: "two ins hours apart and no out → Pending Review (single_punch)",
      punches: "in@09:00:00 in@14:00:00",
      want: { dayStatus: "Pending Review", reviewReason: "single_punch" },
    },
    {
      rule: "last out earlier than first in → Pending Review (out_before_in)",
      punches: "out@09:00:00 in@18:00:00",
      want: { dayStatus: "Pending Review", reviewReason: "out_before_in", firstInTime: "18:00:00", lastOutTime: "09:00:00", totalHours: 0 },
    },
    {
      rule: "out at the same second as the in → Pending Review (out_before_in)",
      punches: "in@09:00:00 out@09:00:00",
      want: { dayStatus: "Pending Review", reviewReason: "out_before_in", totalHours: 0 },
    },
    {
      rule: "odd number of punches with both types → Pending Review (odd_punches)",
      punches: "in@09:00:00 out@13:00:00 in@14:00:00",
      want: { dayStatus: "Pending Review", reviewReason: "odd_punches", firstInTime: "09:00:00", lastOutTime: "13:00:00", totalHours: 4 },
    },
    {
      rule: "lunch break pairs: hours are last out − first in (breaks not subtracted)",
      punches: "in@09:00:00 out@13:00:00 in@14:00:00 out@17:00:00",
      want: { dayStatus: "Present (Full)", firstInTime: "09:00:00", lastOutTime: "17:00:00", totalHours: 8 },
    },
    {
      rule: "punches given out of order are sorted first",
      punches: "out@18:00:00 in@09:00:00",
      want: { dayStatus: "Present (Full)", totalHours: 9 },
    },
    {
      rule: "HH:MM punches are accepted and stored as HH:MM:SS",
      punches: "in@09:00 out@17:00",
      want: { dayStatus: "Present (Full)", firstInTime: "09:00:00", lastOutTime: "17:00:00" },
    },
    {
      rule: "hours are rounded to 2 decimals (8 h 20 min = 8.33)",
      punches: "in@09:00:00 out@17:20:00",
      want: { totalHours: 8.33 },
    },
  ])("$rule", ({ punches, want }) => {
    expect(day(punches)).toMatchObject(want);
  });

  it("a working day always carries every field", () => {
    expect(day("in@09:30:00 out@18:00:00")).toEqual({
      dayStatus: "Present (Full)",
      firstInTime: "09:30:00",
      lastOutTime: "18:00:00",
      totalHours: 8.5,
      violationPoints: 0,
      violationReason: null,
      reviewReason: null,
    });
  });
});

describe("computeDay: late arrival (shift 09:30 + 15 min grace)", () => {
  it.each([
    { first: "09:30:00", late: false },
    { first: "09:45:00", late: false },
    { first: "09:45:59", late: false },
    { first: "09:46:00", late: true, reason: "Late arrival 09:46" },
    { first: "11:05:30", late: true, reason: "Late arrival 11:05" },
    { first: "08:00:00", late: false },
  ])("first in at $first → late: $late", ({ first, late, reason }) => {
    const result = day(`in@${first} out@19:00:00`);
    expect(result?.violationPoints).toBe(late ? 1 : 0);
    expect(result?.violationReason).toBe(late ? reason : null);
  });

  it("adds pointsPerLate of the policy", () => {
    expect(day("in@10:00:00 out@19:00:00", {}, { ...policy, pointsPerLate: 2 })).toMatchObject({ violationPoints: 2, violationReason: "Late arrival 10:00" });
  });

  it("follows the policy's shift start and grace", () => {
    const rules = { ...policy, shiftStart: "10:00", lateGraceMinutes: 0 };
    expect(day("in@10:00:59 out@19:00:00", {}, rules)?.violationPoints).toBe(0);
    expect(day("in@10:01:00 out@19:00:00", {}, rules)?.violationPoints).toBe(1);
  });

  it("the first in decides, not a later one", () => {
    expect(day("in@09:40:00 out@13:00:00 in@14:30:00 out@18:00:00")?.violationPoints).toBe(0);
  });

  it.each([
    { rule: "a late day still ends Present (Full) when long enough", punches: "in@10:00:00 out@18:30:00", status: "Present (Full)" },
    { rule: "a late single punch is Pending Review and late", punches: "in@10:00:00", status: "Pending Review" },
    { rule: "a late short day is Absent (Unpaid) and late", punches: "in@11:00:00 out@13:00:00", status: "Absent (Unpaid)" },
  ])("$rule", ({ punches, status }) => {
    expect(day(punches)).toMatchObject({ dayStatus: status, violationPoints: 1, violationReason: "Late arrival " + punches.slice(3, 8) });
  });
});

describe("computeDay: weekly off, holiday, future", () => {
  it("weekly off → Weekly Off, without punches", () => {
    expect(day("", { date: "2025-07-13" })).toMatchObject({ dayStatus: "Weekly Off", firstInTime: null, totalHours: 0, violationPoints: 0 });
  });

  it("weekly off with punches → Weekly Off; the punches are shown but no lateness counts", () => {
    expect(day("in@11:00:00 out@15:00:00", { date: "2025-07-13" })).toEqual({
      dayStatus: "Weekly Off",
      firstInTime: "11:00:00",
      lastOutTime: "15:00:00",
      totalHours: 4,
      violationPoints: 0,
      violationReason: null,
      reviewReason: null,
    });
  });

  it("the weekly off is the employee's own", () => {
    expect(day("", { weeklyOff: "Tuesday" as Weekday })?.dayStatus).toBe("Weekly Off");
    expect(day("", { date: "2025-07-13", weeklyOff: "Tuesday" })?.dayStatus).toBe("Absent (Unpaid)");
  });

  it("holiday → Holiday, with or without punches", () => {
    expect(day("", { isHoliday: true })?.dayStatus).toBe("Holiday");
    expect(day("in@10:30:00", { isHoliday: true })).toMatchObject({ dayStatus: "Holiday", firstInTime: "10:30:00", violationPoints: 0, reviewReason: null });
  });

  it("a holiday on the weekly off is Weekly Off (the rule's order)", () => {
    expect(day("", { date: "2025-07-13", isHoliday: true })?.dayStatus).toBe("Weekly Off");
  });

  it.each([
    { date: "2025-08-01", today: "2025-07-31", marked: false },
    // Today is not over: without punches there is nothing to store (DECISIONS §8).
    { date: "2025-07-31", today: "2025-07-31", marked: false },
    { date: "2025-07-30", today: "2025-07-31", marked: true },
  ])("$date with today $today → marked: $marked", ({ date, today, marked }) => {
    const result = day("", { date, today });
    if (marked) expect(result).not.toBeNull();
    else expect(result).toBeNull();
  });

  it("a future weekly off or holiday is not marked either", () => {
    expect(day("", { date: "2025-08-03", isHoliday: true })).toBeNull();
  });
});

describe("duplicate punches (window 2 minutes, inclusive)", () => {
  it.each([
    { rule: "exact repeat counts once", punches: "in@09:00:00 in@09:00:00", kept: "in@09:00:00" },
    { rule: "repeat 1 min later counts once, the first is kept", punches: "in@09:00:00 in@09:01:00", kept: "in@09:00:00" },
    { rule: "repeat exactly 2 min later counts once", punches: "in@09:00:00 in@09:02:00", kept: "in@09:00:00" },
    { rule: "repeat 2 min 1 s later counts twice", punches: "in@09:00:00 in@09:02:01", kept: "in@09:00:00 in@09:02:01" },
    { rule: "the window runs from the kept punch, not chained", punches: "in@09:00:00 in@09:01:30 in@09:03:00", kept: "in@09:00:00 in@09:03:00" },
    { rule: "different types never collapse", punches: "in@09:00:00 out@09:01:00", kept: "in@09:00:00 out@09:01:00" },
    { rule: "out repeats collapse to the first out", punches: "out@18:00:00 out@18:01:59", kept: "out@18:00:00" },
    { rule: "other punches in between do not matter", punches: "in@09:00:00 out@09:00:30 in@09:01:00", kept: "in@09:00:00 out@09:00:30" },
    {
      rule: "unsorted input is sorted, in before out at the same second",
      punches: "out@18:00:00 in@09:00:00 out@09:00:00",
      kept: "in@09:00:00 out@09:00:00 out@18:00:00",
    },
  ])("$rule", ({ punches, kept }) => {
    expect(collapsePunches(p(punches), 2)).toEqual(p(kept));
  });

  it("a window of 0 collapses only exact repeats", () => {
    expect(collapsePunches(p("in@09:00:00 in@09:00:00 in@09:00:01"), 0)).toEqual(p("in@09:00:00 in@09:00:01"));
  });

  it("a double tap does not make a day Pending Review", () => {
    expect(day("in@09:00:00 in@09:01:00 out@18:00:00")).toMatchObject({ dayStatus: "Present (Full)", reviewReason: null });
  });

  it("a double tap outside the window leaves an odd count → Pending Review (odd_punches)", () => {
    expect(day("in@09:00:00 in@09:05:00 out@18:00:00")).toMatchObject({ dayStatus: "Pending Review", reviewReason: "odd_punches" });
  });

  it("follows the policy's window", () => {
    expect(day("in@09:00:00 in@09:05:00 out@18:00:00", {}, { ...policy, duplicatePunchWindowMinutes: 5 })?.dayStatus).toBe("Present (Full)");
  });

  it("a repeated out keeps the first out as last out", () => {
    expect(day("in@09:00:00 out@17:00:00 out@17:01:00")).toMatchObject({ dayStatus: "Present (Full)", lastOutTime: "17:00:00", totalHours: 8 });
  });
});

describe("mergeManualEdit: a day edited by hand survives recalculation", () => {
  const computed = day("in@10:00:00 out@13:00:00")!;

  it("recomputing an edited day keeps status, points and reason; punch times follow the punches", () => {
    const edited = { isManual: true, dayStatus: "Paid Leave (PL)" as const, violationPoints: 0, violationReason: null };
    expect(computed).toMatchObject({ dayStatus: "Absent (Unpaid)", violationPoints: 1 });
    expect(mergeManualEdit(edited, computed)).toEqual({
      dayStatus: "Paid Leave (PL)",
      firstInTime: "10:00:00",
      lastOutTime: "13:00:00",
      totalHours: 3,
      violationPoints: 0,
      violationReason: null,
      reviewReason: null,
      isManual: true,
    });
  });

  it("an edit survives a second recalculation (re-import) too", () => {
    const once = mergeManualEdit({ isManual: true, dayStatus: "WFH", violationPoints: 2, violationReason: "Left early" }, computed)!;
    const twice = mergeManualEdit(once, day("in@09:00:00 out@18:00:00"));
    expect(twice).toMatchObject({
      dayStatus: "WFH",
      violationPoints: 2,
      violationReason: "Left early",
      isManual: true,
      firstInTime: "09:00:00",
      totalHours: 9,
    });
  });

  it("a day not edited by hand takes the computed values", () => {
    const existing = { isManual: false, dayStatus: "Present (Full)" as const, violationPoints: 0, violationReason: null };
    expect(mergeManualEdit(existing, computed)).toEqual({ ...computed, isManual: false });
    expect(mergeManualEdit(null, computed)).toEqual({ ...computed, isManual: false });
  });

  it("a future day is not stored unless edited by hand (leave planned ahead stays)", () => {
    expect(mergeManualEdit(null, null)).toBeNull();
    expect(mergeManualEdit({ isManual: false, dayStatus: "Absent (Unpaid)", violationPoints: 0, violationReason: null }, null)).toBeNull();
    expect(mergeManualEdit({ isManual: true, dayStatus: "Paid Leave (PL)", violationPoints: 0, violationReason: null }, null)).toEqual({
      dayStatus: "Paid Leave (PL)",
      firstInTime: null,
      lastOutTime: null,
      totalHours: 0,
      violationPoints: 0,
      violationReason: null,
      reviewReason: null,
      isManual: true,
    });
  });

  it("a day left in Pending Review by hand keeps a review reason", () => {
    const pending = day("in@09:00:00")!;
    expect(mergeManualEdit({ isManual: true, dayStatus: "Pending Review", violationPoints: 0, violationReason: null }, pending)?.reviewReason).toBe(
      "single_punch",
    );
  });
});

describe("only recorded days are judged (DECISIONS §8)", () => {
  it("a day no import covers, or not over yet, is never Absent, Half-day or Pending Review", () => {
    // No import covers the month: nothing to store without punches, `Not recorded` with them.
    expect(day("", { coveredThrough: null })).toBeNull();
    expect(day("in@09:40:00", { coveredThrough: null })).toMatchObject({ dayStatus: "Not recorded", firstInTime: "09:40:00", lastOutTime: null });
    // Covered through the 14th: the 15th is after the range.
    expect(day("", { coveredThrough: "2025-07-14" })).toBeNull();
    expect(day("in@09:30:00 out@11:00:00", { coveredThrough: "2025-07-14" })?.dayStatus).toBe("Not recorded");
    // Today, even covered by name, is not over: punches so far are shown, lateness included, status Not recorded.
    expect(day("in@10:05:00", { date: TODAY, today: TODAY, coveredThrough: TODAY })).toMatchObject({
      dayStatus: "Not recorded",
      firstInTime: "10:05:00",
      violationPoints: 1,
    });
    // Recorded: the same inputs are judged.
    expect(day("")?.dayStatus).toBe("Absent (Unpaid)");
    expect(day("in@09:30:00 out@11:00:00")?.dayStatus).toBe("Absent (Unpaid)");
    expect(day("in@09:30:00")?.dayStatus).toBe("Pending Review");
  });

  it("weekly offs and holidays stay what they are, recorded or not", () => {
    expect(day("in@10:00:00", { date: "2025-07-13", coveredThrough: null })?.dayStatus).toBe("Weekly Off");
    expect(day("", { date: "2025-07-13", coveredThrough: null })).toBeNull();
    expect(day("", { date: "2025-07-13" })?.dayStatus).toBe("Weekly Off");
    expect(day("", { isHoliday: true })?.dayStatus).toBe("Holiday");
  });
});
