// What the header's menu buttons look like and how a menu takes over from its stand-in, shared by
// the menus (NotificationsMenu, AdminToolsMenu) and by the stand-ins HeaderMenus shows while those
// load. No Radix here.
import { Bell, ChevronDown, Wrench } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { badgeLabel } from "@/features/notifications/selectors";

export type BellTone = "light" | "dark";

/**
 * How a menu takes over from its stand-in: HeaderMenus holds its open state (a press on the
 * stand-in opens it, even if the menu arrives between the press and the release), and a stand-in
 * that had keyboard focus hands it to the real trigger.
 */
export type MenuArrival = { open: boolean; onOpenChange: (open: boolean) => void; focusTrigger?: (node: HTMLButtonElement | null) => void };

export function bellClassName(tone: BellTone = "light"): string {
  return cn(
    "relative inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors",
    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
    tone === "dark" ? "text-slate-200 hover:bg-white/10 focus-visible:ring-offset-slate-900" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
  );
}

/** The bell's tooltip (a native title, shown on hover by the stand-in and the loaded menu alike). */
export function bellTitle(unreadCount: number): string {
  return unreadCount > 0 ? `Notifications (${badgeLabel(unreadCount)} unread)` : "Notifications";
}

/** The bell, its accessible name and the unread badge capped '9+' (spec 000 §2). */
export function BellFace({ unreadCount }: { unreadCount: number }) {
  return (
    <>
      <Bell className="h-5 w-5" aria-hidden="true" />
      <span className="sr-only">{unreadCount > 0 ? `Notifications, ${unreadCount} unread` : "Notifications"}</span>
      {unreadCount > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-1 top-1 inline-flex min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 py-0.5 text-[10px] font-bold leading-none text-white ring-2 ring-white"
        >
          {badgeLabel(unreadCount)}
        </span>
      ) : null}
    </>
  );
}

export const adminToolsClassName = buttonVariants({ variant: "outline", size: "md", className: "px-2.5 sm:px-4" });

export function AdminToolsFace() {
  return (
    <>
      <Wrench className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Admin Tools</span>
      <ChevronDown className="hidden h-4 w-4 text-slate-500 sm:block" aria-hidden="true" />
    </>
  );
}
