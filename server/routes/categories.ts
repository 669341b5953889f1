import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";

export function categoryRoutes(_deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  return api;
}
