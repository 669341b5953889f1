// The real-time socket's contract (DECISIONS §6, spec 000 §7/§8/§9): what the client sends, what
// the server pushes, and the close codes both sides act on.

/** The socket's path on the same HTTP server as the API and the SPA. */
export const WS_PATH = "/ws";

/** Close codes. 1000 is a normal close (the client does not reconnect). */
export const WS_CLOSE = {
  normal: 1000,
  goingAway: 1001,
  policyViolation: 1008,
  /** The session ended (logout, disable, delete, password change, timeout) or the auth message did not match it. */
  unauthorized: 4401,
  /** Emergency lockdown: non-SuperAdmin sockets are closed with this code after {type:'lockdown'}. */
  lockdown: 4423,
  /** The user opened more than 20 sockets: the oldest is closed with this code (and does not reconnect). */
  tooMany: 4429,
} as const;

/** Reconnect policy (spec 000 §9): 1 s doubling up to 30 s, at most 10 attempts, never after 1000. */
export const WS_RECONNECT = { initialDelayMs: 1_000, maxDelayMs: 30_000, maxAttempts: 10 } as const;

/** Server heartbeat: a ping every 30 s; a socket that did not answer the previous one is dropped. */
export const WS_HEARTBEAT_MS = 30_000;

/**
 * The pending list's feed (docs/architecture.md, "The pending feed"): a socket whose auth message
 * says `follows: ["pending"]` (an Approver's or a SuperAdmin's app) is told how its reader's pending
 * list changes, so the app keeps the list without fetching it again. Its messages are
 * pendingFeedMessage (shared/schemas/transactions.ts).
 */
export const PENDING_FEED = "pending";

/** GET /api/transactions/pending: the count of committed changes the page was read at, which the feed's messages are compared with. */
export const FEED_VERSION_HEADER = "X-Feed-Version";

/** Notification types pushed to sockets (and stored in the notifications table). */
/**
 * transaction_pending and user_notification are finance's (DECISIONS §6); employee_request (a leave
 * or regularisation request, to HR) and request_decision (its decision, or an approved leave
 * cancelled, to the employee) are the people side's (DECISIONS §15).
 */
export const NOTIFICATION_TYPES = ["transaction_pending", "user_notification", "employee_request", "request_decision"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notification pushed in real time. `id` and `createdAt` are those of the stored row when it has one. */
export type WsNotificationMessage = {
  type: NotificationType | (string & {});
  message: string;
  isPriority: boolean;
  transactionId?: string | null;
  humanReadableId?: string | null;
  category?: string | null;
  id?: string;
  createdAt?: string;
};

export type WsLockdownMessage = { type: "lockdown" };

export type WsServerMessage = WsNotificationMessage | WsLockdownMessage;

/** Parses a server message; null when it is not JSON or has no string `type`. */
export function parseServerMessage(data: string): WsServerMessage | null {
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === "object" && typeof (value as { type?: unknown }).type === "string") return value as WsServerMessage;
    return null;
  } catch {
    return null;
  }
}

/** Whether a message is about an employee's request (DECISIONS §15): it raises a toast and refreshes the request lists. */
export function isPeopleNotification(message: WsServerMessage): message is WsNotificationMessage {
  return message.type === "employee_request" || message.type === "request_decision";
}

/** Whether a message raises a toast and refreshes the transaction lists (spec 000 §8). */
export function isTransactionNotification(message: WsServerMessage): message is WsNotificationMessage {
  return message.type === "transaction_pending" || message.type === "user_notification";
}
