// The notification source of the shell: the header bell and the Pending Approvals badge read it.
//
// The list is GET /api/notifications (the latest 50) kept in the query cache; messages from the
// socket (/ws) go to the top of the same list, raise a toast and refresh the transaction screens.
// An Approver's or SuperAdmin's socket also follows the pending feed, whose messages go to its log
// (lib/feed-log.ts) for the pending pages to apply.
// markAllRead → POST /api/notifications/read-all, clearAll → DELETE /api/notifications
// (DECISIONS §6). A {type:'lockdown'} message or a 4423 close shows the lockdown screen in place,
// without a reload; a 4401 close (session ended) returns to sign-in.
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LOCKDOWN_MESSAGE } from "@shared/constants";
import { isPeopleNotification, isTransactionNotification, PENDING_FEED } from "@shared/ws-events";
import type { PendingFeedMessage } from "@shared/schemas/transactions";
import { pendingFeed } from "@/lib/feed-log";
import { apiRequest } from "@/lib/api";
import { connectSocket } from "@/lib/socket";
import { toast } from "@/hooks/use-toast";
import { AUTH_ME_KEY, showSessionLockdown, useAuth } from "@/lib/session";
import type { AppNotification } from "./types";
import { countUnread, countUnreadPending } from "./selectors";
import { fromSocketMessage, isTransactionQueryKey, prependNotification, toastFor } from "./live";

export const NOTIFICATIONS_KEY = ["/api/notifications"] as const;

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
const EMPTY: AppNotification[] = [];

export function NotificationsProvider({ children, initial }: { children: ReactNode; initial?: AppNotification[] }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const query = useQuery<AppNotification[]>({
    queryKey: NOTIFICATIONS_KEY,
    enabled: user !== null && initial === undefined,
    initialData: initial,
    // The bell is a convenience: a failure leaves it empty rather than interrupting the screen.
    meta: { globalErrors: false },
  });
  const notifications = query.data ?? EMPTY;

  const update = useCallback(
    (fn: (list: AppNotification[]) => AppNotification[]) => queryClient.setQueryData<AppNotification[]>(NOTIFICATIONS_KEY, (list) => fn(list ?? [])),
    [queryClient],
  );

  const add = useCallback((notification: AppNotification) => update((list) => prependNotification(list, notification)), [update]);

  const markAllRead = useCallback(() => {
    const list = queryClient.getQueryData<AppNotification[]>(NOTIFICATIONS_KEY) ?? [];
    if (!list.some((n) => !n.isRead)) return;
    update((l) => l.map((n) => (n.isRead ? n : { ...n, isRead: true })));
    apiRequest("POST", "/api/notifications/read-all").catch(() => {
      // Read state is cosmetic; the next load shows the server's view.
    });
  }, [queryClient, update]);

  const clearAll = useCallback(() => {
    const before = queryClient.getQueryData<AppNotification[]>(NOTIFICATIONS_KEY) ?? [];
    update(() => []);
    apiRequest("DELETE", "/api/notifications").catch(() => {
      update(() => before);
      toast({ title: "Error", description: "Failed to clear notifications", variant: "destructive" });
    });
  }, [queryClient, update]);

  // The socket lives as long as a signed-in user does.
  const userId = user?.id;
  const role = user?.role;
  const followsPending = user?.permissions.approvesTransactions ?? false;
  useEffect(() => {
    if (!userId || !role || initial !== undefined) return;
    const connection = connectSocket({
      userId,
      role,
      // An approver's pending list is kept from the socket (features/transactions/pending-feed.ts).
      follows: followsPending ? [PENDING_FEED] : [],
      onMessage: (message) => {
        if (message.type.startsWith("pending-")) return pendingFeed.receive(message as unknown as PendingFeedMessage);
        // DECISIONS §15: a request (to HR) or its decision (to the employee) refreshes the request lists.
        if (isPeopleNotification(message)) {
          add(fromSocketMessage(message));
          toast(toastFor(message));
          for (const key of ["/api/me/attendance", "/api/me/leave", "/api/hr/requests"]) void queryClient.invalidateQueries({ queryKey: [key] });
          return;
        }
        if (!isTransactionNotification(message)) return;
        add(fromSocketMessage(message));
        toast(toastFor(message));
        const feedFollowed = pendingFeed.snapshot().readyVersion !== null;
        void queryClient.invalidateQueries({ predicate: (q) => isTransactionQueryKey(q.queryKey, feedFollowed) });
      },
      onClose: () => pendingFeed.closed(),
      onLockdown: () => showSessionLockdown(LOCKDOWN_MESSAGE),
      onUnauthorized: () => void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY }),
    });
    return () => connection.close();
  }, [userId, role, followsPending, initial, add, queryClient]);

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
