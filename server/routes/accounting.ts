// The books over HTTP (DECISIONS §12): the ledger names (SuperAdmin) and the export batches
// (Accountant and SuperAdmin; voiding a batch is the SuperAdmin's). Files stream.
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { ACCOUNTING_ROLES } from "../../shared/constants";
import {
  createExportSchema,
  exportBatchAnswer,
  exportBatchesAnswer,
  ledgersAnswer,
  updateLedgersSchema,
  voidExportSchema,
} from "../../shared/schemas/accounting";
import { idParamsOf } from "../../shared/schemas/params";
import { contextOf } from "../middlewares/auth";
import { getLedgers, updateLedgers } from "../services/books/ledgers";
import { createExport, exportFile, exportMasters, listExports, voidExport } from "../services/books/exports";
import { EXPORT_BATCH_VOIDERS } from "../services/policies";
import { ApiRouter } from "./api-router";
import { sendCsvDownload, setDownloadHeaders } from "./downloads";
import type { AppDeps } from "../context";

const SUPER = ["SuperAdmin"] as const;
const tag = "accounting";
const batchParams = idParamsOf("Export batch");

export function accountingRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();

  api.add(
    { method: "get", path: "/admin/ledgers", access: SUPER, summary: "The ledger names vouchers post to, defaults filled in", answer: ledgersAnswer, tag },
    (req) => getLedgers(contextOf(deps, req)),
  );

  api.add(
    {
      method: "put",
      path: "/admin/ledgers",
      access: SUPER,
      summary: "Rename ledgers (what is left out keeps its name)",
      body: updateLedgersSchema,
      answer: ledgersAnswer,
      tag,
    },
    (req, _res, input) => updateLedgers(contextOf(deps, req), input.body),
  );

  api.add(
    { method: "get", path: "/accounting/exports", access: ACCOUNTING_ROLES, summary: "Export batches, newest first", answer: exportBatchesAnswer, tag },
    (req) => listExports(contextOf(deps, req)),
  );

  api.add(
    {
      method: "post",
      path: "/accounting/exports",
      access: ACCOUNTING_ROLES,
      summary: "Export every paid transaction of the dates no live batch holds (409 when none)",
      body: createExportSchema,
      answer: exportBatchAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const batch = await createExport(contextOf(deps, req), input.body);
      res.status(201);
      return batch;
    },
  );

  api.add(
    {
      method: "get",
      path: "/accounting/exports/:id/file",
      access: ACCOUNTING_ROLES,
      summary: "Download a batch's file (the same bytes each time)",
      params: batchParams,
      produces: "application/xml, text/csv",
      tag,
    },
    async (req, res, input) => {
      const file = await exportFile(contextOf(deps, req), input.params.id);
      if ("csv" in file) {
        await sendCsvDownload(res, file.fileName, file.header, file.rows);
      } else {
        setDownloadHeaders(res, file.contentType, file.fileName);
        await pipeline(Readable.from(file.body, { objectMode: false, encoding: "utf8" }), res);
      }
    },
  );

  api.add(
    {
      method: "get",
      path: "/accounting/exports/:id/masters",
      access: ACCOUNTING_ROLES,
      summary: "Download the TallyPrime masters file creating the ledgers a batch names",
      params: batchParams,
      produces: "application/xml",
      tag,
    },
    async (req, res, input) => {
      const file = await exportMasters(contextOf(deps, req), input.params.id);
      setDownloadHeaders(res, "application/xml; charset=utf-8", file.fileName);
      res.send(file.xml);
    },
  );

  api.add(
    {
      method: "post",
      path: "/accounting/exports/:id/void",
      access: EXPORT_BATCH_VOIDERS,
      summary: "Void a batch so its transactions can be exported again",
      params: batchParams,
      body: voidExportSchema,
      answer: exportBatchAnswer,
      tag,
    },
    (req, _res, input) => voidExport(contextOf(deps, req), input.params.id, input.body.reason),
  );

  return api;
}
