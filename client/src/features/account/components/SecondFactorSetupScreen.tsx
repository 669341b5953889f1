// The only screen open to a user whose role requires a second factor they do not have yet
// (DECISIONS §13): the server refuses their other calls, so the app shows nothing else until one
// is added, and offers a way out by signing out.
import { Building2, LogOut } from "lucide-react";
import { useCurrentUser, useLogout } from "@/lib/session";
import { Alert, Button } from "@/components/ui";
import { SecurityPanels } from "./SecurityPanels";

export function SecondFactorSetupScreen() {
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-30 bg-slate-900 text-white shadow-sm">
        <div className="mx-auto flex h-14 max-w-3xl items-center gap-3 px-4 sm:px-6">
          <div className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600">
            <Building2 className="h-4 w-4" aria-hidden="true" />
          </div>
          <p className="min-w-0 flex-1 truncate text-sm text-slate-300">
            {user.name} <span className="text-slate-400">· {user.role}</span>
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            className="text-slate-200 hover:bg-white/10 hover:text-white focus-visible:ring-offset-slate-900"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 focus:outline-none sm:px-6 lg:py-8">
        <div className="mb-5">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">Set up a second factor</h1>
          <p className="mt-1 text-sm text-slate-600">One more step before you can use the system.</p>
        </div>
        <Alert variant="warning" title={`${user.role} accounts need a second factor`} className="mb-5">
          Your administrator requires it for your role. Add a passkey or an authenticator app below; the system opens as soon as one is on.
        </Alert>
        <SecurityPanels setupMode />
      </main>
    </div>
  );
}
