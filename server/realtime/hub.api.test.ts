// The socket hub through real WebSocket clients against a real listening server (DECISIONS §3, §6).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import supertest from "supertest";
import { WebSocket } from "ws";
import { createApp } from "../app";
import { createTestApp, CSRF_HEADER, type TestApp } from "../test/harness";
import { makeUser, TEST_PASSWORD } from "../test/factories";
import type { Role } from "../../shared/constants";
import { attachSocketHub, type SocketHub } from "./hub";
import { createPostgresBus, type EventBus } from "./bus";
import type { AppDeps } from "../context";
import { eq } from "drizzle-orm";
import { sessions, settings, totpSecrets } from "../db/schema";

type Instance = { server: http.Server; hub: SocketHub; port: number; app: ReturnType<typeof createApp>["app"] };

async function startInstance(deps: AppDeps, heartbeatMs?: number, authTimeoutMs?: number): Promise<Instance> {
  const { app, sessionMiddleware } = createApp(deps);
  const server = http.createServer(app);
  const hub = attachSocketHub({
    server,
    sessionMiddleware,
    bus: deps.bus,
    db: deps.database.db,
    config: deps.config,
    logger: deps.logger,
    clock: deps.clock,
    heartbeatMs,
    authTimeoutMs,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, hub, app, port: (server.address() as AddressInfo).port };
}

async function stopInstance(i: Instance | undefined): Promise<void> {
  if (!i) return;
  await i.hub.close();
  i.server.closeAllConnections();
  await new Promise<void>((resolve) => i.server.close(() => resolve()));
}

let t: TestApp;
let one: Instance;

beforeAll(async () => {
  t = await createTestApp();
  one = await startInstance(t.deps);
});
afterAll(async () => {
  await stopInstance(one);
  await t?.close();
});

/** A signed-in user and their session cookie. */
async function signedIn(role: Role, app = one.app) {
  const user = await makeUser(t.db, { role });
  const res = await supertest(app).post("/api/auth/login").set(CSRF_HEADER).send({ username: user.username, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  const cookie = (res.headers["set-cookie"] as unknown as string[]).map((c) => c.split(";")[0]).join("; ");
  return { user, cookie };
}

type Client = {
  ws: WebSocket;
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  next(): Promise<unknown>;
};

/** Opens a socket; resolves when open, rejects with the HTTP status when the upgrade is refused. */
function connect(port: number, headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers });
    const messages: unknown[] = [];
    const waiters: ((m: unknown) => void)[] = [];
    ws.on("message", (data) => {
      const m = JSON.parse(data.toString());
      const waiter = waiters.shift();
      if (waiter) waiter(m);
      else messages.push(m);
    });
    const closed = new Promise<{ code: number; reason: string }>((r) => ws.on("close", (code, reason) => r({ code, reason: reason.toString() })));
    ws.on("unexpected-response", (_req, res) => reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode })));
    ws.on("error", (err) => reject(err));
    ws.on("open", () =>
      resolve({
        ws,
        messages,
        closed,
        next: () => (messages.length ? Promise.resolve(messages.shift()) : new Promise((r) => waiters.push(r))),
      }),
    );
  });
}

async function authed(port: number, who: { user: { id: string; role: string }; cookie: string }): Promise<Client> {
  const c = await connect(port, { Cookie: who.cookie });
  c.ws.send(JSON.stringify({ type: "auth", userId: who.user.id, role: who.user.role }));
  return c;
}

