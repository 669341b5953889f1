// TDS on bills over HTTP (DECISIONS §12): the natures (the SuperAdmin keeps them; the accountants
// read the active ones for their forms), the preview the transaction form asks as a bill is typed,
// and the quarter's register with its CSV. The rules live in services/tds/.
import type { Request } from "express";
import { ACCOUNTING_ROLES } from "../../shared/constants";
import { idParamsOf } from "../../shared/schemas/params";
import {
  tdsNatureAnswer,
  tdsNatureBodySchema,
  tdsNatureChangesSchema,
  tdsNatureDeletedAnswer,
  tdsNaturesAnswer,
  tdsPreviewAnswer,
  tdsPreviewSchema,
  tdsRegisterAnswer,
  tdsRegisterQuerySchema,
} from "../../shared/schemas/tds";
import { contextOf } from "../middlewares/auth";
import { createTdsNature, deleteTdsNature, listTdsNatures, updateTdsNature } from "../services/tds/natures";
import { previewBillTds } from "../services/tds/decide";
import { TDS_REGISTER_HEADER, tdsRegister, tdsRegisterRows } from "../services/tds/register";
import { ApiRouter } from "./api-router";
import { sendCsvDownload } from "./downloads";
import type { AppDeps } from "../context";

const SUPERADMIN = ["SuperAdmin"] as const;
const tag = "tds";
const natureParams = idParamsOf("TDS nature");

export function tdsRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => contextOf(deps, req);

  api.add(
    { method: "get", path: "/admin/tds-natures", access: SUPERADMIN, summary: "TDS natures, active and inactive, by section", answer: tdsNaturesAnswer, tag },
    (req) => listTdsNatures(ctx(req)),
  );

  api.add(
    {
      method: "post",
      path: "/admin/tds-natures",
      access: SUPERADMIN,
      summary: "Create a TDS nature",
      body: tdsNatureBodySchema,
      answer: tdsNatureAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const created = await createTdsNature(ctx(req), input.body);
      res.status(201);
      return created;
    },
  );

  api.add(
    {
      method: "put",
      path: "/admin/tds-natures/:id",
      access: SUPERADMIN,
      summary: "Change a TDS nature (fields left out keep their values); bills already decided keep their TDS",
      body: tdsNatureChangesSchema,
      params: natureParams,
      answer: tdsNatureAnswer,
      tag,
    },
    (req, _res, input) => updateTdsNature(ctx(req), input.params.id, input.body),
  );

  api.add(
    {
      method: "delete",
      path: "/admin/tds-natures/:id",
      access: SUPERADMIN,
      summary: "Delete a TDS nature; one a bill or a party names is deactivated instead",
      params: natureParams,
      answer: tdsNatureDeletedAnswer,
      tag,
    },
    (req, _res, input) => deleteTdsNature(ctx(req), input.params.id),
  );

  api.add(
    {
      method: "get",
      path: "/tds/natures",
      access: ACCOUNTING_ROLES,
      summary: "The active TDS natures, for the party and transaction forms",
      answer: tdsNaturesAnswer,
      tag,
    },
    (req) => listTdsNatures(ctx(req), { activeOnly: true }),
  );

  api.add(
    {
      method: "post",
      path: "/tds/preview",
      access: ACCOUNTING_ROLES,
      summary: "The TDS a bill of these facts would deduct if submitted now",
      body: tdsPreviewSchema,
      answer: tdsPreviewAnswer,
      tag,
    },
    (req, _res, input) => previewBillTds(ctx(req), input.body),
  );

  api.add(
    {
      method: "get",
      path: "/tds/register",
      access: ACCOUNTING_ROLES,
      summary: "The TDS deducted on bills of a quarter, with the totals by nature the challans pay",
      query: tdsRegisterQuerySchema,
      answer: tdsRegisterAnswer,
      tag,
    },
    (req, _res, input) => tdsRegister(ctx(req), input.query.quarter),
  );

  api.add(
    {
      method: "get",
      path: "/tds/register/export",
      access: ACCOUNTING_ROLES,
      summary: "The TDS register of a quarter as CSV",
      query: tdsRegisterQuerySchema,
      produces: "text/csv",
      tag,
    },
    async (req, res, input) => {
      const register = await tdsRegister(ctx(req), input.query.quarter);
      await sendCsvDownload(res, `tds_register_${input.query.quarter}.csv`, TDS_REGISTER_HEADER, tdsRegisterRows(register));
    },
  );

  return api;
}
