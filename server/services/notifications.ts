// Notifications of transaction moves (DECISIONS §4, §6). Rows are written in the mutation's own
// database transaction (so a rolled-back move notifies nobody); the socket push happens only after
// commit, through the event bus, so every server process delivers them.
import { and, desc, eq, ne } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { notifications, users, type NotificationRow } from "../db/schema";
import type { EventBus } from "../realtime/bus";
import type { Logger } from "../logger";
import type { NotificationType } from "../../shared/ws-events";
import { LIMITS } from "../../shared/constants";
import { activeApproverCondition } from "./transactions/authority";
import type { NotificationItem, NotificationsChangedAnswer } from "../../shared/schemas/notifications";
import { writeAudit } from "./audit";
import { type ActingContext } from "./context";

export type NotificationPayload = {
  type: NotificationType;
  message: string;
  isPriority: boolean;
  transactionId: string | null;
  humanReadableId: string | null;
  category: string | null;
};

/** Stores one notification per user (duplicates in `userIds` are ignored) and answers the rows. */
export async function notifyUsers(q: Queryable, userIds: readonly string[], payload: NotificationPayload): Promise<NotificationRow[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
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

/** Every user who counts as an approver now (authority.ts), except `exceptUserId`: who hears of a submission. */
export async function approverIds(q: Queryable, exceptUserId: string | null): Promise<string[]> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(
      and(activeApproverCondition(), exceptUserId ? ne(users.id, exceptUserId) : undefined),
    );
  return rows.map((r) => r.id);
}

/**
 * After commit: one bus event per stored row, which the realtime hub delivers to that user's
 * sockets. A failed publish is logged, never turned into a failed request: the row is stored and
 * the bell shows it on its next fetch.
 */
export async function publishNotifications(bus: EventBus, rows: readonly NotificationRow[], logger?: Logger): Promise<void> {
  for (const row of rows) {
    try {
      await bus.publish({
        type: "notification",
        userIds: [row.userId],
        message: {
          type: row.type,
          message: row.message,
          isPriority: row.isPriority,
          transactionId: row.transactionId,
          humanReadableId: row.humanReadableId,
          category: row.category,
        },
      });
    } catch (err) {
      logger?.warn({ err }, "could not publish a notification");
    }
  }
}

// ---------------------------------------------------------------- the bell (GET/POST/DELETE /api/notifications)

export function presentNotification(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    // Written only by the notifier with a NOTIFICATION_TYPES value (the column is text).
    type: row.type as NotificationType,
    message: row.message,
    isPriority: row.isPriority,
    transactionId: row.transactionId,
    humanReadableId: row.humanReadableId,
    category: row.category,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's latest notifications (LIMITS.notificationsKept), newest first. */
export async function myNotifications(ctx: ActingContext): Promise<NotificationItem[]> {
  const { db: q, actor } = ctx;
  const rows = await q
    .select()
    .from(notifications)
    .where(eq(notifications.userId, actor.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIMITS.notificationsKept);
  return rows.map(presentNotification);
}

/** Marks all the user's notifications read; audited with how many. */
export async function markNotificationsRead(ctx: ActingContext): Promise<NotificationsChangedAnswer> {
  const { db, actor, ip: ipAddress } = ctx;
  const count = await db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, actor.id), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    await writeAudit(tx, { action: "read_notifications", entityType: "user", entityId: actor.id, actor, after: { read: rows.length }, ipAddress });
    return rows.length;
  });
  return { message: "Notifications marked as read", count };
}

/** Deletes all the user's notifications; audited with how many. */
export async function clearNotifications(ctx: ActingContext): Promise<NotificationsChangedAnswer> {
  const { db, actor, ip: ipAddress } = ctx;
  const count = await db.transaction(async (tx) => {
    const rows = await tx.delete(notifications).where(eq(notifications.userId, actor.id)).returning({ id: notifications.id });
    await writeAudit(tx, { action: "clear_notifications", entityType: "user", entityId: actor.id, actor, after: { cleared: rows.length }, ipAddress });
    return rows.length;
  });
  return { message: "Notifications cleared", count };
}
