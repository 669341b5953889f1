// Answers of the finance side: transactions and their moves, categories, budgets, dashboards,
// attachments and emergency links (spec 000, spec 001 §3-§7, DECISIONS §4-§5).
import { z } from "zod";
import { APPROVAL_ACTIONS, BUDGET_PERIODS, FORM_TYPES, PAYMENT_METHODS, TIMELINE_KINDS, TRANSACTION_MOVES, TRANSACTION_STATUSES } from "../constants";
import { BUDGET_STATUSES } from "../schemas/budgets";
import { customFieldDefinitionSchema } from "../schemas/categories";
import { day, id, instant, money, pageOf } from "../schemas/answer-parts";

const status = z.enum(TRANSACTION_STATUSES);
export const customFieldValuesAnswer = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]));

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

/** A rule that applied to a transaction, as kept on it at submit (DECISIONS §11). */
export const appliedRuleAnswer = z.strictObject({ id, name: z.string(), minAmount: money, requiredApprovals: z.number().int(), superAdminRequired: z.boolean() });
/** What a submission needs, decided at submit and kept (DECISIONS §11); null before the first submission. */
export const approvalPolicyAnswer = z.strictObject({ approvalsRequired: z.number().int(), superAdminRequired: z.boolean(), rules: z.array(appliedRuleAnswer) });

