// The order of the sign-in sequence (services/sign-in.ts, DECISIONS §13), proved on a real database
// with the session kept in memory as the route would keep it: the throttle slot is taken before a
// code is checked (a code sent while the slots are used up is not spent), the lockdown is checked
// again after the second step (one that comes on while the code is being checked still refuses),
// and the audit entry names the method that finished the sign-in, once the session holds the user.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness";
import { makeUser, TEST_PASSWORD } from "../test/factories";
import { auditLog, loginFailures, recoveryCodes, settings, type UserRow } from "../db/schema";
import { usernameKey } from "../lib/username-key";
import { totpCodeAt } from "../auth/totp";
import { SoftAuthenticator } from "../test/soft-authenticator";
import { requestContext } from "./context";
import { DomainError } from "./errors";
import { THROTTLE } from "../auth/throttle";
import { secondFactorChallenge, signInWithPassword, signInWithSecondFactor, type PendingSignIn, type SignInSession } from "./sign-in";
import type { Actor } from "../context";

let now = new Date("2026-11-28T09:00:00.000Z");
const clock = () => now;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

/** The session as the route keeps it, in memory, with every call it was asked for in order. */
class RecordedSession implements SignInSession {
  pending: PendingSignIn | undefined;
  user: Actor | null = null;
  readonly calls: string[] = [];
  async holdPending(pending: PendingSignIn) {
    this.calls.push("holdPending");
    this.pending = pending;
  }
  async updatePending(pending: PendingSignIn | undefined) {
    this.calls.push(pending ? "updatePending" : "dropPending");
    this.pending = pending;
  }
  async signIn(user: Actor) {
    this.calls.push("signIn");
    this.pending = undefined;
    this.user = user;
  }
  async end() {
    this.calls.push("end");
    this.pending = undefined;
    this.user = null;
  }
}

const ctx = () => requestContext(t.deps, "10.20.30.40");
const failed = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
};
const loginsOf = (user: UserRow) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "login"), eq(auditLog.performedBy, user.id)));
const unusedCodes = async (user: UserRow) =>
  (
    await t.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)))
  ).length;

/** A user with an authenticator app and recovery codes, set up through the API; the clock moves past the confirming code. */
async function withTotp() {
  const { user, api } = await t.signIn("Accountant");
  const setup = await api.post("/api/account/totp/setup");
  const confirm = await api.post("/api/account/totp/confirm", { code: totpCodeAt(setup.body.secret, now) });
  expect(confirm.status).toBe(200);
  now = new Date(now.getTime() + 30_000);
  return { user, secret: setup.body.secret as string, codes: confirm.body.recoveryCodes as string[] };
}

/** The password step of `user`, answered with the half-signed-in session it leaves. */
async function passwordStep(user: UserRow): Promise<RecordedSession> {
  const session = new RecordedSession();
  expect(await signInWithPassword(ctx(), session, { username: user.username, password: TEST_PASSWORD })).toMatchObject({ secondFactor: "required" });
  expect(session.calls).toEqual(["holdPending"]);
  return session;
}

describe("the throttle slot comes before the check", () => {
  it("a right recovery code sent while the username's slots are used up is 429 and is not spent; the session is not signed in", async () => {
    const { user, codes } = await withTotp();
    const session = await passwordStep(user);
    await t.db
      .insert(loginFailures)
      .values(Array.from({ length: THROTTLE.perUsername }, () => ({ username: usernameKey(user.username), ipAddress: "10.9.9.9", at: now })));
    const err = await failed(signInWithSecondFactor(ctx(), session, { method: "recovery", code: codes[0]! }));
    expect(err.kind).toBe("throttled");
    expect(await unusedCodes(user)).toBe(10);
    expect(session.calls).toEqual(["holdPending"]);
    expect(session.user).toBeNull();
    await t.db.delete(loginFailures).where(eq(loginFailures.username, usernameKey(user.username)));
  });

  it("the password step too: a right password while the slots are used up holds no session", async () => {
    const user = await makeUser(t.db, { role: "Approver" });
    await t.db
      .insert(loginFailures)
      .values(Array.from({ length: THROTTLE.perUsername }, () => ({ username: usernameKey(user.username), ipAddress: "10.9.9.9", at: now })));
    const session = new RecordedSession();
    expect((await failed(signInWithPassword(ctx(), session, { username: user.username, password: TEST_PASSWORD }))).kind).toBe("throttled");
    expect(session.calls).toEqual([]);
    await t.db.delete(loginFailures).where(eq(loginFailures.username, usernameKey(user.username)));
  });

  it("a wrong code keeps its slot as a failure; a right one gives its slot back", async () => {
    const { user, secret } = await withTotp();
    const session = await passwordStep(user);
    const failures = async () =>
      (
        await t.db
          .select()
          .from(loginFailures)
          .where(eq(loginFailures.username, usernameKey(user.username)))
      ).length;
    expect((await failed(signInWithSecondFactor(ctx(), session, { method: "totp", code: totpCodeAt(secret, new Date(now.getTime() + 600_000)) }))).kind).toBe(
      "unauthenticated",
    );
    expect(await failures()).toBe(1);
    await signInWithSecondFactor(ctx(), session, { method: "totp", code: totpCodeAt(secret, now) });
    expect(await failures()).toBe(1);
    now = new Date(now.getTime() + 30_000);
  });
});

