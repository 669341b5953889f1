// The server survives its database (DECISIONS §10). Each fault is caused for real against a real
// server process on PostgreSQL: a backend terminated in the middle of a request's transaction, a
// session killed by idle_in_transaction_session_timeout in the middle of a CSV import, a pool with
// every connection held, the bus's LISTEN connection terminated again and again, and a 10-second
// outage of the whole database (a TCP proxy in front of PostgreSQL that stops listening). Meanwhile
// the process answers 503 {code: "unavailable"}; afterwards it serves normally.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import WebSocket from "ws";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test/databases";
import { startServerProcess, waitUntil, type ServerProcess } from "./test/processes";
import { makeUser, TEST_PASSWORD, type MadeUser } from "./test/factories";
import { makeCategory } from "./test/transaction-fixtures";
import { makeDepartment } from "./test/hr-fixtures";
import { approvals, employees, punchDays, transactions } from "./db/schema";
import { eq } from "drizzle-orm";

const postgresUrl = inject("postgresUrl");
const JSON_CSRF = { "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/json" };
const databases: TestDatabase[] = [];
const servers: ServerProcess[] = [];
const proxies: Proxy[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL").catch(() => {});
  for (const p of proxies) await p.stop().catch(() => {});
  for (const d of databases) await d.drop().catch(() => {});
});

async function database(): Promise<TestDatabase> {
  const d = await createTestDatabase({ postgresUrl, pgliteDump: null, run: inject("testRun") });
  databases.push(d);
  return d;
}

