import http from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import supertest from "supertest";
import { createTestApp, CSRF_HEADER, type TestApp } from "../test/harness";
import { makeUser, TEST_PASSWORD } from "../test/factories";
import { auditLog, sessions, loginFailures } from "../db/schema";
import { createApp } from "../app";
import { APP_ROLE_MODE } from "../test/databases";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (api: ReturnType<TestApp["client"]>, username: string, password = TEST_PASSWORD) => api.post("/api/auth/login", { username, password });

describe("GET /api/auth/me", () => {
  it("is 401 when not signed in", async () => {
    const res = await t.client().get("/api/auth/me");
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTypeOf("string");
  });
});

describe("GET /api/auth/session (the app's probe)", () => {
  it("answers 200 {user: null} when nobody is signed in, and sets no cookie", async () => {
    const res = await t.client().get("/api/auth/session");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("answers the signed-in user, and {user: null} again after sign-out", async () => {
    const { api, user } = await t.signIn("Accountant");
    const res = await api.get("/api/auth/session");
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, username: user.username, role: "Accountant" });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect((await api.post("/api/auth/logout")).status).toBe(200);
    expect((await api.get("/api/auth/session")).body).toEqual({ user: null });
  });
});

describe("POST /api/auth/login", () => {
  it("answers 400 with one issue per missing field", async () => {
    const res = await t.client().post("/api/auth/login", {});
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["password", "username"]);
  });

  it("signs in, answers the user without the hash, and /me knows them", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const api = t.client();
    const res = await login(api, `  ${user.username.toUpperCase()}  `);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: user.id,
      username: user.username,
      name: user.name,
      role: "Accountant",
      isActive: true,
      visibilityWindowDays: 30,
      approvalLimit: null,
      email: null,
      employeeId: null,
      createdAt: user.createdAt.toISOString(),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/hash|argon/i);
    const cookie = res.headers["set-cookie"][0];
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await api.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'login' and ${auditLog.performedBy} = ${user.id}`);
    expect(entry.entityType).toBe("session");
  });

  it("gives the same 401 text for a wrong password, an unknown user and a disabled user", async () => {
    const active = await makeUser(t.db, { role: "Approver" });
    const disabled = await makeUser(t.db, { role: "Approver", isActive: false });
    for (const [username, password] of [
      [active.username, "wrong-password"],
      ["nobody-" + active.username, TEST_PASSWORD],
      [disabled.username, TEST_PASSWORD],
    ]) {
      const res = await login(t.client(), username, password);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Invalid username or password");
    }
  });

  it("has stored the session with its sign-in time before the answer's headers go out", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    // The real store on the real database, each write held back a moment so a late save shows.
    const { app, sessionStore } = createApp(t.deps);
    const set = sessionStore.set.bind(sessionStore);
    sessionStore.set = (sid, session, callback) => void setTimeout(() => set(sid, session, callback), 300);
    const server = http.createServer(app).listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const payload = JSON.stringify({ username: user.username, password: TEST_PASSWORD });
      // Read the session row the moment the headers arrive, before the body is read.
      const sessionAtHeaders = await new Promise<unknown>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/api/auth/login",
            method: "POST",
            headers: { ...CSRF_HEADER, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) },
          },
          (res) => {
            // The cookie is "s:<sid>.<signature>", URL-encoded.
            const cookie = decodeURIComponent(/bms\.sid=([^;]+)/.exec(String(res.headers["set-cookie"]))![1]);
            const sid = cookie.slice(2, cookie.lastIndexOf("."));
            t.db
              .select({ sess: sessions.sess })
              .from(sessions)
              .where(eq(sessions.sid, sid))
              .then(([row]) => {
                res.resume();
                resolve(row?.sess);
              }, reject);
          },
        );
        req.on("error", reject);
        req.end(payload);
      });
      expect(sessionAtHeaders).toMatchObject({ authenticatedAt: expect.any(Number), passport: { user: user.id } });
    } finally {
      server.close();
    }
  });

  it("regenerates the session id at sign-in: the earlier cookie stops working", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const first = await login(t.client(), user.username);
    const oldCookie = first.headers["set-cookie"][0].split(";")[0];
    const api = t.client();
    await api.agent.get("/api/auth/me").set("Cookie", oldCookie);
    const second = await api.agent.post("/api/auth/login").set(CSRF_HEADER).set("Cookie", oldCookie).send({ username: user.username, password: TEST_PASSWORD });
    const newCookie = second.headers["set-cookie"][0].split(";")[0];
    expect(newCookie).not.toBe(oldCookie);
    expect((await supertest(t.app).get("/api/auth/me").set("Cookie", oldCookie)).status).toBe(401);
    expect((await supertest(t.app).get("/api/auth/me").set("Cookie", newCookie)).status).toBe(200);
  });

  it("throttles a username after 5 failures in 15 minutes, even with the right password", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const other = await makeUser(t.db, { role: "Accountant" });
    for (let i = 0; i < 5; i++) expect((await login(t.client(), user.username, "bad")).status).toBe(401);
    const blocked = await login(t.client(), user.username);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
    // Another username from the same address is not affected.
    expect((await login(t.client(), other.username)).status).toBe(200);
  });

  it("forgets failures older than 15 minutes", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const old = new Date(Date.now() - 16 * 60_000);
    await t.db.insert(loginFailures).values(Array.from({ length: 5 }, () => ({ username: user.username.toLowerCase(), ipAddress: "10.9.9.9", at: old })));
    expect((await login(t.client(), user.username)).status).toBe(200);
  });

  it("throttles an address after 100 failures in 15 minutes", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    // One real failure tells us the address the server sees for this client.
    await login(t.client(), "first-failure-" + user.username, "bad");
    const [{ ipAddress: ip }] = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.username, "first-failure-" + user.username.toLowerCase()));
    await t.db.insert(loginFailures).values(Array.from({ length: 99 }, (_, i) => ({ username: `someone${i}`, ipAddress: ip, at: new Date() })));
    const res = await login(t.client(), user.username);
    expect(res.status).toBe(429);
    await t.db.delete(loginFailures).where(eq(loginFailures.ipAddress, ip));
  });
});

describe("CSRF check", () => {
  it("refuses a state-changing call without X-Requested-With", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const res = await supertest(t.app).post("/api/auth/login").send({ username: user.username, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "CSRF check failed", code: "csrf" });
  });

  it("refuses a foreign Origin and accepts our own", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const body = { username: user.username, password: TEST_PASSWORD };
    const foreign = await supertest(t.app).post("/api/auth/login").set(CSRF_HEADER).set("Origin", "https://evil.example").send(body);
    expect(foreign.status).toBe(403);
    const own = await supertest(t.app).post("/api/auth/login").set(CSRF_HEADER).set("Origin", t.config.publicUrl).send(body);
    expect(own.status).toBe(200);
  });
});

describe("sessions", () => {
  it("logout ends the session", async () => {
    const { api } = await t.signIn("Approver");
    expect((await api.post("/api/auth/logout")).status).toBe(200);
    expect((await api.get("/api/auth/me")).status).toBe(401);
  });

  it("a session survives a restart: a new app on the same database accepts the cookie", async () => {
    const { user, api } = await t.signIn("Accountant");
    const restarted = createApp(t.deps).app;
    const cookie = api.agent.jar
      .getCookies({ path: "/", domain: "127.0.0.1", secure: false, script: false })
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const me = await supertest(restarted).get("/api/auth/me").set("Cookie", cookie);
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
  });

  it("ends after 30 idle minutes", async () => {
    const { user, api } = await t.signIn("Accountant");
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await api.get("/api/auth/me")).status).toBe(401);
  });

  it("calls the client makes on its own (X-Background: 1) do not extend the idle timeout; the user's own calls do (DECISIONS §10)", async () => {
    /** Makes a session look 29 minutes and 57 seconds idle (3 seconds left); answers its expiry. */
    const nearlyIdle = async (userId: string) => {
      const soon = new Date(Date.now() + 3_000);
      await t.db
        .update(sessions)
        .set({ expiresAt: soon, sess: sql`jsonb_set(${sessions.sess}, '{cookie,expires}', to_jsonb(${soon.toISOString()}::text))` })
        .where(eq(sessions.userId, userId));
      return soon.getTime();
    };
    const expiryOf = async (userId: string) =>
      (await t.db.select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, userId)))[0]?.at.getTime();

    const polling = await t.signIn("Accountant");
    const deadline = await nearlyIdle(polling.user.id);
    // Polls are answered, and leave the expiry where it was…
    for (let i = 0; i < 3; i++) expect((await polling.api.get("/api/dashboard/stats").set("X-Background", "1")).status).toBe(200);
    expect(await expiryOf(polling.user.id)).toBe(deadline);
    // …so once the 30 minutes are up, the next poll finds the session gone.
    await new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now()) + 200));
    expect((await polling.api.get("/api/dashboard/stats").set("X-Background", "1")).status).toBe(401);

    // A call the user made moves the expiry 30 minutes ahead.
    const working = await t.signIn("Accountant");
    await nearlyIdle(working.user.id);
    expect((await working.api.get("/api/dashboard/stats")).status).toBe(200);
    await expect.poll(() => expiryOf(working.user.id)).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it("ends 12 hours after sign-in whatever the activity", async () => {
    const { user, api } = await t.signIn("Accountant");
    const thirteenHoursAgo = Date.now() - 13 * 3600_000;
    await t.db
      .update(sessions)
      .set({ sess: sql`jsonb_set(${sessions.sess}, '{authenticatedAt}', ${String(thirteenHoursAgo)}::jsonb)` })
      .where(eq(sessions.userId, user.id));
    const res = await api.get("/api/auth/me");
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/);
  });

  it("a disabled user's open session stops working", async () => {
    const { user, api } = await t.signIn("Approver");
    const { users } = await import("../db/schema");
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await api.get("/api/auth/me")).status).toBe(401);
  });
});

describe("lockdown at sign-in", () => {
  it("423 for non-SuperAdmins while on, sessions ended, SuperAdmins unaffected, restored when off", async () => {
    const { api: admin } = await t.signIn("SuperAdmin");
    const { user: accountant, api: accountantApi } = await t.signIn("Accountant");

    const on = await admin.post("/api/admin/emergency-toggle", { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.enabled).toBe(true);
    expect(on.body.activatedAt).toBeTypeOf("string");

    expect((await accountantApi.get("/api/auth/me")).status).toBe(401);
    const blocked = await login(t.client(), accountant.username);
    expect(blocked.status).toBe(423);
    expect(blocked.body).toMatchObject({ message: "System is in emergency lockdown mode", lockdown: true });
    expect((await admin.get("/api/auth/me")).status).toBe(200);
    const status = await admin.get("/api/admin/emergency-status");
    expect(status.body).toMatchObject({ enabled: true });

    const off = await admin.post("/api/admin/emergency-toggle", { enabled: false });
    expect(off.body.enabled).toBe(false);
    expect((await login(t.client(), accountant.username)).status).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} in ('lockdown_on','lockdown_off')`);
    expect(entries.map((e) => e.action).sort()).toEqual(["lockdown_off", "lockdown_on"]);
  });

  it("only a SuperAdmin may toggle", async () => {
    const { api } = await t.signIn("Accountant");
    expect((await api.post("/api/admin/emergency-toggle", { enabled: true })).status).toBe(403);
    expect((await t.client().post("/api/admin/emergency-toggle", { enabled: true })).status).toBe(401);
  });
});

