// The notification source of the shell: the header bell and the Pending Approvals badge read it.
//
// For now it holds an in-memory list that starts empty. Wiring it later touches only this file:
// load GET /api/notifications with react-query, push socket messages (/ws) into the same list,
// markAllRead → POST /api/notifications/read-all, clearAll → DELETE /api/notifications
// (DECISIONS §6). The value's shape is the contract the shell relies on.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { LIMITS } from "@shared/constants";
import type { AppNotification } from "./types";
import { countUnread, countUnreadPending } from "./selectors";

export type NotificationsValue = {
  /** Newest first, at most 50. */
  notifications: AppNotification[];
  unreadCount: number;
  /** Unread notifications of type transaction_pending (the Pending Approvals badge). */
  pendingApprovalsCount: number;
  /** Adds a notification received in real time. */
  add: (notification: AppNotification) => void;
  markAllRead: () => void;
  clearAll: () => void;
};

const NotificationsContext = createContext<NotificationsValue | null>(null);

export function NotificationsProvider({ children, initial = [] }: { children: ReactNode; initial?: AppNotification[] }) {
  const [notifications, setNotifications] = useState<AppNotification[]>(initial);

  const add = useCallback((notification: AppNotification) => {
    setNotifications((list) => [notification, ...list.filter((n) => n.id !== notification.id)].slice(0, LIMITS.notificationsKept));
  }, []);
  const markAllRead = useCallback(() => {
    setNotifications((list) => (list.some((n) => !n.isRead) ? list.map((n) => (n.isRead ? n : { ...n, isRead: true })) : list));
  }, []);
  const clearAll = useCallback(() => setNotifications([]), []);

  const value = useMemo<NotificationsValue>(
    () => ({
      notifications,
      unreadCount: countUnread(notifications),
      pendingApprovalsCount: countUnreadPending(notifications),
      add,
      markAllRead,
      clearAll,
    }),
    [notifications, add, markAllRead, clearAll],
  );

  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error("useNotifications() must be used inside <NotificationsProvider>");
  return value;
}
