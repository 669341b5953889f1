import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { makeUser, TEST_PASSWORD } from "../test/factories";
import { auditLog, categories, sessions, transactions, users } from "../db/schema";
import type { BusEvent } from "../realtime/bus";

let t: TestApp;
let admin: ApiClient;
let adminId: string;
let accountant: ApiClient;
let approver: ApiClient;
let seq = 0;
const uniqueUsername = (base = "user") => `${base}_${Date.now().toString(36)}${++seq}`;
const ZERO_ID = "00000000-0000-0000-0000-000000000000";

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await t.signIn("SuperAdmin");
  admin = signedIn.api;
  adminId = signedIn.user.id;
  accountant = (await t.signIn("Accountant")).api;
  approver = (await t.signIn("Approver")).api;
});
afterAll(async () => {
  await t?.close();
});

const issue = (res: { body: { issues?: { path: string; message: string }[] } }, path: string) => res.body.issues?.find((i) => i.path === path)?.message;

const login = (username: string, password = TEST_PASSWORD) => t.client().post("/api/auth/login", { username, password });

/** A user of this role with their own signed-in client. */
async function signedInUser(role: "Accountant" | "Approver" | "SuperAdmin" | "HR Admin" | "HR Staff" = "Accountant") {
  return t.signIn(role);
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function auditFor(id: string, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, id), eq(auditLog.action, action)));
}

/** Collects what the event bus carries while `fn` runs: the sockets of ended sessions close on these. */
async function busEventsDuring(fn: () => Promise<void>, until: (events: BusEvent[]) => boolean): Promise<BusEvent[]> {
  const events: BusEvent[] = [];
  const off = t.deps.bus.subscribe((e) => events.push(e));
  try {
    await fn();
    await vi.waitFor(() => expect(until(events)).toBe(true), { timeout: 5000 });
    return events;
  } finally {
    off();
  }
}

const sessionsEnded = (userId: string, reason: string) => (events: BusEvent[]) =>
  events.some((e) => e.type === "sessions-ended" && e.userIds.includes(userId) && e.reason === reason);

const noSecrets = (value: unknown) => expect(JSON.stringify(value)).not.toMatch(/password123|hash|argon|newpass/i);

describe("GET /api/admin/users", () => {
  it("is 401 when not signed in", async () => {
    expect((await t.client().get("/api/admin/users")).status).toBe(401);
  });

  it("is 403 for every role but SuperAdmin", async () => {
    for (const role of ["Accountant", "Approver", "HR Admin", "HR Staff"] as const) {
      const { api } = await t.signIn(role);
      expect((await api.get("/api/admin/users")).status).toBe(403);
    }
  });

  it("answers a plain list without hashes, hiding soft-deleted users", async () => {
    const gone = await makeUser(t.db, { role: "Approver" });
    await t.db.update(users).set({ deletedAt: new Date(), isActive: false }).where(eq(users.id, gone.id));
    const res = await admin.get("/api/admin/users");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const ids = res.body.map((u: { id: string }) => u.id);
    expect(ids).toContain(adminId);
    expect(ids).not.toContain(gone.id);
    expect(Object.keys(res.body[0]).sort()).toEqual([
      "approvalLimit",
      "createdAt",
      "email",
      "employeeId",
      "id",
      "isActive",
      "name",
      "role",
      "username",
      "visibilityWindowDays",
    ]);
    noSecrets(res.body);
  });
});

