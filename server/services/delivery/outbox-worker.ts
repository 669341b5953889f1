// The outbox worker (DECISIONS §14): sends what the outbox holds after the change that queued it
// has committed, and records the outcome. Every server process runs one; it wakes when a change
// queues something (the bus's 'outbox-queued', from any process) and on a timer (retries, quiet
// hours ending, the daily digest, a wake-up it missed).
//
// Each row is sent once across processes. On PostgreSQL a round takes its rows with
// `FOR UPDATE SKIP LOCKED` in a transaction held while it sends them and records the outcome, so
// another process skips them, and a process that dies mid-send lets go of them with its
// connection: the next round, on any process or after a restart, sends them. The embedded database
// has one process and one connection: a round there reads its rows, sends, then records, so a
// request is never queued behind a slow push service. Either way the request that queued a row
// never waits for it.
import type https from "node:https";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { notificationOutbox, notificationPreferences, pushSubscriptions, users, type OutboxRow } from "../../db/schema";
import { getLockdown } from "../../auth/lockdown-state";
import { getCompany } from "../company";
import { todayOf, type ServiceContext } from "../context";
import { kindRule, type ReachMessage, type SubjectType } from "../reach/kinds";
import { SUBJECTS } from "./subjects";
import { isPast, quietHoursEnd } from "./quiet-hours";
import { pushHostAllowed, sendPush, vapidKeys, type DeliveryOutcome } from "./push";
import { renderEmail, sendEmail, shortCompanyName } from "./mail";
import { DIGEST_TIME, queueDailyDigests } from "./digest";

/** Rows a round takes at once (sent side by side). */
const BATCH = 25;
/** The longest the worker sleeps without looking: a wake-up published while the bus was down is caught by this. */
const LOOK_EVERY_MS = 30_000;
/** Failures are tried again after 30 s, doubling, at most an hour apart, for 24 hours from the first try. */
export const RETRY = { firstMs: 30_000, maxMs: 60 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 } as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY.maxMs, RETRY.firstMs * 2 ** Math.max(0, attempts - 1));
}

export type OutboxWorkerOptions = {
  /** True when this process is the database's only one (the embedded database): no row locks held while sending. */
  exclusive: boolean;
  /** The HTTPS agent push requests go through (tests: one that trusts the test push service's CA). */
  pushAgent?: https.Agent;
};

type Outcome =
  | DeliveryOutcome
  | { result: "skipped"; reason: string }
  /** Quiet hours: tried again when they end, no attempt counted. */
  | { result: "later"; at: Date };

type Recipient = {
  id: string;
  role: (typeof users.$inferSelect)["role"];
  isActive: boolean;
  deletedAt: Date | null;
  visibilityWindowDays: number;
  email: string | null;
  quietFrom: string | null;
  quietTo: string | null;
};

/** One round: sends every row due now, a batch at a time. Answers how many rows it settled. */
export async function sendDueNotifications(ctx: ServiceContext, options: OutboxWorkerOptions): Promise<number> {
  let settled = 0;
  for (;;) {
    const n = options.exclusive ? await sendBatch(ctx, ctx.db, options) : await ctx.db.transaction((tx) => sendBatch(ctx, tx, options));
    settled += n;
    if (n < BATCH) return settled;
  }
}

async function sendBatch(ctx: ServiceContext, q: Queryable, options: OutboxWorkerOptions): Promise<number> {
  const now = ctx.clock();
  const dueNow = and(eq(notificationOutbox.status, "queued"), lte(notificationOutbox.nextAttemptAt, now));
  const base = q.select().from(notificationOutbox).where(dueNow).orderBy(asc(notificationOutbox.nextAttemptAt)).limit(BATCH);
  const due = options.exclusive ? await base : await base.for("update", { skipLocked: true });
  if (due.length === 0) return 0;

  const people = await recipients(q, [...new Set(due.map((r) => r.userId))]);
  const deviceIds = due.map((r) => r.subscriptionId).filter((id): id is string => id !== null);
  const devices = new Map(
    (deviceIds.length ? await q.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, deviceIds)) : []).map((d) => [d.id, d]),
  );
  const lockdown = await getLockdown(q);
  const keys = due.some((r) => r.channel === "push") ? await vapidKeys(q, ctx.config) : null;
  const company = due.some((r) => r.channel === "email") ? shortCompanyName((await getCompany(q)).legalName) : "";

  // First what each row may still do (reads on this connection, one after another), then the sends side by side.
  const plans = [] as { row: OutboxRow; send: (() => Promise<Outcome>) | null; outcome?: Outcome }[];
  for (const row of due) {
    const person = people.get(row.userId);
    const refusal = await whyNotSent(q, row, person, lockdown.enabled, now);
    if (refusal) {
      plans.push({ row, send: null, outcome: { result: "skipped", reason: refusal } });
      continue;
    }
    const message = row.message as ReachMessage;
    if (row.channel === "push") {
      const device = row.subscriptionId ? devices.get(row.subscriptionId) : undefined;
      if (!device || !keys) {
        plans.push({ row, send: null, outcome: { result: "skipped", reason: "The device was removed before it was sent" } });
        continue;
      }
      if (!pushHostAllowed(device.endpoint, ctx.config.pushAllowedHosts)) {
        plans.push({ row, send: null, outcome: { result: "failed", error: "The push service's host is not in PUSH_ALLOWED_HOSTS" } });
        continue;
      }
      const quietUntil = message.urgent
        ? null
        : quietHoursEnd(person!.quietFrom ? { from: person!.quietFrom, to: person!.quietTo! } : null, now, ctx.config.appTimezone);
      if (quietUntil) {
        plans.push({ row, send: null, outcome: { result: "later", at: quietUntil } });
        continue;
      }
      plans.push({ row, send: () => sendPush(device, message, keys, { agent: options.pushAgent }) });
    } else {
      const mail = ctx.config.mail;
      const to = person!.email;
      if (!mail || !to) {
        plans.push({ row, send: null, outcome: { result: "skipped", reason: mail ? "They have no email address now" : "Email is off (no SMTP_URL)" } });
        continue;
      }
      plans.push({ row, send: () => sendEmail(mail, to, renderEmail(message, { company, publicUrl: ctx.config.publicUrl })) });
    }
  }
  await Promise.all(plans.map(async (p) => (p.outcome ??= await p.send!())));

  const at = ctx.clock();
  for (const { row, outcome } of plans) await record(q, row, outcome!, at, people.get(row.userId));
  return due.length;
}

