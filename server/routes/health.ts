// GET /api/health (DECISIONS §10): what a load balancer or an operator asks. 200 when the database
// answers a round trip and the real-time bus is connected; 503 naming what is down.
import type { z } from "zod";
import type { AppDeps } from "../context";
import { databaseHealth } from "../services/admin-stats";
import { ApiRouter } from "./api-router";
import { healthAnswer } from "../../shared/schemas/health";

export type Health = z.output<typeof healthAnswer>;

export function healthRoutes(deps: Pick<AppDeps, "database" | "bus">): ApiRouter {
  const api = new ApiRouter();
  api.add(
    { method: "get", path: "/health", access: "public", summary: "Health: the database and the real-time bus", answer: healthAnswer, tag: "system" },
    async (_req, res): Promise<Health> => {
      const database = (await databaseHealth({ db: deps.database.db })) === "good" ? "ok" : "down";
      const realtime = deps.bus.isConnected() ? "ok" : "down";
      const status = database === "ok" && realtime === "ok" ? "ok" : "unavailable";
      if (status !== "ok") res.status(503);
      return { status, database, realtime };
    },
  );
  return api;
}
