// The audit trail tells the moments the app's clock gives (DECISIONS §2; writeAudit stamps every
// entry with the context's clock), whichever service wrote the entry: a sign-in, a category, a
// transaction's moves. With a clock set apart from the database's, an entry stamped by now() shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, or } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness";
import { auditLog } from "../db/schema";
import { builtinCategory } from "../test/transaction-fixtures";

const AT = new Date("2026-06-15T04:05:06.789Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => AT });
});

afterAll(async () => {
  await t.close();
});

describe("writeAudit", () => {
  it("stamps every entry with the app's clock, not the database's", async () => {
    const admin = await t.signIn("SuperAdmin");
    const accountant = await t.signIn("Accountant");
    const category = await admin.api.post("/api/categories", { name: "Stationery for the audit clock", requiredApprovals: 1 });
    expect(category.status).toBe(201);
    const travel = await builtinCategory(t.db, "Travel");
    const created = await accountant.api.post("/api/transactions", {
      formType: "B",
      categoryId: travel.id,
      amount: "120.00",
      transactionDate: "2026-06-14",
      description: "Taxi",
    });
    expect(created.status).toBe(201);
    expect((await accountant.api.post(`/api/transactions/${created.body.id}/submit`)).status).toBe(200);

    const entries = await t.db
      .select({ action: auditLog.action, timestamp: auditLog.timestamp })
      .from(auditLog)
      .where(or(inArray(auditLog.performedBy, [admin.user.id, accountant.user.id]), eq(auditLog.entityId, created.body.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(["create", "create", "login", "login", "submit"]);
    for (const entry of entries) expect(entry.timestamp.toISOString(), entry.action).toBe(AT.toISOString());
  });
});
