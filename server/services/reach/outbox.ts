// The outbox (DECISIONS §14): every push and email is a row written in the same database
// transaction as the change that causes it, so a rolled-back change sends nothing and a process
// that dies sends it after its restart. The worker (outbox-worker.ts) sends the rows after commit.
// No kept answer reads the outbox, so queueing adds no change to what kept answers stand on.
import { and, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { notificationOutbox, notificationPreferences, notifications, pushSubscriptions, users, type NotificationRow } from "../../db/schema";
import { rows, textArray } from "../../db/sql";
import type { NotificationType } from "../../../shared/ws-events";
import type { OutboxEntry } from "../../../shared/schemas/reach";
import type { ServiceContext } from "../context";
import { REACH_KINDS, type Reach } from "./kinds";

export type { Reach } from "./kinds";

/** A notification of the bell (services/notifications.ts). */
export type BellNotification = {
  type: NotificationType;
  message: string;
  isPriority: boolean;
  transactionId: string | null;
  humanReadableId: string | null;
  category: string | null;
};

type StoredNotification = {
  id: string;
  user_id: string;
  type: string;
  message: string;
  is_priority: boolean;
  transaction_id: string | null;
  human_readable_id: string | null;
  category: string | null;
  is_read: boolean;
  created_at: Date | string;
};

/**
 * One statement: the bell's rows for these users, and beside them a push for each of their devices
 * and an email for each with an address, as their preferences for the kind's group say (no row
 * of preferences: the defaults, push on, email pending as a digest, decisions on). An urgent
 * message (an emergency) is mailed at once even to those who take pending approvals as a digest.
 */
export async function storeNotificationsAndQueue(
  q: Queryable,
  userIds: readonly string[],
  payload: BellNotification,
  reach: Reach,
): Promise<NotificationRow[]> {
  const { kind, message, subject } = reach;
  const { group, email } = REACH_KINDS[kind];
  const pushWanted = group === "pending" ? sql`who.push_pending` : sql`who.push_decisions`;
  const emailWanted =
    !reach.email || !email
      ? sql`false`
      : group === "pending"
        ? sql`(who.email_pending = 'instant' or (who.email_pending = 'digest' and ${message.urgent}))`
        : sql`who.email_decisions`;
  const json = JSON.stringify(message);
  const at = reach.queuedAt.toISOString();
  const stored = await rows<StoredNotification>(
    q,
    sql`with n as (
          insert into ${notifications} (user_id, type, message, is_priority, transaction_id, human_readable_id, category)
          select u::uuid, ${payload.type}, ${payload.message}, ${payload.isPriority}, ${payload.transactionId}::uuid, ${payload.humanReadableId}, ${payload.category}
          from unnest(${textArray(userIds)}) as u
          returning id, user_id, type, message, is_priority, transaction_id, human_readable_id, category, is_read, created_at
        ), who as (
          select n.user_id, u.email,
                 coalesce(p.push_pending, true) as push_pending, coalesce(p.push_decisions, true) as push_decisions,
                 coalesce(p.email_pending, 'digest') as email_pending, coalesce(p.email_decisions, true) as email_decisions
          from n join ${users} u on u.id = n.user_id left join ${notificationPreferences} p on p.user_id = n.user_id
        ), queued as (
          insert into ${notificationOutbox} (channel, kind, user_id, subscription_id, subject_type, subject_id, message, sent_to, next_attempt_at, created_at)
          select 'push', ${kind}, s.user_id, s.id, ${subject?.type ?? null}, ${subject?.id ?? null}::uuid, ${json}::jsonb, s.label, ${at}::timestamptz, ${at}::timestamptz
          from who join ${pushSubscriptions} s on s.user_id = who.user_id
          where ${pushWanted}
          union all
          select 'email', ${kind}, who.user_id, null, ${subject?.type ?? null}, ${subject?.id ?? null}::uuid, ${json}::jsonb, who.email, ${at}::timestamptz, ${at}::timestamptz
          from who where who.email is not null and ${emailWanted}
          returning 1
        )
        select n.*, (select count(*) from queued) as queued from n`,
  );
  return stored.map((r) => ({
    id: r.id,
    userId: r.user_id,
    type: r.type,
    message: r.message,
    isPriority: r.is_priority,
    transactionId: r.transaction_id,
    humanReadableId: r.human_readable_id,
    category: r.category,
    isRead: r.is_read,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  }));
}

/** Queues one message outside the bell (a test, a digest); answers the row's id. */
export async function queueOne(
  q: Queryable,
  row: {
    channel: "push" | "email";
    kind: "test" | "digest";
    userId: string;
    subscriptionId?: string | null;
    sentTo: string | null;
    message: Reach["message"];
    digestDay?: string | null;
    at: Date;
  },
): Promise<string | null> {
  const [inserted] = await q
    .insert(notificationOutbox)
    .values({
      channel: row.channel,
      kind: row.kind,
      userId: row.userId,
      subscriptionId: row.subscriptionId ?? null,
      sentTo: row.sentTo,
      message: row.message,
      digestDay: row.digestDay ?? null,
      nextAttemptAt: row.at,
      createdAt: row.at,
    })
    .onConflictDoNothing()
    .returning({ id: notificationOutbox.id });
  return inserted?.id ?? null;
}

/** How long the outbox page looks back, and how long rows are kept before prune.ts removes them. */
export const OUTBOX_SHOWN_DAYS = 7;
export const OUTBOX_KEPT_DAYS = 30;

/** Settled rows (sent, failed, skipped) older than OUTBOX_KEPT_DAYS go (services/prune.ts). Answers how many. */
export async function pruneOutbox(q: Queryable, now: Date): Promise<number> {
  const before = new Date(now.getTime() - OUTBOX_KEPT_DAYS * 86_400_000);
  const removed = await q
    .delete(notificationOutbox)
    .where(and(lt(notificationOutbox.createdAt, before), ne(notificationOutbox.status, "queued")))
    .returning({ id: notificationOutbox.id });
  return removed.length;
}

/** GET /api/admin/notifications: the last 7 days of the outbox, newest first, with who it was for. */
export async function recentOutbox(
  ctx: Pick<ServiceContext, "db" | "clock">,
  filter: { status?: OutboxEntry["status"]; channel?: OutboxEntry["channel"]; limit: number },
): Promise<{ entries: OutboxEntry[]; counts: Record<OutboxEntry["status"], number> }> {
  const since = new Date(ctx.clock().getTime() - OUTBOX_SHOWN_DAYS * 86_400_000);
  const window = gte(notificationOutbox.createdAt, since);
  const where = and(
    window,
    filter.status ? eq(notificationOutbox.status, filter.status) : undefined,
    filter.channel ? eq(notificationOutbox.channel, filter.channel) : undefined,
  );
  const list = await ctx.db
    .select({ row: notificationOutbox, userName: users.name })
    .from(notificationOutbox)
    .innerJoin(users, eq(users.id, notificationOutbox.userId))
    .where(where)
    .orderBy(desc(notificationOutbox.createdAt), desc(notificationOutbox.id))
    .limit(filter.limit);
  const counted = await ctx.db
    .select({ status: notificationOutbox.status, n: sql<number>`count(*)::int` })
    .from(notificationOutbox)
    .where(and(window, filter.channel ? eq(notificationOutbox.channel, filter.channel) : undefined))
    .groupBy(notificationOutbox.status);
  const counts = { queued: 0, sent: 0, failed: 0, skipped: 0 };
  for (const c of counted) counts[c.status as OutboxEntry["status"]] = Number(c.n);
  return {
    counts,
    entries: list.map(({ row, userName }) => {
      const message = row.message as Reach["message"];
      return {
        id: row.id,
        channel: row.channel as OutboxEntry["channel"],
        kind: row.kind,
        status: row.status as OutboxEntry["status"],
        recipient: { id: row.userId, name: userName },
        sentTo: row.sentTo,
        title: message.title,
        body: message.body,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        nextAttemptAt: row.status === "queued" ? row.nextAttemptAt.toISOString() : null,
      };
    }),
  };
}
