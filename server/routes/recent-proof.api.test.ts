// Changing a factor needs a recent proof (DECISIONS §13), through the API: a stolen session cookie
// older than 5 minutes can neither make recovery codes, nor remove or set up the authenticator
// app, nor add or remove a passkey (403 verification_required, nothing changed); POST
// /api/account/verify proves it with a factor (or the password when there is none), wrong proofs
// count toward the sign-in throttle even when fired together; signing in and confirming a new
// authenticator code count as proofs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { TEST_PASSWORD } from "../test/factories";
import { auditLog, loginFailures, passkeys, recoveryCodes, totpSecrets, type UserRow } from "../db/schema";
import { totpCodeAt } from "../auth/totp";
import { usernameKey } from "../lib/username-key";
import { SoftAuthenticator } from "../test/soft-authenticator";
import type { Role } from "../../shared/constants";

let now = new Date("2026-11-28T10:00:00.000Z");
const clock = () => now;
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const login = (api: ApiClient, user: UserRow) => api.post("/api/auth/login", { username: user.username, password: TEST_PASSWORD });
const authenticator = () => new SoftAuthenticator(t.config.rpId, t.config.webauthnOrigins[0]);
const failuresOf = async (user: UserRow) =>
  (
    await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.username, usernameKey(user.username)))
  ).length;

/** A signed-in user with a confirmed authenticator app; answers its secret and recovery codes. The sign-in's proof is spent by the time it returns. */
async function withTotp(role: Role = "Approver") {
  const { user, api } = await t.signIn(role);
  const setup = await api.post("/api/account/totp/setup");
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const confirm = await api.post("/api/account/totp/confirm", { code: totpCodeAt(secret, now) });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  later(6 * MINUTE);
  return { user, api, secret, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

/** Every change to one's own factors, as a cookie thief would try it. */
const CHANGES: [string, (api: ApiClient) => Promise<{ status: number; body: { code?: string; methods?: string[] } }>][] = [
  ["POST /account/recovery-codes", (api) => api.post("/api/account/recovery-codes")],
  ["DELETE /account/totp", (api) => api.delete("/api/account/totp")],
  ["POST /account/totp/setup", (api) => api.post("/api/account/totp/setup")],
  ["POST /account/totp/confirm", (api) => api.post("/api/account/totp/confirm", { code: "123456" })],
  ["POST /account/passkeys/options", (api) => api.post("/api/account/passkeys/options")],
  ["POST /account/passkeys", (api) => api.post("/api/account/passkeys", { name: "Thief's phone", response: authenticator().register({ challenge: "AAAA" }) })],
  ["DELETE /account/passkeys/:id", (api) => api.delete("/api/account/passkeys/00000000-0000-4000-8000-000000000000")],
];

describe("a session older than 5 minutes without a proof since", () => {
  it("can change none of the user's factors: 403 verification_required naming the methods that would do, and nothing changes", async () => {
    const { user, api, recoveryCodes: codes } = await withTotp();
    const storedBefore = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    for (const [what, call] of CHANGES) {
      const res = await call(api);
      expect(res.status, what).toBe(403);
      expect(res.body, what).toMatchObject({ code: "verification_required", methods: ["totp", "recovery"] });
    }
    // The app is still on, the codes are the same ones, and the owner's other devices stay signed in.
    expect(await t.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id))).toHaveLength(1);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual(storedBefore);
    expect(codes).toHaveLength(10);
    expect((await login(t.client(), user)).body).toEqual({ secondFactor: "required", methods: ["totp", "recovery"] });
  });

  it("of a user without a factor cannot set one up either: the password is the proof asked for", async () => {
    const { user, api } = await t.signIn("Accountant");
    later(5 * MINUTE + 1_000);
    const res = await api.post("/api/account/totp/setup");
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "verification_required", methods: ["password"] });
    expect(await t.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id))).toEqual([]);
  });
});

describe("signing in counts as a proof for its first 5 minutes", () => {
  it("with the password for a user who has no factor: the first factor is set up at once, not after 5 minutes", async () => {
    const { api } = await t.signIn("Accountant");
    later(4 * MINUTE + 59_000);
    expect((await api.post("/api/account/totp/setup")).status).toBe(200);
    later(2_000);
    expect((await api.post("/api/account/totp/setup")).status).toBe(403);
  });

  it("with the second factor for a user who has one", async () => {
    const { user, secret } = await withTotp("Accountant");
    const api = t.client();
    await login(api, user);
    expect((await api.post("/api/auth/second-factor", { method: "totp", code: totpCodeAt(secret, now) })).status).toBe(200);
    later(4 * MINUTE);
    expect((await api.post("/api/account/recovery-codes")).status).toBe(200);
    later(30_000);
    expect((await api.delete("/api/account/totp")).status).toBe(200);
  });

  it("and a half-signed-in session proves nothing: the verify call is 401 like every protected one", async () => {
    const { user } = await withTotp();
    const api = t.client();
    await login(api, user);
    expect((await api.post("/api/account/verify", { method: "password", password: TEST_PASSWORD })).status).toBe(401);
  });
});

