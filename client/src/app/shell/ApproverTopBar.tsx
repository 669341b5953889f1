import { Building2, CircleUserRound, LogOut, ShieldCheck } from "lucide-react";
import { Link, useLocation } from "wouter";
import type { User } from "@shared/schemas/auth";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useNotifications } from "@/features/notifications/NotificationsProvider";
import { PATHS } from "@/lib/paths";
import { navItemsFor, systemTitleFor } from "../permissions";
import { CountBadge } from "./CountBadge";
import { activeNavId } from "./nav";
import { NotificationsMenu } from "./HeaderMenus";

/** The Approver's top bar in place of the sidebar (spec 000 §2): the menu as tabs, the bell and Sign Out. */
export function ApproverTopBar({ user, onSignOut, signingOut }: { user: User; onSignOut: () => void; signingOut?: boolean }) {
  const [location] = useLocation();
  const { pendingApprovalsCount } = useNotifications();
  const items = navItemsFor(user);
  const activeId = activeNavId(location, items);

  return (
    <header className="sticky top-0 z-30 bg-slate-900 text-white shadow-sm">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-2.5">
          <div className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600">
            <Building2 className="h-4 w-4" aria-hidden="true" />
          </div>
          <p className="hidden text-sm font-semibold sm:block">{systemTitleFor(user.role)}</p>
        </div>
        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          {/* The name leads to My Account (delegating while away); on phones the icon alone. */}
          <Link
            href={PATHS.account}
            title="My Account"
            className="flex min-h-10 items-center gap-2 rounded-md px-2 text-sm text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
          >
            <CircleUserRound className="h-5 w-5 shrink-0" aria-hidden="true" />
            <span className="sr-only md:hidden">My Account</span>
            <span className="hidden max-w-[12rem] truncate md:block">
              {user.name} <span className="text-slate-400">· {user.role}</span>
            </span>
          </Link>
          <NotificationsMenu role={user.role} tone="dark" />
          <Link
            href={PATHS.accountSecurity}
            aria-label="Account security"
            title="Account security"
            aria-current={location === PATHS.accountSecurity ? "page" : undefined}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-200 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
          >
            <ShieldCheck className="h-5 w-5" aria-hidden="true" />
          </Link>
          <Button
            variant="ghost"
            size="sm"
            onClick={onSignOut}
            disabled={signingOut}
            className="text-slate-200 hover:bg-white/10 hover:text-white focus-visible:ring-offset-slate-900"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </div>
      {/* Phones: the tabs share the width, labels wrap, so every tab is on screen at 390 px. */}
      <nav aria-label="Main" className="border-t border-white/10">
        <ul className="mx-auto grid max-w-7xl gap-1 px-2 sm:flex sm:px-4 lg:px-6" style={{ gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))` }}>
          {items.map((item) => {
            const active = item.id === activeId;
            const count = item.badge === "pendingApprovals" ? pendingApprovalsCount : 0;
            return (
              <li key={item.id} className="min-w-0 sm:shrink-0">
                <Link
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex h-full items-center justify-center gap-1.5 border-b-2 px-1 py-2.5 text-center text-[13px] font-medium leading-tight transition-colors sm:gap-2 sm:px-3 sm:text-sm",
                    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-400",
                    active ? "border-brand-400 text-white" : "border-transparent text-slate-300 hover:text-white",
                  )}
                >
                  {item.label}
                  <CountBadge count={count} />
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
