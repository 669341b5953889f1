// Answers about people and the system: sign-in, users, the audit trail, admin stats, lockdown,
// notifications, health and config.
import { z } from "zod";
import { ROLES, SECOND_FACTOR_METHODS } from "../constants";
import { NOTIFICATION_TYPES } from "../ws-events";
import { day, id, instant, messageAnswer, money, pageOf } from "../schemas/answer-parts";

/** A user as the API answers it: never the password hash. */
export const userAnswer = z.strictObject({
  id,
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  visibilityWindowDays: z.number().int(),
  /** The largest amount this user may approve (DECISIONS §11); null: no limit. */
  approvalLimit: money.nullable(),
  createdAt: instant,
});
/**
 * The signed-in user; secondFactorSetupRequired when their role requires a second factor they have
 * not set up (DECISIONS §13): every call but Account security's then answers 403.
 */
export const authAnswer = z.strictObject({ user: userAnswer, secondFactorSetupRequired: z.boolean() });
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

const person = z.strictObject({ id, name: z.string() });
/**
 * A delegation of approval authority (DECISIONS §11). `from` and `to` are whole days in the app's
 * time zone, both included. `state` by the app's today: upcoming, active, over (its last day has
 * passed) or ended (ended early, see endedAt, endedBy and endReason).
 */
export const delegationAnswer = z.strictObject({
  id,
  delegator: person,
  delegate: person,
  from: day,
  to: day,
  reason: z.string(),
  createdBy: person,
  createdAt: instant,
  endedAt: instant.nullable(),
  endedBy: person.nullable(),
  endReason: z.string().nullable(),
  state: z.enum(["upcoming", "active", "over", "ended"]),
});
/** GET /api/delegations: newest first by first day. */
export const delegationsAnswer = z.array(delegationAnswer);
/** GET /api/delegations/candidates: who may receive a delegation (active Approvers and SuperAdmins), by name. */
export const delegateCandidatesAnswer = z.array(z.strictObject({ id, name: z.string(), role: z.enum(ROLES) }));
export const usersAnswer = z.array(userAnswer);
export const userDeletedAnswer = z.strictObject({ message: z.string(), deleted: z.enum(["hard", "soft"]) });

export const auditEntryAnswer = z.strictObject({
  id,
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  reason: z.string().nullable(),
  timestamp: instant,
  performedBy: id.nullable(),
  /** The signed-in user who acted, when it was one. */
  performer: z.strictObject({ name: z.string(), username: z.string() }).nullable(),
  /** Who acted otherwise: an emergency approver code, 'system'. */
  performerLabel: z.string().nullable(),
  /** The TXN number of the transaction the entry is about (a transaction or one of its attachments), else null. */
  humanReadableId: z.string().nullable(),
  beforeData: z.unknown(),
  afterData: z.unknown(),
  ipAddress: z.string().nullable(),
});
/** The summary cards, counted over every entry the filters match (not only this page). */
export const auditSummaryAnswer = z.strictObject({
  total: z.number().int(),
  positive: z.number().int(),
  modifications: z.number().int(),
  entityTypes: z.number().int(),
});
export const auditPageAnswer = pageOf("entries", auditEntryAnswer).extend({ summary: auditSummaryAnswer });
export const auditFacetsAnswer = z.strictObject({ entityTypes: z.array(z.string()), actions: z.array(z.string()) });

/** GET /api/admin/stats (spec 001 §3; DECISIONS §7). */
export const adminStatsAnswer = z.strictObject({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  totalTransactions: z.number().int(),
  pendingTransactions: z.number().int(),
  totalAmount: money,
  monthlySpent: money,
  budgetUtilization: z.number(),
  systemHealth: z.enum(["good", "degraded"]),
  lockdown: z.strictObject({ enabled: z.boolean(), activatedAt: instant.nullable() }),
});

export const emergencyStatusAnswer = z.strictObject({ enabled: z.boolean(), activatedAt: instant.nullable(), activatedBy: z.string().nullable() });
export const emergencyToggleAnswer = z.strictObject({ message: z.string(), enabled: z.boolean(), activatedAt: instant.nullable() });

/** GET /api/notifications: the signed-in user's latest 50, newest first (DECISIONS §6). */
export const notificationAnswer = z.strictObject({
  id,
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  isPriority: z.boolean(),
  transactionId: id.nullable(),
  humanReadableId: z.string().nullable(),
  category: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: instant,
});
export const notificationsAnswer = z.array(notificationAnswer);
export const notificationsChangedAnswer = z.strictObject({ message: z.string(), count: z.number().int() });

export const healthAnswer = z.strictObject({ status: z.enum(["ok", "unavailable"]), database: z.enum(["ok", "down"]), realtime: z.enum(["ok", "down"]) });
export const configAnswer = z.strictObject({ timeZone: z.string() });

export { messageAnswer };
