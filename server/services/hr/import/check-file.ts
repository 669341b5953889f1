// The import's first stage (DECISIONS §8, §10): a file that is not CSV text is refused whole before
// the import waits for its turn or stores anything.
import fs from "node:fs";
import { LIMITS } from "../../../../shared/constants";
import { badRequest } from "../../errors";

export const NOT_CSV_MESSAGE = "The file is not a CSV file. Please select a CSV file";

export const LINE_TOO_LONG_MESSAGE = `The file has a line longer than ${LIMITS.importMaxLineBytes / 1024} KiB, which no punch row is: it was not imported. Please check that it is the punch machine's CSV export`;

/**
 * Reads the whole file once, a chunk at a time, before anything is imported (DECISIONS §10):
 * refuses a file that is empty, binary (a NUL byte in its first 64 KiB) or has a line longer than
 * 64 KiB. The parser would hold such a line whole in memory, many times its size; this scan stops
 * as soon as a line passes the limit, holding one chunk.
 */
export async function assertImportableText(filePath: string): Promise<void> {
  const LF = 0x0a;
  const CR = 0x0d;
  let lineBytes = 0;
  let seen = 0;
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    if (seen === 0 && chunk.includes(0)) throw badRequest(NOT_CSV_MESSAGE);
    seen += chunk.length;
    let start = 0;
    // The chunk's next CR, searched again only once passed (most files have none, or one per line).
    let cr = chunk.indexOf(CR);
    for (;;) {
      let end = chunk.indexOf(LF, start);
      if (cr !== -1 && cr < start) cr = chunk.indexOf(CR, start);
      if (cr !== -1 && (end === -1 || cr < end)) end = cr;
      if (end === -1) break;
      if (lineBytes + (end - start) > LIMITS.importMaxLineBytes) throw badRequest(LINE_TOO_LONG_MESSAGE);
      lineBytes = 0;
      start = end + 1;
    }
    lineBytes += chunk.length - start;
    if (lineBytes > LIMITS.importMaxLineBytes) throw badRequest(LINE_TOO_LONG_MESSAGE);
  }
  if (seen === 0) throw badRequest("The file is empty. Please select a CSV file with a header row and punch rows");
}
