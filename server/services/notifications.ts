// Notifications of transaction moves (DECISIONS §4, §6). Rows are written in the mutation's own
// database transaction (so a rolled-back move notifies nobody); the socket push happens only after
// commit, through the event bus, so every server process delivers them. Given a `reach`
// (DECISIONS §14), the same statement queues the pushes and emails in the outbox
// (services/reach/outbox.ts), which the worker sends after commit.
import { inArray } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { notifications, transactions, users, type NotificationRow } from "../db/schema";
import { storeNotificationsAndQueue, type Reach } from "./reach/outbox";
import type { NotificationType } from "../../shared/ws-events";
import type { ServiceContext } from "./context";
import { seesTransaction } from "./policies";
import { microsOf } from "../db/sql";

export type NotificationPayload = {
  type: NotificationType;
  message: string;
  isPriority: boolean;
  transactionId: string | null;
  humanReadableId: string | null;
  category: string | null;
};

/**
 * Stores one notification per user (duplicates in `userIds` are ignored) and answers the rows; with
 * a `reach`, queues their pushes and emails in the same statement.
 */
export async function notifyUsers(q: Queryable, userIds: readonly string[], payload: NotificationPayload, reach?: Reach): Promise<NotificationRow[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  if (reach) return storeNotificationsAndQueue(q, unique, payload, reach);
  return q
    .insert(notifications)
    .values(
      unique.map((userId) => ({
        userId,
        type: payload.type,
        message: payload.message,
        isPriority: payload.isPriority,
        transactionId: payload.transactionId,
        humanReadableId: payload.humanReadableId,
        category: payload.category,
      })),
    )
    .returning();
}

/** At most this many users in one bus event: PostgreSQL's NOTIFY carries 8,000 bytes. */
const USERS_PER_EVENT = 150;

/**
 * After commit: the stored rows pushed to their users' sockets through the bus, those about a
 * transaction only to users who may see it now (the bell shows them no other: notification-bell.ts),
 * one event per message for all its users (a submission tells every approver the same words). A
 * failed publish is logged, never turned into a failed request: the row is stored and the bell shows
 * it on its next fetch.
 */
export async function publishNotifications(ctx: Pick<ServiceContext, "db" | "bus" | "clock" | "logger">, rows: readonly NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  try {
    const sees = await whoSees(ctx, rows);
    const byMessage = new Map<string, { message: Record<string, unknown>; userIds: string[] }>();
    for (const row of rows) {
      if (!sees(row)) continue;
      const message = {
        type: row.type,
        message: row.message,
        isPriority: row.isPriority,
        transactionId: row.transactionId,
        humanReadableId: row.humanReadableId,
        category: row.category,
      };
      const key = JSON.stringify(message);
      let entry = byMessage.get(key);
      if (!entry) byMessage.set(key, (entry = { message, userIds: [] }));
      entry.userIds.push(row.userId);
    }
    for (const { message, userIds } of byMessage.values()) {
      for (let i = 0; i < userIds.length; i += USERS_PER_EVENT)
        await ctx.bus.publish({ type: "notification", userIds: userIds.slice(i, i + USERS_PER_EVENT), message });
    }
  } catch (err) {
    ctx.logger.warn({ err }, "could not publish a notification");
  }
  // The outbox worker of every process wakes and sends what the same transaction queued.
  await ctx.bus.publish({ type: "outbox-queued" }).catch((err: unknown) => ctx.logger.warn({ err }, "could not wake the outbox"));
}

/** Whether each row's user may see the transaction it is about now (DECISIONS §4 window and role), read in one statement. */
async function whoSees(ctx: Pick<ServiceContext, "db" | "clock">, rows: readonly NotificationRow[]): Promise<(row: NotificationRow) => boolean> {
  const about = [...new Set(rows.flatMap((r) => (r.transactionId ? [r.transactionId] : [])))];
  if (about.length === 0) return () => true;
  const now = ctx.clock();
  const [readers, subjects] = await Promise.all([
    ctx.db
      .select({ id: users.id, role: users.role, visibilityWindowDays: users.visibilityWindowDays })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
    ctx.db
      .select({
        id: transactions.id,
        createdBy: transactions.createdBy,
        createdAtMicros: microsOf(transactions.createdAt),
        claimant: transactions.claimantEmployeeId,
      })
      .from(transactions)
      .where(inArray(transactions.id, about)),
  ]);
  const reader = new Map(readers.map((r) => [r.id, r]));
  const subject = new Map(subjects.map((t) => [t.id, { createdBy: t.createdBy, createdAtMicros: Number(t.createdAtMicros), isClaim: t.claimant !== null }]));
  return (row) => {
    if (!row.transactionId) return true;
    const who = reader.get(row.userId);
    const what = subject.get(row.transactionId);
    return !!who && !!what && seesTransaction(who, now, what);
  };
}
