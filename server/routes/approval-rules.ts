// Approval rules (DECISIONS §11): SuperAdmin's CRUD under /api/admin, and the preview every finance
// role may ask before submitting. The rules themselves live in services/approval-rules.ts and
// services/transactions/authority.ts.
import type { Request } from "express";
import { FINANCE_ROLES } from "../../shared/constants";
import {
  approvalPolicyAnswer,
  approvalPreviewSchema,
  approvalRuleAnswer,
  approvalRuleBodySchema,
  approvalRuleChangesSchema,
  approvalRuleDeletedAnswer,
  approvalRulesAnswer,
} from "../../shared/schemas/approval-rules";
import { contextOf } from "../middlewares/auth";
import { createApprovalRule, deleteApprovalRule, listApprovalRules, previewApprovalPolicy, updateApprovalRule } from "../services/approval-rules";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { idParamsOf } from "../../shared/schemas/params";

const SUPERADMIN = ["SuperAdmin"] as const;
const tag = "approval rules";

export function approvalRuleRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => contextOf(deps, req);

  api.add({ method: "get", path: "/admin/approval-rules", access: SUPERADMIN, summary: "Approval rules", answer: approvalRulesAnswer, tag }, (req) =>
    listApprovalRules(ctx(req)),
  );

  api.add(
    {
      method: "post",
      path: "/admin/approval-rules",
      access: SUPERADMIN,
      summary: "Create an approval rule",
      body: approvalRuleBodySchema,
      answer: approvalRuleAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const created = await createApprovalRule(ctx(req), input.body);
      res.status(201);
      return created;
    },
  );

  api.add(
    {
      method: "put",
      path: "/admin/approval-rules/:id",
      access: SUPERADMIN,
      summary: "Change an approval rule (fields left out keep their values); submitted transactions keep their policy",
      body: approvalRuleChangesSchema,
      params: idParamsOf("Approval rule"),
      answer: approvalRuleAnswer,
      tag,
    },
    (req, _res, input) => updateApprovalRule(ctx(req), input.params.id, input.body),
  );

  api.add(
    {
      method: "delete",
      path: "/admin/approval-rules/:id",
      access: SUPERADMIN,
      summary: "Delete an approval rule; one a transaction applied is deactivated instead",
      params: idParamsOf("Approval rule"),
      answer: approvalRuleDeletedAnswer,
      tag,
    },
    (req, _res, input) => deleteApprovalRule(ctx(req), input.params.id),
  );

  api.add(
    {
      method: "post",
      path: "/approval-rules/preview",
      access: FINANCE_ROLES,
      summary: "The approval policy a submission of this category, form type and amount would get now",
      body: approvalPreviewSchema,
      answer: approvalPolicyAnswer,
      tag,
    },
    (req, _res, input) => previewApprovalPolicy(ctx(req), input.body),
  );

  return api;
}
