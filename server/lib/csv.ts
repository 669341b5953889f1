// CSV for exports (transactions, audit, attendance): RFC 4180 quoting, formula neutralisation
// (DECISIONS §4: a cell starting with =, +, -, @, tab or carriage return gets a leading '), and
// streaming from an async source so an export's memory stays flat whatever its row count.
import { Readable } from "node:stream";

export type CsvValue = string | number | bigint | boolean | Date | null | undefined;
export type CsvRows = AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>;

/** RFC 4180 line break. */
export const CSV_EOL = "\r\n";
/** Lets Excel read the file as UTF-8 (₹, names in Indian scripts). */
export const UTF8_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * The text of one value: null and undefined are empty, a Date is its ISO instant, booleans are
 * true/false. Every cell that would start a spreadsheet formula is prefixed with ' — numbers too
 * (a negative number reads as text then, which is the safe side).
 */
export function csvCell(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? "" : value.toISOString();
  else text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",") + CSV_EOL;
}

/** A whole (small) document, header first. For big exports use `csvLines` or `csvStream`. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>, options: { bom?: boolean } = {}): string {
  let out = (options.bom ? UTF8_BOM : "") + csvRow(header);
  for (const row of rows) out += csvRow(row);
  return out;
}

/** The header line, then one line per row, as they are read from `rows`. */
export async function* csvLines(header: readonly string[], rows: CsvRows): AsyncGenerator<string, void, undefined> {
  yield csvRow(header);
  for await (const row of rows) yield csvRow(row);
}

export type CsvStreamOptions = {
  /** Start with a UTF-8 byte-order mark, for Excel. Default false. */
  bom?: boolean;
  /** Lines are gathered into chunks of about this many characters before they are pushed. Default 64 KiB. */
  chunkSize?: number;
};

/**
 * A Readable of the CSV text: header first, then the rows, pulled from `rows` only as fast as the
 * consumer reads (back-pressure), gathered into chunks so 100,000 rows are not 100,000 writes.
 * If the consumer goes away (client disconnects), `rows` is closed (its `return()` runs, so a
 * database cursor behind it is released). An error from `rows` destroys the stream with that error.
 *
 *   await pipeline(csvStream(HEADER, rowsFromCursor()), res);
 *
 * A route sends an export with sendCsvDownload (routes/downloads.ts), which sets its headers first.
 */
export function csvStream(header: readonly string[], rows: CsvRows, options: CsvStreamOptions = {}): Readable {
  return Readable.from(csvChunks(header, rows, options), { objectMode: false, encoding: "utf8" });
}

async function* csvChunks(header: readonly string[], rows: CsvRows, options: CsvStreamOptions): AsyncGenerator<string, void, undefined> {
  const chunkSize = options.chunkSize ?? 64 * 1024;
  let buffer = options.bom ? UTF8_BOM : "";
  for await (const line of csvLines(header, rows)) {
    buffer += line;
    if (buffer.length >= chunkSize) {
      yield buffer;
      buffer = "";
    }
  }
  if (buffer) yield buffer;
}

/** `transactions_2026-11-21.csv`: the download name of DECISIONS §4, for a date in APP_TIMEZONE. */
export function csvFileName(prefix: string, isoDate: string): string {
  return `${prefix}_${isoDate}.csv`;
}
