// The second factor (DECISIONS §13) through the API: an authenticator app and recovery codes set
// up, the two-step sign-in and its half-signed-in session (401 from every other route), throttling
// of wrong codes under parallel guessing, single use of codes, the role requirement and its gate
// (403 from every route but the setup's), the 409s, an administrator's reset, and other sessions
// ending when a factor goes or the password changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createApp } from "../app";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { makeUser, TEST_PASSWORD } from "../test/factories";
import { auditLog, recoveryCodes, sessions, settings, totpSecrets, type UserRow } from "../db/schema";
import { totpCodeAt } from "../auth/totp";
import { verifySecondFactor } from "../services/second-factor";
import type { Role } from "../../shared/constants";

let now = new Date("2026-11-27T10:00:00.000Z");
const clock = () => now;
/** Moves the app's clock on by whole 30-second steps (each step has a new code). */
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const login = (api: ApiClient, user: UserRow) => api.post("/api/auth/login", { username: user.username, password: TEST_PASSWORD });

/** A user with a confirmed authenticator app (set up through the API); answers its secret and recovery codes. */
async function withTotp(role: Role = "Approver") {
  const { user, api } = await t.signIn(role);
  const setup = await api.post("/api/account/totp/setup");
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const confirm = await api.post("/api/account/totp/confirm", { code: totpCodeAt(secret, now) });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  // The next code is a new step's: the confirming one is spent.
  later(30_000);
  return { user, api, secret, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

/** Every declared route but the public ones (those are open to anyone), with a made-up id in its path. */
function protectedRoutes() {
  return createApp(t.deps)
    .routes.filter((r) => r.access !== "public")
    .map((r) => ({ ...r, url: `/api${r.path.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000")}`, key: `${r.method.toUpperCase()} ${r.path}` }));
}

/** A second client that signs in through both steps. */
async function signInWithTotp(user: UserRow, secret: string) {
  const api = t.client();
  const first = await login(api, user);
  expect(first.body).toEqual({ secondFactor: "required", methods: ["totp", "recovery"] });
  const second = await api.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(secret, now) });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  later(30_000);
  return api;
}

describe("setting up an authenticator app", () => {
  it("shows the secret once, is off until a first code confirms it, then answers ten recovery codes stored hashed", async () => {
    const { user, api } = await t.signIn("Accountant");
    expect((await api.get("/api/account/security")).body).toEqual({ passkeys: [], totp: false, recoveryCodesLeft: 0, required: false });
    const setup = await api.post("/api/account/totp/setup");
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    // Pending: not a factor yet, and sign-in stays one step.
    expect((await api.get("/api/account/security")).body.totp).toBe(false);
    expect((await login(t.client(), user)).body.user.id).toBe(user.id);

    const wrong = await api.post("/api/account/totp/confirm", { code: "000000" === totpCodeAt(setup.body.secret, now) ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    const ok = await api.post("/api/account/totp/confirm", { code: totpCodeAt(setup.body.secret, now) });
    expect(ok.status).toBe(200);
    expect(ok.body.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.recoveryCodes).size).toBe(10);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const code of ok.body.recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
    expect((await api.get("/api/account/security")).body).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    // Set up once: a second setup is refused, and no answer carries the secret again.
    expect((await api.post("/api/account/totp/setup")).status).toBe(409);
    expect(JSON.stringify((await api.get("/api/account/security")).body)).not.toContain(setup.body.secret);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "totp_enable"), eq(auditLog.entityId, user.id)));
    expect(audit.performedBy).toBe(user.id);
  });
});

