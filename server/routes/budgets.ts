// Budget planning (spec 001 §7; DECISIONS §7): SuperAdmin only. Answers carry spent,
// percentUsed, remaining and status, computed by the service.
import type { Request } from "express";
import { budgetBodySchema } from "../../shared/schemas/budgets";
import { actorOf } from "../middlewares/auth";
import { body, parse } from "../middlewares/validate";
import { budgetAsInput, createBudget, deleteBudget, listBudgets, updateBudget, type BudgetContext } from "../services/budgets";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";

const SUPERADMIN = ["SuperAdmin"] as const;
const tag = "budgets";

export function budgetRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const { db } = deps.database;
  const ctx = (req: Request): BudgetContext => ({ db, actor: actorOf(req), ip: req.ip, timezone: deps.config.appTimezone, now: deps.clock() });

  api.add({ method: "get", path: "/admin/budgets", access: SUPERADMIN, summary: "Budgets with spent and status", tag }, () =>
    listBudgets({ db, timezone: deps.config.appTimezone, now: deps.clock() }),
  );

  api.add({ method: "post", path: "/admin/budgets", access: SUPERADMIN, summary: "Create a budget", body: budgetBodySchema, tag }, async (req, res) => {
    const created = await createBudget(ctx(req), body(req, budgetBodySchema));
    res.status(201);
    return created;
  });

  api.add({ method: "put", path: "/admin/budgets/:id", access: SUPERADMIN, summary: "Edit a budget", body: budgetBodySchema, tag }, async (req) => {
    const id = String(req.params.id);
    // Fields left out keep their stored values; what is sent is validated as on create.
    const current = await budgetAsInput(db, id);
    const sent = (req.body ?? {}) as Record<string, unknown>;
    return updateBudget(ctx(req), id, parse(budgetBodySchema, { ...current, ...sent }));
  });

  api.add({ method: "delete", path: "/admin/budgets/:id", access: SUPERADMIN, summary: "Delete a budget", tag }, async (req) => {
    await deleteBudget(ctx(req), String(req.params.id));
    return { message: "Budget deleted" };
  });

  return api;
}
