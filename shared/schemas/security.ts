// Requests and answers of the second factor (DECISIONS §13): account security, the second step of sign-in and
// the SuperAdmin's settings. The WebAuthn answers are checked in shape only here (their content is
// the WebAuthn library's to verify: signatures, challenge, origin).
import { z } from "zod";
import { PROOF_METHODS, ROLES } from "../constants";
import { singleLineText, multiLineText } from "./text";
import { id, instant } from "./answer-parts";
import type { loginAnswer } from "./auth";

const b64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*$/, "Expected base64url");

/** A one-time code as typed: six digits, or a recovery code (its dashes and spaces are ignored). */
const codeField = z.string({ message: "Enter the code" }).trim().min(1, "Enter the code").max(40, "That code is too long");

const clientExtensionResults = z.record(z.string(), z.unknown());

/** What navigator.credentials.create() gives, as @simplewebauthn/browser's startRegistration answers it. */
export const passkeyRegistrationResponseSchema = z.object({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1),
    transports: z.array(z.string().max(40)).max(10).optional(),
    authenticatorData: b64url.optional(),
    publicKey: b64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: clientExtensionResults.default({}),
});

/** What navigator.credentials.get() gives, as startAuthentication answers it. */
export const passkeyAuthenticationResponseSchema = z.object({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: clientExtensionResults.default({}),
});

export const PASSKEY_NAME_MAX = 60;
export const passkeyRegisterSchema = z.object({
  name: singleLineText("Name", { message: "Give the passkey a name" })
    .min(1, "Give the passkey a name")
    .max(PASSKEY_NAME_MAX, `A name has at most ${PASSKEY_NAME_MAX} characters`),
  response: passkeyRegistrationResponseSchema,
});

export const totpConfirmSchema = z.object({ code: codeField });

export const secondFactorSchema = z.discriminatedUnion(
  "method",
  [
    z.object({ method: z.literal("totp"), code: codeField }),
    z.object({ method: z.literal("recovery"), code: codeField }),
    z.object({ method: z.literal("passkey"), response: passkeyAuthenticationResponseSchema }),
  ],
  { message: "method must be passkey, totp or recovery" },
);

/** POST /api/account/verify: the session proves who it is (DECISIONS §13). */
export const verifySchema = z.discriminatedUnion(
  "method",
  [
    z.object({ method: z.literal("password"), password: z.string({ message: "Enter your password" }).min(1, "Enter your password").max(1000) }),
    z.object({ method: z.literal("totp"), code: codeField }),
    z.object({ method: z.literal("recovery"), code: codeField }),
    z.object({ method: z.literal("passkey"), response: passkeyAuthenticationResponseSchema }),
  ],
  { message: `method must be one of ${PROOF_METHODS.join(", ")}` },
);
export type VerifyBody = z.output<typeof verifySchema>;

export const securitySettingsSchema = z.object({
  requireSecondFactor: z
    .array(z.enum(ROLES, { message: `Each role must be one of: ${ROLES.join(", ")}` }), { message: "requireSecondFactor must be a list of roles" })
    .max(ROLES.length),
});

export const SECOND_FACTOR_RESET_REASON_MAX = 500;
export const secondFactorResetSchema = z.object({
  reason: multiLineText("Reason", { message: "Give a reason" })
    .min(1, "Give a reason")
    .max(SECOND_FACTOR_RESET_REASON_MAX, `The reason can be at most ${SECOND_FACTOR_RESET_REASON_MAX} characters`),
});

export type AccountSecurity = z.output<typeof accountSecurityAnswer>;
export type TotpSetup = z.output<typeof totpSetupAnswer>;
export type LoginAnswer = z.output<typeof loginAnswer>;
export type SecuritySettings = z.output<typeof securitySettingsAnswer>;

// ---------------------------------------------------------------- answers

/** GET /api/account/security (DECISIONS §13); `required`: the caller's role requires a second factor. */
export const passkeyAnswer = z.strictObject({ id, name: z.string(), createdAt: instant, lastUsedAt: instant.nullable() });
export const accountSecurityAnswer = z.strictObject({
  passkeys: z.array(passkeyAnswer),
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
});
/** The recovery codes, shown once: when the first factor is added and when regenerated. */
export const recoveryCodesAnswer = z.strictObject({ recoveryCodes: z.array(z.string()).length(10) });
export const totpSetupAnswer = z.strictObject({ secret: z.string(), otpauthUrl: z.string() });
export const totpConfirmAnswer = z.strictObject({ recoveryCodes: z.array(z.string()).length(10).optional() });
export const passkeyAddedAnswer = z.strictObject({ passkey: passkeyAnswer, recoveryCodes: z.array(z.string()).length(10).optional() });
/** WebAuthn options (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), for @simplewebauthn/browser. */
export const webauthnOptionsAnswer = z.looseObject({ challenge: z.string() });
export const securitySettingsAnswer = z.strictObject({ requireSecondFactor: z.array(z.enum(ROLES)) });
/** The session proved who it is until then (5 minutes on). */
export const verifyAnswer = z.strictObject({ verifiedUntil: instant });
