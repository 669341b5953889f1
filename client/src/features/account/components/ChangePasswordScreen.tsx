// "Change your password" (DECISIONS §15): the only screen of a user signed in with a one-time
// password. The server refuses their other calls until they choose their own, so nothing else is
// drawn; signing out is the way out. Phone first: one column, large fields.
import { useState, type FormEvent } from "react";
import { runMutation } from "@/lib/mutation";
import { Building2, KeyRound, LogOut } from "lucide-react";
import { LIMITS } from "@shared/constants";
import { useChangeOwnPassword, useCurrentUser, useLogout } from "@/lib/session";
import { Alert, Button, Card, Field, Input } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";

export function ChangePasswordScreen() {
  const user = useCurrentUser();
  const logout = useLogout();
  const change = useChangeOwnPassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!current) found.currentPassword = "Enter the password you were given";
    if (next.length < LIMITS.passwordMin) found.newPassword = `Password must be at least ${LIMITS.passwordMin} characters`;
    else if (next === current) found.newPassword = "Choose a password other than the one you were given";
    if (again !== next) found.confirm = "Passwords don't match";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    runMutation(change, 
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => toast({ title: "Password changed", description: "Use your new password from now on." }),
        onError: (err) => {
          const issues = errorIssues(err);
          setErrors(Object.keys(issues).length > 0 ? issues : { root: errorMessage(err, "Could not change the password") });
        },
      },
    );
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-30 bg-slate-900 text-white shadow-sm">
        <div className="mx-auto flex h-14 max-w-lg items-center gap-3 px-4">
          <div className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600">
            <Building2 className="h-4 w-4" aria-hidden="true" />
          </div>
          <p className="min-w-0 flex-1 truncate text-sm text-slate-300">{user.name}</p>
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
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-lg px-4 py-6 focus:outline-none">
        <div className="mb-5">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">Change your password</h1>
          <p className="mt-1 text-sm text-slate-600">The password HR gave you works only once. Choose your own to continue.</p>
        </div>
        <Card className="p-5">
          <form onSubmit={submit} noValidate className="grid gap-4">
            {errors.root ? <Alert variant="destructive">{errors.root}</Alert> : null}
            <Field label="Password you were given" required error={errors.currentPassword}>
              <Input type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
            </Field>
            <Field label="New password" required error={errors.newPassword} hint={`At least ${LIMITS.passwordMin} characters`}>
              <Input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
            </Field>
            <Field label="New password again" required error={errors.confirm}>
              <Input type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />
            </Field>
            <Button type="submit" size="lg" disabled={change.isPending}>
              <KeyRound className="h-4 w-4" aria-hidden="true" />
              {change.isPending ? "Saving…" : "Save my password"}
            </Button>
          </form>
        </Card>
      </main>
    </div>
  );
}
