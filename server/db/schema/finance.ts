// Finance (spec 000, DECISIONS §4): categories, transactions, their approvals and attachments, and budgets.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgSequence, pgTable, text, uniqueIndex, unique, uuid } from "drizzle-orm/pg-core";
import type { CustomFieldDefinition, CustomFieldValues, EmergencyLimitPolicy } from "../../../shared/schemas/categories";
import type { ApprovalPolicy } from "../../../shared/schemas/approval-rules";
import type { GstDetails } from "../../../shared/gst";
import type { TdsDetails } from "../../../shared/tds";
import { money, instant, createdAt, updatedAt } from "./columns";
import { parties } from "./books";
import { approvalActionEnum, budgetPeriodEnum, formTypeEnum, transactionStatusEnum } from "./enums";
import { users } from "./users";
import { employees } from "./people";

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    requiredApprovals: integer("required_approvals").notNull().default(1),
    isBuiltin: boolean("is_builtin").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    fieldSchema: jsonb("field_schema")
      .$type<CustomFieldDefinition[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    emergencyLimitPolicy: jsonb("emergency_limit_policy").$type<EmergencyLimitPolicy | null>(),
    // DECISIONS §15: an employee's login may file expense claims in this category (set by a SuperAdmin).
    openToClaims: boolean("open_to_claims").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("categories_name_lower_key").on(sql`lower(${t.name})`),
    check("categories_required_approvals_range", sql`${t.requiredApprovals} between 1 and 5`),
  ],
);

export const transactionNumberSeq = pgSequence("transaction_number_seq", { startWith: 1 });

