// Emergency approvals (DECISIONS §5): issuing the link pair, the approver codes setting, and the
// two public calls behind /emergency-approve/:token and /emergency-reject/:token.
import type { Request } from "express";
import { actorOf } from "../middlewares/auth";
import { body } from "../middlewares/validate";
import { requestLimiter } from "../services/rate-limit";
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

const tokenOf = (req: Request) => String(req.params.token ?? "");

export function emergencyRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const { db } = deps.database;
  // Per client address, counted by every server process alike, so tokens cannot be guessed.
  const throttle = requestLimiter(db, deps.clock, "emergency-approval", EMERGENCY_THROTTLE.limit, EMERGENCY_THROTTLE.windowMs);

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
