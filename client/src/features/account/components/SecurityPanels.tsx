// The three parts of a user's second factor (DECISIONS §13): passkeys, the authenticator app and the
// recovery codes. Shown on /account/security, and alone on the setup screen of a user whose role
// requires a second factor they do not have yet.
import { useState } from "react";
import { Fingerprint, KeyRound, LifeBuoy, Plus, RefreshCw, Smartphone, Trash2 } from "lucide-react";
import { formatDate } from "@shared/format";
import { useCurrentUser } from "@/lib/session";
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, Spinner } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { useAccountSecurity, useAccountSecurityMutations, useRefreshSession, type MaybeRecoveryCodes, type Passkey } from "../api";
import { AddPasskeyDialog } from "./AddPasskeyDialog";
import { RecoveryCodesDialog } from "./RecoveryCodesDialog";
import { TotpSetupDialog } from "./TotpSetupDialog";
import { ProofCancelled, useProofGate } from "./proof-gate";

function SectionHeader({ icon: Icon, title, description, status }: { icon: typeof KeyRound; title: string; description: string; status?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
      <div className="flex min-w-0 gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
          <Icon className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <p className="mt-0.5 text-sm text-slate-600">{description}</p>
        </div>
      </div>
      {status ? <div className="shrink-0 pl-12 sm:pl-0 sm:pt-1">{status}</div> : null}
    </div>
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

function webAuthnAvailable(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

export function SecurityPanels({ setupMode = false }: { setupMode?: boolean }) {
  const me = useCurrentUser();
  const security = useAccountSecurity();
  const { removePasskey, removeTotp, regenerateCodes } = useAccountSecurityMutations();
  const refreshSession = useRefreshSession();
  // Each change below asks for a recent proof when the server wants one, inline, then carries on.
  const { withProof, dialog: proofDialog } = useProofGate();
  const [adding, setAdding] = useState(false);
  const [settingUpTotp, setSettingUpTotp] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [removingTotp, setRemovingTotp] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const data = security.data;
  const passkeys = data?.passkeys ?? [];
  const hasFactor = passkeys.length > 0 || data?.totp === true;

  /**
   * A factor was added: the first one brings the recovery codes, and the session learns that the
   * role's rule is met only once they are saved, so the setup screen does not vanish under them.
   */
  const added = (answer: MaybeRecoveryCodes, what: string) => {
    toast({ title: `${what} added`, description: "You will be asked for it when you sign in." });
    if (answer.recoveryCodes && answer.recoveryCodes.length > 0) setCodes(answer.recoveryCodes);
    else void refreshSession();
  };

  /** Removes a factor, says so (or why not), and closes its confirmation either way. */
  const removeFactor = async (what: { name: string; gone: string; remove: () => Promise<unknown>; close: () => void }) => {
    try {
      await withProof(what.remove);
      toast({ title: `${what.name} removed`, description: `${what.gone} Your other sessions were signed out.` });
      void refreshSession();
    } catch (err) {
      if (!(err instanceof ProofCancelled)) toast({ title: `${what.name} not removed`, description: errorMessage(err, `The ${what.name.toLowerCase()} could not be removed`), variant: "destructive" });
    } finally {
      what.close();
    }
  };

  const confirmRemovePasskey = async () => {
    if (!removing) return;
    await removeFactor({ name: "Passkey", gone: `${removing.name} can no longer sign you in.`, remove: () => removePasskey.mutateAsync(removing.id), close: () => setRemoving(null) });
  };

  const confirmRemoveTotp = () =>
    removeFactor({ name: "Authenticator app", gone: "Its codes no longer sign you in.", remove: () => removeTotp.mutateAsync(), close: () => setRemovingTotp(false) });

  const confirmRegenerate = async () => {
    try {
      const answer = await withProof(() => regenerateCodes.mutateAsync());
      setCodes(answer.recoveryCodes);
    } catch (err) {
      if (!(err instanceof ProofCancelled)) toast({ title: "No new codes", description: errorMessage(err, "New recovery codes could not be made"), variant: "destructive" });
    } finally {
      setRegenerating(false);
    }
  };

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
      {setupMode ? null : hasFactor ? (
        <Alert variant="success" title="Second factor on">
          Signing in asks for your password and then your passkey or a code from your authenticator app.
          {data.required ? " Your role requires it, so your last factor cannot be removed." : null}
        </Alert>
      ) : (
        <Alert variant="warning" title="Only a password protects your account">
          Add a passkey or an authenticator app, so a stolen password alone cannot sign in as you.
        </Alert>
      )}

      <Card>
        <SectionHeader
          icon={Fingerprint}
          title="Passkeys"
          description="Your fingerprint, face or screen lock on a device you own, or a security key. The safest choice."
          status={
            passkeys.length > 0 ? (
              <Button size="sm" onClick={() => setAdding(true)}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add a passkey
              </Button>
            ) : null
          }
        />
        {!webAuthnAvailable() ? (
          <div className="px-5 py-4 sm:px-6">
            <Alert variant="info">This browser cannot use passkeys. Use the authenticator app below, or open this page in a current browser.</Alert>
          </div>
        ) : passkeys.length === 0 ? (
          <EmptyState
            icon={Fingerprint}
            title="No passkeys yet"
            description="Add one from this device; you can add more from your other devices later."
            action={
              <Button onClick={() => setAdding(true)}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add a passkey
              </Button>
            }
          />
        ) : (
          <ul aria-label="Your passkeys" className="divide-y divide-slate-100">
            {passkeys.map((p) => (
              <li key={p.id} className="flex items-center gap-3 px-5 py-3 sm:px-6">
                <KeyRound className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 wrap-anywhere">{p.name}</p>
                  <p className="text-xs text-slate-600">
                    Added {formatDate(p.createdAt)} · {p.lastUsedAt ? `last used ${formatDate(p.lastUsedAt)}` : "not used yet"}
                  </p>
                </div>
                <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setRemoving(p)} aria-label={`Remove passkey ${p.name}`}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  <span className="hidden sm:inline">Remove</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card>
        <SectionHeader
          icon={Smartphone}
          title="Authenticator app"
          description="A 6-digit code from an app on your phone, new every 30 seconds."
          status={data.totp ? <Badge variant="success">On</Badge> : <Badge variant="secondary">Off</Badge>}
        />
        <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-sm text-slate-600">
            {data.totp ? "Your app gives the code that finishes each sign-in." : "Works without internet on the phone, with any authenticator app."}
          </p>
          {data.totp ? (
            <Button variant="outline" className="text-red-700 hover:bg-red-50" onClick={() => setRemovingTotp(true)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Remove app
            </Button>
          ) : (
            <Button variant={webAuthnAvailable() ? "outline" : "default"} onClick={() => setSettingUpTotp(true)}>
              <Smartphone className="h-4 w-4" aria-hidden="true" />
              Set up authenticator app
            </Button>
          )}
        </div>
      </Card>

      <Card>
        <SectionHeader
          icon={LifeBuoy}
          title="Recovery codes"
          description="Ten one-time codes for a day without your phone or passkey."
          status={
            hasFactor ? (
              <Badge variant={data.recoveryCodesLeft <= 2 ? "warning" : "secondary"}>
                {data.recoveryCodesLeft} {data.recoveryCodesLeft === 1 ? "code" : "codes"} left
              </Badge>
            ) : null
          }
        />
        <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-sm text-slate-600">
            {!hasFactor
              ? "Your codes are made when you add your first passkey or authenticator app."
              : data.recoveryCodesLeft <= 2
                ? "You are running out of codes. Make new ones and keep them safe."
                : "New codes replace every old one."}
          </p>
          {hasFactor ? (
            <Button variant="outline" onClick={() => setRegenerating(true)}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              Make new codes
            </Button>
          ) : null}
        </div>
      </Card>

      <AddPasskeyDialog open={adding} onOpenChange={setAdding} withProof={withProof} onDone={(answer) => added(answer, "Passkey")} />
      <TotpSetupDialog open={settingUpTotp} onOpenChange={setSettingUpTotp} withProof={withProof} onDone={(answer) => added(answer, "Authenticator app")} />
      <RecoveryCodesDialog
        codes={codes}
        username={me.username}
        onClose={() => {
          setCodes(null);
          void refreshSession();
        }}
      />
      <SignsOthersOutConfirm
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove passkey"
        description={removing ? `Remove “${removing.name}”? It will no longer sign you in.` : undefined}
        confirmLabel="Remove passkey"
        destructive
        pending={removePasskey.isPending}
        onConfirm={confirmRemovePasskey}
      />
      <SignsOthersOutConfirm
        open={removingTotp}
        onOpenChange={setRemovingTotp}
        title="Remove authenticator app"
        description="Codes from your app will no longer sign you in."
        confirmLabel="Remove app"
        destructive
        pending={removeTotp.isPending}
        onConfirm={confirmRemoveTotp}
      />
      <SignsOthersOutConfirm
        open={regenerating}
        onOpenChange={setRegenerating}
        title="Make new recovery codes"
        description="Your current codes stop working at once, including any you printed."
        confirmLabel="Make new codes"
        pending={regenerateCodes.isPending}
        onConfirm={confirmRegenerate}
      />
      {proofDialog}
    </div>
  );
}
