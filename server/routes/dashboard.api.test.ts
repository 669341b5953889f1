// GET /api/dashboard/stats: the figures of spec 000 §3 over the transactions the user may see,
// with "today" and "this month" in APP_TIMEZONE.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import type { CategoryRow } from "../db/schema";
import { insertTransaction, makeCategory } from "../test/transaction-fixtures";

// 2026-11-30 20:00 UTC is 2026-12-01 01:30 in Asia/Kolkata: "today" and "this month" are the zone's.
const NOW = new Date("2026-11-30T20:00:00Z");
let t: TestApp;
let accountant: { user: MadeUser; api: ApiClient };
let category: CategoryRow;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  accountant = await t.signIn("Accountant");
  category = await makeCategory(t.db);
});
afterAll(async () => {
  await t?.close();
});

const at = (iso: string) => new Date(iso);

describe("GET /api/dashboard/stats", () => {
  it("is 401 when not signed in, and 403 for the HR roles (finance is closed to them)", async () => {
    expect((await t.client().get("/api/dashboard/stats")).status).toBe(401);
    for (const role of ["HR Admin", "HR Staff"] as const) expect((await (await t.signIn(role)).api.get("/api/dashboard/stats")).status).toBe(403);
  });

  it("answers zeros on an empty database", async () => {
    const { api } = await t.signIn("SuperAdmin");
    const res = await api.get("/api/dashboard/stats");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pendingTransactions: 0,
      urgentTransactions: 0,
      todayApprovedCount: 0,
      todayApprovedAmount: "0.00",
      thisMonthAmount: "0.00",
      thisMonthCount: 0,
      unpaidApprovedAmount: "0.00",
      unpaidApprovedCount: 0,
    });
  });

  it("counts by the definitions, in APP_TIMEZONE, within the visibility window", async () => {
    const base = { createdBy: accountant.user.id, categoryId: category.id, createdAt: at("2026-11-29T10:00:00Z") };
    // Pending: 2, one of them urgent.
    await insertTransaction(t.db, { ...base, status: "Pending", amount: "10.00" });
    await insertTransaction(t.db, { ...base, status: "Pending", isPriority: true, amount: "20.00" });
    // Approved today in Kolkata (2026-12-01 00:30 IST = 2026-11-30 19:00 UTC), this month (Dec), unpaid.
    await insertTransaction(t.db, { ...base, status: "Approved", amount: "100.00", approvedAt: at("2026-11-30T19:00:00Z"), transactionDate: "2026-12-01" });
    // Approved yesterday in Kolkata (2026-11-30 23:00 IST), paid, transaction date in November.
    await insertTransaction(t.db, {
      ...base,
      status: "Paid",
      isPaid: true,
      amount: "200.00",
      approvedAt: at("2026-11-30T17:30:00Z"),
      transactionDate: "2026-11-30",
    });
    // PaymentDue, approved today, this month.
    await insertTransaction(t.db, { ...base, status: "PaymentDue", amount: "300.00", approvedAt: at("2026-11-30T19:30:00Z"), transactionDate: "2026-12-01" });
    // Completed, transaction date this month, approved long ago.
    await insertTransaction(t.db, {
      ...base,
      status: "Completed",
      isPaid: true,
      amount: "400.00",
      approvedAt: at("2026-11-01T10:00:00Z"),
      transactionDate: "2026-12-01",
    });
    // Rejected this month with an old approvedAt: counts nowhere.
    await insertTransaction(t.db, { ...base, status: "Rejected", amount: "500.00", approvedAt: at("2026-11-30T19:00:00Z"), transactionDate: "2026-12-01" });
    // Outside a 30-day window: only a SuperAdmin counts it.
    await insertTransaction(t.db, { ...base, status: "Pending", amount: "1.00", createdAt: at("2026-10-01T00:00:00Z") });

    const approver = await t.signIn("Approver");
    const res = await approver.api.get("/api/dashboard/stats");
    expect(res.status).toBe(200);
    // Amounts, the month and the unpaid figures are a SuperAdmin's only (DECISIONS §4).
    expect(res.body).toEqual({
      pendingTransactions: 2,
      urgentTransactions: 1,
      todayApprovedCount: 2,
      todayApprovedAmount: null,
      thisMonthCount: null,
      thisMonthAmount: null,
      unpaidApprovedCount: null,
      unpaidApprovedAmount: null,
    });
    const superAdmin = await t.signIn("SuperAdmin");
    const all = await superAdmin.api.get("/api/dashboard/stats");
    expect(all.body).toEqual({
      pendingTransactions: 3,
      urgentTransactions: 1,
      todayApprovedCount: 2,
      todayApprovedAmount: "400.00",
      thisMonthCount: 3,
      thisMonthAmount: "800.00",
      unpaidApprovedCount: 2,
      unpaidApprovedAmount: "400.00",
    });
    for (const role of ["Accountant", "Approver"] as const) {
      const other = (await (await t.signIn(role)).api.get("/api/dashboard/stats")).body;
      expect([other.todayApprovedAmount, other.thisMonthAmount, other.thisMonthCount, other.unpaidApprovedAmount, other.unpaidApprovedCount]).toEqual([
        null,
        null,
        null,
        null,
        null,
      ]);
    }
    // The creator always sees their own, however old.
    expect((await accountant.api.get("/api/dashboard/stats")).body.pendingTransactions).toBe(3);
  });
});
