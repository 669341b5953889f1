import { FINANCE_ROLES } from "../../shared/constants";
import { contextOf } from "../middlewares/auth";
import { ApiRouter } from "./api-router";
import { keptAnswer } from "../answer-cache/keeper";
import type { AppDeps } from "../context";
import { dashboardStats } from "../services/transactions/dashboard";
import { dashboardStatsAnswer } from "../../shared/schemas/transactions";

export function dashboardRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();

  api.add(
    {
      method: "get",
      path: "/dashboard/stats",
      access: FINANCE_ROLES,
      summary: "Dashboard figures over the transactions the user may see",
      answer: dashboardStatsAnswer,
      tag: "dashboard",
      // users: the reader's own window, read with the session, decides which transactions count.
      keep: keptAnswer(deps, { reads: ["transactions", "users"] }),
    },
    (req) => dashboardStats(contextOf(deps, req)),
  );
  return api;
}
