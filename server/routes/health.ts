import { ApiRouter } from "./api-router";

/** A bare route: load balancers' liveness check, and the ceiling in `npm run bench`. */
export function healthRoutes(): ApiRouter {
  const api = new ApiRouter();
  api.add({ method: "get", path: "/health", access: "public", summary: "Liveness check", tag: "system" }, () => ({ status: "ok" }));
  return api;
}
