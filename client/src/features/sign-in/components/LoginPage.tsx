import { lazy, Suspense, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Building2, LockKeyhole, UserRound } from "lucide-react";
import { useLocation } from "wouter";
import { errorMessage } from "@/lib/api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { AUTH_ME_KEY, isLockdownError, lockdownMessage, useLogin, useLogout, usePendingSecondFactor, type LoginCredentials } from "@/lib/session";
import { Spinner } from "@/components/ui/spinner";

// The second step loads once a password was right and a factor is asked for: most sign-ins never
// need it, and the login route has the tightest budget (DECISIONS §9).
// Likewise the lockdown notice, shown only when a lockdown refuses the sign-in.
const LockdownScreen = lazy(() => import("./LockdownScreen").then((m) => ({ default: m.LockdownScreen })));
const SecondFactorStep = lazy(() => import("./SecondFactorStep").then((m) => ({ default: m.SecondFactorStep })));

/** The login screen (spec 000 §2); shown in place of any page while signed out. */
export function LoginPage() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [lockdown, setLockdown] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A blocked sign-in keeps no password (DECISIONS §10): checking access afterwards asks whether a
  // session exists, and otherwise returns to this form, the user id kept, to sign in again.
  const queryClient = useQueryClient();
  const login = useLogin();
  const logout = useLogout("/login");
  const [location, navigate] = useLocation();
  const pendingSecondFactor = usePendingSecondFactor();

  const canSubmit = username.trim() !== "" && password.trim() !== "" && !login.isPending;

  const attempt = async (credentials: LoginCredentials) => {
    setError(null);
    setNotice(null);
    try {
      const answer = await login.mutateAsync(credentials);
      setLockdown(null);
      // The password is not kept past the first step: going back means typing it again.
      setPassword("");
      if ("user" in answer && location === "/login") navigate("/", { replace: true });
    } catch (err) {
      setPassword("");
      if (isLockdownError(err)) {
        setLockdown(lockdownMessage(err));
      } else {
        setLockdown(null);
        setError(errorMessage(err, "Login failed"));
      }
    }
  };

  /** Signed in meanwhile (another tab): the app. Otherwise only signing in again can tell; a manual check says so. */
  const checkAccess = async (manual: boolean) => {
    await queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
    const signedIn = queryClient.getQueryData(AUTH_ME_KEY) !== null && queryClient.getQueryData(AUTH_ME_KEY) !== undefined;
    if (signedIn || !manual) return;
    setLockdown(null);
    setNotice("If the lockdown has ended, sign in again. Your password was not kept.");
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    void attempt({ username, password });
  };

  if (lockdown !== null) {
    return (
      <Suspense fallback={<Spinner size="lg" label="Loading" />}>
        <LockdownScreen
          cause="sign-in"
          message={lockdown}
          onCheckAccess={checkAccess}
          onReturnToLogin={() => {
            setLockdown(null);
            setPassword("");
            logout.mutate();
          }}
        />
      </Suspense>
    );
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-50 via-white to-brand-50 px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-8 flex flex-col items-center text-center">
          <div className="mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/30">
            <Building2 className="h-7 w-7" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Business Management System</h1>
          <p className="mt-2 text-sm text-slate-600">Finance &amp; HR Management Platform</p>
        </div>

        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/60 sm:p-8">
          {pendingSecondFactor ? (
            <Suspense
              fallback={
                <div className="flex justify-center py-10">
                  <Spinner label="Loading the second step" />
                </div>
              }
            >
              <SecondFactorStep
                onLockdown={(message) => setLockdown(message)}
                onStartOver={(message) => {
                  // Ends the half-signed-in session on the server too, then the password form again.
                  logout.mutate();
                  setError(null);
                  setNotice(message ?? null);
                }}
              />
            </Suspense>
          ) : (
            <>
              <h2 className="mb-6 text-lg font-semibold text-slate-900">Sign in to your account</h2>
              <form onSubmit={onSubmit} className="space-y-5" noValidate>
                {error ? (
                  <Alert variant="destructive" aria-live="assertive">
                    {error}
                  </Alert>
                ) : null}
                {notice ? (
                  <Alert variant="info" aria-live="polite">
                    {notice}
                  </Alert>
                ) : null}
                <div className="grid gap-1.5">
                  <Label htmlFor="login-username">User ID</Label>
                  <div className="relative">
                    <UserRound className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
                    <Input
                      id="login-username"
                      name="username"
                      autoComplete="username"
                      autoCapitalize="none"
                      spellCheck={false}
                      autoFocus
                      placeholder="Enter your user ID"
                      className="pl-9"
                      value={username}
                      onChange={(e) => setUsername(e.target.value)}
                    />
                  </div>
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="login-password">Password</Label>
                  <div className="relative">
                    <LockKeyhole className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
                    <Input
                      id="login-password"
                      name="password"
                      type="password"
                      autoComplete="current-password"
                      placeholder="Enter your password"
                      className="pl-9"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                  </div>
                </div>
                <Button type="submit" size="lg" className="w-full" disabled={!canSubmit}>
                  {login.isPending ? "Signing in..." : "Sign In"}
                </Button>
              </form>
            </>
          )}
        </div>
        <p className="mt-6 text-center text-xs text-slate-600">Forgot your credentials? Contact your system administrator.</p>
      </div>
    </main>
  );
}
