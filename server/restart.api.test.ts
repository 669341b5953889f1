// Proof under pressure: a real server process killed with SIGKILL in the middle of work leaves
// nothing half-written, and after a restart the same work succeeds exactly once.
//
// "In the middle" is never a fixed sleep. On PostgreSQL the test watches the server's own
// connections (every server process here gets its own application_name through PGAPPNAME) in
// pg_stat_activity and pg_locks, and where a precise point is wanted it holds a table lock from
// its own connection so the server's database transaction waits exactly there. On the embedded
// database it watches the files: the upload complete on disk and punch_days' heap file growing.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test/databases";
import { startServerProcess, waitUntil, type ServerProcess } from "./test/processes";
import { makeUser, TEST_PASSWORD } from "./test/factories";
import { makeDepartment } from "./test/hr-fixtures";
import { makeCategory } from "./test/transaction-fixtures";
import { openPglite, type DatabaseHandle, type Db } from "./db/client";
import { runMigrations } from "./db/migrate";
import { employees } from "./db/schema";
import { importPunches } from "./services/hr/import/import-punches";
import { IMPORT_TMP_DIR } from "./services/uploads/import-files";
import type { ImportResult } from "../shared/schemas/hr";

const postgresUrl = inject("postgresUrl");
const JSON_CSRF = { "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/json" };
/** The importer's pg_advisory_xact_lock key (server/services/hr/import/import-punches.ts): held while an import runs. */
const IMPORT_LOCK = 727_100;
/** A whole month in the past: every one of its days is marked. 2025-06-01 is a Sunday. */
const MONTH = "2025-06";
const DAYS_IN_MONTH = 30;

// ---------------------------------------------------------------- a generated punch file

