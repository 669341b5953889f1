// The audit trail (spec 001 §2; DECISIONS §7): SuperAdmin only. A filtered page, the filter
// choices, and a real CSV export streamed with the same filters.
import { auditFacetsAnswer, auditFilterSchema, auditPageAnswer, auditQuerySchema } from "../../shared/schemas/audit";
import { csvFileName } from "../lib/csv";
import { AUDIT_CSV_HEADER, auditCsvRows, auditFacets, listAudit } from "../services/audit-query";
import { ApiRouter } from "./api-router";
import { sendCsvDownload } from "./downloads";
import type { AppDeps } from "../context";
import { serviceContext, todayOf } from "../services/context";

const SUPERADMIN = ["SuperAdmin"] as const;
const tag = "audit";

export function auditRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();

  api.add(
    { method: "get", path: "/audit", access: SUPERADMIN, summary: "Audit entries, newest first", query: auditQuerySchema, answer: auditPageAnswer, tag },
    (req, _res, input) => listAudit(serviceContext(deps), input.query),
  );

  api.add(
    { method: "get", path: "/audit/facets", access: SUPERADMIN, summary: "Entity types and actions present in the trail", answer: auditFacetsAnswer, tag },
    () => auditFacets(serviceContext(deps)),
  );

  api.add(
    { method: "get", path: "/audit/export.csv", access: SUPERADMIN, summary: "The audit trail as CSV", query: auditFilterSchema, produces: "text/csv", tag },
    async (req, res, input) => {
      const filter = input.query;
      const name = csvFileName("audit", todayOf(serviceContext(deps)));
      await sendCsvDownload(res, name, AUDIT_CSV_HEADER, auditCsvRows(serviceContext(deps), filter));
    },
  );

  return api;
}
