// The header bell's endpoints (DECISIONS §6): each signed-in user reads, marks and clears only their own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import supertest from "supertest";
import { createTestApp, type TestApp } from "../test/harness";
import { auditLog, notifications, transactions } from "../db/schema";
import { builtinCategory, insertTransaction, txnBody } from "../test/transaction-fixtures";
import { TEST_PASSWORD } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** `count` notifications for `userId` about a transaction of theirs (so always theirs to see), oldest first. */
async function seed(userId: string, count: number, start = Date.now() - count * 1000) {
  const about = await insertTransaction(t.db, { createdBy: userId, categoryId: (await builtinCategory(t.db, "Travel")).id, status: "Pending" });
  await t.db.insert(notifications).values(
    Array.from({ length: count }, (_, i) => ({
      userId,
      type: i % 2 ? "transaction_pending" : "user_notification",
      message: `message ${i}`,
      isPriority: i % 3 === 0,
      transactionId: about.id,
      humanReadableId: about.humanReadableId,
      category: "Travel",
      createdAt: new Date(start + i * 1000),
    })),
  );
  return about;
}

describe("GET /api/notifications", () => {
  it("is 401 when not signed in", async () => {
    expect((await t.client().get("/api/notifications")).status).toBe(401);
  });

  it("answers my latest 50, newest first, in the contract's shape", async () => {
    const me = await t.signIn("Approver");
    const other = await t.signIn("Approver");
    const about = await seed(me.user.id, 60);
    await seed(other.user.id, 3);
    const res = await me.api.get("/api/notifications");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(50);
    expect(res.body[0].message).toBe("message 59");
    expect(res.body[49].message).toBe("message 10");
    expect(Object.keys(res.body[0]).sort()).toEqual(
      ["id", "type", "message", "isPriority", "transactionId", "humanReadableId", "category", "isRead", "createdAt"].sort(),
    );
    expect(res.body[0]).toMatchObject({
      type: "transaction_pending",
      isPriority: false,
      transactionId: about.id,
      humanReadableId: about.humanReadableId,
      category: "Travel",
      isRead: false,
    });
    const times = res.body.map((n: { createdAt: string }) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe("POST /api/notifications/read-all", () => {
  it("needs the CSRF header", async () => {
    const me = await t.signIn("Accountant");
    const res = await me.api.agent.post("/api/notifications/read-all");
    expect(res.status).toBe(403);
  });

  it("marks only my notifications read", async () => {
    const me = await t.signIn("Accountant");
    const other = await t.signIn("Accountant");
    await seed(me.user.id, 4);
    await seed(other.user.id, 2);
    const res = await me.api.post("/api/notifications/read-all");
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect((await me.api.get("/api/notifications")).body.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
    expect((await other.api.get("/api/notifications")).body.every((n: { isRead: boolean }) => !n.isRead)).toBe(true);
  });
});

describe("DELETE /api/notifications (Clear All)", () => {
  it("is 401 when not signed in", async () => {
    expect((await supertest(t.app).delete("/api/notifications").set("X-Requested-With", "XMLHttpRequest")).status).toBe(401);
  });

  it("clears only my notifications and records it in the audit trail", async () => {
    const me = await t.signIn("SuperAdmin");
    const other = await t.signIn("Approver");
    await seed(me.user.id, 5);
    await seed(other.user.id, 2);
    const res = await me.api.delete("/api/notifications");
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect((await me.api.get("/api/notifications")).body).toEqual([]);
    expect((await other.api.get("/api/notifications")).body).toHaveLength(2);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "clear_notifications"), eq(auditLog.entityId, me.user.id)));
    expect(entry).toMatchObject({ entityType: "user", performedBy: me.user.id });
  });
});

// ---------------------------------------------------------------- visibility (DECISIONS §6 with §4)

describe("notifications follow what the user may see", () => {
  const DAY = 86_400_000;
  type Item = { transactionId: string | null; humanReadableId: string | null; message: string; isRead: boolean };
  const bell = async (who: { api: ReturnType<TestApp["client"]> }) => (await who.api.get("/api/notifications")).body as Item[];
  const about = (items: Item[], humanReadableId: string) => items.filter((n) => n.humanReadableId === humanReadableId);
  const createdDaysAgo = (id: string, days: number) =>
    t.db
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - days * DAY) })
      .where(eq(transactions.id, id));

  /** A transaction of `owner` submitted, so every Approver and SuperAdmin is told, then approved by `approver`, so the owner is told. */
  async function submittedAndApproved(owner: { api: ReturnType<TestApp["client"]> }, approver: { api: ReturnType<TestApp["client"]> }) {
    const travel = await builtinCategory(t.db, "Travel");
    const created = await owner.api.post("/api/transactions", txnBody(travel.id));
    expect(created.status).toBe(201);
    expect((await owner.api.post(`/api/transactions/${created.body.id}/submit`)).status).toBe(200);
    expect((await approver.api.post(`/api/transactions/${created.body.id}/approve`, {})).status).toBe(200);
    return created.body as { id: string; humanReadableId: string };
  }

  it("an Approver stops seeing a notification once its transaction leaves their window; a SuperAdmin still sees it; the owner (an Accountant) still sees theirs", async () => {
    const owner = await t.signIn("Accountant", { visibilityWindowDays: 7 });
    const approver = await t.signIn("Approver", { visibilityWindowDays: 7 });
    const admin = await t.signIn("SuperAdmin");
    const txn = await submittedAndApproved(owner, approver);
    await createdDaysAgo(txn.id, 6);
    expect(about(await bell(approver), txn.humanReadableId)).toHaveLength(1);
    expect(about(await bell(admin), txn.humanReadableId)).toHaveLength(1);
    expect(about(await bell(owner), txn.humanReadableId)).toHaveLength(1);

    await createdDaysAgo(txn.id, 8);
    expect(about(await bell(approver), txn.humanReadableId)).toEqual([]);
    expect((await approver.api.get(`/api/transactions/${txn.id}`)).status).toBe(404);
    expect(about(await bell(admin), txn.humanReadableId)).toHaveLength(1);
    expect(about(await bell(owner), txn.humanReadableId)).toHaveLength(1);
    // Still stored: it is left out, not lost.
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, approver.user.id), eq(notifications.transactionId, txn.id))),
    ).toHaveLength(1);
  });

  it("read-all and Clear All count only what the bell shows", async () => {
    const owner = await t.signIn("Accountant");
    const approver = await t.signIn("Approver", { visibilityWindowDays: 7 });
    const old = await submittedAndApproved(owner, await t.signIn("Approver"));
    const recent = await submittedAndApproved(owner, await t.signIn("Approver"));
    await createdDaysAgo(old.id, 30);
    await t.db.insert(notifications).values({ userId: approver.user.id, type: "user_notification", message: "Not about a transaction" });
    const read = await approver.api.post("/api/notifications/read-all");
    expect(read.status).toBe(200);
    expect(read.body.count).toBe(2);
    const cleared = await approver.api.delete("/api/notifications");
    expect(cleared.body.count).toBe(2);
    expect(await bell(approver)).toEqual([]);
    expect(about(await bell(owner), recent.humanReadableId).length).toBeGreaterThan(0);
  });

  it("a deleted transaction's notifications are left out for everyone; one about no transaction stays", async () => {
    const owner = await t.signIn("Accountant");
    const approver = await t.signIn("Approver");
    const admin = await t.signIn("SuperAdmin");
    const txn = await submittedAndApproved(owner, approver);
    await t.db.insert(notifications).values({ userId: admin.user.id, type: "user_notification", message: "An alert about no transaction", isPriority: true });
    expect(about(await bell(admin), txn.humanReadableId)).toHaveLength(1);
    expect((await admin.api.delete(`/api/transactions/${txn.id}`)).status).toBe(200);
    const kept = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.humanReadableId, txn.humanReadableId), isNull(notifications.transactionId)));
    expect(kept.length).toBeGreaterThanOrEqual(2);
    for (const who of [owner, approver, admin]) expect(about(await bell(who), txn.humanReadableId)).toEqual([]);
    expect((await bell(admin)).map((n) => n.message)).toContain("An alert about no transaction");
  });
});