async function server(db: TestDatabase, env: Record<string, string> = {}, url = db.url!): Promise<ServerProcess & { app: string }> {
  const app = `faults_${crypto.randomBytes(4).toString("hex")}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bms-faults-"));
  const s = await startServerProcess({
    DATABASE_URL: url,
    PGAPPNAME: app,
    DATA_DIR: dataDir,
    SESSION_SECRET: "faults-secret",
    ADMIN_PASSWORD: TEST_PASSWORD,
    ...env,
  });
  servers.push(s);
  return Object.assign(s, { app });
}

/** A connection of the test's own, as the superuser, for watching and breaking the server's. */
async function admin(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: postgresUrl! });
  await c.connect();
  return c;
}

async function signIn(url: string, user: MadeUser): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: JSON_CSRF,
    body: JSON.stringify({ username: user.username, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.get("set-cookie")!.split(";")[0];
}

const me = (url: string, cookie: string) => fetch(`${url}/api/auth/me`, { headers: { cookie } });
const alive = (s: ServerProcess) => s.child.exitCode === null && s.child.signalCode === null;

async function pendingTransaction(db: TestDatabase, creator: MadeUser): Promise<string> {
  const category = await makeCategory(db.db, { requiredApprovals: 1 });
  const [row] = await db.db
    .insert(transactions)
    .values({
      humanReadableId: `TXN-F${crypto.randomBytes(3).toString("hex")}`,
      formType: "B",
      categoryId: category.id,
      amount: "1500.00",
      transactionDate: "2026-11-20",
      description: "Held by the fault test",
      status: "Pending",
      createdBy: creator.id,
      approvalsRequired: 1,
      approvalRound: 1,
      submittedAt: new Date(),
    })
    .returning({ id: transactions.id });
  return row.id;
}

/** Backends of a server process (PGAPPNAME) in a given state. */
async function backends(c: pg.Client, app: string, where = "true"): Promise<{ pid: number; query: string; wait_event_type: string | null }[]> {
  const r = await c.query(`select pid, query, wait_event_type from pg_stat_activity where application_name = $1 and ${where}`, [app]);
  return r.rows;
}

describe.runIf(postgresUrl)("the process stays up when PostgreSQL ends its connections (DECISIONS §10)", () => {
  it("a backend terminated in the middle of a request's transaction: that request gets 503 unavailable, nothing is half-written, the next requests are served", async () => {
    const db = await database();
    const owner = await makeUser(db.db, { role: "Accountant" });
    const approver = await makeUser(db.db, { role: "Approver" });
    const txnId = await pendingTransaction(db, owner);
    const s = await server(db);
    const cookie = await signIn(s.url, approver);

    // Hold the transaction's row: the approval's SELECT … FOR UPDATE waits inside its transaction.
    const holder = await admin();
    const holderDb = new pg.Client({ connectionString: db.url! });
    await holderDb.connect();
    await holderDb.query("begin");
    await holderDb.query("select id from transactions where id = $1 for update", [txnId]);
    const approving = fetch(`${s.url}/api/transactions/${txnId}/approve`, { method: "POST", headers: { ...JSON_CSRF, cookie }, body: "{}" });
    const [blocked] = await waitUntil("the fault test's condition", async () => {
      const rows = await backends(holder, s.app, "wait_event_type = 'Lock'");
      return rows.length > 0 ? rows : null;
    });
    await holder.query("select pg_terminate_backend($1)", [blocked.pid]);

    const res = await approving;
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toEqual({ message: expect.any(String), code: "unavailable" });
    expect(JSON.stringify(body)).not.toMatch(/terminat|SQL|select|postgres/i);
    await holderDb.query("rollback");
    await holderDb.end();

    expect(alive(s)).toBe(true);
    expect((await me(s.url, cookie)).status).toBe(200);
    expect(await db.db.select().from(approvals).where(eq(approvals.transactionId, txnId))).toEqual([]);
    // The same approval, asked again, goes through on a fresh connection.
    const again = await fetch(`${s.url}/api/transactions/${txnId}/approve`, { method: "POST", headers: { ...JSON_CSRF, cookie }, body: "{}" });
    expect(again.status).toBe(200);
    const [after] = await db.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, txnId));
    expect(after.status).toBe("Approved");
    await holder.end();
  });

  it("idle_in_transaction_session_timeout firing during a CSV import: 503 unavailable, nothing stored, the process keeps serving", async () => {
    const db = await database();
    const hr = await makeUser(db.db, { role: "HR Admin" });
    const department = await makeDepartment(db.db);
    await db.db.insert(employees).values({ employeeName: "Asha Rao", departmentId: department.id, weeklyOff: "Sunday", joiningDate: "2020-01-01" });
    const s = await server(db);
    const cookie = await signIn(s.url, hr);
    // From now on a connection of this database may sit idle inside a transaction for 1 ms at most:
    // the import reads and parses its file between statements, far longer than that. The server's
    // pooled connections are cut so that it opens new ones, which take the setting.
    const pgc = await admin();
    await pgc.query(`alter database ${new URL(db.url!).pathname.slice(1)} set idle_in_transaction_session_timeout = 1`);
    await pgc.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query not ilike 'LISTEN%'", [s.app]);
    const lines = ["Employee Name,Date,Time,Event Type"];
    for (let day = 1; day <= 28; day++)
      for (let minute = 0; minute < 400; minute++)
        lines.push(
          `Asha Rao,2025-06-${String(day).padStart(2, "0")},${String(9 + Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")},${minute % 2 ? "OUT" : "IN"}`,
        );
    const form = new FormData();
    form.append("month", "2025-06");
    form.append("csvFile", new Blob([lines.join("\n")], { type: "text/csv" }), "punches.csv");
    const res = await fetch(`${s.url}/api/hr/import/upload`, { method: "POST", headers: { "X-Requested-With": "XMLHttpRequest", cookie }, body: form });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "unavailable" });
    expect(alive(s)).toBe(true);
    await pgc.query(`alter database ${new URL(db.url!).pathname.slice(1)} reset idle_in_transaction_session_timeout`);
    await pgc.end();
    expect(await db.db.select().from(punchDays)).toEqual([]);
    expect((await me(s.url, cookie)).status).toBe(200);
  });

  it("every pooled connection held: a request gives up after the configured wait with 503 unavailable, and is served once a connection is free", async () => {
    const db = await database();
    const owner = await makeUser(db.db, { role: "Accountant" });
    const approver = await makeUser(db.db, { role: "Approver" });
    const first = await pendingTransaction(db, owner);
    const second = await pendingTransaction(db, owner);
    const s = await server(db, { DATABASE_POOL_SIZE: "2", DATABASE_WAIT_MS: "1500" });
    const cookie = await signIn(s.url, approver);

    const holderDb = new pg.Client({ connectionString: db.url! });
    await holderDb.connect();
    await holderDb.query("begin");
    await holderDb.query("select id from transactions where id in ($1, $2) for update", [first, second]);
    const held = [first, second].map((id) =>
      fetch(`${s.url}/api/transactions/${id}/approve`, { method: "POST", headers: { ...JSON_CSRF, cookie }, body: "{}" }),
    );
    const watcher = await admin();
    await waitUntil("the fault test's condition", async () => ((await backends(watcher, s.app, "wait_event_type = 'Lock'")).length === 2 ? true : null));

    const starved = await me(s.url, cookie);
    expect(starved.status).toBe(503);
    expect(await starved.json()).toMatchObject({ code: "unavailable" });

    await holderDb.query("rollback");
    await holderDb.end();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    expect((await me(s.url, cookie)).status).toBe(200);
    expect(alive(s)).toBe(true);
    await watcher.end();
  });
});

// ---------------------------------------------------------------- the bus

type Socket = { ws: WebSocket; messages: { type?: string; message?: string }[]; closed: Promise<{ code: number }> };

