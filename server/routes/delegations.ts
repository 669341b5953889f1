// Delegation while away (DECISIONS §11): an Approver or SuperAdmin records, lists and ends the
// delegations of their approval authority; a SuperAdmin sees and records them for everyone. The
// rules are server/services/delegations.ts's; what a delegation lets a delegate approve is
// server/services/transactions/authority.ts's.
import type { Request } from "express";
import { createDelegationSchema, delegateCandidatesAnswer, delegationAnswer, delegationsAnswer, endDelegationSchema } from "../../shared/schemas/delegations";
import { contextOf } from "../middlewares/auth";
import { createDelegation, delegateCandidates, endDelegation, listDelegations } from "../services/delegations";
import { APPROVER_ROLES } from "../../shared/constants";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { idParamsOf } from "../../shared/schemas/params";

const tag = "delegations";

export function delegationRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => contextOf(deps, req);

  api.add(
    {
      method: "get",
      path: "/delegations",
      access: APPROVER_ROLES,
      summary: "Delegations of approval authority: your own given and received (a SuperAdmin: all)",
      answer: delegationsAnswer,
      tag,
    },
    (req) => listDelegations(ctx(req)),
  );

  api.add(
    {
      method: "get",
      path: "/delegations/candidates",
      access: APPROVER_ROLES,
      summary: "Who may receive a delegation: active Approvers and SuperAdmins",
      answer: delegateCandidatesAnswer,
      tag,
    },
    (req) => delegateCandidates(ctx(req)),
  );

  api.add(
    {
      method: "post",
      path: "/delegations",
      access: APPROVER_ROLES,
      summary: "Delegate approval authority for whole days while away (a SuperAdmin may name the delegator)",
      body: createDelegationSchema,
      answer: delegationAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const created = await createDelegation(ctx(req), input.body);
      res.status(201);
      return created;
    },
  );

  api.add(
    {
      method: "delete",
      path: "/delegations/:id",
      access: APPROVER_ROLES,
      summary: "End a delegation early, with a reason",
      body: endDelegationSchema,
      params: idParamsOf("Delegation"),
      answer: delegationAnswer,
      tag,
    },
    (req, _res, input) => endDelegation(ctx(req), input.params.id, input.body),
  );

  return api;
}
