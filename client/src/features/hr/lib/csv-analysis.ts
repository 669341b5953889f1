// Date detection on a CSV before it is uploaded (spec 001 §3 "CSV analysis", §5): which month the
// punches belong to, how sure we are, and whether the file mixes months. Runs in the browser on
// the first rows only, so a file of any size is judged at once.
import { currentTime } from "@/lib/clock";
import type Papa from "papaparse";
import { parsePunchDate, punchDateFormat, type PunchDateFormat } from "@shared/punch-dates";

export type CsvAnalysis = {
  /** 'YYYY-MM' of the month holding most dates, or null when no date was recognised. */
  detectedMonth: string | null;
  /** Share of recognised dates that fall in detectedMonth, 0 to 100. */
  confidence: number;
  dateRange: { from: string; to: string } | null;
  /** Data rows looked at (a sample of large files). */
  totalRecords: number;
  /** Rows whose date was recognised and plausible. */
  datedRecords: number;
  /** Formats seen, e.g. ['YYYY-MM-DD', 'DD/MM/YYYY'], most common first. */
  dateFormats: string[];
  /** Recognised dates per month, most first. */
  monthDistribution: { month: string; count: number }[];
  /** The column the dates were read from. */
  dateColumn: string | null;
  headers: string[];
  /** Required columns (spec 001 §5) the header lacks. */
  missingColumns: string[];
  /** The sample is not the whole file. */
  sampled: boolean;
};

export const AUTO_SELECT_CONFIDENCE = 70;
export const REQUIRED_COLUMNS = ["Employee Name", "Date", "Time", "Event Type"] as const;
/** How much of a file is read for the analysis. */
export const SAMPLE_BYTES = 2 * 1024 * 1024;

type Parsed = { iso: string; format: PunchDateFormat };

/**
 * Reads one date cell by the import's own rule (shared/punch-dates.ts): YYYY-MM-DD or DD/MM/YYYY.
 * Null for anything else, which the import would refuse too.
 */
export function parseDateCell(raw: string): Parsed | null {
  const iso = parsePunchDate(raw);
  const format = punchDateFormat(raw);
  return iso && format ? { iso, format } : null;
}

/** Dates from 5 years ago to the end of next year are plausible (spec 001 §5). */
export function plausibleWindow(now: Date = currentTime()): { from: string; to: string } {
  const y = now.getUTCFullYear();
  const from = new Date(Date.UTC(y - 5, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
  return { from, to: `${y + 1}-12-31` };
}

const norm = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/** Analyses parsed rows (header first). */
export function analyseRows(rows: string[][], options: { now?: Date; sampled?: boolean } = {}): CsvAnalysis {
  const headers = (rows[0] ?? []).map((h) => h.replace(/^\uFEFF/, "").trim());
  const normalised = headers.map(norm);
  const missingColumns = REQUIRED_COLUMNS.filter((c) => !normalised.includes(norm(c)));
  const data = rows.slice(1).filter((r) => r.some((cell) => cell.trim() !== ""));

  // The 'Date' column, else the first column that mostly holds dates.
  let dateIndex = normalised.indexOf("date");
  if (dateIndex === -1) {
    const probe = data.slice(0, 50);
    dateIndex = headers.findIndex((_, i) => probe.filter((r) => r[i] && parseDateCell(r[i])).length > probe.length / 2);
  }

  const window = plausibleWindow(options.now);
  const perMonth = new Map<string, number>();
  const formats = new Map<string, number>();
  let min: string | null = null;
  let max: string | null = null;
  let dated = 0;
  if (dateIndex !== -1) {
    for (const row of data) {
      const parsed = row[dateIndex] ? parseDateCell(row[dateIndex]) : null;
      if (!parsed || parsed.iso < window.from || parsed.iso > window.to) continue;
      dated++;
      const month = parsed.iso.slice(0, 7);
      perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
      formats.set(parsed.format, (formats.get(parsed.format) ?? 0) + 1);
      if (min === null || parsed.iso < min) min = parsed.iso;
      if (max === null || parsed.iso > max) max = parsed.iso;
    }
  }
  const monthDistribution = [...perMonth.entries()]
    .map(([month, count]) => ({ month, count }))
    .sort((a, b) => b.count - a.count || a.month.localeCompare(b.month));
  const top = monthDistribution[0];
  return {
    detectedMonth: top?.month ?? null,
    confidence: top && dated > 0 ? Math.round((top.count / dated) * 100) : 0,
    dateRange: min && max ? { from: min, to: max } : null,
    totalRecords: data.length,
    datedRecords: dated,
    dateFormats: [...formats.entries()].sort((a, b) => b[1] - a[1]).map(([f]) => f),
    monthDistribution,
    dateColumn: dateIndex === -1 ? null : headers[dateIndex],
    headers,
    missingColumns,
    sampled: Boolean(options.sampled),
  };
}

/** Analyses CSV text, read with papaparse (`papa`: the file's analysis loads it on first use, so the import page does not wait for it). */
export function analyseCsvText(text: string, options: { now?: Date; sampled?: boolean } = {}, papa: Pick<typeof Papa, "parse">): CsvAnalysis {
  let body = text;
  // A sample cut mid-line: drop the partial last line.
  if (options.sampled) body = body.slice(0, Math.max(body.lastIndexOf("\n"), 0));
  const result = papa.parse<string[]>(body, { skipEmptyLines: true });
  if (!Array.isArray(result.data) || result.data.length === 0) throw new Error("Empty or unreadable CSV");
  return analyseRows(result.data, options);
}

/** Reads the start of a file and analyses it. */
export async function analyseCsvFile(file: File, now?: Date): Promise<CsvAnalysis> {
  const sampled = file.size > SAMPLE_BYTES;
  const [text, { default: papa }] = await Promise.all([file.slice(0, SAMPLE_BYTES).text(), import("papaparse")]);
  return analyseCsvText(text, { now, sampled }, papa);
}

/** A CSV by type or by name (spec 001 §5). */
export function isCsvFile(file: File): boolean {
  const type = file.type.toLowerCase();
  return type === "text/csv" || type === "application/csv" || file.name.toLowerCase().endsWith(".csv");
}
