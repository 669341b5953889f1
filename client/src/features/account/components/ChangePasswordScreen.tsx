// "Change your password" (DECISIONS §15): the only screen of a user signed in with a one-time
// password. The server refuses their other calls until they choose their own, so nothing else is
// drawn (BeforeYouGoOn); signing out is the way out. Phone first: one column, large fields.
import { useState, type FormEvent } from "react";
import { runMutation } from "@/lib/mutation";
import { KeyRound } from "lucide-react";
import { LIMITS } from "@shared/constants";
import { useChangeOwnPassword } from "@/lib/session";
import { Alert, Button, Card, Field, Input } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { BeforeYouGoOn } from "./BeforeYouGoOn";

export function ChangePasswordScreen() {
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
    runMutation(
      change,
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
    <BeforeYouGoOn title="Change your password" subtitle="The password HR gave you works only once. Choose your own to continue." width="form">
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
    </BeforeYouGoOn>
  );
}
