// npm run bench: the DECISIONS §9 figures, on PostgreSQL and on the embedded database.
//   BENCH_DATABASE_URL  PostgreSQL server to use (default postgres://postgres@127.0.0.1:5432/postgres; "none" skips it)
//   BENCH_TRANSACTIONS  (default 100000)   BENCH_PUNCH_ROWS (default 1000000)   BENCH_SECONDS (default 8)
//   BENCH_PGLITE_PUNCH_ROWS (default BENCH_PUNCH_ROWS): the embedded import is far slower; a smaller file keeps a run short
//   BENCH_DATABASES     (default "postgres,pglite")
//   BENCH_PARTS         (default "routes,reads,herd,export,import"): the parts to run, to iterate on one (herd: PostgreSQL only)
//   BENCH_ROUTE_DETAIL  (unset): a path of the route table whose scripts are listed, heaviest first
//   BENCH_HERD_SIZES    (default "50,100,200"): approvers online in the month-end herd's runs, the app of now
//   BENCH_HERD_BEFORE_SIZES (default "50,200"): and with the app before the pending feed (refetching on every notification)
//   BENCH_HERD_SECONDS  (default 60) and BENCH_HERD_RATE (default 2 a second): the submissions of a run;
//   BENCH_HERD_BEFORE_SUBMISSIONS (default 20): a run of the app before, which cannot keep up with 120
//   BENCH_HERD_PACED_SIZES (default "200"): the app before again, 10 submissions one every 4 s
//   BENCH_READS         (default "pending,list,search,stats"): the reads to time, to iterate on one
//   BENCH_KEEP_DATABASE (default unset): a PostgreSQL database name to keep between runs, to iterate;
//                       seeded the first time, reused as it is (not seeded again) while it exists
// Each database gets fresh data: seeded in this process, then a real server process is started on it
// so its memory can be read from /proc.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { openPglite, type DatabaseHandle } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { appRoleGrants } from "../server/db/roles";
import { freePort, ROOT } from "../server/test/processes";
import {
  BENCH_PASSWORD,
  EXPORT_YEAR,
  openSeedingPostgres,
  seedHistory,
  seedEmployeeLogin,
  seedEmployees,
  seedPaidForExport,
  seedTransactions,
  seedUsers,
  writePunchCsv,
} from "./seed";
import { judgeShare, SHARE_FLOOR, type ShareRound } from "./share";
import { routeWeights } from "./route-weights";
import { benchHerd, type HerdRun } from "./herd-bench";
import type { Role } from "../shared/constants";

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const PUNCH_ROWS = Number(process.env.BENCH_PUNCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PGLITE_PUNCH_ROWS = Number(process.env.BENCH_PGLITE_PUNCH_ROWS ?? PUNCH_ROWS);
const DATABASES = (process.env.BENCH_DATABASES ?? "postgres,pglite").split(",");
const PARTS = (process.env.BENCH_PARTS ?? "routes,reads,herd,export,import").split(",");
const sizes = (value: string) => value.split(",").filter(Boolean).map(Number);
const HERD = {
  sizes: sizes(process.env.BENCH_HERD_SIZES ?? "50,100,200"),
  beforeSizes: sizes(process.env.BENCH_HERD_BEFORE_SIZES ?? "50,200"),
  seconds: Number(process.env.BENCH_HERD_SECONDS ?? 60),
  perSecond: Number(process.env.BENCH_HERD_RATE ?? 2),
  beforeSubmissions: Number(process.env.BENCH_HERD_BEFORE_SUBMISSIONS ?? 20),
  pacedSizes: sizes(process.env.BENCH_HERD_PACED_SIZES ?? "200"),
  pacedSubmissions: 10,
  pacedPerSecond: 0.25,
};
const READS = (process.env.BENCH_READS ?? "pending,list,search,stats").split(",");
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PUNCH_MONTH = (() => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
})();

type Row = { figure: string; database: string; value: string; target: string; ok: boolean | null };
const rows: Row[] = [];
const record = (r: Row) => {
  rows.push(r);
  console.log(`  ${r.database.padEnd(10)} ${r.figure.padEnd(52)} ${r.value.padEnd(28)} ${r.target}${r.ok === false ? "  MISSED" : ""}`);
};

// ---------------------------------------------------------------- server process

type Server = { url: string; child: ChildProcess; stop(): Promise<void> };

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/** Restarts the kernel's peak-RSS count (VmHWM), so a later peak is the measured work's, not the start's. */
function resetPeak(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not permitted here: the 20-50 ms samples still see the peak, if less exactly
  }
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // What `npm start` runs: scripts/start.mjs runs the compiled server (dist/server) in its own
  // process, so the child's pid is the server's own. main() has built it first.
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", SESSION_SECRET: "bench", LOG_LEVEL: "warn", PORT: String(port), ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const server: Server = {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
  // A slow machine may take minutes to start it; it is waited for, not judged.
  const until = Date.now() + 10 * 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited during its start (code ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  throw new Error("the server did not answer /api/health within 10 minutes");
}

