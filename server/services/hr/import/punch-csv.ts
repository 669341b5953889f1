// The import's parsing stage (DECISIONS §8, spec 001 §5): which columns a file needs, how each
// cell is read, and what a row becomes, including the key its name is matched by. Pure; every
// path that reads a punch file calls these, so every path reads it the same way.
import type { PunchType } from "../../../../shared/constants";
import { stripInvisible } from "../../../../shared/free-text";
import { parsePunchDate } from "../../../../shared/punch-dates";

export const PUNCH_COLUMNS = {
  employeeName: "Employee Name",
  date: "Date",
  time: "Time",
  eventType: "Event Type",
} as const;
export type PunchField = keyof typeof PUNCH_COLUMNS;
const PUNCH_FIELDS = Object.keys(PUNCH_COLUMNS) as PunchField[];

/** Where each required column sits: its index and its header exactly as the file spells it. */
export type PunchColumns = Record<PunchField, { index: number; header: string }>;

export type HeaderMatch = { ok: true; columns: PunchColumns } | { ok: false; missing: string[] };

/**
 * A header compared loosely: BOM, surrounding spaces and case do not matter, and runs of spaces,
 * underscores or hyphens count as one space ('EMPLOYEE_NAME' and 'employee  name' both match
 * 'Employee Name').
 */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
}

/**
 * Finds the four required columns in a header row. The first column of a name wins when a file
 * repeats it; other columns are ignored. On failure `missing` lists the required columns absent,
 * with their canonical names, so the file can be refused whole with a clear message.
 */
export function matchHeaders(headers: readonly string[]): HeaderMatch {
  const keys = headers.map(headerKey);
  const columns: Partial<PunchColumns> = {};
  const missing: string[] = [];
  for (const field of PUNCH_FIELDS) {
    const index = keys.indexOf(headerKey(PUNCH_COLUMNS[field]));
    if (index === -1) missing.push(PUNCH_COLUMNS[field]);
    else columns[field] = { index, header: headers[index] };
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, columns: columns as PunchColumns };
}

/** The message refusing a file without the required columns. */
export function missingColumnsMessage(missing: readonly string[]): string {
  return `Missing required column${missing.length === 1 ? "" : "s"}: ${missing.join(", ")}. Required columns: ${Object.values(PUNCH_COLUMNS).join(", ")}`;
}

export type PunchRecord = { employeeName?: string; date?: string; time?: string; eventType?: string };

/** The four cells of a data row, given as an array of cells or as an object keyed by the file's headers. */
export function toPunchRecord(row: readonly (string | undefined)[] | Readonly<Record<string, string | undefined>>, columns: PunchColumns): PunchRecord {
  const record: PunchRecord = {};
  for (const field of PUNCH_FIELDS) {
    record[field] = Array.isArray(row)
      ? (row as readonly (string | undefined)[])[columns[field].index]
      : (row as Readonly<Record<string, string | undefined>>)[columns[field].header];
  }
  return record;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** A punch's time of day: as stored ('HH:MM:SS') and as seconds after midnight (the order of a day's punches). */
type PunchTime = { text: string; seconds: number };

/** 'HH:MM' or 'HH:MM:SS' (hour may have one digit), 00–23 : 00–59 : 00–59 → its time; null otherwise. */
function readPunchTime(text: string): PunchTime | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return null;
  return { text: `${pad2(h)}:${pad2(min)}:${pad2(s)}`, seconds: h * 3600 + min * 60 + s };
}

/** 'HH:MM' or 'HH:MM:SS' (hour may have one digit), 00–23 : 00–59 : 00–59 → 'HH:MM:SS'; null otherwise. */
export function parsePunchTime(text: string): string | null {
  return readPunchTime(text)?.text ?? null;
}

/** punch_in / IN → 'in', punch_out / OUT → 'out', any case, surrounding spaces ignored ('Punch In' and 'punch-in' too); null otherwise. */
export function parseEventType(text: string): PunchType | null {
  const value = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (value === "in" || value === "punch_in") return "in";
  if (value === "out" || value === "punch_out") return "out";
  return null;
}

