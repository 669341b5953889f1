import { afterEach, describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatInTimeZone,
  formatRelativeTime,
  formatRupees,
  getDisplayTimeZone,
  parseAmount,
  setDisplayTimeZone,
  toIsoDate,
} from "./format";

describe("formatRupees (DECISIONS §2): INR, en-IN grouping, always two decimals; an invalid number shows ₹0.00", () => {
  it.each([
    [0, "₹0.00"],
    [5, "₹5.00"],
    [1234, "₹1,234.00"],
    [1234.5, "₹1,234.50"],
    [1234567, "₹12,34,567.00"],
    [123456.5, "₹1,23,456.50"],
    [1234567.891, "₹12,34,567.89"],
    [100000, "₹1,00,000.00"],
    [999_999_999_999.99, "₹9,99,99,99,99,999.99"],
    [-500, "-₹500.00"],
    [0.1 + 0.2, "₹0.30"],
    [-0.001, "₹0.00"],
    ["1234.50", "₹1,234.50"],
    ["1234.5", "₹1,234.50"],
    [" 2500 ", "₹2,500.00"],
    ["0.05", "₹0.05"],
    ["abc", "₹0.00"],
    ["", "₹0.00"],
    ["12abc", "₹0.00"],
    [Number.NaN, "₹0.00"],
    [Number.POSITIVE_INFINITY, "₹0.00"],
    [null, "₹0.00"],
    [undefined, "₹0.00"],
  ] as const)("%j → %s", (input, expected) => {
    expect(formatRupees(input)).toBe(expected);
  });
});

describe("parseAmount accepts numbers and numeric strings", () => {
  it.each([
    [12, 12],
    ["12.50", 12.5],
    [" 7 ", 7],
  ] as const)("%j → %d", (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });
  it.each(["", "x", null, undefined])("%j → NaN", (input) => {
    expect(parseAmount(input)).toBeNaN();
  });
});

describe("formatRelativeTime (spec 000 §9)", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;
  it.each([
    ["0 s", ago(0), "Just now"],
    ["59 s", ago(59 * s), "Just now"],
    ["30 s in the future (clock skew)", ago(-30 * s), "Just now"],
    ["1 min", ago(m), "1 minute ago"],
    ["5 min 30 s", ago(5 * m + 30 * s), "5 minutes ago"],
    ["59 min", ago(59 * m + 59 * s), "59 minutes ago"],
    ["60 min", ago(h), "1 hour ago"],
    ["3 h", ago(3 * h + 10 * m), "3 hours ago"],
    ["23 h 59 min", ago(24 * h - m), "23 hours ago"],
    ["24 h", ago(d), "1 day ago"],
    ["6 days 23 h", ago(7 * d - h), "6 days ago"],
    ["7 days", ago(7 * d), "14 Nov 2026"],
    ["a year", ago(365 * d), "21 Nov 2025"],
    ["far in the future", new Date("2026-12-25T12:00:00Z"), "25 Dec 2026"],
  ])("%s → %s", (_label, input, expected) => {
    expect(formatRelativeTime(input, now, "UTC")).toBe(expected);
  });

  it("accepts ISO strings", () => {
    expect(formatRelativeTime("2026-11-21T11:58:00.000Z", now)).toBe("2 minutes ago");
  });

  it.each([null, undefined, "", "not a date"])("%j → ''", (input) => {
    expect(formatRelativeTime(input, now)).toBe("");
  });
});

