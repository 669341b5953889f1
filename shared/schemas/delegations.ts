// Delegation while away (DECISIONS §11): the request bodies and answers of /api/delegations. The rules a
// delegation must keep (who, how long, no overlap, no chain) are the server's, in
// server/services/delegations.ts; the form can only check the shape here.
import { z } from "zod";
import { LIMITS } from "../constants";
import { isoDateSchema } from "./hr";
import { idSchema } from "./ids";
import { singleLineText } from "./text";
import { ROLES } from "../constants";
import { day, id, instant } from "./answer-parts";

export const DELEGATION_MESSAGES = {
  delegator: "Delegator must be a user id",
  delegateRequired: "Delegate is required",
  delegate: "Delegate must be a user id",
  fromRequired: "First day is required",
  toRequired: "Last day is required",
  order: "The last day must be on or after the first day",
  reasonRequired: "Reason is required",
  reasonTooLong: "Reason must be at most 500 characters",
  endReasonRequired: "Say why the delegation ends early",
} as const;
const M = DELEGATION_MESSAGES;

const requiredDay = (required: string) => z.string({ error: required }).trim().min(1, { error: required, abort: true }).pipe(isoDateSchema);
const reason = (required: string) => singleLineText("Reason", { message: required }).min(1, required).max(500, M.reasonTooLong);

/** POST /api/delegations: delegatorId defaults to the signed-in user (only a SuperAdmin names someone else). */
export const createDelegationSchema = z
  .object({
    delegatorId: idSchema(M.delegator).optional(),
    delegateId: idSchema(M.delegateRequired, M.delegate),
    from: requiredDay(M.fromRequired),
    to: requiredDay(M.toRequired),
    reason: reason(M.reasonRequired),
  })
  .refine((v) => v.from <= v.to, { path: ["to"], message: M.order });
export type CreateDelegationBody = z.output<typeof createDelegationSchema>;

/** DELETE /api/delegations/:id: ends it early, with a reason. */
export const endDelegationSchema = z.object({ reason: reason(M.endReasonRequired) });
export type EndDelegationBody = z.output<typeof endDelegationSchema>;

export type Delegation = z.output<typeof delegationAnswer>;

/** A delegation lasts at most this many days, both ends counted. */
export const DELEGATION_MAX_DAYS = LIMITS.delegationMaxDays;

// ---------------------------------------------------------------- answers

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