describe("two-step sign-in", () => {
  it("the password step answers {secondFactor, methods}; the half-signed-in session can do nothing but finish; the code signs in", async () => {
    const { user, secret } = await withTotp();
    const api = t.client();
    const first = await login(api, user);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ secondFactor: "required", methods: ["totp", "recovery"] });

    expect((await api.get("/api/auth/me")).status).toBe(401);
    expect((await api.get("/api/transactions")).status).toBe(401);
    expect((await api.get("/api/account/security")).status).toBe(401);
    expect((await api.post("/api/account/totp/setup")).status).toBe(401);
    const session = await api.get("/api/auth/session");
    expect(session.body).toEqual({
      user: null,
      secondFactor: { methods: ["totp", "recovery"], expiresAt: new Date(now.getTime() + 5 * 60_000).toISOString() },
    });

    const wrong = await api.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(secret, new Date(now.getTime() + 10 * 60_000)) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/not right/);

    const ok = await api.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(secret, now) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ user: { id: user.id, role: "Approver" }, secondFactorSetupRequired: false });
    expect((await api.get("/api/auth/me")).body.user.id).toBe(user.id);
    expect((await api.get("/api/transactions")).status).toBe(200);
  });

  it("a code is refused the second time, even within its window", async () => {
    const { user, secret } = await withTotp();
    const code = totpCodeAt(secret, now);
    const a = t.client();
    await login(a, user);
    expect((await a.post("/api/auth/second-factor", { method: "totp", code })).status).toBe(200);
    const b = t.client();
    await login(b, user);
    expect((await b.post("/api/auth/second-factor", { method: "totp", code })).status).toBe(401);
    // An older step's code is refused once a newer one was used.
    expect((await b.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(secret, new Date(now.getTime() - 30_000)) })).status).toBe(401);
  });

  it("a half-signed-in session gets 401 from every route but the sign-in's own (the public ones)", async () => {
    const { user } = await withTotp();
    const api = t.client();
    expect((await login(api, user)).body.secondFactor).toBe("required");
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const refused: string[] = [];
    for (const route of routes) {
      const res = await api[route.method](route.url, route.method === "get" ? undefined : {});
      if (res.status !== 401) refused.push(`${route.key} → ${res.status}`);
    }
    expect(refused).toEqual([]);
    // The half-signed-in session is still there to finish.
    expect((await api.get("/api/auth/session")).body.secondFactor.methods).toEqual(["totp", "recovery"]);
  });

  it("the same code sent in parallel from eight half-signed-in sessions signs in exactly one", async () => {
    const { user, secret } = await withTotp();
    const clients = Array.from({ length: 8 }, () => t.client());
    for (const c of clients) await login(c, user);
    const code = totpCodeAt(secret, now);
    const answers = await Promise.all(clients.map((c) => c.post("/api/auth/second-factor", { method: "totp", code })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others are wrong codes: 401, or 429 once the username's five failure slots are taken.
    expect(statuses.filter((s) => s !== 200).every((s) => s === 401 || s === 429)).toBe(true);
  });

  it("a code checked by many requests at once is spent once: exactly one check accepts it (the step and the recovery code are spent by the statement that checks them)", async () => {
    // Over HTTP the throttle's per-username lock staggers the checks; here they meet head on, as
    // they can when two requests reach the check in the same instant (on PostgreSQL, several connections).
    const { user, secret, recoveryCodes: codes } = await withTotp();
    const code = totpCodeAt(secret, now);
    const service = { db: t.db, config: t.config, clock };
    // Eight open connections first (on PostgreSQL), so no check waits for one to be made.
    await Promise.all(Array.from({ length: 8 }, () => t.db.execute(sql`select pg_sleep(0.05)`)));
    const totp = await Promise.all(Array.from({ length: 8 }, () => verifySecondFactor(service, user.id, { method: "totp", code })));
    expect(totp.filter(Boolean)).toHaveLength(1);
    await Promise.all(Array.from({ length: 8 }, () => t.db.execute(sql`select pg_sleep(0.05)`)));
    const recovery = await Promise.all(Array.from({ length: 8 }, () => verifySecondFactor(service, user.id, { method: "recovery", code: codes[0] })));
    expect(recovery.filter(Boolean)).toHaveLength(1);
    later(30_000);
  });

  it("the half-signed-in session expires after 5 minutes", async () => {
    const { user, secret } = await withTotp();
    const api = t.client();
    await login(api, user);
    later(5 * 60_000 + 1_000);
    const late = await api.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(secret, now) });
    expect(late.status).toBe(401);
    expect(late.body.message).toMatch(/too long/);
    expect((await api.get("/api/auth/session")).body).toEqual({ user: null });
    expect((await api.get("/api/auth/me")).status).toBe(401);
  });

  it("without a pending sign-in the second step is 401", async () => {
    const res = await t.client().post("/api/auth/second-factor", { method: "totp", code: "123456" });
    expect(res.status).toBe(401);
    const options = await t.client().post("/api/auth/second-factor/options");
    expect(options.status).toBe(401);
  });

  it("wrong codes count toward the username's throttle: 10 parallel wrong codes get at most 5 answers of 401, and the right code after them 429", async () => {
    const { user, secret } = await withTotp();
    const api = t.client();
    await login(api, user);
    const wrongCode = totpCodeAt(secret, new Date(now.getTime() + 10 * 60_000));
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.post("/api/auth/second-factor", { method: "totp", code: wrongCode })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const right = await api.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(secret, now) });
    expect(right.status).toBe(429);
    // And the password step of that username is throttled too: one count for both steps.
    expect((await login(t.client(), user)).status).toBe(429);
  });

  it("a recovery code signs in once; the same code in parallel from two sessions signs in exactly one", async () => {
    const { user, recoveryCodes: codes } = await withTotp();
    const a = t.client();
    const b = t.client();
    await login(a, user);
    await login(b, user);
    // Typed in lower case without dashes, it is the same code.
    const typed = codes[0].replace(/-/g, "").toLowerCase();
    const answers = await Promise.all([
      a.post("/api/auth/second-factor", { method: "recovery", code: typed }),
      b.post("/api/auth/second-factor", { method: "recovery", code: codes[0] }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    const c = t.client();
    await login(c, user);
    expect((await c.post("/api/auth/second-factor", { method: "recovery", code: codes[0] })).status).toBe(401);
    expect((await c.post("/api/auth/second-factor", { method: "recovery", code: codes[1] })).status).toBe(200);
    expect((await c.get("/api/account/security")).body.recoveryCodesLeft).toBe(8);
    // The audit trail says which way each sign-in finished (the first was by password, before any factor).
    const signIns = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "login"), eq(auditLog.performedBy, user.id)))
      .orderBy(auditLog.timestamp);
    expect(signIns.map((e) => e.afterData)).toEqual([null, { secondFactor: "recovery" }, { secondFactor: "recovery" }]);
  });

  it("the lockdown applies after the second step: a non-SuperAdmin who passed the password step before it came on gets 423", async () => {
    const { user, secret } = await withTotp("Accountant");
    const api = t.client();
    await login(api, user);
    const on = { enabled: true, activatedAt: now.toISOString(), activatedBy: null };
    await t.db
      .insert(settings)
      .values({ key: "lockdown", value: on })
      .onConflictDoUpdate({ target: settings.key, set: { value: on } });
    try {
      const res = await api.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(secret, now) });
      expect(res.status).toBe(423);
      expect((await api.get("/api/auth/me")).status).toBe(401);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, "lockdown"));
    }
  });

  it("a new password set between the two steps ends the half-signed-in session: the right code does not finish it", async () => {
    const { user, secret } = await withTotp("Accountant");
    const api = t.client();
    expect((await login(api, user)).body.secondFactor).toBe("required");
    const { api: admin } = await t.signIn("SuperAdmin");
    expect((await admin.put(`/api/admin/users/${user.id}/password`, { newPassword: "Another#Pass9" })).status).toBe(200);
    const res = await api.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(secret, now) });
    expect(res.status).toBe(401);
    expect((await api.get("/api/auth/me")).status).toBe(401);
    expect((await api.get("/api/auth/session")).body).toEqual({ user: null });
  });

  it("a user disabled between the two steps cannot finish signing in", async () => {
    const { user, secret } = await withTotp("Approver");
    const api = t.client();
    await login(api, user);
    const { api: admin } = await t.signIn("SuperAdmin");
    expect((await admin.patch(`/api/admin/users/${user.id}/status`, { isActive: false })).status).toBe(200);
    const res = await api.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(secret, now) });
    expect(res.status).toBe(401);
    expect((await api.get("/api/auth/me")).status).toBe(401);
  });

  it("a user without a second factor still signs in with the password alone", async () => {
    const user = await makeUser(t.db, { role: "Approver" });
    const res = await login(t.client(), user);
    expect(res.body).toMatchObject({ user: { id: user.id }, secondFactorSetupRequired: false });
  });
});

