// The leave register over HTTP (DECISIONS §8): record, list with the balance, cancel; overlap and
// balance refusals; the parallel race for the last days of paid leave; leave days keep their status
// through a re-import and deduct (LWP) only once they are over. Today is Tue 24 Nov 2026 in Kolkata.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { attendanceDays, auditLog, leaves } from "../db/schema";
import { csv, HEADER, makeDepartment, makeEmployee, upload } from "../test/hr-fixtures";
import { leaveBeforeJoiningMessage, leaveForInactiveMessage } from "../services/hr/leaves";

let t: TestApp;
let hr: ApiClient;
let department: { id: string };

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-11-24T06:30:00Z") });
  hr = (await t.signIn("HR Staff")).api;
  department = await makeDepartment(t.db);
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const employee = (overrides: Record<string, unknown> = {}) =>
  makeEmployee(t.db, { departmentId: department.id, employeeName: `Leave Person ${++n}`, joiningDate: "2025-01-01", monthlySalary: "30000.00", ...overrides });
const statuses = async (employeeId: string) =>
  new Map((await t.db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, employeeId))).map((d) => [d.date, d.dayStatus]));

describe("who and what", () => {
  it.each(["Accountant", "Approver"] as const)("%s gets 403", async (role) => {
    const { api } = await t.signIn(role);
    expect((await api.get("/api/hr/leaves?month=2026-11")).status).toBe(403);
    const e = await employee();
    expect((await api.post("/api/hr/leaves", { employeeId: e.id, type: "PL", from: "2026-11-03", to: "2026-11-03", reason: "x" })).status).toBe(403);
  });

  it("refuses bad input with one issue per field, an unknown employee with 404, and stores nothing", async () => {
    const e = await employee();
    const bad = await hr.post("/api/hr/leaves", { employeeId: e.id, type: "CL", from: "2026-11-05", to: "2026-11-03", reason: " " });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["reason", "type"]);
    const range = await hr.post("/api/hr/leaves", { employeeId: e.id, type: "LWP", from: "2026-11-05", to: "2026-11-03", halfDay: true, reason: "x" });
    expect(range.status).toBe(400);
    expect(range.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["halfDay", "to"]);
    const unknown = await hr.post("/api/hr/leaves", {
      employeeId: "00000000-0000-4000-8000-000000000000",
      type: "PL",
      from: "2026-11-03",
      to: "2026-11-03",
      reason: "x",
    });
    expect(unknown.status).toBe(404);
    const sunday = await hr.post("/api/hr/leaves", { employeeId: e.id, type: "PL", from: "2026-11-08", to: "2026-11-08", reason: "Sunday only" });
    expect(sunday.status).toBe(400);
    expect(await t.db.select().from(leaves).where(eq(leaves.employeeId, e.id))).toEqual([]);
  });
});

describe("leave an employee cannot take (409)", () => {
  it("refuses leave for an inactive employee, PL or LWP, past or future, and stores nothing", async () => {
    const e = await employee({ isActive: false });
    for (const body of [
      { type: "PL", from: "2026-11-03", to: "2026-11-03" },
      { type: "LWP", from: "2026-12-01", to: "2026-12-04" },
    ]) {
      const res = await hr.post("/api/hr/leaves", { employeeId: e.id, reason: "x", ...body });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(leaveForInactiveMessage(e.employeeName));
    }
    expect(await t.db.select().from(leaves).where(eq(leaves.employeeId, e.id))).toEqual([]);
  });

  it("refuses leave that starts before the joining date, even when it ends after it; from the joining date on it is recorded", async () => {
    const e = await employee({ joiningDate: "2026-11-10" });
    for (const body of [
      { type: "LWP", from: "2026-11-02", to: "2026-11-03" },
      { type: "PL", from: "2026-11-09", to: "2026-11-11" },
    ]) {
      const res = await hr.post("/api/hr/leaves", { employeeId: e.id, reason: "x", ...body });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(leaveBeforeJoiningMessage("2026-11-10"));
      expect(res.body.message).toBe("Leave cannot start before the employee's joining date (2026-11-10)");
    }
    expect(await t.db.select().from(leaves).where(eq(leaves.employeeId, e.id))).toEqual([]);
    expect((await hr.post("/api/hr/leaves", { employeeId: e.id, type: "LWP", from: "2026-11-10", to: "2026-11-11", reason: "x" })).status).toBe(201);
  });
});