type ExpectedImport = {
  answer: Omit<ImportResult, "errors"> & { errorRows: number[] };
  /** Day rows the import must leave: every day of the month for every employee. */
  days: number;
  statusCounts: Record<string, number>;
  violationPoints: number;
};

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (minute: number, second: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:${pad(second)}`;

/**
 * A punch CSV for MONTH (BOM, CRLF, both date formats, every spelling of event types, names in
 * other cases and spacing), with rows of another month, unmatched names, bad rows and repeated
 * rows mixed in, and what a clean import of it must answer and store, worked out here from the
 * rules of docs/attendance.md (not by the server's code): Sunday is everyone's weekly off; a day
 * is absent, a single punch in (Pending Review), or punchesPerDay punches alternating in and out
 * over a short (< 4 h), half (4–8 h) or full (> 8 h) span, far from the thresholds; a first in
 * after 09:45 is a late arrival (1 point) on a working day.
 */
function punchFile(names: readonly string[], punchesPerDay: number, seed: number): { text: string; rows: number; expected: ExpectedImport } {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const lines: string[] = [];
  const events = new Set<string>();
  let matchedRows = 0;
  let skippedRows = 0;
  let ghostRows = 0;
  const errorRows: number[] = [];
  const statusCounts: Record<string, number> = {};
  let violationPoints = 0;
  const count = (status: string) => (statusCounts[status] = (statusCounts[status] ?? 0) + 1);
  const spell = (name: string) => {
    const r = random();
    if (r < 0.1) return name.toUpperCase().replace(/\s+/g, "");
    if (r < 0.2) return `  ${name.toLowerCase().replace(" ", "  ")} `;
    return name;
  };
  const dateText = (day: number, month = MONTH) => (random() < 0.25 ? `${pad(day)}/${month.slice(5)}/${month.slice(0, 4)}` : `${month}-${pad(day)}`);
  const typeText = (isIn: boolean) => (isIn ? pick(["IN", "in", "punch_in", "PUNCH_IN"]) : pick(["OUT", "out", "punch_out", "Punch_Out"]));
  const extras = () => {
    // Now and then, a row the import must skip, report or leave unmatched.
    const r = random();
    if (r < 0.0002) {
      lines.push(`${pick(names)},${dateText(1 + Math.floor(random() * 28), "2025-07")},10:00,IN`);
      skippedRows += 1;
    } else if (r < 0.0004) {
      lines.push(`Ghost Worker,${dateText(2 + Math.floor(random() * 27))},10:00,IN`);
      ghostRows += 1;
    } else if (r < 0.0005) {
      lines.push(`${pick(names)},${dateText(2)},25:61,IN`);
      errorRows.push(lines.length + 1); // the header is row 1
    }
  };
  const SPANS = { short: 135, half: 300, full: 510 } as const;
  names.forEach((name, e) => {
    for (let day = 1; day <= DAYS_IN_MONTH; day++) {
      const sunday = (day - 1) % 7 === 0;
      const r = random();
      const firstIn = 9 * 60 + Math.floor(random() * 61); // 09:00 to 10:00
      const late = firstIn > 9 * 60 + 45;
      let punches: { minute: number; isIn: boolean }[];
      let status: string;
      if (r < 0.03) {
        punches = [];
        status = "Absent (Unpaid)";
      } else if (r < 0.06) {
        punches = [{ minute: firstIn, isIn: true }];
        status = "Pending Review";
      } else {
        const span = pick(["short", "half", "full"] as const);
        const spacing = Math.floor(SPANS[span] / (punchesPerDay - 1));
        punches = Array.from({ length: punchesPerDay }, (_, k) => ({ minute: firstIn + k * spacing, isIn: k % 2 === 0 }));
        status = span === "short" ? "Absent (Unpaid)" : span === "half" ? "Half-day (Unpaid)" : "Present (Full)";
      }
      if (sunday) status = "Weekly Off";
      else if (late && punches.length > 0) violationPoints += 1;
      count(status);
      for (const p of punches) {
        const time = clock(p.minute, Math.floor(random() * 60));
        const line = `${spell(name)},${dateText(day)},${time},${typeText(p.isIn)}`;
        const copies = random() < 0.005 ? 2 : 1; // the same event twice in the file: stored once
        for (let c = 0; c < copies; c++) {
          lines.push(line);
          matchedRows += 1;
          events.add(`${e}|${day}|${time}|${p.isIn}`);
        }
        extras();
      }
    }
  });
  const text = "\uFEFFEmployee Name,Date,Time,Event Type\r\n" + lines.join("\r\n") + "\r\n";
  return {
    text,
    rows: lines.length,
    expected: {
      answer: {
        totalRows: lines.length,
        processedEvents: events.size,
        duplicateEvents: matchedRows - events.size,
        skippedRows,
        unmatchedNames: ghostRows > 0 ? [{ name: "Ghost Worker", rows: ghostRows }] : [],
        errorRows,
        // A month long over: the import records all of it, and every day has punches.
        coveredThrough: `${MONTH}-${DAYS_IN_MONTH}`,
        monthCoveredThrough: `${MONTH}-${DAYS_IN_MONTH}`,
        coverageWarning: null,
      },
      days: names.length * DAYS_IN_MONTH,
      statusCounts,
      violationPoints,
    },
  };
}

// ---------------------------------------------------------------- helpers

async function signIn(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: "POST", headers: JSON_CSRF, body: JSON.stringify({ username, password: TEST_PASSWORD }) });
  const answer = await res.text();
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${answer}`);
  // Only now, with the whole answer read: express-session holds back the answer's last byte until
  // the session is stored, and the headers (the cookie) arrive before that.
  return res.headers.get("set-cookie")!.split(";")[0];
}

type Outcome = { status: number; body: Record<string, unknown> } | { failed: string };

/** A request whose outcome is collected later: an answer, or the connection cut (the process died). */
function request(url: string, init: RequestInit): Promise<Outcome> {
  return fetch(url, init).then(
    async (res) => ({ status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> }),
    (err: unknown) => ({ failed: String(err) }),
  );
}

function bodyOf<T>(outcome: Outcome): T {
  if ("failed" in outcome) throw new Error(`no answer: ${outcome.failed}`);
  return outcome.body as T;
}

function uploadPunches(url: string, cookie: string, text: string): Promise<Outcome> {
  const form = new FormData();
  form.append("month", MONTH);
  form.append("csvFile", new Blob([text], { type: "text/csv" }), "punches.csv");
  return request(`${url}/api/hr/import/upload`, { method: "POST", headers: { "X-Requested-With": "XMLHttpRequest", cookie }, body: form });
}

