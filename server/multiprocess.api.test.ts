import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test/databases";
import { startServerProcess, type ServerProcess } from "./test/processes";
import { makeUser, TEST_PASSWORD } from "./test/factories";

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

  it.runIf(inject("postgresUrl"))("a second process on the same PostgreSQL accepts the same session cookie, and logout on one ends it on both", async () => {
    const user = await makeUser(database!.db, { role: "Accountant" });
    const a = await startServerProcess(env());
    const b = await startServerProcess(env());
    servers.push(a, b);
    const cookie = await signIn(a.url, user.username);
    expect((await me(b.url, cookie)).status).toBe(200);
    const out = await fetch(`${a.url}/api/auth/logout`, { method: "POST", headers: { ...CSRF, cookie } });
    expect(out.status).toBe(200);
    expect((await me(b.url, cookie)).status).toBe(401);
  }, 120_000);
});
