// The three parts of a user's second factor (DECISIONS §13): passkeys, the authenticator app and the
// recovery codes. Shown on /account/security, and alone on the setup screen of a user whose role
// requires a second factor they do not have yet. The sections draw the parts; the changes and which
// dialog is open are useSecondFactorChanges's.
import { Alert, ConfirmDialog, Spinner } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { AddPasskeyDialog } from "./AddPasskeyDialog";
import { RecoveryCodesDialog } from "./RecoveryCodesDialog";
import { TotpSetupDialog } from "./TotpSetupDialog";
import { useSecondFactorChanges, type SecondFactorChanges } from "./second-factor-changes";
import { AuthenticatorSection, PasskeysSection, RecoveryCodesSection, SecondFactorStatus } from "./SecuritySections";

export function SecurityPanels({ setupMode = false }: { setupMode?: boolean }) {
  const changes = useSecondFactorChanges();
  const { security, hasFactor } = changes;
  const data = security.data;

  if (security.isLoading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label="Loading your sign-in security" />
      </div>
    );
  }
  if (security.isError || !data) {
    return (
      <Alert variant="destructive" title="Your sign-in security could not be loaded">
        {errorMessage(security.error, "Reload the page to try again.")}
      </Alert>
    );
  }

  return (
    <div className="space-y-5">
      {setupMode ? null : <SecondFactorStatus hasFactor={hasFactor} required={data.required} />}
      <PasskeysSection passkeys={data.passkeys} onAdd={() => changes.setAddingPasskey(true)} onRemove={changes.setRemovingPasskey} />
      <AuthenticatorSection on={data.totp} onSetUp={() => changes.setSettingUpTotp(true)} onRemove={() => changes.setRemovingTotp(true)} />
      <RecoveryCodesSection hasFactor={hasFactor} codesLeft={data.recoveryCodesLeft} onRegenerate={() => changes.setRegenerating(true)} />
      <SecurityDialogs changes={changes} />
    </div>
  );
}

/** The dialogs the sections open: adding a factor, the codes shown once, and the confirmations. */
function SecurityDialogs({ changes }: { changes: SecondFactorChanges }) {
  const { removingPasskey, pending } = changes;
  return (
    <>
      <AddPasskeyDialog
        open={changes.addingPasskey}
        onOpenChange={changes.setAddingPasskey}
        withProof={changes.withProof}
        onDone={(answer) => changes.added(answer, "Passkey")}
      />
      <TotpSetupDialog
        open={changes.settingUpTotp}
        onOpenChange={changes.setSettingUpTotp}
        withProof={changes.withProof}
        onDone={(answer) => changes.added(answer, "Authenticator app")}
      />
      <RecoveryCodesDialog codes={changes.codes} username={changes.username} onClose={changes.closeCodes} />
      <SignsOthersOutConfirm
        open={removingPasskey !== null}
        onOpenChange={(open) => !open && changes.setRemovingPasskey(null)}
        title="Remove passkey"
        description={removingPasskey ? `Remove “${removingPasskey.name}”? It will no longer sign you in.` : undefined}
        confirmLabel="Remove passkey"
        destructive
        pending={pending.removePasskey}
        onConfirm={changes.confirmRemovePasskey}
      />
      <SignsOthersOutConfirm
        open={changes.removingTotp}
        onOpenChange={changes.setRemovingTotp}
        title="Remove authenticator app"
        description="Codes from your app will no longer sign you in."
        confirmLabel="Remove app"
        destructive
        pending={pending.removeTotp}
        onConfirm={changes.confirmRemoveTotp}
      />
      <SignsOthersOutConfirm
        open={changes.regenerating}
        onOpenChange={changes.setRegenerating}
        title="Make new recovery codes"
        description="Your current codes stop working at once, including any you printed."
        confirmLabel="Make new codes"
        pending={pending.regenerateCodes}
        onConfirm={changes.confirmRegenerate}
      />
      {changes.proofDialog}
    </>
  );
}

/**
 * Asks before a change to the second factor that signs the user's other devices out (removing a
 * passkey or the app, new recovery codes; DECISIONS §13): the same dialog with its own words.
 */
function SignsOthersOutConfirm({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      destructive={destructive}
      pending={pending}
      onConfirm={() => void onConfirm()}
    >
      <p className="text-sm text-slate-600">Your other signed-in devices will be signed out.</p>
    </ConfirmDialog>
  );
}
