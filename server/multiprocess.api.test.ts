import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test/databases";
import { startServerProcess, waitUntil, type ServerProcess } from "./test/processes";
import { makeUser, TEST_PASSWORD } from "./test/factories";
import WebSocket from "ws";

const CSRF = { "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/json" };

async function signIn(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: "POST", headers: CSRF, body: JSON.stringify({ username, password: TEST_PASSWORD }) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0];
}

const me = (url: string, cookie: string) => fetch(`${url}/api/auth/me`, { headers: { cookie } });

// Real processes. On PostgreSQL: two processes share sessions. On the embedded database (one
// process by nature): a session survives a real restart of the process.
describe("sessions across real server processes", () => {
  let database: TestDatabase | null = null;
  const servers: ServerProcess[] = [];
  const dataDir = path.join(os.tmpdir(), `bms-proc-${crypto.randomBytes(4).toString("hex")}`);
  const env = () => ({ DATABASE_URL: database?.url ?? "", DATA_DIR: dataDir, SESSION_SECRET: "shared-secret", ADMIN_PASSWORD: TEST_PASSWORD });

  beforeAll(async () => {
    const postgresUrl = inject("postgresUrl");
    if (postgresUrl) database = await createTestDatabase({ postgresUrl, pgliteDump: null, run: inject("testRun") });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop("SIGKILL")));
    await database?.drop();
  });

  it("a session survives a restart of the server process", async () => {
    const first = await startServerProcess(env());
    servers.push(first);
    const cookie = await signIn(first.url, "admin");
    expect(await first.stop()).toBe(0);
    const second = await startServerProcess(env());
    servers.push(second);
    const res = await me(second.url, cookie);
    expect(res.status).toBe(200);
    expect((await res.json()).user.username).toBe("admin");
  }, 120_000);

  it.runIf(inject("postgresUrl"))(
    "a second process on the same PostgreSQL accepts the same session cookie, and logout on one ends it on both",
    async () => {
      const user = await makeUser(database!.db, { role: "Accountant" });
      const a = await startServerProcess(env());
      const b = await startServerProcess(env());
      servers.push(a, b);
      const cookie = await signIn(a.url, user.username);
      expect((await me(b.url, cookie)).status).toBe(200);
      const out = await fetch(`${a.url}/api/auth/logout`, { method: "POST", headers: { ...CSRF, cookie } });
      expect(out.status).toBe(200);
      expect((await me(b.url, cookie)).status).toBe(401);
    },
    120_000,
  );

  async function openSocket(url: string, cookie: string, user: { id: string; role: string }) {
    const messages: { type: string; [k: string]: unknown }[] = [];
    const socket = new WebSocket(url.replace("http", "ws") + "/ws", { headers: { cookie } });
    socket.on("message", (data) => messages.push(JSON.parse(String(data))));
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    socket.send(JSON.stringify({ type: "auth", userId: user.id, role: user.role }));
    const waitFor = async (type: string) => {
      const deadline = Date.now() + 20_000;
      while (!messages.some((m) => m.type === type)) {
        if (Date.now() > deadline) throw new Error(`no ${type} message; got ${JSON.stringify(messages)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return messages.find((m) => m.type === type)!;
    };
    return { socket, messages, closed, waitFor };
  }

  it.runIf(inject("postgresUrl"))(
    "a transaction submitted through one process notifies an approver's socket on the other; a lockdown on one closes sockets on the other",
    async () => {
      const accountant = await makeUser(database!.db, { role: "Accountant" });
      const approver = await makeUser(database!.db, { role: "Approver" });
      const admin = await makeUser(database!.db, { role: "SuperAdmin" });
      const a = await startServerProcess(env());
      const b = await startServerProcess(env());
      servers.push(a, b);

      const approverSocket = await openSocket(b.url, await signIn(b.url, approver.username), approver);
      const accountantCookie = await signIn(a.url, accountant.username);
      const [category] = await database!.query<{ id: string }>("select id from categories where name = 'Office Expenses'");
      const created = await fetch(`${a.url}/api/transactions`, {
        method: "POST",
        headers: { ...CSRF, cookie: accountantCookie },
        body: JSON.stringify({
          formType: "B",
          categoryId: category.id,
          amount: "1500.00",
          transactionDate: new Date().toISOString().slice(0, 10),
          description: "Printer toner, two processes",
        }),
      });
      expect(created.status).toBe(201);
      const txn = (await created.json()) as { id: string; humanReadableId: string };
      const submitted = await fetch(`${a.url}/api/transactions/${txn.id}/submit`, { method: "POST", headers: { ...CSRF, cookie: accountantCookie } });
      expect(submitted.status).toBe(200);
      const pending = await approverSocket.waitFor("transaction_pending");
      expect(pending.humanReadableId).toBe(txn.humanReadableId);

      // Lockdown turned on through process A ends the accountant's socket on process B.
      const accountantSocket = await openSocket(b.url, await signIn(b.url, accountant.username), accountant);
      const adminCookie = await signIn(a.url, admin.username);
      const on = await fetch(`${a.url}/api/admin/emergency-toggle`, {
        method: "POST",
        headers: { ...CSRF, cookie: adminCookie },
        body: JSON.stringify({ enabled: true }),
      });
      expect(on.status).toBe(200);
      await accountantSocket.waitFor("lockdown");
      expect(await accountantSocket.closed).toBe(4423);
      await fetch(`${a.url}/api/admin/emergency-toggle`, {
        method: "POST",
        headers: { ...CSRF, cookie: adminCookie },
        body: JSON.stringify({ enabled: false }),
      });
      approverSocket.socket.close();
    },
    120_000,
  );

  it.runIf(inject("postgresUrl"))(
    "an answer one process kept is not sent again once the other has changed what it shows; each process folds the changes as it starts",
    async () => {
      const accountant = await makeUser(database!.db, { role: "Accountant" });
      const approver = await makeUser(database!.db, { role: "Approver" });
      const unfolded = async () => (await database!.query<{ n: number }>("select count(*)::int as n from answer_changes"))[0]!.n;
      expect(await unfolded()).toBeGreaterThan(0);
      const a = await startServerProcess(env());
      const b = await startServerProcess(env());
      servers.push(a, b);
      await waitUntil("the changes folded at the start", async () => (await unfolded()) === 0);

      const [category] = await database!.query<{ id: string }>("select id from categories where name = 'Office Expenses'");
      const accountantCookie = await signIn(b.url, accountant.username);
      const created = await fetch(`${b.url}/api/transactions`, {
        method: "POST",
        headers: { ...CSRF, cookie: accountantCookie },
        body: JSON.stringify({
          formType: "B",
          categoryId: category.id,
          amount: "2400.00",
          transactionDate: new Date().toISOString().slice(0, 10),
          description: "Courier, two processes",
        }),
      });
      const txn = (await created.json()) as { id: string };
      expect((await fetch(`${b.url}/api/transactions/${txn.id}/submit`, { method: "POST", headers: { ...CSRF, cookie: accountantCookie } })).status).toBe(200);
      const onA = await signIn(a.url, approver.username);
      const pendingOnA = async () =>
        ((await (await fetch(`${a.url}/api/transactions/pending`, { headers: { cookie: onA } })).json()) as { id: string }[]).map((r) => r.id);
      expect(await pendingOnA()).toContain(txn.id);
      expect(await pendingOnA()).toContain(txn.id);
      const onB = await signIn(b.url, approver.username);
      expect((await fetch(`${b.url}/api/transactions/${txn.id}/approve`, { method: "POST", headers: { ...CSRF, cookie: onB } })).status).toBe(200);
      expect(await pendingOnA()).not.toContain(txn.id);
    },
    120_000,
  );

  it.runIf(inject("postgresUrl"))(
    "the emergency-link throttle counts one address's calls on both processes together",
    async () => {
      const a = await startServerProcess(env());
      const b = await startServerProcess(env());
      servers.push(a, b);
      const token = crypto.randomBytes(32).toString("base64url");
      const view = (url: string) => fetch(`${url}/api/emergency-approval/${token}`, { headers: { "X-Forwarded-For": "10.77.0.1" } }).then((r) => r.status);
      for (let i = 0; i < 30; i++) expect(await view(i % 2 ? a.url : b.url)).toBe(404);
      expect(await view(a.url)).toBe(429);
      expect(await view(b.url)).toBe(429);
    },
    120_000,
  );

  it.runIf(inject("postgresUrl"))(
    "100 truly parallel wrong passwords for one username, spread over two processes: exactly 5 answers of 401, then the right password gets 429 on both",
    async () => {
      const user = await makeUser(database!.db, { role: "Accountant" });
      const a = await startServerProcess(env());
      const b = await startServerProcess(env());
      servers.push(a, b);
      const attempt = (url: string, password: string) =>
        fetch(`${url}/api/auth/login`, {
          method: "POST",
          headers: { ...CSRF, "X-Forwarded-For": "10.78.0.1" },
          body: JSON.stringify({ username: user.username, password }),
        }).then((r) => r.status);
      const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(i % 2 ? a.url : b.url, `wrong-${i}`)));
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(95);
      expect(await attempt(a.url, TEST_PASSWORD)).toBe(429);
      expect(await attempt(b.url, TEST_PASSWORD)).toBe(429);
    },
    120_000,
  );
});
