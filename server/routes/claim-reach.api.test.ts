// An expense claim's news reaches its employee and no one else through every door (DECISIONS §14,
// §15): the socket (real WebSocket clients on a listening server), push (a real Web Push service
// that checks VAPID and decrypts with the subscription's keys) and email (a real SMTP server). An
// Employee login is told of the decisions on its own claims, with a link it can open (My Claims),
// and of nothing else in finance: not another employee's claim, not an accountant's bill.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { WebSocket } from "ws";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { makeDepartment, makeEmployee } from "../test/hr-fixtures";
import { makeCategory } from "../test/transaction-fixtures";
import { startTestPushService, type TestPushService, type TestSubscriber } from "../test/push-service";
import { startTestMailServer, type TestMailServer } from "../test/mail-server";
import { sessionCookie, startSocketInstance, type SocketInstance } from "../test/socket-instance";
import { settings, users } from "../db/schema";
import { serviceContext } from "../services/context";
import { sendDueNotifications, type OutboxWorkerOptions } from "../services/delivery/outbox-worker";
import { ensureVapidKeys } from "../services/delivery/push";
import type { MadeUser } from "../test/factories";

const PUBLIC_URL = "https://bms.example.in";
let t: TestApp;
let instance: SocketInstance;
let push: TestPushService;
let mail: TestMailServer;
let options: OutboxWorkerOptions;
let open: { id: string; name: string };
let department: { id: string };
const sockets: WebSocket[] = [];

