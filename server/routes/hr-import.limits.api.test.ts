// The CSV import keeps one user from hurting the others (DECISIONS §10): a line over 64 KiB refuses
// the whole file at once, mixed line endings import correctly, a file of up to 100 MB adds at most
// 150 MB to the server (measured on a real server process: its peak resident memory from
// /proc/<pid>/status), and imports waiting their turn hold no database connection.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, CSRF_HEADER, type ApiClient, type TestApp } from "../test/harness";
import { createTestDatabase, type TestDatabase } from "../test/databases";
import { startServerProcess, waitUntil, type ServerProcess } from "../test/processes";
import { makeUser, TEST_PASSWORD } from "../test/factories";
import { makeDepartment, storedPunches } from "../test/hr-fixtures";
import { attendanceImports, employees } from "../db/schema";
import { LINE_TOO_LONG_MESSAGE } from "../services/hr/import/check-file";
import { IMPORT_TMP_DIR } from "../services/uploads/import-files";

const HEADER = "Employee Name,Date,Time,Event Type";
let t: TestApp;
let hr: ApiClient;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bms-import-limits-"));

beforeAll(async () => {
  t = await createTestApp();
  hr = (await t.signIn("HR Admin")).api;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function employee(name: string) {
  const department = await makeDepartment(t.db);
  const [row] = await t.db
    .insert(employees)
    .values({ employeeName: name, departmentId: department.id, weeklyOff: "Sunday", joiningDate: "2020-01-01" })
    .returning();
  return row;
}

const upload = (api: ApiClient, text: string | Buffer, month = "2025-06") =>
  api.agent
    .post("/api/hr/import/upload")
    .set(CSRF_HEADER)
    .field("month", month)
    .attach("csvFile", Buffer.from(text), { filename: "punches.csv", contentType: "text/csv" });
const punchesOf = (employeeId: string) => storedPunches(t.db, [employeeId]);
const importCount = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(attendanceImports))[0].n);

describe("a line longer than 64 KiB", () => {
  it("refuses the whole file with 400, before any row is stored", async () => {
    const asha = await employee("Asha Longline");
    const before = await importCount();
    const text = [HEADER, "Asha Longline,2025-06-02,09:00,IN", `${"X".repeat(70 * 1024)},2025-06-02,18:00,OUT`, "Asha Longline,2025-06-02,18:00,OUT"].join(
      "\n",
    );
    const res = await upload(hr, text);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(LINE_TOO_LONG_MESSAGE);
    expect(await punchesOf(asha.id)).toBe(0);
    expect(await importCount()).toBe(before);
    // 64 KiB exactly is still a line the importer reads (and reports as a bad row).
    const edge = [HEADER, `${"Y".repeat(64 * 1024 - 20)},2025-06-02,09:00,IN`].join("\n");
    expect(Buffer.byteLength(edge.split("\n")[1])).toBe(64 * 1024);
    expect((await upload(hr, edge)).status).toBe(200);
  });
});

describe("line endings", () => {
  it("CRLF, LF and lone CR mixed in one file import as separate rows", async () => {
    const ravi = await employee("Ravi Mixedends");
    const rows = [
      "Ravi Mixedends,2025-06-02,09:00,IN",
      "Ravi Mixedends,2025-06-02,18:00,OUT",
      "Ravi Mixedends,2025-06-03,09:05,IN",
      "Ravi Mixedends,2025-06-03,18:10,OUT",
      "Ravi Mixedends,2025-06-04,09:10,IN",
      "Ravi Mixedends,2025-06-04,18:20,OUT",
    ];
    // Starts with CRLF (which papaparse would take for the whole file), then LF, CR, CRLF…
    const ends = ["\r\n", "\r\n", "\n", "\r", "\n", "\r\n"];
    const text = HEADER + "\r\n" + rows.map((r, i) => r + ends[i]).join("");
    const res = await upload(hr, text);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalRows: 6, processedEvents: 6, errors: [] });
    expect(await punchesOf(ravi.id)).toBe(6);
  });
});

