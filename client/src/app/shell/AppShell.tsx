import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import type { User } from "@shared/schemas/auth";
import { useLogout } from "@/lib/session";
import { pageMetaFor } from "../page-meta";
import { hasSidebar } from "../permissions";
import { Header } from "./Header";
import type { ComponentProps } from "react";
import { lazyDialog } from "@/lib/lazy-dialog";
import type { MobileDrawer as MobileDrawerType } from "./MobileDrawer";
import { Sidebar } from "./Sidebar";

// The drawer (Radix Dialog) loads when a phone first opens the menu: a desktop never needs it.
const MobileDrawer = lazyDialog<ComponentProps<typeof MobileDrawerType>>(
  () => import("./MobileDrawer").then((m) => m.MobileDrawer),
  (p) => p.open,
);

// Only an Approver's frame has the top bar; the other roles never fetch it.
const ApproverTopBar = lazy(() => import("./ApproverTopBar").then((m) => ({ default: m.ApproverTopBar })));

const APP_NAME = "Business Management System";

function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-brand-500"
    >
      Skip to main content
    </a>
  );
}

/** The frame of every signed-in screen: sidebar + header, or the Approver's top bar (spec 000 §2). */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const [location] = useLocation();
  const meta = pageMetaFor(location, user.role);
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    document.title = `${meta.title} · ${APP_NAME}`;
  }, [meta.title]);

  // A new page closes the phone drawer.
  useEffect(() => setDrawerOpen(false), [location]);

  const signOut = () => logout.mutate();

  if (!hasSidebar(user.role)) {
    return (
      <div className="min-h-screen bg-slate-50">
        <SkipLink />
        <Suspense fallback={<div className="sticky top-0 z-30 h-14 bg-slate-900" aria-hidden="true" />}>
          <ApproverTopBar user={user} onSignOut={signOut} signingOut={logout.isPending} />
        </Suspense>
        <main id="main-content" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          {meta.ownHeading ? null : (
            <div className="mb-6">
              <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">{meta.title}</h1>
              {meta.subtitle ? <p className="mt-1 text-sm text-slate-600">{meta.subtitle}</p> : null}
            </div>
          )}
          {children}
        </main>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <aside aria-label="Sidebar" className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r border-slate-800 lg:block">
        <Sidebar user={user} onSignOut={signOut} signingOut={logout.isPending} />
      </aside>
      <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Sidebar user={user} onSignOut={signOut} signingOut={logout.isPending} onNavigate={() => setDrawerOpen(false)} />
      </MobileDrawer>
      <div className="flex min-h-screen flex-col lg:pl-64">
        <Header user={user} meta={meta} onOpenMenu={() => setDrawerOpen(true)} />
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-7xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