export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    humanReadableId: text("human_readable_id")
      .notNull()
      .default(sql`'TXN-' || lpad(nextval('transaction_number_seq')::text, 6, '0')`),
    formType: formTypeEnum("form_type").notNull().default("R"),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id),
    amount: money("amount").notNull(),
    transactionDate: date("transaction_date").notNull(),
    description: text("description").notNull(),
    status: transactionStatusEnum("status").notNull().default("Draft"),
    isPaid: boolean("is_paid").notNull().default(false),
    isPriority: boolean("is_priority").notNull().default(false),
    isEmergency: boolean("is_emergency").notNull().default(false),
    previouslyRejected: boolean("previously_rejected").notNull().default(false),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    customFieldValues: jsonb("custom_field_values")
      .$type<CustomFieldValues>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // Each submission opens a new round; only the current round's approvals count.
    approvalRound: integer("approval_round").notNull().default(0),
    approvalsRequired: integer("approvals_required").notNull().default(1),
    approvalsReceived: integer("approvals_received").notNull().default(0),
    submittedAt: instant("submitted_at"),
    approvedAt: instant("approved_at"),
    paymentDueDate: date("payment_due_date"),
    paidDate: date("paid_date"),
    paymentMethod: text("payment_method"),
    paymentReference: text("payment_reference"),
    paymentNotes: text("payment_notes"),
    paidBy: uuid("paid_by").references(() => users.id),
    completedAt: instant("completed_at"),
    // What the submission needs (services/transactions/authority.ts), decided at submit and kept:
    // changing a rule later never changes it. Null before the first submission.
    approvalPolicy: jsonb("approval_policy").$type<ApprovalPolicy | null>(),
    // A bill's GST (DECISIONS §12): the supplier's invoice as entered with the taxes the server
    // computed (shared/gst.ts), null when the bill has none. One jsonb value rather than a table of
    // lines: it is part of the transaction's editable fields, so edits, overrides, the audit's
    // before/after and the timeline treat it like any other field in the same row update, and the
    // answer is written straight from it; the monthly summary unnests its lines with
    // jsonb_array_elements over the few bills of a month, found by transactions_gst_invoice_date_idx.
    gst: jsonb("gst").$type<GstDetails | null>(),
    // The vendor of a bill or the payer of a receipt (DECISIONS §12); optional.
    partyId: uuid("party_id").references(() => parties.id),
    // A bill's TDS (DECISIONS §12): the nature named and what services/tds/decide.ts decided of it at
    // the last create, edit, submit or override (shared/tds.ts), null for none. One jsonb value like
    // the GST: an edit, an override and the audit's before/after treat it as one field, and a later
    // bill that deducts this one's shortfall names it from its own value.
    tds: jsonb("tds").$type<TdsDetails | null>(),
    // An expense claim (DECISIONS §15): the employee it reimburses and their name, kept from the
    // moment an Employee login filed it, so a later rename or unlinking never changes whom it paid
    // (the payee on the payment screens, the ledger its voucher names). Null for every other bill.
    claimantEmployeeId: uuid("claimant_employee_id").references(() => employees.id),
    claimantName: text("claimant_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("transactions_human_readable_id_key").on(t.humanReadableId),
    check("transactions_amount_positive", sql`${t.amount} > 0`),
    // The GST summary reads a month's bills by their invoice date.
    index("transactions_gst_invoice_date_idx")
      .on(sql`((${t.gst} ->> 'invoiceDate'))`)
      .where(sql`${t.gst} is not null`),
    // Newest first with a stable tie-break: list pages and the keyset-paginated export.
    index("transactions_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("transactions_status_created_at_idx").on(t.status, t.createdAt.desc()),
    // The pending page's ids read index-only, in their order (PENDING_ORDER ends with the id), with the
    // window's created_by (queries.ts pendingPage; docs/performance.md).
    index("transactions_pending_idx")
      .on(t.isPriority.desc(), t.createdAt, t.id, t.createdBy)
      .where(sql`${t.status} = 'Pending'`),
    index("transactions_created_by_idx").on(t.createdBy, t.createdAt.desc()),
    index("transactions_category_date_idx").on(t.categoryId, t.transactionDate),
    index("transactions_transaction_date_idx").on(t.transactionDate),
    // Dashboard stats (dashboard.ts) read these three index-only: the columns after the first are
    // there to be read, not searched (drizzle has no INCLUDE), and created_by/created_at serve the
    // visibility window.
    index("transactions_approved_at_idx").on(t.approvedAt, t.status, t.amount, t.createdBy, t.createdAt),
    index("transactions_approved_by_date_idx")
      .on(t.transactionDate, t.amount, t.createdBy, t.createdAt)
      .where(sql`${t.status} in ('Approved', 'PaymentDue', 'Paid', 'Completed')`),
    index("transactions_unpaid_idx")
      .on(t.createdAt, t.amount, t.createdBy)
      .where(sql`${t.status} in ('Approved', 'PaymentDue') and not ${t.isPaid}`),
    // An export to the books (DECISIONS §12) takes the paid transactions of a range of paid dates:
    // a month's out of years of them, without reading the rest.
    index("transactions_paid_date_idx")
      .on(t.paidDate)
      .where(sql`${t.status} in ('Paid', 'Completed')`),
    // The Overdue filter (DECISIONS §4): Payment Due, unpaid, by due date; few rows at any time.
    index("transactions_overdue_idx")
      .on(t.paymentDueDate)
      .where(sql`${t.status} = 'PaymentDue' and not ${t.isPaid}`),
    // Possible duplicates by details (queries.ts possibleDuplicatesJson): the columns after the
    // first three are there to be read, so the per-row probe and the window's test skip the table.
    index("transactions_duplicate_idx").on(t.categoryId, t.amount, t.transactionDate, t.createdAt, t.createdBy, t.id),
    index("transactions_paid_by_idx").on(t.paidBy),
    // GET /api/me/claims: an employee's claims.
    index("transactions_claimant_idx")
      .on(t.claimantEmployeeId)
      .where(sql`${t.claimantEmployeeId} is not null`),
    check("transactions_claimant_named", sql`(${t.claimantEmployeeId} is null) = (${t.claimantName} is null)`),
    index("transactions_party_idx").on(t.partyId),
    // A bill's TDS reads the party's other bills of the nature (services/tds/decide.ts).
    index("transactions_tds_party_idx")
      .on(t.partyId, sql`((${t.tds} ->> 'natureId'))`)
      .where(sql`${t.tds} is not null`),
    // The emergency limits (DECISIONS §5) sum a category's emergency transactions by submission instant.
    index("transactions_emergency_submitted_idx")
      .on(t.categoryId, t.submittedAt)
      .where(sql`${t.isEmergency}`),
  ],
);

