// /admin/security (DECISIONS §13): the SuperAdmin chooses the roles that must sign in with a second
// factor. None by default; SuperAdmin and Approver are recommended, since they move money and
// decide who can. The server refuses (409) to require it of the SuperAdmin's own role before they
// have a factor themselves; its message is shown as it comes.
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { ShieldCheck } from "lucide-react";
import { ROLES, type Role } from "@shared/constants";
import { PATHS } from "@/lib/paths";
import { Alert, Badge, Button, Card, Checkbox, Spinner } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { useSaveSecuritySettings, useSecuritySettings } from "../api";

const RECOMMENDED: readonly Role[] = ["SuperAdmin", "Approver"];

const WHY: Record<Role, string> = {
  SuperAdmin: "Manages users, roles and the lockdown, and approves anything.",
  Approver: "Approves payments, often from a phone.",
  Accountant: "Creates and submits transactions.",
  "HR Admin": "Manages employees, salaries and payroll reports.",
  "HR Staff": "Records attendance and leave.",
  Employee: "Sees their own days and asks for leave.",
};

export default function AdminSecurityPage() {
  const settings = useSecuritySettings();
  const save = useSaveSecuritySettings();
  const [chosen, setChosen] = useState<Set<Role>>(new Set());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data) setChosen(new Set(settings.data.requireSecondFactor));
  }, [settings.data]);

  const saved = new Set(settings.data?.requireSecondFactor ?? []);
  const changed = chosen.size !== saved.size || [...chosen].some((r) => !saved.has(r));

  const toggle = (role: Role, on: boolean) => {
    setError(null);
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(role);
      else next.delete(role);
      return next;
    });
  };

  const onSave = async () => {
    setError(null);
    try {
      const answer = await save.mutateAsync({ requireSecondFactor: ROLES.filter((r) => chosen.has(r)) });
      const list = answer.requireSecondFactor;
      toast({
        title: "Second factor rules saved",
        description:
          list.length > 0
            ? `Required for ${list.join(", ")}. People without one are asked to set it up when they next sign in.`
            : "No role requires a second factor.",
      });
    } catch (err) {
      setError(errorMessage(err, "The rules could not be saved"));
    }
  };

  if (settings.isLoading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label="Loading the second factor rules" />
      </div>
    );
  }
  if (settings.isError) {
    return <Alert variant="destructive">{errorMessage(settings.error, "The second factor rules could not be loaded")}</Alert>;
  }

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <Card>
        <div className="flex gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
            <ShieldCheck className="h-5 w-5" />
          </span>
          <div>
            <h2 className="text-base font-semibold text-slate-900">Require a second factor</h2>
            <p className="mt-0.5 text-sm text-slate-600">
              People in a checked role must add a passkey or an authenticator app; until they do, signing in leads them to set one up and nothing else opens.
            </p>
          </div>
        </div>
        <fieldset className="px-5 py-2 sm:px-6">
          <legend className="sr-only">Roles that must use a second factor</legend>
          <ul className="divide-y divide-slate-100">
            {ROLES.map((role) => (
              <li key={role} className="flex items-start justify-between gap-3 py-3">
                <Checkbox label={role} hint={WHY[role]} checked={chosen.has(role)} onChange={(e) => toggle(role, e.target.checked)} disabled={save.isPending} />
                {RECOMMENDED.includes(role) ? <Badge variant="info">Recommended</Badge> : null}
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="space-y-3 border-t border-slate-100 px-5 py-4 sm:px-6">
          {error ? <Alert variant="destructive">{error}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-slate-600">
              Your own factors are on{" "}
              <Link href={PATHS.accountSecurity} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                Account Security
              </Link>
              .
            </p>
            <Button onClick={() => void onSave()} disabled={!changed || save.isPending}>
              {save.isPending ? "Saving…" : "Save rules"}
            </Button>
          </div>
        </div>
      </Card>
      <Alert variant="info" title="Locked out?">
        If someone loses every factor and their recovery codes, reset their second factor from User Management. They sign in with their password and set up a
        new one.
      </Alert>
    </div>
  );
}
