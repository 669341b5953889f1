// "Confirm it's you" (DECISIONS §13): a change to the second factor needs the session to have proved
// who it is in the last 5 minutes. The server names the ways that will do: the password for a user
// without a factor, else a passkey (first, where there is one), a code from the authenticator app or a
// recovery code. The WebAuthn helper loads on the first passkey press.
import { useEffect, useState, type FormEvent } from "react";
import { Fingerprint, KeyRound, LifeBuoy, Smartphone } from "lucide-react";
import type { ProofMethod } from "@shared/constants";
import { Alert, Button, Dialog, DialogContent, Field, Input } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { passkeyAssertion } from "@/lib/passkeys";
import { proofPasskeyOptions, useProveIdentity } from "../api";

type Mode = "password" | "passkey" | "totp" | "recovery";

function firstMode(methods: readonly ProofMethod[]): Mode {
  if (methods.includes("password")) return "password";
  if (methods.includes("passkey")) return "passkey";
  if (methods.includes("totp")) return "totp";
  return "recovery";
}

const FIELD: Record<Exclude<Mode, "passkey">, { label: string; hint: string; placeholder: string; submit: string }> = {
  password: { label: "Your password", hint: "The password you sign in with.", placeholder: "", submit: "Confirm" },
  totp: {
    label: "Code from your authenticator app",
    hint: "The 6-digit code your app shows for this account now.",
    placeholder: "6-digit code",
    submit: "Confirm",
  },
  recovery: { label: "Recovery code", hint: "Each recovery code works once.", placeholder: "XXXX-XXXX-XXXX-XXXX", submit: "Confirm" },
};

export function ProofDialog({ methods, onProved, onCancel }: { methods: readonly ProofMethod[] | null; onProved: () => void; onCancel: () => void }) {
  const open = methods !== null;
  const prove = useProveIdentity();
  const [mode, setMode] = useState<Mode>("password");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const busy = prove.isPending || passkeyBusy;
  const offered = methods ?? [];

  useEffect(() => {
    if (!methods) return;
    setMode(firstMode(methods));
    setValue("");
    setError(null);
  }, [methods]);

  const switchTo = (next: Mode) => {
    setMode(next);
    setValue("");
    setError(null);
  };

  const send = async (proof: Parameters<typeof prove.mutateAsync>[0], fallback: string) => {
    setError(null);
    try {
      await prove.mutateAsync(proof);
      onProved();
    } catch (err) {
      setValue("");
      setError(errorMessage(err, fallback));
    }
  };

  const proveWithPasskey = async () => {
    setError(null);
    setPasskeyBusy(true);
    try {
      const answered = await passkeyAssertion(proofPasskeyOptions);
      if ("failure" in answered) {
        setError(answered.failure);
        return;
      }
      await send({ method: "passkey", response: answered.response } as Parameters<typeof prove.mutateAsync>[0], "That passkey was not accepted.");
    } catch (err) {
      setError(errorMessage(err, "The passkey check could not start."));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || mode === "passkey") return;
    const typed = mode === "password" ? value : value.trim();
    if (!typed) {
      setError(mode === "password" ? "Enter your password" : "Enter the code");
      return;
    }
    if (mode === "password") void send({ method: "password", password: typed }, "That password is not right.");
    else void send({ method: mode, code: mode === "totp" ? typed.replace(/\s+/g, "") : typed }, "That code is not right.");
  };

  const others = (
    [
      ["passkey", Fingerprint, "Use your passkey"],
      ["totp", Smartphone, "Enter a code from your authenticator app"],
      ["recovery", LifeBuoy, "Use a recovery code"],
    ] as const
  ).filter(([m]) => m !== mode && offered.includes(m));

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent
        size="sm"
        title="Confirm it's you"
        description="Changing how you sign in needs your password or second factor from the last few minutes. Then we carry on with what you asked."
        footer={
          <>
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            {mode === "passkey" ? null : (
              <Button type="submit" form="proof-form" disabled={busy}>
                {prove.isPending ? "Checking…" : FIELD[mode].submit}
              </Button>
            )}
          </>
        }
      >
        <div className="space-y-4">
          {error ? (
            <Alert variant="destructive" aria-live="assertive">
              {error}
            </Alert>
          ) : null}
          {mode === "passkey" ? (
            <div className="space-y-2">
              <Button size="lg" className="w-full" onClick={() => void proveWithPasskey()} disabled={busy}>
                <Fingerprint className="h-5 w-5" aria-hidden="true" />
                {passkeyBusy ? "Waiting for your passkey…" : "Use your passkey"}
              </Button>
              <p className="text-center text-xs text-slate-600">Your fingerprint, face or screen lock on this device, or a security key.</p>
            </div>
          ) : (
            <form id="proof-form" onSubmit={onSubmit} noValidate>
              <Field label={FIELD[mode].label} hint={FIELD[mode].hint}>
                <Input
                  type={mode === "password" ? "password" : "text"}
                  autoFocus
                  autoComplete={mode === "password" ? "current-password" : mode === "totp" ? "one-time-code" : "off"}
                  inputMode={mode === "totp" ? "numeric" : "text"}
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={mode === "password" ? 1000 : 40}
                  placeholder={FIELD[mode].placeholder}
                  className={mode === "password" ? undefined : "font-mono tracking-wider"}
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              </Field>
            </form>
          )}
          {others.length > 0 ? (
            <div className="space-y-2 border-t border-slate-100 pt-4">
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Other ways</p>
              {others.map(([m, Icon, label]) => (
                <Button key={m} variant="outline" className="w-full justify-start" onClick={() => switchTo(m)} disabled={busy}>
                  <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
                  {label}
                </Button>
              ))}
            </div>
          ) : null}
          {mode === "password" ? null : (
            <p className="flex items-center gap-1.5 text-xs text-slate-500">
              <KeyRound className="h-3.5 w-3.5" aria-hidden="true" />
              Your password alone is not enough once you have a second factor.
            </p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
