// Employees see and ask for themselves (DECISIONS §15): their month (HR's month view, the same
// service), their leave with pending requests set apart, leave requests and regularisations with
// §8's refusals, HR's inbox and decisions, the races (approve against withdraw; two requests that
// together exceed the balance), who is told, and the audit. Today is Tue 24 Nov 2026 in Kolkata.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { attendanceDays, auditLog, leaveRequests, leaves, notificationOutbox, notifications, pushSubscriptions, regularisations } from "../db/schema";
import { csv, HEADER, makeDepartment, makeEmployee, upload } from "../test/hr-fixtures";
import { makeUser, TEST_PASSWORD } from "../test/factories";
import type { EmployeeRow } from "../db/schema";

let t: TestApp;
let hrStaff: { api: ApiClient; user: { id: string } };
let hrAdmin: { api: ApiClient; user: { id: string } };
let department: { id: string };

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-11-24T06:30:00Z") });
  hrStaff = await t.signIn("HR Staff");
  hrAdmin = await t.signIn("HR Admin");
  department = await makeDepartment(t.db);
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** An employee with an Employee-role login, signed in. */
async function employeeWithLogin(overrides: Partial<EmployeeRow> = {}) {
  const employee = await makeEmployee(t.db, {
    departmentId: department.id,
    employeeName: `Self Person ${++n}`,
    joiningDate: "2025-01-01",
    monthlySalary: "30000.00",
    notes: "HR's private note",
    ...overrides,
  });
  const user = await makeUser(t.db, { role: "Employee", employeeId: employee.id, name: employee.employeeName });
  const api = t.client();
  const res = await api.post("/api/auth/login", { username: user.username, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return { employee, user, api };
}

const ask = (api: ApiClient, body: Record<string, unknown>) => api.post("/api/me/leave-requests", { type: "PL", reason: "Family wedding", ...body });
const bellOf = async (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

describe("my month", () => {
  it("is HR's month view of me: every day, the summary and deductions, my record without HR's notes", async () => {
    const me = await employeeWithLogin();
    await hrStaff.api.post("/api/hr/leaves", { employeeId: me.employee.id, type: "LWP", from: "2026-11-02", to: "2026-11-02", reason: "Unwell" });
    const mine = await me.api.get("/api/me/attendance?month=2026-11");
    expect(mine.status).toBe(200);
    const hrs = await hrStaff.api.get(`/api/hr/employee-details/${me.employee.id}?month=2026-11`);
    expect(mine.body.monthlyAttendance).toEqual(hrs.body.monthlyAttendance);
    expect(mine.body.monthlySummary).toEqual(hrs.body.monthlySummary);
    expect(mine.body.monthlyAttendance).toHaveLength(30);
    expect(mine.body.monthlySummary.salaryDeductions.length).toBeGreaterThan(0);
    expect(mine.body.employee).toEqual({
      id: me.employee.id,
      employeeName: me.employee.employeeName,
      employeeCode: null,
      department: { id: department.id, name: expect.any(String) },
      weeklyOff: "Sunday",
      joiningDate: "2025-01-01",
      monthlySalary: "30000.00",
    });
    expect(JSON.stringify(mine.body)).not.toContain("HR's private note");
    // Without a month: this month.
    expect((await me.api.get("/api/me/attendance")).body.month).toBe("2026-11");
  });

  it("is 404 to a login linked to no employee, 403 once the employee is inactive; another role linked to an employee gets it too", async () => {
    const { api } = await t.signIn("Accountant");
    const none = await api.get("/api/me/attendance?month=2026-11");
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("No employee is linked to your login");
    const e = await makeEmployee(t.db, { departmentId: department.id });
    const linked = await t.signIn("Accountant", { employeeId: e.id });
    expect((await linked.api.get("/api/me/attendance?month=2026-11")).status).toBe(200);
    await hrStaff.api.put(`/api/hr/employees/${e.id}`, { isActive: false });
    expect((await linked.api.get("/api/me/attendance?month=2026-11")).status).toBe(403);
  });
});

describe("asking for leave", () => {
  it("a pending request counts against the balance, apart; HR and the employee see it; HR Admin and HR Staff are told; audited", async () => {
    const me = await employeeWithLogin();
    const device = await t.db
      .insert(pushSubscriptions)
      .values({
        userId: hrStaff.user.id,
        endpoint: `https://push.example.test/${me.employee.id}`,
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      })
      .returning();
    // Tue 1 to Thu 3 Dec: 3 working days.
    const res = await ask(me.api, { from: "2026-12-01", to: "2026-12-03" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: "leave",
      status: "Pending",
      leaveType: "PL",
      from: "2026-12-01",
      to: "2026-12-03",
      days: 3,
      employee: { id: me.employee.id },
      decidedAt: null,
      leaveId: null,
    });
    const leave = await me.api.get("/api/me/leave?year=2026");
    expect(leave.status).toBe(200);
    expect(leave.body.balance).toEqual({ year: 2026, entitlement: 18, taken: 0, remaining: 15, pending: 3 });
    // My Month says the same of what is left.
    expect((await me.api.get("/api/me/attendance?month=2026-11")).body.leaveBalance).toEqual({ year: 2026, entitlement: 18, taken: 0, remaining: 15 });
    expect(leave.body.requests.map((r: { id: string }) => r.id)).toEqual([res.body.id]);
    const inbox = await hrStaff.api.get("/api/hr/requests?status=Pending&type=leave");
    expect(inbox.body.requests.some((r: { id: string }) => r.id === res.body.id)).toBe(true);
    expect((await hrStaff.api.get("/api/hr/requests?type=regularisation")).body.requests.every((r: { type: string }) => r.type === "regularisation")).toBe(
      true,
    );
    for (const hr of [hrStaff, hrAdmin]) {
      const told = (await bellOf(hr.user.id)).filter((x) => x.type === "employee_request" && x.message.includes(me.employee.employeeName));
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toContain("asks for PL");
    }
    // The HR person's bell shows it; the push is queued in the outbox in the same transaction.
    expect(
      (await hrStaff.api.get("/api/notifications")).body.some(
        (x: { type: string; message: string }) => x.type === "employee_request" && x.message.includes(me.employee.employeeName),
      ),
    ).toBe(true);
    const queued = await t.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, hrStaff.user.id), eq(notificationOutbox.subscriptionId, device[0]!.id)));
    expect(queued.map((q) => [q.kind, q.subjectType, q.subjectId])).toEqual([["leave_request", "leave_request", res.body.id]]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, res.body.id), eq(auditLog.action, "request")));
    expect(entry).toMatchObject({ entityType: "leave_request", performedBy: me.user.id, reason: "Family wedding" });
  });

  it("is refused as the leave itself would be: overlapping a leave or a pending request, beyond the balance less pending, before joining (409)", async () => {
    const me = await employeeWithLogin({ joiningDate: "2026-07-15" }); // 7.5 days of PL in 2026
    await hrStaff.api.post("/api/hr/leaves", { employeeId: me.employee.id, type: "LWP", from: "2026-12-07", to: "2026-12-07", reason: "x" });
    expect((await ask(me.api, { from: "2026-12-07", to: "2026-12-08" })).status).toBe(409);
    expect((await ask(me.api, { from: "2026-12-01", to: "2026-12-04" })).status).toBe(201); // 4 days
    const overlap = await ask(me.api, { type: "LWP", from: "2026-12-04", to: "2026-12-04" });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toMatch(/pending request/);
    const tooMuch = await ask(me.api, { from: "2026-12-14", to: "2026-12-17" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe("Only 3.5 days of paid leave left");
    expect((await ask(me.api, { type: "LWP", from: "2026-07-01", to: "2026-07-01" })).status).toBe(409);
    const bad = await me.api.post("/api/me/leave-requests", { type: "CL", from: "2026-12-05", to: "2026-12-04", reason: "" });
    expect(bad.status).toBe(400);
    expect(await t.db.select().from(leaveRequests).where(eq(leaveRequests.employeeId, me.employee.id))).toHaveLength(1);
  });

  it("two requests at once that together exceed the balance: one is refused (409)", async () => {
    const me = await employeeWithLogin({ joiningDate: "2026-07-15" }); // 7.5 days
    const [a, b] = await Promise.all([ask(me.api, { from: "2026-12-01", to: "2026-12-04" }), ask(me.api, { from: "2026-12-14", to: "2026-12-17" })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await t.db.select().from(leaveRequests).where(eq(leaveRequests.employeeId, me.employee.id))).toHaveLength(1);
  });

  it("another employee's request is 404 to me; I withdraw my own while it is pending (then 409)", async () => {
    const me = await employeeWithLogin();
    const other = await employeeWithLogin();
    const theirs = await ask(other.api, { from: "2026-12-01", to: "2026-12-01" });
    expect((await me.api.delete(`/api/me/leave-requests/${theirs.body.id}`)).status).toBe(404);
    const mine = await ask(me.api, { from: "2026-12-01", to: "2026-12-01" });
    const gone = await me.api.delete(`/api/me/leave-requests/${mine.body.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.status).toBe("Withdrawn");
    expect((await me.api.delete(`/api/me/leave-requests/${mine.body.id}`)).status).toBe(409);
    expect((await hrStaff.api.post(`/api/hr/leave-requests/${mine.body.id}/approve`, {})).status).toBe(409);
    expect((await me.api.get("/api/me/leave?year=2026")).body.balance.pending).toBe(0);
  });
});

describe("HR decides", () => {
  it("approving records the §8 leave (days become Paid Leave), tells the employee, and is audited", async () => {
    const me = await employeeWithLogin();
    const asked = await ask(me.api, { from: "2026-11-26", to: "2026-11-27" });
    const res = await hrStaff.api.post(`/api/hr/leave-requests/${asked.body.id}/approve`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Approved", decidedBy: { id: hrStaff.user.id }, leaveId: expect.any(String) });
    const [leave] = await t.db.select().from(leaves).where(eq(leaves.employeeId, me.employee.id));
    expect(leave).toMatchObject({ id: res.body.leaveId, type: "PL", fromDate: "2026-11-26", toDate: "2026-11-27", createdBy: hrStaff.user.id });
    const days = await t.db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, me.employee.id));
    expect(
      days
        .filter((d) => d.dayStatus === "Paid Leave (PL)")
        .map((d) => d.date)
        .sort(),
    ).toEqual(["2026-11-26", "2026-11-27"]);
    expect((await me.api.get("/api/me/leave?year=2026")).body.balance).toMatchObject({ taken: 2, remaining: 16, pending: 0 });
    const told = (await me.api.get("/api/notifications")).body;
    expect(told).toEqual([expect.objectContaining({ type: "request_decision", message: expect.stringMatching(/^Your leave PL .* was approved by /) })]);
    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.entityId, [asked.body.id, leave!.id]))
    )
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual(["approve", "record_leave", "request"]);

    // HR cancels the approved leave: the employee is told.
    expect((await hrStaff.api.delete(`/api/hr/leaves/${leave!.id}`, { reason: "Office closed those days anyway" })).status).toBe(200);
    const after = (await me.api.get("/api/notifications")).body;
    expect(after[0]).toMatchObject({ type: "request_decision", message: expect.stringMatching(/cancelled by .*: Office closed those days anyway$/) });
    expect((await me.api.get("/api/me/leave?year=2026")).body.requests[0]).toMatchObject({ status: "Approved", leaveCancelled: true });
  });

  it("approval checks the rules again: leave recorded meanwhile by HR over the same days makes it 409, nothing changes", async () => {
    const me = await employeeWithLogin();
    const asked = await ask(me.api, { type: "LWP", from: "2026-12-10", to: "2026-12-10" });
    await hrStaff.api.post("/api/hr/leaves", { employeeId: me.employee.id, type: "LWP", from: "2026-12-10", to: "2026-12-10", reason: "Recorded by HR" });
    expect((await hrStaff.api.post(`/api/hr/leave-requests/${asked.body.id}/approve`, {})).status).toBe(409);
    const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, asked.body.id));
    expect(row!.status).toBe("Pending");
  });

  it("rejecting needs a reason (400), then tells the employee why", async () => {
    const me = await employeeWithLogin();
    const asked = await ask(me.api, { from: "2026-12-01", to: "2026-12-01" });
    const noReason = await hrAdmin.api.post(`/api/hr/leave-requests/${asked.body.id}/reject`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues[0].path).toBe("reason");
    const res = await hrAdmin.api.post(`/api/hr/leave-requests/${asked.body.id}/reject`, { reason: "Year-end closing that week" });
    expect(res.body).toMatchObject({ status: "Rejected", decisionReason: "Year-end closing that week" });
    expect((await me.api.get("/api/notifications")).body[0].message).toMatch(/was rejected by .*: Year-end closing that week$/);
    expect(await t.db.select().from(leaves).where(eq(leaves.employeeId, me.employee.id))).toEqual([]);
  });

  it("approve while the employee withdraws: exactly one wins; a withdrawn request records no leave", async () => {
    for (let i = 0; i < 4; i++) {
      const me = await employeeWithLogin();
      const asked = await ask(me.api, { from: "2026-12-01", to: "2026-12-02" });
      const [approve, withdraw] = await Promise.all([
        hrStaff.api.post(`/api/hr/leave-requests/${asked.body.id}/approve`, {}),
        me.api.delete(`/api/me/leave-requests/${asked.body.id}`),
      ]);
      expect([approve.status, withdraw.status].sort()).toEqual([200, 409]);
      const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, asked.body.id));
      const recorded = await t.db.select().from(leaves).where(eq(leaves.employeeId, me.employee.id));
      if (withdraw.status === 200) {
        expect(row!.status).toBe("Withdrawn");
        expect(recorded).toEqual([]);
      } else {
        expect(row!.status).toBe("Approved");
        expect(recorded).toHaveLength(1);
      }
    }
  });

  it("the inbox and the decisions are HR's: the Employee role and finance roles get 403", async () => {
    const me = await employeeWithLogin();
    const asked = await ask(me.api, { from: "2026-12-01", to: "2026-12-01" });
    expect((await me.api.get("/api/hr/requests")).status).toBe(403);
    expect((await me.api.post(`/api/hr/leave-requests/${asked.body.id}/approve`, {})).status).toBe(403);
    const { api } = await t.signIn("Accountant");
    expect((await api.get("/api/hr/requests")).status).toBe(403);
  });
});

describe("fixing a day (regularisation)", () => {
  it("only a past day of this or last month, with at least one time (400 otherwise)", async () => {
    const me = await employeeWithLogin();
    const fix = (body: Record<string, unknown>) => me.api.post("/api/me/regularisations", { reason: "Reader was down", ...body });
    expect((await fix({ date: "2026-11-24", punchIn: "09:30" })).status).toBe(400); // today
    expect((await fix({ date: "2026-11-25", punchIn: "09:30" })).status).toBe(400); // future
    expect((await fix({ date: "2026-09-30", punchIn: "09:30" })).status).toBe(400); // two months back
    const none = await fix({ date: "2026-11-20" });
    expect(none.status).toBe(400);
    expect(none.body.issues[0].path).toBe("punchIn");
    expect((await fix({ date: "2026-11-20", punchIn: "18:00", punchOut: "09:00" })).status).toBe(400);
    expect((await fix({ date: "2026-10-05", punchOut: "18:00" })).status).toBe(201);
    expect((await fix({ date: "2026-10-05", punchOut: "18:30" })).status).toBe(409);
  });

  it("approved: the day takes those times, its status by the day rule, as a hand edit 'Regularised: …' naming who approved, kept through a re-import", async () => {
    const me = await employeeWithLogin();
    const name = me.employee.employeeName;
    const file = csv([[...HEADER], [name, "2026-11-20", "09:50", "IN"]]);
    const imported = await upload(hrStaff.api, file, { month: "2026-11" });
    expect(imported.status).toBe(200);
    const before = (await me.api.get("/api/me/attendance?month=2026-11")).body.monthlyAttendance.find((d: { date: string }) => d.date === "2026-11-20");
    expect(before.dayStatus).toBe("Pending Review");

    const asked = await me.api.post("/api/me/regularisations", { date: "2026-11-20", punchOut: "18:30", reason: "Forgot to punch out" });
    expect(asked.status).toBe(201);
    expect((await bellOf(hrAdmin.user.id)).some((x) => x.message.includes(`${name} asks to fix`))).toBe(true);
    expect((await me.api.get("/api/me/attendance?month=2026-11")).body.regularisations).toEqual([
      expect.objectContaining({ id: asked.body.id, status: "Pending", punchOut: "18:30", punchIn: null }),
    ]);

    const approved = await hrStaff.api.post(`/api/hr/regularisations/${asked.body.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("Approved");
    const check = async () => {
      const [day] = await t.db
        .select()
        .from(attendanceDays)
        .where(and(eq(attendanceDays.employeeId, me.employee.id), eq(attendanceDays.date, "2026-11-20")));
      expect(day).toMatchObject({
        dayStatus: "Present (Full)",
        firstInTime: "09:50:00",
        lastOutTime: "18:30:00",
        isManual: true,
        editedBy: hrStaff.user.id,
        violationPoints: 1,
      });
      expect(day!.editReason).toMatch(/^Regularised: Forgot to punch out \(asked by .*, approved by .*\)$/);
    };
    await check();
    // A re-import of the same file keeps the regularised day.
    expect((await upload(hrStaff.api, file, { month: "2026-11" })).status).toBe(200);
    await check();
    expect((await me.api.get("/api/notifications")).body[0].message).toMatch(/^Your fix of .* was approved by /);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, asked.body.id));
    expect(entries.map((e) => e.action).sort()).toEqual(["approve", "request"]);
  });

  it("rejected with a reason; the day stays as it was", async () => {
    const me = await employeeWithLogin();
    const asked = await me.api.post("/api/me/regularisations", { date: "2026-11-19", punchIn: "09:00", punchOut: "18:00", reason: "Was at a client" });
    expect((await hrStaff.api.post(`/api/hr/regularisations/${asked.body.id}/reject`, {})).status).toBe(400);
    const res = await hrStaff.api.post(`/api/hr/regularisations/${asked.body.id}/reject`, { reason: "No client visit on record" });
    expect(res.body).toMatchObject({ status: "Rejected", decisionReason: "No client visit on record" });
    expect(
      await t.db
        .select()
        .from(attendanceDays)
        .where(and(eq(attendanceDays.employeeId, me.employee.id), eq(attendanceDays.date, "2026-11-19"))),
    ).toEqual([]);
    const [row] = await t.db.select().from(regularisations).where(eq(regularisations.id, asked.body.id));
    expect(row!.decidedBy).toBe(hrStaff.user.id);
  });
});
