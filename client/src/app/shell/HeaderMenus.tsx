// The header's menus load when someone reaches for them: no screen needs Radix's dropdown and its
// positioning until a menu is used (DECISIONS §9: 150 KB a route). Until then the button is drawn as it will look; pointing at it or focusing it fetches the
// menu (well before the click lands), and a press made before it arrived opens it on arrival. A
// button that had keyboard focus hands it to the real trigger.
import { lazy, startTransition, Suspense, useCallback, useState, type ReactNode } from "react";
import type { Role } from "@shared/constants";
import { useNotifications } from "@/features/notifications/NotificationsProvider";
import { AdminToolsFace, BellFace, adminToolsClassName, bellClassName, bellTitle, type BellTone, type MenuArrival } from "./menu-faces";

const LoadedNotificationsMenu = lazy(() => import("./NotificationsMenu").then((m) => ({ default: m.NotificationsMenu })));
const LoadedAdminToolsMenu = lazy(() => import("./AdminToolsMenu").then((m) => ({ default: m.AdminToolsMenu })));

function useMenuIntent() {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);
  const focusOnce = useCallback((node: HTMLButtonElement | null) => node?.focus(), []);
  // An opening menu takes focus itself; only one that arrives closed hands focus to its trigger.
  const arrival: MenuArrival = { open, onOpenChange: setOpen, focusTrigger: hadFocus && !open ? focusOnce : undefined };
  // In a transition, so React keeps the stand-in (and its focus) on screen while the menu loads.
  const want = () => startTransition(() => setWanted(true));
  const press = () => {
    want();
    setOpen(true);
  };
  const standInProps = {
    type: "button" as const,
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    onPointerEnter: want,
    onFocus: () => {
      want();
      setHadFocus(true);
    },
    onBlur: () => setHadFocus(false),
    // Radix opens its menus on pointer down and on Enter, Space or the down arrow; so does the stand-in.
    onPointerDown: (e: React.PointerEvent) => {
      if (e.button === 0 && !e.ctrlKey) press();
    },
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === "Enter" || e.key === " " || e.key === "ArrowDown") {
        e.preventDefault();
        press();
      }
    },
  };
  return { wanted, arrival, standInProps };
}

/** The stand-in until the menu is wanted and loaded; one place in the tree, so it is never remounted. */
function Deferred({ wanted, standIn, children }: { wanted: boolean; standIn: ReactNode; children: ReactNode }) {
  return <Suspense fallback={standIn}>{wanted ? children : standIn}</Suspense>;
}

export function NotificationsMenu({ role, tone }: { role: Role; tone?: BellTone }) {
  const { unreadCount } = useNotifications();
  const { wanted, arrival, standInProps } = useMenuIntent();
  const standIn = (
    <button {...standInProps} className={bellClassName(tone)} title={bellTitle(unreadCount)}>
      <BellFace unreadCount={unreadCount} />
    </button>
  );
  return (
    <Deferred wanted={wanted} standIn={standIn}>
      <LoadedNotificationsMenu role={role} tone={tone} {...arrival} />
    </Deferred>
  );
}

export function AdminToolsMenu() {
  const { wanted, arrival, standInProps } = useMenuIntent();
  const standIn = (
    <button {...standInProps} className={adminToolsClassName}>
      <AdminToolsFace />
    </button>
  );
  return (
    <Deferred wanted={wanted} standIn={standIn}>
      <LoadedAdminToolsMenu {...arrival} />
    </Deferred>
  );
}