describe("formatFileSize: B, KB, MB, GB at 1024", () => {
  it.each([
    [0, "0 B"],
    [1, "1 B"],
    [1023, "1023 B"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [1024 * 1024 - 1, "1 MB"],
    [1000 * 1024, "1000 KB"],
    [1024 * 1024, "1 MB"],
    [20 * 1024 * 1024, "20 MB"],
    [1.25 * 1024 * 1024 * 1024, "1.25 GB"],
    [5 * 1024 ** 4, "5120 GB"],
    [-1, "0 B"],
    [Number.NaN, "0 B"],
    [null, "0 B"],
    [undefined, "0 B"],
  ] as const)("%j → %s", (input, expected) => {
    expect(formatFileSize(input)).toBe(expected);
  });
});

describe("formatDate: dd MMM yyyy", () => {
  it.each([
    ["2026-11-21", undefined, "21 Nov 2026"],
    ["2026-09-05", undefined, "05 Sep 2026"],
    // A bare date is that calendar day in every zone.
    ["2026-01-01", "America/Los_Angeles", "01 Jan 2026"],
    ["2026-01-01", "Asia/Kolkata", "01 Jan 2026"],
    // An instant is shown as the day in the given zone.
    ["2026-03-31T20:00:00Z", "Asia/Kolkata", "01 Apr 2026"],
    ["2026-03-31T20:00:00Z", "UTC", "31 Mar 2026"],
    [new Date("2026-12-31T23:59:59Z"), "UTC", "31 Dec 2026"],
    [Date.UTC(2026, 5, 15), "UTC", "15 Jun 2026"],
    ["garbage", "UTC", ""],
    [null, "UTC", ""],
  ] as const)("%j in %s → %s", (input, zone, expected) => {
    expect(formatDate(input, zone)).toBe(expected);
  });
});

describe("formatDateTime", () => {
  it.each([
    ["2026-11-21T10:00:00Z", "Asia/Kolkata", "21 Nov 2026, 3:30 pm"],
    ["2026-11-21T00:05:00Z", "UTC", "21 Nov 2026, 12:05 am"],
    ["2026-11-21T12:00:00Z", "UTC", "21 Nov 2026, 12:00 pm"],
    ["2026-11-21T23:59:00Z", "UTC", "21 Nov 2026, 11:59 pm"],
    ["nope", "UTC", ""],
  ] as const)("%s in %s → %s", (input, zone, expected) => {
    expect(formatDateTime(input, zone)).toBe(expected);
  });
});

describe("formatInTimeZone: a date in a given IANA zone", () => {
  it.each([
    ["2026-11-21T10:00:00Z", "Asia/Kolkata", {}, "21 Nov 2026, 3:30 pm IST"],
    ["2026-11-21T20:00:00Z", "Asia/Kolkata", { zoneName: false }, "22 Nov 2026, 1:30 am"],
    ["2026-11-21T20:00:00Z", "Asia/Kolkata", { time: false, zoneName: false }, "22 Nov 2026"],
    ["2026-07-01T12:00:00Z", "UTC", { zoneName: false }, "01 Jul 2026, 12:00 pm"],
    ["2026-07-01T12:00:00Z", "America/New_York", { zoneName: false }, "01 Jul 2026, 8:00 am"],
    ["bad", "Asia/Kolkata", {}, ""],
  ] as const)("%s in %s %j → %s", (input, zone, options, expected) => {
    expect(formatInTimeZone(input, zone, options)).toBe(expected);
  });

  it("throws on an unknown zone, as Intl does", () => {
    expect(() => formatInTimeZone("2026-01-01T00:00:00Z", "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("toIsoDate: the calendar day in a zone", () => {
  it.each([
    ["2026-03-31T20:00:00Z", "Asia/Kolkata", "2026-04-01"],
    ["2026-03-31T20:00:00Z", "UTC", "2026-03-31"],
    ["2026-02-28", "Pacific/Honolulu", "2026-02-28"],
    ["bad", "UTC", ""],
  ] as const)("%s in %s → %s", (input, zone, expected) => {
    expect(toIsoDate(input, zone)).toBe(expected);
  });
});

describe("the display zone (DECISIONS §2: the client shows the server's APP_TIMEZONE)", () => {
  const evening = new Date("2026-11-24T19:00:00Z"); // 25 Nov 00:30 in Kolkata, 24 Nov 23:00 in Dubai
  afterEach(() => setDisplayTimeZone(undefined));

  it("is what dates, times and 'today' default to once set", () => {
    setDisplayTimeZone("Asia/Kolkata");
    expect(toIsoDate(evening)).toBe("2026-11-25");
    expect(formatDate(evening)).toBe("25 Nov 2026");
    expect(formatDateTime(evening)).toBe("25 Nov 2026, 12:30 am");
    expect(getDisplayTimeZone()).toBe("Asia/Kolkata");
    setDisplayTimeZone("Asia/Dubai");
    expect(toIsoDate(evening)).toBe("2026-11-24");
    expect(formatDateTime(evening)).toBe("24 Nov 2026, 11:00 pm");
  });

  it("never moves a calendar date, and a zone named in the call still wins", () => {
    setDisplayTimeZone("Pacific/Kiritimati");
    expect(formatDate("2026-11-24")).toBe("24 Nov 2026");
    expect(toIsoDate(evening, "UTC")).toBe("2026-11-24");
  });

  it("refuses an unknown zone at once", () => {
    expect(() => setDisplayTimeZone("Mars/Olympus")).toThrow(RangeError);
  });
});
