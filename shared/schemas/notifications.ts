// The notification list of the header bell (DECISIONS §6).
import { z } from "zod";
import { NOTIFICATION_TYPES } from "../ws-events";
import { id, instant } from "./answer-parts";

/** GET /api/notifications answers the signed-in user's latest 50 of these, newest first. */
export type NotificationItem = z.output<typeof notificationAnswer>;

/** POST /api/notifications/read-all and DELETE /api/notifications answer how many rows they touched. */
export type NotificationsChangedAnswer = z.output<typeof notificationsChangedAnswer>;

// ---------------------------------------------------------------- answers

/** GET /api/notifications: the signed-in user's latest 50, newest first (DECISIONS §6). */
export const notificationAnswer = z.strictObject({
  id,
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  isPriority: z.boolean(),
  transactionId: id.nullable(),
  humanReadableId: z.string().nullable(),
  category: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: instant,
});
export const notificationsAnswer = z.array(notificationAnswer);
export const notificationsChangedAnswer = z.strictObject({ message: z.string(), count: z.number().int() });
