// The header's menus load just after the screen: Radix's dropdown and its positioning are about
// 15 KB gzipped that every signed-in screen would otherwise wait for (docs/performance.md). Until
// a menu arrives its button is shown as it will look, disabled, so nothing moves or reacts to a
// press that could not open it.
import { lazy, Suspense } from "react";
import type { Role } from "@shared/constants";
import { useNotifications } from "@/features/notifications/NotificationsProvider";
import { AdminToolsFace, BellFace, adminToolsClassName, bellClassName, type BellTone } from "./menu-faces";

const LoadedNotificationsMenu = lazy(() => import("./NotificationsMenu").then((m) => ({ default: m.NotificationsMenu })));
const LoadedAdminToolsMenu = lazy(() => import("./AdminToolsMenu").then((m) => ({ default: m.AdminToolsMenu })));

export function NotificationsMenu({ role, tone }: { role: Role; tone?: BellTone }) {
  const { unreadCount } = useNotifications();
  const standIn = (
    <button type="button" disabled aria-haspopup="menu" className={bellClassName(tone)}>
      <BellFace unreadCount={unreadCount} />
    </button>
  );
  return (
    <Suspense fallback={standIn}>
      <LoadedNotificationsMenu role={role} tone={tone} />
    </Suspense>
  );
}

export function AdminToolsMenu() {
  const standIn = (
    <button type="button" disabled aria-haspopup="menu" className={adminToolsClassName}>
      <AdminToolsFace />
    </button>
  );
  return (
    <Suspense fallback={standIn}>
      <LoadedAdminToolsMenu />
    </Suspense>
  );
}
