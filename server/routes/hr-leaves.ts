// The leave register over HTTP (DECISIONS §8): record, cancel with a reason, an employee's year
// with the balance, everyone's month. HR roles and SuperAdmin; finance roles get 403.
import { HR_ROLES } from "../../shared/constants";
import { cancelLeaveSchema, leaveQuerySchema, recordLeaveSchema } from "../../shared/leave";
import { actorOf } from "../middlewares/auth";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { todayIn } from "../services/hr/calendar";
import { loadPolicy } from "../services/hr/policy";
import { cancelLeave, listLeaves, recordLeave } from "../services/hr/leaves";
import { idParamsOf } from "../../shared/schemas/params";
import { leaveChangedAnswer, leaveListAnswer } from "../../shared/answers";

export function hrLeaveRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const { db } = deps.database;
  const tag = "hr";
  const today = () => todayIn(deps.clock, deps.config.appTimezone);

  api.add(
    { method: "get", path: "/hr/leaves", access: HR_ROLES, summary: "Leave: an employee's year with the paid-leave balance (employeeId, year), or everyone's month (month, departmentId)", query: leaveQuerySchema, answer: leaveListAnswer, tag },
    async (req, _res, input) => listLeaves(db, input.query, await loadPolicy(db), today()),
  );

  api.add(
    { method: "post", path: "/hr/leaves", access: HR_ROLES, summary: "Record granted leave (PL or LWP); its working days take the leave's status", body: recordLeaveSchema, answer: leaveChangedAnswer, status: 201, tag },
    async (req, res, input) => {
      const answer = await recordLeave(db, input.body, actorOf(req), await loadPolicy(db), today(), req.ip);
      res.status(201);
      return answer;
    },
  );

  api.add(
    { method: "delete", path: "/hr/leaves/:id", access: HR_ROLES, summary: "Cancel a leave, with a reason; its days are recalculated", body: cancelLeaveSchema, params: idParamsOf("Leave"), answer: leaveChangedAnswer, tag },
    async (req, _res, input) => cancelLeave(db, input.params.id, input.body, actorOf(req), await loadPolicy(db), today(), req.ip),
  );
  return api;
}
