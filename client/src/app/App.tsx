// The root: providers, public routes, the sign-in gate, and the lazily loaded signed-in app.
import { lazy, Suspense, useEffect } from "react";
import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { queryClient } from "@/lib/query-client";
import { useToastRaised } from "@/hooks/use-toast";
import { ErrorBoundary } from "@/components/layout/ErrorBoundary";
import { CenteredSpinner } from "@/components/ui/spinner";
import { AUTH_ME_KEY, useAuth, useLogout, useSessionErrorWatcher } from "@/features/auth/api";
import { clearSessionLockdown, useSessionLockdown } from "@/features/auth/lockdown";
import { NotFound } from "./NotFound";
import { PUBLIC_PAGES } from "./pages";
import { PATHS, routeIdForPath } from "@/lib/paths";
import { isPublicRoute } from "./permissions";

const AuthenticatedApp = lazy(() => import("./AuthenticatedApp"));
// The sign-in form (with its second step) and the lockdown notice are for the signed-out and the
// locked out: a signed-in visit, the usual one, does not fetch them (DECISIONS §9: 150 KB a route).
const LoginPage = lazy(() => import("@/features/auth/components/LoginPage").then((m) => ({ default: m.LoginPage })));
const LockdownScreen = lazy(() => import("@/features/auth/components/LockdownScreen").then((m) => ({ default: m.LockdownScreen })));
// The toast viewport loads with the first toast (most visits to the sign-in screen raise none): the
// toast waits in the toast store while the viewport's chunk arrives, and shows when it mounts.
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

/**
 * No answer from the server at all (DECISIONS §14): the installed app opens from its kept shell and
 * says so, instead of the browser's error or a sign-in form that cannot work. It tries again when
 * the device is back online, or when asked.
 */
function OfflineScreen({ retry }: { retry: () => void }) {
  useEffect(() => {
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [retry]);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div role="alert" className="grid max-w-sm justify-items-center gap-3 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">You are offline</h1>
        <p className="text-sm text-slate-600">The app cannot reach the server. Check the connection; it tries again by itself once you are back online.</p>
        <button type="button" onClick={retry} className="mt-1 inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2">
          Retry
        </button>
      </div>
    </main>
  );
}

/** A tapped notification (the service worker's 'open-url') takes the app there, signed in or not yet. */
function useNotificationTaps() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: unknown } | null;
      if (data?.type === "open-url" && typeof data.url === "string" && data.url.startsWith("/") && !data.url.startsWith("//")) navigate(data.url);
    };
    sw?.addEventListener("message", onMessage);
    return () => sw?.removeEventListener("message", onMessage);
  }, [navigate]);
}

function SignedInGate() {
  const { user, isLoading, offline, refetch } = useAuth();
  const lockdown = useSessionLockdown();
  const [location] = useLocation();
  useSessionErrorWatcher();
  useNotificationTaps();

  if (isLoading) return <CenteredSpinner fullScreen label="Loading your session" />;
  if (!user && offline) return <OfflineScreen retry={() => void refetch()} />;
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
      <NotFound fullPage signedIn={false} />
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