describe("the lockdown is checked again after the second step", () => {
  it("a lockdown that comes on while the code is being checked refuses the sign-in (423): the code is spent, the session ended, nothing audited", async () => {
    const { user, codes } = await withTotp();
    const session = await passwordStep(user);
    // The lockdown comes on in the very statement that spends the recovery code.
    await t.asOwner(async (owner) => {
      await owner.db.execute(sql`create function lockdown_when_code_spent() returns trigger language plpgsql as $$
        begin
          insert into settings (key, value) values ('lockdown', '{"enabled": true, "activatedAt": null, "activatedBy": null}')
            on conflict (key) do update set value = excluded.value;
          return null;
        end $$`);
      await owner.db.execute(
        sql`create trigger lockdown_when_code_spent after update on recovery_codes for each statement execute function lockdown_when_code_spent()`,
      );
    });
    try {
      const err = await failed(signInWithSecondFactor(ctx(), session, { method: "recovery", code: codes[0]! }));
      expect(err.kind).toBe("locked");
      expect(await unusedCodes(user)).toBe(9);
      expect(session.calls).toEqual(["holdPending", "end"]);
      expect(session.user).toBeNull();
      expect(await loginsOf(user)).toHaveLength(1); // the first sign-in, by password, before the app was set up
    } finally {
      await t.asOwner(async (owner) => {
        await owner.db.execute(sql`drop trigger lockdown_when_code_spent on recovery_codes`);
        await owner.db.execute(sql`drop function lockdown_when_code_spent()`);
      });
      await t.db.delete(settings).where(eq(settings.key, "lockdown"));
    }
  });
});

describe("the audit entry names the method", () => {
  it("after the session holds the user: totp, recovery and passkey each named; a sign-in by password alone names none", async () => {
    const { user, secret, codes } = await withTotp();
    const byTotp = await passwordStep(user);
    await signInWithSecondFactor(ctx(), byTotp, { method: "totp", code: totpCodeAt(secret, now) });
    expect(byTotp.calls).toEqual(["holdPending", "signIn"]);
    expect(byTotp.user?.id).toBe(user.id);
    now = new Date(now.getTime() + 30_000);

    const byRecovery = await passwordStep(user);
    await signInWithSecondFactor(ctx(), byRecovery, { method: "recovery", code: codes[1]! });

    // A passkey, registered through the API, signs in through its one-time challenge.
    const { user: holder, api } = await t.signIn("Approver");
    const device = new SoftAuthenticator(t.config.rpId, t.config.webauthnOrigins[0]!);
    const options = await api.post("/api/account/passkeys/options");
    expect((await api.post("/api/account/passkeys", { name: "Phone", response: device.register(options.body) })).status).toBe(201);
    const byPasskey = await passwordStep(holder);
    const challenge = await secondFactorChallenge(ctx(), byPasskey);
    expect(byPasskey.pending?.challenge).toBe(challenge.challenge);
    await signInWithSecondFactor(ctx(), byPasskey, { method: "passkey", response: device.authenticate(challenge) as never });
    // The challenge is spent before the proof is checked, then the session becomes the user's.
    expect(byPasskey.calls).toEqual(["holdPending", "updatePending", "updatePending", "signIn"]);

    const entries = (await loginsOf(user)).map((e) => e.afterData);
    expect(entries).toEqual([null, { secondFactor: "totp" }, { secondFactor: "recovery" }]);
    expect((await loginsOf(holder)).map((e) => e.afterData)).toEqual([null, { secondFactor: "passkey" }]);
    expect((await loginsOf(user)).slice(1).map((e) => e.ipAddress)).toEqual(["10.20.30.40", "10.20.30.40"]);
  });
});
