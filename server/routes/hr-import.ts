// The attendance CSV import (DECISIONS §8). The upload's temporary file is
// services/uploads/import-files.ts's business; the import itself, services/hr/import/'s.
import { HR_ROLES } from "../../shared/constants";
import { importAnswer, importUploadFieldsSchema } from "../../shared/schemas/hr";
import { safeFileName } from "../../shared/schemas/transactions";
import { contextOf } from "../middlewares/auth";
import { badRequest } from "../services/errors";
import { looksLikeCsvUpload, punchFileUpload } from "../services/uploads/import-files";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { importPunches } from "../services/hr/import/import-punches";
import { NOT_CSV_MESSAGE } from "../services/hr/import/check-file";

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
      answer: importAnswer,
      tag,
    },
    punchFileUpload(),
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

  return api;
}
