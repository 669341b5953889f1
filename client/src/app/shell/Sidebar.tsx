import { useEffect, useRef } from "react";
import { Bell, Building2, LogOut, ShieldCheck } from "lucide-react";
import { Link, useLocation } from "wouter";
import type { User } from "@shared/schemas/auth";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useNotifications } from "@/features/notifications/NotificationsProvider";
import { PATHS } from "@/lib/paths";
import { navItemsFor, systemTitleFor, type NavSection } from "../permissions";
import { CountBadge } from "./CountBadge";
import { NAV_ICONS, activeNavId } from "./nav";

const SECTIONS: NavSection[] = ["Me", "Finance", "Administration", "Human Resources"];

export type SidebarProps = {
  user: User;
  onSignOut: () => void;
  signingOut?: boolean;
  /** Called after a menu item is chosen (closes the phone drawer). */
  onNavigate?: () => void;
};

/** The sidebar (spec 000 §2): system title, the role's menu, role, user name and Sign Out. */
export function Sidebar({ user, onSignOut, signingOut, onNavigate }: SidebarProps) {
  const [location] = useLocation();
  const { pendingApprovalsCount } = useNotifications();
  const items = navItemsFor(user);
  const activeId = activeNavId(location, items);
  const sections = SECTIONS.map((section) => ({ section, items: items.filter((i) => i.section === section) })).filter((s) => s.items.length > 0);
  // A long menu scrolls: the page one is on is brought into view, not left below the fold.
  const activeLink = useRef<HTMLAnchorElement | null>(null);
  useEffect(() => {
    activeLink.current?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-300">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-white/10 px-5">
        <div className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-600 text-white">
          <Building2 className="h-5 w-5" aria-hidden="true" />
        </div>
        <p className="text-base font-semibold tracking-tight text-white">{systemTitleFor(user.role)}</p>
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        {sections.map(({ section, items: sectionItems }) => (
          <div key={section} className="mb-5 last:mb-0">
            {sections.length > 1 ? <p className="mb-1.5 px-3 text-[11px] font-semibold uppercase tracking-wider text-slate-400">{section}</p> : null}
            <ul className="space-y-0.5">
              {sectionItems.map((item) => {
                const Icon = NAV_ICONS[item.id];
                const active = item.id === activeId;
                const count = item.badge === "pendingApprovals" ? pendingApprovalsCount : 0;
                return (
                  <li key={item.id}>
                    <Link
                      ref={active ? activeLink : undefined}
                      href={item.href}
                      onClick={onNavigate}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400",
                        active ? "bg-brand-600 text-white shadow-sm" : "text-slate-300 hover:bg-white/5 hover:text-white",
                      )}
                    >
                      {Icon ? (
                        <Icon className={cn("h-4 w-4 shrink-0", active ? "text-white" : "text-slate-400 group-hover:text-white")} aria-hidden="true" />
                      ) : null}
                      <span className="flex-1 truncate">{item.label}</span>
                      <CountBadge count={count} className="ml-auto" />
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>

      <div className="shrink-0 border-t border-white/10 p-4">
        <div className="mb-3 flex items-center gap-3">
          <div className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-700 text-sm font-semibold text-white" aria-hidden="true">
            {initials(user.name || user.username)}
          </div>
          <div className="min-w-0">
            <Link
              href={PATHS.account}
              onClick={onNavigate}
              className="block truncate text-sm font-medium text-white underline-offset-2 hover:underline"
              title="My Account"
            >
              {user.name}
            </Link>
            <Badge variant="outline" className="mt-0.5 border-white/20 bg-transparent text-slate-300">
              {user.role}
            </Badge>
          </div>
        </div>
        <Link
          href={PATHS.accountSecurity}
          onClick={onNavigate}
          aria-current={location === PATHS.accountSecurity ? "page" : undefined}
          className={cn(
            "mb-1 flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400",
            location === PATHS.accountSecurity ? "bg-white/10 text-white" : "text-slate-300 hover:bg-white/5 hover:text-white",
          )}
        >
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          Account Security
        </Link>
        <Link
          href={PATHS.accountNotifications}
          onClick={onNavigate}
          aria-current={location === PATHS.accountNotifications ? "page" : undefined}
          className={cn(
            "mb-1 flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400",
            location === PATHS.accountNotifications ? "bg-white/10 text-white" : "text-slate-300 hover:bg-white/5 hover:text-white",
          )}
        >
          <Bell className="h-4 w-4" aria-hidden="true" />
          Notifications
        </Link>
        <Button
          variant="ghost"
          size="sm"
          className="w-full justify-start text-slate-300 hover:bg-white/5 hover:text-white focus-visible:ring-offset-slate-900"
          onClick={onSignOut}
          disabled={signingOut}
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    </div>
  );
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}