export const approvals = pgTable(
  "approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    // Null for an action taken through an emergency link: those approvers are short codes, not users.
    approverId: uuid("approver_id").references(() => users.id),
    emergencyApproverCode: text("emergency_approver_code"),
    /** The delegator whose authority this approval used (DECISIONS §11 delegation); null: the approver's own. */
    onBehalfOf: uuid("on_behalf_of").references(() => users.id),
    /**
     * Whether this approval carried a SuperAdmin's authority when it was given (DECISIONS §11): its
     * approver was a SuperAdmin, or approved on behalf of one. Fixed then: a later promotion or
     * demotion changes nothing of what it counted as.
     */
    asSuperAdmin: boolean("as_super_admin").notNull().default(false),
    round: integer("round").notNull(),
    action: approvalActionEnum("action").notNull(),
    reasonText: text("reason_text"),
    actedAt: instant("acted_at").notNull().defaultNow(),
  },
  (t) => [
    // One action per approver per transaction per submission round (DECISIONS §4).
    unique("approvals_one_action_per_round").on(t.transactionId, t.approverId, t.round),
    // …and one per delegator: what a delegate did on someone's behalf is that person's action of the round.
    unique("approvals_one_on_behalf_per_round").on(t.transactionId, t.onBehalfOf, t.round),
    index("approvals_transaction_idx").on(t.transactionId, t.round),
    index("approvals_approver_idx").on(t.approverId),
    index("approvals_on_behalf_of_idx").on(t.onBehalfOf),
    check("approvals_has_actor", sql`${t.approverId} is not null or ${t.emergencyApproverCode} is not null`),
  ],
);

export const attachments = pgTable(
  "attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    objectPath: text("object_path").notNull(),
    mimeType: text("mime_type").notNull(),
    fileSizeBytes: integer("file_size_bytes").notNull(),
    contentSha256: text("content_sha256"),
    uploadedBy: uuid("uploaded_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique("attachments_object_path_key").on(t.objectPath),
    index("attachments_transaction_idx").on(t.transactionId),
    index("attachments_sha256_idx").on(t.contentSha256),
    index("attachments_uploaded_by_idx").on(t.uploadedBy),
  ],
);

/**
 * An upload URL handed out and not yet registered (DECISIONS §10): at most 20 per transaction at a
 * time; the local store accepts bytes only for a live grant, so a URL stops working at lockdown
 * (every grant is dropped), once its file is registered (the grant is used up), and so after that
 * attachment is deleted.
 */
export const uploadGrants = pgTable(
  "upload_grants",
  {
    objectPath: text("object_path").primaryKey(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    issuedBy: uuid("issued_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("upload_grants_transaction_idx").on(t.transactionId, t.expiresAt), index("upload_grants_issued_by_idx").on(t.issuedBy)],
);

export const budgets = pgTable(
  "budgets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    amount: money("amount").notNull(),
    period: budgetPeriodEnum("period").notNull().default("monthly"),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    alertThreshold: integer("alert_threshold").notNull().default(80),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("budgets_amount_non_negative", sql`${t.amount} >= 0`),
    check("budgets_alert_threshold_range", sql`${t.alertThreshold} between 1 and 100`),
    check("budgets_dates_ordered", sql`${t.endDate} >= ${t.startDate}`),
    index("budgets_category_idx").on(t.categoryId),
    index("budgets_created_by_idx").on(t.createdBy),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type ApprovalRow = typeof approvals.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type BudgetRow = typeof budgets.$inferSelect;
