// The session answer's permissions are the guards' own answers (services/session-permissions.ts):
// for every role and every flag, the flag is true exactly when the calls it stands for are let
// through (anything but 403). A flag without calls here, or a guard changed without its flag, fails.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../shared/constants";
import type { SessionPermissions } from "../../shared/schemas/auth";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { TEST_PASSWORD } from "../test/factories";

let t: TestApp;
let admin: ApiClient;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ api: admin } = await t.signIn("SuperAdmin"));
  const created = await admin.post("/api/categories", { name: `Permissions ${randomUUID().slice(0, 8)}` });
  expect(created.status).toBe(201);
  categoryId = created.body.id;
});
afterAll(async () => {
  await t?.close();
});

type Answer = { status: number; body: { todayApprovedAmount?: unknown } };
/** Whether the guard let the call through. */
const notRefused = (res: Answer) => res.status !== 403;

/** Each flag's calls, and what counts as allowed for each. */
const GUARDED: Record<keyof SessionPermissions, ((api: ApiClient) => Promise<boolean>)[]> = {
  approvesTransactions: [
    async (api) => notRefused(await api.post(`/api/transactions/${randomUUID()}/approve`, {})),
    async (api) => notRefused(await api.post(`/api/transactions/${randomUUID()}/reject`, {})),
    async (api) => notRefused(await api.get("/api/delegations")),
  ],
  changesApprovalSettings: [
    async (api) => {
      const { name, requiredApprovals } = (await admin.get(`/api/categories/${categoryId}`)).body as { name: string; requiredApprovals: number };
      const res = await api.put(`/api/categories/${categoryId}`, { name, requiredApprovals: (requiredApprovals % 5) + 1 });
      expect([200, 403]).toContain(res.status);
      return notRefused(res);
    },
  ],
  seesDashboardAmounts: [
    async (api) => {
      const res = await api.get("/api/dashboard/stats");
      return res.status === 200 && res.body.todayApprovedAmount !== null;
    },
  ],
  managesUsers: [async (api) => notRefused(await api.get("/api/admin/users"))],
  administersHr: [
    async (api) => notRefused(await api.put("/api/hr/attendance-policy", {})),
    async (api) => notRefused(await api.post("/api/hr/departments", {})),
    async (api) => notRefused(await api.get("/api/hr/login-candidates")),
  ],
  voidsExportBatches: [async (api) => notRefused(await api.post(`/api/accounting/exports/${randomUUID()}/void`, {}))],
  controlsEmergencies: [
    async (api) => notRefused(await api.get("/api/admin/emergency-status")),
    async (api) => notRefused(await api.get("/api/admin/emergency-approvers")),
  ],
};

describe("the session's permissions are what the guards allow", () => {
  it.each(ROLES as readonly Role[])("%s: each flag is true exactly when its calls are not refused", async (role) => {
    const { api } = await t.signIn(role);
    const me = await api.get("/api/auth/me");
    expect(me.status).toBe(200);
    const permissions = me.body.permissions as SessionPermissions;
    expect(Object.keys(permissions).sort()).toEqual(Object.keys(GUARDED).sort());
    for (const [flag, calls] of Object.entries(GUARDED) as [keyof SessionPermissions, (typeof GUARDED)[keyof SessionPermissions]][]) {
      for (const call of calls) expect({ flag, allowed: await call(api) }).toEqual({ flag, allowed: permissions[flag] });
    }
  });

  it("the sign-in answers the same permissions as /api/auth/me", async () => {
    const { api, user } = await t.signIn("Approver");
    const again = await api.post("/api/auth/login", { username: user.username, password: TEST_PASSWORD });
    expect(again.body.permissions).toEqual((await api.get("/api/auth/me")).body.permissions);
    expect(again.body.permissions.approvesTransactions).toBe(true);
  });
});