async function signIn(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0];
}

// ---------------------------------------------------------------- latency

/** What Chromium asks for on every request: the reads are timed with the compressed answers a browser gets. */
const BROWSER_ENCODINGS = { "accept-encoding": "gzip, deflate, br, zstd" };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Latencies of `path` with `concurrency` clients for `seconds`: exact percentiles from every request. */
async function sample(url: string, cookie: string, concurrency: number, seconds: number) {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { cookie, ...BROWSER_ENCODINGS } });
        await res.arrayBuffer();
        if (!res.ok) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), count: latencies.length, errors };
}

async function requestsPerSecond(url: string, cookie: string, connections: number, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { cookie, ...BROWSER_ENCODINGS } });
  return result.requests.average;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Rounds of the bare route and a read, one after the other. */
const SHARE_ROUNDS = 3;

/**
 * A read's requests/s at 10 connections as a share of the bare route's (`/api/health`, no session),
 * each measured right after the other in SHARE_ROUNDS rounds: on a shared machine the CPU a process
 * gets drifts over minutes, and a ceiling measured once, minutes from the read, moved the share by
 * a third between runs. The read is judged by its lowest round (bench/share.ts), and every round's
 * share is reported.
 */
async function alongsideBare(base: string, url: string, cookie: string) {
  const seconds = Math.min(SECONDS, 3);
  const rounds: ShareRound[] = [];
  for (let i = 0; i < SHARE_ROUNDS; i++) {
    const bareRps = await requestsPerSecond(`${base}/api/health`, "", 10, seconds);
    const rps = await requestsPerSecond(url, cookie, 10, seconds);
    rounds.push({ rps, bareRps });
  }
  return judgeShare(rounds);
}

// ---------------------------------------------------------------- the runs

/** DECISIONS §9's bench-results.json: the PostgreSQL figures the floors are judged on. */
type ReadResult = { p95Ms: number; rps: number; bareRps: number; shareOfBare: number };
const results: {
  import: { rows: number; seconds: number; copySeconds: number | null; vsCopy: number | null; peakMb: number } | null;
  reads: Partial<Record<"pending" | "list" | "search" | "stats", ReadResult>>;
  routes: Record<string, { kbGzip: number }>;
  export: { extraMb: number } | null;
  /** The export to TallyPrime (DECISIONS §12): one batch of every paid transaction, its file streamed. */
  exportTally: { count: number; batchSeconds: number; fileSeconds: number; extraMb: number } | null;
  /** DECISIONS §9's month-end herd: the run of the app of now with the most approvers online. */
  herd: { approvers: number; submissions: number; freshnessP95Ms: number; missed: number; cpuSecondsPerSubmission: number } | null;
  /** Every herd run, the app before the feed too, with its CPU by process group. */
  herdRuns: HerdRun[];
} = { import: null, reads: {}, routes: {}, export: null, exportTally: null, herd: null, herdRuns: [] };

/** What each read must hold, so a fast wrong answer (an error, an empty page) cannot pass. */
type Check = (body: unknown) => string | null;
const nonEmptyArray: Check = (b) => (Array.isArray(b) && b.length > 0 ? null : "expected a non-empty list");
const listPage: Check = (b) => {
  const page = b as { transactions?: unknown[]; total?: number };
  return Array.isArray(page.transactions) && page.transactions.length > 0 && (page.total ?? 0) > 0 ? null : "expected rows and a total";
};
const stats: Check = (b) => (typeof (b as { pendingTransactions?: unknown }).pendingTransactions === "number" ? null : "expected the dashboard figures");

type ReadKey = keyof typeof results.reads;

/**
 * The rows each read must hold, asked of the database in plain SQL just before the read (so the
 * visibility window is the same instant's): the ids in order and the totals, worked out from the
 * base tables, not through the app's services. Used on PostgreSQL, where the bench has its own
 * connection; the embedded database belongs to the server process, so there only the shapes above
 * are checked.
 */