describe("recording leave", () => {
  it("makes the working days Paid Leave, counts them against the balance, costs nothing, and is audited with its reason", async () => {
    const e = await employee();
    // Mon 9 to Sun 15 Nov: 6 working days (Sunday 15 is the weekly off).
    const res = await hr.post("/api/hr/leaves", { employeeId: e.id, type: "PL", from: "2026-11-09", to: "2026-11-15", reason: "Diwali at home" });
    expect(res.status).toBe(201);
    expect(res.body.leave).toMatchObject({
      employeeId: e.id,
      type: "PL",
      from: "2026-11-09",
      to: "2026-11-15",
      halfDay: false,
      days: 6,
      reason: "Diwali at home",
    });
    const days = await statuses(e.id);
    for (const d of ["2026-11-09", "2026-11-10", "2026-11-14"]) expect(days.get(d), d).toBe("Paid Leave (PL)");
    expect(days.has("2026-11-15")).toBe(false);

    const year = await hr.get(`/api/hr/leaves?employeeId=${e.id}&year=2026`);
    expect(year.status).toBe(200);
    expect(year.body.balance).toEqual({ year: 2026, entitlement: 18, taken: 6, remaining: 12 });
    expect(year.body.leaves.map((l: { id: string }) => l.id)).toEqual([res.body.leave.id]);
    const month = await hr.get(`/api/hr/leaves?month=2026-11&departmentId=${department.id}`);
    expect(month.body.leaves.some((l: { id: string }) => l.id === res.body.leave.id)).toBe(true);

    const payroll = await hr.get("/api/hr/reports/payroll?month=2026-11");
    expect(payroll.body.rows.find((r: { employee: { id: string } }) => r.employee.id === e.id)).toMatchObject({
      paidLeaveDays: 6,
      unpaidLeaveDays: 0,
      totalDeductions: "0.00",
    });
    const details = await hr.get(`/api/hr/employee-details/${e.id}?month=2026-11`);
    expect(details.body.leaveBalance).toEqual({ year: 2026, entitlement: 18, taken: 6, remaining: 12 });

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "record_leave"), eq(auditLog.entityId, res.body.leave.id)));
    expect(entry).toMatchObject({ entityType: "leave", reason: "Diwali at home" });
  });

  it("refuses an overlap (409) and paid leave beyond the balance (409, with what is left)", async () => {
    const e = await employee({ joiningDate: "2026-07-15" }); // 5 whole months (Aug–Dec): 7.5 days
    expect((await hr.post("/api/hr/leaves", { employeeId: e.id, type: "PL", from: "2026-11-02", to: "2026-11-06", reason: "Trip" })).status).toBe(201);
    const overlap = await hr.post("/api/hr/leaves", { employeeId: e.id, type: "LWP", from: "2026-11-06", to: "2026-11-07", reason: "More" });
    expect(overlap.status).toBe(409);
    const tooMuch = await hr.post("/api/hr/leaves", { employeeId: e.id, type: "PL", from: "2026-11-16", to: "2026-11-19", reason: "Again" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe("Only 2.5 days of paid leave left");
    expect(await t.db.select().from(leaves).where(eq(leaves.employeeId, e.id))).toHaveLength(1);
  });

  it("two parallel requests that together exceed the balance: exactly one succeeds", async () => {
    const e = await employee();
    // 10 working days each (Mon 2 – Thu 12 Nov less Sunday 8 is 9; use two disjoint 10-day spans).
    const [a, b] = await Promise.all([
      hr.post("/api/hr/leaves", { employeeId: e.id, type: "PL", from: "2026-11-02", to: "2026-11-13", reason: "First" }),
      hr.post("/api/hr/leaves", { employeeId: e.id, type: "PL", from: "2026-11-16", to: "2026-11-27", reason: "Second" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await t.db.select().from(leaves).where(eq(leaves.employeeId, e.id))).toHaveLength(1);
  });
});

describe("leave days through imports, edits, deductions and cancelling", () => {
  it("keep their status through a re-import; LWP deducts only once over; cancelling recalculates exactly its days", async () => {
    const e = await employee({ employeeName: "Kiran Leave" });
    // LWP Mon 23 Nov (over) and Mon 30 Nov (ahead).
    const lwp = await hr.post("/api/hr/leaves", { employeeId: e.id, type: "LWP", from: "2026-11-23", to: "2026-11-23", reason: "Personal work" });
    const ahead = await hr.post("/api/hr/leaves", { employeeId: e.id, type: "LWP", from: "2026-11-30", to: "2026-11-30", reason: "Moving house" });
    expect([lwp.status, ahead.status]).toEqual([201, 201]);
    expect((await statuses(e.id)).get("2026-11-30")).toBe("Unpaid Leave (LWP)");

    // An import of punches on the 23rd (he dropped by) does not undo the leave.
    const res = await upload(hr, csv([HEADER, ["Kiran Leave", "2026-11-23", "10:05", "IN"], ["Kiran Leave", "2026-11-23", "12:00", "OUT"]]), {
      month: "2026-11",
    });
    expect(res.status).toBe(200);
    const [onLeave] = await t.db
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, e.id), eq(attendanceDays.date, "2026-11-23")));
    expect(onLeave).toMatchObject({ dayStatus: "Unpaid Leave (LWP)", firstInTime: "10:05:00", violationPoints: 0 });

    // 30000 / 30 days = 1000 a day: the 23rd only, not the 30th; and the days 1–22 the import now covers are absent.
    const row = (await hr.get("/api/hr/reports/payroll?month=2026-11")).body.rows.find((r: { employee: { id: string } }) => r.employee.id === e.id);
    expect(row.unpaidLeaveDays).toBe(1);
    expect(row.deductions).toContainEqual({ reason: "1 unpaid leave day (LWP)", amount: "1000.00" });

    const cancel = await hr.delete(`/api/hr/leaves/${ahead.body.leave.id}`, { reason: "Move postponed" });
    expect(cancel.status).toBe(200);
    expect((await statuses(e.id)).has("2026-11-30")).toBe(false);
    expect((await statuses(e.id)).get("2026-11-23")).toBe("Unpaid Leave (LWP)");
    expect((await hr.delete(`/api/hr/leaves/${ahead.body.leave.id}`, { reason: "again" })).status).toBe(409);
    expect((await hr.delete(`/api/hr/leaves/${lwp.body.leave.id}`, {})).status).toBe(400);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "cancel_leave"), eq(auditLog.entityId, ahead.body.leave.id)));
    expect(entry?.reason).toBe("Move postponed");
  });

  it("a hand edit still wins over a leave recorded later", async () => {
    const e = await employee({ employeeName: "Hand Edit Leave" });
    await upload(hr, csv([HEADER, ["Hand Edit Leave", "2026-11-17", "09:20", "IN"], ["Hand Edit Leave", "2026-11-17", "18:00", "OUT"]]), { month: "2026-11" });
    const [d] = await t.db
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, e.id), eq(attendanceDays.date, "2026-11-17")));
    expect((await hr.put(`/api/hr/attendance/${d!.id}`, { dayStatus: "On Duty/Client Visit", reason: "At the client" })).status).toBe(200);
    expect((await hr.post("/api/hr/leaves", { employeeId: e.id, type: "PL", from: "2026-11-17", to: "2026-11-18", reason: "Leave" })).status).toBe(201);
    const days = await statuses(e.id);
    expect(days.get("2026-11-17")).toBe("On Duty/Client Visit");
    expect(days.get("2026-11-18")).toBe("Paid Leave (PL)");
  });

  it("the HR dashboard counts who is on leave today", async () => {
    const before = (await hr.get("/api/hr/dashboard/stats")).body.onLeaveToday as number;
    const e = await employee();
    expect((await hr.post("/api/hr/leaves", { employeeId: e.id, type: "PL", from: "2026-11-24", to: "2026-11-24", reason: "Today" })).status).toBe(201);
    expect((await hr.get("/api/hr/dashboard/stats")).body.onLeaveToday).toBe(before + 1);
  });
});
