// What other features may use of sign-in and the session (their only way in: eslint.config.js).
export { AUTH_ME_KEY, needsPasswordChange, needsSecondFactorSetup, useAuth, useChangeOwnPassword, useCurrentUser, useLogout } from "./api";
export { showSessionLockdown } from "./lockdown";
