// Reach (DECISIONS §14) through HTTP on a real database, against real protocol peers: a Web Push
// service over TLS that checks each VAPID signature and decrypts each payload with the
// subscription's own keys (server/test/push-service.ts), and an SMTP server that parses each email
// (server/test/mail-server.ts). Most tests queue through the API and then run the worker's round
// themselves (sendDueNotifications), so each decides exactly when sending happens.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { makeUser, TEST_PASSWORD, type MadeUser } from "../test/factories";
import { builtinCategory, insertTransaction, makeCategory, txnBody } from "../test/transaction-fixtures";
import { startTestPushService, type TestPushService, type TestSubscriber } from "../test/push-service";
import { startTestMailServer, type TestMailServer } from "../test/mail-server";
import { notificationOutbox, notifications, pushSubscriptions, settings, users } from "../db/schema";
import { serviceContext } from "../services/context";
import { sendDueNotifications, startOutboxWorker, type OutboxWorkerOptions } from "../services/delivery/outbox-worker";
import { ensureVapidKeys } from "../services/delivery/push";
import { queueDailyDigests } from "../services/delivery/digest";
import { deepLinks } from "../../shared/deep-links";
import { toIsoDate } from "../../shared/format";
import type { CategoryRow } from "../db/schema";

const PUBLIC_URL = "https://bms.example.in";
let now: Date | null = null;
let t: TestApp;
let push: TestPushService;
let mail: TestMailServer;
let options: OutboxWorkerOptions;
let travel: CategoryRow;

beforeAll(async () => {
  [push, mail] = await Promise.all([startTestPushService(), startTestMailServer()]);
  t = await createTestApp({ clock: () => now ?? new Date(), env: { SMTP_URL: mail.url, PUBLIC_URL, MAIL_FROM: "Sharma Textiles BMS <bms@example.in>" } });
  await ensureVapidKeys(t.db, t.config);
  await t.db.insert(settings).values({ key: "company", value: { legalName: "Sharma Textiles Pvt. Ltd.", gstin: null, stateCode: null } });
  options = { exclusive: t.database.kind === "pglite", pushAgent: push.agent };
  travel = await builtinCategory(t.db, "Travel");
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([push?.close(), mail?.close()]);
});
afterEach(async () => {
  now = null;
  push.answer("all", { status: 201, delayMs: 0, hold: false });
  push.release();
  push.received.length = 0;
  mail.received.length = 0;
  await t.db.delete(notificationOutbox);
  await t.db.delete(pushSubscriptions);
});

const send = () => sendDueNotifications(serviceContext(t.deps), options);
const outboxOf = (userId: string) => t.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, userId));

