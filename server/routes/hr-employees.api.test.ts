import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { createApp } from "../app";
import { auditLog } from "../db/schema";
import { makeDepartment, makeEmployee } from "../test/hr-fixtures";

let t: TestApp;
let hrStaff: ApiClient;
let hrAdmin: ApiClient;
let superAdmin: ApiClient;
let deptId: string;

beforeAll(async () => {
  t = await createTestApp();
  hrStaff = (await t.signIn("HR Staff")).api;
  hrAdmin = (await t.signIn("HR Admin")).api;
  superAdmin = (await t.signIn("SuperAdmin")).api;
  deptId = (await makeDepartment(t.db, "Engineering")).id;
});
afterAll(async () => {
  await t?.close();
});

const SOME_ID = "6f1c2a0e-5b7d-4c1e-9a3b-2d4e6f8a0b1c";

describe("every HR route checks the role", () => {
  const hrRoutes = () => createApp(t.deps).routes.filter((r) => r.path.startsWith("/hr/"));
  const call = (api: ApiClient, method: string, path: string) => {
    const url = `/api${path.replace(/:id\b/g, SOME_ID)}`;
    return method === "get" ? api.get(url) : method === "post" ? api.post(url, {}) : method === "put" ? api.put(url, {}) : api.delete(url);
  };

  it("declares the HR routes of DECISIONS §8", () => {
    const list = hrRoutes().map((r) => `${r.method.toUpperCase()} ${r.path}`);
    for (const expected of [
      "GET /hr/employees",
      "POST /hr/employees",
      "GET /hr/employees/:id",
      "PUT /hr/employees/:id",
      "GET /hr/departments",
      "POST /hr/departments",
      "PUT /hr/departments/:id",
      "GET /hr/attendance-policy",
      "PUT /hr/attendance-policy",
      "GET /hr/attendance",
      "PUT /hr/attendance/:id",
      "GET /hr/employee-details/:id",
      "GET /hr/dashboard/stats",
      "GET /hr/reports/payroll",
      "GET /hr/reports/payroll.csv",
      "GET /hr/attendance/export.csv",
      "GET /hr/name-mappings",
      "POST /hr/name-mappings",
      "DELETE /hr/name-mappings/:id",
      "POST /hr/import/upload",
    ])
      expect(list).toContain(expected);
  });

  it("answers 401 signed out and 403 to an Accountant and an Approver on every HR route", async () => {
    const accountant = (await t.signIn("Accountant")).api;
    const approver = (await t.signIn("Approver")).api;
    for (const r of hrRoutes()) {
      expect((await call(t.client(), r.method, r.path)).status, `${r.method} ${r.path}`).toBe(401);
      expect((await call(accountant, r.method, r.path)).status, `${r.method} ${r.path}`).toBe(403);
      expect((await call(approver, r.method, r.path)).status, `${r.method} ${r.path}`).toBe(403);
    }
  });

  it("HR Staff cannot edit the policy or departments (403)", async () => {
    expect((await hrStaff.put("/api/hr/attendance-policy", {})).status).toBe(403);
    expect((await hrStaff.post("/api/hr/departments", { name: "Sales" })).status).toBe(403);
    expect((await hrStaff.put(`/api/hr/departments/${deptId}`, { name: "Sales" })).status).toBe(403);
  });
});

