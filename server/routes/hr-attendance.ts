// Attendance, the attendance policy, employee month details, the HR dashboard and the payroll
// report (spec 001 §2-§3, DECISIONS §8). The policy is edited by SuperAdmin and HR Admin only.
import { HR_ROLES } from "../../shared/constants";
import {
  attendanceEditAnswer,
  attendanceEditSchema,
  attendanceListAnswer,
  attendancePolicyAnswer,
  attendancePolicySchema,
  attendanceQuerySchema,
  employeeDetailsAnswer,
  hrDashboardStatsAnswer,
  payrollReportAnswer,
} from "../../shared/schemas/hr";
import { contextOf } from "../middlewares/auth";
import { ApiRouter } from "./api-router";
import { sendCsvDownload } from "./downloads";
import type { AppDeps } from "../context";
import {
  ATTENDANCE_CSV_HEADER,
  PAYROLL_CSV_HEADER,
  attendanceCsvRows,
  dashboardStats,
  editAttendanceDay,
  employeeDetails,
  listAttendance,
  payrollCsvRows,
  payrollReport,
} from "../services/hr/attendance-service";
import { monthBounds, monthOfDate } from "../../shared/calendar";
import { attendancePolicyOf, updatePolicy } from "../services/hr/policy";
import { attendanceExportQuerySchema, monthQuerySchema, optionalMonthQuerySchema } from "../../shared/schemas/hr";
import { HR_ADMIN_ROLES } from "../../shared/constants";
import { idParamsOf } from "../../shared/schemas/params";
import { serviceContext, todayOf } from "../services/context";

export function hrAttendanceRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const tag = "hr";
  const today = () => todayOf(serviceContext(deps));

  api.add(
    { method: "get", path: "/hr/attendance-policy", access: HR_ROLES, summary: "The attendance policy with its holidays", answer: attendancePolicyAnswer, tag },
    () => attendancePolicyOf(serviceContext(deps)),
  );

  api.add(
    {
      method: "put",
      path: "/hr/attendance-policy",
      access: HR_ADMIN_ROLES,
      summary: "Edit the attendance policy; recalculates computed days",
      body: attendancePolicySchema,
      answer: attendancePolicyAnswer,
      tag,
    },
    (req, _res, input) => updatePolicy(contextOf(deps, req), input.body),
  );

  api.add(
    {
      method: "get",
      path: "/hr/attendance",
      access: HR_ROLES,
      summary: "Attendance of a date or a month, with its summary",
      query: attendanceQuerySchema,
      answer: attendanceListAnswer,
      tag,
    },
    (req, _res, input) => {
      const q = input.query;
      const range = q.date ? { from: q.date, to: q.date } : monthBounds(q.month!);
      return listAttendance(serviceContext(deps), { ...range, employeeId: q.employeeId, departmentId: q.departmentId, status: q.status });
    },
  );

  api.add(
    {
      method: "get",
      path: "/hr/attendance/export.csv",
      access: HR_ROLES,
      summary: "Attendance as CSV (date, month or from–to)",
      query: attendanceExportQuerySchema,
      produces: "text/csv",
      tag,
    },
    async (req, res, input) => {
      const q = input.query;
      const range = q.date ? { from: q.date, to: q.date } : q.month ? monthBounds(q.month) : { from: q.from!, to: q.to! };
      const name = q.date ?? q.month ?? `${q.from}_to_${q.to}`;
      const filter = { ...range, employeeId: q.employeeId, departmentId: q.departmentId, status: q.status };
      await sendCsvDownload(res, `attendance_${name}.csv`, ATTENDANCE_CSV_HEADER, attendanceCsvRows(serviceContext(deps), filter));
    },
  );

  api.add(
    {
      method: "put",
      path: "/hr/attendance/:id",
      access: HR_ROLES,
      summary: "Edit a day by hand (reason required); answers the month's deductions",
      body: attendanceEditSchema,
      params: idParamsOf("Attendance record"),
      answer: attendanceEditAnswer,
      tag,
    },
    async (req, _res, input) => {
      const id = input.params.id;
      return editAttendanceDay(contextOf(deps, req), id, input.body);
    },
  );

  api.add(
    {
      method: "get",
      path: "/hr/employee-details/:id",
      access: HR_ROLES,
      summary: "An employee's month: summary, deductions and days",
      query: optionalMonthQuerySchema,
      params: idParamsOf("Employee"),
      answer: employeeDetailsAnswer,
      tag,
    },
    async (req, _res, input) => {
      const id = input.params.id;
      const month = input.query.month ?? monthOfDate(today());
      return employeeDetails(serviceContext(deps), id, month);
    },
  );

  api.add(
    {
      method: "get",
      path: "/hr/dashboard/stats",
      access: HR_ROLES,
      summary: "HR dashboard figures for today (APP_TIMEZONE)",
      answer: hrDashboardStatsAnswer,
      tag,
    },
    async () => dashboardStats(serviceContext(deps)),
  );

  api.add(
    {
      method: "get",
      path: "/hr/reports/payroll",
      access: HR_ROLES,
      summary: "Salary deductions of every active employee for a month",
      query: monthQuerySchema,
      answer: payrollReportAnswer,
      tag,
    },
    async (req, _res, input) => payrollReport(serviceContext(deps), input.query.month),
  );

  api.add(
    {
      method: "get",
      path: "/hr/reports/payroll.csv",
      access: HR_ROLES,
      summary: "The payroll report as CSV",
      query: monthQuerySchema,
      produces: "text/csv",
      tag,
    },
    async (req, res, input) => {
      const { month } = input.query;
      const report = await payrollReport(serviceContext(deps), month);
      const totals = ["Total", null, null, report.totals.salary, null, null, null, null, null, null, report.totals.totalDeductions, report.totals.netPay];
      await sendCsvDownload(res, `payroll_${month}.csv`, PAYROLL_CSV_HEADER, [...payrollCsvRows(report), totals]);
    },
  );

  return api;
}
