import { describe, expect, it } from "vitest";
import {
  headerKey,
  matchHeaders,
  missingColumnsMessage,
  nameKey,
  parseEventType,
  parsePunchTime,
  parseRow,
  toPunchRecord,
  FUTURE_PUNCH_MESSAGE,
} from "./punch-csv";
import { parsePunchDate } from "../../../../shared/punch-dates";

describe("matchHeaders: required columns Employee Name, Date, Time, Event Type", () => {
  it("finds the columns in any order and any case", () => {
    const match = matchHeaders(["event type", "TIME", "Location", "employee NAME", "Date"]);
    expect(match).toEqual({
      ok: true,
      columns: {
        employeeName: { index: 3, header: "employee NAME" },
        date: { index: 4, header: "Date" },
        time: { index: 1, header: "TIME" },
        eventType: { index: 0, header: "event type" },
      },
    });
  });

  it.each([
    ["a BOM before the first header", ["\uFEFFEmployee Name", "Date", "Time", "Event Type"]],
    ["spaces around headers", ["  Employee Name ", " Date", "Time ", " Event Type\r"]],
    ["underscores and repeated spaces", ["EMPLOYEE_NAME", "date", "time", "Event  Type"]],
    ["hyphens", ["employee-name", "date", "time", "event-type"]],
  ])("accepts %s", (_, headers) => {
    expect(matchHeaders(headers).ok).toBe(true);
  });

  it("keeps the first of a repeated column", () => {
    const match = matchHeaders(["Employee Name", "Date", "Time", "Event Type", "date"]);
    expect(match.ok && match.columns.date.index).toBe(1);
  });

  it.each([
    [["Employee Name", "Date", "Time"], ["Event Type"]],
    [
      ["Name", "Date", "Time", "Type"],
      ["Employee Name", "Event Type"],
    ],
    [[], ["Employee Name", "Date", "Time", "Event Type"]],
    [["\u0000PK\u0003\u0004binary"], ["Employee Name", "Date", "Time", "Event Type"]],
  ])("%j is missing %j", (headers, missing) => {
    expect(matchHeaders(headers)).toEqual({ ok: false, missing });
  });

  it("names the missing columns in the refusal", () => {
    expect(missingColumnsMessage(["Event Type"])).toBe("Missing required column: Event Type. Required columns: Employee Name, Date, Time, Event Type");
    expect(missingColumnsMessage(["Date", "Time"])).toMatch(/^Missing required columns: Date, Time\./);
  });

  it("headerKey normalises a header", () => {
    expect(headerKey("\uFEFF  Event__Type ")).toBe("event type");
  });
});

describe("toPunchRecord", () => {
  const match = matchHeaders(["Time", "Employee Name", "Event Type", "Date"]);
  if (!match.ok) throw new Error("headers should match");

  it("reads a row given as cells", () => {
    expect(toPunchRecord(["09:00", "Ravi", "IN", "2025-07-01"], match.columns)).toEqual({
      employeeName: "Ravi",
      date: "2025-07-01",
      time: "09:00",
      eventType: "IN",
    });
  });

  it("reads a row given as an object keyed by the file's headers", () => {
    expect(toPunchRecord({ Time: "09:00", "Employee Name": "Ravi", "Event Type": "IN", Date: "2025-07-01" }, match.columns)).toEqual({
      employeeName: "Ravi",
      date: "2025-07-01",
      time: "09:00",
      eventType: "IN",
    });
  });

  it("a short row leaves the absent cells undefined", () => {
    expect(toPunchRecord(["09:00"], match.columns)).toEqual({ employeeName: undefined, date: undefined, time: "09:00", eventType: undefined });
  });
});

