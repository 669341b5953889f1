import { currentTime } from "@/lib/clock";
import { Settings2, Trash2 } from "lucide-react";
import { useLocation } from "wouter";
import { formatRelativeTime } from "@shared/format";
import type { Role } from "@shared/constants";
import { cn } from "@/lib/utils";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useNotifications } from "@/features/notifications/NotificationsProvider";
import { EMPLOYEE_REQUEST_NOTIFICATION_TYPE, PENDING_NOTIFICATION_TYPE, visibleNotifications } from "@/features/notifications/selectors";
import { deepLinks } from "@shared/deep-links";
import type { AppNotification } from "@/features/notifications/types";
import { PATHS } from "@/lib/paths";
import { canAccessRoute } from "../permissions";
import { BellFace, bellClassName, bellTitle, type BellTone, type MenuArrival } from "./menu-faces";

/**
 * Where a notification leads: HR's inbox for an employee's request, the approval queue for pending
 * items, an employee's own claim on My Claims, else the role's transaction list.
 */
function notificationHref(n: AppNotification, role: Role): string | null {
  if (n.type === EMPLOYEE_REQUEST_NOTIFICATION_TYPE) return canAccessRoute(role, "hrRequests") ? PATHS.hrRequests : null;
  if (!n.transactionId) return null;
  if (n.type === PENDING_NOTIFICATION_TYPE && canAccessRoute(role, "pendingApprovals")) return PATHS.pendingApprovals;
  if (canAccessRoute(role, "myTransactions")) return PATHS.myTransactions;
  // An Employee login's only transactions are its own claims (DECISIONS §15).
  if (canAccessRoute(role, "meClaims")) return deepLinks.ownClaim(n.transactionId);
  return PATHS.transactions;
}

/** The header bell (spec 000 §2): unread badge capped '9+', up to 10 items, alarm marker for priority, Clear All. */
export function NotificationsMenu({ role, tone = "light", open, onOpenChange, focusTrigger }: { role: Role; tone?: BellTone } & MenuArrival) {
  const { notifications, unreadCount, markAllRead, clearAll } = useNotifications();
  const [, navigate] = useLocation();
  const shown = visibleNotifications(notifications);

  return (
    <DropdownMenu
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        // Seen once the list has been opened and closed again.
        if (!next) markAllRead();
      }}
    >
      <DropdownMenuTrigger ref={focusTrigger} className={bellClassName(tone)} title={bellTitle(unreadCount)}>
        <BellFace unreadCount={unreadCount} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-[22rem] max-w-[calc(100vw-1rem)] p-0">
        <div className="flex items-center justify-between px-4 py-3">
          <DropdownMenuLabel className="p-0 text-sm normal-case tracking-normal text-slate-900">Notifications</DropdownMenuLabel>
          {unreadCount > 0 ? <span className="text-xs font-medium text-brand-700">{unreadCount} unread</span> : null}
        </div>
        <DropdownMenuSeparator className="m-0" />
        {shown.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-600">No new notifications</p>
        ) : (
          <div className="max-h-96 overflow-y-auto p-1">
            {shown.map((n) => {
              const href = notificationHref(n, role);
              return (
                <DropdownMenuItem
                  key={n.id}
                  onSelect={() => {
                    if (href) navigate(href);
                  }}
                  className={cn("flex-col items-start gap-1 px-3 py-2.5", !n.isRead && "bg-brand-50/60")}
                >
                  <p className={cn("text-sm leading-snug", n.isRead ? "text-slate-700" : "font-medium text-slate-900")}>
                    {n.isPriority ? (
                      <span role="img" aria-label="Priority" className="mr-1">
                        🚨
                      </span>
                    ) : null}
                    {n.message}
                  </p>
                  {n.transactionId ? <p className="text-xs text-slate-600">{[n.humanReadableId, n.category].filter(Boolean).join(" · ")}</p> : null}
                  <p className="text-xs text-slate-500">{formatRelativeTime(n.createdAt, currentTime())}</p>
                </DropdownMenuItem>
              );
            })}
          </div>
        )}
        <DropdownMenuSeparator className="m-0" />
        <div className="grid gap-0.5 p-1">
          {notifications.length > 0 ? (
            <DropdownMenuItem onSelect={clearAll} className="justify-center text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800">
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Clear All
            </DropdownMenuItem>
          ) : null}
          {/* DECISIONS §14: on this phone and by email, set where the bell is. */}
          <DropdownMenuItem onSelect={() => navigate(PATHS.accountNotifications)} className="justify-center text-slate-700">
            <Settings2 className="h-4 w-4" aria-hidden="true" />
            Notification settings
          </DropdownMenuItem>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
