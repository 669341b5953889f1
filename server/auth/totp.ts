// Authenticator-app codes (DECISIONS §13): RFC 6238 with the usual parameters every app supports
// (SHA-1, 6 digits, 30 s), checked by the otpauth library. A code is accepted one step either side
// of now (a phone's clock drifts, a code typed at the end of its 30 s) and only once: the caller
// stores the step it was accepted at and refuses that step and any earlier one afterwards.
import { Secret, TOTP } from "otpauth";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
const ISSUER = "Business Management System";

function totpOf(secretBase32: string, label = "account"): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL a QR code carries: the app's name as issuer, the username as label. */
export function totpUrl(secretBase32: string, username: string): string {
  return totpOf(secretBase32, username).toString();
}

/** The code of the step that holds `at` (tests, and nothing else, compute codes). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

/**
 * The 30-second step a code belongs to when it is valid at `now` (±1 step) and newer than the step
 * last accepted; null otherwise. Anything but exactly six digits is refused before the library sees it.
 */
export function acceptedTotpStep(secretBase32: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}
