// Display formatting shared by the client and the server (spec 000 §9, spec 001 §9):
// rupees in the Indian locale, relative times, file sizes and dates.
//
// Dates are assembled from numeric parts rather than taken from Intl's locale output, because
// ICU versions disagree on details (en-IN writes September as "Sep" or "Sept", "pm" or "PM",
// with or without a narrow no-break space); screens and tests need one stable spelling.

export type DateInput = Date | string | number | null | undefined;

// DECISIONS §2: always two decimals, so a paisa never goes missing ('₹1,234.50', not '₹1,234.5').
const rupeeFormatter = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Parses an amount given as a number or a numeric string ("1234.50", " 12 "); NaN when it is not one. */
export function parseAmount(value: number | string | null | undefined): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return Number.NaN;
  const trimmed = value.trim();
  if (trimmed === "") return Number.NaN;
  return Number(trimmed);
}

/** '₹1,23,456.50': INR, en-IN grouping, always 2 fraction digits; anything that is not a finite number shows ₹0.00. */
export function formatRupees(value: number | string | null | undefined): string {
  const amount = parseAmount(value);
  const safe = Number.isFinite(amount) ? amount : 0;
  // Avoid "-₹0" for values that round to zero.
  return rupeeFormatter.format(Object.is(safe, -0) || Math.abs(safe) < 0.005 ? 0 : safe);
}

const FILE_SIZE_UNITS = ["B", "KB", "MB", "GB"] as const;

/** '1.5 KB': units B, KB, MB, GB at 1024, at most 2 decimals; GB is the largest unit. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== "number" || !Number.isFinite(bytes) || bytes <= 0) return "0 B";
  let unit = 0;
  let size = bytes;
  while (size >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  let rounded = unit === 0 ? Math.round(size) : Math.round(size * 100) / 100;
  // 1,048,575 bytes rounds to 1024 KB; say 1 MB instead.
  if (rounded >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${rounded} ${FILE_SIZE_UNITS[unit]}`;
}

const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Converts an input to a Date; invalid or empty inputs give null. A bare 'YYYY-MM-DD' is read as that calendar day (UTC midnight). */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let formatter = partFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
      numberingSystem: "latn",
    });
    partFormatters.set(key, formatter);
  }
  return formatter;
}

/** The calendar and clock parts of an instant as seen in a time zone (the runtime's own zone when omitted). */
export function zonedParts(date: Date, timeZone?: string): ZonedParts {
  const out: ZonedParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormatter(timeZone).formatToParts(date)) {
    if (part.type in out) out[part.type as keyof ZonedParts] = Number(part.value);
  }
  if (out.hour === 24) out.hour = 0;
  return out;
}

let displayTimeZone: string | undefined;

/**
 * The zone every date, time and "today" is shown in when a call names none (DECISIONS §2): the
 * client sets the server's APP_TIMEZONE from GET /api/config before it draws anything, so a user
 * in Dubai sees the company's day on every screen. Unset (the server), the runtime's own zone.
 */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  if (timeZone) new Intl.DateTimeFormat("en-US", { timeZone }); // an unknown zone throws here, not later
  displayTimeZone = timeZone;
}

export function getDisplayTimeZone(): string {
  return displayTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A bare date string names a calendar day, not an instant: show it as written whatever the zone. */
function effectiveZone(value: DateInput, timeZone: string | undefined): string | undefined {
  return typeof value === "string" && DATE_ONLY.test(value.trim()) ? "UTC" : (timeZone ?? displayTimeZone);
}

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

function datePart(p: ZonedParts): string {
  return `${pad2(p.day)} ${MONTHS_SHORT[p.month - 1]} ${p.year}`;
}

function timePart(p: ZonedParts): string {
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${hour12}:${pad2(p.minute)} ${p.hour < 12 ? "am" : "pm"}`;
}

/** '05 Sep 2026' (dd MMM yyyy); '' for an invalid date. timeZone defaults to the display zone. */
export function formatDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  return datePart(zonedParts(date, effectiveZone(value, timeZone)));
}

/** '05 Sep 2026, 3:30 pm'; '' for an invalid date. timeZone defaults to the display zone. */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  const parts = zonedParts(date, effectiveZone(value, timeZone));
  return `${datePart(parts)}, ${timePart(parts)}`;
}

/** The short name of a zone at an instant ('IST', 'GMT+5:30', 'EDT'), as the runtime's ICU spells it. */
export function timeZoneAbbreviation(date: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat("en-IN", { timeZone, timeZoneName: "short" }).formatToParts(date).find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/**
 * A date and time as seen in an IANA time zone, with the zone named: '05 Sep 2026, 3:30 pm IST'.
 * Used where a reader could be elsewhere: the expiry of emergency links, the public approval page.
 * An unknown zone throws a RangeError, as Intl does; an invalid date gives ''.
 */
export function formatInTimeZone(value: DateInput, timeZone: string, options: { time?: boolean; zoneName?: boolean } = {}): string {
  const date = toDate(value);
  if (!date) return "";
  const { time = true, zoneName = true } = options;
  const parts = zonedParts(date, timeZone);
  let text = datePart(parts);
  if (time) text += `, ${timePart(parts)}`;
  if (zoneName) text += ` ${timeZoneAbbreviation(date, timeZone)}`;
  return text;
}

/** 'YYYY-MM-DD' of an instant in a time zone (default: the display zone), e.g. for date inputs defaulting to today. */
export function toIsoDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  const p = zonedParts(date, effectiveZone(value, timeZone));
  return `${String(p.year).padStart(4, "0")}-${pad2(p.month)}-${pad2(p.day)}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}

/**
 * Spec 000 §9: under 1 minute 'Just now'; under 60 minutes 'N minutes ago'; under 24 hours
 * 'N hours ago'; under 7 days 'N days ago'; otherwise the date. A time slightly in the future
 * (clock skew) also reads 'Just now'; '' for an invalid date.
 */
export function formatRelativeTime(value: DateInput, now: DateInput, timeZone?: string): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return "";
  const diff = reference.getTime() - date.getTime();
  if (diff < -MINUTE) return formatDate(value, timeZone);
  if (diff < MINUTE) return "Just now";
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), "minute");
  if (diff < DAY) return plural(Math.floor(diff / HOUR), "hour");
  if (diff < 7 * DAY) return plural(Math.floor(diff / DAY), "day");
  return formatDate(value, timeZone);
}
