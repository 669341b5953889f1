// Emergency approval links and the three approver codes (DECISIONS §5, spec 001 §2).
import {
  EMERGENCY_LINK_EXPIRED_MESSAGE,
  EMERGENCY_LINK_INVALID_MESSAGE,
  EMERGENCY_PIN_THROTTLE,
  EMERGENCY_REASON_MAX,
  ENTER_PIN_MESSAGE,
  SELECT_APPROVER_MESSAGE,
} from "../constants";
import { z } from "zod";
import { multiLineText } from "./text";
import { FORM_TYPES } from "../constants";
import { day, instant, money } from "./answer-parts";
import { customFieldDefinitionSchema, customFieldValuesAnswer } from "./categories";
import { transactionStatusAnswer as status } from "./transactions";

export {
  EMERGENCY_LINK_EXPIRED_MESSAGE,
  EMERGENCY_LINK_INVALID_MESSAGE,
  EMERGENCY_PIN_THROTTLE,
  EMERGENCY_REASON_MAX,
  ENTER_PIN_MESSAGE,
  SELECT_APPROVER_MESSAGE,
};

export const NO_PIN_YET_MESSAGE = "This approver has no PIN yet: a SuperAdmin sets it on the emergency page";
export const WRONG_PIN_MESSAGE = "Wrong PIN";
export const PIN_FORMAT_MESSAGE = "The PIN must be 6 to 8 digits";
/** Public emergency calls per client address per minute (token guessing). */
export const EMERGENCY_THROTTLE = { limit: 30, windowMs: 60_000 } as const;

const approverCode = z
  .string({ message: "Each approver code must be 2 to 6 letters" })
  .trim()
  .regex(/^[A-Za-z]{2,6}$/, "Each approver code must be 2 to 6 letters")
  .transform((s) => s.toUpperCase());

/** PUT /api/admin/emergency-approvers: exactly three distinct codes, stored upper-case. */
export const emergencyApproversBodySchema = z.object({
  approvers: z
    .array(approverCode, { message: "Exactly three approver codes are required" })
    .length(3, "Exactly three approver codes are required")
    .refine((codes) => new Set(codes).size === codes.length, "Approver codes must be different from each other"),
});
/** GET /api/admin/emergency-approvers (PUT answers the same): the codes, and which of them has a PIN. */
export type EmergencyApproversAnswer = z.output<typeof emergencyApproversAnswer>;

/** An approver's PIN: 6 to 8 digits, sent as a string (a number would lose leading zeros). */
export const emergencyPinSchema = z.string({ message: PIN_FORMAT_MESSAGE }).regex(/^\d{6,8}$/, PIN_FORMAT_MESSAGE);

/** PUT /api/admin/emergency-approvers/:code/pin */
export const emergencyPinBodySchema = z.object({ pin: emergencyPinSchema });
export type EmergencyPinAnswer = z.output<typeof emergencyPinAnswer>;

export const EMERGENCY_REASON_MESSAGE = `The reason can be at most ${EMERGENCY_REASON_MAX} characters`;
/** The reject page's optional reason (DECISIONS §10): to the timeline, the audit entry and the owner's notification. */
export const emergencyReasonSchema = multiLineText("Reason", { error: EMERGENCY_REASON_MESSAGE })
  .max(EMERGENCY_REASON_MAX, EMERGENCY_REASON_MESSAGE)
  .transform((s) => s || undefined)
  .optional();

/**
 * POST /api/emergency-approval/:token. The server checks the fields one by one in the order of
 * DECISIONS §10 (after lockdown and the link itself), so this schema documents the call; it is not
 * applied to the body as a whole.
 */
export const emergencyDecisionBodySchema = z.object({
  approverName: z.string({ message: SELECT_APPROVER_MESSAGE }).trim().min(1, SELECT_APPROVER_MESSAGE).max(10, SELECT_APPROVER_MESSAGE),
  pin: z.string({ message: ENTER_PIN_MESSAGE }).min(1, ENTER_PIN_MESSAGE).max(8, WRONG_PIN_MESSAGE),
  reason: emergencyReasonSchema,
});
export type EmergencyDecisionBody = z.input<typeof emergencyDecisionBodySchema>;

export type EmergencyLinkAction = "approve" | "reject";

/** POST /api/transactions/:id/emergency-links (DECISIONS §5). */
export type EmergencyLinksAnswer = z.output<typeof emergencyLinksAnswer>;

/** GET /api/emergency-approval/:token */
export type EmergencyLinkView = z.output<typeof emergencyLinkViewAnswer>;

export type EmergencyDecisionAnswer = z.output<typeof emergencyDecisionAnswer>;

// ---------------------------------------------------------------- answers

/** POST /api/transactions/:id/emergency-links (DECISIONS §5). */
export const emergencyLinksAnswer = z.strictObject({ copyPasteMessage: z.string(), approveUrl: z.string(), rejectUrl: z.string(), expiresAt: instant });
export const emergencyApproversAnswer = z.strictObject({ approvers: z.array(z.string()), pinSet: z.record(z.string(), z.boolean()) });
export const emergencyPinAnswer = z.strictObject({ code: z.string(), pinSet: z.literal(true) });
const linkAction = z.enum(["approve", "reject"]);
/** GET /api/emergency-approval/:token: what the link is for (never uses it up). */
export const emergencyLinkViewAnswer = z.strictObject({
  approvalLink: z.strictObject({ expiresAt: instant, action: linkAction }),
  transaction: z.strictObject({
    humanReadableId: z.string(),
    amount: money,
    description: z.string(),
    /** The vendor or payer's name (DECISIONS §12), null when the transaction names no party. */
    party: z.string().nullable(),
    /** The category's name. */
    category: z.string(),
    /** The creator's name. */
    createdBy: z.string(),
    formType: z.enum(FORM_TYPES),
    transactionDate: day,
    customFieldValues: customFieldValuesAnswer,
    isPriority: z.boolean(),
  }),
  category: z.strictObject({ name: z.string(), fieldSchema: z.array(customFieldDefinitionSchema) }),
  approvers: z.array(z.string()),
});
export const emergencyDecisionAnswer = z.strictObject({
  approver: z.string(),
  action: linkAction,
  transaction: z.strictObject({ humanReadableId: z.string(), status }),
});