describe("POST /api/account/verify", () => {
  it("with a factor: the password alone is 400 (nothing counted); a wrong code 401 (counted); the right one opens changes for 5 minutes", async () => {
    const { user, api, secret } = await withTotp();
    const before = await failuresOf(user);
    const password = await api.post("/api/account/verify", { method: "password", password: TEST_PASSWORD });
    expect(password.status).toBe(400);
    expect(password.body.message).toMatch(/password alone is not enough/);
    expect(await failuresOf(user)).toBe(before);

    const wrong = await api.post("/api/account/verify", { method: "totp", code: totpCodeAt(secret, new Date(now.getTime() + 10 * MINUTE)) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("That code is not right. Enter the current code from your app.");
    expect(await failuresOf(user)).toBe(before + 1);
    // A 401 here does not sign the session out.
    expect((await api.get("/api/auth/me")).status).toBe(200);

    const right = await api.post("/api/account/verify", { method: "totp", code: totpCodeAt(secret, now) });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ verifiedUntil: new Date(now.getTime() + 5 * MINUTE).toISOString() });
    expect(await failuresOf(user)).toBe(before + 1);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "verify_identity"), eq(auditLog.performedBy, user.id)));
    expect(entry!.afterData).toEqual({ method: "totp" });

    later(4 * MINUTE);
    expect((await api.post("/api/account/recovery-codes")).status).toBe(200);
    later(MINUTE + 1_000);
    expect((await api.post("/api/account/recovery-codes")).status).toBe(403);
  });

  it("a recovery code proves it once, and is spent", async () => {
    const { user, api, recoveryCodes: codes } = await withTotp();
    expect((await api.post("/api/account/verify", { method: "recovery", code: codes[0] })).status).toBe(200);
    const [spent] = await t.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    expect(spent).toBeDefined();
    expect(
      (
        await t.db
          .select()
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)))
      ).length,
    ).toBe(9);
    later(6 * MINUTE);
    expect((await api.post("/api/account/verify", { method: "recovery", code: codes[0] })).status).toBe(401);
  });

  it("a passkey proves it with its own challenge, once; an assertion replayed is 401", async () => {
    const { user, api } = await t.signIn("Approver");
    const device = authenticator();
    const options = await api.post("/api/account/passkeys/options");
    expect((await api.post("/api/account/passkeys", { name: "Phone", response: device.register(options.body) })).status).toBe(201);
    later(6 * MINUTE);
    expect((await api.delete(`/api/account/passkeys/00000000-0000-4000-8000-000000000000`)).status).toBe(403);
    const challenge = await api.post("/api/account/verify/options");
    expect(challenge.status).toBe(200);
    const assertion = device.authenticate(challenge.body);
    const proved = await api.post("/api/account/verify", { method: "passkey", response: assertion });
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    // Its challenge was spent: the same assertion again proves nothing.
    expect((await api.post("/api/account/verify", { method: "passkey", response: assertion })).status).toBe(401);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect((await api.delete(`/api/account/passkeys/${row!.id}`)).status).toBe(200);
  });

  it("without a factor, with the password: wrong 401, right 200; a code is 400", async () => {
    const { user, api } = await t.signIn("HR Staff");
    later(6 * MINUTE);
    expect((await api.post("/api/account/verify", { method: "totp", code: "123456" })).status).toBe(400);
    const wrong = await api.post("/api/account/verify", { method: "password", password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("That password is not right.");
    expect((await api.post("/api/account/verify", { method: "password", password: TEST_PASSWORD })).status).toBe(200);
    expect((await api.post("/api/account/totp/setup")).status).toBe(200);
    expect(await failuresOf(user)).toBe(1);
  });

  it("ten wrong proofs fired together: five 401 and five 429, and then the username's sign-in is throttled too", async () => {
    const { user, api } = await t.signIn("Accountant");
    later(6 * MINUTE);
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.post("/api/account/verify", { method: "password", password: "guess" })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect((await api.post("/api/account/verify", { method: "password", password: TEST_PASSWORD })).status).toBe(429);
    expect((await login(t.client(), user)).status).toBe(429);
    later(16 * MINUTE);
  });

  it("is the session's own: a proof in one session opens nothing in another of the same user", async () => {
    const { user, api } = await t.signIn("Accountant");
    const other = t.client();
    await login(other, user);
    later(6 * MINUTE);
    expect((await api.post("/api/account/verify", { method: "password", password: TEST_PASSWORD })).status).toBe(200);
    expect((await api.post("/api/account/totp/setup")).status).toBe(200);
    expect((await other.post("/api/account/totp/setup")).status).toBe(403);
  });
});

describe("setting up the authenticator app", () => {
  it("totp/confirm needs the same proof as totp/setup", async () => {
    const { user, api } = await t.signIn("Approver");
    later(4 * MINUTE);
    const setup = await api.post("/api/account/totp/setup");
    expect(setup.status).toBe(200);
    later(MINUTE + 1_000);
    const confirm = await api.post("/api/account/totp/confirm", { code: totpCodeAt(setup.body.secret, now) });
    expect(confirm.status).toBe(403);
    expect(
      await t.db
        .select()
        .from(totpSecrets)
        .where(and(eq(totpSecrets.userId, user.id))),
    ).toMatchObject([{ confirmedAt: null }]);
  });

  it("confirming a new authenticator code counts as a proof: the recovery codes can be made again minutes later", async () => {
    const { api } = await t.signIn("Approver");
    later(4 * MINUTE);
    const setup = await api.post("/api/account/totp/setup");
    expect((await api.post("/api/account/totp/confirm", { code: totpCodeAt(setup.body.secret, now) })).status).toBe(200);
    // Past the sign-in's 5 minutes, within the confirmation's.
    later(3 * MINUTE);
    expect((await api.post("/api/account/recovery-codes")).status).toBe(200);
  });
});
