// Every file the API hands out (CSV exports, the books' XML, attachments) is a download with the
// same headers, set here and nowhere else: saved under a name that cannot break out of its header,
// never sniffed into something a browser would run, never kept by a browser or a proxy (the answer
// is personal and current, like the API's JSON).
import type { Response } from "express";
import { pipeline } from "node:stream/promises";
import { csvStream, type CsvRows } from "../lib/csv";

const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/** Control characters, quotes and backslashes: never in a Content-Disposition file name. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_A_FILE_NAME = /[\u0000-\u001f\u007f-\u009f"\\]/g;

/** RFC 6266 / 5987: an ASCII fallback name (no quotes, backslashes, slashes or control characters) plus the exact UTF-8 name. */
function contentDisposition(fileName: string): string {
  const wellFormed = fileName.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  const cleaned = wellFormed.replace(UNSAFE_IN_A_FILE_NAME, "").replace(/[/]/g, "_").trim() || "download";
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, "_");
  if (ascii === cleaned) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The headers of a download, before its body is sent. */
export function setDownloadHeaders(res: Response, contentType: string, fileName: string): void {
  res.setHeader("Content-Type", contentType);
  res.setHeader("Content-Disposition", contentDisposition(fileName));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cache-Control", "no-store");
}

/**
 * A CSV export: its download headers, then the file streamed as the rows are read (memory flat
 * whatever their count), with a byte-order mark so Excel reads it as UTF-8 (₹, Indian scripts).
 */
export async function sendCsvDownload(res: Response, fileName: string, header: readonly string[], rows: CsvRows): Promise<void> {
  setDownloadHeaders(res, CSV_CONTENT_TYPE, fileName);
  await pipeline(csvStream(header, rows, { bom: true }), res);
}
