// The root: providers, public routes, the sign-in gate, and the lazily loaded signed-in app.
import { lazy, Suspense } from "react";
import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { queryClient } from "@/lib/query-client";
import { useToastRaised } from "@/hooks/use-toast";
import { ErrorBoundary } from "@/components/layout/ErrorBoundary";
import { CenteredSpinner } from "@/components/ui/spinner";
import { AUTH_ME_KEY, clearSessionLockdown, useAuth, useLogout, useSessionErrorWatcher, useSessionLockdown } from "@/lib/session";
import { NotFound } from "./NotFound";
import { PUBLIC_PAGES } from "./pages";
import { PATHS, routeIdForPath } from "@/lib/paths";
import { isPublicRoute } from "./permissions";

const AuthenticatedApp = lazy(() => import("./AuthenticatedApp"));
// The sign-in form (with its second step) and the lockdown notice are for the signed-out and the
// locked out: a signed-in visit, the usual one, does not fetch them (DECISIONS §9: 150 KB a route).
const LoginPage = lazy(() => import("@/features/sign-in/components/LoginPage").then((m) => ({ default: m.LoginPage })));
const LockdownScreen = lazy(() => import("@/features/sign-in/components/LockdownScreen").then((m) => ({ default: m.LockdownScreen })));
// The toast viewport loads with the first toast (most visits to the sign-in screen raise none): the
// toast waits in the toast store while the viewport's chunk arrives, and shows when it mounts.
// No answer from the server at all: loaded then (the service worker keeps it with the shell).
const OfflineScreen = lazy(() => import("./OfflineScreen"));
const Toaster = lazy(() => import("@/components/ui/toast").then((m) => ({ default: m.Toaster })));

/** Emergency links, the emergency page and the lockout notice: no sign-in, no shell. */
function PublicRoutes() {
  return (
    <Switch>
      <Route path={PATHS.emergencyApprove}>
        <PUBLIC_PAGES.emergencyApprove />
      </Route>
      <Route path={PATHS.emergencyReject}>
        <PUBLIC_PAGES.emergencyReject />
      </Route>
      <Route path={PATHS.emergency}>
        <PUBLIC_PAGES.emergency />
      </Route>
      <Route path={PATHS.lockout}>
        <PUBLIC_PAGES.lockout />
      </Route>
    </Switch>
  );
}

/** A lockdown that cut a signed-in session off (a 423 answer; later the socket's lockdown message). */
function SessionLockdownScreen({ message }: { message: string }) {
  const client = useQueryClient();
  const logout = useLogout(PATHS.login);
  return (
    <LockdownScreen
      message={message}
      onCheckAccess={async () => {
        // Still signed in (lockdown lifted, or a SuperAdmin): back to work. Otherwise the login
        // form, whose sign-in answers 423 again while the lockdown lasts.
        await client.invalidateQueries({ queryKey: AUTH_ME_KEY });
        clearSessionLockdown();
      }}
      onReturnToLogin={() => {
        clearSessionLockdown();
        logout.mutate();
      }}
    />
  );
}

function SignedInGate() {
  const { user, isLoading, offline, refetch } = useAuth();
  const lockdown = useSessionLockdown();
  const [location] = useLocation();
  useSessionErrorWatcher();

  if (isLoading) return <CenteredSpinner fullScreen label="Loading your session" />;
  if (!user && offline) {
    return (
      <Suspense fallback={<CenteredSpinner fullScreen />}>
        <OfflineScreen retry={() => void refetch()} />
      </Suspense>
    );
  }
  if (lockdown) {
    return (
      <Suspense fallback={<CenteredSpinner fullScreen />}>
        <SessionLockdownScreen message={lockdown.message} />
      </Suspense>
    );
  }
  if (!user) {
    // Known pages show the login form in place (the address stays, so sign-in lands there);
    // unknown ones still say 'Page Not Found'.
    return routeIdForPath(location) ? (
      <Suspense fallback={<CenteredSpinner fullScreen />}>
        <LoginPage />
      </Suspense>
    ) : (
      <NotFound fullPage />
    );
  }
  if (location === PATHS.login) return <Redirect to={PATHS.home} replace />;
  return (
    <Suspense fallback={<CenteredSpinner fullScreen label="Loading" />}>
      <AuthenticatedApp user={user} />
    </Suspense>
  );
}

function Root() {
  const [location] = useLocation();
  if (isPublicRoute(routeIdForPath(location))) {
    return (
      <Suspense fallback={<CenteredSpinner fullScreen />}>
        <PublicRoutes />
      </Suspense>
    );
  }
  return <SignedInGate />;
}

export function App() {
  const toastRaised = useToastRaised();
  const [location] = useLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary resetKey={location}>
        <Root />
      </ErrorBoundary>
      {toastRaised ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
