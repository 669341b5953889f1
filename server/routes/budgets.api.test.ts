import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { makeUser } from "../test/factories";
import { auditLog, budgets, categories, transactions } from "../db/schema";
import type { TransactionStatus } from "../../shared/constants";

// "Today" is 2026-06-15 in Asia/Kolkata unless a test moves the clock.
let now = new Date("2026-06-15T06:00:00Z");
let t: TestApp;
let admin: ApiClient;
let ownerId: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = (await t.signIn("SuperAdmin")).api;
  ownerId = (await makeUser(t.db, { role: "Accountant" })).id;
});
afterAll(async () => {
  await t?.close();
});

const issue = (res: { body: { issues?: { path: string; message: string }[] } }, path: string) => res.body.issues?.find((i) => i.path === path)?.message;

async function newCategory() {
  const [row] = await t.db
    .insert(categories)
    .values({ name: `Budget cat ${Date.now()}-${++seq}` })
    .returning();
  return row;
}

async function insertTransaction(categoryId: string, amount: string, status: TransactionStatus, transactionDate = "2026-06-10") {
  await t.db.insert(transactions).values({ categoryId, amount, status, transactionDate, description: "fixture", createdBy: ownerId });
}

const valid = (over: Record<string, unknown> = {}) => ({
  name: `Budget ${++seq}`,
  amount: "1000",
  period: "monthly",
  startDate: "2026-06-01",
  endDate: "2026-06-30",
  alertThreshold: 80,
  categoryId: null,
  ...over,
});

async function budgetById(id: string) {
  const res = await admin.get("/api/admin/budgets");
  expect(res.status).toBe(200);
  return (res.body as { id: string }[]).find((b) => b.id === id) as Record<string, unknown>;
}

describe("GET /api/admin/budgets", () => {
  it("is 401 when not signed in and 403 for other roles", async () => {
    expect((await t.client().get("/api/admin/budgets")).status).toBe(401);
    for (const role of ["Accountant", "Approver", "HR Admin"] as const) {
      const { api } = await t.signIn(role);
      expect((await api.get("/api/admin/budgets")).status).toBe(403);
    }
  });

  it("answers a plain list", async () => {
    const res = await admin.get("/api/admin/budgets");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });
});

describe("POST /api/admin/budgets", () => {
  it("is 401 when not signed in", async () => {
    expect((await t.client().post("/api/admin/budgets", valid())).status).toBe(401);
  });

  it("400 with the spec's messages per field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Budget name is required"],
      [{ name: "   " }, "name", "Budget name is required"],
      [{ name: undefined }, "name", "Budget name is required"],
      [{ amount: "" }, "amount", "Amount is required"],
      [{ amount: undefined }, "amount", "Amount is required"],
      [{ amount: "12.345" }, "amount", "Invalid amount format"],
      [{ amount: "abc" }, "amount", "Invalid amount format"],
      [{ amount: -5 }, "amount", "Invalid amount format"],
      [{ period: "weekly" }, "period", "Period must be monthly, quarterly or yearly"],
      [{ startDate: "" }, "startDate", "Start date is required"],
      [{ startDate: undefined }, "startDate", "Start date is required"],
      [{ startDate: "2026-02-30" }, "startDate", "Enter a valid date (YYYY-MM-DD)"],
      [{ endDate: "" }, "endDate", "End date is required"],
      [{ endDate: "2026-05-31" }, "endDate", "End date must be on or after the start date"],
      [{ alertThreshold: 0 }, "alertThreshold", "Alert threshold must be between 1 and 100"],
      [{ alertThreshold: 101 }, "alertThreshold", "Alert threshold must be between 1 and 100"],
      [{ categoryId: "nope" }, "categoryId", "Category must be a category id or empty"],
      [{ categoryId: "00000000-0000-0000-0000-000000000000" }, "categoryId", "Category not found"],
    ];
    for (const [over, path, message] of cases) {
      const res = await admin.post("/api/admin/budgets", valid(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(issue(res, path), JSON.stringify(over)).toBe(message);
    }
  });

  it("is 403 for Accountant", async () => {
    const { api } = await t.signIn("Accountant");
    expect((await api.post("/api/admin/budgets", valid())).status).toBe(403);
  });

  it("creates with defaults (period monthly, threshold 80, all categories), answers it and audits it", async () => {
    const res = await admin.post("/api/admin/budgets", { name: "  Q3 spend ", amount: 2500.5, startDate: "2026-06-01", endDate: "2026-06-30", categoryId: "" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Q3 spend",
      amount: "2500.50",
      period: "monthly",
      alertThreshold: 80,
      categoryId: null,
      category: null,
      isActive: true,
      startDate: "2026-06-01",
      endDate: "2026-06-30",
    });
    expect(res.body.spent).toMatch(/^\d+\.\d{2}$/);
    const [row] = await t.db.select().from(budgets).where(eq(budgets.id, res.body.id));
    expect(row).toMatchObject({ amount: "2500.50", alertThreshold: 80, period: "monthly", categoryId: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, "create")));
    expect(entry.entityType).toBe("budget");
  });

  it("falls back to an 80% threshold when it is unparseable; carries the category name", async () => {
    const c = await newCategory();
    const res = await admin.post("/api/admin/budgets", valid({ alertThreshold: "abc", categoryId: c.id, period: "yearly" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ alertThreshold: 80, categoryId: c.id, category: { name: c.name }, period: "yearly" });
    const q = await admin.post("/api/admin/budgets", valid({ alertThreshold: "65", period: "quarterly" }));
    expect(q.body).toMatchObject({ alertThreshold: 65, period: "quarterly" });
  });
});

