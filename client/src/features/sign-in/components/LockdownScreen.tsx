// The Emergency Lockdown screen (spec 000 §2), in its words: the one screen a lockdown shows, whether
// it refused a sign-in (LoginPage), cut a signed-in session off (app/App.tsx) or the user opened the
// lockdown notice's own address (/lockout, pages/LockoutPage.tsx).
import { useEffect, useRef, useState } from "react";
import { LogIn, RefreshCw, ShieldAlert } from "lucide-react";
import { POLL } from "@shared/constants";
import { Button } from "@/components/ui/button";

export type LockdownScreenProps = {
  /** The server's message ('System is in emergency lockdown mode'). */
  message?: string;
  /** What the last check found, when it found the lockdown still on. */
  notice?: string | null;
  /** Re-checks access; called by 'Check Access Status' (manual: true) and automatically every 30 s (manual: false). */
  onCheckAccess: (manual: boolean) => Promise<unknown> | void;
  /** Signs out, then shows the login form. */
  onReturnToLogin: () => void;
  /**
   * What the lockdown stopped: a session it ended, or a sign-in it refused. Someone who was only
   * signing in had no session to terminate; they are told that sign-in is paused.
   */
  cause?: "session" | "sign-in";
};

const BULLETS: Record<NonNullable<LockdownScreenProps["cause"]>, string[]> = {
  session: [
    "Your session has been terminated for security",
    "All user access is temporarily blocked",
    "Contact your system administrator for assistance",
    "Normal access will resume when the lockdown ends",
  ],
  "sign-in": [
    "Sign-in is paused while the system is in lockdown",
    "All user access is temporarily blocked",
    "Contact your system administrator for assistance",
    "You can sign in again when the lockdown ends",
  ],
};

/** The Emergency Lockdown screen (spec 000 §2). */
export function LockdownScreen({ message, notice, onCheckAccess, onReturnToLogin, cause = "session" }: LockdownScreenProps) {
  const [checking, setChecking] = useState(false);
  // Bumped after every check so the 30 s timer restarts from the last check.
  const [round, setRound] = useState(0);
  const checkRef = useRef(onCheckAccess);
  checkRef.current = onCheckAccess;

  const check = async (manual: boolean) => {
    setChecking(true);
    try {
      await checkRef.current(manual);
    } finally {
      setChecking(false);
      setRound((r) => r + 1);
    }
  };

  useEffect(() => {
    const timer = setTimeout(() => void check(false), POLL.lockdownRetryMs);
    return () => clearTimeout(timer);
  }, [round]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-red-50 to-slate-100 px-4 py-10">
      <div className="w-full max-w-lg overflow-hidden rounded-2xl border border-red-200 bg-white shadow-xl">
        <div className="flex flex-col items-center gap-3 bg-red-700 px-6 py-8 text-center text-white">
          <div className="flex h-14 w-14 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/30">
            <ShieldAlert className="h-8 w-8" aria-hidden="true" />
          </div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
            Emergency System Lockdown
          </h1>
          <p className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold tracking-wide">Access Restricted</p>
        </div>
        <div className="space-y-5 px-6 py-6 sm:px-8">
          {message ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {message}
            </p>
          ) : null}
          <p className="text-sm text-slate-700">The system is in emergency lockdown. Only system administrators can access the system during a lockdown.</p>
          <ul className="space-y-2 text-sm text-slate-700">
            {BULLETS[cause].map((text) => (
              <li key={text} className="flex gap-2">
                <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-red-600" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
          {notice ? (
            <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
              {notice}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button className="flex-1" onClick={() => void check(true)} disabled={checking}>
              <RefreshCw className={checking ? "h-4 w-4 animate-spin" : "h-4 w-4"} aria-hidden="true" />
              {checking ? "Checking..." : "Check Access Status"}
            </Button>
            <Button variant="outline" className="flex-1" onClick={onReturnToLogin}>
              <LogIn className="h-4 w-4" aria-hidden="true" />
              Return to Login
            </Button>
          </div>
          <p className="text-center text-xs text-slate-600" aria-live="polite">
            Automatically checking access in 30 seconds...
          </p>
        </div>
      </div>
    </main>
  );
}