describe("POST /api/admin/users", () => {
  const valid = () => ({ username: uniqueUsername(), name: "New Person", role: "Accountant", password: "secret1" });

  it("is 401 when not signed in", async () => {
    expect((await t.client().post("/api/admin/users", valid())).status).toBe(401);
  });

  it("400 with the spec's message per field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: "ab" }, "username", "Username must be at least 3 characters"],
      [{ name: "A" }, "name", "Name must be at least 2 characters"],
      [{ password: "12345" }, "password", "Password must be at least 6 characters"],
      [{ role: "Boss" }, "role", "Role must be one of Accountant, Approver, SuperAdmin, HR Admin, HR Staff, Employee"],
      [{ visibilityWindowDays: 0 }, "visibilityWindowDays", "Visibility window must be between 1 and 365 days"],
      [{ visibilityWindowDays: 366 }, "visibilityWindowDays", "Visibility window must be between 1 and 365 days"],
    ];
    for (const [override, path, message] of cases) {
      const res = await admin.post("/api/admin/users", { ...valid(), ...override });
      expect(res.status).toBe(400);
      expect(issue(res, path)).toBe(message);
    }
    const empty = await admin.post("/api/admin/users", {});
    expect(empty.status).toBe(400);
    expect(empty.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["name", "password", "role", "username"]);
  });

  it("is 403 for Accountant and Approver", async () => {
    expect((await accountant.post("/api/admin/users", valid())).status).toBe(403);
    expect((await approver.post("/api/admin/users", valid())).status).toBe(403);
  });

  it("409 'Username already exists', case-insensitively, also for a soft-deleted user's name", async () => {
    const existing = await makeUser(t.db, { role: "Approver" });
    const res = await admin.post("/api/admin/users", { ...valid(), username: existing.username.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Username already exists");
    await t.db.update(users).set({ deletedAt: new Date(), isActive: false }).where(eq(users.id, existing.id));
    expect((await admin.post("/api/admin/users", { ...valid(), username: existing.username })).status).toBe(409);
  });

  it("exactly one of concurrent creations of one username succeeds", async () => {
    const username = uniqueUsername("race");
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => admin.post("/api/admin/users", { ...valid(), username: i % 2 ? username.toUpperCase() : username })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.message).toBe("Username already exists");
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    expect(n).toBe(1);
  });

  it("creates the user (any of the five roles), answers it, and they can sign in", async () => {
    for (const role of ["Accountant", "Approver", "SuperAdmin", "HR Admin", "HR Staff"]) {
      const body = { ...valid(), role, visibilityWindowDays: 90 };
      const res = await admin.post("/api/admin/users", body);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ username: body.username, name: "New Person", role, isActive: true, visibilityWindowDays: 90 });
      noSecrets(res.body);
      const row = await userRow(res.body.id);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      const [entry] = await auditFor(res.body.id, "create");
      expect(entry.performedBy).toBe(adminId);
      noSecrets(entry.afterData);
    }
    const username = uniqueUsername();
    await admin.post("/api/admin/users", { ...valid(), username, password: "secret1" });
    expect((await login(username, "secret1")).status).toBe(200);
  });

  it("defaults the visibility window to 30 days", async () => {
    const res = await admin.post("/api/admin/users", valid());
    expect(res.body.visibilityWindowDays).toBe(30);
  });
});

