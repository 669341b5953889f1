// The second step of signing in (DECISIONS §13): a passkey first where the user has one, else a
// code from the authenticator app; a recovery code as the way out. The WebAuthn helper loads on the
// first passkey press, so the login route stays within its budget (DECISIONS §9).
import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Fingerprint, KeyRound, LifeBuoy, Smartphone } from "lucide-react";
import { errorMessage, errorStatus } from "@/lib/api";
import { passkeyAssertion } from "@/lib/passkeys";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  AUTH_ME_KEY,
  getPendingSecondFactor,
  isLockdownError,
  lockdownMessage,
  secondFactorPasskeyOptions,
  usePendingSecondFactor,
  useSecondFactor,
  type SecondFactorMethod,
  type SecondFactorProof,
} from "@/lib/session";
import { RECOVERY_CODE_SHAPE } from "@shared/recovery-code";

type Mode = "choose" | "totp" | "recovery";

function firstMode(methods: readonly SecondFactorMethod[]): Mode {
  if (methods.includes("passkey")) return "choose";
  if (methods.includes("totp")) return "totp";
  return "recovery";
}

export type SecondFactorStepProps = {
  /** Leaves the half-signed-in session and returns to the password form. */
  onStartOver: (notice?: string) => void;
  onLockdown: (message: string) => void;
};

export function SecondFactorStep({ onStartOver, onLockdown }: SecondFactorStepProps) {
  const pending = usePendingSecondFactor();
  const methods = pending?.methods ?? [];
  const queryClient = useQueryClient();
  const finish = useSecondFactor();
  const [mode, setMode] = useState<Mode>(() => firstMode(methods));
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const busy = finish.isPending || passkeyBusy;

  const switchTo = (next: Mode) => {
    setMode(next);
    setCode("");
    setError(null);
  };

  /** A refused step: a lockdown, a half session that ran out (back to the password), or a wrong code. */
  const failed = async (err: unknown, fallback: string) => {
    if (isLockdownError(err)) {
      onLockdown(lockdownMessage(err));
      return;
    }
    if (errorStatus(err) === 401) {
      // The half-signed-in session lasts 5 minutes: when it is gone, only the password can restart.
      await queryClient.refetchQueries({ queryKey: AUTH_ME_KEY });
      if (queryClient.getQueryData(AUTH_ME_KEY) === null && getPendingSecondFactor() === null) {
        onStartOver("Your sign-in took too long and was cancelled. Enter your password again.");
        return;
      }
    }
    setError(errorMessage(err, fallback));
  };

  const submit = async (proof: SecondFactorProof, fallback: string) => {
    setError(null);
    try {
      await finish.mutateAsync(proof);
    } catch (err) {
      setCode("");
      await failed(err, fallback);
    }
  };

  const signInWithPasskey = async () => {
    setError(null);
    setPasskeyBusy(true);
    try {
      const answered = await passkeyAssertion(secondFactorPasskeyOptions);
      if ("failure" in answered) {
        setError(answered.failure);
        return;
      }
      await submit({ method: "passkey", response: answered.response }, "That passkey was not accepted.");
    } catch (err) {
      await failed(err, "The passkey sign-in could not start.");
    } finally {
      setPasskeyBusy(false);
    }
  };

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, "");
    if (!value || busy) return;
    if (mode === "totp") void submit({ method: "totp", code: value }, "That code is not right. Enter the current code from your app.");
    else void submit({ method: "recovery", code: code.trim() }, "That recovery code is not right, or was already used.");
  };

  const others = (
    <div className="grid gap-2">
      {mode !== "choose" && methods.includes("passkey") ? (
        <Button variant="outline" className="w-full justify-start" onClick={() => switchTo("choose")} disabled={busy}>
          <Fingerprint className="h-4 w-4 text-slate-500" aria-hidden="true" />
          Use your passkey
        </Button>
      ) : null}
      {mode !== "totp" && methods.includes("totp") ? (
        <Button variant="outline" className="w-full justify-start" onClick={() => switchTo("totp")} disabled={busy}>
          <Smartphone className="h-4 w-4 text-slate-500" aria-hidden="true" />
          Enter a code from your authenticator app
        </Button>
      ) : null}
      {mode !== "recovery" && methods.includes("recovery") ? (
        <Button variant="outline" className="w-full justify-start" onClick={() => switchTo("recovery")} disabled={busy}>
          <LifeBuoy className="h-4 w-4 text-slate-500" aria-hidden="true" />
          Use a recovery code
        </Button>
      ) : null}
    </div>
  );

  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Confirm it&apos;s you</h2>
        <p className="mt-1 text-sm text-slate-600">Your password was right. Finish signing in with your second factor.</p>
      </div>

      {error ? (
        <Alert variant="destructive" aria-live="assertive">
          {error}
        </Alert>
      ) : null}

      {mode === "choose" ? (
        <div className="space-y-2">
          <Button size="lg" className="w-full" onClick={() => void signInWithPasskey()} disabled={busy}>
            <Fingerprint className="h-5 w-5" aria-hidden="true" />
            {passkeyBusy ? "Waiting for your passkey…" : "Use your passkey"}
          </Button>
          <p className="text-center text-xs text-slate-600">Your fingerprint, face or screen lock on this device, or a security key.</p>
        </div>
      ) : (
        <form onSubmit={onCode} className="space-y-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="second-factor-code">{mode === "totp" ? "Code from your authenticator app" : "Recovery code"}</Label>
            <div className="relative">
              <KeyRound className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <Input
                id="second-factor-code"
                name={mode === "totp" ? "totp" : "recovery-code"}
                autoFocus
                autoComplete={mode === "totp" ? "one-time-code" : "off"}
                inputMode={mode === "totp" ? "numeric" : "text"}
                autoCapitalize="none"
                spellCheck={false}
                maxLength={mode === "totp" ? 8 : 40}
                placeholder={mode === "totp" ? "6-digit code" : RECOVERY_CODE_SHAPE}
                className="pl-9 font-mono tracking-wider"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-describedby="second-factor-hint"
              />
            </div>
            <p id="second-factor-hint" className="text-xs text-slate-600">
              {mode === "totp"
                ? "Open your authenticator app and type the code it shows for this account."
                : "Each recovery code works once. You saved them when you set up your second factor."}
            </p>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={busy || code.trim() === ""}>
            {finish.isPending ? "Checking…" : "Verify and sign in"}
          </Button>
        </form>
      )}

      {methods.length > 1 || mode !== firstMode(methods) ? (
        <div className="space-y-2 border-t border-slate-100 pt-4">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Other ways to sign in</p>
          {others}
        </div>
      ) : null}

      <Button variant="ghost" size="sm" className="-ml-2" onClick={() => onStartOver()} disabled={finish.isPending}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to sign in
      </Button>
    </div>
  );
}
