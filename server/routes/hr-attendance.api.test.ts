import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { attendanceDays, auditLog, type EmployeeRow } from "../db/schema";
import { csv, HEADER, makeDepartment, makeEmployee, upload } from "../test/hr-fixtures";

// Today is Saturday 2026-11-21 in Asia/Kolkata (12:00 IST).
const NOW = new Date("2026-11-21T06:30:00Z");
const TODAY = "2026-11-21";

let t: TestApp;
let hr: ApiClient;
let hrAdmin: ApiClient;
let dept: { id: string; name: string };
let otherDept: { id: string; name: string };
let deduct: EmployeeRow;
let plain: EmployeeRow;

async function dayOf(employeeId: string, date: string) {
  const [row] = await t.db
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.date, date)));
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  hr = (await t.signIn("HR Staff")).api;
  hrAdmin = (await t.signIn("HR Admin")).api;
  dept = await makeDepartment(t.db, "Operations");
  otherDept = await makeDepartment(t.db, "Stores");
  deduct = await makeEmployee(t.db, {
    departmentId: dept.id,
    employeeName: "Deepa Deduct",
    employeeCode: "OPS-1",
    joiningDate: "2026-10-01",
    monthlySalary: "31000.00",
  });
  plain = await makeEmployee(t.db, { departmentId: otherDept.id, employeeName: "=Plain Nosalary", joiningDate: "2026-10-01" });
  // Three late arrivals (1 point each) and full days on 1, 2 and 3 October; every other working
  // day of October is an unpaid absence; Sundays (4, 11, 18, 25) are weekly offs.
  const rows: string[][] = [HEADER as unknown as string[]];
  for (const d of ["01", "02", "03"]) rows.push(["Deepa Deduct", `2026-10-${d}`, "09:50", "IN"], ["Deepa Deduct", `2026-10-${d}`, "18:00", "OUT"]);
  rows.push(["=Plain Nosalary", "2026-10-01", "09:00", "IN"], ["=Plain Nosalary", "2026-10-01", "17:00", "OUT"]);
  const res = await upload(hr, csv(rows), { month: "2026-10" });
  if (res.status !== 200 || res.body.processedEvents !== 8) throw new Error(`seed import failed: ${JSON.stringify(res.body)}`);
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/hr/attendance", () => {
  it("needs a date or a month", async () => {
    const res = await hr.get("/api/hr/attendance");
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "date", message: "Provide a date or a month" }]);
  });

  it("answers a day's records with their employee and the summary", async () => {
    const res = await hr.get("/api/hr/attendance?date=2026-10-01");
    expect(res.status).toBe(200);
    expect(res.body.attendance).toHaveLength(2);
    const deepa = res.body.attendance.find((r: { employeeId: string }) => r.employeeId === deduct.id);
    expect(deepa).toMatchObject({
      date: "2026-10-01",
      dayStatus: "Present (Full)",
      firstInTime: "09:50:00",
      lastOutTime: "18:00:00",
      totalHours: 8.17,
      violationPoints: 1,
      violationReason: "Late arrival 09:50",
      isManual: false,
      employee: { employeeName: "Deepa Deduct", employeeCode: "OPS-1", departmentId: dept.id, department: { name: "Operations" } },
    });
    // =Plain worked 8 hours exactly: a full day, on time.
    expect(res.body.summary).toEqual({ totalEmployees: 2, present: 2, absent: 0, late: 1, notRecorded: 0 });
  });

  it("filters a month by employee, department and status", async () => {
    const month = await hr.get(`/api/hr/attendance?month=2026-10&employeeId=${deduct.id}`);
    expect(month.body.attendance).toHaveLength(31);
    expect(month.body.summary).toEqual({ totalEmployees: 1, present: 3, absent: 24, late: 3, notRecorded: 0 });
    const byDept = await hr.get(`/api/hr/attendance?month=2026-10&departmentId=${otherDept.id}&status=Present%20(Full)`);
    expect(byDept.body.attendance.map((r: { employeeId: string; date: string }) => [r.employeeId, r.date])).toEqual([[plain.id, "2026-10-01"]]);
    const offs = await hr.get("/api/hr/attendance?month=2026-10&status=Weekly%20Off&departmentId=all");
    expect(offs.body.attendance).toHaveLength(8);
    expect((await hr.get("/api/hr/attendance?month=2026-10&status=Sleeping")).status).toBe(400);
  });
});