async function person(role: "Accountant" | "Approver" | "SuperAdmin", extra: { email?: string | null; visibilityWindowDays?: number; name?: string } = {}) {
  const user = await makeUser(t.db, { role, ...extra });
  const api = t.client();
  const res = await api.post("/api/auth/login", { username: user.username, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return { user, api };
}

async function subscribe(api: ApiClient, label = "Phone"): Promise<TestSubscriber> {
  const device = push.subscriber();
  const res = await api.post("/api/account/push-subscriptions", { endpoint: device.endpoint, keys: device.keys, label });
  expect(res.status).toBe(201);
  return device;
}

async function submitted(owner: ApiClient, overrides: Record<string, unknown> = {}, category = travel) {
  const created = await owner.post("/api/transactions", txnBody(category.id, { amount: "12500", description: "Train to Surat", ...overrides }));
  expect(created.status).toBe(201);
  const res = await owner.post(`/api/transactions/${created.body.id}/submit`, {});
  expect(res.status).toBe(200);
  return res.body as { id: string; humanReadableId: string };
}

const pushesTo = (device: TestSubscriber) => push.received.filter((r) => r.endpoint === device.endpoint);

describe("the VAPID key and a person's devices", () => {
  it("GET /api/push/public-key answers the key made at the first start, the one that signs every push", async () => {
    expect((await t.client().get("/api/push/public-key")).status).toBe(401);
    const res = await (await person("Accountant")).api.get("/api/push/public-key");
    expect(res.status).toBe(200);
    const [kept] = await t.db.select().from(settings).where(eq(settings.key, "vapid"));
    expect(res.body).toEqual({ publicKey: (kept!.value as { publicKey: string }).publicKey });
    expect(res.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // A second start keeps it.
    expect((await ensureVapidKeys(t.db, t.config)).publicKey).toBe(res.body.publicKey);
  });

  it("registers an https endpoint only, one row per endpoint belonging to whoever sent it last; lists and deletes only one's own", async () => {
    const a = await person("Approver");
    const b = await person("Approver");
    const anon = t.client();
    const device = push.subscriber();
    const body = { endpoint: device.endpoint, keys: device.keys, label: "Pixel 8" };
    expect((await anon.post("/api/account/push-subscriptions", body)).status).toBe(401);
    const http = await a.api.post("/api/account/push-subscriptions", { ...body, endpoint: body.endpoint.replace("https:", "http:") });
    expect(http.status).toBe(400);
    expect(http.body.issues[0].path).toBe("endpoint");
    const noKeys = await a.api.post("/api/account/push-subscriptions", { endpoint: body.endpoint });
    expect(noKeys.status).toBe(400);
    expect(noKeys.body.issues[0].path).toBe("keys");

    const first = await a.api.post("/api/account/push-subscriptions", body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ label: "Pixel 8", lastSentAt: null });
    // The shared phone: B signs in on it and sends the same endpoint; it is B's now, and only B's.
    const second = await b.api.post("/api/account/push-subscriptions", { ...body, label: "Shared phone" });
    expect(second.status).toBe(201);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(b.user.id);
    // Sent again at B's next sign-in, without a label: the device keeps its label.
    expect((await b.api.post("/api/account/push-subscriptions", { endpoint: device.endpoint, keys: device.keys })).body.label).toBe("Shared phone");
    expect((await a.api.get("/api/account/push-subscriptions")).body).toEqual([]);
    expect((await b.api.get("/api/account/push-subscriptions")).body).toEqual([expect.objectContaining({ id: rows[0]!.id, label: "Shared phone" })]);
    expect((await a.api.delete(`/api/account/push-subscriptions/${rows[0]!.id}`)).status).toBe(404);
    expect((await b.api.delete(`/api/account/push-subscriptions/${rows[0]!.id}`)).status).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
  });

  it("PUSH_ALLOWED_HOSTS refuses a push service outside the list", async () => {
    const strict = await createTestApp({ env: { PUSH_ALLOWED_HOSTS: "fcm.googleapis.com, web.push.apple.com" } });
    try {
      const { api } = await strict.signIn("Approver");
      const device = push.subscriber();
      const refused = await api.post("/api/account/push-subscriptions", { endpoint: device.endpoint, keys: device.keys });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/PUSH_ALLOWED_HOSTS/);
      const allowed = await api.post("/api/account/push-subscriptions", { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: device.keys });
      expect(allowed.status).toBe(201);
    } finally {
      await strict.close();
    }
  });
});

describe("what is pushed, to whom", () => {
  it("a submission pushes 'Approval needed' to each approver's devices, the payload of §14, signed and encrypted; never to the submitter", async () => {
    const owner = await person("Accountant", { name: "Priya Nair" });
    const approver = await person("Approver");
    const admin = await person("SuperAdmin");
    const phone = await subscribe(approver.api, "Phone");
    const laptop = await subscribe(approver.api, "Laptop");
    const adminPhone = await subscribe(admin.api);
    const ownerPhone = await subscribe(owner.api);
    const txn = await submitted(owner.api);
    await send();
    const { publicKey } = (await approver.api.get("/api/push/public-key")).body;
    for (const device of [phone, laptop, adminPhone]) {
      const [got] = pushesTo(device);
      expect(got!.payload).toEqual({
        title: "Approval needed",
        body: `${txn.humanReadableId} · Travel · ₹12,500.00 · from Priya Nair`,
        url: `/pending-approvals?review=${txn.id}`,
        tag: txn.id,
        priority: false,
      });
      expect(got!.vapid.publicKey).toBe(publicKey);
      expect(got!.vapid.aud).toBe(push.origin);
      expect(got!.urgency).toBe("normal");
    }
    expect(pushesTo(ownerPhone)).toEqual([]);
    expect(push.rejected).toEqual([]);
    const rows = await outboxOf(approver.user.id);
    expect(rows.map((r) => [r.status, r.sentTo]).sort()).toEqual([
      ["sent", "Laptop"],
      ["sent", "Phone"],
    ]);
    expect((await approver.api.get("/api/account/push-subscriptions")).body.every((d: { lastSentAt: string | null }) => d.lastSentAt !== null)).toBe(true);
  });

  it("a decision pushes to the owner with the link to the transaction's dialog; an emergency goes at high urgency", async () => {
    const owner = await person("Accountant");
    const approver = await person("Approver", { name: "Anita Desai" });
    const ownerPhone = await subscribe(owner.api);
    const approverPhone = await subscribe(approver.api);
    const txn = await submitted(owner.api, { isEmergency: true, amount: "2500" });
    await send();
    expect((await approver.api.post(`/api/transactions/${txn.id}/approve`, {})).status).toBe(200);
    await send();
    const [needed] = pushesTo(approverPhone);
    expect(needed!.payload.title).toBe("Emergency approval needed");
    expect(needed!.payload.priority).toBe(true);
    expect(needed!.urgency).toBe("high");
    const [decided] = pushesTo(ownerPhone);
    expect(decided!.payload).toEqual({
      title: "Approved",
      body: `${txn.humanReadableId} · Travel · ₹2,500.00 · by Anita Desai`,
      url: deepLinks.ownTransaction(txn.id),
      tag: txn.id,
      priority: true,
    });
    expect(decided!.urgency).toBe("high");
  });

  it("only about what they may see when it is sent: outside an approver's window, after a role change, and once decided, nothing goes", async () => {
    const owner = await person("Accountant");
    const narrow = await person("Approver", { visibilityWindowDays: 1 });
    const leaving = await person("Approver");
    const late = await person("Approver");
    const [narrowPhone, leavingPhone, latePhone] = [await subscribe(narrow.api), await subscribe(leaving.api), await subscribe(late.api)];
    // Created five days ago (a draft that waited), submitted now: outside the 1-day window.
    const old = await insertTransaction(t.db, { createdBy: owner.user.id, categoryId: travel.id, createdAt: new Date(Date.now() - 5 * 86_400_000) });
    expect((await owner.api.post(`/api/transactions/${old.id}/submit`, {})).status).toBe(200);
    await t.db.update(users).set({ role: "HR Staff" }).where(eq(users.id, leaving.user.id));
    await send();
    expect(pushesTo(narrowPhone)).toEqual([]);
    expect(pushesTo(leavingPhone)).toEqual([]);
    expect(pushesTo(latePhone)).toHaveLength(1);
    const reason = async (u: MadeUser) => (await outboxOf(u.id)).map((r) => [r.status, r.lastError]);
    expect(await reason(narrow.user)).toEqual([["skipped", "The transaction is no longer visible to them"]]);
    expect(await reason(leaving.user)).toEqual([["skipped", "Their role no longer sees transactions"]]);

    // Decided before the push went out (it waited): an 'Approval needed' about it is not sent.
    const txn = await submitted(owner.api);
    expect((await late.api.post(`/api/transactions/${txn.id}/approve`, {})).status).toBe(200);
    await send();
    expect(pushesTo(narrowPhone).filter((p) => p.payload.tag === txn.id)).toEqual([]);
    const rows = (await outboxOf(narrow.user.id)).filter((r) => r.subjectId === txn.id);
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([["skipped", "Already approved before it was sent"]]);
  });

  it("a rolled-back change queues nothing (a submission refused over its emergency limit)", async () => {
    const owner = await person("Accountant");
    const approver = await person("Approver");
    await subscribe(approver.api);
    const limited = await makeCategory(t.db, { emergencyLimitPolicy: { dailyLimit: "1000", monthlyLimit: null } });
    const created = await owner.api.post("/api/transactions", txnBody(limited.id, { isEmergency: true, amount: "5000" }));
    expect((await owner.api.post(`/api/transactions/${created.body.id}/submit`, {})).status).toBe(422);
    expect(await outboxOf(approver.user.id)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.transactionId, created.body.id))).toEqual([]);
  });
});

