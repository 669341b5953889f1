// Emergency approvals (DECISIONS §5): issuing the link pair, the approver codes setting, and the
// two public calls behind /emergency-approve/:token and /emergency-reject/:token.
import type { Request, RequestHandler } from "express";
import { actorOf } from "../middlewares/auth";
import { body } from "../middlewares/validate";
import { tooManyRequests } from "../middlewares/errors";
import { getEmergencyApprovers, setEmergencyApprovers } from "../services/emergency-approvers";
import { decideThroughEmergencyLink, issueEmergencyLinks, viewEmergencyLink } from "../services/transactions/emergency";
import {
  EMERGENCY_THROTTLE,
  emergencyApproversBodySchema,
  emergencyDecisionBodySchema,
  type EmergencyApproversAnswer,
} from "../../shared/schemas/emergency";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";

/**
 * A sliding-window limit per client address, in this process's memory. Enough to make guessing a
 * 256-bit token hopeless; with several server processes each counts on its own (a client gets at
 * most limit × processes a minute), which is acceptable for that purpose.
 */
export function slidingWindowLimiter(limit: number, windowMs: number, now: () => number = Date.now): RequestHandler {
  const hits = new Map<string, number[]>();
  let lastSweep = now();
  return (req, _res, next) => {
    const t = now();
    if (t - lastSweep > windowMs) {
      for (const [key, times] of hits) if (times[times.length - 1] <= t - windowMs) hits.delete(key);
      lastSweep = t;
    }
    const key = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const times = (hits.get(key) ?? []).filter((x) => x > t - windowMs);
    if (times.length >= limit) {
      hits.set(key, times);
      return next(tooManyRequests("Too many requests. Please wait a minute and try again."));
    }
    times.push(t);
    hits.set(key, times);
    next();
  };
}

const tokenOf = (req: Request) => String(req.params.token ?? "");

export function emergencyRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const { db } = deps.database;
  const throttle = slidingWindowLimiter(EMERGENCY_THROTTLE.limit, EMERGENCY_THROTTLE.windowMs);

  api.add(
    { method: "post", path: "/transactions/:id/emergency-links", access: "signed-in", summary: "Issue the emergency approve/reject link pair (owner or SuperAdmin; Pending and isEmergency)", tag: "emergency" },
    (req) => issueEmergencyLinks(deps, String(req.params.id), actorOf(req), req.ip),
  );

  api.add(
    { method: "get", path: "/admin/emergency-approvers", access: ["SuperAdmin"], summary: "The three emergency approver codes", tag: "emergency" },
    async (): Promise<EmergencyApproversAnswer> => ({ approvers: await getEmergencyApprovers(db) }),
  );

  api.add(
    { method: "put", path: "/admin/emergency-approvers", access: ["SuperAdmin"], summary: "Set the three emergency approver codes", body: emergencyApproversBodySchema, tag: "emergency" },
    async (req): Promise<EmergencyApproversAnswer> => {
      const { approvers } = body(req, emergencyApproversBodySchema);
      return { approvers: await setEmergencyApprovers(db, approvers, actorOf(req), req.ip) };
    },
  );

  api.add(
    { method: "get", path: "/emergency-approval/:token", access: "public", summary: "What an emergency link is for (never uses it up)", tag: "emergency" },
    throttle,
    (req) => viewEmergencyLink(deps, tokenOf(req)),
  );

  api.add(
    { method: "post", path: "/emergency-approval/:token", access: "public", summary: "Approve or reject through an emergency link", body: emergencyDecisionBodySchema, tag: "emergency" },
    throttle,
    (req) => {
      const { approverName } = body(req, emergencyDecisionBodySchema);
      return decideThroughEmergencyLink(deps, tokenOf(req), approverName, req.ip);
    },
  );

  return api;
}
