// The sections of the security panels (DECISIONS §13): whether a second factor is on, the passkeys,
// the authenticator app and the recovery codes. Each shows its part and says what was pressed; the
// changes themselves are second-factor-changes.ts's.
import type { ReactNode } from "react";
import { Fingerprint, KeyRound, LifeBuoy, Plus, RefreshCw, Smartphone, Trash2 } from "lucide-react";
import { formatDate } from "@shared/format";
import { Alert, Badge, Button, Card, EmptyState } from "@/components/ui";
import type { Passkey } from "../api";

function webAuthnAvailable(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

function SectionHeader({ icon: Icon, title, description, status }: { icon: typeof KeyRound; title: string; description: string; status?: ReactNode }) {
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

/** Whether a second factor guards the account; the setup screen says it in its own words. */
export function SecondFactorStatus({ hasFactor, required }: { hasFactor: boolean; required: boolean }) {
  return hasFactor ? (
    <Alert variant="success" title="Second factor on">
      Signing in asks for your password and then your passkey or a code from your authenticator app.
      {required ? " Your role requires it, so your last factor cannot be removed." : null}
    </Alert>
  ) : (
    <Alert variant="warning" title="Only a password protects your account">
      Add a passkey or an authenticator app, so a stolen password alone cannot sign in as you.
    </Alert>
  );
}

export function PasskeysSection({ passkeys, onAdd, onRemove }: { passkeys: Passkey[]; onAdd: () => void; onRemove: (passkey: Passkey) => void }) {
  return (
    <Card>
      <SectionHeader
        icon={Fingerprint}
        title="Passkeys"
        description="Your fingerprint, face or screen lock on a device you own, or a security key. The safest choice."
        status={
          passkeys.length > 0 ? (
            <Button size="sm" onClick={onAdd}>
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
            <Button onClick={onAdd}>
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
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => onRemove(p)} aria-label={`Remove passkey ${p.name}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                <span className="hidden sm:inline">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function AuthenticatorSection({ on, onSetUp, onRemove }: { on: boolean; onSetUp: () => void; onRemove: () => void }) {
  return (
    <Card>
      <SectionHeader
        icon={Smartphone}
        title="Authenticator app"
        description="A 6-digit code from an app on your phone, new every 30 seconds."
        status={on ? <Badge variant="success">On</Badge> : <Badge variant="secondary">Off</Badge>}
      />
      <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-sm text-slate-600">
          {on ? "Your app gives the code that finishes each sign-in." : "Works without internet on the phone, with any authenticator app."}
        </p>
        {on ? (
          <Button variant="outline" className="text-red-700 hover:bg-red-50" onClick={onRemove}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Remove app
          </Button>
        ) : (
          <Button variant={webAuthnAvailable() ? "outline" : "default"} onClick={onSetUp}>
            <Smartphone className="h-4 w-4" aria-hidden="true" />
            Set up authenticator app
          </Button>
        )}
      </div>
    </Card>
  );
}

export function RecoveryCodesSection({ hasFactor, codesLeft, onRegenerate }: { hasFactor: boolean; codesLeft: number; onRegenerate: () => void }) {
  return (
    <Card>
      <SectionHeader
        icon={LifeBuoy}
        title="Recovery codes"
        description="Ten one-time codes for a day without your phone or passkey."
        status={
          hasFactor ? (
            <Badge variant={codesLeft <= 2 ? "warning" : "secondary"}>
              {codesLeft} {codesLeft === 1 ? "code" : "codes"} left
            </Badge>
          ) : null
        }
      />
      <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-sm text-slate-600">
          {!hasFactor
            ? "Your codes are made when you add your first passkey or authenticator app."
            : codesLeft <= 2
              ? "You are running out of codes. Make new ones and keep them safe."
              : "New codes replace every old one."}
        </p>
        {hasFactor ? (
          <Button variant="outline" onClick={onRegenerate}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            Make new codes
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