describe("PUT /api/admin/users/:id", () => {
  it("is 401 when not signed in", async () => {
    const u = await makeUser(t.db, { role: "Accountant" });
    expect((await t.client().put(`/api/admin/users/${u.id}`, { name: "Xx" })).status).toBe(401);
  });

  it("400 per field", async () => {
    const u = await makeUser(t.db, { role: "Accountant" });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: "ab" }, "username", "Username must be at least 3 characters"],
      [{ name: "A" }, "name", "Name must be at least 2 characters"],
      [{ visibilityWindowDays: 400 }, "visibilityWindowDays", "Visibility window must be between 1 and 365 days"],
      [{ isActive: "yes" }, "isActive", "isActive must be true or false"],
    ];
    for (const [body, path, message] of cases) {
      const res = await admin.put(`/api/admin/users/${u.id}`, body);
      expect(res.status).toBe(400);
      expect(issue(res, path)).toBe(message);
    }
  });

  it("is 403 for Accountant", async () => {
    const u = await makeUser(t.db, { role: "Accountant" });
    expect((await accountant.put(`/api/admin/users/${u.id}`, { name: "Xx" })).status).toBe(403);
  });

  it("404 for an unknown, malformed or soft-deleted user", async () => {
    expect((await admin.put(`/api/admin/users/${ZERO_ID}`, { name: "Xx" })).status).toBe(404);
    expect((await admin.put(`/api/admin/users/nope`, { name: "Xx" })).status).toBe(404);
    const u = await makeUser(t.db, { role: "Accountant" });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, u.id));
    expect((await admin.put(`/api/admin/users/${u.id}`, { name: "Xx" })).status).toBe(404);
  });

  it("409 for a taken username; 409 disabling yourself", async () => {
    const a = await makeUser(t.db, { role: "Accountant" });
    const b = await makeUser(t.db, { role: "Accountant" });
    const res = await admin.put(`/api/admin/users/${b.id}`, { username: a.username.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Username already exists");
    const self = await admin.put(`/api/admin/users/${adminId}`, { isActive: false });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe("You cannot disable your own account");
  });

  it("updates the fields, audits before and after", async () => {
    const u = await makeUser(t.db, { role: "Accountant" });
    const username = uniqueUsername("renamed");
    const res = await admin.put(`/api/admin/users/${u.id}`, { username, name: "Renamed Person", role: "Approver", visibilityWindowDays: 7 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, username, name: "Renamed Person", role: "Approver", visibilityWindowDays: 7, isActive: true });
    expect(await userRow(u.id)).toMatchObject({ username, role: "Approver", visibilityWindowDays: 7 });
    const [entry] = await auditFor(u.id, "update");
    expect(entry.beforeData).toMatchObject({ username: u.username, role: "Accountant" });
    expect(entry.afterData).toMatchObject({ username, role: "Approver" });
    noSecrets([entry.beforeData, entry.afterData]);
  });

  it("disabling through the edit ends that user's sessions", async () => {
    const { user, api } = await signedInUser("Approver");
    expect((await api.get("/api/auth/me")).status).toBe(200);
    const res = await admin.put(`/api/admin/users/${user.id}`, { isActive: false });
    expect(res.status).toBe(200);
    expect((await api.get("/api/auth/me")).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await auditFor(user.id, "disable")).toHaveLength(1);
  });
});

