// The emergency control page (spec 001 §2, DECISIONS §3 and §5): lockdown status polled every
// 10 s, a two-step confirm to activate or restore, the three emergency approver codes and their
// PINs (DECISIONS §10: set or replaced here, never shown back).
// Meant for a small watch screen as well as the admin area: one column, big touch targets.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Home, KeyRound, Lock, LockOpen, ShieldAlert, ShieldCheck, TriangleAlert, UserCheck } from "lucide-react";
import { formatDateTime } from "@shared/format";
import { Alert, Badge, Button, Card, CenteredSpinner, Field, Input } from "@/components/ui";
import { MessageCard } from "@/components/layout/MessageCard";
import { errorIssues, errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { cn } from "@/lib/utils";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/lib/session";
import { useEmergencyApprovers, useEmergencyStatus, useEmergencyToggle, useSaveEmergencyApprovers, useSetApproverPin } from "../api";

export const SUPERADMIN_ONLY_MESSAGE = "Emergency controls require SuperAdmin privileges.";

function LockdownPanel() {
  const status = useEmergencyStatus();
  const toggle = useEmergencyToggle();
  const [confirming, setConfirming] = useState(false);
  const enabled = status.data?.enabled ?? false;

  // A status change seen by polling cancels a half-made confirmation.
  useEffect(() => setConfirming(false), [enabled]);

  if (status.isPending) return <CenteredSpinner label="Loading the lockdown status" />;
  if (status.isError) return <Alert variant="destructive">{errorMessage(status.error, "Failed to load the emergency status")}</Alert>;

  const run = () =>
    runMutation(toggle, !enabled, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast(
          answer.enabled
            ? { title: "Emergency Lockdown Activated", description: answer.message, variant: "destructive" }
            : { title: "System Access Restored", description: answer.message },
        );
      },
      onError: (err) => {
        toast({ title: "Emergency Toggle Failed", description: errorMessage(err, "Failed to toggle emergency mode"), variant: "destructive" });
      },
    });

  return (
    <Card className="overflow-hidden">
      <div
        role="status"
        aria-live="polite"
        className={cn("flex flex-col items-center gap-2 px-5 py-7 text-center text-white", enabled ? "bg-red-700" : "bg-green-700")}
      >
        {enabled ? <ShieldAlert className="h-12 w-12" aria-hidden="true" /> : <ShieldCheck className="h-12 w-12" aria-hidden="true" />}
        <h2 className="text-2xl font-bold tracking-tight">{enabled ? "Emergency Lockdown Active" : "System Normal"}</h2>
        <p className="text-sm text-white">
          {enabled
            ? `All access except SuperAdmins is blocked${status.data?.activatedAt ? ` since ${formatDateTime(status.data.activatedAt)}` : ""}.`
            : "All users can sign in and work normally."}
        </p>
      </div>

      <div className="space-y-3 px-5 py-5">
        {!confirming ? (
          <Button
            size="lg"
            variant={enabled ? "default" : "destructive"}
            className={cn("h-14 w-full text-base font-bold", enabled && "bg-green-700 hover:bg-green-800")}
            onClick={() => setConfirming(true)}
          >
            {enabled ? <LockOpen className="h-5 w-5" aria-hidden="true" /> : <Lock className="h-5 w-5" aria-hidden="true" />}
            {enabled ? "Restore System Access" : "Activate Emergency Lockdown"}
          </Button>
        ) : (
          <div className="space-y-3">
            <Alert variant={enabled ? "warning" : "destructive"} title={enabled ? "Restore access for everyone?" : "Activate the emergency lockdown?"}>
              {enabled ? (
                <p>Restoring reopens access: every user can sign in again and work normally.</p>
              ) : (
                <ul className="list-disc space-y-1 pl-4">
                  <li>All access except SuperAdmins is blocked at once.</li>
                  <li>Every other user's session is terminated and their open screens are closed.</li>
                  <li>Emergency approval links stop working until access is restored.</li>
                </ul>
              )}
            </Alert>
            <div className="flex flex-col-reverse gap-2 sm:grid sm:grid-cols-2">
              <Button size="lg" variant="outline" className="h-12" onClick={() => setConfirming(false)} disabled={toggle.isPending}>
                Cancel
              </Button>
              <Button
                size="lg"
                variant={enabled ? "default" : "destructive"}
                className={cn("h-12 font-bold", enabled && "bg-green-700 hover:bg-green-800")}
                onClick={run}
                disabled={toggle.isPending}
              >
                {toggle.isPending ? "Working..." : enabled ? "Confirm Restore" : "Confirm Lockdown"}
              </Button>
            </div>
          </div>
        )}
        <p className="text-center text-xs text-slate-600">Status refreshes every 10 seconds.</p>
      </div>
    </Card>
  );
}

