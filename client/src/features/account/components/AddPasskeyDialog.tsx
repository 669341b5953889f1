// Adding a passkey: a name the user will recognise in the list, then the browser's own prompt
// (fingerprint, face, screen lock or a security key).
import { useEffect, useState, type FormEvent } from "react";
import { Field, Input } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { useAccountSecurityMutations, type MaybeRecoveryCodes } from "../api";
import { AddFactorDialog, type AddFactorProps } from "./AddFactorDialog";
import { ProofCancelled } from "./proof-gate";

const NAME_MAX = 60;

/** The browser's refusals in words; the server's own answers keep their message. */
function passkeyError(err: unknown): string {
  const name = err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey prompt was closed or timed out. Nothing was added.";
  if (name === "InvalidStateError") return "This device already holds a passkey for your account.";
  if (name === "NotSupportedError" || name === "SecurityError") return "This browser cannot create a passkey here.";
  return errorMessage(err, "The passkey could not be added. Try again.");
}

/** A default name from the device, so most people only press Continue. */
function suggestedName(): string {
  const ua = typeof navigator === "undefined" ? "" : navigator.userAgent;
  if (/iPhone/i.test(ua)) return "iPhone";
  if (/iPad/i.test(ua)) return "iPad";
  if (/Android/i.test(ua)) return "Android phone";
  if (/Macintosh/i.test(ua)) return "Mac";
  if (/Windows/i.test(ua)) return "Windows PC";
  return "";
}

export function AddPasskeyDialog({ open, onOpenChange, withProof, onDone }: AddFactorProps<(answer: MaybeRecoveryCodes, name: string) => void>) {
  const { addPasskey } = useAccountSecurityMutations();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (open) {
      setName(suggestedName());
      setError(undefined);
    }
  }, [open]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError("Give the passkey a name, e.g. Work laptop");
      return;
    }
    setError(undefined);
    try {
      const answer = await withProof(() => addPasskey.mutateAsync(trimmed));
      onOpenChange(false);
      onDone(answer, trimmed);
    } catch (err) {
      if (!(err instanceof ProofCancelled)) setError(passkeyError(err));
    }
  };

  return (
    <AddFactorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a passkey"
      description="Sign in with your fingerprint, face or screen lock instead of a code. A passkey cannot be phished."
      formId="add-passkey-form"
      pending={addPasskey.isPending}
      submitLabel="Continue"
      pendingLabel="Waiting for your device…"
      keepOpenWhilePending
    >
      <form id="add-passkey-form" onSubmit={onSubmit} noValidate>
        <Field label="Passkey name" required error={error} hint="So you can tell your passkeys apart, e.g. Work laptop or My phone.">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={NAME_MAX} autoComplete="off" placeholder="e.g. Work laptop" />
        </Field>
      </form>
    </AddFactorDialog>
  );
}
