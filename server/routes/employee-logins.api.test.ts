// Logins for employees (DECISIONS §15): HR gives, links and removes an employee's login; a one-time
// password must be changed before anything else; the Employee role opens only its own pages; an
// inactive employee's login is disabled; the bulk CSV; every give, link and unlink audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import Papa from "papaparse";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { auditLog, notifications, users } from "../db/schema";
import { makeDepartment, makeEmployee } from "../test/hr-fixtures";
import { makeUser } from "../test/factories";

let t: TestApp;
let hrAdmin: ApiClient;
let department: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  hrAdmin = (await t.signIn("HR Admin")).api;
  department = await makeDepartment(t.db);
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const employee = (overrides: Record<string, unknown> = {}) =>
  makeEmployee(t.db, { departmentId: department.id, employeeName: `Login Person ${++n}`, ...overrides });

async function signInAs(username: string, password: string) {
  const api = t.client();
  const res = await api.post("/api/auth/login", { username, password });
  return { api, res };
}

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const audits = (entityId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(desc(auditLog.timestamp));

describe("giving a login", () => {
  it("gives a new Employee user with a one-time password, the username from the name; a second give is 409", async () => {
    const e = await employee({ employeeName: "Priya Nair" });
    const res = await hrAdmin.post(`/api/hr/employees/${e.id}/login`, {});
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username: "priya.nair", name: "Priya Nair", role: "Employee", employeeId: e.id, isActive: true });
    expect(res.body.oneTimePassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(res.body.user).not.toHaveProperty("passwordHash");
    const again = await hrAdmin.post(`/api/hr/employees/${e.id}/login`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This employee already has a login");
    // A namesake gets the next free username.
    const namesake = await employee({ employeeName: "Priya Nair" });
    const second = await hrAdmin.post(`/api/hr/employees/${namesake.id}/login`, {});
    expect(second.body.user.username).toBe("priya.nair2");
    expect((await hrAdmin.get(`/api/hr/employees/${e.id}/login`)).body.login).toMatchObject({ id: res.body.user.id, role: "Employee" });
    expect((await audits(e.id)).map((a) => a.action)).toContain("login_give");
  });

  it("takes a chosen username, refuses a taken one (409) and an inactive employee (409), and is only HR Admin's and SuperAdmin's (403)", async () => {
    const e = await employee();
    const username = `chosen.${n}`;
    const chosen = await hrAdmin.post(`/api/hr/employees/${e.id}/login`, { username });
    expect(chosen.status).toBe(201);
    const other = await employee();
    expect((await hrAdmin.post(`/api/hr/employees/${other.id}/login`, { username })).status).toBe(409);
    const inactive = await employee({ isActive: false });
    expect((await hrAdmin.post(`/api/hr/employees/${inactive.id}/login`, {})).status).toBe(409);
    const staff = (await t.signIn("HR Staff")).api;
    expect((await staff.post(`/api/hr/employees/${other.id}/login`, {})).status).toBe(403);
    expect((await staff.get(`/api/hr/employees/${other.id}/login`)).status).toBe(200);
    expect((await hrAdmin.post("/api/hr/employees/00000000-0000-4000-8000-000000000000/login", {})).status).toBe(404);
  });

  it("two gives at the same moment: one login, the other 409", async () => {
    const e = await employee();
    const answers = await Promise.all([hrAdmin.post(`/api/hr/employees/${e.id}/login`, {}), hrAdmin.post(`/api/hr/employees/${e.id}/login`, {})]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(users).where(eq(users.employeeId, e.id))).toHaveLength(1);
  });
});

describe("the one-time password", () => {
  it("signs in with mustChangePassword; every call but the change, /auth/me and logout is 403 until it is changed", async () => {
    const e = await employee();
    const given = (await hrAdmin.post(`/api/hr/employees/${e.id}/login`, {})).body;
    const { api, res } = await signInAs(given.user.username, given.oneTimePassword);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { id: given.user.id, role: "Employee" }, mustChangePassword: true });
    const blocked = await api.get("/api/notifications");
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: "password_change_required" });
    expect((await api.get("/api/auth/me")).body).toMatchObject({ mustChangePassword: true });
    const wrong = await api.post("/api/account/password", { currentPassword: "not-it", newPassword: "MyOwn@2026" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: "currentPassword", message: "Your current password is not right" }]);
    // The one-time password cannot stay the password.
    const same = await api.post("/api/account/password", { currentPassword: given.oneTimePassword, newPassword: given.oneTimePassword });
    expect(same.status).toBe(400);
    expect(same.body.issues[0].path).toBe("newPassword");
    const changed = await api.post("/api/account/password", { currentPassword: given.oneTimePassword, newPassword: "MyOwn@2026" });
    expect(changed.status).toBe(200);
    expect((await api.get("/api/notifications")).status).toBe(200);
    expect((await api.get("/api/auth/me")).body).not.toHaveProperty("mustChangePassword");
    expect((await userRow(given.user.id)).mustChangePassword).toBe(false);
    // The one-time password no longer works; the new one does.
    expect((await signInAs(given.user.username, given.oneTimePassword)).res.status).toBe(401);
    expect((await signInAs(given.user.username, "MyOwn@2026")).res.body).not.toHaveProperty("mustChangePassword");
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, given.user.id), eq(auditLog.action, "password_change")));
    expect(entries).toHaveLength(1);
  });

  it("changing one's password ends one's other sessions", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const first = await signInAs(user.username, "password123");
    const second = await signInAs(user.username, "password123");
    expect((await first.api.post("/api/account/password", { currentPassword: "password123", newPassword: "Another@2026" })).status).toBe(200);
    expect((await first.api.get("/api/auth/me")).status).toBe(200);
    expect((await second.api.get("/api/auth/me")).status).toBe(401);
  });
});

