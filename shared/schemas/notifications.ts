// The notification list of the header bell (DECISIONS §6).
import type { NotificationType } from "../ws-events";

/** GET /api/notifications answers the signed-in user's latest 50 of these, newest first. */
export type NotificationItem = {
  id: string;
  type: NotificationType | (string & {});
  message: string;
  isPriority: boolean;
  transactionId: string | null;
  humanReadableId: string | null;
  category: string | null;
  isRead: boolean;
  createdAt: string;
};

export type NotificationsAnswer = NotificationItem[];

/** POST /api/notifications/read-all and DELETE /api/notifications answer how many rows they touched. */
export type NotificationsChangedAnswer = { message: string; count: number };