const within = <T>(p: Promise<T>, ms = 5_000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

async function waitFor(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (err: { status?: number }) => err.status ?? -1,
  );

describe("the /ws upgrade", () => {
  it("refuses an upgrade without a session cookie with 401", async () => {
    expect(await refusal(connect(one.port))).toBe(401);
  });

  it("refuses an upgrade with a cookie of no session with 401", async () => {
    expect(await refusal(connect(one.port, { Cookie: "bms.sid=s%3Anot-a-session.abc" }))).toBe(401);
  });

  it("refuses with 401 a user whose role requires a second factor they have not set up (DECISIONS §13)", async () => {
    const who = await signedIn("HR Staff");
    await t.db
      .insert(settings)
      .values({ key: "security", value: { requireSecondFactor: ["HR Staff"] } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { requireSecondFactor: ["HR Staff"] } } });
    try {
      expect(await refusal(connect(one.port, { Cookie: who.cookie }))).toBe(401);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, "security"));
    }
    const c = await connect(one.port, { Cookie: who.cookie });
    c.ws.close(1000);
  });

  it("refuses with 401 a half-signed-in session: the password was right, the second factor not given yet (DECISIONS §13)", async () => {
    const user = await makeUser(t.db, { role: "Approver" });
    await t.db.insert(totpSecrets).values({ userId: user.id, secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", confirmedAt: new Date() });
    const res = await supertest(one.app).post("/api/auth/login").set(CSRF_HEADER).send({ username: user.username, password: TEST_PASSWORD });
    expect(res.body.secondFactor).toBe("required");
    const cookie = (res.headers["set-cookie"] as unknown as string[]).map((c) => c.split(";")[0]).join("; ");
    expect(await refusal(connect(one.port, { Cookie: cookie }))).toBe(401);
  });

  it("a second factor required of a role closes the open sockets of its users who have none (4401), not of those who have one or of other roles", async () => {
    const admin = await signedIn("SuperAdmin");
    const without = await signedIn("HR Staff");
    const withFactor = await signedIn("HR Staff");
    await t.db.insert(totpSecrets).values({ userId: withFactor.user.id, secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", confirmedAt: new Date() });
    const other = await signedIn("Accountant");
    const [a, b, c] = [await authed(one.port, without), await authed(one.port, withFactor), await authed(one.port, other)];
    await waitFor(() => one.hub.connectionCount(without.user.id) === 1 && one.hub.connectionCount(other.user.id) === 1);
    try {
      const put = await supertest(one.app)
        .put("/api/admin/security")
        .set(CSRF_HEADER)
        .set("Cookie", admin.cookie)
        .send({ requireSecondFactor: ["HR Staff"] });
      expect(put.status).toBe(200);
      const closed = await within(a.closed);
      expect(closed.code).toBe(4401);
      await new Promise((r) => setTimeout(r, 100));
      expect(b.ws.readyState).toBe(WebSocket.OPEN);
      expect(c.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, "security"));
      b.ws.close(1000);
      c.ws.close(1000);
    }
  });

  it("refuses a browser Origin other than our own with 403", async () => {
    const who = await signedIn("Accountant");
    expect(await refusal(connect(one.port, { Cookie: who.cookie, Origin: "https://evil.example" }))).toBe(403);
  });

  it("accepts our own origin and PUBLIC_URL's", async () => {
    const who = await signedIn("Accountant");
    const own = await connect(one.port, { Cookie: who.cookie, Origin: `http://127.0.0.1:${one.port}` });
    const pub = await connect(one.port, { Cookie: who.cookie, Origin: new URL(t.config.publicUrl).origin });
    own.ws.close(1000);
    pub.ws.close(1000);
  });

  it("closes with 4401 when the auth message does not match the session", async () => {
    const who = await signedIn("Accountant");
    const other = await makeUser(t.db, { role: "SuperAdmin" });
    const c = await connect(one.port, { Cookie: who.cookie });
    c.ws.send(JSON.stringify({ type: "auth", userId: other.id, role: "SuperAdmin" }));
    expect((await within(c.closed)).code).toBe(4401);

    const d = await connect(one.port, { Cookie: who.cookie });
    d.ws.send(JSON.stringify({ type: "auth", userId: who.user.id, role: "SuperAdmin" }));
    expect((await within(d.closed)).code).toBe(4401);
  });

  it("closes with 4401 a socket that never sends its auth message", async () => {
    const strict = await startInstance(t.deps, undefined, 300);
    try {
      const who = await signedIn("Accountant", strict.app);
      const c = await connect(strict.port, { Cookie: who.cookie });
      expect((await within(c.closed)).code).toBe(4401);
      const d = await authed(strict.port, who);
      await new Promise((r) => setTimeout(r, 600));
      expect(d.ws.readyState).toBe(WebSocket.OPEN);
      d.ws.close(1000);
    } finally {
      await stopInstance(strict);
    }
  });
});

describe("bus events reach sockets", () => {
  it("delivers a notification published on the bus to that user's sockets only", async () => {
    const alice = await signedIn("Approver");
    const bob = await signedIn("Approver");
    const a1 = await authed(one.port, alice);
    const a2 = await authed(one.port, alice);
    const b = await authed(one.port, bob);
    const message = { type: "transaction_pending", message: "New transaction TXN-000001 needs approval", isPriority: true, transactionId: null };
    await t.deps.bus.publish({ type: "notification", userIds: [alice.user.id], message });
    expect(await within(a1.next())).toEqual(message);
    expect(await within(a2.next())).toEqual(message);
    await new Promise((r) => setTimeout(r, 100));
    expect(b.messages).toEqual([]);
    for (const c of [a1, a2, b]) c.ws.close(1000);
  });

  it("lockdown sends {type:'lockdown'} then closes 4423 to an Accountant, but not to a SuperAdmin", async () => {
    const admin = await signedIn("SuperAdmin");
    const accountant = await signedIn("Accountant");
    const sa = await authed(one.port, admin);
    const acc = await authed(one.port, accountant);

    const on = await supertest(one.app).post("/api/admin/emergency-toggle").set(CSRF_HEADER).set("Cookie", admin.cookie).send({ enabled: true });
    expect(on.status).toBe(200);
    expect(await within(acc.next())).toEqual({ type: "lockdown" });
    expect((await within(acc.closed)).code).toBe(4423);

    await new Promise((r) => setTimeout(r, 100));
    expect(sa.ws.readyState).toBe(WebSocket.OPEN);
    expect(sa.messages).toEqual([]);
    // While the lockdown lasts a non-SuperAdmin cannot open a socket (their session is gone).
    expect(await refusal(connect(one.port, { Cookie: accountant.cookie }))).toBe(401);

    const off = await supertest(one.app).post("/api/admin/emergency-toggle").set(CSRF_HEADER).set("Cookie", admin.cookie).send({ enabled: false });
    expect(off.status).toBe(200);
    sa.ws.close(1000);
  });

  it("closes a disabled user's sockets (sessions-ended) with 4401", async () => {
    const who = await signedIn("Accountant");
    const c = await authed(one.port, who);
    await t.deps.bus.publish({ type: "sessions-ended", userIds: [who.user.id], reason: "disabled" });
    const closed = await within(c.closed);
    expect(closed.code).toBe(4401);
    expect(closed.reason).toMatch(/disabled/);
  });

  it("at most 20 sockets per user: the 21st closes the oldest with 4429, and the others stay open", async () => {
    const who = await signedIn("Accountant");
    const sockets: Client[] = [];
    for (let i = 0; i < 20; i++) sockets.push(await authed(one.port, who));
    await waitFor(() => one.hub.connectionCount(who.user.id) === 20);
    const newest = await authed(one.port, who);
    expect((await within(sockets[0].closed)).code).toBe(4429);
    await waitFor(() => one.hub.connectionCount(who.user.id) === 20);
    // Everyone else still gets their notifications, the newest included.
    await t.deps.bus.publish({ type: "notification", userIds: [who.user.id], message: { type: "user_notification", message: "still here" } });
    expect(await within(newest.next())).toMatchObject({ message: "still here" });
    expect(await within(sockets[19].next())).toMatchObject({ message: "still here" });
    expect(sockets[1].ws.readyState).toBe(WebSocket.OPEN);
    // Another user's sockets are counted on their own.
    const other = await signedIn("Approver");
    expect((await authed(one.port, other)).ws.readyState).toBe(WebSocket.OPEN);
    for (const s of [...sockets.slice(1), newest]) s.ws.close();
  });

  it("a change of role ends the user's sessions and closes their sockets, like a disable", async () => {
    const admin = await signedIn("SuperAdmin");
    const who = await signedIn("Accountant");
    const c = await authed(one.port, who);
    await waitFor(() => one.hub.connectionCount(who.user.id) === 1);
    const res = await supertest(one.app).put(`/api/admin/users/${who.user.id}`).set(CSRF_HEADER).set("Cookie", admin.cookie).send({ role: "Approver" });
    expect(res.status).toBe(200);
    const closed = await within(c.closed);
    expect(closed.code).toBe(4401);
    expect(closed.reason).toMatch(/role/);
    expect((await supertest(one.app).get("/api/auth/me").set("Cookie", who.cookie)).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, who.user.id))).toEqual([]);
    // A change of name alone signs nobody out.
    const kept = await signedIn("Accountant");
    expect(
      (await supertest(one.app).put(`/api/admin/users/${kept.user.id}`).set(CSRF_HEADER).set("Cookie", admin.cookie).send({ name: "Renamed Person" })).status,
    ).toBe(200);
    expect((await supertest(one.app).get("/api/auth/me").set("Cookie", kept.cookie)).status).toBe(200);
  });

  it("closes the socket of a session that signs out, and only that session's", async () => {
    const who = await signedIn("Accountant");
    const res2 = await supertest(one.app).post("/api/auth/login").set(CSRF_HEADER).send({ username: who.user.username, password: TEST_PASSWORD });
    const otherCookie = (res2.headers["set-cookie"] as unknown as string[])[0].split(";")[0];
    const first = await authed(one.port, who);
    const second = await authed(one.port, { user: who.user, cookie: otherCookie });
    const out = await supertest(one.app).post("/api/auth/logout").set(CSRF_HEADER).set("Cookie", who.cookie);
    expect(out.status).toBe(200);
    expect((await within(first.closed)).code).toBe(4401);
    await new Promise((r) => setTimeout(r, 100));
    expect(second.ws.readyState).toBe(WebSocket.OPEN);
    second.ws.close(1000);
  });

  it("the heartbeat closes the socket of a session that ended without an event (idle timeout)", async () => {
    const quick = await startInstance(t.deps, 200);
    try {
      const who = await signedIn("Approver", quick.app);
      const c = await authed(quick.port, who);
      await new Promise((r) => setTimeout(r, 500));
      expect(c.ws.readyState).toBe(WebSocket.OPEN);
      await t.db.delete(sessions).where(eq(sessions.userId, who.user.id));
      const closed = await within(c.closed);
      expect(closed.code).toBe(4401);
      expect(closed.reason).toMatch(/timeout/);
    } finally {
      await stopInstance(quick);
    }
  });

  it("close() ends every socket", async () => {
    const other = await startInstance(t.deps);
    const who = await signedIn("Approver", other.app);
    const c = await authed(other.port, who);
    expect(other.hub.connectionCount(who.user.id)).toBe(1);
    await stopInstance(other);
    expect((await within(c.closed)).code).toBe(1001);
  });
});