/**
 * How a person's name is matched to employees and name mappings (DECISIONS §8: case- and
 * space-insensitively): lower-cased with every whitespace character removed. 'Ravi  Kumar',
 * ' ravikumar ' and 'RAVI KUMAR' are the same person. The invisible characters that stored names
 * lose (DECISIONS §10) are not part of the key either, so a machine's 'Ravi\u200BKumar' still
 * finds the employee and the mapping typed without it; ZWJ and ZWNJ stay (they spell the name).
 */
export function nameKey(name: string): string {
  return stripInvisible(name).replace(/\s+/g, "").toLowerCase();
}

/**
 * A pure reading of a cell, remembered for the texts a file repeats: a month's file names a few
 * hundred people, about thirty dates and at most 86,400 times, over up to a million rows. Bounded:
 * forgets everything past 4,096 texts.
 */
function remembered<T>(read: (text: string) => T): (text: string) => T {
  let seen = new Map<string, T>();
  return (text) => {
    if (seen.has(text)) return seen.get(text) as T;
    if (seen.size >= 4_096) seen = new Map();
    const value = read(text);
    seen.set(text, value);
    return value;
  };
}

const isMonth = remembered((month) => /^\d{4}-(0[1-9]|1[0-2])$/.test(month));
const dateOf = remembered(parsePunchDate);
const timeOf = remembered(readPunchTime);
const typeOf = remembered(parseEventType);
const nameOf = remembered((name) => ({ display: name.replace(/\s+/g, " "), key: nameKey(name) }));

export type ParsedRow =
  | { ok: true; employeeName: string; nameKey: string; date: string; time: string; seconds: number; type: PunchType }
  | { skip: "other_month"; date: string }
  /** Every cell blank: not a data row (not counted in totalRows). */
  | { skip: "blank" }
  | { error: string };

const describe = (text: string) => (text.length > 40 ? `"${text.slice(0, 40)}…"` : `"${text}"`);

export const FUTURE_PUNCH_MESSAGE = "Punch is in the future";

/**
 * One data row of an import for `month` ('YYYY-MM') on `today` (the date in APP_TIMEZONE). A valid
 * date in another month makes the row skipped (counted, nothing else checked). Otherwise every
 * problem of the row is reported in one message, e.g. 'Invalid time "25:00" (expected HH:MM or
 * HH:MM:SS)'; a row dated after today is one ('Punch is in the future', DECISIONS §8): no machine
 * has recorded it yet.
 */
export function parseRow(record: PunchRecord, month: string, today: string): ParsedRow {
  if (!isMonth(month)) throw new RangeError(`Invalid month "${month}" (expected YYYY-MM)`);
  const name = (record.employeeName ?? "").trim();
  const dateText = (record.date ?? "").trim();
  const timeText = (record.time ?? "").trim();
  const typeText = (record.eventType ?? "").trim();
  if (!name && !dateText && !timeText && !typeText) return { skip: "blank" };

  const date = dateText ? dateOf(dateText) : null;
  if (date !== null && date.slice(0, 7) !== month) return { skip: "other_month", date };

  const problems: string[] = [];
  if (!name) problems.push("Employee Name is empty");
  if (!dateText) problems.push("Date is empty");
  else if (date === null) problems.push(`Invalid date ${describe(dateText)} (expected YYYY-MM-DD or DD/MM/YYYY)`);
  else if (date > today) problems.push(FUTURE_PUNCH_MESSAGE);
  const time = timeText ? timeOf(timeText) : null;
  if (!timeText) problems.push("Time is empty");
  else if (time === null) problems.push(`Invalid time ${describe(timeText)} (expected HH:MM or HH:MM:SS)`);
  const type = typeText ? typeOf(typeText) : null;
  if (!typeText) problems.push("Event Type is empty");
  else if (type === null) problems.push(`Invalid event type ${describe(typeText)} (expected punch_in, punch_out, IN or OUT)`);

  if (problems.length > 0 || date === null || time === null || type === null) return { error: problems.join("; ") };
  const { display, key } = nameOf(name);
  return { ok: true, employeeName: display, nameKey: key, date, time: time.text, seconds: time.seconds, type };
}