function ApproversPanel() {
  const approvers = useEmergencyApprovers();
  const save = useSaveEmergencyApprovers();
  const [codes, setCodes] = useState<string[]>(["", "", ""]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (approvers.data) setCodes(approvers.data.approvers);
  }, [approvers.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    runMutation(
      save,
      codes.map((c) => c.trim().toUpperCase()),
      {
        onSuccess: (answer) => toast({ title: "Approvers Updated", description: `Emergency approvers: ${answer.approvers.join(", ")}` }),
        onError: (err) => {
          setErrors(errorIssues(err));
          toast({ title: "Error", description: errorMessage(err, "Failed to update emergency approvers"), variant: "destructive" });
        },
      },
    );
  };

  return (
    <Card className="px-5 py-5">
      <div className="mb-4 flex items-start gap-3">
        <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <UserCheck className="h-5 w-5" aria-hidden="true" />
        </div>
        <div>
          <h2 className="text-base font-semibold text-slate-900">Emergency Approvers</h2>
          <p className="text-sm text-slate-600">
            The three short codes offered on emergency approval links: 2 to 6 letters each, all different. A code you replace loses its PIN.
          </p>
        </div>
      </div>
      {approvers.isPending ? (
        <CenteredSpinner label="Loading approvers" />
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="grid grid-cols-3 gap-2">
            {codes.map((code, i) => (
              <Field key={i} label={`Approver ${i + 1}`} error={errors[`approvers.${i}`]}>
                <Input
                  value={code}
                  maxLength={6}
                  autoCapitalize="characters"
                  className="text-center font-semibold uppercase tracking-wider"
                  onChange={(e) => setCodes((list) => list.map((c, j) => (j === i ? e.target.value.toUpperCase() : c)))}
                />
              </Field>
            ))}
          </div>
          {errors.approvers ? <p className="text-sm text-red-700">{errors.approvers}</p> : null}
          <Button type="submit" className="w-full" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save Approvers"}
          </Button>
        </form>
      )}
    </Card>
  );
}

/** One approver code: whether it has a PIN, and a field to set or replace it. The PIN is never shown back. */
function PinRow({ code, pinSet }: { code: string; pinSet: boolean }) {
  const setPin = useSetApproverPin();
  const [pin, setPinValue] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // The server's rule, fetched with zod on first use (lib/lazy-resolver.ts says why).
    const { emergencyPinSchema } = await import("@shared/schemas/emergency");
    const checked = emergencyPinSchema.safeParse(pin);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    runMutation(
      setPin,
      { code, pin },
      {
        onSuccess: () => {
          setPinValue("");
          toast({ title: "PIN Saved", description: `${code} ${pinSet ? "has a new PIN" : "can now approve through emergency links"}.` });
        },
        onError: (err) => {
          setError(errorIssues(err).pin ?? errorMessage(err, "Failed to save the PIN"));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-lg border border-slate-200 px-3 py-3" aria-label={`PIN of ${code}`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <span className="text-base font-bold tracking-wider text-slate-900">{code}</span>
        {pinSet ? <Badge variant="success">PIN set</Badge> : <Badge variant="warning">No PIN yet</Badge>}
      </div>
      <div className="flex items-start gap-2">
        <Field label={`${pinSet ? "New PIN" : "PIN"} for ${code}`} error={error} className="min-w-0 flex-1 [&>label]:sr-only">
          <Input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]*"
            maxLength={8}
            value={pin}
            placeholder={pinSet ? "New 6–8 digit PIN" : "6–8 digit PIN"}
            onChange={(e) => {
              setPinValue(e.target.value.replace(/\D/g, "").slice(0, 8));
              setError(undefined);
            }}
          />
        </Field>
        <Button type="submit" variant={pinSet ? "outline" : "default"} className="w-32 shrink-0" disabled={setPin.isPending}>
          {setPin.isPending ? "Saving..." : pinSet ? "Replace PIN" : "Set PIN"}
        </Button>
      </div>
    </form>
  );
}

function PinsPanel() {
  const approvers = useEmergencyApprovers();
  return (
    <Card className="px-5 py-5">
      <div className="mb-4 flex items-start gap-3">
        <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <KeyRound className="h-5 w-5" aria-hidden="true" />
        </div>
        <div>
          <h2 className="text-base font-semibold text-slate-900">Approver PINs</h2>
          <p className="text-sm text-slate-600">
            An emergency link decides only with the PIN of the approver code picked on it. Give each approver their PIN in person; it is never shown again. Five
            wrong PINs lock a code for 15 minutes.
          </p>
        </div>
      </div>
      {approvers.isPending ? (
        <CenteredSpinner label="Loading approvers" />
      ) : approvers.isError ? (
        <Alert variant="destructive">{errorMessage(approvers.error, "Failed to load the approver PINs")}</Alert>
      ) : (
        <div className="space-y-2">
          {approvers.data.approvers.map((code) => (
            <PinRow key={code} code={code} pinSet={approvers.data.pinSet?.[code] ?? false} />
          ))}
        </div>
      )}
    </Card>
  );
}

/** The whole control page; `standalone` frames it as a page of its own (the public /emergency route). */
export function EmergencyControls({ standalone = false }: { standalone?: boolean }) {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();

  let content;
  if (isLoading) {
    content = <CenteredSpinner label="Loading your session" />;
  } else if (!user?.permissions.controlsEmergencies) {
    content = (
      <MessageCard
        icon={TriangleAlert}
        tone="danger"
        as={standalone ? "h1" : "h2"}
        title="Access Denied"
        action={
          <Button onClick={() => navigate("/")}>
            <Home className="h-4 w-4" aria-hidden="true" />
            Return to Home
          </Button>
        }
      >
        {SUPERADMIN_ONLY_MESSAGE}
      </MessageCard>
    );
  } else {
    content = (
      <div className="mx-auto w-full max-w-md space-y-4">
        {standalone ? <h1 className="text-center text-lg font-semibold text-slate-900">Emergency Controls</h1> : null}
        <LockdownPanel />
        <ApproversPanel />
        <PinsPanel />
      </div>
    );
  }

  if (!standalone) return content;
  return <main className="flex min-h-screen items-start justify-center bg-slate-100 px-3 py-6 sm:items-center">{content}</main>;
}
