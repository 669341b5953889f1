// GET /api/config (DECISIONS §2): what the client must know before it draws anything. Public, so
// the sign-in page and the emergency approval page show dates in the company's zone too.
import type { AppDeps } from "../context";
import type { AppConfig } from "../../shared/schemas/config";
import { ApiRouter } from "./api-router";
import { configAnswer } from "../../shared/schemas/config";

export function configRoutes(deps: Pick<AppDeps, "config">): ApiRouter {
  const api = new ApiRouter();
  const answer: AppConfig = { timeZone: deps.config.appTimezone };
  api.add(
    {
      method: "get",
      path: "/config",
      access: "public",
      summary: "The server's settings the screens follow: its time zone (APP_TIMEZONE)",
      answer: configAnswer,
      tag: "system",
    },
    () => answer,
  );
  return api;
}
