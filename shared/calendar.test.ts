import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  countDays,
  datesBetween,
  daysInMonth,
  maxDate,
  minDate,
  monthBounds,
  monthEnd,
  monthOfDate,
  monthsBetween,
  previousMonth,
  weekdayOf,
} from "./calendar";
import { toIsoDate } from "./format";

describe("days", () => {
  it("addDays crosses month and year ends, and leap days", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-11-21", 0)).toBe("2026-11-21");
    expect(addDays("2026-11-21", 30)).toBe("2026-12-21");
  });

  it("datesBetween lists both ends, and nothing when from is after to", () => {
    expect([...datesBetween("2028-02-27", "2028-03-01")]).toEqual(["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"]);
    expect([...datesBetween("2026-11-21", "2026-11-21")]).toEqual(["2026-11-21"]);
    expect([...datesBetween("2026-11-22", "2026-11-21")]).toEqual([]);
  });

  it("countDays counts both ends", () => {
    expect(countDays("2026-11-21", "2026-11-21")).toBe(1);
    expect(countDays("2026-01-01", "2026-12-31")).toBe(365);
    expect(countDays("2028-01-01", "2028-12-31")).toBe(366);
    expect(countDays("2026-11-22", "2026-11-21")).toBe(0);
  });

  it("maxDate and minDate order ISO dates as the calendar does", () => {
    expect(maxDate("2026-11-09", "2026-11-10")).toBe("2026-11-10");
    expect(minDate("2026-11-09", "2026-11-10")).toBe("2026-11-09");
  });
});

describe("weekdayOf", () => {
  it.each([
    ["2025-07-13", "Sunday"],
    ["2025-07-15", "Tuesday"],
    ["2025-07-19", "Saturday"],
    ["2024-02-29", "Thursday"],
  ] as const)("%s is a %s", (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it("refuses what is not a YYYY-MM-DD date", () => {
    expect(() => weekdayOf("2025-7-13")).toThrow(RangeError);
  });
});

describe("months", () => {
  it("monthOfDate, addMonths and previousMonth cross year ends", () => {
    expect(monthOfDate("2026-11-21")).toBe("2026-11");
    expect(addMonths("2026-11", 1)).toBe("2026-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-11", -12)).toBe("2025-11");
    expect(previousMonth("2026-01")).toBe("2025-12");
    expect(previousMonth("2026-03")).toBe("2026-02");
  });

  it("monthBounds and monthEnd: 30 and 31 days, and February of a leap year and of another", () => {
    expect(monthBounds("2026-11")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(monthBounds("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(monthEnd("2028-02")).toBe("2028-02-29");
    expect(monthEnd("2027-02")).toBe("2027-02-28");
  });

  it("monthsBetween lists every month a range touches, in order", () => {
    expect(monthsBetween("2026-11-21", "2027-02-03")).toEqual(["2026-11", "2026-12", "2027-01", "2027-02"]);
    expect(monthsBetween("2026-11-01", "2026-11-30")).toEqual(["2026-11"]);
    expect(monthsBetween("2026-12-01", "2026-11-30")).toEqual([]);
  });

  it.each([
    ["2025-01", 31],
    ["2025-02", 28],
    ["2024-02", 29],
    ["1900-02", 28],
    ["2000-02", 29],
    ["2025-04", 30],
    ["2025-12", 31],
  ])("daysInMonth: %s has %i days", (month, n) => {
    expect(daysInMonth(month)).toBe(n);
  });

  it("daysInMonth refuses a malformed month", () => {
    expect(() => daysInMonth("2025-13")).toThrow(RangeError);
  });
});

describe("days in APP_TIMEZONE", () => {
  it("the company's day and month decide, not UTC's: 20:00 UTC on 30 November is 1 December in Asia/Kolkata", () => {
    const evening = new Date("2026-11-30T20:00:00Z");
    const today = toIsoDate(evening, "Asia/Kolkata");
    expect(today).toBe("2026-12-01");
    expect(monthOfDate(today)).toBe("2026-12");
    expect(monthBounds(monthOfDate(today))).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(addDays(today, -1)).toBe("2026-11-30");
    expect(weekdayOf(today)).toBe("Tuesday");
  });
});
