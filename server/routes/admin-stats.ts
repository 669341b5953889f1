// The admin dashboard's numbers (spec 001 §2, §3; DECISIONS §7): SuperAdmin only.
import { adminStats } from "../services/admin-stats";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { adminStatsAnswer } from "../../shared/schemas/audit";
import { serviceContext } from "../services/context";

export function adminStatsRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();

  api.add({ method: "get", path: "/admin/stats", access: ["SuperAdmin"], summary: "Admin dashboard numbers", answer: adminStatsAnswer, tag: "admin" }, () =>
    adminStats(serviceContext(deps)),
  );

  return api;
}