/** The temporary upload files of one server process (server/services/uploads/import-files.ts names them `<pid>-<uuid>.csv`). */
function uploadsOf(pid: number): { file: string; size: number }[] {
  if (!fs.existsSync(IMPORT_TMP_DIR)) return [];
  return fs
    .readdirSync(IMPORT_TMP_DIR)
    .filter((name) => name.startsWith(`${pid}-`))
    .map((name) => {
      const file = path.join(IMPORT_TMP_DIR, name);
      return { file, size: fs.statSync(file, { throwIfNoEntry: false })?.size ?? -1 };
    });
}

async function makeEmployees(db: Db, count: number): Promise<string[]> {
  const department = await makeDepartment(db);
  const names = Array.from({ length: count }, (_, i) => `Worker ${String(i).padStart(3, "0")}`);
  await db
    .insert(employees)
    .values(names.map((employeeName) => ({ employeeName, departmentId: department.id, joiningDate: "2025-01-01", weeklyOff: "Sunday" as const })));
  return names;
}

const n = (v: unknown) => Number(v);

/** What an import leaves in a database, for the checks after a kill and after the import that follows. */
async function importTraces(q: Pick<DatabaseHandle, "query">) {
  const [counts] = await q.query<Record<string, string | number>>(
    `select (select coalesce(sum(cardinality(punch_times)), 0) from punch_days) as punches,
            (select count(*) from attendance_days) as days,
            (select count(*) from attendance_imports) as imports,
            (select count(*) from audit_log where entity_type = 'import') as audits`,
  );
  return { punches: n(counts.punches), days: n(counts.days), imports: n(counts.imports), audits: n(counts.audits) };
}

async function statusCounts(q: Pick<DatabaseHandle, "query">): Promise<{ counts: Record<string, number>; points: number }> {
  const found = await q.query<{ status: string; days: string | number; points: string | number }>(
    "select day_status::text as status, count(*) as days, sum(violation_points) as points from attendance_days group by 1",
  );
  return { counts: Object.fromEntries(found.map((r) => [r.status, n(r.days)])), points: found.reduce((s, r) => s + n(r.points), 0) };
}

/** The answer of a first, clean import of the file, compared field by field with what the generator worked out. */
function expectCleanAnswer(outcome: Outcome, expected: ExpectedImport) {
  expect(outcome).toMatchObject({ status: 200 });
  const body = bodyOf<ImportResult>(outcome);
  const { errorRows, ...counts } = expected.answer;
  expect({ ...body, errors: undefined }).toEqual({ ...counts, errors: undefined });
  expect(body.errors.map((e) => e.row)).toEqual(errorRows.slice(0, 100)); // the first 100 are reported
}

// ---------------------------------------------------------------- the tests

