// Transactions over the API (spec 000 §3-§5, §7; DECISIONS §2, §4, §6): one zod schema per request
// body or query, the answer shapes, and their types. The server validates with these; the client's
// forms use the same schemas, so both sides give the same messages.
import { z } from "zod";
import {
  APPROVAL_ACTIONS,
  FORM_TYPES,
  LIMITS,
  PAYMENT_METHODS,
  TRANSACTION_STATUSES,
  FORCEABLE_STATUSES,
  TIMELINE_KINDS,
  TRANSACTION_MOVES,
  type TransactionMove,
} from "../constants";
import { isIsoDate } from "../custom-fields";
import { DATE_RANGE_MESSAGE, isDayInRange } from "../date-range";
import { MAX_AMOUNT_DISPLAY } from "../money";
import { moneySchema } from "./money";
import type { TextLines } from "../free-text";
import { multiLineText, singleLineText } from "./text";
import { gstAnswer, gstSchema } from "./gst";
import { idSchema, UUID_SHAPE } from "./ids";
import { day, id, instant, money, pageOf } from "./answer-parts";
import { approvalPolicyAnswer } from "./approval-rules";
import { customFieldDefinitionSchema, customFieldValuesAnswer } from "./categories";
import { partyRefAnswer } from "./parties";
import { tdsAnswer, tdsChoiceSchema } from "./tds";

export const DESCRIPTION_MAX = 5000;
export const REASON_MAX = 2000;
export const PAYMENT_REFERENCE_MAX = 200;
export const PAYMENT_NOTES_MAX = 2000;
export const FILE_NAME_MAX = 255;
export const SEARCH_MAX = 200;

// ---------------------------------------------------------------- building blocks

const isMissing = (input: unknown) => input === undefined || input === null;
const isBlank = (input: unknown) => isMissing(input) || (typeof input === "string" && input.trim() === "");

/** A required calendar date, YYYY-MM-DD, that exists. */
export function dateSchema(required: string, invalid: string) {
  return z
    .string({ error: (iss) => (isMissing(iss.input) ? required : invalid) })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isIsoDate, { error: invalid, abort: true })
    .refine(isDayInRange, { error: DATE_RANGE_MESSAGE });
}

/** An optional date: absent, null or "" all mean none (answers null). */
export function optionalDateSchema(invalid: string) {
  return z
    .string({ error: invalid })
    .nullish()
    .transform((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null))
    .refine((v) => v === null || isIsoDate(v), { error: invalid, abort: true })
    .refine((v) => v === null || isDayInRange(v), { error: DATE_RANGE_MESSAGE });
}

