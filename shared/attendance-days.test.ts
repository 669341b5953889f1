import { describe, expect, it } from "vitest";
import { coverageGap, coveredThroughProblem, defaultCoveredThrough, isJudgedDay, latestCoverable } from "./attendance-days";
import { toIsoDate } from "./format";

describe("the range an import records (DECISIONS §8)", () => {
  it("a month that had ended before the upload: the whole month, whatever the file's newest punch", () => {
    expect(defaultCoveredThrough("2026-10", "2026-10-21", "2026-11-24")).toBe("2026-10-31");
    expect(defaultCoveredThrough("2026-10", null, "2026-11-01")).toBe("2026-10-31");
    // Month ends: 30 days, and February of a leap year (29 Feb 2028) and of another year.
    expect(defaultCoveredThrough("2026-11", "2026-11-03", "2026-12-01")).toBe("2026-11-30");
    expect(defaultCoveredThrough("2028-02", "2028-02-10", "2028-03-01")).toBe("2028-02-29");
    expect(defaultCoveredThrough("2027-02", "2027-02-10", "2027-03-01")).toBe("2027-02-28");
  });

  it("the current month: through the file's newest punch, never past yesterday", () => {
    expect(defaultCoveredThrough("2026-11", "2026-11-21", "2026-11-24")).toBe("2026-11-21");
    expect(defaultCoveredThrough("2026-11", "2026-11-24", "2026-11-24")).toBe("2026-11-23");
    expect(defaultCoveredThrough("2026-11", null, "2026-11-24")).toBeNull();
    // The first of the month: no day of it is over, nothing is recorded.
    expect(defaultCoveredThrough("2026-11", "2026-11-01", "2026-11-01")).toBeNull();
    // A leap day in the current month.
    expect(defaultCoveredThrough("2028-02", "2028-02-29", "2028-03-01")).toBe("2028-02-29");
    expect(defaultCoveredThrough("2028-02", "2028-02-29", "2028-02-29")).toBe("2028-02-28");
  });

  it("an import at 00:05 IST records yesterday (it is over) and not today", () => {
    const fiveAfterMidnight = new Date("2026-11-24T18:35:00Z"); // 2026-11-25 00:05 in Asia/Kolkata
    const today = toIsoDate(fiveAfterMidnight, "Asia/Kolkata");
    expect(today).toBe("2026-11-25");
    expect(defaultCoveredThrough("2026-11", "2026-11-24", today)).toBe("2026-11-24");
  });

  it("an upload may name another last day: inside the month, never today or later", () => {
    expect(coveredThroughProblem("2026-11", "2026-11-10", "2026-11-24")).toBeNull();
    expect(coveredThroughProblem("2026-11", "2026-11-23", "2026-11-24")).toBeNull();
    expect(coveredThroughProblem("2026-11", "2026-11-24", "2026-11-24")).toMatch(/cannot be today or later/);
    expect(coveredThroughProblem("2026-11", "2026-10-31", "2026-11-24")).toMatch(/day of the selected month/);
    expect(coveredThroughProblem("2026-10", "2026-10-31", "2026-11-24")).toBeNull();
    expect(latestCoverable("2026-11", "2026-11-01")).toBeNull();
    expect(latestCoverable("2028-02", "2028-03-05")).toBe("2028-02-29");
  });

  it("the preview warns when the file ends well before the range it will record", () => {
    expect(coverageGap("2026-10", "2026-10-09", "2026-10-31")?.message).toBe(
      "The file's last punch is on day 9, but the import will record the month through day 31: days 10–31 will be marked Absent for everyone.",
    );
    // One day short is no warning (the last day's punches may be still to come).
    expect(coverageGap("2026-10", "2026-10-30", "2026-10-31")).toBeNull();
    expect(coverageGap("2026-10", "2026-10-31", "2026-10-31")).toBeNull();
    expect(coverageGap("2026-10", null, "2026-10-31")?.message).toMatch(/^The file has no punch in this month.*days 1–31/);
    expect(coverageGap("2026-11", "2026-11-21", null)).toBeNull();
  });

  it("a Not recorded day counts for nothing", () => {
    expect(isJudgedDay({ dayStatus: "Not recorded" })).toBe(false);
    expect(isJudgedDay({ dayStatus: "Absent (Unpaid)" })).toBe(true);
  });
});