describe("spent, percentUsed, remaining and status", () => {
  it("moves On Track → Alert → Over Budget as approved money arrives, counting only its statuses, dates and category", async () => {
    const c = await newCategory();
    const other = await newCategory();
    const res = await admin.post("/api/admin/budgets", valid({ amount: "1000", categoryId: c.id, alertThreshold: 80 }));
    const id = res.body.id as string;
    expect(await budgetById(id)).toMatchObject({ spent: "0.00", percentUsed: 0, remaining: "1000.00", status: "On Track" });

    await insertTransaction(c.id, "500.00", "Approved");
    // Not counted: not yet approved, rejected, another category, outside the dates.
    await insertTransaction(c.id, "900.00", "Pending");
    await insertTransaction(c.id, "900.00", "Draft");
    await insertTransaction(c.id, "900.00", "Rejected");
    await insertTransaction(other.id, "900.00", "Approved");
    await insertTransaction(c.id, "900.00", "Approved", "2026-07-01");
    await insertTransaction(c.id, "900.00", "Approved", "2026-05-31");
    expect(await budgetById(id)).toMatchObject({ spent: "500.00", percentUsed: 50, remaining: "500.00", status: "On Track" });

    await insertTransaction(c.id, "299.99", "PaymentDue");
    expect(await budgetById(id)).toMatchObject({ spent: "799.99", percentUsed: 79.99, status: "On Track" });
    await insertTransaction(c.id, "0.01", "Paid", "2026-06-30");
    expect(await budgetById(id)).toMatchObject({ spent: "800.00", percentUsed: 80, remaining: "200.00", status: "Alert" });

    await insertTransaction(c.id, "200.00", "Completed", "2026-06-01");
    expect(await budgetById(id)).toMatchObject({ spent: "1000.00", percentUsed: 100, remaining: "0.00", status: "Over Budget" });

    await insertTransaction(c.id, "250.50", "Approved");
    expect(await budgetById(id)).toMatchObject({ spent: "1250.50", percentUsed: 100, remaining: "-250.50", status: "Over Budget" });
  });

  it("a budget without a category counts every category", async () => {
    const res = await admin.post("/api/admin/budgets", valid({ amount: "1", startDate: "2030-01-01", endDate: "2030-01-31" }));
    const a = await newCategory();
    const b = await newCategory();
    await insertTransaction(a.id, "0.25", "Approved", "2030-01-05");
    await insertTransaction(b.id, "0.25", "Paid", "2030-01-06");
    expect(await budgetById(res.body.id)).toMatchObject({ spent: "0.50", percentUsed: 50, status: "On Track" });
  });

  it("percentUsed is 0 when the amount is 0", async () => {
    const c = await newCategory();
    await insertTransaction(c.id, "10.00", "Approved");
    const res = await admin.post("/api/admin/budgets", valid({ amount: "0", categoryId: c.id }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ spent: "10.00", percentUsed: 0, remaining: "-10.00" });
  });

  it("Inactive when switched off; Expired (before Inactive) once the end date is before today in Asia/Kolkata", async () => {
    const c = await newCategory();
    await insertTransaction(c.id, "950.00", "Approved");
    const res = await admin.post("/api/admin/budgets", valid({ amount: "1000", categoryId: c.id, isActive: false }));
    expect(res.body.status).toBe("Inactive");
    // 18:30 UTC on the 30th is already 1 July in India.
    now = new Date("2026-06-30T18:30:00Z");
    // Fifteen days on, the morning's sign-in is past its 12 hours (DECISIONS §10) by the same clock.
    expect((await admin.get("/api/admin/budgets")).status).toBe(401);
    admin = (await t.signIn("SuperAdmin")).api;
    expect((await budgetById(res.body.id)).status).toBe("Expired");
    const active = await admin.put(`/api/admin/budgets/${res.body.id}`, { isActive: true });
    expect(active.body.status).toBe("Expired");
    now = new Date("2026-06-30T18:29:59Z");
    expect((await budgetById(res.body.id)).status).toBe("Alert");
    now = new Date("2026-06-15T06:00:00Z");
    admin = (await t.signIn("SuperAdmin")).api;
  });
});