async function expectedAnswer(db: pg.Client, key: ReadKey): Promise<Check> {
  const userOf = async (username: string) =>
    (await db.query<{ id: string; days: number }>("select id, visibility_window_days as days from users where username = $1", [username])).rows[0];
  const ids = (b: unknown, list: string) => ((b as Record<string, { id: string }[]>)[list] ?? (b as { id: string }[])).map((r) => r.id);
  const same = (what: string, got: unknown, want: unknown) =>
    JSON.stringify(got) === JSON.stringify(want) ? null : `${what}: got ${JSON.stringify(got)?.slice(0, 80)}, expected ${JSON.stringify(want)?.slice(0, 80)}`;
  const visible = "(t.created_by = $1 or t.created_at >= now() - make_interval(days => $2))";
  if (key === "stats") {
    const who = await userOf(BENCH_USER.Accountant);
    const [want] = (
      await db.query(
        `select count(*)::int as pending, (count(*) filter (where t.is_priority))::int as urgent from transactions t where t.status = 'Pending' and ${visible}`,
        [who.id, who.days],
      )
    ).rows;
    return (b) => {
      const got = b as { pendingTransactions?: number; urgentTransactions?: number };
      return same("pending and urgent", [got.pendingTransactions, got.urgentTransactions], [want.pending, want.urgent]);
    };
  }
  const who = await userOf(BENCH_USER.Approver);
  if (key === "pending") {
    const want = (
      await db.query(`select t.id from transactions t where t.status = 'Pending' and ${visible} order by t.is_priority desc, t.created_at, t.id limit 200`, [
        who.id,
        who.days,
      ])
    ).rows.map((r) => r.id);
    return (b) => same("the pending ids", ids(b, ""), want);
  }
  const matches =
    key === "search"
      ? `and (t.human_readable_id ilike '%mumbai%' or t.description ilike '%mumbai%'
           or exists (select 1 from categories c where c.id = t.category_id and c.name ilike '%mumbai%')
           or exists (select 1 from users u where u.id = t.created_by and u.name ilike '%mumbai%'))`
      : "";
  const offset = key === "list" ? 50 : 0;
  const approved = "t.status in ('Approved', 'PaymentDue', 'Paid', 'Completed')";
  const [summary] = (
    await db.query(
      `select count(*)::int as count, (count(*) filter (where ${approved}))::int as "approvedCount",
         (count(*) filter (where t.status = 'Pending'))::int as "pendingCount",
         coalesce(sum(t.amount) filter (where ${approved}), 0)::numeric(16,2)::text as "approvedAmount"
       from transactions t where ${visible} ${matches}`,
      [who.id, who.days],
    )
  ).rows;
  const want = (
    await db.query(`select t.id from transactions t where ${visible} ${matches} order by t.created_at desc, t.id desc offset ${offset} limit 50`, [
      who.id,
      who.days,
    ])
  ).rows.map((r) => r.id);
  // The summary too: the search's is added up from kept days (search-summary.ts), and must be the rows' own sum.
  return (b) =>
    same("the total", (b as { total?: number }).total, summary.count) ??
    same("the summary", (b as { summary?: unknown }).summary, summary) ??
    same("the page's ids", ids(b, "transactions"), want);
}

/**
 * A read as it is answered right after a change, with nothing kept: the answer kept from the last
 * asking no longer holds (answer-cache/keeper.ts), so each request computes it afresh. A change as
 * the kept answers count it is made before each request; for the search, its kept days are
 * deleted too (search-summary.ts then sums every day of the window again), which is what a person
 * searching for new words waits for. The reads timed above are asked again with nothing changed.
 */
