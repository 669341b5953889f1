// Company and parties (DECISIONS §12): the company's legal name, GSTIN and state (SuperAdmin), and
// the parties Accountants and SuperAdmins name on transactions. The rules live in
// services/company.ts and services/parties.ts.
import type { Request } from "express";
import { ACCOUNTING_ROLES } from "../../shared/constants";
import {
  companyAnswer,
  companyBodySchema,
  partyAnswer,
  partyBodySchema,
  partyChangesSchema,
  partyPageAnswer,
  partyQuerySchema,
} from "../../shared/schemas/parties";
import { contextOf } from "../middlewares/auth";
import { companySettings, setCompany } from "../services/company";
import { createParty, listParties, updateParty } from "../services/parties";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { idParamsOf } from "../../shared/schemas/params";

const SUPERADMIN = ["SuperAdmin"] as const;

export function partyRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => contextOf(deps, req);

  api.add(
    { method: "get", path: "/admin/company", access: SUPERADMIN, summary: "The company: legal name, GSTIN and state", answer: companyAnswer, tag: "company" },
    (req) => companySettings(ctx(req)),
  );

  api.add(
    {
      method: "put",
      path: "/admin/company",
      access: SUPERADMIN,
      summary: "Set the company's legal name, GSTIN and state (the state is the GSTIN's when one is given)",
      body: companyBodySchema,
      answer: companyAnswer,
      tag: "company",
    },
    (req, _res, input) => setCompany(ctx(req), input.body),
  );

  api.add(
    {
      method: "get",
      path: "/parties",
      access: ACCOUNTING_ROLES,
      summary: "Parties by name, searched by name or GSTIN; one page",
      query: partyQuerySchema,
      answer: partyPageAnswer,
      tag: "parties",
    },
    (req, _res, input) => listParties(ctx(req), input.query),
  );

  api.add(
    {
      method: "post",
      path: "/parties",
      access: ACCOUNTING_ROLES,
      summary: "Create a party (PAN and state follow from a GSTIN)",
      body: partyBodySchema,
      answer: partyAnswer,
      status: 201,
      tag: "parties",
    },
    async (req, res, input) => {
      const created = await createParty(ctx(req), input.body);
      res.status(201);
      return created;
    },
  );

  api.add(
    {
      method: "patch",
      path: "/parties/:id",
      access: ACCOUNTING_ROLES,
      summary: "Change a party (fields left out keep their values); isActive false deactivates it",
      body: partyChangesSchema,
      params: idParamsOf("Party"),
      answer: partyAnswer,
      tag: "parties",
    },
    (req, _res, input) => updateParty(ctx(req), input.params.id, input.body),
  );

  return api;
}
