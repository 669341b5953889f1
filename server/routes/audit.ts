// The audit trail (spec 001 §2; DECISIONS §7): SuperAdmin only. A filtered page, the filter
// choices, and a real CSV export streamed with the same filters.
import { pipeline } from "node:stream/promises";
import { auditFacetsAnswer, auditFilterSchema, auditPageAnswer, auditQuerySchema } from "../../shared/schemas/audit";
import { toIsoDate } from "../../shared/format";
import { csvFileName, csvStream } from "../lib/csv";
import { AUDIT_CSV_HEADER, auditCsvRows, auditFacets, listAudit } from "../services/audit-query";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { serviceContext } from "../services/context";

const SUPERADMIN = ["SuperAdmin"] as const;
const tag = "audit";

export function auditRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();

  api.add({ method: "get", path: "/audit", access: SUPERADMIN, summary: "Audit entries, newest first", query: auditQuerySchema, answer: auditPageAnswer, tag }, (req, _res, input) =>
    listAudit(serviceContext(deps), input.query),
  );

  api.add({ method: "get", path: "/audit/facets", access: SUPERADMIN, summary: "Entity types and actions present in the trail", answer: auditFacetsAnswer, tag }, () =>
    auditFacets(serviceContext(deps)),
  );

  api.add(
    { method: "get", path: "/audit/export.csv", access: SUPERADMIN, summary: "The audit trail as CSV", query: auditFilterSchema, produces: "text/csv", tag },
    async (req, res, input) => {
      const filter = input.query;
      const name = csvFileName("audit", toIsoDate(deps.clock(), deps.config.appTimezone));
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${name}"`);
      res.setHeader("X-Content-Type-Options", "nosniff");
      await pipeline(csvStream(AUDIT_CSV_HEADER, auditCsvRows(serviceContext(deps), filter), { bom: true }), res);
    },
  );

  return api;
}
