// The month-end herd's load (DECISIONS §9), in a process of its own beside the server under test:
// approvers' apps with their pending list open (each a socket and a first page, kept exactly as the
// app keeps it: server/test/pending-app.ts over the client's own functions), and one accountant
// submitting at a steady rate. Run by bench/run.ts, which measures the CPU the server and the
// database spend meanwhile; this process says when the submissions start and end, and how fresh
// every list was: from each submission's answer until every app's list held it.
//
// Input: a JSON file named by argv[2] (HerdPlan). Output on stdout, one JSON object a line:
//   {"event": "start"}  right before the first submission;
//   {"event": "end", ...HerdOutcome}  once every list holds every submission, or the wait ran out.
import fs from "node:fs";
import { PendingApp } from "../server/test/pending-app";

export type HerdPlan = {
  url: string;
  /** Session cookies of the approvers whose apps are open, and of the submitter. */
  approverCookies: { userId: string; role: string; cookie: string }[];
  submitterCookie: string;
  /** Drafts of the submitter, submitted in this order. */
  drafts: string[];
  perSecond: number;
  /** "feed": the app of now; "refetch": the app before the feed (every notification fetched the list again). */
  mode: "feed" | "refetch";
  /** How long to wait after the last submission for the lists to hold it. */
  settleMs: number;
};

export type HerdOutcome = {
  approvers: number;
  submissions: number;
  /** From each submission's answer until every app's list held it: p50 and p95 over the submissions (ms); 0 when every list held it before the answer came. */
  freshnessP50Ms: number;
  freshnessP95Ms: number;
  /** The same from the moment the submission was sent. */
  fromRequestP95Ms: number;
  /** (approver, submission) pairs never seen within the wait. */
  missed: number;
  /** Fetches of the pending list by the apps during the window (their first fetch excluded). */
  fetches: number;
  failedSubmissions: number;
};

const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function main(): Promise<void> {
  const plan = JSON.parse(fs.readFileSync(process.argv[2]!, "utf8")) as HerdPlan;
  const tracked = new Set(plan.drafts);
  /** For each app, when its list first held each submission (performance.now()). */
  const seenAt = plan.approverCookies.map(() => new Map<string, number>());
  const apps = plan.approverCookies.map(
    (a, i) =>
      new PendingApp({
        baseUrl: plan.url,
        cookie: a.cookie,
        userId: a.userId,
        role: a.role,
        refetchOnNotification: plan.mode === "refetch",
        onPage(page, at) {
          const seen = seenAt[i]!;
          for (const row of page.items) if (tracked.has(row.id) && !seen.has(row.id)) seen.set(row.id, at);
        },
      }),
  );
  // Opened a few at a time, as people arrive, so the start does not stampede the server.
  for (let i = 0; i < apps.length; i += 10) await Promise.all(apps.slice(i, i + 10).map((a) => a.start()));
  if (plan.mode === "feed") {
    const deadline = Date.now() + 30_000;
    while (apps.some((a) => !a.following) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }
  await Promise.all(apps.map((a) => a.idle()));
  const fetchesBefore = apps.reduce((n, a) => n + a.fetches, 0);

  say({ event: "start" });
  const answeredAt = new Map<string, number>();
  const sentAt = new Map<string, number>();
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    plan.drafts.map(async (id, k) => {
      const wait = t0 + (k * 1000) / plan.perSecond - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sentAt.set(id, performance.now());
      const res = await fetch(`${plan.url}/api/transactions/${id}/submit`, {
        method: "POST",
        headers: { cookie: plan.submitterCookie, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: "{}",
      });
      await res.arrayBuffer();
      if (res.ok) answeredAt.set(id, performance.now());
      else failed++;
    }),
  );
  const everyoneHoldsAll = () => seenAt.every((seen) => [...answeredAt.keys()].every((id) => seen.has(id)));
  const deadline = performance.now() + plan.settleMs;
  while (!everyoneHoldsAll() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await Promise.all(apps.map((a) => a.idle()));

  const freshnessFrom = (start: Map<string, number>) =>
    [...answeredAt.keys()].map((id) => Math.max(0, ...seenAt.map((seen) => (seen.get(id) ?? Infinity) - start.get(id)!))).sort((a, b) => a - b);
  const freshness = freshnessFrom(answeredAt);
  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const pct = (p: number) => percentile(freshness, p);
  const missed = seenAt.reduce((n, seen) => n + [...answeredAt.keys()].filter((id) => !seen.has(id)).length, 0);
  const outcome: HerdOutcome = {
    approvers: apps.length,
    submissions: answeredAt.size,
    freshnessP50Ms: pct(50),
    freshnessP95Ms: pct(95),
    fromRequestP95Ms: percentile(freshnessFrom(sentAt), 95),
    missed,
    fetches: apps.reduce((n, a) => n + a.fetches, 0) - fetchesBefore,
    failedSubmissions: failed,
  };
  say({ event: "end", ...outcome });
  for (const a of apps) a.close();
  // Give the close frames a moment, then go: the sockets' server may outlive this process.
  setTimeout(() => process.exit(0), 200);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
