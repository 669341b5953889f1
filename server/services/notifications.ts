// Notifications of transaction moves (DECISIONS §4, §6). Rows are written in the mutation's own
// database transaction (so a rolled-back move notifies nobody); the socket push happens only after
// commit, through the event bus, so every server process delivers them. Given a `reach`
// (DECISIONS §14), the same statement queues the pushes and emails in the outbox
// (services/reach/outbox.ts), which the worker sends after commit.
import type { Queryable } from "../db/client";
import { notifications, type NotificationRow } from "../db/schema";
import { storeNotificationsAndQueue, type Reach } from "./reach/outbox";
import type { EventBus } from "../realtime/bus";
import type { Logger } from "../logger";
import type { NotificationType } from "../../shared/ws-events";

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
  // The outbox worker of every process wakes and sends what the same transaction queued.
  if (rows.length > 0) await bus.publish({ type: "outbox-queued" }).catch((err: unknown) => logger?.warn({ err }, "could not wake the outbox"));
}
