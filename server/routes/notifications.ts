// The header bell's notifications (DECISIONS §6): the signed-in user's own, never anyone else's.
import { and, desc, eq } from "drizzle-orm";
import { notifications, type NotificationRow } from "../db/schema";
import { actorOf } from "../middlewares/auth";
import { writeAudit } from "../services/audit";
import { LIMITS } from "../../shared/constants";
import type { NotificationItem, NotificationsChangedAnswer } from "../../shared/schemas/notifications";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { notificationsAnswer, notificationsChangedAnswer } from "../../shared/answers";

export function presentNotification(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    isPriority: row.isPriority,
    transactionId: row.transactionId,
    humanReadableId: row.humanReadableId,
    category: row.category,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

export function notificationRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const { db } = deps.database;

  api.add(
    { method: "get", path: "/notifications", access: "signed-in", summary: "My latest 50 notifications, newest first", answer: notificationsAnswer, tag: "notifications" },
    async (req): Promise<NotificationItem[]> => {
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, actorOf(req).id))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(LIMITS.notificationsKept);
      return rows.map(presentNotification);
    },
  );

  api.add(
    { method: "post", path: "/notifications/read-all", access: "signed-in", summary: "Mark all my notifications read", answer: notificationsChangedAnswer, tag: "notifications" },
    async (req): Promise<NotificationsChangedAnswer> => {
      const actor = actorOf(req);
      const count = await db.transaction(async (tx) => {
        const rows = await tx
          .update(notifications)
          .set({ isRead: true })
          .where(and(eq(notifications.userId, actor.id), eq(notifications.isRead, false)))
          .returning({ id: notifications.id });
        await writeAudit(tx, { action: "read_notifications", entityType: "user", entityId: actor.id, actor, after: { read: rows.length }, ipAddress: req.ip });
        return rows.length;
      });
      return { message: "Notifications marked as read", count };
    },
  );

  api.add(
    { method: "delete", path: "/notifications", access: "signed-in", summary: "Clear all my notifications", answer: notificationsChangedAnswer, tag: "notifications" },
    async (req): Promise<NotificationsChangedAnswer> => {
      const actor = actorOf(req);
      const count = await db.transaction(async (tx) => {
        const rows = await tx.delete(notifications).where(eq(notifications.userId, actor.id)).returning({ id: notifications.id });
        await writeAudit(tx, {
          action: "clear_notifications",
          entityType: "user",
          entityId: actor.id,
          actor,
          after: { cleared: rows.length },
          ipAddress: req.ip,
        });
        return rows.length;
      });
      return { message: "Notifications cleared", count };
    },
  );

  return api;
}
