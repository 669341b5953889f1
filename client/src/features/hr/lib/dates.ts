// How the HR screens name days and months. "Today" is the company's day (APP_TIMEZONE, sent by
// GET /api/config, DECISIONS §2), not the browser's; the arithmetic is shared/calendar.ts.
import { currentTime } from "@/lib/clock";
import { appTimeZone, todayInAppZone } from "@/lib/app-config";
import { addMonths, monthOfDate, weekdayOf } from "@shared/calendar";

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function todayIso(now: Date = currentTime()): string {
  return todayInAppZone(now);
}

export function currentMonth(now: Date = currentTime()): string {
  return monthOfDate(todayIso(now));
}

/** 'November 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  if (!y || !m) return month;
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/**
 * Month choices of the import page: this month and the 12 before it, newest first. Spec 001 §5
 * offered 3 months ahead too; DECISIONS §16 drops them: punches of a month not begun yet do not exist
 * (the server refuses a punch in the future).
 */
export function importMonthOptions(now: Date = currentTime()): { value: string; label: string }[] {
  const current = currentMonth(now);
  const out: { value: string; label: string }[] = [];
  for (let n = 0; n >= -12; n--) {
    const value = addMonths(current, n);
    out.push({ value, label: monthLabel(value) });
  }
  return out;
}

/** '09:42' from a stored time ('09:42:00') or timestamp; '—' when missing. */
export function formatClock(value: string | null | undefined): string {
  if (!value) return "—";
  const m = /(\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  if (value.includes("T")) {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) {
      return new Intl.DateTimeFormat("en-GB", { timeZone: appTimeZone(), hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
    }
  }
  return `${m[1]}:${m[2]}`;
}

/** '8.5 h' / '—'. */
export function formatHours(hours: number | string | null | undefined): string {
  const n = typeof hours === "string" ? Number(hours) : hours;
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return "—";
  return `${Math.round(n * 100) / 100} h`;
}

/** 'Mon' for an ISO date; '' for text that is not one. */
export function weekdayShort(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? weekdayOf(iso).slice(0, 3) : "";
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * What the screens say about the days imports have recorded (DECISIONS §8): "Recorded through
 * 21 Nov" (the year when it is not `current`'s), or that nothing is recorded yet.
 */
export function recordedThroughText(coveredThrough: string | null, now: Date = currentTime()): string {
  if (!coveredThrough) return "No days recorded yet";
  const [y, m, d] = coveredThrough.split("-").map(Number);
  const year = String(y) === todayIso(now).slice(0, 4) ? "" : ` ${y}`;
  return `Recorded through ${d} ${SHORT_MONTHS[m - 1]}${year}`;
}