describe("a server process killed with SIGKILL in the middle of work", () => {
  const databases: TestDatabase[] = [];
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  const tempDir = (label: string) => {
    const dir = path.join(os.tmpdir(), `bms-restart-${label}-${crypto.randomBytes(4).toString("hex")}`);
    dirs.push(dir);
    return dir;
  };
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess(env);
    servers.push(server);
    return server;
  };
  const newDatabase = async () => {
    const database = await createTestDatabase({ postgresUrl, pgliteDump: null, run: inject("testRun") });
    databases.push(database);
    return database;
  };
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop("SIGKILL")));
    for (const d of databases) await d.drop().catch(() => {});
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The server process's own connections to PostgreSQL (it runs with PGAPPNAME = app). */
  const backendsOf = (database: TestDatabase, app: string) =>
    database.query<{ pid: number; state: string; wait_event_type: string | null; xid: string | null; query: string }>(
      "select pid, state, wait_event_type, backend_xid::text as xid, query from pg_stat_activity where application_name = $1",
      [app],
    );

  /** After a kill: PostgreSQL has ended every connection of the dead process (its open transactions rolled back). */
  const waitForBackendsGone = (database: TestDatabase, app: string) =>
    waitUntil(`PostgreSQL to end the killed process's connections (${app})`, async () => (await backendsOf(database, app)).length === 0);

  /** Holders of the import lock in this database (pg_locks covers the whole cluster, which other test runs share). */
  const importLockHolders = async (database: TestDatabase) =>
    n(
      (
        await database.query<{ n: string }>(
          "select count(*) as n from pg_locks where locktype = 'advisory' and objid = $1 and database = (select oid from pg_database where datname = current_database())",
          [IMPORT_LOCK],
        )
      )[0].n,
    );

  it.runIf(postgresUrl)(
    "mid-import on PostgreSQL, killed once while punches are being inserted and once while days are being recalculated: nothing of the file is stored, no lock or upload is left, and the restarted server imports it exactly as a clean import does",
    async () => {
      const database = await newDatabase();
      const names = await makeEmployees(database.db, 500);
      const hr = await makeUser(database.db, { role: "HR Admin" });
      // More than two of the importer's 200,000-punch batches, so it is caught between two of them.
      const file = punchFile(names, 30, 20250601);
      expect(file.rows).toBeGreaterThan(400_000);
      const app = `bms-restart-${crypto.randomBytes(4).toString("hex")}`;
      const env = {
        DATABASE_URL: database.url!,
        PGAPPNAME: app,
        DATA_DIR: tempDir("pg-import"),
        SESSION_SECRET: "restart-secret",
        ADMIN_PASSWORD: TEST_PASSWORD,
      };

      const expectNothingStored = async () => {
        expect(await importTraces(database)).toEqual({ punches: 0, days: 0, imports: 0, audits: 0 });
        expect(await importLockHolders(database)).toBe(0);
      };

      // Kill 1: while the import is inserting punches: its connection is at the punch insert and
      // punch_days has grown by at least 256 KiB (its first batch is stored).
      const first = await start(env);
      const cookie = await signIn(first.url, hr.username);
      const killedFirst = uploadPunches(first.url, cookie, file.text);
      const inserting = await waitUntil(
        "the import to be inserting punches",
        async () => {
          const [b] = await database.query<{ size: string; in_transaction: boolean; locked: boolean }>(
            `select pg_relation_size('punch_days') as size, a.backend_xid is not null and a.state <> 'idle' as in_transaction,
                    exists (select 1 from pg_locks l where l.pid = a.pid and l.locktype = 'advisory' and l.objid = $2 and l.granted) as locked
             from pg_stat_activity a
             where a.application_name = $1 and a.query like '%insert into punch_days%'`,
            [app, IMPORT_LOCK],
          );
          return b && n(b.size) >= 256 * 1024 ? b : null;
        },
        { server: first },
      );
      expect(uploadsOf(first.child.pid!)).toEqual([{ file: expect.any(String), size: Buffer.byteLength(file.text) }]);
      expect(await first.stop("SIGKILL")).toBeNull();
      expect(await killedFirst).toMatchObject({ failed: expect.any(String) });
      await waitForBackendsGone(database, app);
      await expectNothingStored();
      // It was killed inside the import's one transaction, holding the import lock.
      expect(inserting).toMatchObject({ in_transaction: true, locked: true });

      // Kill 2: after every punch of the file is inserted, while the days are being recalculated.
      // The test holds a SHARE lock on attendance_days, so the importer's transaction waits at its
      // first day upsert: the import record and all the punches written, not yet committed.
      const second = await start(env);
      expect(uploadsOf(first.child.pid!)).toEqual([]); // the killed process's upload is removed at start
      expect((await fetch(`${second.url}/api/auth/me`, { headers: { cookie } })).status).toBe(200); // committed work (the session) survived
      const locker = await database.pool!.connect();
      try {
        await locker.query("begin");
        await locker.query("lock table attendance_days in share mode");
        const killedSecond = uploadPunches(second.url, cookie, file.text);
        await waitUntil(
          "the import to wait at the recalculation of days",
          async () => (await backendsOf(database, app)).some((b) => b.wait_event_type === "Lock" && /insert into attendance_days/.test(b.query)),
          { server: second },
        );
        expect(await importLockHolders(database)).toBe(1);
        expect(await second.stop("SIGKILL")).toBeNull();
        expect(await killedSecond).toMatchObject({ failed: expect.any(String) });
      } finally {
        await locker.query("rollback");
        locker.release();
      }
      await waitForBackendsGone(database, app);
      await expectNothingStored();

      // Restart: the same file imports once, completely.
      const third = await start(env);
      expect(uploadsOf(second.child.pid!)).toEqual([]);
      const imported = await uploadPunches(third.url, cookie, file.text);
      expectCleanAnswer(imported, file.expected);
      const { processedEvents } = file.expected.answer;
      expect(await importTraces(database)).toEqual({ punches: processedEvents, days: file.expected.days, imports: 1, audits: 1 });
      const [record] = await database.query<Record<string, string | number>>(
        "select id, total_rows, processed_events, duplicate_events, skipped_rows, error_rows from attendance_imports",
      );
      expect(record).toMatchObject({
        total_rows: file.expected.answer.totalRows,
        processed_events: processedEvents,
        duplicate_events: file.expected.answer.duplicateEvents,
        skipped_rows: file.expected.answer.skippedRows,
        error_rows: file.expected.answer.errorRows.length,
      });
      expect(await statusCounts(database)).toEqual({ counts: file.expected.statusCounts, points: file.expected.violationPoints });
      expect(await importLockHolders(database)).toBe(0);
      // The upload is removed when the answer's connection closes, just after the client has it.
      await expect.poll(() => uploadsOf(third.child.pid!), { timeout: 10_000 }).toEqual([]);

      // And it is what a single import of the file into a fresh database stores, row for row.
      const clean = await newDatabase();
      await makeEmployees(clean.db, names.length);
      const cleanUser = await makeUser(clean.db, { role: "HR Admin" });
      const cleanFile = path.join(env.DATA_DIR, "clean.csv");
      fs.mkdirSync(env.DATA_DIR, { recursive: true });
      fs.writeFileSync(cleanFile, file.text);
      const cleanActor = { id: cleanUser.id, role: cleanUser.role, name: cleanUser.name, username: cleanUser.username, visibilityWindowDays: 30 };
      const cleanAnswer = await importPunches(
        { db: clean.db, actor: cleanActor, ip: null, clock: () => new Date(), config: { appTimezone: "Asia/Kolkata" } },
        { filePath: cleanFile, fileName: "punches.csv", month: MONTH, dryRun: false },
      );
      expect(bodyOf(imported)).toEqual(cleanAnswer);
      const punchDigest = `select count(*)::int as n, md5(string_agg(e.employee_name || '|' || p.punch_date || '|' || s.t || '|' || s.y, ',' order by e.employee_name, p.punch_date, s.t, s.y)) as digest
        from punch_days p join employees e on e.id = p.employee_id cross join lateral unnest(p.punch_times, p.punch_types) as s(t, y)`;
      expect(await database.query(punchDigest)).toEqual(await clean.query(punchDigest));
      const dayRows = `select e.employee_name, d.date::text as date, d.day_status::text as status, d.first_in_time::text as first_in, d.last_out_time::text as last_out,
          d.total_hours::text as hours, d.violation_points, d.violation_reason, d.review_reason, d.is_manual
        from attendance_days d join employees e on e.id = d.employee_id order by 1, 2`;
      expect(await database.query(dayRows)).toEqual(await clean.query(dayRows));
    },
    600_000,
  );

  it.runIf(postgresUrl)(
    "mid-approval on PostgreSQL: 8 approvers at once on a transaction needing 2 (1 already counted), killed while one holds the row past its approval insert and the others wait for the row: only committed approvals remain, each with its audit entry and notification, and after a restart exactly one more approval counts",
    async () => {
      const database = await newDatabase();
      const accountant = await makeUser(database.db, { role: "Accountant" });
      const approvers = [];
      for (let i = 0; i < 9; i++) approvers.push(await makeUser(database.db, { role: "Approver" }));
      const [early, ...racing] = approvers;
      const category = await makeCategory(database.db, { requiredApprovals: 2 });
      const app = `bms-restart-${crypto.randomBytes(4).toString("hex")}`;
      const env = {
        DATABASE_URL: database.url!,
        PGAPPNAME: app,
        DATA_DIR: tempDir("pg-approve"),
        SESSION_SECRET: "restart-secret",
        ADMIN_PASSWORD: TEST_PASSWORD,
      };

      const first = await start(env);
      const post = (url: string, cookie: string, route: string, body: unknown = {}) =>
        request(`${url}/api${route}`, { method: "POST", headers: { ...JSON_CSRF, cookie }, body: JSON.stringify(body) });
      const accountantCookie = await signIn(first.url, accountant.username);
      const created = await post(first.url, accountantCookie, "/transactions", {
        formType: "B",
        categoryId: category.id,
        amount: "125000.00",
        transactionDate: new Date().toISOString().slice(0, 10),
        description: "Quarterly vendor settlement",
      });
      expect(created).toMatchObject({ status: 201 });
      const id = bodyOf<{ id: string }>(created).id;
      expect(await post(first.url, accountantCookie, `/transactions/${id}/submit`)).toMatchObject({
        status: 200,
        body: { status: "Pending", approvalsRequired: 2 },
      });
      const cookies = new Map<string, string>();
      for (const a of approvers) cookies.set(a.id, await signIn(first.url, a.username));
      expect(await post(first.url, cookies.get(early.id)!, `/transactions/${id}/approve`)).toMatchObject({
        status: 200,
        body: { status: "Pending", approvalsReceived: 1 },
      });

      /**
       * The invariants of DECISIONS §4 and moves.ts (one database transaction per approval: the
       * approval row, the transaction's count and status, its audit entry and the creator's
       * notification commit together or not at all).
       */
      const expectConsistent = async () => {
        const [txn] = await database.query<{
          status: string;
          approvals_received: number;
          approvals_required: number;
          approval_round: number;
          approved_at: Date | null;
        }>("select status::text as status, approvals_received, approvals_required, approval_round, approved_at from transactions where id = $1", [id]);
        const rows = await database.query<{ approver_id: string; round: number; action: string }>(
          "select approver_id, round, action::text as action from approvals where transaction_id = $1",
          [id],
        );
        const audits = await database.query<{ performed_by: string; before_status: string; after_status: string }>(
          "select performed_by, before_data->>'status' as before_status, after_data->>'status' as after_status from audit_log where entity_type = 'transaction' and entity_id = $1 and action = 'approve'",
          [id],
        );
        const told = await database.query<{ user_id: string }>("select user_id from notifications where transaction_id = $1 and type = 'user_notification'", [
          id,
        ]);
        const counted = rows.filter((r) => r.round === txn.approval_round && r.action === "approved").length;
        expect(txn.approvals_received).toBe(counted);
        expect(txn.status === "Approved").toBe(counted >= txn.approvals_required);
        expect(txn.status).toBe(counted >= txn.approvals_required ? "Approved" : "Pending");
        expect(txn.approved_at !== null).toBe(txn.status === "Approved");
        // Once per approver, and every approval with exactly its own audit entry and notification.
        expect(new Set(rows.map((r) => r.approver_id)).size).toBe(rows.length);
        expect(audits.map((a) => a.performed_by).sort()).toEqual(rows.map((r) => r.approver_id).sort());
        expect(told.map((t) => t.user_id)).toEqual(rows.map(() => accountant.id));
        expect(audits.filter((a) => a.before_status === "Pending" && a.after_status === "Approved")).toHaveLength(txn.status === "Approved" ? 1 : 0);
        return { status: txn.status, approvers: rows.map((r) => r.approver_id) };
      };

      // 8 approvals at once while the test holds a SHARE lock on notifications: the first to lock
      // the transaction row inserts its approval, counts 2 of 2, sets Approved, writes its audit
      // entry, then waits to insert the creator's notification; the 7 others wait for the row.
      const locker = await database.pool!.connect();
      let cut: Outcome[] = [];
      try {
        await locker.query("begin");
        await locker.query("lock table notifications in share mode");
        const inFlight = racing.map((a) => post(first.url, cookies.get(a.id)!, `/transactions/${id}/approve`));
        await waitUntil(
          "one approval waiting at its notification and 7 at the transaction row",
          async () => {
            const waiting = (await backendsOf(database, app)).filter((b) => b.state === "active" && b.wait_event_type === "Lock");
            const atNotification = waiting.filter((b) => /insert into "notifications"/.test(b.query));
            const atRow = waiting.filter((b) => /for update/.test(b.query));
            return atNotification.length === 1 && atRow.length === 7;
          },
          { server: first },
        );
        expect(await first.stop("SIGKILL")).toBeNull();
        cut = await Promise.all(inFlight);
      } finally {
        await locker.query("rollback");
        locker.release();
      }
      await waitForBackendsGone(database, app);
      // None of the 8 was answered: each was cut off inside its database transaction.
      expect(cut.filter((o) => !("failed" in o))).toEqual([]);
      expect(await expectConsistent()).toEqual({ status: "Pending", approvers: [early.id] });

      // Restart: the early approver cannot approve twice; of the 8, exactly one more approval counts.
      const second = await start(env);
      expect(await post(second.url, cookies.get(early.id)!, `/transactions/${id}/approve`)).toMatchObject({
        status: 409,
        body: { message: "You have already approved this transaction" },
      });
      const again = await Promise.all(racing.map((a) => post(second.url, cookies.get(a.id)!, `/transactions/${id}/approve`)));
      const ok = racing.filter((_, i) => (again[i] as { status?: number }).status === 200);
      expect(ok).toHaveLength(1);
      expect(again.filter((o) => (o as { status?: number }).status === 409)).toHaveLength(7);
      const after = await expectConsistent();
      expect(after.status).toBe("Approved");
      expect(after.approvers.sort()).toEqual([early.id, ok[0].id].sort());
      // And the one who got through cannot count twice either.
      expect(await post(second.url, cookies.get(ok[0].id)!, `/transactions/${id}/approve`)).toMatchObject({ status: 409 });
      expect((await expectConsistent()).approvers).toHaveLength(2);
    },
    300_000,
  );

  it("mid-import on the embedded database (DATA_DIR): after SIGKILL the database in DATA_DIR/db reopens, holds nothing of the killed import but all committed work, and the restarted server imports the file exactly once", async () => {
    const dataDir = tempDir("pglite");
    const dbDir = path.join(dataDir, "db");
    // Set up the embedded database before any server holds it (one process at a time).
    const setup = await openPglite({ dataDir: dbDir });
    await runMigrations(setup);
    const names = await makeEmployees(setup.db, 100);
    const hr = await makeUser(setup.db, { role: "HR Admin" });
    const [{ heap }] = await setup.query<{ heap: string }>("select pg_relation_filepath('punch_days') as heap");
    await setup.close();
    const heapFile = path.join(dbDir, heap);
    const heapSize = () => fs.statSync(heapFile, { throwIfNoEntry: false })?.size ?? 0;
    const file = punchFile(names, 20, 20250615);
    const env = { DATABASE_URL: "", DATA_DIR: dataDir, SESSION_SECRET: "restart-secret", ADMIN_PASSWORD: TEST_PASSWORD };

    // Kill while the import's transaction is writing punches: the upload is whole on disk and
    // punch_days' heap file has grown by at least 256 KiB (the batch is being stored).
    const first = await start(env);
    const cookie = await signIn(first.url, hr.username);
    const sizeBefore = heapSize();
    const killed = uploadPunches(first.url, cookie, file.text);
    await waitUntil(
      "the upload to be on disk and the import to be writing punches",
      async () => {
        const [upload] = uploadsOf(first.child.pid!);
        return upload?.size === Buffer.byteLength(file.text) && heapSize() >= sizeBefore + 256 * 1024;
      },
      { server: first },
    );
    expect(await first.stop("SIGKILL")).toBeNull();
    expect(await killed).toMatchObject({ failed: expect.any(String) });

    // The embedded database reopens (PostgreSQL's crash recovery inside PGlite): nothing of the
    // import, everything committed before it.
    const reopened = await openPglite({ dataDir: dbDir });
    try {
      expect(await importTraces(reopened)).toEqual({ punches: 0, days: 0, imports: 0, audits: 0 });
      const [kept] = await reopened.query<Record<string, string | number>>(
        "select (select count(*) from employees) as employees, (select count(*) from users where id = $1) as users, (select count(*) from sessions) as sessions",
        [hr.id],
      );
      expect({ employees: n(kept.employees), users: n(kept.users), sessions: n(kept.sessions) }).toEqual({ employees: names.length, users: 1, sessions: 1 });
    } finally {
      await reopened.close();
    }

    // Restart: the session signed in before the kill still works, the killed upload is gone,
    // and the same file imports once, completely.
    const second = await start(env);
    expect(uploadsOf(first.child.pid!)).toEqual([]);
    expect((await fetch(`${second.url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    const imported = await uploadPunches(second.url, cookie, file.text);
    expectCleanAnswer(imported, file.expected);
    expect(await second.stop()).toBe(0);

    const final = await openPglite({ dataDir: dbDir });
    try {
      expect(await importTraces(final)).toEqual({ punches: file.expected.answer.processedEvents, days: file.expected.days, imports: 1, audits: 1 });
      expect(await statusCounts(final)).toEqual({ counts: file.expected.statusCounts, points: file.expected.violationPoints });
    } finally {
      await final.close();
    }
  }, 600_000);
});
