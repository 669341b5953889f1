// The category's emergency limits (DECISIONS §5): counted by the day and month of the submission in
// APP_TIMEZONE (Asia/Kolkata here), never by the transaction date the submitter typed, over the
// category's emergency transactions submitted then and still Pending or approved; and they hold
// when two submissions arrive at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { transactions, type CategoryRow } from "../db/schema";
import type { TransactionStatus } from "../../shared/constants";
import { formatRupees } from "../../shared/format";
import { insertTransaction, makeCategory, txnBody, txnRow } from "../test/transaction-fixtures";

let t: TestApp;
let accountant: { user: MadeUser; api: ApiClient };
let otherAccountant: { user: MadeUser; api: ApiClient };
// 2026-11-20 20:00 UTC is 2026-11-21 01:30 in Asia/Kolkata: the UTC day and the app's day differ.
const START = new Date("2026-11-20T20:00:00Z");
let now = START;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  [accountant, otherAccountant] = await Promise.all([t.signIn("Accountant"), t.signIn("Accountant")]);
});
afterAll(async () => {
  await t?.close();
});

async function emergencyDraft(category: CategoryRow, amount: string, transactionDate = "2026-11-21", who = accountant): Promise<string> {
  const res = await who.api.post("/api/transactions", txnBody(category.id, { isEmergency: true, amount, transactionDate }));
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const submit = (id: string, who = accountant) => who.api.post(`/api/transactions/${id}/submit`);

/** An emergency transaction of `category` submitted at `submittedAt`, put straight into `status`. */
const submitted = (category: CategoryRow, amount: string, submittedAt: string, status: TransactionStatus = "Pending", extra: Record<string, unknown> = {}) =>
  insertTransaction(t.db, {
    createdBy: accountant.user.id,
    categoryId: category.id,
    status,
    isEmergency: true,
    amount,
    submittedAt: new Date(submittedAt),
    ...extra,
  });

describe("daily limit: the day of the submission in APP_TIMEZONE", () => {
  it("a transaction dated in the past does not dodge today's limit", async () => {
    now = START;
    const category = await makeCategory(t.db, { emergencyLimitPolicy: { dailyLimit: "1000", monthlyLimit: null } });
    expect((await submit(await emergencyDraft(category, "600"))).status).toBe(200);
    const backdated = await emergencyDraft(category, "500", "2025-01-01");
    const res = await submit(backdated);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("emergency_daily_limit");
    expect(res.body.message).toBe(
      `This emergency transaction would take ${category.name}'s emergency total for 2026-11-21 to ${formatRupees("1100")}, over its daily limit of ${formatRupees("1000")}`,
    );
    expect((await txnRow(t.db, backdated))!.status).toBe("Draft");
    // Exactly at the limit passes.
    expect((await submit(await emergencyDraft(category, "400", "2025-01-01"))).status).toBe(200);
  });

  it("a transaction dated in the future does not dodge today's limit", async () => {
    now = START;
    const category = await makeCategory(t.db, { emergencyLimitPolicy: { dailyLimit: "1000", monthlyLimit: null } });
    expect((await submit(await emergencyDraft(category, "600", "2026-11-01"))).status).toBe(200);
    const res = await submit(await emergencyDraft(category, "500", "2100-12-31"));
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(`for 2026-11-21 to ${formatRupees("1100")}, over its daily limit of ${formatRupees("1000")}`);
  });

  it("counts what was submitted today in the app's zone, whatever its date, and starts afresh the next day", async () => {
    // 2026-11-21 20:00 in Kolkata (a session lives 12 hours by the app's clock: this test signs in at its own time).
    now = new Date("2026-11-21T14:30:00Z");
    const me = await t.signIn("Accountant");
    const category = await makeCategory(t.db, { emergencyLimitPolicy: { dailyLimit: "1000", monthlyLimit: null } });
    // 2026-11-20 18:31 UTC is 00:01 on the 21st in Kolkata: today. 18:29 UTC is 23:59 on the 20th: yesterday.
    await submitted(category, "300", "2026-11-20T18:31:00Z", "Pending", { transactionDate: "2024-03-03" });
    await submitted(category, "300", "2026-11-21T10:00:00Z", "Completed", { transactionDate: "2099-01-01" });
    await submitted(category, "900", "2026-11-20T18:29:00Z", "Approved", { transactionDate: "2026-11-21" });
    // Not counted: no longer Pending or approved, not emergency, or another category.
    await submitted(category, "900", "2026-11-21T09:00:00Z", "Rejected");
    await submitted(category, "900", "2026-11-21T09:00:00Z", "Draft");
    await submitted(category, "900", "2026-11-21T09:00:00Z", "Pending", { isEmergency: false });
    await submitted(await makeCategory(t.db), "900", "2026-11-21T09:00:00Z");
    const over = await submit(await emergencyDraft(category, "400.01", "2026-11-21", me), me);
    expect(over.status).toBe(422);
    expect(over.body.message).toContain(`for 2026-11-21 to ${formatRupees("1000.01")}, over its daily limit`);
    expect((await submit(await emergencyDraft(category, "400", "2026-11-21", me), me)).status).toBe(200);
    // Today is full; tomorrow in Kolkata is a new day for the same transaction date.
    const waiting = await emergencyDraft(category, "500", "2026-11-21", me);
    expect((await submit(waiting, me)).status).toBe(422);
    now = new Date("2026-11-21T18:30:00Z"); // 2026-11-22 00:00 in Kolkata
    expect((await submit(waiting, me)).status).toBe(200);
  });

  it("another owner's emergency submissions of the category count too, and a non-emergency one is never limited", async () => {
    now = START;
    const category = await makeCategory(t.db, { emergencyLimitPolicy: { dailyLimit: "1000", monthlyLimit: null } });
    expect((await submit(await emergencyDraft(category, "700", "2026-11-21", otherAccountant), otherAccountant)).status).toBe(200);
    expect((await submit(await emergencyDraft(category, "400"))).status).toBe(422);
    const plain = await accountant.api.post("/api/transactions", txnBody(category.id, { amount: "99999" }));
    expect((await submit(plain.body.id)).status).toBe(200);
  });
});

describe("monthly limit: the month of the submission in APP_TIMEZONE", () => {
  it("counts every emergency transaction submitted this month, whatever its date, and refuses a back- or future-dated one over it", async () => {
    now = new Date("2026-11-30T14:30:00Z"); // 30 November 20:00 in Kolkata
    const me = await t.signIn("Accountant");
    const category = await makeCategory(t.db, { emergencyLimitPolicy: { dailyLimit: null, monthlyLimit: "1000" } });
    // 2026-10-31 19:00 UTC is 00:30 on 1 November in Kolkata: this month. 18:00 UTC is still October.
    await submitted(category, "500", "2026-10-31T19:00:00Z", "Paid", { transactionDate: "2025-06-15" });
    await submitted(category, "300", "2026-11-10T06:00:00Z", "PaymentDue", { transactionDate: "2026-10-01" });
    await submitted(category, "5000", "2026-10-31T18:00:00Z", "Completed", { transactionDate: "2026-11-05" });
    const past = await submit(await emergencyDraft(category, "200.01", "2026-10-15", me), me);
    expect(past.status).toBe(422);
    expect(past.body.code).toBe("emergency_monthly_limit");
    expect(past.body.message).toContain(`for 2026-11 to ${formatRupees("1000.01")}, over its monthly limit of ${formatRupees("1000")}`);
    const future = await submit(await emergencyDraft(category, "250", "2100-12-31", me), me);
    expect(future.status).toBe(422);
    expect(future.body.code).toBe("emergency_monthly_limit");
    expect((await submit(await emergencyDraft(category, "200", "2100-12-31", me), me)).status).toBe(200);
    // December in Kolkata starts afresh.
    const next = await emergencyDraft(category, "900", "2026-11-30", me);
    expect((await submit(next, me)).status).toBe(422);
    now = new Date("2026-11-30T18:30:00Z"); // 1 December 00:00 in Kolkata
    expect((await submit(next, me)).status).toBe(200);
  });
});

describe("two emergency submissions at once", () => {
  it("that together pass the day's limit: exactly one 200 and one 422, and only one is Pending", async () => {
    now = START;
    for (let round = 0; round < 5; round++) {
      const category = await makeCategory(t.db, { emergencyLimitPolicy: { dailyLimit: "1000", monthlyLimit: "100000" } });
      const ids = [await emergencyDraft(category, "600", "2025-01-01"), await emergencyDraft(category, "600", "2100-12-31", otherAccountant)];
      const results = await Promise.all([submit(ids[0]!), submit(ids[1]!, otherAccountant)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
      const pending = await t.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.categoryId, category.id), eq(transactions.status, "Pending")));
      expect(pending).toHaveLength(1);
    }
  });
});
