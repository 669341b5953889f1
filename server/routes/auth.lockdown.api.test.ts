// Sign-in during a lockdown (DECISIONS §3, changed 2026-11-27): anyone but an active SuperAdmin gets
// the same 423 whether the password is right or wrong, and so does a username nobody has or a
// disabled one; an active SuperAdmin is checked as usual. Refused attempts count towards the
// throttle, and 429 still comes first once it is reached (§10).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { makeUser, TEST_PASSWORD, type MadeUser } from "../test/factories";
import { loginFailures, sessions, users } from "../db/schema";
import { usernameKey } from "../lib/username-key";
import { INVALID_LOGIN_MESSAGE, type Role } from "../../shared/constants";

let t: TestApp;
let admin: { user: MadeUser; api: ApiClient };

const LOCKED = { message: "System is in emergency lockdown mode", lockdown: true };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn("SuperAdmin");
  expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: true })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string) => t.client().post("/api/auth/login", { username, password });

async function sessionsOf(userId: string) {
  return t.db.select().from(sessions).where(eq(sessions.userId, userId));
}

async function failuresOf(username: string) {
  return t.db
    .select()
    .from(loginFailures)
    .where(eq(loginFailures.username, usernameKey(username)));
}

describe("a sign-in while the lockdown is on", () => {
  it.each<Role>(["Accountant", "Approver", "HR Admin", "HR Staff"])(
    "%s: the same 423 with the right password and with a wrong one, and no session",
    async (role) => {
      const user = await makeUser(t.db, { role });
      const right = await login(user.username, TEST_PASSWORD);
      const wrong = await login(user.username, "not-the-password");
      expect(right.status).toBe(423);
      expect(wrong.status).toBe(423);
      expect(right.body).toMatchObject(LOCKED);
      expect(wrong.body).toEqual(right.body);
      expect(right.headers["set-cookie"] ?? []).toEqual(wrong.headers["set-cookie"] ?? []);
      expect(await sessionsOf(user.id)).toHaveLength(0);
    },
  );

  it("an unknown username, a disabled user and a disabled SuperAdmin get the same 423", async () => {
    const disabled = await makeUser(t.db, { role: "Accountant", isActive: false });
    const disabledAdmin = await makeUser(t.db, { role: "SuperAdmin", isActive: false });
    const answers = [
      await login("nobody-by-this-name", TEST_PASSWORD),
      await login(disabled.username, TEST_PASSWORD),
      await login(disabled.username, "not-the-password"),
      await login(disabledAdmin.username, TEST_PASSWORD),
      await login(disabledAdmin.username, "not-the-password"),
    ];
    for (const res of answers) {
      expect(res.status).toBe(423);
      expect(res.body).toMatchObject(LOCKED);
      expect(res.body).toEqual(answers[0]!.body);
    }
  });

  it("an active SuperAdmin is checked as usual: 200 with the right password, 401 with a wrong one", async () => {
    const other = await makeUser(t.db, { role: "SuperAdmin" });
    const wrong = await login(other.username, "not-the-password");
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(INVALID_LOGIN_MESSAGE);
    const right = await login(other.username, TEST_PASSWORD);
    expect(right.status).toBe(200);
    expect(right.body.user).toMatchObject({ id: other.id, role: "SuperAdmin" });
  });

  it("refused attempts count towards the throttle whatever the password: the sixth is 429, the right password too", async () => {
    const user = await makeUser(t.db, { role: "Approver" });
    const statuses = [];
    for (const password of [TEST_PASSWORD, "wrong-1", TEST_PASSWORD, "wrong-2", "wrong-3"]) statuses.push((await login(user.username, password)).status);
    expect(statuses).toEqual([423, 423, 423, 423, 423]);
    expect(await failuresOf(user.username)).toHaveLength(5);
    const after = await login(user.username, TEST_PASSWORD);
    expect(after.status).toBe(429);
    expect((await login(user.username, "wrong-4")).status).toBe(429);
    // An unknown name is throttled alike.
    for (let i = 0; i < 5; i++) expect((await login("ghost-of-nobody", `guess-${i}`)).status).toBe(423);
    expect((await login("ghost-of-nobody", "guess-5")).status).toBe(429);
  });

  it("a SuperAdmin's wrong passwords are throttled as usual: five 401, then 429 for the right one", async () => {
    const other = await makeUser(t.db, { role: "SuperAdmin" });
    for (let i = 0; i < 5; i++) expect((await login(other.username, `wrong-${i}`)).status).toBe(401);
    expect((await login(other.username, TEST_PASSWORD)).status).toBe(429);
  });

  it("once the lockdown is off, the same user signs in", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(423);
    expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: false })).status).toBe(200);
    try {
      expect((await login(user.username, TEST_PASSWORD)).status).toBe(200);
      expect((await login(user.username, "not-the-password")).status).toBe(401);
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      expect((await login(user.username, TEST_PASSWORD)).status).toBe(401);
    } finally {
      await admin.api.post("/api/admin/emergency-toggle", { enabled: true });
    }
  });
});