/** An approval rule (DECISIONS §11): categoryId null is every category, formType null both. */
export const approvalRuleAnswer = z.strictObject({
  id,
  name: z.string(),
  categoryId: id.nullable(),
  formType: z.enum(FORM_TYPES).nullable(),
  minAmount: money,
  requiredApprovals: z.number().int(),
  superAdminRequired: z.boolean(),
  isActive: z.boolean(),
  /** Whether a submitted transaction keeps this rule in its policy: deleting it then deactivates it. */
  inUse: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export const approvalRulesAnswer = z.array(approvalRuleAnswer);
/** DELETE: deleted, or deactivated because a transaction applied it. */
export const approvalRuleDeletedAnswer = z.strictObject({ message: z.string(), deactivated: z.boolean(), rule: approvalRuleAnswer.optional() });

const gstLineAnswer = z.strictObject({ hsnSac: z.string(), taxableValue: money, rate: z.number(), cgst: money, sgst: money, igst: money, tax: money });

/**
 * A bill's GST (DECISIONS §12): the supplier's invoice as entered and what the server computed of it
 * (shared/gst.ts). `payable` is the invoice total, or the taxable value alone under reverse charge
 * (the tax is then the company's to pay); `roundOff` = amount − payable, within ±₹1.00.
 */
export const gstAnswer = z.strictObject({
  invoiceNumber: z.string(),
  invoiceDate: day,
  placeOfSupply: z.string(),
  reverseCharge: z.boolean(),
  itcEligible: z.boolean(),
  supply: z.enum(["intra", "inter"]),
  lines: z.array(gstLineAnswer),
  taxableValue: money,
  cgst: money,
  sgst: money,
  igst: money,
  totalTax: money,
  invoiceTotal: money,
  payable: money,
  roundOff: money,
});

const gstSummaryTotals = z.strictObject({ bills: z.number().int(), taxableValue: money, cgst: money, sgst: money, igst: money, totalTax: money });
const gstSummarySection = z.strictObject({
  /** One row per rate; a bill with lines at several rates counts in each of their rows. */
  rows: z.array(gstSummaryTotals.extend({ rate: z.number(), lines: z.number().int() })),
  /** The section's sums; `bills` counts each bill once. */
  total: gstSummaryTotals,
});
/** GET /api/gst/context: what the transaction form needs to show a bill's taxes as they are typed. */
export const gstContextAnswer = z.strictObject({
  /** The company's state code: CGST + SGST when a bill's place of supply is this state. Null until set. */
  companyStateCode: z.string().nullable(),
});

/** GET /api/gst/summary?month (DECISIONS §12): a month's bills by rate, reverse charge and input tax credit apart. */
export const gstSummaryAnswer = z.strictObject({
  month: z.string(),
  from: day,
  to: day,
  /** Bills whose tax was charged by the supplier. */
  forwardCharge: gstSummarySection,
  /** Bills under reverse charge: the tax is the company's to pay to the government. */
  reverseCharge: gstSummarySection,
  /** The tax of the bills marked ITC eligible, of both sections. */
  inputTaxCredit: gstSummaryTotals,
});
/** A party (DECISIONS §12): a vendor paid or a payer received from. */
export const partyAnswer = z.strictObject({
  id,
  name: z.string(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  stateCode: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export const partyPageAnswer = pageOf("parties", partyAnswer);
/** The party a transaction names, as lists and the details answer it. */
export const partyRefAnswer = z.strictObject({ id, name: z.string(), gstin: z.string().nullable(), stateCode: z.string().nullable() });
/** GET/PUT /api/admin/company (DECISIONS §12). legalName is '' and stateCode null until a SuperAdmin sets them. */
export const companyAnswer = z.strictObject({ legalName: z.string(), gstin: z.string().nullable(), stateCode: z.string().nullable() });

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
  /** Why the reader may not approve it though they may reject it (DECISIONS §11: a limit, the SuperAdmin's place), else null. */
  approveRefusal: z.string().nullable(),
});

/** GET /api/transactions/pending: one page (X-Total-Count, X-Page, X-Page-Size), with this round's own action and moves. */
export const pendingTransactionAnswer = z.strictObject({
  ...transactionFields,
  myAction: z.enum(APPROVAL_ACTIONS).nullable(),
  availableMoves: moves,
  /** Whether a SuperAdmin's approval is among the current round's (DECISIONS §11: "Waiting for a SuperAdmin"). */
  superAdminApproved: z.boolean(),
  /** Why the reader may not approve it though they may reject it (DECISIONS §11), else null. */
  approveRefusal: z.string().nullable(),
  possibleDuplicates: z.array(possibleDuplicateAnswer),
});
export const pendingListAnswer = z.array(pendingTransactionAnswer);

/** GET /api/transactions: the one list shape the client uses everywhere (DECISIONS §4). */
export const transactionListAnswer = z.strictObject({
  ...pageOf("transactions", transactionAnswer).shape,
  summary: z.strictObject({ count: z.number().int(), approvedCount: z.number().int(), pendingCount: z.number().int(), approvedAmount: money }),
});

export const checkDuplicatesAnswer = z.strictObject({ duplicates: z.array(possibleDuplicateAnswer) });
/**
 * POST /api/transactions/bulk-approve: every id in `results` as before; `approved` and `skipped`
 * split them, each skipped one with the reason the single approve would give (DECISIONS §11).
 */
export const bulkApproveAnswer = z.strictObject({
  results: z.array(z.strictObject({ id: z.string(), humanReadableId: z.string().optional(), ok: z.boolean(), status: status.optional(), message: z.string().optional() })),
  approved: z.array(z.strictObject({ id, humanReadableId: z.string(), status })),
  skipped: z.array(z.strictObject({ id: z.string(), humanReadableId: z.string().nullable(), reason: z.string() })),
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

export const categoryAnswer = z.strictObject({
  id,
  name: z.string(),
  description: z.string().nullable(),
  requiredApprovals: z.number().int(),
  isBuiltin: z.boolean(),
  isActive: z.boolean(),
  fieldSchema: z.array(customFieldDefinitionSchema),
  emergencyLimitPolicy: z.strictObject({ dailyLimit: money.nullable().optional(), monthlyLimit: money.nullable().optional() }).nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export const categoriesAnswer = z.array(categoryAnswer);

export const budgetAnswer = z.strictObject({
  id,
  name: z.string(),
  categoryId: id.nullable(),
  category: z.strictObject({ name: z.string() }).nullable(),
  amount: money,
  spent: money,
  /** Capped at 100, 0 when the amount is 0, 2 decimals. */
  percentUsed: z.number(),
  /** amount − spent; negative when over budget. */
  remaining: money,
  period: z.enum(BUDGET_PERIODS),
  startDate: day,
  endDate: day,
  alertThreshold: z.number().int(),
  isActive: z.boolean(),
  status: z.enum(BUDGET_STATUSES),
  createdAt: instant,
  updatedAt: instant,
});
export const budgetsAnswer = z.array(budgetAnswer);

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
