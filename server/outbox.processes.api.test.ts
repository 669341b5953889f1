// The outbox across real server processes (DECISIONS §14): a process killed while it sends leaves
// its rows queued, and the next process sends them; two processes on one PostgreSQL send each row
// once. The push service is real TLS with a test CA the spawned servers trust through
// NODE_EXTRA_CA_CERTS; it checks each VAPID signature and decrypts each payload.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test/databases";
import { startServerProcess, waitUntil, type ServerProcess } from "./test/processes";
import { TEST_PASSWORD } from "./test/factories";
import { startTestPushService, type TestPushService } from "./test/push-service";

const JSON_CSRF = { "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/json" };

type Session = { cookie: string; call(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> };

async function signIn(server: ServerProcess, username: string): Promise<Session> {
  const res = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: JSON_CSRF, body: JSON.stringify({ username, password: TEST_PASSWORD }) });
  if (res.status !== 200) throw new Error(`sign-in as ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  return {
    cookie,
    async call(method, url, body) {
      const r = await fetch(`${server.url}${url}`, { method, headers: { ...JSON_CSRF, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null };
    },
  };
}

describe("the outbox across real server processes", () => {
  let push: TestPushService;
  let database: TestDatabase | null = null;
  const servers: ServerProcess[] = [];
  const dataDir = path.join(os.tmpdir(), `bms-outbox-${crypto.randomBytes(4).toString("hex")}`);
  const env = () => ({
    DATABASE_URL: database?.url ?? "",
    DATA_DIR: dataDir,
    SESSION_SECRET: "shared-secret",
    ADMIN_PASSWORD: TEST_PASSWORD,
    NODE_EXTRA_CA_CERTS: push.ca.caFile,
  });
  const start = async () => {
    const s = await startServerProcess(env());
    servers.push(s);
    return s;
  };

  beforeAll(async () => {
    push = await startTestPushService();
    const postgresUrl = inject("postgresUrl");
    if (postgresUrl) database = await createTestDatabase({ postgresUrl, pgliteDump: null, run: inject("testRun") });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop("SIGKILL")));
    await database?.drop();
    await push?.close();
  });

  /** An accountant and an approver made by the admin, both signed in, and a category. */
  async function people(server: ServerProcess) {
    const admin = await signIn(server, "admin");
    const suffix = crypto.randomBytes(3).toString("hex");
    for (const [username, role] of [
      [`acc_${suffix}`, "Accountant"],
      [`appr_${suffix}`, "Approver"],
    ]) {
      const made = await admin.call("POST", "/api/admin/users", { username, name: `${role} ${suffix}`, role, password: TEST_PASSWORD });
      expect(made.status).toBe(201);
    }
    const categories = (await admin.call("GET", "/api/categories")).body as { id: string; name: string }[];
    return {
      admin,
      accountant: await signIn(server, `acc_${suffix}`),
      approver: await signIn(server, `appr_${suffix}`),
      travel: categories.find((c) => c.name === "Travel")!.id,
    };
  }

  async function submit(owner: Session, categoryId: string): Promise<string> {
    const created = await owner.call("POST", "/api/transactions", {
      formType: "B",
      categoryId,
      amount: "4200",
      transactionDate: "2026-11-10",
      description: "Courier",
    });
    expect(created.status).toBe(201);
    expect((await owner.call("POST", `/api/transactions/${created.body.id}/submit`, {})).status).toBe(200);
    return created.body.id;
  }

  it("a process killed while it sends leaves the row queued; after a restart it is sent", async () => {
    const first = await start();
    const { approver, accountant, travel } = await people(first);
    const device = push.subscriber();
    expect((await approver.call("POST", "/api/account/push-subscriptions", { endpoint: device.endpoint, keys: device.keys, label: "Phone" })).status).toBe(201);
    // The push service takes the request and holds it: the process is in the middle of sending.
    push.answer(device, { hold: true });
    const id = await submit(accountant, travel);
    await waitUntil("the push to arrive at the push service", async () => push.received.some((r) => r.payload.tag === id), { server: first });
    await first.stop("SIGKILL");
    push.answer(device, { hold: false });
    push.release();

    const second = await start();
    await waitUntil("the queued push to be sent by the restarted process", async () => push.received.filter((r) => r.payload.tag === id).length >= 2, {
      server: second,
      timeoutMs: 60_000,
    });
    const adminAgain = await signIn(second, "admin");
    const page = await adminAgain.call("GET", "/api/admin/notifications");
    const rows = (page.body.entries as { sentTo: string; status: string; attempts: number; title: string }[]).filter(
      (e) => e.sentTo === "Phone" && e.title === "Approval needed",
    );
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([["sent", 1]]);
    expect(push.rejected).toEqual([]);
    await second.stop();
  }, 180_000);

  it.runIf(inject("postgresUrl"))(
    "two processes on one PostgreSQL send each row once",
    async () => {
      const a = await start();
      const b = await start();
      const onA = await people(a);
      const username = async (s: Session) => (await s.call("GET", "/api/auth/me")).body.user.username as string;
      const approverOnB = await signIn(b, await username(onA.approver));
      const accountantOnB = await signIn(b, await username(onA.accountant));
      // Forty devices of one approver, registered through either process; three submissions: 120 rows.
      const devices = Array.from({ length: 40 }, () => push.subscriber());
      for (const [i, d] of devices.entries()) {
        const via = i % 2 ? approverOnB : onA.approver;
        expect((await via.call("POST", "/api/account/push-subscriptions", { endpoint: d.endpoint, keys: d.keys, label: `Device ${i}` })).status).toBe(201);
      }
      push.answer("all", { delayMs: 150 });
      const before = push.received.length;
      const ids = [await submit(onA.accountant, onA.travel), await submit(accountantOnB, onA.travel), await submit(onA.accountant, onA.travel)];
      await waitUntil("120 pushes", async () => push.received.length - before >= 120, { timeoutMs: 90_000 });
      // A little longer: a second send of any row would arrive now.
      await new Promise((r) => setTimeout(r, 1_500));
      const endpoints = new Set(devices.map((d) => d.endpoint));
      const got = push.received.slice(before).filter((r) => ids.includes(r.payload.tag) && endpoints.has(r.endpoint));
      const perRow = new Map<string, number>();
      for (const r of got) perRow.set(`${r.endpoint} ${r.payload.tag}`, (perRow.get(`${r.endpoint} ${r.payload.tag}`) ?? 0) + 1);
      expect(perRow.size).toBe(120);
      expect([...perRow.values()].every((n) => n === 1)).toBe(true);
      expect(push.rejected).toEqual([]);
      push.answer("all", { delayMs: 0 });
    },
    240_000,
  );
});
