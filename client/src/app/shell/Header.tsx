import { Menu, Plus } from "lucide-react";
import { Link } from "wouter";
import type { User } from "@shared/schemas/auth";
import { buttonVariants } from "@/components/ui/button";
import { PATHS } from "@/lib/paths";
import type { PageMeta } from "../page-meta";
import { AdminToolsMenu, NotificationsMenu } from "./HeaderMenus";

export type HeaderProps = {
  user: User;
  meta: PageMeta;
  onOpenMenu: () => void;
};

/** The header (spec 000 §2): page title and subtitle, the bell, and the role's quick actions. */
export function Header({ user, meta, onOpenMenu }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          className="-ml-1 inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:hidden"
        >
          <Menu className="h-5 w-5" aria-hidden="true" />
        </button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold leading-tight text-slate-900 sm:text-xl">{meta.title}</h1>
          {meta.subtitle ? <p className="truncate text-xs text-slate-600 sm:text-sm">{meta.subtitle}</p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-1.5 sm:gap-3">
          {user.role === "Accountant" ? (
            <Link href={PATHS.createTransaction} className={buttonVariants({ className: "px-2.5 sm:px-4" })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">New Transaction</span>
            </Link>
          ) : null}
          {user.role === "SuperAdmin" ? <AdminToolsMenu /> : null}
          <NotificationsMenu role={user.role} />
        </div>
      </div>
    </header>
  );
}