// ---------------------------------------------------------------- memory, on a real server process

type Memory = { rssMb: number; peakMb: number };
function memoryOf(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}
/** Restarts the kernel's peak count (VmHWM) at the current size. */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");

/**
 * 100 MB of ordinary rows, nearly all of another month (read, counted and skipped: the memory at
 * stake is the reading's), with the month's own rows among them. Written before the server's
 * first request: writing it blocks the event loop for seconds, and a keep-alive socket the server
 * closed meanwhile would be picked for the upload (EPIPE) before fetch's own timer could drop it.
 */
function writeHundredMbFile(): { file: string; rows: number } {
  const file = path.join(tmp, "hundred-mb.csv");
  const out = fs.openSync(file, "w");
  fs.writeSync(out, HEADER + "\n");
  let written = 0;
  let rows = 0;
  let chunk = "";
  const target = 100 * 1024 * 1024 - 1024;
  while (written + chunk.length < target) {
    const inMonth = rows % 500 === 0;
    chunk += `Employee Number ${rows % 997},${inMonth ? "2025-06" : "2025-05"}-${String((rows % 28) + 1).padStart(2, "0")},${String(8 + (rows % 10)).padStart(2, "0")}:${String(rows % 60).padStart(2, "0")},${rows % 2 ? "OUT" : "IN"}\n`;
    rows++;
    if (chunk.length > 1 << 20) {
      fs.writeSync(out, chunk);
      written += chunk.length;
      chunk = "";
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
  return { file, rows };
}

describe("memory: a file of up to 100 MB adds at most 150 MB to the server", () => {
  let server: ServerProcess;
  let hundredMb: { file: string; rows: number };
  let database: TestDatabase | null = null;
  let cookie: string;

  beforeAll(async () => {
    hundredMb = writeHundredMbFile();
    const postgresUrl = inject("postgresUrl");
    const dataDir = fs.mkdtempSync(path.join(tmp, "data-"));
    if (postgresUrl) database = await createTestDatabase({ postgresUrl, pgliteDump: null, run: inject("testRun") });
    server = await startServerProcess({
      DATABASE_URL: database?.url ?? "",
      DATA_DIR: dataDir,
      SESSION_SECRET: "limits-secret",
      ADMIN_PASSWORD: TEST_PASSWORD,
      LOG_LEVEL: "silent",
    });
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { ...CSRF_HEADER, "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    cookie = res.headers.get("set-cookie")!.split(";")[0];
    // Warm the import path once, so the measured imports see a server that has loaded its code.
    await send(Buffer.from(`${HEADER}\nNobody,2025-06-02,09:00,IN\n`));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  async function send(file: Buffer | string): Promise<{ status: number; body: { message?: string; totalRows?: number; skippedRows?: number } }> {
    const form = new FormData();
    form.append("month", "2025-06");
    form.append(
      "csvFile",
      typeof file === "string" ? await fs.openAsBlob(file, { type: "text/csv" }) : new Blob([new Uint8Array(file)], { type: "text/csv" }),
      "punches.csv",
    );
    const res = await fetch(`${server.url}/api/hr/import/upload`, { method: "POST", headers: { ...CSRF_HEADER, cookie }, body: form });
    return { status: res.status, body: await res.json() };
  }

  async function measured<T>(work: () => Promise<T>): Promise<{ result: T; addedMb: number }> {
    const pid = server.child.pid!;
    const idle = memoryOf(pid).rssMb;
    resetPeak(pid);
    const result = await work();
    return { result, addedMb: memoryOf(pid).peakMb - idle };
  }

  it("a 50 MB file of one line is refused at once, with the server's memory flat", async () => {
    const file = path.join(tmp, "one-line.csv");
    fs.writeFileSync(file, HEADER + "\n" + "A".repeat(50 * 1024 * 1024));
    const { result, addedMb } = await measured(() => send(file));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(LINE_TOO_LONG_MESSAGE);
    expect(addedMb).toBeLessThan(150);
  }, 120_000);

  it("a 100 MB file is read through with at most +150 MB", async () => {
    const { file, rows } = hundredMb;
    expect(fs.statSync(file).size).toBeGreaterThan(99 * 1024 * 1024);
    const { result, addedMb } = await measured(() => send(file));
    expect(result.status).toBe(200);
    expect(result.body.totalRows).toBe(rows);
    expect(result.body.skippedRows).toBeGreaterThan(rows * 0.99);
    expect(addedMb).toBeLessThan(150);
  }, 300_000);
});

// ---------------------------------------------------------------- queued imports

describe.runIf(inject("postgresUrl"))("imports waiting their turn hold no database connection", () => {
  it("while 4 imports wait for another import, a server with a pool of 2 still signs in and reads; then all 4 import", async () => {
    const database = await createTestDatabase({ postgresUrl: inject("postgresUrl"), pgliteDump: null, run: inject("testRun") });
    const app = `queue_${Date.now().toString(36)}`;
    const server = await startServerProcess({
      DATABASE_URL: database.url!,
      PGAPPNAME: app,
      DATA_DIR: fs.mkdtempSync(path.join(tmp, "queue-")),
      SESSION_SECRET: "queue-secret",
      ADMIN_PASSWORD: TEST_PASSWORD,
      DATABASE_POOL_SIZE: "2",
      DATABASE_WAIT_MS: "2000",
    });
    const holder = new pg.Client({ connectionString: database.url! });
    try {
      const department = await makeDepartment(database.db);
      await database.db.insert(employees).values({ employeeName: "Queue Person", departmentId: department.id, weeklyOff: "Sunday", joiningDate: "2020-01-01" });
      const hrUser = await makeUser(database.db, { role: "HR Staff" });
      const login = () =>
        fetch(`${server.url}/api/auth/login`, {
          method: "POST",
          headers: { ...CSRF_HEADER, "Content-Type": "application/json" },
          body: JSON.stringify({ username: hrUser.username, password: TEST_PASSWORD }),
        });
      const signedIn = await login();
      const cookie = signedIn.headers.get("set-cookie")!.split(";")[0];
      const importOnce = () => {
        const form = new FormData();
        form.append("month", "2025-06");
        form.append(
          "csvFile",
          new Blob([`${HEADER}\nQueue Person,2025-06-02,09:00,IN\nQueue Person,2025-06-02,18:00,OUT\n`], { type: "text/csv" }),
          "punches.csv",
        );
        return fetch(`${server.url}/api/hr/import/upload`, { method: "POST", headers: { ...CSRF_HEADER, cookie }, body: form });
      };
      // Another process's import is running: it holds the import lock.
      await holder.connect();
      await holder.query("begin");
      await holder.query("select pg_advisory_xact_lock(727100)");
      const queued = [importOnce(), importOnce(), importOnce(), importOnce()];
      // All 4 uploads are on the server's disk (each waits for its turn from there): now use the server.
      const uploadsOfServer = () => fs.readdirSync(IMPORT_TMP_DIR).filter((f) => f.startsWith(`${server.child.pid}-`)).length;
      await waitUntil("the 4 uploads to be received", async () => uploadsOfServer() === 4, { timeoutMs: 30_000 });
      const [again, read] = await Promise.all([login(), fetch(`${server.url}/api/hr/employees`, { headers: { cookie } })]);
      expect(again.status).toBe(200);
      expect(read.status).toBe(200);
      // None of the waiting imports sits in a transaction holding a connection.
      const busy = await holder.query("select count(*)::int as n from pg_stat_activity where application_name = $1 and state like 'idle in transaction%'", [
        app,
      ]);
      expect(busy.rows[0].n).toBe(0);
      await holder.query("commit");
      const answers = await Promise.all(queued);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as { processedEvents: number }[];
      expect(bodies.map((b) => b.processedEvents).sort()).toEqual([0, 0, 0, 2]);
    } finally {
      await holder.end().catch(() => {});
      await server.stop();
      await database.drop();
    }
  }, 120_000);
});
