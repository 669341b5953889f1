// Employees and departments (spec 001 §2-§5, DECISIONS §8). Every HR role reads and edits
// employees; departments are created and renamed by SuperAdmin and HR Admin only.
import { HR_ADMIN_ROLES, HR_ROLES } from "../../shared/constants";
import {
  departmentAnswer,
  departmentsAnswer,
  departmentSchema,
  employeeAnswer,
  employeeCreateSchema,
  employeeListAnswer,
  employeeListQuerySchema,
  employeeUpdateSchema,
} from "../../shared/schemas/hr";
import { contextOf } from "../middlewares/auth";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { createDepartment, createEmployee, employeeById, listDepartments, listEmployees, renameDepartment, updateEmployee } from "../services/hr/employees";
import { idParamsOf } from "../../shared/schemas/params";
import { serviceContext } from "../services/context";
import { employeeLoginAnswer, employeeLoginSchema, employeeLoginStatusAnswer, loginCandidatesAnswer } from "../../shared/schemas/me";
import { BULK_LOGINS_HEADER, employeeLogin, giveLogin, giveLoginsToAll, linkLogin, loginCandidates, removeLogin } from "../services/hr/employee-logins";
import { userAnswer } from "../../shared/schemas/users";
import { z } from "zod";
import { sendCsvDownload } from "./downloads";
import { toIsoDate } from "../../shared/format";

export function hrEmployeeRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const tag = "hr";

  api.add(
    {
      method: "get",
      path: "/hr/employees",
      access: HR_ROLES,
      summary: "Employees, 20 a page, with search and filters",
      query: employeeListQuerySchema,
      answer: employeeListAnswer,
      tag,
    },
    (req, _res, input) => listEmployees(serviceContext(deps), input.query),
  );

  api.add(
    {
      method: "post",
      path: "/hr/employees",
      access: HR_ROLES,
      summary: "Create an employee",
      body: employeeCreateSchema,
      answer: employeeAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const employee = await createEmployee(contextOf(deps, req), input.body);
      res.status(201);
      return employee;
    },
  );

  api.add(
    { method: "get", path: "/hr/employees/:id", access: HR_ROLES, summary: "One employee", params: idParamsOf("Employee"), answer: employeeAnswer, tag },
    async (req, _res, input) => {
      return employeeById(serviceContext(deps), input.params.id);
    },
  );

  api.add(
    {
      method: "put",
      path: "/hr/employees/:id",
      access: HR_ROLES,
      summary: "Edit an employee (including isActive)",
      body: employeeUpdateSchema,
      params: idParamsOf("Employee"),
      answer: employeeAnswer,
      tag,
    },
    async (req, _res, input) => {
      const id = input.params.id;
      return updateEmployee(contextOf(deps, req), id, input.body);
    },
  );

  api.add({ method: "get", path: "/hr/departments", access: HR_ROLES, summary: "Departments", answer: departmentsAnswer, tag }, () =>
    listDepartments(serviceContext(deps)),
  );

  api.add(
    {
      method: "post",
      path: "/hr/departments",
      access: HR_ADMIN_ROLES,
      summary: "Create a department",
      body: departmentSchema,
      answer: departmentAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const department = await createDepartment(contextOf(deps, req), input.body.name);
      res.status(201);
      return department;
    },
  );

  api.add(
    {
      method: "put",
      path: "/hr/departments/:id",
      access: HR_ADMIN_ROLES,
      summary: "Rename a department",
      body: departmentSchema,
      params: idParamsOf("Department"),
      answer: departmentAnswer,
      tag,
    },
    (req, _res, input) => renameDepartment(contextOf(deps, req), input.params.id, input.body.name),
  );

  // ---------------------------------------------------------------- logins for employees (DECISIONS §15)

  api.add(
    {
      method: "get",
      path: "/hr/login-candidates",
      access: HR_ADMIN_ROLES,
      summary: "Active users linked to no employee (to link one as an employee's login)",
      answer: loginCandidatesAnswer,
      tag,
    },
    () => loginCandidates(serviceContext(deps)),
  );

  api.add(
    {
      method: "get",
      path: "/hr/employees/:id/login",
      access: HR_ROLES,
      summary: "The user linked to an employee (their login), or null",
      params: idParamsOf("Employee"),
      answer: employeeLoginStatusAnswer,
      tag,
    },
    (req, _res, input) => employeeLogin(serviceContext(deps), input.params.id),
  );

  api.add(
    {
      method: "post",
      path: "/hr/employees/:id/login",
      access: HR_ADMIN_ROLES,
      summary: "Give an employee a login: {username?} → 201 {user, oneTimePassword} (a new Employee user); {userId} → 200 {user} (an existing user linked)",
      params: idParamsOf("Employee"),
      body: employeeLoginSchema,
      answer: employeeLoginAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const ctx = contextOf(deps, req);
      if (input.body.userId) return linkLogin(ctx, input.params.id, input.body.userId);
      const given = await giveLogin(ctx, input.params.id, input.body.username);
      res.status(201);
      return given;
    },
  );

  api.add(
    {
      method: "delete",
      path: "/hr/employees/:id/login",
      access: HR_ADMIN_ROLES,
      summary: "Remove an employee's login (an Employee-role user is disabled)",
      params: idParamsOf("Employee"),
      answer: z.strictObject({ user: userAnswer }),
      tag,
    },
    (req, _res, input) => removeLogin(contextOf(deps, req), input.params.id),
  );

  api.add(
    {
      method: "post",
      path: "/hr/employees/logins",
      access: HR_ADMIN_ROLES,
      summary: "Logins for every active employee without one, as CSV employeeName,username,oneTimePassword (shown this once)",
      produces: "text/csv",
      tag,
    },
    async (req, res) => {
      const rows = await giveLoginsToAll(contextOf(deps, req));
      await sendCsvDownload(res, `employee_logins_${toIsoDate(deps.clock(), deps.config.appTimezone)}.csv`, BULK_LOGINS_HEADER, rows);
    },
  );

  return api;
}