describe("the push service's answers", () => {
  it("a 410 deletes the subscription at once; a 404 too", async () => {
    const owner = await person("Accountant");
    const approver = await person("Approver");
    const gone = await subscribe(approver.api, "Old phone");
    const missing = await subscribe(approver.api, "Lost tablet");
    const fine = await subscribe(approver.api, "New phone");
    push.answer(gone, { status: 410 });
    push.answer(missing, { status: 404 });
    await submitted(owner.api);
    await send();
    const devices = (await approver.api.get("/api/account/push-subscriptions")).body as { label: string }[];
    expect(devices.map((d) => d.label)).toEqual(["New phone"]);
    expect(pushesTo(fine)).toHaveLength(1);
    const rows = await outboxOf(approver.user.id);
    expect(
      rows
        .filter((r) => r.status === "failed")
        .map((r) => r.lastError?.slice(0, 55))
        .sort(),
    ).toEqual(["The push service says the subscription is gone (404: pu", "The push service says the subscription is gone (410: pu"]);
  });

  it("another 4xx gives up at once; a 5xx is tried again later with backoff", async () => {
    const owner = await person("Accountant");
    const approver = await person("Approver");
    const refused = await subscribe(approver.api, "Refused");
    const flaky = await subscribe(approver.api, "Flaky");
    push.answer(refused, { status: 400 });
    push.answer(flaky, { status: 503 });
    await submitted(owner.api);
    await send();
    const byLabel = async () => Object.fromEntries((await outboxOf(approver.user.id)).map((r) => [r.sentTo, r]));
    let rows = await byLabel();
    expect(rows.Refused).toMatchObject({ status: "failed", attempts: 1 });
    expect(rows.Refused!.lastError).toMatch(/^Push service refused it \(400/);
    expect(rows.Flaky).toMatchObject({ status: "queued", attempts: 1 });
    expect(rows.Flaky!.nextAttemptAt.getTime() - rows.Flaky!.firstAttemptAt!.getTime()).toBe(30_000);
    // Not due yet: nothing goes. Once due (the clock moves), it goes, and the device is told.
    await send();
    expect((await byLabel()).Flaky!.attempts).toBe(1);
    push.answer(flaky, { status: 201 });
    now = new Date(Date.now() + 31_000);
    await send();
    rows = await byLabel();
    expect(rows.Flaky).toMatchObject({ status: "sent", attempts: 2 });
    expect(pushesTo(flaky)).toHaveLength(1);
  });

  it("gives up after 24 hours of failures", async () => {
    const owner = await person("Accountant");
    const approver = await person("Approver");
    const down = await subscribe(approver.api, "Down");
    push.answer(down, { status: 500 });
    await submitted(owner.api);
    const start = Date.now();
    for (let hour = 0; hour <= 25; hour++) {
      now = new Date(start + hour * 3_600_000 + 1000);
      await send();
    }
    const [row] = await outboxOf(approver.user.id);
    expect(row!.status).toBe("failed");
    expect(row!.lastError).toMatch(/^Gave up after 24 hours\. Push service answered 500/);
    expect(row!.attempts).toBeGreaterThan(5);
  });
});

describe("preferences and quiet hours", () => {
  it("GET answers the defaults; PUT replaces the whole object; a bad field is a 400 naming it and changes nothing", async () => {
    const { api } = await person("Approver");
    expect((await t.client().get("/api/account/notification-preferences")).status).toBe(401);
    expect((await api.get("/api/account/notification-preferences")).body).toEqual({
      push: { pending: true, decisions: true },
      email: { pending: "digest", decisions: true },
      quietHours: null,
    });
    const mine = { push: { pending: false, decisions: true }, email: { pending: "instant", decisions: false }, quietHours: { from: "22:00", to: "07:00" } };
    expect((await api.put("/api/account/notification-preferences", mine)).body).toEqual(mine);
    for (const [bad, path] of [
      [{ ...mine, email: { pending: "weekly", decisions: true } }, "email.pending"],
      [{ ...mine, quietHours: { from: "25:00", to: "07:00" } }, "quietHours.from"],
      [{ ...mine, push: { pending: "yes", decisions: true } }, "push.pending"],
      [{ push: mine.push, email: mine.email }, "quietHours"],
    ] as const) {
      const res = await api.put("/api/account/notification-preferences", bad);
      expect(res.status).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await api.get("/api/account/notification-preferences")).body).toEqual(mine);
  });

  it("push off for pending approvals queues none of them; decisions still come", async () => {
    const owner = await person("Accountant");
    const approver = await person("Approver");
    const phone = await subscribe(approver.api);
    const ownerPhone = await subscribe(owner.api);
    await approver.api.put("/api/account/notification-preferences", {
      push: { pending: false, decisions: true },
      email: { pending: "off", decisions: false },
      quietHours: null,
    });
    await owner.api.put("/api/account/notification-preferences", {
      push: { pending: true, decisions: false },
      email: { pending: "off", decisions: false },
      quietHours: null,
    });
    const txn = await submitted(owner.api);
    await approver.api.post(`/api/transactions/${txn.id}/approve`, {});
    await send();
    expect(pushesTo(phone)).toEqual([]);
    expect(pushesTo(ownerPhone)).toEqual([]);
    expect(await outboxOf(approver.user.id)).toEqual([]);
    expect(await outboxOf(owner.user.id)).toEqual([]);
  });

  it("in quiet hours a push waits until they end; an emergency one does not", async () => {
    const owner = await person("Accountant");
    const approver = await person("Approver");
    const phone = await subscribe(approver.api);
    // 23:30 in Asia/Kolkata; quiet from 22:00 to 07:00, so the push waits until 07:00 (7.5 hours).
    now = new Date("2026-11-20T18:00:00Z");
    await approver.api.put("/api/account/notification-preferences", {
      push: { pending: true, decisions: true },
      email: { pending: "off", decisions: false },
      quietHours: { from: "22:00", to: "07:00" },
    });
    const regular = await submitted(owner.api, { transactionDate: "2026-11-20" });
    const urgent = await submitted(owner.api, { transactionDate: "2026-11-20", isEmergency: true, amount: "900" });
    await send();
    expect(pushesTo(phone).map((p) => p.payload.tag)).toEqual([urgent.id]);
    const waiting = (await outboxOf(approver.user.id)).find((r) => r.subjectId === regular.id)!;
    expect(waiting.status).toBe("queued");
    expect(waiting.nextAttemptAt.toISOString()).toBe("2026-11-21T01:30:00.000Z");
    now = new Date("2026-11-21T01:30:00Z");
    await send();
    expect(pushesTo(phone).map((p) => p.payload.tag)).toEqual([urgent.id, regular.id]);
  });
});