describe("the Employee role", () => {
  it("opens its account and bell, and nothing of finance or HR (403)", async () => {
    const { api } = await t.signIn("Employee");
    for (const path of ["/api/transactions", "/api/transactions/pending", "/api/hr/employees", "/api/dashboard/stats", "/api/admin/users"]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(403);
    }
    expect((await api.get("/api/auth/me")).status).toBe(200);
    expect((await api.get("/api/notifications")).status).toBe(200);
    expect((await api.get("/api/account/notification-preferences")).status).toBe(200);
  });

  it("sees no finance notification in the bell (DECISIONS §6)", async () => {
    const { api, user } = await t.signIn("Employee");
    await t.db.insert(notifications).values([
      { userId: user.id, type: "transaction_pending", message: "TXN-000001 waits for you" },
      { userId: user.id, type: "user_notification", message: "Your transaction was approved", humanReadableId: "TXN-000002" },
    ]);
    expect((await api.get("/api/notifications")).body).toEqual([]);
  });
});

describe("linking and removing", () => {
  it("links an existing user of another role (200), who then carries the employee; one user per employee (409)", async () => {
    const e = await employee();
    const accountant = await t.signIn("Accountant");
    const linked = await hrAdmin.post(`/api/hr/employees/${e.id}/login`, { userId: accountant.user.id });
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({ user: expect.objectContaining({ id: accountant.user.id, role: "Accountant", employeeId: e.id }) });
    expect((await accountant.api.get("/api/auth/me")).body.user.employeeId).toBe(e.id);
    // The same employee, another user: 409; the same user, another employee: 409.
    const other = await makeUser(t.db, { role: "Approver" });
    expect((await hrAdmin.post(`/api/hr/employees/${e.id}/login`, { userId: other.id })).status).toBe(409);
    const e2 = await employee();
    const taken = await hrAdmin.post(`/api/hr/employees/${e2.id}/login`, { userId: accountant.user.id });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("That user is already linked to another employee");
    expect((await audits(e.id)).map((a) => a.action)).toContain("login_link");
  });

  it("removing an Employee login disables it and ends its sessions; removing a linked accountant's only unlinks", async () => {
    const e = await employee();
    const given = (await hrAdmin.post(`/api/hr/employees/${e.id}/login`, {})).body;
    const { api } = await signInAs(given.user.username, given.oneTimePassword);
    const removed = await hrAdmin.delete(`/api/hr/employees/${e.id}/login`);
    expect(removed.status).toBe(200);
    expect(removed.body.user).toMatchObject({ id: given.user.id, isActive: false, employeeId: null });
    expect((await api.get("/api/auth/me")).status).toBe(401);
    expect((await hrAdmin.delete(`/api/hr/employees/${e.id}/login`)).status).toBe(404);
    expect((await audits(e.id)).map((a) => a.action)).toContain("login_unlink");

    const e2 = await employee();
    const accountant = await t.signIn("Accountant");
    await hrAdmin.post(`/api/hr/employees/${e2.id}/login`, { userId: accountant.user.id });
    await hrAdmin.delete(`/api/hr/employees/${e2.id}/login`);
    expect(await userRow(accountant.user.id)).toMatchObject({ isActive: true, employeeId: null });
    expect((await accountant.api.get("/api/auth/me")).status).toBe(200);
  });

  it("making the employee inactive disables their Employee login (and not a linked accountant)", async () => {
    const e = await employee();
    const given = (await hrAdmin.post(`/api/hr/employees/${e.id}/login`, {})).body;
    const { api } = await signInAs(given.user.username, given.oneTimePassword);
    expect((await hrAdmin.put(`/api/hr/employees/${e.id}`, { isActive: false })).status).toBe(200);
    expect((await userRow(given.user.id)).isActive).toBe(false);
    expect((await api.get("/api/auth/me")).status).toBe(401);
    expect((await signInAs(given.user.username, given.oneTimePassword)).res.status).toBe(401);

    const e2 = await employee();
    const accountant = await makeUser(t.db, { role: "Accountant", employeeId: e2.id });
    await hrAdmin.put(`/api/hr/employees/${e2.id}`, { isActive: false });
    expect((await userRow(accountant.id)).isActive).toBe(true);
  });
});