describe("a user whose role sees no finance transaction (DECISIONS §6)", () => {
  /** The user signed in again (a role change ends their sessions). */
  async function signInAgain(username: string) {
    const api = t.client();
    expect((await api.post("/api/auth/login", { username, password: TEST_PASSWORD })).status).toBe(200);
    return api;
  }

  it("sees none of the finance notifications received as an Approver, in the list, read-all or Clear All; they are there again under a finance role", async () => {
    const owner = await t.signIn("Accountant");
    const approver = await t.signIn("Approver");
    const admin = await t.signIn("SuperAdmin");
    const travel = await builtinCategory(t.db, "Travel");
    const created = await owner.api.post("/api/transactions", txnBody(travel.id));
    expect((await owner.api.post(`/api/transactions/${created.body.id}/submit`)).status).toBe(200);
    // A finance notification about no transaction, as a delegation sends.
    await t.db.insert(notifications).values({ userId: approver.user.id, type: "user_notification", message: "Rajesh Sharma delegated his approvals to you" });
    const received = await approver.api.get("/api/notifications");
    expect(received.body.map((n: { type: string }) => n.type).sort()).toEqual(["transaction_pending", "user_notification"]);

    for (const role of ["HR Staff", "HR Admin"] as const) {
      expect((await admin.api.put(`/api/admin/users/${approver.user.id}`, { role })).status).toBe(200);
      const hr = await signInAgain(approver.user.username);
      expect((await hr.get("/api/notifications")).body).toEqual([]);
      expect((await hr.post("/api/notifications/read-all")).body).toMatchObject({ count: 0 });
      expect((await hr.delete("/api/notifications")).body).toMatchObject({ count: 0 });
      // Left out, not read or deleted.
      const stored = await t.db.select().from(notifications).where(eq(notifications.userId, approver.user.id));
      expect(stored.map((n) => n.isRead)).toEqual([false, false]);
    }

    expect((await admin.api.put(`/api/admin/users/${approver.user.id}`, { role: "Approver" })).status).toBe(200);
    const back = await signInAgain(approver.user.username);
    expect((await back.get("/api/notifications")).body).toHaveLength(2);
  });
});
