// The signed-in user's second factors (DECISIONS §13): passkeys, the authenticator app and the
// recovery codes, and the SuperAdmin's rule of which roles must have one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountSecurity, SecuritySettings, TotpSetup, VerifyBody } from "@shared/schemas/security";
import { AUTH_ME_KEY } from "@/lib/session";
import { apiJson } from "@/lib/api";
import { webauthnOptionsOf } from "@/lib/passkeys";

export type { TotpSetup };
export type Passkey = AccountSecurity["passkeys"][number];
/** Codes come back only when the change added the user's first factor. */
export type MaybeRecoveryCodes = { recoveryCodes?: string[] };

const ACCOUNT_SECURITY_KEY = ["/api/account/security"] as const;
const ADMIN_SECURITY_KEY = ["/api/admin/security"] as const;

export function useAccountSecurity() {
  return useQuery<AccountSecurity>({ queryKey: ACCOUNT_SECURITY_KEY, staleTime: 0 });
}

export function useAccountSecurityMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ACCOUNT_SECURITY_KEY });
  return {
    /** Asks the browser for a new passkey (the WebAuthn helper loads now) and stores it under a name. */
    addPasskey: useMutation({
      mutationFn: async (name: string) => {
        const [{ startRegistration }, options] = await Promise.all([
          import("@simplewebauthn/browser"),
          apiJson<unknown>("POST", "/api/account/passkeys/options"),
        ]);
        const response = await startRegistration({ optionsJSON: webauthnOptionsOf(options) as Parameters<typeof startRegistration>[0]["optionsJSON"] });
        return apiJson<MaybeRecoveryCodes>("POST", "/api/account/passkeys", { name, response });
      },
      onSuccess: refresh,
    }),
    removePasskey: useMutation({
      mutationFn: (id: string) => apiJson<unknown>("DELETE", `/api/account/passkeys/${encodeURIComponent(id)}`),
      onSuccess: refresh,
    }),
    setUpTotp: useMutation({ mutationFn: () => apiJson<TotpSetup>("POST", "/api/account/totp/setup") }),
    confirmTotp: useMutation({ mutationFn: (code: string) => apiJson<MaybeRecoveryCodes>("POST", "/api/account/totp/confirm", { code }), onSuccess: refresh }),
    removeTotp: useMutation({ mutationFn: () => apiJson<unknown>("DELETE", "/api/account/totp"), onSuccess: refresh }),
    regenerateCodes: useMutation({ mutationFn: () => apiJson<{ recoveryCodes: string[] }>("POST", "/api/account/recovery-codes"), onSuccess: refresh }),
  };
}

/**
 * POST /api/account/verify: the session proves who it is before a change to the second factor
 * (DECISIONS §13). A wrong proof is a 401 the dialog shows, not a signed-out session.
 */
export function useProveIdentity() {
  return useMutation({
    mutationFn: (proof: VerifyBody) => apiJson<{ verifiedUntil: string }>("POST", "/api/account/verify", proof),
    meta: { globalErrors: false },
  });
}

/** POST /api/account/verify/options: a passkey challenge for the proof. */
export function proofPasskeyOptions(): Promise<unknown> {
  return apiJson<unknown>("POST", "/api/account/verify/options");
}

/** After a factor is added or removed: whether the role's rule is met may have changed (the setup gate). */
export function useRefreshSession() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: AUTH_ME_KEY });
}

export function useSecuritySettings() {
  return useQuery<SecuritySettings>({ queryKey: ADMIN_SECURITY_KEY });
}

export function useSaveSecuritySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => apiJson<SecuritySettings>("PUT", "/api/admin/security", body),
    onSuccess: (data) => qc.setQueryData(ADMIN_SECURITY_KEY, data),
    meta: { globalErrors: false },
  });
}
