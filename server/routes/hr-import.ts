// The attendance CSV import and the name mappings it matches with (DECISIONS §8). The upload's
// temporary file is services/uploads/import-files.ts's business; the import itself,
// services/hr/import/'s.
import { HR_ROLES } from "../../shared/constants";
import { importUploadFieldsSchema, nameMappingSchema } from "../../shared/schemas/hr";
import { safeFileName } from "../../shared/schemas/transactions";
import { contextOf } from "../middlewares/auth";
import { badRequest } from "../services/errors";
import { looksLikeCsvUpload, punchFileUpload } from "../services/uploads/import-files";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { importPunches, NOT_CSV_MESSAGE } from "../services/hr/importer";
import { createNameMapping, deleteNameMapping, listNameMappings } from "../services/hr/name-mappings";
import { idParamsOf } from "../../shared/schemas/params";
import { importAnswer, messageAnswer, nameMappingAnswer, nameMappingsAnswer } from "../../shared/answers";
import { serviceContext } from "../services/context";

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
