// The employee's own pages and HR's inbox of their requests (DECISIONS §15). The /me calls act on
// the employee linked to the caller's login (any role; the Employee role may call nothing else);
// HR (SuperAdmin, HR Admin, HR Staff) lists and decides.
import { HR_ROLES } from "../../shared/constants";
import {
  approveRequestSchema,
  leaveRequestAnswer,
  leaveRequestSchema,
  myLeaveAnswer,
  myLeaveQuerySchema,
  myMonthAnswer,
  regularisationAnswer,
  regularisationSchema,
  rejectRequestSchema,
  requestsAnswer,
  requestsQuerySchema,
} from "../../shared/schemas/me";
import { optionalMonthQuerySchema } from "../../shared/schemas/hr";
import { idParamsOf } from "../../shared/schemas/params";
import { contextOf } from "../middlewares/auth";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { serviceContext, todayOf } from "../services/context";
import { monthOfDate } from "../../shared/calendar";
import { myLeave, myMonth } from "../services/hr/me";
import { myClaims } from "../services/transactions/claims";
import { myClaimsAnswer } from "../../shared/schemas/me-claims";
import {
  approveLeaveRequest,
  approveRegularisation,
  createLeaveRequest,
  createRegularisation,
  listRequests,
  rejectLeaveRequest,
  rejectRegularisation,
  withdrawLeaveRequest,
} from "../services/hr/requests";

export function meRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const tag = "me";
  const me = { access: "signed-in", openToEmployees: true, tag } as const;

  api.add(
    {
      method: "get",
      path: "/me/attendance",
      ...me,
      summary: "My month as HR's month view shows it (every day, punches, late marks, hand edits, deductions) and my regularisations",
      query: optionalMonthQuerySchema,
      answer: myMonthAnswer,
    },
    (req, _res, input) => myMonth(contextOf(deps, req), input.query.month ?? monthOfDate(todayOf(serviceContext(deps)))),
  );

  api.add(
    {
      method: "get",
      path: "/me/claims",
      ...me,
      summary: "My expense claims, newest first, with status, amount and amount paid (DECISIONS §15)",
      answer: myClaimsAnswer,
    },
    async (req) => ({ claims: await myClaims(contextOf(deps, req)) }),
  );

  api.add(
    {
      method: "get",
      path: "/me/leave",
      ...me,
      summary: "My leave of a year, the balance (remaining less pending requests; pending apart) and my requests",
      query: myLeaveQuerySchema,
      answer: myLeaveAnswer,
    },
    (req, _res, input) => myLeave(contextOf(deps, req), input.query.year),
  );

  api.add(
    {
      method: "post",
      path: "/me/leave-requests",
      ...me,
      summary: "Ask for leave (PL or LWP): refused as the leave itself would be, pending requests counted",
      body: leaveRequestSchema,
      answer: leaveRequestAnswer,
      status: 201,
    },
    async (req, res, input) => {
      const request = await createLeaveRequest(contextOf(deps, req), input.body);
      res.status(201);
      return request;
    },
  );

  api.add(
    {
      method: "delete",
      path: "/me/leave-requests/:id",
      ...me,
      summary: "Withdraw my pending leave request",
      params: idParamsOf("Request"),
      answer: leaveRequestAnswer,
    },
    (req, _res, input) => withdrawLeaveRequest(contextOf(deps, req), input.params.id),
  );

  api.add(
    {
      method: "post",
      path: "/me/regularisations",
      ...me,
      summary: "Ask to fix a past day of this or last month (at least one time)",
      body: regularisationSchema,
      answer: regularisationAnswer,
      status: 201,
    },
    async (req, res, input) => {
      const request = await createRegularisation(contextOf(deps, req), input.body);
      res.status(201);
      return request;
    },
  );

  // ---------------------------------------------------------------- HR's inbox

  const hr = { access: HR_ROLES, tag: "hr" } as const;

  api.add(
    {
      method: "get",
      path: "/hr/requests",
      ...hr,
      summary: "Employees' leave requests and regularisations, pending first",
      query: requestsQuerySchema,
      answer: requestsAnswer,
    },
    (req, _res, input) => listRequests(serviceContext(deps), input.query),
  );

  api.add(
    {
      method: "post",
      path: "/hr/leave-requests/:id/approve",
      ...hr,
      summary: "Approve a leave request: the leave is recorded (its rules checked again)",
      params: idParamsOf("Request"),
      body: approveRequestSchema,
      answer: leaveRequestAnswer,
    },
    (req, _res, input) => approveLeaveRequest(contextOf(deps, req), input.params.id, input.body.reason),
  );

  api.add(
    {
      method: "post",
      path: "/hr/leave-requests/:id/reject",
      ...hr,
      summary: "Reject a leave request, with a reason",
      params: idParamsOf("Request"),
      body: rejectRequestSchema,
      answer: leaveRequestAnswer,
    },
    (req, _res, input) => rejectLeaveRequest(contextOf(deps, req), input.params.id, input.body.reason),
  );

  api.add(
    {
      method: "post",
      path: "/hr/regularisations/:id/approve",
      ...hr,
      summary: "Approve a regularisation: the day takes those times as a hand edit",
      params: idParamsOf("Request"),
      body: approveRequestSchema,
      answer: regularisationAnswer,
    },
    (req, _res, input) => approveRegularisation(contextOf(deps, req), input.params.id, input.body.reason),
  );

  api.add(
    {
      method: "post",
      path: "/hr/regularisations/:id/reject",
      ...hr,
      summary: "Reject a regularisation, with a reason",
      params: idParamsOf("Request"),
      body: rejectRequestSchema,
      answer: regularisationAnswer,
    },
    (req, _res, input) => rejectRegularisation(contextOf(deps, req), input.params.id, input.body.reason),
  );

  return api;
}
