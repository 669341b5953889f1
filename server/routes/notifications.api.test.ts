// The header bell's endpoints (DECISIONS §6): each signed-in user reads, marks and clears only their own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import supertest from "supertest";
import { createTestApp, type TestApp } from "../test/harness";
import { auditLog, notifications } from "../db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function seed(userId: string, count: number, start = Date.now() - count * 1000) {
  await t.db.insert(notifications).values(
    Array.from({ length: count }, (_, i) => ({
      userId,
      type: i % 2 ? "transaction_pending" : "user_notification",
      message: `message ${i}`,
      isPriority: i % 3 === 0,
      humanReadableId: `TXN-${String(i).padStart(6, "0")}`,
      category: "Travel",
      createdAt: new Date(start + i * 1000),
    })),
  );
}

describe("GET /api/notifications", () => {
  it("is 401 when not signed in", async () => {
    expect((await t.client().get("/api/notifications")).status).toBe(401);
  });

  it("answers my latest 50, newest first, in the contract's shape", async () => {
    const me = await t.signIn("Approver");
    const other = await t.signIn("Approver");
    await seed(me.user.id, 60);
    await seed(other.user.id, 3);
    const res = await me.api.get("/api/notifications");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(50);
    expect(res.body[0].message).toBe("message 59");
    expect(res.body[49].message).toBe("message 10");
    expect(Object.keys(res.body[0]).sort()).toEqual(
      ["id", "type", "message", "isPriority", "transactionId", "humanReadableId", "category", "isRead", "createdAt"].sort(),
    );
    expect(res.body[0]).toMatchObject({ type: "transaction_pending", isPriority: false, transactionId: null, humanReadableId: "TXN-000059", category: "Travel", isRead: false });
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
