// Emergency approvals (DECISIONS §5): issuing the link pair, the approver codes setting, and the
// two public calls behind /emergency-approve/:token and /emergency-reject/:token.
import { FINANCE_ROLES } from "../../shared/constants";
import { contextOf } from "../middlewares/auth";
import { requestLimiter } from "../middlewares/request-limit";
import { emergencyApproversAnswer, setApproverPin, setEmergencyApprovers } from "../services/emergency-approvers";
import { decideThroughEmergencyLink, issueEmergencyLinks, viewEmergencyLink, type EmergencyDecisionInput } from "../services/transactions/emergency";
import {
  EMERGENCY_THROTTLE,
  type EmergencyApproversAnswer,
  emergencyApproversAnswer as emergencyApproversSchema,
  emergencyApproversBodySchema,
  emergencyDecisionAnswer,
  emergencyDecisionBodySchema,
  emergencyLinksAnswer,
  emergencyLinkViewAnswer,
  type EmergencyPinAnswer,
  emergencyPinAnswer,
  emergencyPinBodySchema,
} from "../../shared/schemas/emergency";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { approverCodeParamsSchema, idParamsOf, tokenParamsSchema } from "../../shared/schemas/params";
import { serviceContext, requestContext } from "../services/context";
import { EMERGENCY_CONTROLLERS } from "../services/policies";

export function emergencyRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  // Per client address, counted by every server process alike, so tokens cannot be guessed.
  const throttle = requestLimiter(deps, { scope: "emergency-approval", ...EMERGENCY_THROTTLE });

  api.add(
    {
      method: "post",
      path: "/transactions/:id/emergency-links",
      access: FINANCE_ROLES,
      summary: "Issue the emergency approve/reject link pair (owner or SuperAdmin; Pending and isEmergency)",
      params: idParamsOf("Transaction"),
      answer: emergencyLinksAnswer,
      tag: "emergency",
    },
    (req, _res, input) => issueEmergencyLinks(contextOf(deps, req), input.params.id),
  );

  api.add(
    {
      method: "get",
      path: "/admin/emergency-approvers",
      access: EMERGENCY_CONTROLLERS,
      summary: "The three emergency approver codes and which of them has a PIN",
      answer: emergencyApproversSchema,
      tag: "emergency",
    },
    (): Promise<EmergencyApproversAnswer> => emergencyApproversAnswer(serviceContext(deps)),
  );

  api.add(
    {
      method: "put",
      path: "/admin/emergency-approvers",
      access: EMERGENCY_CONTROLLERS,
      summary: "Set the three emergency approver codes",
      body: emergencyApproversBodySchema,
      answer: emergencyApproversSchema,
      tag: "emergency",
    },
    async (req, _res, input): Promise<EmergencyApproversAnswer> => {
      const { approvers } = input.body;
      return setEmergencyApprovers(contextOf(deps, req), approvers);
    },
  );

  api.add(
    {
      method: "put",
      path: "/admin/emergency-approvers/:code/pin",
      access: EMERGENCY_CONTROLLERS,
      summary: "Set or replace the PIN of one approver code (never answered back)",
      body: emergencyPinBodySchema,
      params: approverCodeParamsSchema,
      answer: emergencyPinAnswer,
      tag: "emergency",
    },
    async (req, _res, input): Promise<EmergencyPinAnswer> => {
      const { pin } = input.body;
      return setApproverPin(contextOf(deps, req), input.params.code, pin);
    },
  );

  api.add(
    {
      method: "get",
      path: "/emergency-approval/:token",
      access: "public",
      summary: "What an emergency link is for (never uses it up)",
      params: tokenParamsSchema,
      answer: emergencyLinkViewAnswer,
      tag: "emergency",
    },
    throttle,
    (req, _res, input) => viewEmergencyLink(serviceContext(deps), input.params.token),
  );

  api.add(
    {
      method: "post",
      path: "/emergency-approval/:token",
      access: "public",
      summary: "Approve or reject through an emergency link",
      body: emergencyDecisionBodySchema,
      bodyCheckedInOrder: true,
      params: tokenParamsSchema,
      answer: emergencyDecisionAnswer,
      tag: "emergency",
    },
    throttle,
    // The body is read field by field after lockdown and the link (DECISIONS §10 fixes the order).
    (req, _res, input) => {
      const sent: EmergencyDecisionInput = req.body !== null && typeof req.body === "object" ? (req.body as EmergencyDecisionInput) : {};
      return decideThroughEmergencyLink(requestContext(deps, req.ip), input.params.token, {
        approverName: sent.approverName,
        pin: sent.pin,
        reason: sent.reason,
      });
    },
  );

  return api;
}
