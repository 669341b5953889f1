// The leave register over HTTP (DECISIONS §8): record, cancel with a reason, an employee's year
// with the balance, everyone's month. HR roles and SuperAdmin; finance roles get 403.
import { HR_ROLES } from "../../shared/constants";
import { cancelLeaveSchema, leaveChangedAnswer, leaveListAnswer, leaveQuerySchema, recordLeaveSchema } from "../../shared/schemas/leave";
import { contextOf } from "../middlewares/auth";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { cancelLeave, listLeaves, recordLeave } from "../services/hr/leaves";
import { idParamsOf } from "../../shared/schemas/params";
import { serviceContext } from "../services/context";

export function hrLeaveRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const tag = "hr";

  api.add(
    {
      method: "get",
      path: "/hr/leaves",
      access: HR_ROLES,
      summary: "Leave: an employee's year with the paid-leave balance (employeeId, year), or everyone's month (month, departmentId)",
      query: leaveQuerySchema,
      answer: leaveListAnswer,
      tag,
    },
    async (req, _res, input) => listLeaves(serviceContext(deps), input.query),
  );

  api.add(
    {
      method: "post",
      path: "/hr/leaves",
      access: HR_ROLES,
      summary: "Record granted leave (PL or LWP); its working days take the leave's status",
      body: recordLeaveSchema,
      answer: leaveChangedAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const answer = await recordLeave(contextOf(deps, req), input.body);
      res.status(201);
      return answer;
    },
  );

  api.add(
    {
      method: "delete",
      path: "/hr/leaves/:id",
      access: HR_ROLES,
      summary: "Cancel a leave, with a reason; its days are recalculated",
      body: cancelLeaveSchema,
      params: idParamsOf("Leave"),
      answer: leaveChangedAnswer,
      tag,
    },
    async (req, _res, input) => cancelLeave(contextOf(deps, req), input.params.id, input.body),
  );
  return api;
}
