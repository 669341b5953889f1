// The attendance CSV import and the name mappings it matches with (DECISIONS §8). The upload
// goes to a temporary file on disk (never memory), is streamed by server/services/hr/importer.ts and is
// deleted afterwards whatever happens — or, when the process itself is killed mid-import, by the
// next server start (removeOrphanedUploads).
import { systemClock } from "../clock";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RequestHandler } from "express";
import multer from "multer";
import { HR_ROLES, LIMITS } from "../../shared/constants";
import { importAnswer, importUploadFieldsSchema, nameMappingAnswer, nameMappingsAnswer, nameMappingSchema } from "../../shared/schemas/hr";
import { safeFileName } from "../../shared/schemas/transactions";
import { contextOf } from "../middlewares/auth";
import { badRequest, tooLarge } from "../services/errors";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { importPunches, NOT_CSV_MESSAGE } from "../services/hr/importer";
import { createNameMapping, deleteNameMapping, listNameMappings } from "../services/hr/name-mappings";
import { idParamsOf } from "../../shared/schemas/params";
import { messageAnswer } from "../../shared/schemas/answer-parts";
import { serviceContext } from "../services/context";

export const IMPORT_TMP_DIR = path.join(os.tmpdir(), "bms-imports");
/** An upload's temporary file: `<server pid>-<random uuid>.csv`, so orphans can be told from live uploads. */
const UPLOAD_FILE = /^(\d+)-[0-9a-f-]{36}\.csv$/;
/** Files of another name (an older version's) are removed once they are this old. */
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
    else orphan = await fs.promises.stat(file).then((s) => s.isFile() && systemClock().getTime() - s.mtimeMs > STALE_UNNAMED_MS, () => false);
    if (!orphan) continue;
    await fs.promises.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

const CSV_TYPES = new Set(["text/csv", "application/csv", "text/x-csv", "application/x-csv", "text/plain", "application/vnd.ms-excel", "text/comma-separated-values"]);

/** The spec's client rule, on the server: a CSV type or a name ending in .csv. */
export function looksLikeCsvUpload(file: { originalname: string; mimetype: string }): boolean {
  return /\.csv$/i.test(file.originalname) || CSV_TYPES.has(file.mimetype.toLowerCase());
}

function csvUpload(): RequestHandler {
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

export function hrImportRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const tag = "hr";

  api.add(
    {
      method: "post",
      path: "/hr/import/upload",
      access: HR_ROLES,
      summary: "Import punches from a CSV file (multipart csvFile, month, optional coveredThrough; dryRun=true stores nothing)",
      body: importUploadFieldsSchema,
      answer: importAnswer, tag,
    },
    csvUpload(),
    async (req, _res, input) => {
      const file = req.file!;
      const fields = input.body;
      if (!looksLikeCsvUpload(file)) throw badRequest(NOT_CSV_MESSAGE, [{ path: "csvFile", message: "Please select a CSV file" }]);
      return importPunches(contextOf(deps, req), {
        filePath: file.path,
        // Shown in the audit trail: it loses control and bidirectional characters like an attachment's name (DECISIONS §10).
        fileName: safeFileName(file.originalname) || "import.csv",
        month: fields.month,
        dryRun: fields.dryRun,
        coveredThrough: fields.coveredThrough,
      });
    },
  );

  api.add({ method: "get", path: "/hr/name-mappings", access: HR_ROLES, summary: "Name mappings of the import", answer: nameMappingsAnswer, tag }, () => listNameMappings(serviceContext(deps)));

  api.add({ method: "post", path: "/hr/name-mappings", access: HR_ROLES, summary: "Map a punch-machine name to an employee", body: nameMappingSchema, answer: nameMappingAnswer, status: 201, tag }, async (req, res, input) => {
    const mapping = await createNameMapping(contextOf(deps, req), input.body);
    res.status(201);
    return mapping;
  });

  api.add({ method: "delete", path: "/hr/name-mappings/:id", access: HR_ROLES, summary: "Remove a name mapping", params: idParamsOf("Name mapping"), answer: messageAnswer, tag }, async (req, _res, input) => {
    await deleteNameMapping(contextOf(deps, req), input.params.id);
    return { message: "Name mapping removed" };
  });

  return api;
}