/** Optional free text (DECISIONS §10): absent, null or blank all mean none (answers null). */
export function optionalTextSchema(label: string, max: number, lines: TextLines) {
  return (lines === "multi" ? multiLineText : singleLineText)(label, { error: `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A required reason (force-status, change-owner, full-override, delete approval): non-empty after trimming. */
export const reasonSchema = multiLineText("Reason", { error: "Reason is required" })
  .min(1, { error: "Reason is required" })
  .max(REASON_MAX, { error: `Reason must be at most ${REASON_MAX} characters` });

export const formTypeSchema = z.enum(FORM_TYPES, {
  error: (iss) => (isBlank(iss.input) ? "Form type is required" : "Form type must be R (Receipt) or B (Bill)"),
});

export const amountSchema = moneySchema({
  required: "Amount is required",
  invalid: "Amount must be a valid positive number",
  positive: "Amount must be a valid positive number",
  precision: "Amount can have at most 2 decimal places",
  tooLarge: `Amount cannot exceed ₹${MAX_AMOUNT_DISPLAY}`,
});

export const categoryIdSchema = idSchema("Category is required", "Category is not valid");

export const transactionDateSchema = dateSchema("Transaction date is required", "Transaction date must be a valid date (YYYY-MM-DD)");

export const descriptionSchema = multiLineText("Description", { error: "Description must be at least 2 characters" })
  .min(LIMITS.descriptionMin, { error: `Description must be at least ${LIMITS.descriptionMin} characters` })
  .max(DESCRIPTION_MAX, { error: `Description must be at most ${DESCRIPTION_MAX} characters` });

/**
 * The raw map of custom field values; checked against the category's fields by
 * `validateCustomFieldValues` (shared/custom-fields.ts), which knows the category. null means {}.
 */
export const customFieldValuesSchema = z
  .record(z.string(), z.unknown(), { error: "Custom field values must be an object" })
  .nullish()
  .transform((v): Record<string, unknown> => v ?? {});

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: (iss) => (isBlank(iss.input) ? "Payment method is required" : `Payment method must be one of: ${PAYMENT_METHODS.join(", ")}`),
});

// Strict bodies name the keys they refuse.
const strictBody = {
  error: (iss: z.core.$ZodRawIssue) =>
    iss.code === "unrecognized_keys" ? `Unknown field${iss.keys.length > 1 ? "s" : ""}: ${iss.keys.join(", ")}` : undefined,
};

// ---------------------------------------------------------------- create and edit

/** The party a transaction names (DECISIONS §12): an id, or null (or "") for none. */
export const partyIdSchema = z.unknown().transform((input, ctx): string | null => {
  if (input === null || (typeof input === "string" && input.trim() === "")) return null;
  if (typeof input === "string" && UUID_SHAPE.test(input.trim())) return input.trim().toLowerCase();
  ctx.addIssue({ code: "custom", message: "Party must be a party id or null", input });
  return z.NEVER;
});

const draftStatus = z.literal("Draft", { error: "A new transaction can only be saved as Draft; submit it to send it for approval" });

/**
 * POST /api/transactions. Always creates a Draft; `status: "Draft"` may be sent (Save as Draft)
 * and nothing else. Unknown keys are refused.
 */
export const createTransactionSchema = z.strictObject(
  {
    formType: formTypeSchema,
    categoryId: categoryIdSchema,
    amount: amountSchema,
    transactionDate: transactionDateSchema,
    description: descriptionSchema,
    customFieldValues: customFieldValuesSchema,
    isPriority: flag("Mark as Emergency").default(false),
    isEmergency: flag("Emergency Approval Required").default(false),
    /** A bill's GST (DECISIONS §12); absent or null: none. */
    gst: gstSchema.nullish().transform((v) => v ?? null),
    partyId: partyIdSchema.optional().transform((v) => v ?? null),
    /** A bill's TDS (DECISIONS §12): its nature; absent: the party's usual nature; null: none. */
    tds: tdsChoiceSchema.nullable().optional(),
    status: draftStatus.optional(),
  },
  strictBody,
);
export type CreateTransactionBody = z.output<typeof createTransactionSchema>;

/**
 * PATCH /api/transactions/:id (owner, Draft or Rejected). The same fields as create, each optional:
 * what is sent replaces, what is absent stays. `customFieldValues`, when sent, replaces the whole map.
 * Built without defaults on purpose: an absent flag must not reset a stored true.
 */
export const editTransactionSchema = z.strictObject(
  {
    formType: formTypeSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    amount: amountSchema.optional(),
    transactionDate: transactionDateSchema.optional(),
    description: descriptionSchema.optional(),
    customFieldValues: customFieldValuesSchema.optional(),
    isPriority: flag("Mark as Emergency").optional(),
    isEmergency: flag("Emergency Approval Required").optional(),
    /** Replaces the bill's GST; null removes it. */
    gst: gstSchema.nullable().optional(),
    partyId: partyIdSchema.optional(),
    /** The bill's TDS nature; null: none; absent: unchanged (the new party's usual one when the party changes). */
    tds: tdsChoiceSchema.nullable().optional(),
    // The form sends the same payload as on create; an edit never changes the status.
    status: draftStatus.optional(),
  },
  strictBody,
);
export type EditTransactionBody = z.output<typeof editTransactionSchema>;

// ---------------------------------------------------------------- list, export

/** "", "all" and "All" in a filter mean no filter (the client's 'All' choice). */
const noFilter = (v: unknown) => (typeof v === "string" && (v.trim() === "" || v.trim().toLowerCase() === "all") ? undefined : v);
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

const pageSchema = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce
    .number({ error: "page must be a whole number of at least 1" })
    .int({ error: "page must be a whole number of at least 1" })
    .min(1, { error: "page must be a whole number of at least 1" })
    .default(1),
);
// Above the maximum is clamped rather than refused: the answer's `limit` says what was used.
const limitSchemaOf = (fallback: number) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ error: `limit must be a whole number from 1 to ${LIMITS.listLimitMax}` })
      .int({ error: `limit must be a whole number from 1 to ${LIMITS.listLimitMax}` })
      .min(1, { error: `limit must be a whole number from 1 to ${LIMITS.listLimitMax}` })
      .default(fallback)
      .transform((n) => Math.min(n, LIMITS.listLimitMax)),
  );
const limitSchema = limitSchemaOf(LIMITS.listLimitDefault);

export const transactionFiltersShape = {
  search: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : trimmed(v)),
    z
      .string({ error: "search must be text" })
      .max(SEARCH_MAX, { error: `search must be at most ${SEARCH_MAX} characters` })
      .optional(),
  ),
  status: z.preprocess(noFilter, z.enum(TRANSACTION_STATUSES, { error: `status must be one of: ${TRANSACTION_STATUSES.join(", ")}` }).optional()),
  categoryId: z.preprocess(noFilter, z.guid({ error: "categoryId is not valid" }).optional()),
  createdBy: z.preprocess(noFilter, z.guid({ error: "createdBy is not valid" }).optional()),
  /** Only Payment Due transactions whose due date is before today (APP_TIMEZONE). */
  overdue: z.preprocess(
    (v) => (v === "" || v === undefined || v === "false" ? undefined : v === "true" ? true : v),
    z.literal(true, { error: "overdue must be true or false" }).optional(),
  ),
};

/** GET /api/transactions?search&status&categoryId&createdBy&page&limit (query strings are coerced). */
export const transactionListQuerySchema = z.object({ ...transactionFiltersShape, page: pageSchema, limit: limitSchema });
export type TransactionListQuery = z.output<typeof transactionListQuerySchema>;

/**
 * GET /api/transactions/pending?page&limit: the answer stays a plain list (DECISIONS §4), a page of
 * it (limit defaults to the most a page holds); the headers of PAGE_HEADERS say the whole count and
 * the page, so no pending transaction is silently left out.
 */
export const pendingQuerySchema = z.object({ page: pageSchema, limit: limitSchemaOf(LIMITS.listLimitMax) });
export type PendingQuery = z.output<typeof pendingQuerySchema>;

/** GET /api/transactions/export?format=csv&… (the same filters, no paging). */
export const transactionExportQuerySchema = z.object({
  ...transactionFiltersShape,
  format: z.preprocess(noFilter, z.literal("csv", { error: "format must be csv" }).default("csv")),
});

// ---------------------------------------------------------------- moves

/** POST /api/transactions/:id/approve and /complete: an empty object (anything sent is ignored). */
export const emptyBodySchema = z.object({});

/** POST /api/transactions/:id/reject {reason?}: the reason is optional (spec 000 §5). */
export const rejectTransactionSchema = z.object({ reason: optionalTextSchema("Reason", REASON_MAX, "multi") });
export type RejectTransactionBody = z.output<typeof rejectTransactionSchema>;

/**
 * POST /api/transactions/:id/mark-payment-due {dueDate?}. Whether a due date may lie in the past is
 * the service's rule (the form's picker starts at today, in APP_TIMEZONE).
 */
export const markPaymentDueSchema = z.object({ dueDate: optionalDateSchema("Due date must be a valid date (YYYY-MM-DD)") });
export type MarkPaymentDueBody = z.output<typeof markPaymentDueSchema>;

const processPaymentSchema = z.object({
  isPaid: z.literal(true).optional(),
  paymentMethod: paymentMethodSchema,
  paymentReference: optionalTextSchema("Payment reference", PAYMENT_REFERENCE_MAX, "single"),
  paymentNotes: optionalTextSchema("Payment notes", PAYMENT_NOTES_MAX, "multi"),
  /** null: today, in APP_TIMEZONE (the service decides). */
  paidDate: optionalDateSchema("Payment date must be a valid date (YYYY-MM-DD)"),
});

const mustBeNull = (label: string) => z.null({ error: `${label} must be null when cancelling a payment` }).optional();
const cancelPaymentSchema = z.object({
  isPaid: z.literal(false),
  paymentMethod: mustBeNull("paymentMethod"),
  paymentReference: mustBeNull("paymentReference"),
  paymentNotes: mustBeNull("paymentNotes"),
  paidBy: mustBeNull("paidBy"),
  paidDate: mustBeNull("paidDate"),
});

/**
 * PATCH /api/transactions/:id/payment. `isPaid: false` cancels the payment (the other fields, if
 * sent, must be null); anything else processes it. Answers `{action: "process", …}` or `{action: "cancel"}`.
 */
export const paymentSchema = z
  .discriminatedUnion("isPaid", [cancelPaymentSchema, processPaymentSchema], { error: "isPaid must be false (cancel) or absent (process)" })
  .transform((body) =>
    body.isPaid === false
      ? { action: "cancel" as const }
      : {
          action: "process" as const,
          paymentMethod: body.paymentMethod,
          paymentReference: body.paymentReference,
          paymentNotes: body.paymentNotes,
          paidDate: body.paidDate,
        },
  );
export type PaymentBody = z.output<typeof paymentSchema>;

/** POST /api/admin/transactions/:id/force-status {status, reason} (SuperAdmin). */
export const forceStatusSchema = z.object({
  status: z.enum(FORCEABLE_STATUSES, {
    error: (iss) => (isBlank(iss.input) ? "Status is required" : `Status must be one of: ${FORCEABLE_STATUSES.join(", ")}`),
  }),
  reason: reasonSchema,
});
export type ForceStatusBody = z.output<typeof forceStatusSchema>;

/** POST /api/admin/transactions/:id/change-owner {newOwnerId, reason} (SuperAdmin). */
export const changeOwnerSchema = z.object({
  newOwnerId: idSchema("New owner is required", "New owner is not valid"),
  reason: reasonSchema,
});
export type ChangeOwnerBody = z.output<typeof changeOwnerSchema>;

/**
 * PUT /api/admin/transactions/:id/full-override (SuperAdmin): any field, each optional; what is
 * absent stays. Nullable fields accept null to clear them. Unknown keys are refused, so a typo
 * cannot look like an override that happened.
 */
export const fullOverrideSchema = z.strictObject(
  {
    formType: formTypeSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    amount: amountSchema.optional(),
    transactionDate: transactionDateSchema.optional(),
    description: descriptionSchema.optional(),
    status: z.enum(TRANSACTION_STATUSES, { error: `Status must be one of: ${TRANSACTION_STATUSES.join(", ")}` }).optional(),
    isPaid: flag("isPaid").optional(),
    isPriority: flag("isPriority").optional(),
    isEmergency: flag("isEmergency").optional(),
    customFieldValues: customFieldValuesSchema.optional(),
    gst: gstSchema.nullable().optional(),
    partyId: partyIdSchema.optional(),
    tds: tdsChoiceSchema.nullable().optional(),
    paymentDueDate: optionalDateSchema("Payment due date must be a valid date (YYYY-MM-DD)").optional(),
    paidDate: optionalDateSchema("Payment date must be a valid date (YYYY-MM-DD)").optional(),
    paymentMethod: z
      .enum(PAYMENT_METHODS, { error: `Payment method must be one of: ${PAYMENT_METHODS.join(", ")}` })
      .nullable()
      .optional(),
    paymentReference: optionalTextSchema("Payment reference", PAYMENT_REFERENCE_MAX, "single").optional(),
    paymentNotes: optionalTextSchema("Payment notes", PAYMENT_NOTES_MAX, "multi").optional(),
    approvalsRequired: z
      .number({ error: `Approvals required must be a whole number from ${LIMITS.requiredApprovalsMin} to ${LIMITS.requiredApprovalsMax}` })
      .int({ error: `Approvals required must be a whole number from ${LIMITS.requiredApprovalsMin} to ${LIMITS.requiredApprovalsMax}` })
      .min(LIMITS.requiredApprovalsMin, {
        error: `Approvals required must be a whole number from ${LIMITS.requiredApprovalsMin} to ${LIMITS.requiredApprovalsMax}`,
      })
      .max(LIMITS.requiredApprovalsMax, {
        error: `Approvals required must be a whole number from ${LIMITS.requiredApprovalsMin} to ${LIMITS.requiredApprovalsMax}`,
      })
      .optional(),
    // DECISIONS §4: an override says why, like force-status and change-owner, for the audit trail.
    reason: reasonSchema,
  },
  strictBody,
);
export type FullOverrideBody = z.output<typeof fullOverrideSchema>;

// ---------------------------------------------------------------- attachments

// A file name is shown and offered on download, never used as a storage path (DECISIONS §4),
// but it must not carry control characters into a Content-Disposition header.
// DECISIONS §10: control characters (C0, C1) and the bidirectional controls that can make
// "invoice\u202Efdp.exe" display as "invoiceexe.pdf" are removed before a name is stored, and so
// are what is not text (Unicode noncharacters, lone surrogates: shared/free-text.ts).
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\p{Noncharacter_Code_Point}\p{Cs}]/gu;
export const safeFileName = (name: string) => name.replace(UNSAFE_IN_NAMES, "").trim();
const fileNameSchema = z
  .string({ error: "File name is required" })
  .transform(safeFileName)
  .pipe(
    z
      .string()
      .min(1, { error: "File name is required" })
      .max(FILE_NAME_MAX, { error: `File name must be at most ${FILE_NAME_MAX} characters` }),
  );

// type/subtype with optional parameters, as browsers report File.type. All types are accepted
// (spec 000 §5); an unknown one ("" from the browser) is stored as application/octet-stream.
// eslint-disable-next-line no-control-regex -- control characters are what the parameters may not hold
const MIME = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}(?:\s*;[^\u0000-\u001f\u007f]*)?$/;
const contentTypeSchema = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : "application/octet-stream"))
    .refine((v) => v.length <= 255 && MIME.test(v), { error: `${label} is not a valid type (like application/pdf)` });

/** POST /api/transactions/:id/attachments/upload-url {fileName, contentType} → {uploadURL, objectPath}. */
export const attachmentUploadUrlSchema = z.object({ fileName: fileNameSchema, contentType: contentTypeSchema("Content type") });
export type AttachmentUploadUrlBody = z.output<typeof attachmentUploadUrlSchema>;

/** POST /api/transactions/:id/attachments {fileName, objectPath, fileSizeBytes, mimeType}. */
export const registerAttachmentSchema = z.object({
  fileName: fileNameSchema,
  objectPath: z
    .string({ error: "Object path is required" })
    .trim()
    .min(1, { error: "Object path is required" })
    .max(1000, { error: "Object path must be at most 1000 characters" }),
  fileSizeBytes: z
    .number({ error: "File size must be a whole number of bytes" })
    .int({ error: "File size must be a whole number of bytes" })
    .min(0, { error: "File size must be a whole number of bytes" })
    .max(LIMITS.fileMaxBytes, { error: "File is too large (max 20 MB)" }),
  mimeType: contentTypeSchema("MIME type"),
});
export type RegisterAttachmentBody = z.output<typeof registerAttachmentSchema>;

/** spec 000 §3. `approverId` and `approver` are null for an emergency-link action (see `emergencyApproverCode`). */
export type Approval = z.output<typeof approvalAnswer>;

export type Attachment = z.output<typeof attachmentAnswer>;

/** A transaction as the API answers it (spec 000 §3). Money is a decimal string; dates YYYY-MM-DD; instants full ISO. */
export type Transaction = z.output<typeof transactionAnswer>;

/** One entry of a transaction's timeline (DECISIONS §4): a move or an emergency-link decision. */
export type TimelineEntry = z.output<typeof timelineEntryAnswer>;

/** What GET /api/transactions/:id adds for the one who reads it: the moves they may make now, and the story so far. */
export type TransactionDetailExtras = {
  availableMoves: TransactionMove[];
  timeline: TimelineEntry[];
  /** Whether a SuperAdmin's approval is among the current round's, so the words can say what is still missing. */
  superAdminApproved: boolean;
  /** Why the reader may not approve it (DECISIONS §11, §16: their own, a limit, the SuperAdmin's place), else null. */
  approveRefusal: string | null;
  /** The delegator whose authority the reader's approval would use ("Approve for Rajesh Sharma", DECISIONS §16), else null. */
  approveOnBehalfOf: { id: string; name: string } | null;
  /** The live export batch that holds the transaction (DECISIONS §12), or null. */
  exportedIn: { batchId: string; number: number } | null;
};

/**
 * GET /api/transactions/pending: what the current user did in the current round, if anything, and
 * the moves they may make now (approve, reject, …), from the server's status machine.
 */
export type PendingTransaction = Omit<z.output<typeof pendingTransactionAnswer>, "possibleDuplicates">;

/** DELETE /api/approvals/:id {reason} (SuperAdmin): a correction of the record says why. */
export const deleteApprovalSchema = z.object({ reason: reasonSchema });
export type DeleteApprovalBody = z.output<typeof deleteApprovalSchema>;

/** GET /api/transactions: the one list shape the client uses everywhere (DECISIONS §4). */
export type TransactionListResponse = z.output<typeof transactionListAnswer>;

/**
 * GET /api/dashboard/stats (spec 000 §3). Amounts are decimal strings. The amounts, the month and
 * the unpaid figures are null for everyone but a SuperAdmin (DECISIONS §4).
 */
export type DashboardStats = z.output<typeof dashboardStatsAnswer>;

/** POST …/attachments/upload-url. */
/** POST …/attachments/upload-url. The browser PUTs the file to uploadURL with its Content-Type and these headers. */
export type AttachmentUploadUrlResponse = z.output<typeof attachmentUploadUrlAnswer>;

// ---------------------------------------------------------------- answers

const status = z.enum(TRANSACTION_STATUSES);
export { status as transactionStatusAnswer };

/** spec 000 §3. `approverId` and `approver` are null for an emergency-link action (see `emergencyApproverCode`). */
export const approvalAnswer = z.strictObject({
  id,
  transactionId: id,
  approverId: id.nullable(),
  approver: z.strictObject({ name: z.string() }).nullable(),
  /** The delegator whose authority the approver used (DECISIONS §11), else null. */
  onBehalfOf: z.strictObject({ id, name: z.string() }).nullable(),
  /** Who acted, in words: "Anita Desai", "Anita Desai for Rajesh Sharma", or the emergency approver's code. */
  approverDisplay: z.string(),
  emergencyApproverCode: z.string().nullable(),
  action: z.enum(APPROVAL_ACTIONS),
  actedAt: instant,
  reasonText: z.string().nullable(),
  /** The submission this action belongs to; only the transaction's current round counts. */
  round: z.number().int(),
});
export const attachmentAnswer = z.strictObject({
  id,
  transactionId: id,
  fileName: z.string(),
  mimeType: z.string(),
  fileSizeBytes: z.number().int(),
  uploadedBy: id.nullable(),
  createdAt: instant,
});
const transactionFields = {
  id,
  humanReadableId: z.string(),
  formType: z.enum(FORM_TYPES),
  categoryId: id,
  category: z.strictObject({ id, name: z.string(), isBuiltin: z.boolean() }),
  amount: money,
  transactionDate: day,
  description: z.string(),
  status,
  isPaid: z.boolean(),
  isPriority: z.boolean(),
  isEmergency: z.boolean(),
  previouslyRejected: z.boolean(),
  createdBy: id,
  creator: z.strictObject({ id, name: z.string(), username: z.string().optional() }),
  createdAt: instant,
  updatedAt: instant,
  customFieldValues: customFieldValuesAnswer,
  approvalsReceived: z.number().int(),
  approvalsRequired: z.number().int(),
  /** What the current submission needs and which rules said so (DECISIONS §11); null before the first submission. */
  approvalPolicy: approvalPolicyAnswer.nullable(),
  approvalRound: z.number().int(),
  submittedAt: instant.nullable(),
  approvedAt: instant.nullable(),
  paymentDueDate: day.nullable(),
  paidDate: day.nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paymentReference: z.string().nullable(),
  paymentNotes: z.string().nullable(),
  paidBy: id.nullable(),
  completedAt: instant.nullable(),
  /** A bill's GST and its computed breakup; null without one (always null on a receipt). */
  gst: gstAnswer.nullable(),
  /** Always present, so list rows show a count without carrying the files. */
  attachmentCount: z.number().int(),
  /** The vendor of a bill or the payer of a receipt (DECISIONS §12), null when none is named. */
  partyId: id.nullable(),
  party: partyRefAnswer.nullable(),
  /** A bill's TDS as decided at its last submit, edit or override (DECISIONS §12); null for none. */
  tds: tdsAnswer.nullable(),
  /** What the party is paid: the amount less the TDS. */
  netPayable: money,
  /**
   * An expense claim's payee (DECISIONS §15): the employee it reimburses, kept as filed (a later
   * rename or unlinking changes nothing). Null for every other transaction.
   */
  claimant: z.strictObject({ employeeId: id, name: z.string() }).nullable(),
  /** On GET /api/transactions/:id: every attachment. Lists leave it out. */
  attachments: z.array(attachmentAnswer).optional(),
  /** On GET /api/transactions/:id: every round's approvals, oldest first. Lists leave it out. */
  approvals: z.array(approvalAnswer).optional(),
};
/** A transaction as the API answers it (spec 000 §3). Money is a decimal string; dates YYYY-MM-DD; instants full ISO. */
export const transactionAnswer = z.strictObject(transactionFields);
export const possibleDuplicateAnswer = z.strictObject({ id, humanReadableId: z.string(), status, matchedBy: z.enum(["attachment", "details"]) });
/** One entry of a transaction's timeline (DECISIONS §4): a move or an emergency-link decision. */
export const timelineEntryAnswer = z.strictObject({
  at: instant,
  kind: z.enum(TIMELINE_KINDS),
  /** The user who acted, or the emergency approver's code. */
  actorName: z.string(),
  reason: z.string().optional(),
  /** What changed, in words: "Pending → Approved", "Amount: ₹1,000.00 → ₹1,200.00". */
  detail: z.string().optional(),
});
const moves = z.array(z.enum(TRANSACTION_MOVES));
/** GET /api/transactions/:id: the transaction with everything about it, and the moves the reader may make now. */
/** What the reader's approve would do, as the details and the pending list answer it (DECISIONS §11, §16). */
const approveAnswerParts = {
  /**
   * Why the reader may not approve this Pending transaction, in the words the approve call would
   * answer (their own transaction, above their limit, the place kept for a SuperAdmin), else null.
   */
  approveRefusal: z.string().nullable(),
  /** The delegator whose authority the reader's approval would use ("Approve for Rajesh Sharma"), else null. */
  approveOnBehalfOf: z.strictObject({ id, name: z.string() }).nullable(),
};
export const transactionDetailsAnswer = z.strictObject({
  ...transactionFields,
  category: z.strictObject({ id, name: z.string(), isBuiltin: z.boolean(), fieldSchema: z.array(customFieldDefinitionSchema) }),
  approvals: z.array(approvalAnswer),
  attachments: z.array(attachmentAnswer),
  possibleDuplicates: z.array(possibleDuplicateAnswer),
  availableMoves: moves,
  timeline: z.array(timelineEntryAnswer),
  /** The live export batch that holds the transaction (DECISIONS §12), or null. */
  exportedIn: z.strictObject({ batchId: id, number: z.number().int() }).nullable(),
  /** Whether a SuperAdmin's approval is among the current round's, so the words can say what is still missing. */
  superAdminApproved: z.boolean(),
  ...approveAnswerParts,
});
/** GET /api/transactions/pending: one page (X-Total-Count, X-Page, X-Page-Size), with this round's own action and moves. */
export const pendingTransactionAnswer = z.strictObject({
  ...transactionFields,
  myAction: z.enum(APPROVAL_ACTIONS).nullable(),
  availableMoves: moves,
  /** Whether a SuperAdmin's approval is among the current round's (DECISIONS §11: "Waiting for a SuperAdmin"). */
  superAdminApproved: z.boolean(),
  ...approveAnswerParts,
  possibleDuplicates: z.array(possibleDuplicateAnswer),
});
export const pendingListAnswer = z.array(pendingTransactionAnswer);
/**
 * The pending feed (shared/ws-events.ts PENDING_FEED), numbered per socket: `pending-ready` once the
 * socket is followed (seq 0; `version` the count of committed changes then), then `pending-changes`
 * (the reader's rows that changed, each as GET /api/transactions/pending answers it with its place
 * in the whole list, or null when it left the list, and how many the list holds) and
 * `pending-resync` (fetch the list again, unless it was read at `version` or later; none when the
 * day turned). `version` is compared with the page's FEED_VERSION_HEADER.
 */
export const pendingFeedReady = z.strictObject({ type: z.literal("pending-ready"), seq: z.literal(0), version: z.string() });
export const pendingFeedChanges = z.strictObject({
  type: z.literal("pending-changes"),
  seq: z.number().int().positive(),
  version: z.string(),
  total: z.number().int().nonnegative(),
  changes: z.array(
    z.union([z.strictObject({ id, index: z.number().int().nonnegative(), row: pendingTransactionAnswer }), z.strictObject({ id, row: z.null() })]),
  ),
});
export const pendingFeedResync = z.strictObject({ type: z.literal("pending-resync"), seq: z.number().int().positive(), version: z.string().optional() });
export const pendingFeedMessage = z.discriminatedUnion("type", [pendingFeedReady, pendingFeedChanges, pendingFeedResync]);
export type PendingFeedMessage = z.output<typeof pendingFeedMessage>;
/** A row of the pending list as answered and as the feed tells it, possible duplicates and all. */
export type PendingListRow = z.output<typeof pendingTransactionAnswer>;

/** GET /api/transactions: the one list shape the client uses everywhere (DECISIONS §4). */
export const transactionListAnswer = z.strictObject({
  ...pageOf("transactions", transactionAnswer).shape,
  summary: z.strictObject({ count: z.number().int(), approvedCount: z.number().int(), pendingCount: z.number().int(), approvedAmount: money }),
});
export const transactionDeletedAnswer = z.strictObject({ message: z.string(), id, humanReadableId: z.string() });
/** GET /api/dashboard/stats (spec 000 §3): the amounts, the month and the unpaid figures are null for all but a SuperAdmin (DECISIONS §4). */
export const dashboardStatsAnswer = z.strictObject({
  pendingTransactions: z.number().int(),
  urgentTransactions: z.number().int(),
  todayApprovedCount: z.number().int(),
  todayApprovedAmount: money.nullable(),
  thisMonthAmount: money.nullable(),
  thisMonthCount: z.number().int().nullable(),
  unpaidApprovedAmount: money.nullable(),
  unpaidApprovedCount: z.number().int().nullable(),
});
/** PUT /api/uploads/…: the local store took the file (the signed upload URL's target). */
export const uploadReceivedAnswer = z.strictObject({ ok: z.literal(true) });
export const attachmentUploadUrlAnswer = z.strictObject({ uploadURL: z.string(), objectPath: z.string(), uploadHeaders: z.record(z.string(), z.string()) });