describe("PUT /api/admin/budgets/:id", () => {
  it("is 401, 403, 404", async () => {
    const res = await admin.post("/api/admin/budgets", valid());
    expect((await t.client().put(`/api/admin/budgets/${res.body.id}`, valid())).status).toBe(401);
    const { api } = await t.signIn("Approver");
    expect((await api.put(`/api/admin/budgets/${res.body.id}`, valid())).status).toBe(403);
    expect((await admin.put("/api/admin/budgets/00000000-0000-0000-0000-000000000000", valid())).status).toBe(404);
    expect((await admin.put("/api/admin/budgets/not-an-id", valid())).status).toBe(404);
  });

  it("400 with the same messages as create", async () => {
    const res = await admin.post("/api/admin/budgets", valid());
    const bad = await admin.put(`/api/admin/budgets/${res.body.id}`, { name: "", amount: "1.999" });
    expect(bad.status).toBe(400);
    expect(issue(bad, "name")).toBe("Budget name is required");
    expect(issue(bad, "amount")).toBe("Invalid amount format");
    const dates = await admin.put(`/api/admin/budgets/${res.body.id}`, { endDate: "2026-01-01" });
    expect(dates.status).toBe(400);
    expect(issue(dates, "endDate")).toBe("End date must be on or after the start date");
  });

  it("updates the budget and audits before and after", async () => {
    const c = await newCategory();
    const created = await admin.post("/api/admin/budgets", valid());
    const res = await admin.put(
      `/api/admin/budgets/${created.body.id}`,
      valid({ name: "Renamed", amount: "5000.25", categoryId: c.id, alertThreshold: 90, period: "quarterly" }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", amount: "5000.25", category: { name: c.name }, alertThreshold: 90, period: "quarterly" });
    const [row] = await t.db.select().from(budgets).where(eq(budgets.id, created.body.id));
    expect(row).toMatchObject({ name: "Renamed", amount: "5000.25", categoryId: c.id, alertThreshold: 90 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, "update")));
    expect(entry.beforeData).toMatchObject({ amount: "1000.00", alertThreshold: 80 });
    expect(entry.afterData).toMatchObject({ amount: "5000.25", alertThreshold: 90 });
  });
});

describe("DELETE /api/admin/budgets/:id", () => {
  it("is 401, 403, 404, then deletes and audits", async () => {
    const created = await admin.post("/api/admin/budgets", valid());
    const id = created.body.id as string;
    expect((await t.client().delete(`/api/admin/budgets/${id}`)).status).toBe(401);
    const { api } = await t.signIn("Accountant");
    expect((await api.delete(`/api/admin/budgets/${id}`)).status).toBe(403);
    expect((await admin.delete("/api/admin/budgets/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await admin.delete(`/api/admin/budgets/${id}`)).status).toBe(200);
    expect(await t.db.select().from(budgets).where(eq(budgets.id, id))).toHaveLength(0);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "delete")));
    expect((entry.beforeData as { amount: string }).amount).toBe("1000.00");
    expect((await admin.delete(`/api/admin/budgets/${id}`)).status).toBe(404);
  });
});