describe("email", () => {
  it("an approver who takes pending approvals as they come gets each one: subject, text and HTML with a link, no attachment, no one-click approve", async () => {
    const owner = await person("Accountant", { name: "Priya Nair" });
    const approver = await person("Approver", { email: "vikram@example.in" });
    await approver.api.put("/api/account/notification-preferences", {
      push: { pending: true, decisions: true },
      email: { pending: "instant", decisions: true },
      quietHours: null,
    });
    const txn = await submitted(owner.api);
    await send();
    const [got] = await mail.waitFor(1);
    expect(got!.to).toEqual(["vikram@example.in"]);
    expect(got!.subject).toBe(`[Sharma Textiles] Approval needed: ${txn.humanReadableId} Travel ₹12,500.00`);
    expect(got!.text).toContain(`${txn.humanReadableId} · Travel · ₹12,500.00 · from Priya Nair`);
    expect(got!.text).toContain(`${PUBLIC_URL}/pending-approvals?review=${txn.id}`);
    expect(got!.html).toContain(`href="${PUBLIC_URL}/pending-approvals?review=${txn.id}"`);
    expect(got!.attachments).toBe(0);
    expect(got!.html).not.toMatch(/\/api\/|approve\?/);
    expect(got!.mail.from?.text).toBe('"Sharma Textiles BMS" <bms@example.in>');
  });

  it("by default pending approvals wait for the digest, but an emergency is mailed at once; owners get their decisions", async () => {
    const owner = await person("Accountant", { email: "priya@example.in" });
    const approver = await person("Approver", { email: "anita@example.in", name: "Anita Desai" });
    const regular = await submitted(owner.api);
    await send();
    expect(mail.received.filter((m) => m.to.includes("anita@example.in"))).toEqual([]);
    const urgent = await submitted(owner.api, { isEmergency: true, amount: "800" });
    await send();
    const to = (address: string) => mail.received.filter((m) => m.to.includes(address));
    expect(to("anita@example.in").map((m) => m.subject)).toEqual([`[Sharma Textiles] Emergency approval needed: ${urgent.humanReadableId} Travel ₹800.00`]);
    expect((await approver.api.post(`/api/transactions/${regular.id}/reject`, { reason: "No ticket attached" })).status).toBe(200);
    await send();
    const [decision] = to("priya@example.in");
    expect(decision!.to).toEqual(["priya@example.in"]);
    expect(decision!.subject).toBe(`[Sharma Textiles] Rejected: ${regular.humanReadableId} Travel ₹12,500.00`);
    expect(decision!.text).toContain("by Anita Desai\nReason: No ticket attached");
    expect(decision!.text).toContain(`${PUBLIC_URL}/my-transactions?open=${regular.id}`);
  });

  it("the daily digest at 09:00 lists what waits for each approver, oldest first, once a day", async () => {
    const owner = await person("Accountant", { name: "Priya Nair" });
    const approver = await person("Approver", { email: "digest@example.in" });
    now = new Date(Date.now() - 2 * 86_400_000);
    const older = await submitted(owner.api, { amount: "1000" });
    now = new Date(Date.now() - 3_600_000 * 5);
    const newer = await submitted(owner.api, { amount: "2000.50" });
    const today = toIsoDate(new Date(), "Asia/Kolkata");
    now = new Date(`${today}T03:35:00Z`); // 09:05 in Asia/Kolkata
    expect(await queueDailyDigests(serviceContext(t.deps), today)).toBeGreaterThanOrEqual(1);
    expect(await queueDailyDigests(serviceContext(t.deps), today)).toBe(0);
    await send();
    const mine = mail.received.filter((m) => m.to.includes("digest@example.in"));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toMatch(/^\[Sharma Textiles\] Approvals waiting: \d+ transactions ₹[\d,]+\.\d\d$/);
    const text = mine[0]!.text;
    expect(text.indexOf(older.humanReadableId)).toBeGreaterThan(-1);
    expect(text.indexOf(older.humanReadableId)).toBeLessThan(text.indexOf(newer.humanReadableId));
    expect(text).toContain(`${older.humanReadableId} · Travel · ₹1,000.00 · from Priya Nair · waiting`);
    expect(text).toContain(`${PUBLIC_URL}/pending-approvals?review=${newer.id}`);
    const rows = (await outboxOf(approver.user.id)).filter((r) => r.kind === "digest");
    expect(rows.map((r) => [r.digestDay, r.status])).toEqual([[today, "sent"]]);
  });

  it("a mailbox the mail server refuses for good (550) fails at once with the server's words", async () => {
    const owner = await person("Accountant", { email: "nobody@example.in" });
    const approver = await person("Approver");
    mail.refuse("nobody@example.in");
    const txn = await submitted(owner.api);
    await approver.api.post(`/api/transactions/${txn.id}/approve`, {});
    await send();
    const [row] = (await outboxOf(owner.user.id)).filter((r) => r.channel === "email");
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.lastError).toMatch(/^The mail server refused it \(550/);
  });

  it("the user forms take an email address, validated, and the user answers carry it", async () => {
    const { api } = await person("SuperAdmin");
    const bad = await api.post("/api/admin/users", {
      username: `mail_${Date.now()}`,
      name: "Kavita Iyer",
      role: "Approver",
      password: "secret123",
      email: "kavita at example",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toEqual({ path: "email", message: "Email must be an email address, such as priya@example.in" });
    const made = await api.post("/api/admin/users", {
      username: `mail_${Date.now()}`,
      name: "Kavita Iyer",
      role: "Approver",
      password: "secret123",
      email: " kavita@example.in ",
    });
    expect(made.status).toBe(201);
    expect(made.body.email).toBe("kavita@example.in");
    const cleared = await api.put(`/api/admin/users/${made.body.id}`, { email: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.email).toBeNull();
  });
});

describe("sending is never in the request's way", () => {
  it("the worker wakes on the bus after commit and sends; the submit does not wait for a slow push service (p95 measured)", async () => {
    const owner = await person("Accountant");
    const approver = await person("Approver");
    const worker = startOutboxWorker(serviceContext(t.deps), options);
    try {
      const timeSubmits = async (n: number) => {
        const times: number[] = [];
        for (let i = 0; i < n; i++) {
          const created = await owner.api.post("/api/transactions", txnBody(travel.id, { amount: "100" }));
          const start = performance.now();
          expect((await owner.api.post(`/api/transactions/${created.body.id}/submit`, {})).status).toBe(200);
          times.push(performance.now() - start);
        }
        return times.sort((a, b) => a - b)[Math.ceil(n * 0.95) - 1]!;
      };
      const baseline = await timeSubmits(10);
      const slow = [await subscribe(approver.api, "slow 1"), await subscribe(approver.api, "slow 2")];
      push.answer("all", { delayMs: 5_000 });
      const withSlowPush = await timeSubmits(10);
      // Every submit queued two pushes the service held 5 s each, and not one submit waited for them.
      expect(withSlowPush).toBeLessThan(baseline * 2 + 100);
      expect(withSlowPush).toBeLessThan(1_000);
      await push.waitFor(20, 60_000);
      expect(slow.every((d) => pushesTo(d).length === 10)).toBe(true);
    } finally {
      await worker.stop();
    }
  }, 90_000);
});

describe("devices go when they must no longer be told", () => {
  it("signing out on a device removes its subscription, and only that device's", async () => {
    const approver = await person("Approver");
    const other = t.client();
    await other.post("/api/auth/login", { username: approver.user.username, password: TEST_PASSWORD });
    await subscribe(approver.api, "This phone");
    await subscribe(other, "Laptop");
    expect((await approver.api.post("/api/auth/logout", {})).status).toBe(200);
    expect((await other.get("/api/account/push-subscriptions")).body.map((d: { label: string }) => d.label)).toEqual(["Laptop"]);
  });

  it("disabling a user, changing their role and resetting their second factor remove all their devices", async () => {
    const { api: admin } = await person("SuperAdmin");
    const devicesOf = async (u: MadeUser) => (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id))).length;
    const disabled = await person("Approver");
    const moved = await person("Approver");
    const reset = await person("Approver");
    for (const p of [disabled, moved, reset]) {
      await subscribe(p.api);
      await subscribe(p.api);
    }
    expect((await admin.patch(`/api/admin/users/${disabled.user.id}/status`, { isActive: false })).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${moved.user.id}`, { role: "HR Staff" })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${reset.user.id}/second-factor/reset`, { reason: "Lost phone" })).status).toBe(200);
    expect([await devicesOf(disabled.user), await devicesOf(moved.user), await devicesOf(reset.user)]).toEqual([0, 0, 0]);
  });
});