describe("PUT /api/admin/users/:id/username", () => {
  it("is 401, 400, 403, 404, 409, then changes it", async () => {
    const u = await makeUser(t.db, { role: "Accountant" });
    const other = await makeUser(t.db, { role: "Accountant" });
    expect((await t.client().put(`/api/admin/users/${u.id}/username`, { newUsername: "abcdef" })).status).toBe(401);
    const short = await admin.put(`/api/admin/users/${u.id}/username`, { newUsername: "ab" });
    expect(short.status).toBe(400);
    expect(issue(short, "newUsername")).toBe("Username must be at least 3 characters");
    expect((await accountant.put(`/api/admin/users/${u.id}/username`, { newUsername: uniqueUsername() })).status).toBe(403);
    expect((await admin.put(`/api/admin/users/${ZERO_ID}/username`, { newUsername: uniqueUsername() })).status).toBe(404);
    const taken = await admin.put(`/api/admin/users/${u.id}/username`, { newUsername: other.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("Username already exists");
    const newUsername = uniqueUsername("fresh");
    const res = await admin.put(`/api/admin/users/${u.id}/username`, { newUsername });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(newUsername);
    expect((await userRow(u.id)).username).toBe(newUsername);
    expect((await login(newUsername)).status).toBe(200);
    // Changing the case of one's own name is not a clash with oneself.
    expect((await admin.put(`/api/admin/users/${u.id}/username`, { newUsername: newUsername.toUpperCase() })).status).toBe(200);
  });
});

describe("PUT /api/admin/users/:id/password and POST .../reset-password", () => {
  it("is 401 when not signed in; 403 for Accountant", async () => {
    const u = await makeUser(t.db, { role: "Accountant" });
    expect((await t.client().put(`/api/admin/users/${u.id}/password`, { newPassword: "newpass1" })).status).toBe(401);
    expect((await t.client().post(`/api/admin/users/${u.id}/reset-password`, { newPassword: "newpass1" })).status).toBe(401);
    expect((await accountant.put(`/api/admin/users/${u.id}/password`, { newPassword: "newpass1" })).status).toBe(403);
    expect((await accountant.post(`/api/admin/users/${u.id}/reset-password`, { newPassword: "newpass1" })).status).toBe(403);
  });

  it("400: at least 6 characters; the confirmation must match", async () => {
    const u = await makeUser(t.db, { role: "Accountant" });
    const short = await admin.put(`/api/admin/users/${u.id}/password`, { newPassword: "12345" });
    expect(short.status).toBe(400);
    expect(issue(short, "newPassword")).toBe("Password must be at least 6 characters");
    const shortReset = await admin.post(`/api/admin/users/${u.id}/reset-password`, { newPassword: "12345", confirmPassword: "12345" });
    expect(issue(shortReset, "newPassword")).toBe("Password must be at least 6 characters");
    const mismatch = await admin.post(`/api/admin/users/${u.id}/reset-password`, { newPassword: "newpass1", confirmPassword: "newpass2" });
    expect(mismatch.status).toBe(400);
    expect(issue(mismatch, "confirmPassword")).toBe("Passwords don't match");
  });

  it("404 for an unknown user", async () => {
    expect((await admin.put(`/api/admin/users/${ZERO_ID}/password`, { newPassword: "newpass1" })).status).toBe(404);
    expect((await admin.post(`/api/admin/users/${ZERO_ID}/reset-password`, { newPassword: "newpass1" })).status).toBe(404);
  });

  it("a password change ends the user's sessions; the new password works, the old does not", async () => {
    for (const call of ["put", "post"] as const) {
      const { user, api } = await signedInUser("Accountant");
      let res!: Awaited<ReturnType<ApiClient["put"]>>;
      await busEventsDuring(
        async () => {
          res =
            call === "put"
              ? await admin.put(`/api/admin/users/${user.id}/password`, { newPassword: "newpass1" })
              : await admin.post(`/api/admin/users/${user.id}/reset-password`, { newPassword: "newpass1", confirmPassword: "newpass1" });
        },
        sessionsEnded(user.id, "password"),
      );
      expect(res.status).toBe(200);
      noSecrets(res.body);
      expect((await api.get("/api/auth/me")).status).toBe(401);
      expect((await login(user.username)).status).toBe(401);
      expect((await login(user.username, "newpass1")).status).toBe(200);
      const entries = await auditFor(user.id, "password_reset");
      expect(entries).toHaveLength(1);
      noSecrets([entries[0].beforeData, entries[0].afterData]);
    }
  });
});

describe("PATCH /api/admin/users/:id/status", () => {
  it("is 401, 400, 403, 404", async () => {
    const u = await makeUser(t.db, { role: "Accountant" });
    expect((await t.client().patch(`/api/admin/users/${u.id}/status`, { isActive: false })).status).toBe(401);
    const bad = await admin.patch(`/api/admin/users/${u.id}/status`, {});
    expect(bad.status).toBe(400);
    expect(issue(bad, "isActive")).toBe("isActive must be true or false");
    expect((await approver.patch(`/api/admin/users/${u.id}/status`, { isActive: false })).status).toBe(403);
    expect((await admin.patch(`/api/admin/users/${ZERO_ID}/status`, { isActive: false })).status).toBe(404);
  });

  it("409: nobody disables themselves", async () => {
    const res = await admin.patch(`/api/admin/users/${adminId}/status`, { isActive: false });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You cannot disable your own account");
    expect((await userRow(adminId)).isActive).toBe(true);
  });

  it("disabling ends the user's sessions and blocks sign-in; enabling lets them back", async () => {
    const { user, api } = await signedInUser("Approver");
    let res!: Awaited<ReturnType<ApiClient["patch"]>>;
    await busEventsDuring(
      async () => {
        res = await admin.patch(`/api/admin/users/${user.id}/status`, { isActive: false });
      },
      sessionsEnded(user.id, "disabled"),
    );
    expect(res.status).toBe(200);
    expect(res.body.isActive).toBe(false);
    expect((await api.get("/api/auth/me")).status).toBe(401);
    expect((await login(user.username)).status).toBe(401);
    const [entry] = await auditFor(user.id, "disable");
    expect(entry.beforeData).toEqual({ isActive: true });
    expect(entry.afterData).toEqual({ isActive: false });
    const enabled = await admin.patch(`/api/admin/users/${user.id}/status`, { isActive: true });
    expect(enabled.status).toBe(200);
    expect(await auditFor(user.id, "enable")).toHaveLength(1);
    expect((await login(user.username)).status).toBe(200);
  });

  it("an optional reason is kept in the disable entry (DECISIONS §16); none is null; too long or a control character is 400 and changes nothing", async () => {
    const a = await makeUser(t.db, { role: "Accountant" });
    const res = await admin.patch(`/api/admin/users/${a.id}/status`, { isActive: false, reason: "  Left the company on 30 November  " });
    expect(res.status).toBe(200);
    expect((await auditFor(a.id, "disable"))[0]?.reason).toBe("Left the company on 30 November");
    const b = await makeUser(t.db, { role: "Accountant" });
    expect((await admin.patch(`/api/admin/users/${b.id}/status`, { isActive: false, reason: "" })).status).toBe(200);
    expect((await auditFor(b.id, "disable"))[0]?.reason).toBeNull();
    const c = await makeUser(t.db, { role: "Accountant" });
    for (const reason of ["x".repeat(501), "bad\u0007bell"]) {
      const refused = await admin.patch(`/api/admin/users/${c.id}/status`, { isActive: false, reason });
      expect(refused.status).toBe(400);
      expect(issue(refused, "reason")).toBeTruthy();
    }
    expect((await userRow(c.id)).isActive).toBe(true);
    expect(await auditFor(c.id, "disable")).toHaveLength(0);
  });
});

describe("DELETE /api/admin/users/:id", () => {
  it("is 401, 403, 404", async () => {
    const u = await makeUser(t.db, { role: "Accountant" });
    expect((await t.client().delete(`/api/admin/users/${u.id}`)).status).toBe(401);
    expect((await accountant.delete(`/api/admin/users/${u.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/admin/users/${ZERO_ID}`)).status).toBe(404);
  });

  it("409: nobody deletes themselves", async () => {
    const res = await admin.delete(`/api/admin/users/${adminId}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You cannot delete your own account");
  });

  it("removes a user without history, ending their sessions", async () => {
    const u = await makeUser(t.db, { role: "HR Staff" });
    const res = await admin.delete(`/api/admin/users/${u.id}`);
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe("hard");
    expect(await userRow(u.id)).toBeUndefined();
    const [entry] = await auditFor(u.id, "delete");
    expect((entry.beforeData as { username: string }).username).toBe(u.username);
    noSecrets(entry.beforeData);
  });

  it("softly deletes a user with transactions: hidden, cannot sign in, sessions ended, history kept", async () => {
    const { user, api } = await signedInUser("Accountant");
    const [category] = await t.db.select().from(categories).limit(1);
    const [txn] = await t.db
      .insert(transactions)
      .values({ categoryId: category.id, amount: "10.00", transactionDate: "2026-11-01", description: "kept", createdBy: user.id })
      .returning();
    let res!: Awaited<ReturnType<ApiClient["delete"]>>;
    await busEventsDuring(
      async () => {
        res = await admin.delete(`/api/admin/users/${user.id}`);
      },
      sessionsEnded(user.id, "deleted"),
    );
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe("soft");
    const row = await userRow(user.id);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.isActive).toBe(false);
    expect((await api.get("/api/auth/me")).status).toBe(401);
    expect((await login(user.username)).status).toBe(401);
    expect((await admin.get("/api/admin/users")).body.map((u: { id: string }) => u.id)).not.toContain(user.id);
    expect(await t.db.select().from(transactions).where(eq(transactions.id, txn.id))).toHaveLength(1);
    // Its username stays reserved, and a second delete finds nobody.
    expect((await admin.post("/api/admin/users", { username: user.username, name: "Someone", role: "Accountant", password: "secret1" })).status).toBe(409);
    expect((await admin.delete(`/api/admin/users/${user.id}`)).status).toBe(404);
  });

  it("softly deletes a user who only has audit entries (they signed in)", async () => {
    const { user } = await signedInUser("Approver");
    const res = await admin.delete(`/api/admin/users/${user.id}`);
    expect(res.body.deleted).toBe("soft");
    expect((await userRow(user.id)).deletedAt).not.toBeNull();
  });
});

describe("the last active SuperAdmin", () => {
  it("cannot be demoted, disabled or deleted (409); with another active one they can step down", async () => {
    // A separate app, so this file's other SuperAdmins do not count.
    const iso = await createTestApp();
    try {
      const a = await iso.signIn("SuperAdmin");
      // A disabled or soft-deleted SuperAdmin does not count.
      await makeUser(iso.db, { role: "SuperAdmin", isActive: false });
      const deleted = await makeUser(iso.db, { role: "SuperAdmin" });
      await iso.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
      for (const role of ["Accountant", "Approver", "HR Admin"]) {
        const res = await a.api.put(`/api/admin/users/${a.user.id}`, { role });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe("The last active SuperAdmin cannot be disabled, demoted or deleted");
      }
      expect((await a.api.put(`/api/admin/users/${a.user.id}`, { isActive: false })).status).toBe(409);
      expect((await a.api.patch(`/api/admin/users/${a.user.id}/status`, { isActive: false })).status).toBe(409);
      expect((await a.api.delete(`/api/admin/users/${a.user.id}`)).status).toBe(409);
      const [row] = await iso.db.select().from(users).where(eq(users.id, a.user.id));
      expect(row).toMatchObject({ role: "SuperAdmin", isActive: true, deletedAt: null });
      // Editing the last SuperAdmin's other fields is fine.
      expect((await a.api.put(`/api/admin/users/${a.user.id}`, { name: "Still Admin", role: "SuperAdmin" })).status).toBe(200);
      // With a second active SuperAdmin, a may step down, and then b is the last.
      const b = await iso.signIn("SuperAdmin");
      expect((await a.api.put(`/api/admin/users/${a.user.id}`, { role: "Accountant" })).status).toBe(200);
      expect((await b.api.put(`/api/admin/users/${b.user.id}`, { role: "Approver" })).status).toBe(409);
    } finally {
      await iso.close();
    }
  });

  it("of two concurrent demotions of the last two SuperAdmins exactly one succeeds", async () => {
    const iso = await createTestApp();
    try {
      for (let round = 0; round < 3; round++) {
        await iso.db.update(users).set({ role: "Accountant" }).where(eq(users.role, "SuperAdmin"));
        const a = await iso.signIn("SuperAdmin");
        const b = await iso.signIn("SuperAdmin");
        const results = await Promise.all([
          a.api.put(`/api/admin/users/${b.user.id}`, { role: "Approver" }),
          b.api.put(`/api/admin/users/${a.user.id}`, { role: "Approver" }),
        ]);
        // A demoted caller loses SuperAdmin rights at once, and a change of role ends their sessions
        // (DECISIONS §10): so the loser may see 409, 403 or 401.
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        expect(results.filter((r) => r.status !== 200).every((r) => [401, 403, 409].includes(r.status))).toBe(true);
        const [{ n }] = await iso.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(sql`${users.role} = 'SuperAdmin' and ${users.isActive} and ${users.deletedAt} is null`);
        expect(n).toBe(1);
      }
      // The same with disables by a third admin racing a demotion.
      await iso.db.update(users).set({ role: "Accountant" }).where(eq(users.role, "SuperAdmin"));
      const a = await iso.signIn("SuperAdmin");
      const b = await iso.signIn("SuperAdmin");
      const results = await Promise.all([
        a.api.patch(`/api/admin/users/${b.user.id}/status`, { isActive: false }),
        b.api.delete(`/api/admin/users/${a.user.id}`),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const [{ n }] = await iso.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`${users.role} = 'SuperAdmin' and ${users.isActive} and ${users.deletedAt} is null`);
      expect(n).toBe(1);
    } finally {
      await iso.close();
    }
  });
});
