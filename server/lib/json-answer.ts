// A JSON answer as it goes out: answers of 1 KB or more compressed, brotli or gzip by the
// client's Accept-Encoding, in one synchronous call. A browser always asks for compression, and the
// stream the compression middleware opens per response (chunked into the thread pool) costs several
// times the CPU of one call here (docs/performance-history.md). No ETag either: API answers are
// `no-store`, so no browser ever sends it back, and hashing every answer would be spent for nothing.
// The middleware still compresses what streams (the CSV export) and leaves these alone, as it does
// any response that already has a Content-Encoding.
import zlib from "node:zlib";
import type { Request, Response } from "express";

/** Answers below this go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/** An answer PostgreSQL already wrote as JSON (the long lists: presenters/transactions.ts transactionJson), sent as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A JSON array of JSON texts. */
export function jsonArray(items: readonly string[]): string {
  return `[${items.join(",")}]`;
}

/** A JSON object's text (not empty) with `fields` added after its own. */
export function withFields(objectText: string, fields: Record<string, unknown>): string {
  return `${objectText.slice(0, -1)},${JSON.stringify(fields).slice(1)}`;
}

/** An answer as it goes out: its bytes, their Content-Encoding, and headers of its own (a page's X-Total-Count). */
export type EncodedJson = { body: Buffer; encoding: "br" | "gzip" | null; headers?: readonly (readonly [string, string])[] };

/** The Content-Encoding an answer to this request is sent in, when it is big enough to compress. */
export function encodingFor(req: Request): "br" | "gzip" | null {
  // Brotli whenever it is accepted, whatever order the client lists them in (Chromium: "gzip, deflate, br, zstd").
  return req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
}

/** `value` (or a JsonText as it is) as JSON, compressed for a client that accepts it. */
export function encodeJson(req: Request, value: unknown): EncodedJson {
  const body = Buffer.from(value instanceof JsonText ? value.text : JSON.stringify(value));
  if (body.length < COMPRESS_FROM_BYTES) return { body, encoding: null };
  const encoding = encodingFor(req);
  if (encoding === "br") {
    // Quality 1: under load it cost the least CPU of the qualities and of gzip, and a list still
    // goes out a small fraction of its size (the measurements: docs/performance-history.md).
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    return { body: zlib.brotliCompressSync(body, { params }), encoding };
  }
  return encoding === "gzip" ? { body: zlib.gzipSync(body), encoding } : { body, encoding: null };
}

/** Writes an encoded answer. */
export function writeJson(res: Response, answer: EncodedJson): void {
  for (const [name, value] of answer.headers ?? []) res.setHeader(name, value);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  if (answer.body.length >= COMPRESS_FROM_BYTES || answer.encoding) res.vary("Accept-Encoding");
  if (answer.encoding) res.setHeader("Content-Encoding", answer.encoding);
  res.setHeader("Content-Length", answer.body.length);
  res.end(answer.body);
}
