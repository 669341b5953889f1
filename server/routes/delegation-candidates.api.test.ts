// GET /api/delegations/candidates (DECISIONS §11): whom the delegation form offers. Active Approvers
// and SuperAdmins only, to those who may delegate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { makeUser } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/delegations/candidates", () => {
  it("lists active Approvers and SuperAdmins by name, never other roles or inactive people; only to those who may delegate", async () => {
    const approver = await t.signIn("Approver", { name: "Anita Desai" });
    const admin = await t.signIn("SuperAdmin", { name: "Rajesh Sharma" });
    const inactive = { user: await makeUser(t.db, { role: "Approver", name: "Inactive Approver", isActive: false }) };
    const accountant = await t.signIn("Accountant", { name: "Accountant Person" });
    const hr = await t.signIn("HR Admin");

    const res = await approver.api.get("/api/delegations/candidates");
    expect(res.status).toBe(200);
    const ids = res.body.map((c: { id: string }) => c.id);
    expect(ids).toContain(approver.user.id);
    expect(ids).toContain(admin.user.id);
    expect(ids).not.toContain(inactive.user.id);
    expect(ids).not.toContain(accountant.user.id);
    expect(res.body.find((c: { id: string }) => c.id === admin.user.id)).toEqual({ id: admin.user.id, name: "Rajesh Sharma", role: "SuperAdmin" });
    const names = res.body.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, "en")));

    expect((await admin.api.get("/api/delegations/candidates")).status).toBe(200);
    expect((await accountant.api.get("/api/delegations/candidates")).status).toBe(403);
    expect((await hr.api.get("/api/delegations/candidates")).status).toBe(403);
    expect((await t.client().get("/api/delegations/candidates")).status).toBe(401);
  });
});