describe("Send me a test", () => {
  it("to this device and by email, through the outbox; 400 for a device not registered, 409 without an address", async () => {
    const approver = await person("Approver", { email: "test-me@example.in" });
    const bare = await person("Approver");
    const phone = await subscribe(approver.api);
    const res = await approver.api.post("/api/account/notification-test", { channel: "push", endpoint: phone.endpoint });
    expect(res.status).toBe(202);
    expect((await approver.api.post("/api/account/notification-test", { channel: "email" })).status).toBe(202);
    expect((await bare.api.post("/api/account/notification-test", { channel: "push", endpoint: phone.endpoint })).status).toBe(400);
    expect((await bare.api.post("/api/account/notification-test", { channel: "email" })).status).toBe(409);
    await send();
    expect(pushesTo(phone).map((p) => p.payload)).toEqual([expect.objectContaining({ title: "Test notification", url: "/account/notifications" })]);
    expect((await mail.waitFor(1)).map((m) => [m.to[0], m.subject])).toEqual([["test-me@example.in", "[Sharma Textiles] Test notification: it works"]]);
    expect((await approver.api.get("/api/account/notification-channels")).body).toEqual({
      push: { available: true },
      email: { available: true, address: "test-me@example.in" },
    });
  });
});

describe("the outbox page", () => {
  it("shows a SuperAdmin the last 7 days, queued, sent and failed with the reason; others get 403", async () => {
    const owner = await person("Accountant");
    const approver = await person("Approver");
    const admin = await person("SuperAdmin");
    const good = await subscribe(approver.api, "Good phone");
    const dead = await subscribe(approver.api, "Dead phone");
    push.answer(dead, { status: 410 });
    await t.db.insert(notificationOutbox).values({
      channel: "email",
      kind: "test",
      userId: approver.user.id,
      message: { title: "Old", body: "old", url: "/", tag: "x", priority: false, urgent: false, headline: "old" },
      status: "sent",
      createdAt: new Date(Date.now() - 8 * 86_400_000),
    });
    await submitted(owner.api);
    await send();
    expect(pushesTo(good)).toHaveLength(1);
    expect((await t.client().get("/api/admin/notifications")).status).toBe(401);
    expect((await approver.api.get("/api/admin/notifications")).status).toBe(403);
    const res = await admin.api.get("/api/admin/notifications");
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(7);
    const mine = res.body.entries.filter((e: { recipient: { id: string } }) => e.recipient.id === approver.user.id);
    expect(mine.map((e: { sentTo: string; status: string }) => [e.sentTo, e.status]).sort()).toEqual([
      ["Dead phone", "failed"],
      ["Good phone", "sent"],
    ]);
    expect(mine.find((e: { status: string }) => e.status === "failed").lastError).toMatch(/gone \(410/);
    expect(mine.every((e: { title: string }) => e.title === "Approval needed")).toBe(true);
    expect(res.body.counts.failed).toBeGreaterThanOrEqual(1);
    const failedOnly = await admin.api.get("/api/admin/notifications?status=failed");
    expect(failedOnly.body.entries.every((e: { status: string }) => e.status === "failed")).toBe(true);
  });
});

describe("during a lockdown", () => {
  it("nothing is pushed to anyone but SuperAdmins", async () => {
    const owner = await person("Accountant");
    const approver = await person("Approver");
    const admin = await person("SuperAdmin");
    const approverPhone = await subscribe(approver.api);
    const adminPhone = await subscribe(admin.api);
    await submitted(owner.api);
    expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: true })).status).toBe(200);
    try {
      await send();
      expect(pushesTo(approverPhone)).toEqual([]);
      expect(pushesTo(adminPhone)).toHaveLength(1);
      expect((await outboxOf(approver.user.id)).map((r) => [r.status, r.lastError])).toEqual([["skipped", "Emergency lockdown: only SuperAdmins are told"]]);
    } finally {
      expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: false })).status).toBe(200);
    }
  });
});