describe("a second factor required by role", () => {
  async function requireFor(roles: Role[]) {
    await t.db
      .insert(settings)
      .values({ key: "security", value: { requireSecondFactor: roles } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { requireSecondFactor: roles } } });
  }

  it("PUT /api/admin/security sets it (audited); a SuperAdmin cannot require it of their own role before having a factor (409)", async () => {
    const { user: admin, api } = await t.signIn("SuperAdmin");
    try {
      // None by default.
      expect((await api.get("/api/admin/security")).body).toEqual({ requireSecondFactor: [] });
      const put = await api.put("/api/admin/security", { requireSecondFactor: ["Approver", "Accountant", "Approver"] });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ requireSecondFactor: ["Accountant", "Approver"] });
      expect((await api.get("/api/admin/security")).body).toEqual({ requireSecondFactor: ["Accountant", "Approver"] });
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "security_settings_update"), eq(auditLog.performedBy, admin.id)));
      expect(entry.afterData).toEqual({ requireSecondFactor: ["Accountant", "Approver"] });

      const own = await api.put("/api/admin/security", { requireSecondFactor: ["SuperAdmin"] });
      expect(own.status).toBe(409);
      expect(own.body.message).toMatch(/own account/);
      expect((await api.get("/api/admin/security")).body).toEqual({ requireSecondFactor: ["Accountant", "Approver"] });
      expect((await api.put("/api/admin/security", { requireSecondFactor: ["Boss"] })).status).toBe(400);
      expect((await (await t.signIn("Approver")).api.put("/api/admin/security", { requireSecondFactor: [] })).status).toBe(403);
    } finally {
      await requireFor([]);
    }
  });

  it("a SuperAdmin with a factor may require it of SuperAdmins", async () => {
    const { api } = await withTotp("SuperAdmin");
    try {
      expect((await api.put("/api/admin/security", { requireSecondFactor: ["SuperAdmin"] })).status).toBe(200);
    } finally {
      await requireFor([]);
    }
  });

  it("a user of a required role without a factor may only set one up: everything else is 403 until then", async () => {
    await requireFor(["HR Staff"]);
    try {
      const { api } = await t.signIn("HR Staff");
      const me = await api.get("/api/auth/me");
      expect(me.status).toBe(200);
      expect(me.body.secondFactorSetupRequired).toBe(true);
      expect((await api.get("/api/auth/session")).body.secondFactorSetupRequired).toBe(true);
      const refused = await api.get("/api/hr/employees");
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: "second_factor_setup_required", secondFactorSetupRequired: true });
      expect(refused.body.message).toMatch(/Account security/);
      expect((await api.get("/api/notifications")).status).toBe(403);
      expect((await api.get("/api/account/security")).body.required).toBe(true);

      const setup = await api.post("/api/account/totp/setup");
      expect((await api.post("/api/account/totp/confirm", { code: totpCodeAt(setup.body.secret, now) })).status).toBe(200);
      expect((await api.get("/api/hr/employees")).status).toBe(200);
      expect((await api.get("/api/auth/me")).body.secondFactorSetupRequired).toBe(false);

      // Nobody removes their own last factor while their role requires one.
      const remove = await api.delete("/api/account/totp");
      expect(remove.status).toBe(409);
      expect((await api.get("/api/account/security")).body.totp).toBe(true);
      later(30_000);
    } finally {
      await requireFor([]);
    }
  });

  it("every route but the security setup's and the session's own answers 403 second_factor_setup_required to such a user", async () => {
    await requireFor(["HR Admin"]);
    try {
      const { api } = await t.signIn("HR Admin");
      const routes = protectedRoutes();
      const open = routes.filter((r) => r.duringSecondFactorSetup).map((r) => r.key);
      expect(open.sort()).toEqual(
        [
          "DELETE /account/passkeys/:id",
          "DELETE /account/totp",
          "GET /account/security",
          "GET /auth/me",
          "POST /account/passkeys",
          "POST /account/passkeys/options",
          // DECISIONS §15: a one-time password is changed first, whatever else waits.
          "POST /account/password",
          "POST /account/recovery-codes",
          "POST /account/totp/confirm",
          "POST /account/totp/setup",
          "POST /account/verify",
          "POST /account/verify/options",
        ].sort(),
      );
      const letThrough: string[] = [];
      for (const route of routes.filter((r) => !r.duringSecondFactorSetup)) {
        const res = await api[route.method](route.url, route.method === "get" ? undefined : {});
        if (res.status !== 403 || res.body.code !== "second_factor_setup_required") letThrough.push(`${route.key} → ${res.status} ${res.body.code}`);
      }
      expect(letThrough).toEqual([]);
    } finally {
      await requireFor([]);
    }
  });

  it("the last factor may go when the role does not require one; the recovery codes go with it", async () => {
    const { api, user } = await withTotp("Accountant");
    expect((await api.delete("/api/account/totp")).status).toBe(200);
    expect((await api.get("/api/account/security")).body).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect(await t.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id))).toEqual([]);
    expect((await login(t.client(), user)).body.user.id).toBe(user.id);
    expect((await api.post("/api/account/recovery-codes")).status).toBe(409);
  });
});

