// The notification list of the header bell (DECISIONS §6).
import type { z } from "zod";
import type { notificationAnswer, notificationsChangedAnswer } from "../answers/people";

/** GET /api/notifications answers the signed-in user's latest 50 of these, newest first. */
export type NotificationItem = z.output<typeof notificationAnswer>;


/** POST /api/notifications/read-all and DELETE /api/notifications answer how many rows they touched. */
export type NotificationsChangedAnswer = z.output<typeof notificationsChangedAnswer>;
