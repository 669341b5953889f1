// The GST summary of a month over HTTP (DECISIONS §12): for the people who file GST, Accountant and
// SuperAdmin. The CSV carries the same figures as the page, formula cells neutralised (lib/csv.ts).
import type { Request } from "express";
import { ACCOUNTING_ROLES } from "../../shared/constants";
import { gstContextAnswer, gstSummaryAnswer, gstSummaryQuerySchema } from "../../shared/schemas/gst";
import { getCompany } from "../services/company";
import { contextOf } from "../middlewares/auth";
import { ApiRouter } from "./api-router";
import { sendCsvDownload } from "./downloads";
import type { AppDeps } from "../context";
import { GST_SUMMARY_HEADER, gstSummary, gstSummaryRows } from "../services/gst-summary";

const tag = "gst";

export function gstRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => contextOf(deps, req);

  api.add(
    {
      method: "get",
      path: "/gst/context",
      access: ACCOUNTING_ROLES,
      summary: "The company's state, which decides CGST + SGST or IGST on the transaction form",
      answer: gstContextAnswer,
      tag,
    },
    async (req) => ({ companyStateCode: (await getCompany(ctx(req).db)).stateCode }),
  );

  api.add(
    {
      method: "get",
      path: "/gst/summary",
      access: ACCOUNTING_ROLES,
      summary: "GST of a month's bills by rate, reverse charge and input tax credit apart",
      query: gstSummaryQuerySchema,
      answer: gstSummaryAnswer,
      tag,
    },
    (req, _res, input) => gstSummary(ctx(req), input.query.month),
  );

  api.add(
    {
      method: "get",
      path: "/gst/summary/export",
      access: ACCOUNTING_ROLES,
      summary: "The GST summary of a month as CSV",
      query: gstSummaryQuerySchema,
      produces: "text/csv",
      tag,
    },
    async (req, res, input) => {
      const summary = await gstSummary(ctx(req), input.query.month);
      await sendCsvDownload(res, `gst_summary_${summary.month}.csv`, GST_SUMMARY_HEADER, gstSummaryRows(summary));
    },
  );
  return api;
}
