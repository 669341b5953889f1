// Calendar arithmetic of days ('YYYY-MM-DD') and months ('YYYY-MM'), one module for the server,
// the shared rules and the screens. A day is a wall-clock date in APP_TIMEZONE (DECISIONS §2):
// which day today is comes from toIsoDate (shared/format.ts), and from there on it is plain string
// and UTC-date arithmetic, so neither the server's zone nor the browser's ever shifts a day.
import { WEEKDAYS, type Weekday } from "./constants";

const DAY_MS = 86_400_000;

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The month a date falls in. */
export function monthOfDate(date: string): string {
  return date.slice(0, 7);
}

/** `date` moved by `days` (negative: back). */
export function addDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

const epochDay = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

/** The number of days from `from` to `to`, both included. */
export function countDays(from: string, to: string): number {
  return Math.round(epochDay(to) - epochDay(from)) + 1;
}

/** Every date from `from` to `to`, both included (none when from > to). */
export function* datesBetween(from: string, to: string): Generator<string> {
  for (let d = from; d <= to; d = addDays(d, 1)) yield d;
}

export const maxDate = (a: string, b: string) => (a > b ? a : b);
export const minDate = (a: string, b: string) => (a < b ? a : b);

/** The weekday of a date (the calendar date itself, no time zone involved). */
export function weekdayOf(date: string): Weekday {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Invalid date "${date}" (expected YYYY-MM-DD)`);
  return WEEKDAYS[new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay()];
}

// ---------------------------------------------------------------- months

/** A month shifted by `n` months (negative: back). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export function previousMonth(month: string): string {
  return addMonths(month, -1);
}

/** The months a date range touches, in order (at most 36). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = monthOfDate(from); m <= monthOfDate(to) && out.length < 36; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** Day 0 of the next month: the month's last day, leap years included. */
function lastDayOf(month: string): Date {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0));
}

/** The last date of a month. */
export function monthEnd(month: string): string {
  return iso(lastDayOf(month));
}

/** First and last date of a month. */
export function monthBounds(month: string): { from: string; to: string } {
  return { from: `${month}-01`, to: monthEnd(month) };
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The number of days of a month; a malformed month is a RangeError, since a salary is divided by it. */
export function daysInMonth(month: string): number {
  if (!MONTH_PATTERN.test(month)) throw new RangeError(`Invalid month "${month}" (expected YYYY-MM)`);
  return lastDayOf(month).getUTCDate();
}