async function openSocket(url: string, cookie: string, user: MadeUser): Promise<Socket> {
  const ws = new WebSocket(`${url.replace("http", "ws")}/ws`, { headers: { cookie, origin: url } });
  const messages: Socket["messages"] = [];
  ws.on("message", (data) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number }>((resolve) => ws.on("close", (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.send(JSON.stringify({ type: "auth", userId: user.id, role: user.role }));
  return { ws, messages, closed };
}

const listenBackends = (c: pg.Client, app: string) => backends(c, app, "query ilike 'LISTEN%'");

function notify(c: pg.Client, userId: string, message: string) {
  const event = { type: "notification", userIds: [userId], message: { type: "user_notification", message, isPriority: false } };
  return c.query("select pg_notify('bms_events', $1)", [JSON.stringify(event)]);
}

/** A TCP proxy in front of PostgreSQL: stopping it drops every connection and refuses new ones. */
type Proxy = { port: number; stop(): Promise<void>; start(): Promise<void> };

async function startProxy(target: URL): Promise<Proxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    get port() {
      return port;
    },
    start,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
  };
}

describe.runIf(postgresUrl)("the real-time bus is one connection that comes back (DECISIONS §10)", () => {
  it("after 5 drops of its LISTEN connection a process holds exactly one, and an event reaches a socket exactly once", async () => {
    const db = await database();
    const user = await makeUser(db.db, { role: "Accountant" });
    const s = await server(db);
    const cookie = await signIn(s.url, user);
    const socket = await openSocket(s.url, cookie, user);
    const pgc = await admin();

    for (let drop = 0; drop < 5; drop++) {
      const [current] = await waitUntil("the fault test's condition", async () => {
        const rows = await listenBackends(pgc, s.app);
        return rows.length === 1 ? rows : null;
      });
      await pgc.query("select pg_terminate_backend($1)", [current.pid]);
      await waitUntil("the fault test's condition", async () => {
        const rows = await listenBackends(pgc, s.app);
        return rows.length >= 1 && rows.every((r) => r.pid !== current.pid) ? rows : null;
      });
    }
    expect(await listenBackends(pgc, s.app)).toHaveLength(1);
    expect(alive(s)).toBe(true);

    // NOTIFY reaches the listeners of the same database only: the server's, not the admin one.
    const sameDb = new pg.Client({ connectionString: db.url! });
    await sameDb.connect();
    for (const text of ["first", "second", "last"]) await notify(sameDb, user.id, text);
    await sameDb.end();
    await waitUntil("the fault test's condition", async () => (socket.messages.some((m) => m.message === "last") ? true : null));
    await new Promise((r) => setTimeout(r, 500)); // a duplicate, if any, would arrive in this time
    const texts = socket.messages.map((m) => m.message);
    expect(texts.filter((t) => t === "first")).toHaveLength(1);
    expect(texts.filter((t) => t === "second")).toHaveLength(1);
    expect(await listenBackends(pgc, s.app)).toHaveLength(1);
    socket.ws.close();
    await pgc.end();
  });

  it("a 10-second outage of the database: /api/health answers 503 naming what is down, the bus comes back by itself, and a lockdown turned on meanwhile reaches the open sockets", async () => {
    const db = await database();
    const user = await makeUser(db.db, { role: "Accountant" });
    const superAdmin = await makeUser(db.db, { role: "SuperAdmin" });
    const target = new URL(db.url!);
    const proxy = await startProxy(target);
    proxies.push(proxy);
    const viaProxy = new URL(db.url!);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const s = await server(db, { DATABASE_WAIT_MS: "2000" }, viaProxy.toString());
    const cookie = await signIn(s.url, user);
    const socket = await openSocket(s.url, cookie, user);
    expect(await (await fetch(`${s.url}/api/health`)).json()).toEqual({ status: "ok", database: "ok", realtime: "ok" });

    await proxy.stop();
    // The database probe fails at once; the bus notices its dropped socket a moment later.
    const down = await waitUntil("health to name both parts down", async () => {
      const res = await fetch(`${s.url}/api/health`);
      const body = res.status === 503 ? ((await res.json()) as { realtime: string }) : null;
      return body?.realtime === "down" ? body : null;
    });
    expect(down).toEqual({ status: "unavailable", database: "down", realtime: "down" });
    const during = await me(s.url, cookie);
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ code: "unavailable" });

    // Another process turns lockdown on while this one cannot hear it (written as setLockdown would).
    await db.db.execute(
      `update settings set value = '{"enabled": true, "activatedAt": "${new Date().toISOString()}", "activatedBy": "${superAdmin.id}"}'::jsonb where key = 'lockdown'` as never,
    );
    await new Promise((r) => setTimeout(r, 10_000));
    expect(alive(s)).toBe(true);
    await proxy.start();

    await waitUntil("the fault test's condition", async () => (socket.messages.some((m) => m.type === "lockdown") ? true : null), { timeoutMs: 30_000 });
    expect((await socket.closed).code).toBe(4423);
    const healthy = await waitUntil(
      "the fault test's condition",
      async () => {
        const res = await fetch(`${s.url}/api/health`);
        return res.status === 200 ? res.json() : null;
      },
      { timeoutMs: 30_000 },
    );
    expect(healthy).toEqual({ status: "ok", database: "ok", realtime: "ok" });
    const pgc = await admin();
    expect(await listenBackends(pgc, s.app)).toHaveLength(1);
    await pgc.end();
    // The sign-in of the SuperAdmin works again; the Accountant is refused by the lockdown.
    expect(
      (
        await fetch(`${s.url}/api/auth/login`, {
          method: "POST",
          headers: JSON_CSRF,
          body: JSON.stringify({ username: user.username, password: TEST_PASSWORD }),
        })
      ).status,
    ).toBe(423);
    await signIn(s.url, superAdmin);
  }, 90_000);
});
