// Sign-in (DECISIONS §3, §13): the login body and the session answers.
import { z } from "zod";
import { SECOND_FACTOR_METHODS } from "../constants";
import { instant } from "./answer-parts";
import { passwordSchema, userAnswer } from "./users";

export const loginBodySchema = z.object({
  username: z.string({ message: "User ID is required" }).trim().min(1, "User ID is required").max(100),
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(1000),
});

/** A user as the API answers it: never the password hash. */
export type User = z.output<typeof userAnswer>;

export type AuthAnswer = z.output<typeof authAnswer>;

// ---------------------------------------------------------------- answers

/**
 * What the signed-in user may do where a screen offers it, worked out on the server by the rules its
 * guards apply (server/services/session-permissions.ts), as a transaction's `availableMoves` are:
 * the screens show or hide a control by these flags and never compare a role themselves.
 */
export const sessionPermissionsAnswer = z.strictObject({
  /** Approve and reject pending transactions, and delegate that authority while away (DECISIONS §4, §11). */
  approvesTransactions: z.boolean(),
  /** Change a category's requiredApprovals, emergency limits and openness to claims (DECISIONS §7, §15). */
  changesApprovalSettings: z.boolean(),
  /** The dashboard's cards carry amounts, not only counts (spec 000 §2). */
  seesDashboardAmounts: z.boolean(),
  /** The users and their credentials (DECISIONS §7). */
  managesUsers: z.boolean(),
  /** HR's administration: the attendance policy, the departments and employees' logins (DECISIONS §8, §15). */
  administersHr: z.boolean(),
  /** Void an export batch so its transactions can be exported again (DECISIONS §12). */
  voidsExportBatches: z.boolean(),
  /** The emergency controls: the lockdown, the approver codes and their PINs (DECISIONS §3, §5, §10). */
  controlsEmergencies: z.boolean(),
});
export type SessionPermissions = z.output<typeof sessionPermissionsAnswer>;

/**
 * The signed-in user and what they may do; secondFactorSetupRequired when their role requires a
 * second factor they have not set up (DECISIONS §13): every call but Account security's then answers 403.
 */
export const authAnswer = z.strictObject({
  user: userAnswer,
  permissions: sessionPermissionsAnswer,
  secondFactorSetupRequired: z.boolean(),
  /** DECISIONS §15: signed in with a one-time password; every call but the password change is 403 until it is changed. */
  mustChangePassword: z.literal(true).optional(),
});
/** POST /api/account/password (DECISIONS §15): the user's own new password, proved by the current one. */
export const changeOwnPasswordSchema = z.object({
  currentPassword: z.string({ message: "Current password is required" }).min(1, "Current password is required").max(1000),
  newPassword: passwordSchema,
});
/** The password was right; the sign-in ends with POST /api/auth/second-factor (DECISIONS §13). */
export const secondFactorRequiredAnswer = z.strictObject({ secondFactor: z.literal("required"), methods: z.array(z.enum(SECOND_FACTOR_METHODS)).min(1) });
/** POST /api/auth/login: signed in, or half-way (a second factor is needed). */
export const loginAnswer = z.union([authAnswer, secondFactorRequiredAnswer]);
/**
 * GET /api/auth/session: the signed-in user, or null. A half-signed-in session answers user null
 * with `secondFactor`: the methods and when the second step stops being possible, so a page reload
 * resumes at the second step.
 */
export const sessionAnswer = z.union([
  authAnswer,
  z.strictObject({ user: z.null(), secondFactor: z.strictObject({ methods: z.array(z.enum(SECOND_FACTOR_METHODS)).min(1), expiresAt: instant }).optional() }),
]);
