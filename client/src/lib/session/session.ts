// The session: who is signed in, what they may do, and the calls that sign in and out (spec 000 §7,
// DECISIONS §3, §13). Every screen reads the signed-in user from here.
import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { POLL } from "@shared/constants";
import type { AuthAnswer, SessionPermissions, User } from "@shared/schemas/auth";
import type { LoginAnswer } from "@shared/schemas/security";
import { apiJson, apiRequest, errorBody, errorStatus } from "@/lib/api";
import { subscribeToApiErrors } from "@/lib/query-client";
import { isLockdownError, lockdownMessage, showSessionLockdown } from "./lockdown";
import { pendingFromAnswer, setPendingSecondFactor } from "./second-factor";

export type { SessionPermissions, User };
export type LoginCredentials = { username: string; password: string };
export type SecondFactorProof = { method: "totp" | "recovery"; code: string } | { method: "passkey"; response: unknown };

/**
 * The signed-in user as the session answer gives them: with what they may do (`permissions`, the
 * server's flags: screens show a control by them, never by comparing a role) and whether only the
 * setup screen (DECISIONS §13) or the password change (§15) is open, so the one session query
 * tells the app all of it.
 */
export type SessionUser = User & { permissions: SessionPermissions; secondFactorSetupRequired: boolean; mustChangePassword: boolean };

function sessionUser(answer: AuthAnswer): SessionUser {
  return {
    ...answer.user,
    permissions: answer.permissions,
    secondFactorSetupRequired: answer.secondFactorSetupRequired,
    mustChangePassword: answer.mustChangePassword === true,
  };
}

/** DECISIONS §15: signed in with a one-time password; only "Change your password" is open until it is changed. */
export function needsPasswordChange(user: SessionUser): boolean {
  return user.mustChangePassword;
}

/** POST /api/account/password: one's own new password; the session's user no longer must change it. */
export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiJson<{ message: string }>("POST", "/api/account/password", body),
    meta: { globalErrors: false },
    onSuccess: () => {
      queryClient.setQueryData<SessionUser | null>(AUTH_ME_KEY, (user) => (user ? { ...user, mustChangePassword: false } : user));
    },
  });
}

/** A user of a role that requires a second factor who has none yet: only the setup screen is open to them. */
export function needsSecondFactorSetup(user: SessionUser): boolean {
  return user.secondFactorSetupRequired;
}

export const AUTH_ME_KEY = ["/api/auth/session"] as const;

/**
 * GET /api/auth/session: 200 {user} or {user: null}, so a signed-out visitor's page logs no failed
 * request (GET /api/auth/me keeps its 401 for other clients). Any other answer (lockdown's 423, bad
 * JSON) also means "not signed in"; no answer at all means offline.
 */
async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<SessionUser | null> {
  // No answer at all (offline, the server out of reach) is the query's error: the offline page (DECISIONS §14).
  const res = await fetch("/api/auth/session", { credentials: "include", headers: { Accept: "application/json" }, signal });
  try {
    if (!res.ok) {
      // Read the short error body: an unread answer stays open in the browser (and a page never idles).
      await res.text().catch(() => "");
      return null;
    }
    const data = (await res.json()) as Partial<AuthAnswer> | null;
    // A reload between the password and the second factor resumes the second step.
    setPendingSecondFactor(data?.user ? null : pendingFromAnswer(data));
    return data?.user ? sessionUser(data as AuthAnswer) : null;
  } catch {
    return null;
  }
}

/** The signed-in user, cached 5 minutes, never retried (spec 000 §7). */
export function useAuth() {
  const query = useQuery({
    queryKey: AUTH_ME_KEY,
    queryFn: fetchCurrentUser,
    staleTime: POLL.authCacheMs,
    retry: false,
    meta: { globalErrors: false },
  });
  const user = query.data ?? null;
  const offline = query.isError;
  return { user, isLoading: query.isPending, isAuthenticated: user !== null, offline, refetch: query.refetch };
}

/** The signed-in user inside the authenticated part of the app, where one is guaranteed. */
export function useCurrentUser(): SessionUser {
  const { user } = useAuth();
  if (!user) throw new Error("useCurrentUser() used outside the signed-in app");
  return user;
}

/** What the signed-in user may do, as the server's guards decide it (the session answer's flags). */
export function usePermissions(): SessionPermissions {
  return useCurrentUser().permissions;
}

/**
 * POST /api/auth/login with trimmed values; on success the app re-renders signed in, or the login
 * screen turns to the second step when the answer asks for one.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginCredentials) =>
      apiJson<LoginAnswer>("POST", "/api/auth/login", {
        username: credentials.username.trim(),
        password: credentials.password.trim(),
      }),
    // The login screen shows its own errors (alert or lockdown screen).
    meta: { globalErrors: false },
    onSuccess: (data) => {
      if ("user" in data) {
        setPendingSecondFactor(null);
        queryClient.setQueryData<SessionUser | null>(AUTH_ME_KEY, sessionUser(data));
      } else {
        setPendingSecondFactor(pendingFromAnswer(data));
      }
    },
  });
}

/** POST /api/auth/second-factor/options: the passkey challenge of the half-signed-in session. */
export async function secondFactorPasskeyOptions(): Promise<unknown> {
  return apiJson<unknown>("POST", "/api/auth/second-factor/options");
}

/** POST /api/auth/second-factor: finishes the sign-in; a wrong code is a 401 the screen shows. */
export function useSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: SecondFactorProof) => apiJson<AuthAnswer>("POST", "/api/auth/second-factor", proof),
    meta: { globalErrors: false },
    onSuccess: (data) => {
      setPendingSecondFactor(null);
      queryClient.setQueryData<SessionUser | null>(AUTH_ME_KEY, sessionUser(data));
    },
  });
}

/** POST /api/auth/logout, forget everything cached, then go to '/' (which shows the login screen). */
export function useLogout(redirectTo: string = "/") {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest("POST", "/api/auth/logout");
      } catch {
        // Already signed out (expired session, lockdown): signing out locally is what matters.
      }
    },
    meta: { globalErrors: false },
    onSettled: () => {
      setPendingSecondFactor(null);
      // The session query is emptied in place, not cleared away: the sign-in gate watches that
      // query, and a cleared one would leave it showing the app when the address does not change
      // (signing out from '/'). Everything else cached is forgotten.
      queryClient.setQueryData<SessionUser | null>(AUTH_ME_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_ME_KEY[0] });
      queryClient.getMutationCache().clear();
      navigate(redirectTo);
    },
  });
}

/**
 * While signed in: a 401 from any call means the session ended (idle timeout, disabled user),
 * so the login screen comes back; a 423 means a lockdown cut the session off; a 403 for a missing
 * second factor means the role now requires one (DECISIONS §13).
 */
export function useSessionErrorWatcher() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToApiErrors(({ error }) => {
        if (!queryClient.getQueryData(AUTH_ME_KEY)) return;
        if (errorStatus(error) === 423 && isLockdownError(error)) {
          showSessionLockdown(lockdownMessage(error));
        } else if (errorStatus(error) === 401) {
          queryClient.setQueryData<SessionUser | null>(AUTH_ME_KEY, null);
        } else if (
          errorStatus(error) === 403 &&
          (errorBody(error)?.code === "second_factor_setup_required" || errorBody(error)?.code === "password_change_required")
        ) {
          // A second factor became required for this role while the user was signed in: the session
          // answer now says so, and the app turns to the setup screen.
          void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
        }
      }),
    [queryClient],
  );
}
