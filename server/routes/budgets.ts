// Budget planning (spec 001 §7; DECISIONS §7): SuperAdmin only. Answers carry spent,
// percentUsed, remaining and status, computed by the service.
import type { Request } from "express";
import { budgetAnswer, budgetBodySchema, budgetChangesSchema, budgetsAnswer } from "../../shared/schemas/budgets";
import { contextOf } from "../middlewares/auth";
import { createBudget, deleteBudget, listBudgets, updateBudget } from "../services/budgets";
import { serviceContext } from "../services/context";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { idParamsOf } from "../../shared/schemas/params";
import { messageAnswer } from "../../shared/schemas/answer-parts";

const SUPERADMIN = ["SuperAdmin"] as const;
const tag = "budgets";

export function budgetRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => contextOf(deps, req);

  api.add({ method: "get", path: "/admin/budgets", access: SUPERADMIN, summary: "Budgets with spent and status", answer: budgetsAnswer, tag }, () =>
    listBudgets(serviceContext(deps)),
  );

  api.add(
    { method: "post", path: "/admin/budgets", access: SUPERADMIN, summary: "Create a budget", body: budgetBodySchema, answer: budgetAnswer, status: 201, tag },
    async (req, res, input) => {
      const created = await createBudget(ctx(req), input.body);
      res.status(201);
      return created;
    },
  );

  api.add(
    {
      method: "put",
      path: "/admin/budgets/:id",
      access: SUPERADMIN,
      summary: "Edit a budget (fields left out keep their values)",
      body: budgetChangesSchema,
      params: idParamsOf("Budget"),
      answer: budgetAnswer,
      tag,
    },
    (req, _res, input) => updateBudget(ctx(req), input.params.id, input.body),
  );

  api.add(
    { method: "delete", path: "/admin/budgets/:id", access: SUPERADMIN, summary: "Delete a budget", params: idParamsOf("Budget"), answer: messageAnswer, tag },
    async (req, _res, input) => {
      await deleteBudget(ctx(req), input.params.id);
      return { message: "Budget deleted" };
    },
  );

  return api;
}