describe("parsePunchDate: YYYY-MM-DD or DD/MM/YYYY, real calendar dates", () => {
  it.each([
    ["2025-07-01", "2025-07-01"],
    ["01/07/2025", "2025-07-01"],
    ["1/7/2025", "2025-07-01"],
    ["31/07/2025", "2025-07-31"],
    [" 2025-07-15 ", "2025-07-15"],
    ["29/02/2024", "2024-02-29"],
    ["2024-02-29", "2024-02-29"],
    ["29/02/2000", "2000-02-29"],
  ])("%j → %s", (text, date) => {
    expect(parsePunchDate(text)).toBe(date);
  });

  it.each([
    "2025-02-29", // not a leap year
    "29/02/1900", // century, not a leap year
    "31/04/2025",
    "2025-04-31",
    "32/01/2025",
    "00/01/2025",
    "2025-13-01",
    "2025-00-10",
    "01/13/2025",
    "07/31/2025", // MM/DD/YYYY is not accepted
    "2025/07/01",
    "01-07-2025",
    "2025-7-1",
    "01/07/25",
    "2025-07-01T09:00:00",
    "July 1, 2025",
    "",
    "abc",
  ])("%j is not a date", (text) => {
    expect(parsePunchDate(text)).toBeNull();
  });
});

describe("parsePunchTime: HH:MM or HH:MM:SS → HH:MM:SS", () => {
  it.each([
    ["09:30", "09:30:00"],
    ["9:30", "09:30:00"],
    ["09:30:15", "09:30:15"],
    ["00:00", "00:00:00"],
    ["23:59:59", "23:59:59"],
    [" 18:05 ", "18:05:00"],
  ])("%j → %s", (text, time) => {
    expect(parsePunchTime(text)).toBe(time);
  });

  it.each(["24:00", "23:60", "12:00:60", "9:5", "0930", "09.30", "09:30 AM", "9:30pm", "-1:00", "09:30:00.123", "", "noon"])("%j is not a time", (text) => {
    expect(parsePunchTime(text)).toBeNull();
  });
});

describe("parseEventType: punch_in, punch_out, IN, OUT in any case", () => {
  it.each([
    ["punch_in", "in"],
    ["PUNCH_IN", "in"],
    ["Punch_In", "in"],
    ["IN", "in"],
    ["in", "in"],
    [" In ", "in"],
    ["Punch In", "in"],
    ["punch-in", "in"],
    ["punch_out", "out"],
    ["PUNCH_OUT", "out"],
    ["OUT", "out"],
    ["out", "out"],
    ["\tOut ", "out"],
  ])("%j → %s", (text, type) => {
    expect(parseEventType(text)).toBe(type);
  });

  it.each(["", "I", "entry", "exit", "check_in", "punchin", "inout", "0", "1"])("%j is not an event type", (text) => {
    expect(parseEventType(text)).toBeNull();
  });
});

describe("nameKey: names match case- and space-insensitively", () => {
  it.each([
    ["Ravi Kumar", "ravikumar"],
    ["  RAVI   KUMAR ", "ravikumar"],
    ["ravi\tkumar", "ravikumar"],
    ["Ravi\u00A0Kumar", "ravikumar"],
    ["RaviKumar", "ravikumar"],
    ["Anjali S. Rao", "anjalis.rao"],
  ])("%j → %s", (name, key) => {
    expect(nameKey(name)).toBe(key);
  });

  it("different names stay different", () => {
    expect(nameKey("Ravi Kumar")).not.toBe(nameKey("Ravi Kumari"));
  });

  it("ignores the invisible characters stored names lose (DECISIONS §10), and keeps ZWJ and ZWNJ", () => {
    expect(nameKey("\uFEFFRavi\u200BKumar\u202E")).toBe(nameKey("Ravi Kumar"));
    expect(nameKey("\u2066Priya\u2069 Nair")).toBe("priyanair");
    expect(nameKey("കാര്\u200Dത്തിക")).toBe("കാര്\u200Dത്തിക");
    expect(nameKey("क्\u200Cष")).not.toBe(nameKey("क्\u200Dष"));
  });
});