describe("days without a stored row (DECISIONS §8: listed as Not recorded, never left out)", () => {
  let fill: { id: string };
  let asha: EmployeeRow;
  let bala: EmployeeRow;
  beforeAll(async () => {
    fill = await makeDepartment(t.db, "Fill Rows");
    asha = await makeEmployee(t.db, { departmentId: fill.id, employeeName: "Asha Unrecorded", joiningDate: "2025-04-01" });
    // Joined today: not hers to be listed before.
    bala = await makeEmployee(t.db, { departmentId: fill.id, employeeName: "Bala Onleave", joiningDate: TODAY });
    // Inactive: not listed for days nobody stored.
    await makeEmployee(t.db, { departmentId: fill.id, employeeName: "Chitra Inactive", joiningDate: "2025-04-01", isActive: false });
    await t.db.insert(attendanceDays).values({ employeeId: bala.id, date: TODAY, dayStatus: "Paid Leave (PL)" });
  });

  it("a day lists every employee active on it; the days nobody stored are Not recorded, without an id, counted apart", async () => {
    const res = await hr.get(`/api/hr/attendance?date=${TODAY}&departmentId=${fill.id}`);
    expect(res.status).toBe(200);
    expect(res.body.attendance.map((r: { employee: { employeeName: string }; dayStatus: string }) => [r.employee.employeeName, r.dayStatus])).toEqual([
      ["Asha Unrecorded", "Not recorded"],
      ["Bala Onleave", "Paid Leave (PL)"],
    ]);
    const [ashaDay, balaDay] = res.body.attendance;
    expect(ashaDay).toMatchObject({
      id: null,
      employeeId: asha.id,
      date: TODAY,
      firstInTime: null,
      violationPoints: 0,
      employee: { department: { name: "Fill Rows" } },
    });
    expect(balaDay.id).toEqual(expect.any(String));
    expect(res.body.summary).toEqual({ totalEmployees: 2, present: 0, absent: 0, late: 0, notRecorded: 1 });

    const before = await hr.get(`/api/hr/attendance?date=2026-11-20&departmentId=${fill.id}`);
    expect(before.body.attendance.map((r: { employeeId: string }) => r.employeeId)).toEqual([asha.id]);
  });

  it("the status filter reads a missing day as Not recorded", async () => {
    const notRecorded = await hr.get(`/api/hr/attendance?date=${TODAY}&departmentId=${fill.id}&status=Not%20recorded`);
    expect(notRecorded.body.attendance.map((r: { employeeId: string }) => r.employeeId)).toEqual([asha.id]);
    expect(notRecorded.body.summary).toEqual({ totalEmployees: 1, present: 0, absent: 0, late: 0, notRecorded: 1 });
    const leave = await hr.get(`/api/hr/attendance?date=${TODAY}&departmentId=${fill.id}&status=Paid%20Leave%20(PL)`);
    expect(leave.body.attendance.map((r: { employeeId: string }) => r.employeeId)).toEqual([bala.id]);
    const month = await hr.get(`/api/hr/attendance?month=2026-11&employeeId=${asha.id}`);
    expect(month.body.attendance).toHaveLength(30);
    expect(month.body.attendance.map((r: { date: string }) => r.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`),
    );
  });

  it("an employee's month lists every day of it, the days after the recorded range as Not recorded, and they cost nothing", async () => {
    const res = await hr.get(`/api/hr/employee-details/${deduct.id}?month=2026-11`);
    expect(res.status).toBe(200);
    expect(res.body.monthlyAttendance).toHaveLength(30);
    expect(res.body.monthlyAttendance.every((d: { id: string | null; dayStatus: string }) => d.id === null && d.dayStatus === "Not recorded")).toBe(true);
    expect(res.body.monthlySummary).toMatchObject({ presentDays: 0, absentDays: 0, salaryDeductions: [], totalDeductions: "0.00" });
    // October is stored whole: nothing added.
    const october = await hr.get(`/api/hr/employee-details/${deduct.id}?month=2026-10`);
    expect(october.body.monthlyAttendance).toHaveLength(31);
    expect(october.body.monthlyAttendance.every((d: { id: string | null }) => d.id !== null)).toBe(true);
  });
});

describe("PUT /api/hr/attendance/:id", () => {
  it("needs a reason and a valid status and points", async () => {
    const day = await dayOf(deduct.id, "2026-10-05");
    const noReason = await hr.put(`/api/hr/attendance/${day.id}`, { dayStatus: "Paid Leave (PL)", reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues).toEqual([{ path: "reason", message: "Reason for edit is required" }]);
    const negative = await hr.put(`/api/hr/attendance/${day.id}`, { dayStatus: "Paid Leave (PL)", violationPoints: -1, reason: "x" });
    expect(negative.body.issues).toEqual([{ path: "violationPoints", message: "Violation points cannot be negative" }]);
    expect((await hr.put("/api/hr/attendance/6f1c2a0e-5b7d-4c1e-9a3b-2d4e6f8a0b1c", { dayStatus: "WFH", reason: "x" })).status).toBe(404);
  });

  it("HR Staff edits a day: it becomes manual, is audited with before and after, and the month's deductions are recalculated", async () => {
    const day = await dayOf(deduct.id, "2026-10-05");
    expect(day.dayStatus).toBe("Absent (Unpaid)");
    const res = await hr.put(`/api/hr/attendance/${day.id}`, { dayStatus: "Paid Leave (PL)", reason: "Leave approved by manager" });
    expect(res.status).toBe(200);
    expect(res.body.attendance).toMatchObject({ id: day.id, dayStatus: "Paid Leave (PL)", isManual: true, editReason: "Leave approved by manager" });
    // 31,000 over 31 days: 1,000 a day. 23 absences, and 3 points make half a day.
    expect(res.body.monthlySummary).toMatchObject({
      absentDays: 23,
      violationPoints: 3,
      salaryDeductions: [
        { reason: "23 unpaid absence days", amount: "23000.00" },
        { reason: "3 violation points (1 half-day deduction)", amount: "500.00" },
      ],
      totalDeductions: "23500.00",
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "attendance"), eq(auditLog.entityId, day.id)));
    expect(entry).toMatchObject({
      action: "update",
      reason: "Leave approved by manager",
      beforeData: expect.objectContaining({ dayStatus: "Absent (Unpaid)", isManual: false }),
      afterData: expect.objectContaining({ dayStatus: "Paid Leave (PL)", isManual: true }),
    });
  });

  it("sets points and violation reason when sent", async () => {
    const day = await dayOf(deduct.id, "2026-10-01");
    const res = await hr.put(`/api/hr/attendance/${day.id}`, {
      dayStatus: "Present (Full)",
      violationPoints: 0,
      violationReason: "",
      reason: "Traffic jam, excused",
    });
    expect(res.body.attendance).toMatchObject({ violationPoints: 0, violationReason: null });
    expect(res.body.monthlySummary.violationPoints).toBe(2);
    expect(res.body.monthlySummary.totalDeductions).toBe("23000.00");
  });
});

describe("GET /api/hr/employee-details/:id", () => {
  it("answers the employee, the month's summary with deductions, and its days", async () => {
    const res = await hr.get(`/api/hr/employee-details/${deduct.id}?month=2026-10`);
    expect(res.status).toBe(200);
    expect(res.body.employee).toMatchObject({ id: deduct.id, employeeName: "Deepa Deduct", monthlySalary: "31000.00" });
    expect(res.body.monthlySummary).toEqual({
      presentDays: 3,
      absentDays: 23,
      lateDays: 2,
      violationPoints: 2,
      pendingReviewDays: 0,
      paidLeaveDays: 1,
      unpaidLeaveDays: 0,
      salaryDeductions: [{ reason: "23 unpaid absence days", amount: "23000.00" }],
      totalDeductions: "23000.00",
    });
    expect(res.body.monthlyAttendance).toHaveLength(31);
    expect(res.body.monthlyAttendance[0].date).toBe("2026-10-01");
  });

  it("defaults to the current month; no salary, no deductions; 404 and 400 as due", async () => {
    const res = await hr.get(`/api/hr/employee-details/${plain.id}`);
    expect(res.body.month).toBe("2026-11");
    expect(res.body.monthlySummary.salaryDeductions).toEqual([]);
    expect(res.body.monthlySummary.totalDeductions).toBe("0.00");
    expect((await hr.get("/api/hr/employee-details/6f1c2a0e-5b7d-4c1e-9a3b-2d4e6f8a0b1c?month=2026-10")).status).toBe(404);
    expect((await hr.get(`/api/hr/employee-details/${plain.id}?month=2026-1`)).status).toBe(400);
  });
});

describe("reports and exports", () => {
  it("GET /api/hr/reports/payroll: deductions and net pay of every active employee, with totals", async () => {
    const res = await hr.get("/api/hr/reports/payroll?month=2026-10");
    expect(res.status).toBe(200);
    const deepa = res.body.rows.find((r: { employee: { id: string } }) => r.employee.id === deduct.id);
    expect(deepa).toMatchObject({
      salary: "31000.00",
      totalDeductions: "23000.00",
      netPay: "8000.00",
      employee: { employeeName: "Deepa Deduct", department: { name: "Operations" } },
    });
    const other = res.body.rows.find((r: { employee: { id: string } }) => r.employee.id === plain.id);
    expect(other).toMatchObject({ salary: null, deductions: [], totalDeductions: "0.00", netPay: null });
    expect(res.body.totals).toMatchObject({ salary: "31000.00", totalDeductions: "23000.00", netPay: "8000.00" });
    expect((await hr.get("/api/hr/reports/payroll")).status).toBe(400);
  });

  it("GET /api/hr/reports/payroll.csv is a formula-safe CSV download", async () => {
    const res = await hr.get("/api/hr/reports/payroll.csv?month=2026-10");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="payroll_2026-10.csv"');
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Employee Name,Employee Code,Department,Monthly Salary,Present Days,Absent Days,Paid Leave Days,Unpaid Leave Days,Violation Points,Deductions,Total Deductions,Net Pay",
    );
    expect(lines).toContain("'=Plain Nosalary,,Stores,,1,26,0,0,0,,0.00,");
    expect(lines.some((l) => l.startsWith("Deepa Deduct,OPS-1,Operations,31000.00,3,23,1,0,2,23 unpaid absence days: 23000.00,23000.00,8000.00"))).toBe(true);
    expect(lines.at(-1)).toBe("Total,,,31000.00,,,,,,,23000.00,8000.00");
  });

  it("GET /api/hr/attendance/export.csv by month, date or range, with the list's filters", async () => {
    const month = await hr.get(`/api/hr/attendance/export.csv?month=2026-10&employeeId=${deduct.id}`);
    expect(month.status).toBe(200);
    expect(month.headers["content-disposition"]).toBe('attachment; filename="attendance_2026-10.csv"');
    const lines = month.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(32);
    expect(lines[1]).toBe('2026-10-01,Deepa Deduct,OPS-1,Operations,Present (Full),09:50:00,18:00:00,8.17,0,,yes,"Traffic jam, excused"');
    const range = await hr.get("/api/hr/attendance/export.csv?from=2026-10-01&to=2026-10-02");
    expect(range.headers["content-disposition"]).toBe('attachment; filename="attendance_2026-10-01_to_2026-10-02.csv"');
    expect(range.text.trim().split("\r\n")).toHaveLength(5);
    expect(range.text).toContain("'=Plain Nosalary");
    const day = await hr.get(`/api/hr/attendance/export.csv?date=2026-10-02&departmentId=${dept.id}`);
    expect(day.text.trim().split("\r\n")).toHaveLength(2);
    expect((await hr.get("/api/hr/attendance/export.csv")).status).toBe(400);
    expect((await hr.get("/api/hr/attendance/export.csv?from=2026-10-05&to=2026-10-01")).status).toBe(400);
  });
});

describe("GET /api/hr/dashboard/stats (DECISIONS §8: only recorded days are judged)", () => {
  it("until an import holds punches of today nobody is absent; then absentToday counts who is due and has no punch in yet, and today costs nothing", async () => {
    // A database of its own: the dashboard counts every employee.
    const own = await createTestApp({ clock: () => NOW });
    try {
      const staff = (await own.signIn("HR Staff")).api;
      const department = await makeDepartment(own.db, "Front Office");
      const tara = await makeEmployee(own.db, { departmentId: department.id, employeeName: "Tara Today", monthlySalary: "30000.00" });
      const uma = await makeEmployee(own.db, { departmentId: department.id, employeeName: "Uma Today" });
      await makeEmployee(own.db, { departmentId: department.id, employeeName: "Vin Today" });
      await makeEmployee(own.db, { departmentId: department.id, employeeName: "Sam Sunday", weeklyOff: "Saturday" });
      await makeEmployee(own.db, { departmentId: department.id, employeeName: "Inactive Today", isActive: false });

      const before = await staff.get("/api/hr/dashboard/stats");
      expect(before.status).toBe(200);
      expect(before.body).toEqual({
        totalEmployees: 5,
        activeEmployees: 4,
        presentToday: 0,
        absentToday: null,
        lateArrivals: 0,
        pendingApprovals: 0,
        todayRecorded: false,
        coveredThrough: null,
        onLeaveToday: 0,
      });

      const res = await upload(
        staff,
        csv([
          HEADER,
          ["Tara Today", TODAY, "09:50", "IN"],
          ["Tara Today", TODAY, "10:00", "OUT"],
          ["Uma Today", TODAY, "09:00", "IN"],
          ["Vin Today", "2026-11-20", "09:00", "IN"],
          ["Vin Today", "2026-11-20", "18:00", "OUT"],
        ]),
        { month: "2026-11" },
      );
      expect(res.body).toMatchObject({ processedEvents: 5, coveredThrough: "2026-11-20" });
      const [tarasToday] = await own.db
        .select()
        .from(attendanceDays)
        .where(and(eq(attendanceDays.employeeId, tara.id), eq(attendanceDays.date, TODAY)));
      // Ten minutes of work so far, and late: shown, but today is not over, so not judged.
      expect(tarasToday).toMatchObject({ dayStatus: "Not recorded", firstInTime: "09:50:00", lastOutTime: "10:00:00", violationPoints: 1 });
      const [umasToday] = await own.db
        .select()
        .from(attendanceDays)
        .where(and(eq(attendanceDays.employeeId, uma.id), eq(attendanceDays.date, TODAY)));
      expect(umasToday.dayStatus).toBe("Not recorded");

      const stats = await staff.get("/api/hr/dashboard/stats");
      // Present: Tara and Uma punched in. Absent: Vin is due and has no punch in; Sam's weekly off is Saturday.
      expect(stats.body).toEqual({
        totalEmployees: 5,
        activeEmployees: 4,
        presentToday: 2,
        absentToday: 1,
        lateArrivals: 1,
        pendingApprovals: 0,
        todayRecorded: true,
        coveredThrough: "2026-11-20",
        onLeaveToday: 0,
      });
      // Today costs Tara nothing: her month's deductions come from the recorded days only.
      const details = await staff.get(`/api/hr/employee-details/${tara.id}?month=2026-11`);
      expect(details.body.coveredThrough).toBe("2026-11-20");
      expect(details.body.monthlySummary.salaryDeductions.every((d: { reason: string }) => !/late|violation/i.test(d.reason))).toBe(true);
    } finally {
      await own.close();
    }
  });
});

describe("attendance policy", () => {
  it("GET answers the DECISIONS §8 defaults with holidays", async () => {
    const res = await hr.get("/api/hr/attendance-policy");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      shiftStart: "09:30",
      lateGraceMinutes: 15,
      fullDayHours: 8,
      halfDayHours: 4,
      pointsPerLate: 1,
      pointsPerHalfDayDeduction: 3,
      duplicatePunchWindowMinutes: 2,
      holidays: [],
    });
  });

  it("PUT validates", async () => {
    const res = await hrAdmin.put("/api/hr/attendance-policy", {
      shiftStart: "9:30",
      lateGraceMinutes: 15,
      fullDayHours: 4,
      halfDayHours: 6,
      pointsPerLate: 1,
      pointsPerHalfDayDeduction: 3,
    });
    expect(res.status).toBe(400);
    const issues = Object.fromEntries(res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(issues).toEqual({ shiftStart: "Invalid time (expected HH:MM)", halfDayHours: "Half day cannot be longer than a full day" });
  });

  it("PUT (HR Admin) saves, is audited, and recalculates computed days of the current and previous month, manual days kept", async () => {
    const vin = await makeEmployee(t.db, { departmentId: dept.id, employeeName: "Vin Today" });
    const imported = await upload(hr, csv([HEADER, ["Vin Today", "2026-11-20", "09:00", "IN"], ["Vin Today", "2026-11-20", "18:00", "OUT"]]), {
      month: "2026-11",
    });
    expect(imported.body.processedEvents).toBe(2);
    expect((await dayOf(vin.id, "2026-11-20")).dayStatus).toBe("Present (Full)");
    const res = await hrAdmin.put("/api/hr/attendance-policy", {
      shiftStart: "10:00",
      lateGraceMinutes: 15,
      fullDayHours: "8",
      halfDayHours: 4.5,
      pointsPerLate: 2,
      pointsPerHalfDayDeduction: 3,
      duplicatePunchWindowMinutes: 2,
      holidays: [{ date: "2026-11-20", name: "Festival" }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shiftStart: "10:00", halfDayHours: 4.5, pointsPerLate: 2, holidays: [{ date: "2026-11-20", name: "Festival" }] });
    expect((await hr.get("/api/hr/attendance-policy")).body.holidays).toEqual([{ date: "2026-11-20", name: "Festival" }]);
    // 09:50 is on time now; the day edited by hand keeps its points.
    expect(await dayOf(deduct.id, "2026-10-02")).toMatchObject({ violationPoints: 0, violationReason: null, dayStatus: "Present (Full)" });
    expect(await dayOf(deduct.id, "2026-10-05")).toMatchObject({ dayStatus: "Paid Leave (PL)", isManual: true });
    expect((await dayOf(vin.id, "2026-11-20")).dayStatus).toBe("Holiday");
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityType, "attendance_policy"));
    expect(entry).toMatchObject({
      action: "update",
      beforeData: expect.objectContaining({ shiftStart: "09:30" }),
      afterData: expect.objectContaining({ shiftStart: "10:00" }),
    });
  });
});
