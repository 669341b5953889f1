// The changes a user makes to their second factor on the security panels (DECISIONS §13): which
// dialog is open, and what adding, removing and new recovery codes do once confirmed. Each change
// asks for a recent proof when the server wants one, inline, then carries on (proof-gate.tsx).
import { useState } from "react";
import { useCurrentUser } from "@/lib/session";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { useAccountSecurity, useAccountSecurityMutations, useRefreshSession, type MaybeRecoveryCodes, type Passkey } from "../api";
import { ProofCancelled, useProofGate } from "./proof-gate";

export type SecondFactorChanges = ReturnType<typeof useSecondFactorChanges>;

export function useSecondFactorChanges() {
  const me = useCurrentUser();
  const security = useAccountSecurity();
  const { removePasskey, removeTotp, regenerateCodes } = useAccountSecurityMutations();
  const refreshSession = useRefreshSession();
  const { withProof, dialog: proofDialog } = useProofGate();
  const [addingPasskey, setAddingPasskey] = useState(false);
  const [settingUpTotp, setSettingUpTotp] = useState(false);
  const [removingPasskey, setRemovingPasskey] = useState<Passkey | null>(null);
  const [removingTotp, setRemovingTotp] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const data = security.data;
  const hasFactor = (data?.passkeys.length ?? 0) > 0 || data?.totp === true;

  /**
   * A factor was added: the first one brings the recovery codes, and the session learns that the
   * role's rule is met only once they are saved, so the setup screen does not vanish under them.
   */
  const added = (answer: MaybeRecoveryCodes, what: string) => {
    toast({ title: `${what} added`, description: "You will be asked for it when you sign in." });
    if (answer.recoveryCodes && answer.recoveryCodes.length > 0) setCodes(answer.recoveryCodes);
    else void refreshSession();
  };

  /** The recovery codes were saved (or the dialog closed): now the session may learn the rule is met. */
  const closeCodes = () => {
    setCodes(null);
    void refreshSession();
  };

  /** Removes a factor, says so (or why not), and closes its confirmation either way. */
  const removeFactor = async (what: { name: string; gone: string; remove: () => Promise<unknown>; close: () => void }) => {
    try {
      await withProof(what.remove);
      toast({ title: `${what.name} removed`, description: `${what.gone} Your other sessions were signed out.` });
      void refreshSession();
    } catch (err) {
      if (!(err instanceof ProofCancelled))
        toast({
          title: `${what.name} not removed`,
          description: errorMessage(err, `The ${what.name.toLowerCase()} could not be removed`),
          variant: "destructive",
        });
    } finally {
      what.close();
    }
  };

  const confirmRemovePasskey = async () => {
    if (!removingPasskey) return;
    await removeFactor({
      name: "Passkey",
      gone: `${removingPasskey.name} can no longer sign you in.`,
      remove: () => removePasskey.mutateAsync(removingPasskey.id),
      close: () => setRemovingPasskey(null),
    });
  };

  const confirmRemoveTotp = () =>
    removeFactor({
      name: "Authenticator app",
      gone: "Its codes no longer sign you in.",
      remove: () => removeTotp.mutateAsync(),
      close: () => setRemovingTotp(false),
    });

  const confirmRegenerate = async () => {
    try {
      const answer = await withProof(() => regenerateCodes.mutateAsync());
      setCodes(answer.recoveryCodes);
    } catch (err) {
      if (!(err instanceof ProofCancelled))
        toast({ title: "No new codes", description: errorMessage(err, "New recovery codes could not be made"), variant: "destructive" });
    } finally {
      setRegenerating(false);
    }
  };

  return {
    security,
    hasFactor,
    username: me.username,
    withProof,
    proofDialog,
    addingPasskey,
    setAddingPasskey,
    settingUpTotp,
    setSettingUpTotp,
    removingPasskey,
    setRemovingPasskey,
    removingTotp,
    setRemovingTotp,
    regenerating,
    setRegenerating,
    codes,
    closeCodes,
    added,
    confirmRemovePasskey,
    confirmRemoveTotp,
    confirmRegenerate,
    pending: { removePasskey: removePasskey.isPending, removeTotp: removeTotp.isPending, regenerateCodes: regenerateCodes.isPending },
  };
}
