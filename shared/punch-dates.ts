// The dates a punch CSV may hold (DECISIONS §8): the one rule the server's import and the
// client's preview both read, so the preview never accepts a date the import refuses.

/** The formats, as the import page names them. */
export const PUNCH_DATE_FORMATS = ["YYYY-MM-DD", "DD/MM/YYYY"] as const;
export type PunchDateFormat = (typeof PUNCH_DATE_FORMATS)[number];

const pad2 = (n: number) => String(n).padStart(2, "0");

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * 'YYYY-MM-DD' or 'DD/MM/YYYY' (day and month may have one digit, as spreadsheets write them)
 * → 'YYYY-MM-DD'; null when the text is neither or the date does not exist (31/02/2025).
 */
export function parsePunchDate(text: string): string | null {
  const value = text.trim();
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) [day, month, year] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else return null;
  if (!isCalendarDate(year, month, day)) return null;
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;
}

/** Which of PUNCH_DATE_FORMATS a cell is written in, or null when parsePunchDate refuses it. */
export function punchDateFormat(text: string): PunchDateFormat | null {
  if (parsePunchDate(text) === null) return null;
  return text.includes("/") ? "DD/MM/YYYY" : "YYYY-MM-DD";
}
