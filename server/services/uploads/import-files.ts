// The temporary files of punch imports (DECISIONS §8: up to 100 MB): an upload goes to a file on
// disk (never memory) in our own directory under a name of ours, is streamed by the import and is
// deleted once the answer has gone, whatever happened. When the process itself is killed
// mid-import its `finally` never runs: the next server start removes the file
// (removeOrphanedUploads).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RequestHandler } from "express";
import multer from "multer";
import { systemClock } from "../../clock";
import { LIMITS } from "../../../shared/constants";
import { badRequest, tooLarge } from "../errors";

export const IMPORT_TMP_DIR = path.join(os.tmpdir(), "bms-imports");
/** An upload's temporary file: `<server pid>-<random uuid>.csv`, so orphans can be told from live uploads. */
const UPLOAD_FILE = /^(\d+)-[0-9a-f-]{36}\.csv$/;
/** Files of another name are removed once they are this old. */
const STALE_UNNAMED_MS = 24 * 60 * 60 * 1000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the temporary files of uploads whose server process is gone (killed in the middle of an
 * import: its `finally` never ran). Several servers may share the directory, so a file is removed
 * only when the process named in it no longer exists. Answers how many files were removed.
 */
export async function removeOrphanedUploads(dir = IMPORT_TMP_DIR): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const match = UPLOAD_FILE.exec(name);
    let orphan: boolean;
    if (match) orphan = Number(match[1]) !== process.pid && !processAlive(Number(match[1]));
    else
      orphan = await fs.promises.stat(file).then(
        (s) => s.isFile() && systemClock().getTime() - s.mtimeMs > STALE_UNNAMED_MS,
        () => false,
      );
    if (!orphan) continue;
    await fs.promises.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

const CSV_TYPES = new Set([
  "text/csv",
  "application/csv",
  "text/x-csv",
  "application/x-csv",
  "text/plain",
  "application/vnd.ms-excel",
  "text/comma-separated-values",
]);

/** The spec's client rule, on the server: a CSV type or a name ending in .csv. */
export function looksLikeCsvUpload(file: { originalname: string; mimetype: string }): boolean {
  return /\.csv$/i.test(file.originalname) || CSV_TYPES.has(file.mimetype.toLowerCase());
}

/** Receives the multipart field `csvFile` into IMPORT_TMP_DIR and removes the file once the answer has gone. */
export function punchFileUpload(): RequestHandler {
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => fs.mkdir(IMPORT_TMP_DIR, { recursive: true }, (err) => cb(err, IMPORT_TMP_DIR)),
      // Never the client's file name: a random one in our own directory.
      filename: (_req, _file, cb) => cb(null, `${process.pid}-${crypto.randomUUID()}.csv`),
    }),
    limits: { fileSize: LIMITS.importMaxBytes, files: 1, fields: 10, fieldSize: 1024 },
    // Browsers send a file name as raw UTF-8; read as latin1 (busboy's default) उपस्थिति.csv would be mojibake.
    defParamCharset: "utf8",
  }).single("csvFile");
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      // The stored file goes when the answer has gone, whatever it was (a refused field included).
      const file = req.file;
      if (file) res.on("close", () => void fs.promises.rm(file.path, { force: true }));
      if (!err && !file) return next(badRequest("Please select a CSV file to import", [{ path: "csvFile", message: "Please select a CSV file to import" }]));
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === "LIMIT_FILE_SIZE") return next(tooLarge(`The file is larger than ${LIMITS.importMaxBytes / 1024 / 1024} MB`));
        return next(badRequest(err.code === "LIMIT_UNEXPECTED_FILE" ? "Send the file in the csvFile field" : err.message));
      }
      next(err);
    });
  };
}