async function afterAChange(label: string, server: Server, db: pg.Client, key: ReadKey, name: string, path: string, cookie: string) {
  const latencies: number[] = [];
  let errors = 0;
  for (let i = 0; i < 40; i++) {
    await db.query("insert into answer_changes default values");
    if (key === "search") await db.query("delete from transaction_search_summaries");
    const t0 = performance.now();
    const res = await fetch(server.url + path, { headers: { cookie, ...BROWSER_ENCODINGS } });
    await res.arrayBuffer();
    if (!res.ok) errors++;
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  record({
    figure: `${name}${key === "search" ? ", asked for the first time (no day kept)" : ""}, right after a change (nothing kept): p50 / p95, 1 client`,
    database: label,
    value: `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))}`,
    target: "p95 < 50 ms",
    ok: errors === 0 && percentile(latencies, 95) < 50,
  });
}

async function benchReads(label: string, server: Server, db: pg.Client | null) {
  // The people who read these screens, with their visibility window (DECISIONS §4), not a SuperAdmin.
  const approver = await signIn(server.url, BENCH_USER.Approver);
  const accountant = await signIn(server.url, BENCH_USER.Accountant);
  const reads: [ReadKey, string, string, string, Check][] = [
    ["pending", "pending list (Approver)", "/api/transactions/pending", approver, nonEmptyArray],
    ["list", "transaction list page 2 (Approver)", "/api/transactions?page=2&limit=50", approver, listPage],
    ["search", "transaction search 'mumbai' (Approver)", "/api/transactions?search=mumbai&limit=50", approver, listPage],
    ["stats", "dashboard stats (Accountant)", "/api/dashboard/stats", accountant, stats],
  ];
  const rpsOf: Partial<Record<ReadKey, { p95Ms: number } & ReturnType<typeof judgeShare>>> = {};
  for (const [key, name, p, cookie, shape] of reads.filter((r) => READS.includes(r[0]))) {
    // A read that fails is reported and the others are still timed.
    await attempt(label, `${name}: timed`, async () => {
      const exact = db ? await expectedAnswer(db, key) : null;
      const first = await fetch(server.url + p, { headers: { cookie, ...BROWSER_ENCODINGS } });
      const body = first.ok ? await first.json() : null;
      const problem = first.ok ? (shape(body) ?? exact?.(body) ?? null) : `answered ${first.status}`;
      const target = exact ? "the rows SQL finds, in order" : "rows of the right shape";
      if (problem) {
        record({ figure: `${name}: the answer`, database: label, value: problem, target, ok: false });
        return;
      }
      record({
        figure: `${name}: the answer`,
        database: label,
        value: `${JSON.stringify(body).length.toLocaleString("en-IN")} bytes (${Number(first.headers.get("content-length")).toLocaleString("en-IN")} sent, ${first.headers.get("content-encoding") ?? "uncompressed"}), as expected`,
        target,
        ok: true,
      });
      // Warm up caches and plans first.
      await sample(server.url + p, cookie, 1, 1);
      const single = await sample(server.url + p, cookie, 1, SECONDS);
      // DECISIONS §9 sets the 50 ms for PostgreSQL; the embedded database's figures are reported.
      const targeted = label === "postgres";
      record({
        figure: `${name}: p50 / p95 / p99, 1 client`,
        database: label,
        value: `${ms(single.p50)} / ${ms(single.p95)} / ${ms(single.p99)}`,
        target: targeted ? "p95 < 50 ms" : "(reported)",
        ok: single.errors === 0 ? (targeted ? single.p95 < 50 : null) : false,
      });
      const loaded = await sample(server.url + p, cookie, 10, SECONDS);
      record({
        figure: `${name}: p50 / p95 / p99, 10 clients`,
        database: label,
        value: `${ms(loaded.p50)} / ${ms(loaded.p95)} / ${ms(loaded.p99)}`,
        target: "(load)",
        ok: loaded.errors === 0 ? null : false,
      });
      rpsOf[key] = { p95Ms: single.p95, ...(await alongsideBare(server.url, server.url + p, cookie)) };
    });
  }
  if (db) {
    for (const [key, name, p, cookie] of reads.filter((r) => READS.includes(r[0]))) {
      await attempt(label, `${name}: right after a change`, () => afterAChange(label, server, db, key, name, p, cookie));
    }
  }
  for (const [key, name] of reads.map((r) => [r[0], r[1]] as const)) {
    const got = rpsOf[key];
    if (!got) continue;
    record({
      figure: `${name}: requests/s at 10 connections, share of the bare route (lowest of ${SHARE_ROUNDS} rounds)`,
      database: label,
      value: `${got.rps.toFixed(0)} of ${got.bareRps.toFixed(0)} (${(got.shareOfBare * 100).toFixed(1)} % in the lowest round; rounds ${got.rounds})`,
      target: label === "postgres" ? `≥ ${SHARE_FLOOR * 100} % in every round` : "(reported)",
      ok: label === "postgres" ? got.met : null,
    });
    if (label === "postgres") results.reads[key] = { p95Ms: got.p95Ms, rps: got.rps, bareRps: got.bareRps, shareOfBare: got.shareOfBare };
  }
}

/** Export: stream every transaction while sampling the server's resident memory. */
async function benchExport(label: string, server: Server, cookie: string) {
  resetPeak(server.child.pid!);
  const idle = memoryOf(server.child.pid!).rssMb;
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(server.child.pid!).rssMb)), 20);
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/transactions/export?format=csv`, { headers: { cookie } });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(timer);
  peak = Math.max(peak, memoryOf(server.child.pid!).peakMb);
  const lines = bytes > 0 ? "" : " (empty)";
  if (label === "postgres") results.export = { extraMb: peak - idle };
  record({
    figure: `export CSV of all transactions (${(bytes / 1e6).toFixed(1)} MB, ${((performance.now() - t0) / 1000).toFixed(1)} s)${lines}`,
    database: label,
    value: `+${(peak - idle).toFixed(0)} MB above idle`,
    target: "< 100 MB above idle",
    ok: res.ok && peak - idle < 100,
  });
}

/**
 * Export to TallyPrime (DECISIONS §12): one batch takes every paid transaction of the range, then
 * its XML file is streamed while the server's resident memory is sampled. `from`..`to` is the
 * range the paid transactions were seeded in.
 */
async function benchExportTally(label: string, server: Server, cookie: string, from: string, to: string) {
  const headers = { cookie, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" };
  resetPeak(server.child.pid!);
  const idle = memoryOf(server.child.pid!).rssMb;
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(server.child.pid!).rssMb)), 20);
  try {
    const t0 = performance.now();
    const created = await fetch(`${server.url}/api/accounting/exports`, { method: "POST", headers, body: JSON.stringify({ from, to, format: "tally" }) });
    const batch = (await created.json()) as { id?: string; count?: number; message?: string };
    if (created.status !== 201 || !batch.id) throw new Error(`the export answered ${created.status} ${batch.message ?? ""}`);
    const batchSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const res = await fetch(`${server.url}/api/accounting/exports/${batch.id}/file`, { headers: { cookie } });
    let bytes = 0;
    let tail = "";
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      tail = Buffer.from(chunk).toString("utf8").slice(-40);
    }
    const fileSeconds = (performance.now() - t1) / 1000;
    clearInterval(timer);
    peak = Math.max(peak, memoryOf(server.child.pid!).peakMb);
    const complete = res.ok && tail.trimEnd().endsWith("</ENVELOPE>");
    if (label === "postgres") results.exportTally = { count: batch.count ?? 0, batchSeconds, fileSeconds, extraMb: peak - idle };
    record({
      figure: `export to TallyPrime: a batch of ${(batch.count ?? 0).toLocaleString("en-IN")} paid transactions (${batchSeconds.toFixed(1)} s), its XML streamed (${(bytes / 1e6).toFixed(1)} MB, ${fileSeconds.toFixed(1)} s)${complete ? "" : " (incomplete)"}`,
      database: label,
      value: `+${(peak - idle).toFixed(0)} MB above idle`,
      target: "< 100 MB above idle",
      ok: complete && peak - idle < 100,
    });
  } finally {
    clearInterval(timer);
  }
}

/**
 * Runs one step of the bench. A step that fails (an error, a refused request, a server that stops
 * answering) is reported as a missed figure and the run goes on to its end (DECISIONS §9).
 */
async function attempt<T>(database: string, figure: string, step: () => Promise<T>): Promise<T | null> {
  try {
    return await step();
  } catch (err) {
    const message = err instanceof Error ? `${err.message}${err.cause instanceof Error ? ` (${err.cause.message})` : ""}` : String(err);
    record({ figure, database, value: `failed: ${message.split("\n")[0]!.slice(0, 200)}`, target: "runs to its end", ok: false });
    return null;
  }
}

async function benchImport(label: string, server: Server, admin: string, csv: string, rowsWritten: number) {
  resetPeak(server.child.pid!);
  const before = memoryOf(server.child.pid!).rssMb;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(server.child.pid!).rssMb)), 50);
  const form = new FormData();
  form.append("month", PUNCH_MONTH);
  form.append("csvFile", await fs.openAsBlob(csv, { type: "text/csv" }), "punches.csv");
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/hr/import/upload`, {
    method: "POST",
    headers: { cookie: admin, "X-Requested-With": "XMLHttpRequest" },
    body: form,
  });
  const answer = (await res.json()) as { processedEvents?: number; totalRows?: number; message?: string };
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, memoryOf(server.child.pid!).peakMb);
  if (!res.ok) {
    record({ figure: "import 1M punch rows", database: label, value: `failed: ${res.status} ${answer.message}`, target: "< 60 s", ok: false });
    return null;
  }
  record({
    figure: `import ${rowsWritten.toLocaleString("en-IN")} punch rows (${(fs.statSync(csv).size / 1e6).toFixed(0)} MB)${label === "postgres" ? " as the app role" : ""}: time`,
    database: label,
    value: `${seconds.toFixed(1)} s (${Math.round(rowsWritten / seconds).toLocaleString("en-IN")} rows/s)`,
    target: "< 60 s",
    ok: seconds < 60,
  });
  record({
    figure: "import: peak server memory (resident)",
    database: label,
    value: `${peak.toFixed(0)} MB (idle before: ${before.toFixed(0)} MB)`,
    target: "< 500 MB",
    ok: peak < 500,
  });
  record({ figure: "import: events stored / data rows", database: label, value: `${answer.processedEvents} / ${answer.totalRows}`, target: "", ok: null });
  if (label === "postgres") results.import = { rows: rowsWritten, seconds, copySeconds: null, vsCopy: null, peakMb: peak };
  return seconds;
}

