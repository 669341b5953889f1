// The signed-in app: one lazily loaded chunk holding the shell, the guards and the page table, so
// none of it is downloaded on the login route.
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { ErrorBoundary } from "@/components/layout/ErrorBoundary";
import { CenteredSpinner } from "@/components/ui/spinner";
import { needsPasswordChange, needsSecondFactorSetup, type SessionUser } from "@/lib/session";
import { NotificationsProvider } from "@/features/notifications/NotificationsProvider";
import { AccessDenied } from "./AccessDenied";
import { NotFound } from "./NotFound";
import { APP_PAGES, HOME_PAGES } from "./pages";
import { PATHS, type RouteId } from "@/lib/paths";
import { allowedRoles, canAccessRoute, homeNameFor, homeScreenFor } from "./permissions";
import { AppShell } from "./shell/AppShell";
import { registerServiceWorker } from "@/lib/pwa";

/** Renders a page only for the roles that may open it; others get the access-denied card. */
function RouteGuard({ user, routeId, children }: { user: SessionUser; routeId: RouteId; children: ReactNode }) {
  if (canAccessRoute(user.role, routeId)) return <>{children}</>;
  return <AccessDenied roles={allowedRoles(routeId) ?? []} />;
}

const APP_ROUTE_IDS = Object.keys(APP_PAGES) as (keyof typeof APP_PAGES)[];

// Shown only when a new build is waiting (DECISIONS §14: "Reload to update").
const UpdateBanner = lazy(() => import("./shell/UpdateBanner"));

/** The installed app: the service worker once signed in, and this device's pushes kept with this person. */
function useInstalledApp(): (() => void) | null {
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | null>(null);
  useEffect(() => {
    registerServiceWorker((apply) => setApplyUpdate(() => apply));
  }, []);
  return applyUpdate;
}

// Only a user who must set up a second factor sees it: loaded then, so no other route carries it.
const SecondFactorSetupScreen = lazy(() => import("@/features/account").then((m) => ({ default: m.SecondFactorSetupScreen })));
// DECISIONS §15: a user signed in with a one-time password sees only "Change your password".
const ChangePasswordScreen = lazy(() => import("@/features/account").then((m) => ({ default: m.ChangePasswordScreen })));

export default function AuthenticatedApp({ user }: { user: SessionUser }) {
  const [location] = useLocation();
  const Home = HOME_PAGES[homeScreenFor(user.role)];
  const applyUpdate = useInstalledApp();
  if (needsPasswordChange(user)) {
    return (
      <Suspense fallback={<CenteredSpinner label="Loading" />}>
        <ChangePasswordScreen />
      </Suspense>
    );
  }
  // DECISIONS §13: a role that requires a second factor, and none yet. The server refuses every
  // other call, so nothing else is drawn (not even the bell's polling) until one is added.
  if (needsSecondFactorSetup(user)) {
    if (location !== PATHS.accountSecurity) return <Redirect to={PATHS.accountSecurity} replace />;
    return (
      <Suspense fallback={<CenteredSpinner label="Loading" />}>
        <SecondFactorSetupScreen />
      </Suspense>
    );
  }
  return (
    <NotificationsProvider>
      <AppShell user={user}>
        <ErrorBoundary resetKey={location}>
          <Suspense fallback={<CenteredSpinner label="Loading page" />}>
            <Switch>
              <Route path={PATHS.home}>
                <Home />
              </Route>
              {APP_ROUTE_IDS.map((id) => {
                const Page = APP_PAGES[id];
                return (
                  <Route key={id} path={PATHS[id]}>
                    <RouteGuard user={user} routeId={id}>
                      <Page />
                    </RouteGuard>
                  </Route>
                );
              })}
              <Route>
                <NotFound home={homeNameFor(user.role)} />
              </Route>
            </Switch>
          </Suspense>
        </ErrorBoundary>
        {applyUpdate ? (
          <Suspense fallback={null}>
            <UpdateBanner onReload={applyUpdate} />
          </Suspense>
        ) : null}
      </AppShell>
    </NotificationsProvider>
  );
}
