// The session, as the app and its features use it: who is signed in and what they may do, the calls
// that sign in and out, the half-signed-in second step and a lockdown that cut the session off.
export {
  AUTH_ME_KEY,
  needsPasswordChange,
  needsSecondFactorSetup,
  secondFactorPasskeyOptions,
  useAuth,
  useChangeOwnPassword,
  useCurrentUser,
  useLogin,
  useLogout,
  usePermissions,
  useSecondFactor,
  useSessionErrorWatcher,
  type LoginCredentials,
  type SecondFactorProof,
  type SessionPermissions,
  type SessionUser,
} from "./session";
export { clearSessionLockdown, isLockdownError, lockdownMessage, showSessionLockdown, useSessionLockdown } from "./lockdown";
export { getPendingSecondFactor, usePendingSecondFactor, type SecondFactorMethod } from "./second-factor";
