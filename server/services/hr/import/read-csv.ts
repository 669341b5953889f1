// The import's reading stage: the records of a CSV file on disk, streamed a chunk at a time through
// papaparse, never held whole in memory (DECISIONS §9: 1,000,000 rows in under 500 MB).
import fs from "node:fs";
import { Transform } from "node:stream";
import Papa from "papaparse";

/** Text read from the file at a time (about 800 rows). */
const READ_CHUNK = 32 * 1024;

/**
 * Line ends as they come (CRLF, LF, a lone CR, mixed within one file, split across chunks) become
 * LF, so the parser, told LF, splits every line. Papaparse guesses one line end from the start of a
 * file: a file that starts with CRLF and goes on with LF would otherwise be read as one long row.
 */
export function normalizeLineEnds(): Transform {
  let pendingCr = false;
  return new Transform({
    decodeStrings: false,
    encoding: "utf8",
    transform(chunk: string, _encoding, done) {
      let text = (pendingCr ? "\r" : "") + chunk;
      pendingCr = text.endsWith("\r");
      if (pendingCr) text = text.slice(0, -1);
      done(null, text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text);
    },
    flush(done) {
      done(null, pendingCr ? "\n" : "");
    },
  });
}

type ParseEvent = { rows: string[][] } | { done: true } | { error: unknown };

/**
 * The records of a CSV file, a chunk at a time (about READ_CHUNK of text), through papaparse's
 * streaming parser. While the consumer works on a chunk (database inserts), both the parser and
 * the file stream are paused, so at most a chunk or two of the file is in memory whatever its size.
 * BOM, CRLF or LF line ends and quoted fields are papaparse's business.
 */
export async function* csvChunks(filePath: string): AsyncGenerator<string[][]> {
  const file = fs.createReadStream(filePath, { encoding: "utf8", highWaterMark: READ_CHUNK });
  const source = file.pipe(normalizeLineEnds());
  const queued: ParseEvent[] = [];
  let waiting: ((event: ParseEvent) => void) | null = null;
  let parser: Papa.Parser | null = null;
  const deliver = (event: ParseEvent) => {
    const wake = waiting;
    waiting = null;
    if (wake) wake(event);
    else queued.push(event);
  };
  Papa.parse<string[]>(source, {
    header: false,
    newline: "\n",
    chunk: (results, handle) => {
      parser = handle;
      handle.pause();
      source.pause();
      deliver({ rows: results.data });
    },
    complete: () => deliver({ done: true }),
    error: (error: unknown) => deliver({ error }),
  });
  try {
    for (;;) {
      const event = queued.shift() ?? (await new Promise<ParseEvent>((resolve) => (waiting = resolve)));
      if ("error" in event) throw event.error;
      if ("done" in event) return;
      yield event.rows;
      (parser as Papa.Parser | null)?.resume();
      source.resume();
    }
  } finally {
    source.destroy();
    file.destroy();
  }
}
