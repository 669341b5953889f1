// Sign-in holds under parallel guessing (DECISIONS §3, §10): a login attempt reserves its failure
// slot before the password is checked, so truly parallel wrong guesses (Promise.all over one
// listening server, not sequential awaits) get at most 5 answers of 401 for a username and 100 for
// an address; usernames are compared by one key (NFKC, then JavaScript's toLowerCase), never the
// database's lower(); throttling rows are pruned with expired sessions.
import http from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, CSRF_HEADER, type TestApp } from "../test/harness";
import { makeUser, TEST_PASSWORD } from "../test/factories";
import { emergencyPinFailures, loginFailures, sessions, users } from "../db/schema";
import { usernameKey } from "../lib/username-key";
import { pruneExpired } from "../services/prune";
import { DatabaseSessionStore } from "../auth/session-store";
import { runMigrations } from "../db/migrate";

let t: TestApp;
let server: http.Server;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  server = http.createServer(t.app).listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await t?.close();
});

let addressCounter = 0;
/** Each test signs in from its own address (the app trusts X-Forwarded-For from loopback), so the per-address count of one test never reaches another. */
const newAddress = () => `10.44.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

async function login(username: string, password: string, address: string): Promise<number> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { ...CSRF_HEADER, "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({ username, password }),
  });
  await res.arrayBuffer();
  return res.status;
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe("parallel guessing", () => {
  it("100 truly parallel wrong passwords for one username: exactly 5 answers of 401, 95 of 429; the right password after them: 429", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const address = newAddress();
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => login(user.username, `wrong-${i}`, address)));
    expect(tally(statuses)).toEqual({ 401: 5, 429: 95 });
    expect(await login(user.username, TEST_PASSWORD, address)).toBe(429);
    // From another address too: the username is what is throttled.
    expect(await login(user.username, TEST_PASSWORD, newAddress())).toBe(429);
    const rows = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.username, usernameKey(user.username)));
    expect(rows).toHaveLength(5);
  });

  it("150 truly parallel wrong guesses from one address for 150 usernames: exactly 100 answers of 401; then a right password from there: 429", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const address = newAddress();
    const statuses = await Promise.all(Array.from({ length: 150 }, (_, i) => login(`nobody-${i}-${user.username}`, "wrong", address)));
    expect(tally(statuses)).toEqual({ 401: 100, 429: 50 });
    expect(await login(user.username, TEST_PASSWORD, address)).toBe(429);
    // The same user from another address is not affected.
    expect(await login(user.username, TEST_PASSWORD, newAddress())).toBe(200);
  });

  it("a right password gives its slot back: it is not counted as a failure", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const address = newAddress();
    for (let i = 0; i < 4; i++) expect(await login(user.username, "wrong", address)).toBe(401);
    // Right passwords after 4 failures: none is a failure, so each gets in and the count stays at 4.
    // (While a right password is being checked it holds a slot: that is what stops parallel guesses.)
    for (let i = 0; i < 3; i++) expect(await login(user.username, TEST_PASSWORD, address)).toBe(200);
    expect(
      await t.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.username, usernameKey(user.username))),
    ).toHaveLength(4);
    // The 5th failure still counts, and then the window is closed.
    expect(await login(user.username, "wrong", address)).toBe(401);
    expect(await login(user.username, TEST_PASSWORD, address)).toBe(429);
  });

  it("a disabled user's right password counts as a failure (same 401 as a wrong one)", async () => {
    const user = await makeUser(t.db, { role: "Accountant", isActive: false });
    const address = newAddress();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => login(user.username, TEST_PASSWORD, address)));
    expect(tally(statuses)).toEqual({ 401: 5, 429: 15 });
  });
});

describe("one username key: NFKC, then JavaScript's toLowerCase", () => {
  it("'vİjay' (Turkish dotted capital I) neither signs in as 'vijay' nor is throttled together with it", async () => {
    const vijay = await makeUser(t.db, { role: "Accountant", username: `vijay${Date.now() % 100000}` });
    const turkish = vijay.username.replace("vi", "vİ");
    expect(usernameKey(turkish)).not.toBe(usernameKey(vijay.username));
    const address = newAddress();
    // vijay's own password, typed under the look-alike name: not vijay.
    expect(await login(turkish, TEST_PASSWORD, address)).toBe(401);
    // Five parallel failures under the look-alike name fill its own window, not vijay's.
    const statuses = await Promise.all(Array.from({ length: 10 }, () => login(turkish, "wrong", address)));
    expect(tally(statuses)).toEqual({ 401: 4, 429: 6 });
    expect(await login(vijay.username, TEST_PASSWORD, newAddress())).toBe(200);
    const [row] = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.username, usernameKey(turkish)))
      .limit(1);
    expect(row.username).toBe(turkish.normalize("NFKC").toLowerCase());
  });

  it("upper case and full-width letters are the same username, for sign-in and for throttling alike", async () => {
    const user = await makeUser(t.db, { role: "Accountant", username: `meera${Date.now() % 100000}` });
    const fullWidth = [...user.username].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join("");
    expect(await login(user.username.toUpperCase(), TEST_PASSWORD, newAddress())).toBe(200);
    expect(await login(fullWidth, TEST_PASSWORD, newAddress())).toBe(200);
    const address = newAddress();
    await Promise.all([
      login(user.username.toUpperCase(), "wrong", address),
      login(fullWidth, "wrong", address),
      login(user.username, "wrong", address),
      login(` ${user.username} `, "wrong", address),
      login(user.username.toUpperCase(), "wrong", address),
    ]);
    expect(await login(user.username, TEST_PASSWORD, address)).toBe(429);
  });

  it("a user is stored with the app's key, and the key is unique", async () => {
    const admin = await t.signIn("SuperAdmin");
    const name = `Kavya${Date.now() % 100000}`;
    const created = await admin.api.post("/api/admin/users", { username: name, name: "Kavya Rao", role: "Approver", password: "secret123" });
    expect(created.status).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.id, created.body.id));
    expect(row.usernameKey).toBe(name.toLowerCase());
    const again = await admin.api.post("/api/admin/users", { username: name.toUpperCase(), name: "Kavya Again", role: "Approver", password: "secret123" });
    expect(again.status).toBe(409);
    // The database itself refuses a second row with the key, whatever the spelling.
    await expect(makeUser(t.db, { role: "Approver", username: name.toLowerCase() })).rejects.toThrow();
    // Renaming through the admin screen writes the new key.
    const renamed = await admin.api.put(`/api/admin/users/${row.id}/username`, { newUsername: `${name}X` });
    expect(renamed.status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, row.id));
    expect(after.usernameKey).toBe(`${name}X`.toLowerCase());
    expect(await login(`${name}x`.toUpperCase(), "secret123", newAddress())).toBe(200);
  });

  it("users older than the key column get it from the app's function at start, not from SQL lower()", async () => {
    // A row as it was before migration 0007: no key (the NOT VALID check lets old rows be).
    await t.asOwner((owner) => owner.query("alter table users drop constraint users_username_key_present"));
    try {
      const stored = await makeUser(t.db, { role: "Accountant", username: `old${Date.now() % 100000}` });
      const legacy = `VİJAY${Date.now() % 100000}`;
      await t.db.execute(sql`update users set username_key = null where id = ${stored.id}`);
      const [other] = await t.db
        .insert(users)
        .values({ username: legacy, name: "Legacy Row", role: "Accountant", passwordHash: stored.passwordHash })
        .returning();
      await t.asOwner((owner) => runMigrations(owner));
      const keys = await t.db
        .select({ id: users.id, key: users.usernameKey })
        .from(users)
        .where(sql`${users.id} in (${stored.id}, ${other.id})`);
      expect(Object.fromEntries(keys.map((k) => [k.id, k.key]))).toEqual({ [stored.id]: stored.username.toLowerCase(), [other.id]: legacy.toLowerCase() });
      // Not what the database's lower() says.
      const [{ lowered }] = await t.database.query<{ lowered: string }>("select lower($1) as lowered", [legacy]);
      expect(lowered).not.toBe(legacy.toLowerCase());
      expect(await login(stored.username, TEST_PASSWORD, newAddress())).toBe(200);
    } finally {
      await t.asOwner((owner) => owner.query("alter table users add constraint users_username_key_present check (username_key is not null) not valid"));
    }
  });

  it("a new user row without its key is refused by the database", async () => {
    await expect(
      t.db.insert(users).values({ username: `nokey${Date.now() % 100000}`, name: "No Key", role: "Accountant", passwordHash: "x" }),
    ).rejects.toThrow();
  });
});

describe("pruning", () => {
  it("expired sessions, sign-in failures and wrong PINs older than 15 minutes go together; newer ones stay", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 16 * 60_000);
    const recent = new Date(now.getTime() - 14 * 60_000);
    const key = `prune-${Date.now()}`;
    await t.db.insert(loginFailures).values([
      { username: key, ipAddress: "10.99.0.1", at: old },
      { username: key, ipAddress: "10.99.0.1", at: recent },
    ]);
    await t.db.insert(emergencyPinFailures).values([
      { code: "PRUNE", ipAddress: "10.99.0.1", at: old },
      { code: "PRUNE", ipAddress: "10.99.0.1", at: recent },
    ]);
    await t.db.insert(sessions).values([
      { sid: `${key}-expired`, sess: {}, expiresAt: new Date(now.getTime() - 1000) },
      { sid: `${key}-live`, sess: {}, expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    const pruned = await pruneExpired(t.db, new DatabaseSessionStore(t.db, 30 * 60_000), now);
    expect(pruned.loginFailures).toBeGreaterThanOrEqual(1);
    expect(pruned.pinFailures).toBeGreaterThanOrEqual(1);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(loginFailures).where(eq(loginFailures.username, key))).map((r) => r.at.getTime())).toEqual([recent.getTime()]);
    expect((await t.db.select().from(emergencyPinFailures).where(eq(emergencyPinFailures.code, "PRUNE"))).map((r) => r.at.getTime())).toEqual([
      recent.getTime(),
    ]);
    expect(
      (
        await t.db
          .select({ sid: sessions.sid })
          .from(sessions)
          .where(sql`${sessions.sid} like ${key + "%"}`)
      ).map((r) => r.sid),
    ).toEqual([`${key}-live`]);
  });
});
