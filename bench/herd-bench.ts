// The month-end herd of DECISIONS §9, as bench/run.ts runs it on PostgreSQL: approvers' apps open on
// their pending lists and an accountant submitting at a steady rate, all in a load process of its
// own (bench/herd.ts), while this process reads from /proc the CPU that the server and PostgreSQL
// spend between the first submission and the moment every list holds the last one.
//
// Runs, one after the other on the same server: the app of now (following the pending feed) with
// BENCH_HERD_SIZES approvers online (default 50, 100, 200: the cost per submission should grow far
// slower than the approvers), and the app before the feed (every notification fetched the list
// again) with BENCH_HERD_BEFORE_SIZES approvers at the same rate, side by side; then the app before
// once more with BENCH_HERD_PACED_SIZES approvers, a submission every 4 s, which it can keep up with,
// so its cost per submission is not hidden by fetches cancelled in a backlog. Each run's
// submissions are deleted after it, so every run starts from the same queue.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { spawn } from "node:child_process";
import pg from "pg";
import { hashPassword } from "../server/auth/passwords";
import { ROOT } from "../server/test/processes";
import { BENCH_PASSWORD } from "./seed";
import { cpuMeter, type CpuGroups } from "./process-cpu";
import type { HerdOutcome, HerdPlan } from "./herd";

export type HerdRun = HerdOutcome & {
  mode: HerdPlan["mode"];
  perSecond: number;
  seconds: number;
  cpu: CpuGroups;
  cpuSeconds: number;
  cpuSecondsPerSubmission: number;
};

export type HerdOptions = {
  url: string;
  serverPid: number;
  /** A superuser's connection: pg_stat_activity of every backend. */
  admin: pg.Client;
  /** The bench database, and a URL of it for the bench's own writes (users, clean-up). */
  database: string;
  ownerUrl: string;
  sizes: number[];
  beforeSizes: number[];
  seconds: number;
  beforeSubmissions: number;
  perSecond: number;
  /** The app before the feed again, one submission at a time (`pacedPerSecond`): what each submission costs when it has the server to itself. */
  pacedSizes: number[];
  pacedSubmissions: number;
  pacedPerSecond: number;
};

const HERD_USER = (i: number) => `bench_herd_${i}`;
const SUBMITTER = "bench_acc_1";

async function signIn(url: string, username: string): Promise<{ cookie: string; userId: string; role: string }> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`herd sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string; role: string } };
  return { cookie: res.headers.get("set-cookie")!.split(";")[0]!, userId: user.id, role: user.role };
}

/** Approvers enough for the largest run, with the bench's password and the default window. */
async function ensureApprovers(owner: pg.Client, count: number): Promise<void> {
  const hash = await hashPassword(BENCH_PASSWORD);
  await owner.query(
    `insert into users (username, username_key, name, role, password_hash)
     select 'bench_herd_' || g, 'bench_herd_' || g, 'Herd Approver ' || g, 'Approver', $1 from generate_series(1, $2::int) g
     on conflict do nothing`,
    [hash, count],
  );
}

/** `count` drafts of the submitter, in a category no approval rule holds back, amounts apart so none is another's possible duplicate. */
async function makeDrafts(url: string, cookie: string, count: number, run: number): Promise<string[]> {
  const categories = (await (await fetch(`${url}/api/categories`, { headers: { cookie } })).json()) as
    { id: string; name: string }[] | { categories: { id: string; name: string }[] };
  const list = Array.isArray(categories) ? categories : categories.categories;
  const category = list.find((c) => c.name === "Office Expenses") ?? list[0]!;
  const today = new Date().toISOString().slice(0, 10);
  const ids: string[] = [];
  for (let k = 0; k < count; k++) {
    const res = await fetch(`${url}/api/transactions`, {
      method: "POST",
      headers: { cookie, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: JSON.stringify({
        formType: "B",
        categoryId: category.id,
        amount: `${1000 + run * 1000 + k}.25`,
        transactionDate: today,
        description: `Month-end herd ${run}.${k}`,
      }),
    });
    if (!res.ok) throw new Error(`herd draft: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

/** One run: the load process started on a plan, the CPU read between its start and end. */
async function runOnce(options: HerdOptions, plan: HerdPlan): Promise<HerdRun> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bms-herd-")), "plan.json");
  fs.writeFileSync(file, JSON.stringify(plan));
  const child = spawn(process.execPath, ["--import", "tsx", "bench/herd.ts", file], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const meter = cpuMeter(options.admin, options.serverPid, options.database);
  let started = 0;
  let outcome: (HerdOutcome & { cpu: CpuGroups; seconds: number }) | null = null;
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  for await (const line of readline.createInterface({ input: child.stdout! })) {
    const message = JSON.parse(line) as { event: "start" } | ({ event: "end" } & HerdOutcome);
    if (message.event === "start") {
      await meter.start();
      started = performance.now();
    } else {
      const cpu = await meter.stop();
      const { event: _, ...rest } = message;
      outcome = { ...rest, cpu, seconds: (performance.now() - started) / 1000 };
    }
  }
  const code = await exited;
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  if (!outcome) throw new Error(`the herd's load process ended without its figures (exit ${code})`);
  const cpuSeconds = outcome.cpu.server + outcome.cpu.backends + outcome.cpu.shared;
  return {
    ...outcome,
    mode: plan.mode,
    perSecond: plan.perSecond,
    cpuSeconds,
    cpuSecondsPerSubmission: outcome.submissions ? cpuSeconds / outcome.submissions : Infinity,
  };
}

export async function benchHerd(options: HerdOptions): Promise<HerdRun[]> {
  const owner = new pg.Client({ connectionString: options.ownerUrl });
  await owner.connect();
  try {
    const largest = Math.max(...options.sizes, ...options.beforeSizes);
    await ensureApprovers(owner, largest);
    const approvers: Awaited<ReturnType<typeof signIn>>[] = [];
    for (let i = 1; i <= largest; i += 4)
      approvers.push(...(await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n <= largest).map((n) => signIn(options.url, HERD_USER(n))))));
    const submitter = await signIn(options.url, SUBMITTER);
    const runs: HerdRun[] = [];
    type Planned = [mode: HerdPlan["mode"], approvers: number, submissions: number, perSecond: number];
    const plans: Planned[] = [
      ...options.sizes.map((n): Planned => ["feed", n, Math.round(options.seconds * options.perSecond), options.perSecond]),
      ...options.beforeSizes.map((n): Planned => ["refetch", n, options.beforeSubmissions, options.perSecond]),
      ...options.pacedSizes.map((n): Planned => ["refetch", n, options.pacedSubmissions, options.pacedPerSecond]),
    ];
    for (const [index, [mode, size, submissions, perSecond]] of plans.entries()) {
      const drafts = await makeDrafts(options.url, submitter.cookie, submissions, index + 1);
      try {
        runs.push(
          await runOnce(options, {
            url: options.url,
            approverCookies: approvers.slice(0, size),
            submitterCookie: submitter.cookie,
            drafts,
            perSecond,
            mode,
            settleMs: mode === "feed" ? 30_000 : 180_000,
          }),
        );
      } finally {
        // Back to the queue every run starts from.
        await owner.query("delete from transactions where id = any($1::uuid[])", [drafts]);
      }
    }
    return runs;
  } finally {
    await owner.end();
  }
}
