// Pure rules of the notification badges (spec 000 §2 and §9), kept apart from React for testing.
import { LIMITS } from "@shared/constants";
import type { AppNotification } from "./types";

export const PENDING_NOTIFICATION_TYPE = "transaction_pending";
/** An employee's leave request or day fix waiting for HR (DECISIONS §15). */
export const EMPLOYEE_REQUEST_NOTIFICATION_TYPE = "employee_request";

export function countUnread(notifications: readonly AppNotification[]): number {
  return notifications.reduce((n, item) => n + (item.isRead ? 0 : 1), 0);
}

/** The Pending Approvals badge: unread notifications of type transaction_pending. */
export function countUnreadPending(notifications: readonly AppNotification[]): number {
  return notifications.reduce((n, item) => n + (!item.isRead && item.type === PENDING_NOTIFICATION_TYPE ? 1 : 0), 0);
}

/** '9+' above 9; '' for none. */
export function badgeLabel(count: number): string {
  if (count <= 0) return "";
  return count > 9 ? "9+" : String(count);
}

/** The header dropdown shows at most 10. */
export function visibleNotifications(notifications: readonly AppNotification[]): AppNotification[] {
  return notifications.slice(0, LIMITS.notificationsShown);
}