beforeAll(async () => {
  [push, mail] = await Promise.all([startTestPushService(), startTestMailServer()]);
  t = await createTestApp({ env: { SMTP_URL: mail.url, PUBLIC_URL, MAIL_FROM: "Sharma Textiles BMS <bms@example.in>" } });
  await ensureVapidKeys(t.db, t.config);
  await t.db.insert(settings).values({ key: "company", value: { legalName: "Sharma Textiles Pvt. Ltd.", gstin: null, stateCode: null } });
  options = { exclusive: t.database.kind === "pglite", pushAgent: push.agent };
  instance = await startSocketInstance(t.deps);
  department = await makeDepartment(t.db);
  const category = await makeCategory(t.db);
  open = { id: category.id, name: category.name };
  const superAdmin = (await t.signIn("SuperAdmin")).api;
  expect((await superAdmin.put(`/api/categories/${open.id}`, { name: open.name, openToClaims: true })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await instance?.stop();
  await t?.close();
  await Promise.all([push?.close(), mail?.close()]);
});

const send = () => sendDueNotifications(serviceContext(t.deps), options);

/** Everything a person's open app, phone and mailbox receive. */
type Reached = { user: MadeUser; api: ApiClient; device: TestSubscriber; email: string; socket: unknown[] };

async function reachable(user: MadeUser, api: ApiClient): Promise<Reached> {
  const email = `${user.username}@example.in`;
  await t.db.update(users).set({ email }).where(eq(users.id, user.id));
  const device = push.subscriber(user.username);
  expect((await api.post("/api/account/push-subscriptions", { endpoint: device.endpoint, keys: device.keys, label: "Phone" })).status).toBe(201);
  // Every decision comes at once, by push and by email.
  expect(
    (
      await api.put("/api/account/notification-preferences", {
        push: { pending: true, decisions: true },
        email: { pending: "instant", decisions: true },
        quietHours: null,
      })
    ).status,
  ).toBe(200);
  const socket: unknown[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${instance.port}/ws`, { headers: { Cookie: await sessionCookie(instance, user.username) } });
  sockets.push(ws);
  ws.on("message", (data) => socket.push(JSON.parse(data.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.send(JSON.stringify({ type: "auth", userId: user.id, role: user.role }));
  return { user, api, device, email, socket };
}

async function employee(name: string): Promise<Reached> {
  const e = await makeEmployee(t.db, { departmentId: department.id, employeeName: name });
  const { user, api } = await t.signIn("Employee", { employeeId: e.id, name });
  return reachable(user, api);
}

async function staff(role: "Accountant" | "Approver"): Promise<Reached> {
  const { user, api } = await t.signIn(role);
  return reachable(user, api);
}

/** What reached a person about transactions: socket messages, decrypted pushes and emails. */
function whatReached(who: Reached) {
  return {
    socket: who.socket.filter(
      (m): m is { transactionId: string; message: string } =>
        typeof m === "object" && m !== null && "transactionId" in m && Boolean((m as { transactionId: unknown }).transactionId),
    ),
    pushes: push.received.filter((p) => p.endpoint === who.device.endpoint).map((p) => p.payload),
    emails: mail.received.filter((m) => m.to.includes(who.email)),
  };
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const claimBody = (amount: string) => ({
  formType: "B",
  categoryId: open.id,
  amount,
  transactionDate: "2026-11-10",
  description: "Cab to the client's office",
});

describe("a claim's news reaches its employee and only its employee", () => {
  it("socket, push and email carry the decision on their own claim, with a link to My Claims; another employee and finance's own bills reach no employee", async () => {
    const priya = await employee("Priya Nair");
    const rahul = await employee("Rahul Verma");
    const accountant = await staff("Accountant");
    const approver = await staff("Approver");

    // Priya's claim and an accountant's bill wait; the approver's every door hears of both.
    const claim = (await priya.api.post("/api/transactions", claimBody("2400.00"))).body;
    expect((await priya.api.post(`/api/transactions/${claim.id}/submit`, {})).status).toBe(200);
    const bill = (
      await accountant.api.post("/api/transactions", {
        formType: "B",
        categoryId: open.id,
        amount: "9900.00",
        transactionDate: "2026-11-10",
        description: "Printer toner",
      })
    ).body;
    expect((await accountant.api.post(`/api/transactions/${bill.id}/submit`, {})).status).toBe(200);
    await send();
    await until(() => whatReached(approver).pushes.length === 2 && whatReached(approver).socket.length === 2);
    expect(
      whatReached(approver)
        .pushes.map((p) => p.url)
        .sort(),
    ).toEqual([`/pending-approvals?review=${bill.id}`, `/pending-approvals?review=${claim.id}`].sort());

    // Decisions on both: the claim's goes to Priya, the bill's to the accountant.
    expect((await approver.api.post(`/api/transactions/${claim.id}/approve`, {})).body.status).toBe("Approved");
    expect((await approver.api.post(`/api/transactions/${bill.id}/reject`, { reason: "Wrong vendor" })).body.status).toBe("Rejected");
    await send();
    await until(() => whatReached(priya).pushes.length === 1 && whatReached(priya).emails.length === 1 && whatReached(priya).socket.length === 1);
    await until(() => whatReached(accountant).pushes.length === 1 && whatReached(accountant).socket.length === 1);

    const toPriya = whatReached(priya);
    expect(toPriya.socket.map((m) => m.transactionId)).toEqual([claim.id]);
    expect(toPriya.pushes).toEqual([expect.objectContaining({ title: "Approved", url: `/me/claims?open=${claim.id}`, tag: claim.id })]);
    expect(toPriya.pushes[0]!.body).toContain(claim.humanReadableId);
    const [letter] = toPriya.emails;
    expect(letter!.subject).toContain(`Approved: ${claim.humanReadableId}`);
    expect(letter!.text).toContain(`${PUBLIC_URL}/me/claims?open=${claim.id}`);
    expect(letter!.html).toContain(`href="${PUBLIC_URL}/me/claims?open=${claim.id}"`);
    // The accountant's own bill still opens on My Transactions.
    expect(whatReached(accountant).pushes.map((p) => p.url)).toEqual([`/my-transactions?open=${bill.id}`]);

    // Paying the claim tells Priya too, through the same doors.
    expect((await accountant.api.patch(`/api/transactions/${claim.id}/payment`, { paymentMethod: "Bank Transfer", paidDate: "2026-11-20" })).status).toBe(200);
    await send();
    await until(() => whatReached(priya).pushes.length === 2 && whatReached(priya).socket.length === 2);
    expect(whatReached(priya).pushes.every((p) => p.url === `/me/claims?open=${claim.id}`)).toBe(true);

    // Give the slowest door a moment, then: Rahul heard nothing of Priya's claim or the bill, and
    // Priya nothing of the bill.
    await new Promise((r) => setTimeout(r, 300));
    expect(whatReached(rahul)).toEqual({ socket: [], pushes: [], emails: [] });
    const everything = whatReached(priya);
    expect(new Set(everything.socket.map((m) => m.transactionId))).toEqual(new Set([claim.id]));
    expect(everything.emails.every((m) => !m.text.includes(bill.humanReadableId))).toBe(true);
    expect(push.rejected).toEqual([]);
  });
});