async function recipients(q: Queryable, ids: string[]): Promise<Map<string, Recipient>> {
  const list = await q
    .select({
      id: users.id,
      role: users.role,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
      visibilityWindowDays: users.visibilityWindowDays,
      email: users.email,
      quietFrom: notificationPreferences.quietFrom,
      quietTo: notificationPreferences.quietTo,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(list.map((r) => [r.id, r]));
}

/** Why a row is not to be sent now (DECISIONS §14: their account, the lockdown, what they may see), or null. */
async function whyNotSent(q: Queryable, row: OutboxRow, person: Recipient | undefined, lockdown: boolean, now: Date): Promise<string | null> {
  if (!person || !person.isActive || person.deletedAt) return "Their account is disabled";
  if (lockdown && person.role !== "SuperAdmin") return "Emergency lockdown: only SuperAdmins are told";
  const rule = kindRule(row.kind);
  if (!rule || !row.subjectType || !row.subjectId) return null;
  const subject = SUBJECTS[row.subjectType as SubjectType];
  if (!subject) return null;
  return subject.whyNot(q, person, row.subjectId, now, { onlyWhilePending: rule.onlyWhile === "pending" });
}

async function record(q: Queryable, row: OutboxRow, outcome: Outcome, at: Date, person: Recipient | undefined): Promise<void> {
  const set = (values: Partial<typeof notificationOutbox.$inferInsert>) => q.update(notificationOutbox).set(values).where(eq(notificationOutbox.id, row.id));
  const attempts = row.attempts + 1;
  const firstAttemptAt = row.firstAttemptAt ?? at;
  switch (outcome.result) {
    case "sent":
      await set({
        status: "sent",
        attempts,
        firstAttemptAt,
        sentAt: at,
        lastError: null,
        ...(row.channel === "email" ? { sentTo: person?.email ?? row.sentTo } : {}),
      });
      if (row.subscriptionId) await q.update(pushSubscriptions).set({ lastSentAt: at }).where(eq(pushSubscriptions.id, row.subscriptionId));
      return;
    case "later":
      await set({ nextAttemptAt: outcome.at, lastError: "Waiting for the end of their quiet hours" });
      return;
    case "skipped":
      await set({ status: "skipped", lastError: outcome.reason });
      return;
    case "failed":
      await set({ status: "failed", attempts, firstAttemptAt, lastError: outcome.error });
      return;
    case "gone":
      await set({ status: "failed", attempts, firstAttemptAt, lastError: outcome.error });
      if (row.subscriptionId) await q.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
      return;
    case "retry": {
      const next = new Date(at.getTime() + retryDelayMs(attempts));
      if (next.getTime() - firstAttemptAt.getTime() > RETRY.giveUpAfterMs) {
        await set({ status: "failed", attempts, firstAttemptAt, lastError: `Gave up after 24 hours. ${outcome.error}` });
      } else {
        await set({ attempts, firstAttemptAt, nextAttemptAt: next, lastError: outcome.error });
      }
      return;
    }
  }
}

/** When the next queued row falls due, or null when none is queued. */
async function nextDue(q: Queryable): Promise<Date | null> {
  const [row] = await q
    .select({ at: sql<Date | string | null>`min(${notificationOutbox.nextAttemptAt})` })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.status, "queued"));
  return row?.at ? new Date(row.at) : null;
}

export type OutboxWorker = {
  /** Looks now (and again if a wake-up came while it was looking). */
  wake(): void;
  /** Resolves when no round is running or asked for. */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

/** Starts the worker of this process: it looks at once, on every 'outbox-queued', and on its timer. */
export function startOutboxWorker(ctx: ServiceContext, options: OutboxWorkerOptions): OutboxWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  /** The day this process last queued the digests for (each person's is queued once a day whoever does it). */
  let digestsQueuedFor: string | null = null;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, Math.max(50, Math.min(ms, LOOK_EVERY_MS)));
    timer.unref();
  };

  async function round(): Promise<void> {
    do {
      again = false;
      try {
        const today = todayOf(ctx);
        if (digestsQueuedFor !== today && ctx.config.mail && isPast(DIGEST_TIME, ctx.clock(), ctx.config.appTimezone)) {
          await queueDailyDigests(ctx, today);
          digestsQueuedFor = today;
        }
        await sendDueNotifications(ctx, options);
        const next = await nextDue(ctx.db);
        schedule(next ? next.getTime() - ctx.clock().getTime() : LOOK_EVERY_MS);
      } catch (err) {
        ctx.logger.warn({ err }, "the outbox worker's round failed; it tries again shortly");
        schedule(LOOK_EVERY_MS);
      }
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round().finally(() => (running = null));
  }

  const unsubscribe = ctx.bus.subscribe((event) => {
    if (event.type === "outbox-queued") wake();
  });
  const unreconnect = ctx.bus.onReconnect(wake);
  wake();
  return {
    wake,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      unsubscribe();
      unreconnect();
      if (timer) clearTimeout(timer);
      while (running) await running;
    },
  };
}
