// Setting up the authenticator app: the server makes a secret (not yet on), the screen shows it
// once as a QR code and as text, and the first right code turns it on (DECISIONS §13). The QR code
// is drawn here by the qrcode library into a data: image (the CSP allows data: images only). On a
// phone, whose camera cannot scan its own screen, the otpauth:// link opens the authenticator app
// with the account filled in (DECISIONS §16).
import { useEffect, useState, type FormEvent } from "react";
import { Copy, Check, Smartphone } from "lucide-react";
import { Alert, Button, Field, Input, Spinner } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { useAccountSecurityMutations, type MaybeRecoveryCodes, type TotpSetup } from "../api";
import { AddFactorDialog, type AddFactorProps } from "./AddFactorDialog";
import { ProofCancelled } from "./proof-gate";

/** The base32 secret in groups of four, easier to type into an app by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}

export function TotpSetupDialog({ open, onOpenChange, withProof, onDone }: AddFactorProps<(answer: MaybeRecoveryCodes) => void>) {
  const { setUpTotp, confirmTotp } = useAccountSecurityMutations();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [copied, setCopied] = useState(false);
  const start = setUpTotp.mutateAsync;

  // Each opening starts a fresh secret: one shown before and abandoned is replaced on the server.
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setSetup(null);
    setQr(null);
    setLoadError(null);
    setCode("");
    setCodeError(undefined);
    setCopied(false);
    withProof(start)
      .then(async (answer) => {
        if (cancelled) return;
        setSetup(answer);
        const QRCode = (await import("qrcode")).default;
        const url = await QRCode.toDataURL(answer.otpauthUrl, { margin: 1, width: 192, errorCorrectionLevel: "M" });
        if (!cancelled) setQr(url);
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        // Closed without the proof: nothing was started, so the dialog goes too.
        if (err instanceof ProofCancelled) onOpenChange(false);
        else setLoadError(errorMessage(err, "The authenticator app could not be set up. Try again."));
      });
    return () => {
      cancelled = true;
    };
  }, [open, start, withProof, onOpenChange]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(value)) {
      setCodeError("Enter the 6-digit code your app shows");
      return;
    }
    setCodeError(undefined);
    try {
      const answer = await withProof(() => confirmTotp.mutateAsync(value));
      onOpenChange(false);
      onDone(answer ?? {});
    } catch (err) {
      setCode("");
      if (!(err instanceof ProofCancelled)) setCodeError(errorMessage(err, "That code is not right. Enter the current code from your app."));
    }
  };

  const copySecret = async () => {
    if (!setup) return;
    try {
      await navigator.clipboard.writeText(setup.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <AddFactorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Set up an authenticator app"
      description="Google Authenticator, Microsoft Authenticator, 1Password or any app that shows 6-digit codes."
      formId="totp-confirm-form"
      pending={confirmTotp.isPending}
      submitLabel="Turn on"
      pendingLabel="Checking…"
      canSubmit={Boolean(setup)}
    >
      {loadError ? (
        <Alert variant="destructive">{loadError}</Alert>
      ) : !setup ? (
        <div className="flex justify-center py-10">
          <Spinner label="Preparing your secret" />
        </div>
      ) : (
        <form id="totp-confirm-form" onSubmit={onSubmit} noValidate className="space-y-4">
          <ol className="space-y-4 text-sm text-slate-700">
            <li className="sm:hidden">
              <a
                href={setup.otpauthUrl}
                className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
              >
                <Smartphone className="h-4 w-4" aria-hidden="true" />
                Open in my authenticator app
              </a>
              <p className="mt-1 text-xs text-slate-600">
                On this phone: the app adds the account, then shows its code. Or use another device to scan the code below.
              </p>
            </li>
            <li>
              <p className="font-medium text-slate-900">1. Scan this QR code with the app</p>
              <div className="mt-2 flex justify-center rounded-lg border border-slate-200 bg-white p-3">
                {qr ? (
                  <img src={qr} alt="QR code for your authenticator app" width={192} height={192} className="h-48 w-48" />
                ) : (
                  <Spinner label="Drawing the QR code" />
                )}
              </div>
            </li>
            <li>
              <p className="font-medium text-slate-900">Or type this key into the app</p>
              <div className="mt-2 flex items-center gap-2">
                <code
                  aria-label="Secret key"
                  className="min-w-0 flex-1 break-all rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm tracking-wider text-slate-900"
                >
                  {groupSecret(setup.secret)}
                </code>
                <Button variant="outline" size="icon" onClick={() => void copySecret()} aria-label={copied ? "Key copied" : "Copy key"}>
                  {copied ? <Check className="h-4 w-4 text-green-700" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
                </Button>
              </div>
              <p className="mt-1 text-xs text-slate-600">Shown only now. The key stays on your phone after this.</p>
            </li>
            <li>
              <Field label="2. Enter the 6-digit code the app shows" error={codeError} required>
                <Input
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  placeholder="123456"
                  className="font-mono tracking-widest"
                />
              </Field>
            </li>
          </ol>
        </form>
      )}
    </AddFactorDialog>
  );
}