describe("parseRow", () => {
  const row = (employeeName: string, date: string, time: string, eventType: string) => ({ employeeName, date, time, eventType });
  const TODAY = "2025-08-20";

  it.each([
    [
      row("Ravi Kumar", "2025-07-01", "09:30", "IN"),
      { ok: true, employeeName: "Ravi Kumar", nameKey: "ravikumar", date: "2025-07-01", time: "09:30:00", seconds: 34_200, type: "in" },
    ],
    [
      row("  ravi  kumar ", "15/07/2025", "18:05:30", "punch_out"),
      { ok: true, employeeName: "ravi kumar", nameKey: "ravikumar", date: "2025-07-15", time: "18:05:30", seconds: 65_130, type: "out" },
    ],
  ])("a good row %j", (record, want) => {
    expect(parseRow(record, "2025-07", TODAY)).toEqual(want);
  });

  it.each([
    row("Ravi", "2025-06-30", "09:30", "IN"),
    row("Ravi", "01/08/2025", "09:30", "IN"),
    row("Ravi", "2024-07-01", "09:30", "IN"),
    // Another month's row is skipped whatever else is wrong with it.
    row("", "2025-08-01", "bad", "bad"),
  ])("a row of another month is skipped %j", (record) => {
    expect(parseRow(record, "2025-07", TODAY)).toMatchObject({ skip: "other_month" });
  });

  it("a skipped row names its date", () => {
    expect(parseRow(row("Ravi", "01/08/2025", "09:30", "IN"), "2025-07", TODAY)).toEqual({ skip: "other_month", date: "2025-08-01" });
  });

  it("a row of blank cells is not a data row", () => {
    expect(parseRow(row(" ", "", "", ""), "2025-07", TODAY)).toEqual({ skip: "blank" });
    expect(parseRow({}, "2025-07", TODAY)).toEqual({ skip: "blank" });
  });

  it.each([
    [row("", "2025-07-01", "09:30", "IN"), "Employee Name is empty"],
    [row("Ravi", "", "09:30", "IN"), "Date is empty"],
    [row("Ravi", "31/02/2025", "09:30", "IN"), 'Invalid date "31/02/2025" (expected YYYY-MM-DD or DD/MM/YYYY)'],
    [row("Ravi", "2025-07-01", "", "IN"), "Time is empty"],
    [row("Ravi", "2025-07-01", "25:00", "IN"), 'Invalid time "25:00" (expected HH:MM or HH:MM:SS)'],
    [row("Ravi", "2025-07-01", "09:30", ""), "Event Type is empty"],
    [row("Ravi", "2025-07-01", "09:30", "BREAK"), 'Invalid event type "BREAK" (expected punch_in, punch_out, IN or OUT)'],
    [
      row("", "2025-7-1", "9", "x"),
      'Employee Name is empty; Invalid date "2025-7-1" (expected YYYY-MM-DD or DD/MM/YYYY); Invalid time "9" (expected HH:MM or HH:MM:SS); Invalid event type "x" (expected punch_in, punch_out, IN or OUT)',
    ],
    [row("Ravi", "2025-07-01", "09:30", "x".repeat(100)), `Invalid event type "${"x".repeat(40)}…" (expected punch_in, punch_out, IN or OUT)`],
  ])("a bad row %j → %s", (record, message) => {
    expect(parseRow(record, "2025-07", TODAY)).toEqual({ error: message });
  });

  it("a row dated after today is an error, 'Punch is in the future'; today's and earlier rows are not", () => {
    expect(parseRow(row("Ravi", "2025-07-16", "09:30", "IN"), "2025-07", "2025-07-15")).toEqual({ error: FUTURE_PUNCH_MESSAGE });
    expect(FUTURE_PUNCH_MESSAGE).toBe("Punch is in the future");
    expect(parseRow(row("Ravi", "31/07/2025", "09:30", "x"), "2025-07", "2025-07-15")).toEqual({
      error: 'Punch is in the future; Invalid event type "x" (expected punch_in, punch_out, IN or OUT)',
    });
    expect(parseRow(row("Ravi", "2025-07-15", "23:59", "OUT"), "2025-07", "2025-07-15")).toMatchObject({ ok: true, date: "2025-07-15" });
    expect(parseRow(row("Ravi", "2025-07-01", "09:30", "IN"), "2025-07", "2025-07-15")).toMatchObject({ ok: true });
  });

  it("refuses a malformed month", () => {
    expect(() => parseRow(row("Ravi", "2025-07-01", "09:30", "IN"), "07/2025", TODAY)).toThrow(RangeError);
  });
});