describe.runIf(inject("postgresUrl"))("two server processes on one PostgreSQL", () => {
  let bus2: EventBus;
  let two: Instance;
  beforeAll(async () => {
    bus2 = await createPostgresBus(t.database.url!, t.database.pool!, t.deps.logger);
    two = await startInstance({ ...t.deps, bus: bus2 });
  });
  afterAll(async () => {
    await stopInstance(two);
    await bus2?.close();
  });

  it("a notification published through the first instance's bus reaches a socket on the second", async () => {
    const who = await signedIn("Approver", two.app);
    const c = await authed(two.port, who);
    expect(one.hub.connectionCount(who.user.id)).toBe(0);
    const message = { type: "user_notification", message: "Transaction TXN-000009 was approved", isPriority: false };
    await t.deps.bus.publish({ type: "notification", userIds: [who.user.id], message });
    expect(await within(c.next())).toEqual(message);
    c.ws.close(1000);
  });

  it("a lockdown turned on through the first instance closes an Accountant's socket on the second", async () => {
    const admin = await signedIn("SuperAdmin");
    const accountant = await signedIn("Accountant", two.app);
    const acc = await authed(two.port, accountant);
    const on = await supertest(one.app).post("/api/admin/emergency-toggle").set(CSRF_HEADER).set("Cookie", admin.cookie).send({ enabled: true });
    expect(on.status).toBe(200);
    expect(await within(acc.next())).toEqual({ type: "lockdown" });
    expect((await within(acc.closed)).code).toBe(4423);
    await supertest(one.app).post("/api/admin/emergency-toggle").set(CSRF_HEADER).set("Cookie", admin.cookie).send({ enabled: false });
  });
});
