// A SuperAdmin resets another user's second factor (DECISIONS §13): every passkey, the authenticator
// app and the recovery codes go, their sessions end, and the reason is kept in the audit trail.
import { useEffect, useState, type FormEvent } from "react";
import type { User } from "@shared/schemas/auth";
import { Alert, Dialog, DialogContent, Field, FormDialogFooter, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { useUserMutations } from "../api";

const REASON_MAX = 500;

export function ResetSecondFactorDialog({ user, onOpenChange }: { user: User | null; onOpenChange: (open: boolean) => void }) {
  const { resetSecondFactor } = useUserMutations();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (user) {
      setReason("");
      setError(undefined);
      setFailure(null);
    }
  }, [user]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    if (!reason.trim()) {
      setError("Say why, for the audit trail");
      return;
    }
    setError(undefined);
    setFailure(null);
    try {
      await resetSecondFactor.mutateAsync({ id: user.id, reason: reason.trim() });
      toast({ title: "Second factor reset", description: `${user.name} was signed out and sets up a new second factor at the next sign-in.` });
      onOpenChange(false);
    } catch (err) {
      setFailure(errorMessage(err, "The second factor could not be reset"));
    }
  };

  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title="Reset second factor"
        description={user ? `Remove every passkey, the authenticator app and the recovery codes of ${user.name} (@${user.username}).` : undefined}
        footer={
          <FormDialogFooter
            formId="reset-second-factor-form"
            submitLabel="Reset second factor"
            pending={resetSecondFactor.isPending}
            pendingLabel="Resetting…"
            variant="destructive"
            onCancel={() => onOpenChange(false)}
          />
        }
      >
        <form id="reset-second-factor-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <Alert variant="warning">Their sessions end now. Do this only after confirming who is asking, e.g. in person or by a call to a known number.</Alert>
          {failure ? <Alert variant="destructive">{failure}</Alert> : null}
          <Field label="Reason" required error={error} hint="Kept in the audit trail.">
            <Textarea
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              maxLength={REASON_MAX}
              rows={3}
              placeholder="e.g. Lost phone, identity confirmed by a call"
            />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
