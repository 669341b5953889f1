// Audit trail (spec 001 §2, §3; DECISIONS §7): the list query, its answer, the facets and the
// admin dashboard's numbers.
import { z } from "zod";
import { LIMITS } from "../constants";
import { id, instant, money, pageOf } from "./answer-parts";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((s) => (s ? s : undefined));

/**
 * What 'Changes only' hides: entries that change no record (signing in and out, reading or
 * clearing one's own notifications), which would otherwise bury the changes an auditor looks for.
 */
export const NON_CHANGE_ACTIONS = ["login", "logout", "verify_identity", "read_notifications", "clear_notifications"] as const;

/** Filters shared by the list and the CSV export. */
export const auditFilterSchema = z.object({
  search: optionalText(200),
  entityType: optionalText(100),
  action: optionalText(100),
  changesOnly: z.preprocess(
    (v) => (v === "" || v === undefined || v === "false" ? undefined : v === "true" ? true : v),
    z.literal(true, { error: "changesOnly must be true or false" }).optional(),
  ),
});

export const auditQuerySchema = auditFilterSchema.extend({
  page: z.coerce
    .number({ message: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .optional()
    .default(1),
  limit: z.coerce
    .number({ message: `limit must be a whole number from 1 to ${LIMITS.listLimitMax}` })
    .int(`limit must be a whole number from 1 to ${LIMITS.listLimitMax}`)
    .min(1, `limit must be a whole number from 1 to ${LIMITS.listLimitMax}`)
    .max(LIMITS.listLimitMax, `limit must be a whole number from 1 to ${LIMITS.listLimitMax}`)
    .optional()
    .default(LIMITS.listLimitDefault),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditFilter = z.output<typeof auditFilterSchema>;

export type AuditEntryView = z.output<typeof auditEntryAnswer>;

export type AuditPage = z.output<typeof auditPageAnswer>;
export type AuditFacets = z.output<typeof auditFacetsAnswer>;

/** GET /api/admin/stats (spec 001 §3; DECISIONS §7). Money as decimal strings. */
export type AdminStats = z.output<typeof adminStatsAnswer>;

// ---------------------------------------------------------------- answers

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
  /** An approval given on a delegator's behalf (DECISIONS §11): the delegator, so the trail reads "Anita Desai for Rajesh Sharma". */
  onBehalfOf: z.strictObject({ name: z.string() }).nullable(),
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