/**
 * DECISIONS §10: a queued import holds no database connection, so signing in stays quick while
 * imports wait their turn. Four imports are started at once (one runs, three queue); sign-ins are
 * timed one after another until all four have answered.
 */
async function benchSignInWhileImportsQueue(label: string, server: Server, admin: string, csv: string) {
  const upload = async () => {
    const form = new FormData();
    form.append("month", PUNCH_MONTH);
    form.append("csvFile", await fs.openAsBlob(csv, { type: "text/csv" }), "punches.csv");
    const res = await fetch(`${server.url}/api/hr/import/upload`, {
      method: "POST",
      headers: { cookie: admin, "X-Requested-With": "XMLHttpRequest" },
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  };
  let done = 0;
  const imports = Array.from({ length: 4 }, () => upload().finally(() => done++));
  const latencies: number[] = [];
  let failures = 0;
  await new Promise((r) => setTimeout(r, 500)); // the uploads are in
  while (done < 4) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: JSON.stringify({ username: "bench_admin", password: BENCH_PASSWORD }),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (!res.ok) failures++;
    await new Promise((r) => setTimeout(r, 100));
  }
  const statuses = await Promise.all(imports);
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  record({
    figure: `sign-in p95 while 4 imports queue (${latencies.length} sign-ins)`,
    database: label,
    value: `${ms(p95)} (p50 ${ms(percentile(latencies, 50))}; imports ${statuses.join(", ")}; ${failures} failed)`,
    target: "< 200 ms",
    ok: p95 < 200 && failures === 0 && statuses.every((s) => s === 200),
  });
}

/**
 * DECISIONS §9's month-end herd (bench/herd-bench.ts): approvers online with their pending lists
 * open while an accountant submits at 2 a second, the load from a process of its own; the CPU of
 * the server and of PostgreSQL (this database's backends and the cluster's own processes) per
 * submission, and how soon every list held each submission. The app of now at each size, then the
 * app before the pending feed, on the same server.
 */
async function benchHerdPart(server: Server, admin: pg.Client, database: string, ownerUrl: string) {
  const runs = await benchHerd({ url: server.url, serverPid: server.child.pid!, admin, database, ownerUrl, ...HERD });
  results.herdRuns = runs;
  const largest = Math.max(...runs.filter((r) => r.mode === "feed").map((r) => r.approvers));
  for (const r of runs) {
    const judged = r.mode === "feed" && r.approvers === largest;
    const cpu = `${r.cpuSecondsPerSubmission.toFixed(3)} CPU s a submission (server ${r.cpu.server.toFixed(1)} + backends ${r.cpu.backends.toFixed(1)} + shared ${r.cpu.shared.toFixed(1)} s in ${r.seconds.toFixed(0)} s)`;
    record({
      figure: `month-end herd, ${r.mode === "feed" ? "the app of now" : "the app before the feed (refetch on every notification)"}: ${r.approvers} approvers online, ${r.submissions} submissions at ${r.perSecond}/s`,
      database: "postgres",
      value: `freshness p95 ${ms(r.freshnessP95Ms)} (p50 ${ms(r.freshnessP50Ms)}; from the request ${ms(r.fromRequestP95Ms)}), ${r.missed} missed, ${r.fetches} list fetches; ${cpu}`,
      target: judged ? "p95 ≤ 500 ms, none missed, ≤ 0.2 CPU s a submission" : "(reported)",
      ok: judged
        ? r.freshnessP95Ms <= 500 && r.missed === 0 && r.failedSubmissions === 0 && r.cpuSecondsPerSubmission <= 0.2
        : r.failedSubmissions === 0
          ? null
          : false,
    });
    if (judged)
      results.herd = {
        approvers: r.approvers,
        submissions: r.submissions,
        freshnessP95Ms: r.freshnessP95Ms,
        missed: r.missed,
        cpuSecondsPerSubmission: Number(r.cpuSecondsPerSubmission.toFixed(4)),
      };
  }
}

/** `psql \copy` of the same rows into a bare table: the floor any import can reach. */
function psqlCopySeconds(url: string, csv: string): number | null {
  const sql = `drop table if exists bench_copy; create table bench_copy (employee_name text, date text, time text, event_type text);`;
  if (spawnSync("psql", [url, "-q", "-c", sql]).status !== 0) return null;
  const t0 = performance.now();
  const r = spawnSync("psql", [url, "-q", "-c", `\\copy bench_copy from '${csv}' with (format csv, header true)`]);
  const seconds = (performance.now() - t0) / 1000;
  spawnSync("psql", [url, "-q", "-c", "drop table bench_copy"]);
  return r.status === 0 ? seconds : null;
}

async function prepare(handle: DatabaseHandle) {
  await runMigrations(handle);
  const t0 = performance.now();
  await seedUsers(handle);
  await seedTransactions(handle, TRANSACTIONS);
  await seedHistory(handle);
  await seedEmployees(handle, 1000);
  await seedEmployeeLogin(handle);
  console.log(`  seeded ${TRANSACTIONS.toLocaleString("en-IN")} transactions and 1,000 employees in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function postgresAvailable(url: string): Promise<boolean> {
  if (url === "none") return false;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const BENCH_OWNER = "bms_bench_owner";
const BENCH_APP = "bms_bench_app";
const BENCH_USER: Record<Role, string> = {
  SuperAdmin: "bench_admin",
  Accountant: "bench_acc_1",
  Approver: "bench_appr_1",
  "HR Admin": "bench_hradmin",
  "HR Staff": "bench_hrstaff",
  Employee: "bench_employee",
};

/** Every route opened cold in Chromium by a role that may open it (bench/route-weights.ts). */
async function benchRouteWeights(server: Server) {
  const cookies = new Map<Role, string>();
  const weights = await routeWeights(server.url, async (role) => {
    if (!cookies.has(role)) cookies.set(role, await signIn(server.url, BENCH_USER[role]));
    return cookies.get(role)!;
  });
  for (const w of weights) {
    results.routes[w.path] = { kbGzip: Number(w.kbGzip.toFixed(1)) };
    const login = w.route === "login";
    const limit = login ? 110 : 150;
    record({
      figure: `client: ${w.path} as ${w.role}, cold in Chromium (${w.scripts} scripts, ${w.kbWire.toFixed(1)} KB over the wire)`,
      database: "client",
      value: `${w.kbGzip.toFixed(1)} KB gzip`,
      target: `≤ ${limit} KB`,
      ok: w.kbGzip <= limit,
    });
  }
  return weights;
}

async function main() {
  console.log(`Bench on ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  // The production build users get (what npm start serves): the compiled server and the client.
  const build = spawnSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) throw new Error("the build failed");

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bms-bench-"));
  const csv = path.join(work, "punches.csv");
  const rowsWritten = writePunchCsv(csv, PUNCH_MONTH, 1000, PUNCH_ROWS);
  console.log(`  wrote ${rowsWritten.toLocaleString("en-IN")} punch rows for ${PUNCH_MONTH} (${(fs.statSync(csv).size / 1e6).toFixed(1)} MB)`);

  // Four of these queue at once while sign-ins are timed: big enough that each runs for seconds.
  const queueCsv = path.join(work, "punches-queue.csv");
  writePunchCsv(queueCsv, PUNCH_MONTH, 1000, Math.min(PUNCH_ROWS, 250_000));

  let copySeconds: number | null = null;
  if (DATABASES.includes("postgres") && (await postgresAvailable(PG_URL))) {
    let keep = process.env.BENCH_KEEP_DATABASE;
    if (keep && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error(`BENCH_KEEP_DATABASE: not a plain database name: ${keep}`);
    const name = keep ?? `bms_bench_${crypto.randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const reuse = keep !== undefined && (await admin.query("select 1 from pg_database where datname = $1", [keep])).rowCount === 1;
    // As production runs (docs/operations.md, DECISIONS §10): an owner role migrates and owns the
    // tables, and the server connects as an app role that is neither superuser nor owner, so the
    // import takes the path production has (its foreign keys checked row by row).
    for (const role of [BENCH_OWNER, BENCH_APP]) {
      await admin.query(`create role ${role} login nosuperuser nocreatedb nocreaterole inherit`).catch((err: { code?: string }) => {
        if (err.code !== "42710") throw err;
      });
    }
    if (!reuse) await admin.query(`create database ${name} owner ${BENCH_OWNER}`);
    const asRole = (role: string) => {
      const u = new URL(PG_URL);
      u.pathname = `/${name}`;
      u.username = role;
      u.password = "";
      return u.toString();
    };
    try {
      console.log(`PostgreSQL (server as the app role)${reuse ? `, the kept database ${name} as it is (not seeded again)` : ""}:`);
      if (!reuse) {
        const seeded = await attempt("postgres", "seeding", async () => {
          const handle = openSeedingPostgres(asRole(BENCH_OWNER));
          try {
            await prepare(handle);
            for (const statement of appRoleGrants(BENCH_APP, BENCH_OWNER)) await handle.query(statement);
          } finally {
            await handle.close();
          }
          return true;
        });
        // A kept database is reused as it is: one whose seeding failed is not kept.
        if (!seeded) keep = undefined;
      }
      const server = await attempt("postgres", "the server's start", () =>
        startServer({ DATABASE_URL: asRole(BENCH_APP), MIGRATION_DATABASE_URL: asRole(BENCH_OWNER), DATA_DIR: path.join(work, "pg-data") }),
      );
      if (server) {
        try {
          if (PARTS.includes("routes")) await attempt("client", "the routes, cold in Chromium", () => benchRouteWeights(server));
          const cookie = await attempt("postgres", "the SuperAdmin's sign-in", () => signIn(server.url, BENCH_USER.SuperAdmin));
          if (PARTS.includes("reads")) {
            // The bench's own connection (the owner role), to work out what each read must answer.
            const oracle = new pg.Client({ connectionString: asRole(BENCH_OWNER) });
            await attempt("postgres", "the reads", async () => {
              await oracle.connect();
              await benchReads("postgres", server, oracle);
            }).finally(() => oracle.end().catch(() => {}));
          }
          if (PARTS.includes("herd")) await attempt("postgres", "the month-end herd", () => benchHerdPart(server, admin, name, asRole(BENCH_OWNER)));
          if (cookie && PARTS.includes("export")) await attempt("postgres", "the export", () => benchExport("postgres", server, cookie));
          if (cookie && PARTS.includes("export")) {
            // The paid transactions of the export to the books, added after the reads so they time the data they always had.
            const topped = await attempt("postgres", "seeding paid transactions for the export to TallyPrime", async () => {
              const handle = openSeedingPostgres(asRole(BENCH_OWNER));
              try {
                await seedPaidForExport(handle, TRANSACTIONS);
              } finally {
                await handle.close();
              }
              return true;
            });
            if (topped)
              await attempt("postgres", "the export to TallyPrime", () =>
                benchExportTally("postgres", server, cookie, `${EXPORT_YEAR}-01-01`, `${EXPORT_YEAR + 1}-01-01`),
              );
          }
          if (cookie && PARTS.includes("import")) {
            const importSeconds = await attempt("postgres", "the import", () => benchImport("postgres", server, cookie, csv, rowsWritten));
            await attempt("postgres", "sign-in while imports queue", () => benchSignInWhileImportsQueue("postgres", server, cookie, queueCsv));
            copySeconds = psqlCopySeconds(asRole(BENCH_OWNER), csv);
            if (copySeconds && importSeconds) {
              const vsCopy = importSeconds / copySeconds;
              if (results.import) Object.assign(results.import, { copySeconds, vsCopy });
              record({
                figure: "import time / psql \\copy of the same rows",
                database: "postgres",
                value: `${vsCopy.toFixed(1)}× (\\copy ${copySeconds.toFixed(1)} s)`,
                target: "≤ 10×",
                ok: vsCopy <= 10,
              });
            }
          }
        } finally {
          await server.stop();
        }
      }
    } finally {
      if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log(`PostgreSQL at ${PG_URL} is not reachable: skipped.`);
  }

  if (!DATABASES.includes("pglite")) return finish(work);
  console.log("Embedded database (PGlite):");
  const dataDir = path.join(work, "pglite-data");
  // The embedded database has no statement_timeout: its seeding is bound by nothing either.
  await attempt("pglite", "seeding", async () => {
    const handle = await openPglite({ dataDir: path.join(dataDir, "db") });
    try {
      await prepare(handle);
    } finally {
      await handle.close();
    }
  });
  const server = await attempt("pglite", "the server's start", () => startServer({ DATABASE_URL: "", DATA_DIR: dataDir }));
  if (server) {
    try {
      if (!DATABASES.includes("postgres") && PARTS.includes("routes")) await attempt("client", "the routes, cold in Chromium", () => benchRouteWeights(server));
      const admin = await attempt("pglite", "the SuperAdmin's sign-in", () => signIn(server.url, BENCH_USER.SuperAdmin));
      if (PARTS.includes("reads")) await attempt("pglite", "the reads", () => benchReads("pglite", server, null));
      if (admin && PARTS.includes("export")) await attempt("pglite", "the export", () => benchExport("pglite", server, admin));
      // The embedded server holds its database: the batch takes the paid transactions of the seed's 90 days.
      if (admin && PARTS.includes("export"))
        await attempt("pglite", "the export to TallyPrime", () => benchExportTally("pglite", server, admin, "2000-01-01", "2100-12-31"));
      if (admin && PARTS.includes("import")) {
        let pgliteCsv = csv;
        let pgliteRows = rowsWritten;
        if (PGLITE_PUNCH_ROWS !== PUNCH_ROWS) {
          pgliteCsv = path.join(work, "punches-pglite.csv");
          pgliteRows = writePunchCsv(pgliteCsv, PUNCH_MONTH, 1000, PGLITE_PUNCH_ROWS);
        }
        const importSeconds = await attempt("pglite", "the import", () => benchImport("pglite", server, admin, pgliteCsv, pgliteRows));
        if (copySeconds && importSeconds && pgliteRows === rowsWritten)
          record({
            figure: "import time / psql \\copy (PostgreSQL) of the same rows",
            database: "pglite",
            value: `${(importSeconds / copySeconds).toFixed(1)}×`,
            target: "(reported)",
            ok: null,
          });
      }
    } finally {
      await server.stop();
    }
  }
  finish(work);
}

function finish(work: string) {
  fs.rmSync(work, { recursive: true, force: true });
  fs.writeFileSync(path.join(ROOT, "bench-results.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("\nWrote bench-results.json");
  console.log("\n| figure | database | value | target |\n|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.figure} | ${r.database} | ${r.value} | ${r.target}${r.ok === false ? " **missed**" : r.ok ? " ✓" : ""} |`);
  const missed = rows.filter((r) => r.ok === false);
  console.log(missed.length ? `\n${missed.length} figure(s) missed their target.` : "\nEvery figure met its target.");
  process.exitCode = missed.length ? 1 : 0;
}

await main();
