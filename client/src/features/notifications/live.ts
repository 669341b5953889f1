// Pure rules for notifications that arrive on the socket (spec 000 §8 and §9), apart from React.
import { currentTime } from "@/lib/clock";
import { LIMITS } from "@shared/constants";
import type { WsNotificationMessage } from "@shared/ws-events";
import type { AppNotification } from "./types";

let localCounter = 0;

/** A socket message as a bell item: unread, stamped now unless the server sent its row's id and time. */
export function fromSocketMessage(message: WsNotificationMessage, now: Date = currentTime()): AppNotification {
  return {
    id: message.id ?? `live-${now.getTime()}-${++localCounter}`,
    type: message.type,
    message: typeof message.message === "string" ? message.message : "",
    isPriority: message.isPriority === true,
    transactionId: message.transactionId ?? null,
    humanReadableId: message.humanReadableId ?? null,
    category: message.category ?? null,
    isRead: false,
    createdAt: message.createdAt ?? now.toISOString(),
  };
}

/** Newest first, no duplicate ids, the last 50 kept. */
export function prependNotification(list: readonly AppNotification[], item: AppNotification): AppNotification[] {
  return [item, ...list.filter((n) => n.id !== item.id)].slice(0, LIMITS.notificationsKept);
}

/** The toast a real-time transaction message raises: 'Priority Transaction' (destructive) or 'New Notification'. */
export function toastFor(message: Pick<WsNotificationMessage, "isPriority" | "message">): {
  title: string;
  description: string;
  variant: "default" | "destructive";
} {
  return message.isPriority
    ? { title: "Priority Transaction", description: message.message, variant: "destructive" }
    : { title: "New Notification", description: message.message, variant: "default" };
}

/**
 * The query keys a transaction message makes stale: transaction lists, dashboard stats, and the
 * pending list unless the pending feed keeps it (`feedFollowed`: the socket tells its changes,
 * so a notification fetches nothing more for it; DECISIONS §9's month-end herd).
 */
export function isTransactionQueryKey(queryKey: readonly unknown[], feedFollowed = false): boolean {
  const first = queryKey[0];
  if (feedFollowed && first === "/api/transactions" && queryKey[1] === "pending") return false;
  return typeof first === "string" && (first.startsWith("/api/transactions") || first.startsWith("/api/dashboard"));
}
