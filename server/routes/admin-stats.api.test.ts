import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { makeUser } from "../test/factories";
import { budgets, categories, transactions, users } from "../db/schema";
import type { TransactionStatus } from "../../shared/constants";
import { databaseHealth, monthRange } from "../services/admin-stats";

// 2026-08-31 19:00 UTC is already 1 September in India: "this month" is September there.
const now = new Date("2026-08-31T19:00:00Z");
let t: TestApp;
let admin: ApiClient;
let ownerId: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = (await t.signIn("SuperAdmin")).api;
  ownerId = (await makeUser(t.db, { role: "Accountant" })).id;
  const [c] = await t.db.insert(categories).values({ name: "Stats category" }).returning();
  categoryId = c.id;
});
afterAll(async () => {
  await t?.close();
});

async function insertTransaction(amount: string, status: TransactionStatus, transactionDate: string) {
  await t.db.insert(transactions).values({ categoryId, amount, status, transactionDate, description: "fixture", createdBy: ownerId });
}

describe("GET /api/admin/stats", () => {
  it("is 401 when not signed in and 403 for other roles", async () => {
    expect((await t.client().get("/api/admin/stats")).status).toBe(401);
    for (const role of ["Accountant", "Approver", "HR Admin", "HR Staff"] as const) {
      const { api } = await t.signIn(role);
      expect((await api.get("/api/admin/stats")).status).toBe(403);
    }
  });

  it("counts users, transactions, money this month in the app's zone, budget utilisation, health and lockdown", async () => {
    // Users: the ones above, plus one disabled and one soft-deleted (not counted at all).
    await makeUser(t.db, { role: "Approver", isActive: false });
    const gone = await makeUser(t.db, { role: "Approver" });
    await t.db.update(users).set({ deletedAt: new Date(), isActive: false }).where(eq(users.id, gone.id));
    const [{ total, active }] = await t.db
      .select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${users.isActive})::int` })
      .from(users)
      .where(sql`${users.deletedAt} is null`);

    await insertTransaction("100.00", "Pending", "2026-09-01");
    await insertTransaction("200.00", "Pending", "2026-09-02");
    await insertTransaction("1000.50", "Approved", "2026-09-01"); // this month in India
    await insertTransaction("300.25", "Paid", "2026-09-30");
    await insertTransaction("50.00", "Completed", "2026-08-31"); // last month in India
    await insertTransaction("70.00", "PaymentDue", "2026-10-01");
    await insertTransaction("999.00", "Rejected", "2026-09-03");
    await insertTransaction("888.00", "Draft", "2026-09-03");

    // Active budgets: 2000 allocated with 1300.75 spent (September) + 1000 with 50 spent (August).
    await t.db.insert(budgets).values([
      { name: "Sept", amount: "2000.00", startDate: "2026-09-01", endDate: "2026-09-30", categoryId },
      { name: "Aug", amount: "1000.00", startDate: "2026-08-01", endDate: "2026-08-31", categoryId },
      { name: "Off", amount: "5000.00", startDate: "2026-09-01", endDate: "2026-09-30", isActive: false },
    ]);

    const res = await admin.get("/api/admin/stats");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalUsers: total,
      activeUsers: active,
      totalTransactions: 8,
      pendingTransactions: 2,
      totalAmount: "1420.75",
      monthlySpent: "1300.75",
      // (1300.75 + 50) / 3000 = 45.025 %
      budgetUtilization: 45.02,
      systemHealth: "good",
      lockdown: { enabled: false, activatedAt: null },
    });
    expect(total).toBeGreaterThanOrEqual(4);
    expect(active).toBe(total - 1);
  });

  it("shows the lockdown state", async () => {
    const on = await admin.post("/api/admin/emergency-toggle", { enabled: true });
    expect(on.status).toBe(200);
    const res = await admin.get("/api/admin/stats");
    expect(res.body.lockdown.enabled).toBe(true);
    expect(res.body.lockdown.activatedAt).toBe(on.body.activatedAt);
    await admin.post("/api/admin/emergency-toggle", { enabled: false });
  });
});

describe("admin stats helpers", () => {
  it("monthRange: the calendar month in the zone", () => {
    expect(monthRange(now, "Asia/Kolkata")).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect(monthRange(now, "UTC")).toEqual({ from: "2026-08-01", to: "2026-08-31" });
    expect(monthRange(new Date("2028-02-10T00:00:00Z"), "Asia/Kolkata")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });

  it("databaseHealth is 'degraded' when the round-trip fails or takes longer than the limit", async () => {
    expect(await databaseHealth({ db: t.db })).toBe("good");
    const failing = { execute: () => Promise.reject(new Error("down")) } as unknown as typeof t.db;
    expect(await databaseHealth({ db: failing })).toBe("degraded");
    const hanging = { execute: () => new Promise(() => {}) } as unknown as typeof t.db;
    expect(await databaseHealth({ db: hanging }, 50)).toBe("degraded");
  });
});