describe("sessions end when factors change", () => {
  it("removing a factor or regenerating recovery codes ends the user's other sessions, not this one", async () => {
    const { user, api, secret, recoveryCodes: codes } = await withTotp("Accountant");
    const other = await signInWithTotp(user, secret);
    expect((await other.get("/api/auth/me")).status).toBe(200);
    const regenerated = await api.post("/api/account/recovery-codes");
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.recoveryCodes).toHaveLength(10);
    expect((await other.get("/api/auth/me")).status).toBe(401);
    expect((await api.get("/api/auth/me")).status).toBe(200);
    // The old codes stopped working; the new ones work.
    const withOld = t.client();
    await login(withOld, user);
    expect((await withOld.post("/api/auth/second-factor", { method: "recovery", code: codes[0] })).status).toBe(401);
    expect((await withOld.post("/api/auth/second-factor", { method: "recovery", code: regenerated.body.recoveryCodes[0] })).status).toBe(200);
    expect((await api.get("/api/account/security")).body.recoveryCodesLeft).toBe(9);
    const third = await signInWithTotp(user, secret);
    expect((await api.delete("/api/account/totp")).status).toBe(200);
    expect((await third.get("/api/auth/me")).status).toBe(401);
    expect((await api.get("/api/auth/me")).status).toBe(200);
  });

  it("a SuperAdmin's reset removes every factor of another user, needs a reason, is audited and ends their sessions", async () => {
    const { user, api: theirs } = await withTotp("Approver");
    const { user: admin, api } = await t.signIn("SuperAdmin");
    const url = `/api/admin/users/${user.id}/second-factor/reset`;
    expect((await api.post(url, {})).status).toBe(400);
    expect((await api.post(url, { reason: "  " })).status).toBe(400);
    expect((await api.post(`/api/admin/users/${admin.id}/second-factor/reset`, { reason: "Mine" })).status).toBe(409);
    expect((await theirs.post(url, { reason: "Not mine" })).status).toBe(403);
    const res = await api.post(url, { reason: "Lost phone" });
    expect(res.status).toBe(200);
    expect((await theirs.get("/api/auth/me")).status).toBe(401);
    expect(
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(eq(sessions.userId, user.id)),
    ).toEqual([{ n: 0 }]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "second_factor_reset"), eq(auditLog.entityId, user.id)));
    expect(entry).toMatchObject({ performedBy: admin.id, reason: "Lost phone" });
    // One step again.
    expect((await login(t.client(), user)).body.user.id).toBe(user.id);
  });
});

describe("authenticator secrets at rest", () => {
  it("with SECOND_FACTOR_KEY set, the stored secret is sealed (the database alone cannot make codes) and sign-in works", async () => {
    const sealed = await createTestApp({ clock, env: { SECOND_FACTOR_KEY: "a-test-key-of-enough-length-0123456789" } });
    try {
      const user = await makeUser(sealed.db, { role: "Approver" });
      const api = sealed.client();
      await login(api, user);
      const setup = await api.post("/api/account/totp/setup");
      const [row] = await sealed.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id));
      expect(row.secret.startsWith("gcm1:")).toBe(true);
      expect(row.secret).not.toContain(setup.body.secret);
      expect((await api.post("/api/account/totp/confirm", { code: totpCodeAt(setup.body.secret, now) })).status).toBe(200);
      later(30_000);
      const other = sealed.client();
      expect((await login(other, user)).body.secondFactor).toBe("required");
      expect((await other.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(setup.body.secret, now) })).status).toBe(200);
      later(30_000);
    } finally {
      await sealed.close();
    }
  });
});
