import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { analyseCsvText, parseDateCell } from "./csv-analysis";

const NOW = new Date("2026-11-21T10:00:00Z");

describe("parseDateCell", () => {
  it("reads YYYY-MM-DD and DD/MM/YYYY", () => {
    expect(parseDateCell("2025-07-03")).toEqual({ iso: "2025-07-03", format: "YYYY-MM-DD" });
    expect(parseDateCell("03/07/2025")).toEqual({ iso: "2025-07-03", format: "DD/MM/YYYY" });
  });
  it("accepts exactly what the import accepts: no two-digit years, month names, dots or times", () => {
    for (const text of ["03/07/25", "03-07-2025", "03.07.2025", "2025/07/03", "03-Jul-2025", "3 Jul 2025", "2025-07-03 09:30"])
      expect(parseDateCell(text), text).toBeNull();
    expect(parseDateCell("3/7/2025")).toEqual({ iso: "2025-07-03", format: "DD/MM/YYYY" });
  });
  it("refuses impossible dates", () => {
    expect(parseDateCell("31/02/2025")).toBeNull();
    expect(parseDateCell("hello")).toBeNull();
  });
});

describe("analyseCsvText", () => {
  it("detects the month with its confidence and distribution", () => {
    const csv = ["Employee Name,Date,Time,Event Type", "A,2026-10-01,09:30,IN", "A,2026-10-02,09:30,IN", "A,2026-10-03,09:30,IN", "A,2026-09-30,09:30,IN"].join(
      "\n",
    );
    const a = analyseCsvText(csv, { now: NOW }, Papa);
    expect(a.detectedMonth).toBe("2026-10");
    expect(a.confidence).toBe(75);
    expect(a.totalRecords).toBe(4);
    expect(a.dateRange).toEqual({ from: "2026-09-30", to: "2026-10-03" });
    expect(a.monthDistribution).toEqual([
      { month: "2026-10", count: 3 },
      { month: "2026-09", count: 1 },
    ]);
    expect(a.missingColumns).toEqual([]);
  });
  it("ignores dates outside 5 years back to the end of next year", () => {
    const csv = ["Employee Name,Date,Time,Event Type", "A,2019-10-01,09:30,IN", "A,2028-01-01,09:30,IN", "A,2027-12-31,09:30,IN"].join("\n");
    const a = analyseCsvText(csv, { now: NOW }, Papa);
    expect(a.monthDistribution).toEqual([{ month: "2027-12", count: 1 }]);
  });
});