describe("logins for everyone at once", () => {
  it("answers a CSV of the active employees without a login, once", async () => {
    const dept = await makeDepartment(t.db);
    const a = await makeEmployee(t.db, { departmentId: dept.id, employeeName: "Bulk Anand" });
    await makeEmployee(t.db, { departmentId: dept.id, employeeName: "Bulk Inactive", isActive: false });
    const res = await hrAdmin.agent
      .post("/api/hr/employees/logins")
      .set("X-Requested-With", "XMLHttpRequest")
      .buffer(true)
      .parse((r, cb) => {
        let text = "";
        r.on("data", (c: Buffer) => (text += c.toString("utf8")));
        r.on("end", () => cb(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    const parsed = Papa.parse<string[]>((res.body as string).replace(/^\uFEFF/, "").trim()).data;
    expect(parsed[0]).toEqual(["employeeName", "username", "oneTimePassword"]);
    const anand = parsed.find((r) => r[0] === "Bulk Anand")!;
    expect(anand[1]).toBe("bulk.anand");
    expect(parsed.some((r) => r[0] === "Bulk Inactive")).toBe(false);
    const { res: login } = await signInAs(anand[1], anand[2]);
    expect(login.body).toMatchObject({ mustChangePassword: true, user: { employeeId: a.id } });
    // Everyone has one now: a second run gives none.
    const again = await hrAdmin.agent
      .post("/api/hr/employees/logins")
      .set("X-Requested-With", "XMLHttpRequest")
      .buffer(true)
      .parse((r, cb) => {
        let text = "";
        r.on("data", (c: Buffer) => (text += c.toString("utf8")));
        r.on("end", () => cb(null, text));
      });
    expect((again.body as string).replace(/^\uFEFF/, "").trim()).toBe("employeeName,username,oneTimePassword");
  });
});
