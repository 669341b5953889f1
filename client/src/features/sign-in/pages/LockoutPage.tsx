// /lockout (spec 001 §2): the notice for users blocked by an emergency lockdown, in spec 001's words
// (spec 000 §2's in-app lockdown screen is LockdownScreen, in its own). Public: the
// session it explains is already gone. Access is re-checked every 30 s with a visible countdown
// (GET /api/auth/session: once the user is signed in again the app opens), or at once with
// 'Check Access Now'; 'Sign Out' forgets everything and shows the sign-in form.
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { LogOut, RefreshCw, ShieldAlert } from "lucide-react";
import { POLL } from "@shared/constants";
import { Button } from "@/components/ui";
import { PATHS } from "@/lib/paths";
import { useAuth, useLogout } from "@/lib/session";

const PERIOD_S = POLL.lockdownRetryMs / 1000;

export default function LockoutPage() {
  const [, navigate] = useLocation();
  const { refetch } = useAuth();
  const logout = useLogout(PATHS.login);
  const [seconds, setSeconds] = useState(PERIOD_S);
  const [checking, setChecking] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  const check = useCallback(async () => {
    setChecking(true);
    try {
      const result = await refetch();
      if (result.data) {
        navigate(PATHS.home);
        return;
      }
      setNote("Access is still restricted. You can sign in again once the lockdown ends.");
    } finally {
      setChecking(false);
      setSeconds(PERIOD_S);
    }
  }, [refetch, navigate]);

  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (seconds === 0 && !checking) void check();
  }, [seconds, checking, check]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-red-50 to-slate-100 px-4 py-10">
      <div className="w-full max-w-lg overflow-hidden rounded-2xl border border-red-200 bg-white shadow-xl">
        <div className="flex flex-col items-center gap-3 bg-red-700 px-6 py-8 text-center text-white">
          <div className="flex h-14 w-14 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/30">
            <ShieldAlert className="h-8 w-8" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight">System Lockdown in Effect</h1>
          <p className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold tracking-wide">Your session has been terminated</p>
        </div>
        <div className="space-y-5 px-6 py-6 sm:px-8">
          <p className="text-sm text-slate-700">
            An administrator has activated an emergency lockdown. For security, your session was ended and access for all users except system administrators is
            temporarily blocked.
          </p>
          <ul className="space-y-2 text-sm text-slate-700">
            {[
              "Your session has been terminated for security",
              "Access resumes automatically when the lockdown ends; you will then need to sign in again",
              "Contact your system administrator if you need urgent access",
            ].map((text) => (
              <li key={text} className="flex gap-2">
                <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-red-600" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
          {note ? (
            <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
              {note}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button className="flex-1" onClick={() => void check()} disabled={checking}>
              <RefreshCw className={checking ? "h-4 w-4 animate-spin" : "h-4 w-4"} aria-hidden="true" />
              {checking ? "Checking..." : "Check Access Now"}
            </Button>
            <Button variant="outline" className="flex-1" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sign Out
            </Button>
          </div>
          <p className="text-center text-xs text-slate-600">
            Checking access again in <span className="font-semibold tabular-nums">{seconds}</span> seconds...
          </p>
        </div>
      </div>
    </main>
  );
}
