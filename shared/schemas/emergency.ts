// Emergency approval links and the three approver codes (DECISIONS §5, spec 001 §2).
import { z } from "zod";
import type { CustomFieldDefinition, CustomFieldValues } from "./categories";
import type { FormType, TransactionStatus } from "../constants";

export const SELECT_APPROVER_MESSAGE = "Please select an approver";
export const EMERGENCY_LINK_INVALID_MESSAGE = "This emergency approval link is invalid, expired, or has already been used.";
export const EMERGENCY_LINK_EXPIRED_MESSAGE = "This emergency approval link has expired and can no longer be used.";
/** Spec 001 §2: the expiry of emergency links is shown in Asia/Kolkata (the message, the public pages, the panel). */
export const EMERGENCY_LINK_TIME_ZONE = "Asia/Kolkata";
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
export type EmergencyApproversBody = z.input<typeof emergencyApproversBodySchema>;
export type EmergencyApproversAnswer = { approvers: string[] };

/** POST /api/emergency-approval/:token. Membership in the three codes is checked by the server. */
export const emergencyDecisionBodySchema = z.object({
  approverName: z.string({ message: SELECT_APPROVER_MESSAGE }).trim().min(1, SELECT_APPROVER_MESSAGE).max(10, SELECT_APPROVER_MESSAGE),
});
export type EmergencyDecisionBody = z.input<typeof emergencyDecisionBodySchema>;

export type EmergencyLinkAction = "approve" | "reject";

/** POST /api/transactions/:id/emergency-links */
export type EmergencyLinksAnswer = { copyPasteMessage: string; approveUrl: string; rejectUrl: string; expiresAt: string };

/** GET /api/emergency-approval/:token */
export type EmergencyLinkView = {
  approvalLink: { expiresAt: string; action: EmergencyLinkAction };
  transaction: {
    humanReadableId: string;
    amount: string;
    description: string;
    /** The category's name. */
    category: string;
    /** The creator's name. */
    createdBy: string;
    formType: FormType;
    transactionDate: string;
    customFieldValues: CustomFieldValues;
    isPriority: boolean;
  };
  category: { name: string; fieldSchema: CustomFieldDefinition[] };
  approvers: string[];
};

export type EmergencyDecisionAnswer = {
  approver: string;
  action: EmergencyLinkAction;
  transaction: { humanReadableId: string; status: TransactionStatus };
};