describe("the audit table is append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE in the database itself (the trigger; as the app role, its privileges first)", async () => {
    await t.signIn("Accountant");
    const refusal = APP_ROLE_MODE ? /permission denied/ : /append-only/;
    await expect(t.database.query("update audit_log set action = 'x'")).rejects.toThrow(refusal);
    await expect(t.database.query("delete from audit_log")).rejects.toThrow(refusal);
    await expect(t.database.query("truncate audit_log")).rejects.toThrow(refusal);
    // The owner, who has the privileges, still meets the trigger.
    await t.asOwner(async (owner) => {
      await expect(owner.query("update audit_log set action = 'x'")).rejects.toThrow(/append-only/);
      await expect(owner.query("truncate audit_log")).rejects.toThrow(/append-only/);
    });
  });

  it("a superuser session in replica mode (session_replication_role, which silences ordinary triggers) still meets the guards", async () => {
    if (APP_ROLE_MODE) return; // the app role may not even set it (server/db/roles.api.test.ts)
    await t.signIn("Accountant");
    const before = await t.database.query<{ n: number }>("select count(*)::int as n from audit_log");
    for (const statement of ["update audit_log set action = 'x'", "delete from audit_log", "truncate audit_log"]) {
      await expect(t.database.query(`do $$ begin set local session_replication_role = replica; ${statement}; end $$`), statement).rejects.toThrow(
        /append-only/,
      );
    }
    expect(await t.database.query("select count(*)::int as n from audit_log")).toEqual(before);
  });
});

describe("unknown API routes", () => {
  it("answer a JSON 404", async () => {
    const res = await t.client().get("/api/nope");
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTypeOf("string");
  });
});