describe("POST /api/hr/employees", () => {
  it("answers one issue per field with the spec's messages", async () => {
    const res = await hrStaff.post("/api/hr/employees", { employeeName: "  ", email: "not-an-email", weeklyOff: "Funday" });
    expect(res.status).toBe(400);
    const issues = Object.fromEntries(res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(issues).toMatchObject({
      employeeName: "Employee name is required",
      departmentId: "Department is required",
      joiningDate: "Joining date is required",
      email: "Invalid email address",
      weeklyOff: "Weekly off must be a day of the week (Sunday to Saturday)",
    });
  });

  it("refuses an unknown department and a bad salary", async () => {
    const unknown = await hrStaff.post("/api/hr/employees", { employeeName: "A", departmentId: SOME_ID, joiningDate: "2026-01-01" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([{ path: "departmentId", message: "Department not found" }]);
    const salary = await hrStaff.post("/api/hr/employees", { employeeName: "A", departmentId: deptId, joiningDate: "2026-01-01", monthlySalary: "12.345" });
    expect(salary.status).toBe(400);
    expect(salary.body.issues).toEqual([{ path: "monthlySalary", message: "Invalid amount format" }]);
  });

  it("creates an employee (weekly off Sunday by default, salary in rupees), audited", async () => {
    const res = await hrStaff.post("/api/hr/employees", {
      employeeName: "  Ravi Kumar ",
      employeeCode: "E-001",
      departmentId: deptId,
      joiningDate: "2026-01-15",
      email: "",
      monthlySalary: 31000,
      address: "12 MG Road",
      emergencyContact: "Sita",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      employeeName: "Ravi Kumar",
      employeeCode: "E-001",
      departmentId: deptId,
      department: { id: deptId, name: "Engineering" },
      weeklyOff: "Sunday",
      joiningDate: "2026-01-15",
      isActive: true,
      email: null,
      monthlySalary: "31000.00",
      personalAddress: "12 MG Road",
      emergencyContactName: "Sita",
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "employee"), eq(auditLog.entityId, res.body.id)));
    expect(entry.action).toBe("create");
  });

  it("refuses a second employee with the same code (409); no code is fine twice", async () => {
    await hrStaff.post("/api/hr/employees", { employeeName: "First", employeeCode: "DUP-1", departmentId: deptId, joiningDate: "2026-01-01" });
    const dup = await hrStaff.post("/api/hr/employees", { employeeName: "Second", employeeCode: "DUP-1", departmentId: deptId, joiningDate: "2026-01-01" });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Employee code "DUP-1" is already in use');
    for (const name of ["No Code 1", "No Code 2"]) {
      expect((await hrStaff.post("/api/hr/employees", { employeeName: name, departmentId: deptId, joiningDate: "2026-01-01" })).status).toBe(201);
    }
  });
});

describe("GET/PUT /api/hr/employees/:id", () => {
  it("reads one employee; 404 for an unknown or malformed id", async () => {
    const e = await makeEmployee(t.db, { departmentId: deptId, employeeName: "Reader One" });
    const res = await hrStaff.get(`/api/hr/employees/${e.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: e.id, employeeName: "Reader One", department: { name: "Engineering" } });
    expect((await hrStaff.get(`/api/hr/employees/${SOME_ID}`)).status).toBe(404);
    expect((await hrStaff.get("/api/hr/employees/not-a-uuid")).status).toBe(404);
  });

  it("edits fields including isActive, leaving the rest; audited with before and after", async () => {
    const e = await makeEmployee(t.db, { departmentId: deptId, employeeName: "Editable", phone: "98450 00000" });
    const res = await hrStaff.put(`/api/hr/employees/${e.id}`, { isActive: false, workLocation: "Pune", monthlySalary: "25000.5" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isActive: false, workLocation: "Pune", phone: "98450 00000", monthlySalary: "25000.50", employeeName: "Editable" });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "employee"), eq(auditLog.entityId, e.id)));
    expect(entry).toMatchObject({
      action: "update",
      beforeData: expect.objectContaining({ isActive: true }),
      afterData: expect.objectContaining({ isActive: false }),
    });
    const bad = await hrStaff.put(`/api/hr/employees/${e.id}`, { employeeName: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: "employeeName", message: "Employee name is required" }]);
    expect((await hrStaff.put(`/api/hr/employees/${SOME_ID}`, { isActive: true })).status).toBe(404);
  });

  it("a duplicate code on edit is 409", async () => {
    const a = await makeEmployee(t.db, { departmentId: deptId, employeeCode: "EDIT-A" });
    const b = await makeEmployee(t.db, { departmentId: deptId, employeeCode: "EDIT-B" });
    expect((await hrStaff.put(`/api/hr/employees/${b.id}`, { employeeCode: a.employeeCode })).status).toBe(409);
  });
});

describe("GET /api/hr/employees", () => {
  it("pages by 20, searches name/code/email/phone case-insensitively, filters by department and status", async () => {
    const sales = await makeDepartment(t.db, "Sales List");
    for (let i = 1; i <= 23; i++) {
      await makeEmployee(t.db, {
        departmentId: sales.id,
        employeeName: `Lister ${String(i).padStart(2, "0")}`,
        isActive: i !== 7,
        email: i === 3 ? "Special@Example.com" : null,
        phone: i === 4 ? "99887 76655" : null,
        employeeCode: i === 5 ? "LST-555" : null,
      });
    }
    const page1 = await hrStaff.get(`/api/hr/employees?department=${sales.id}`);
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(23);
    expect(page1.body.employees).toHaveLength(20);
    expect(page1.body.employees[0]).toMatchObject({ employeeName: "Lister 01", department: { name: "Sales List" } });
    const page2 = await hrStaff.get(`/api/hr/employees?department=${sales.id}&page=2`);
    expect(page2.body.employees.map((e: { employeeName: string }) => e.employeeName)).toEqual(["Lister 21", "Lister 22", "Lister 23"]);

    const search = async (s: string) =>
      (await hrStaff.get(`/api/hr/employees?search=${encodeURIComponent(s)}`)).body.employees.map((e: { employeeName: string }) => e.employeeName);
    expect(await search("special@example")).toEqual(["Lister 03"]);
    expect(await search("76655")).toEqual(["Lister 04"]);
    expect(await search("lst-555")).toEqual(["Lister 05"]);
    expect(await search("LISTER 1")).toHaveLength(10);
    expect(await search("100%")).toEqual([]);

    const inactive = await hrStaff.get(`/api/hr/employees?department=${sales.id}&status=inactive`);
    expect(inactive.body.employees.map((e: { employeeName: string }) => e.employeeName)).toEqual(["Lister 07"]);
    const active = await hrStaff.get(`/api/hr/employees?department=${sales.id}&status=active&limit=50`);
    expect(active.body.total).toBe(22);
    expect((await hrStaff.get("/api/hr/employees?status=gone")).status).toBe(400);
  });
});

describe("departments", () => {
  it("lists, creates and renames (SuperAdmin, HR Admin); names unique case-insensitively (409)", async () => {
    const created = await hrAdmin.post("/api/hr/departments", { name: " Finance Ops " });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: "Finance Ops" });
    const dup = await superAdmin.post("/api/hr/departments", { name: "FINANCE OPS" });
    expect(dup.status).toBe(409);
    const blank = await hrAdmin.post("/api/hr/departments", { name: "" });
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toEqual([{ path: "name", message: "Department name is required" }]);
    const renamed = await superAdmin.put(`/api/hr/departments/${created.body.id}`, { name: "Finance" });
    expect(renamed.body).toEqual({ id: created.body.id, name: "Finance" });
    expect((await hrAdmin.put(`/api/hr/departments/${created.body.id}`, { name: "engineering" })).status).toBe(409);
    expect((await hrAdmin.put(`/api/hr/departments/${SOME_ID}`, { name: "X" })).status).toBe(404);
    const list = await hrStaff.get("/api/hr/departments");
    expect(list.body.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(["Engineering", "Finance"]));
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "department"), eq(auditLog.entityId, created.body.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(["create", "update"]);
  });
});

describe("name mappings", () => {
  it("creates (key computed case- and space-insensitively), refuses a duplicate (409), lists and deletes", async () => {
    const e = await makeEmployee(t.db, { departmentId: deptId, employeeName: "Mapped Person" });
    const created = await hrStaff.post("/api/hr/name-mappings", { csvName: "M. Person", employeeId: e.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ csvName: "M. Person", employeeId: e.id, employeeName: "Mapped Person" });
    expect((await hrStaff.post("/api/hr/name-mappings", { csvName: "m.   PERSON", employeeId: e.id })).status).toBe(409);
    expect((await hrStaff.post("/api/hr/name-mappings", { csvName: "", employeeId: e.id })).body.issues).toEqual([
      { path: "csvName", message: "CSV name is required" },
    ]);
    expect((await hrStaff.post("/api/hr/name-mappings", { csvName: "Ghost", employeeId: SOME_ID })).status).toBe(400);
    const list = await hrStaff.get("/api/hr/name-mappings");
    expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, csvName: "M. Person" })]);
    expect((await hrStaff.delete(`/api/hr/name-mappings/${created.body.id}`)).status).toBe(200);
    expect((await hrStaff.delete(`/api/hr/name-mappings/${created.body.id}`)).status).toBe(404);
    expect((await hrStaff.get("/api/hr/name-mappings")).body).toEqual([]);
  });
});
