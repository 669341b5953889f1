// The whole data model of the product: finance (spec 000), administration and HR (spec 001),
// and the contract of DECISIONS. Money is numeric(14,2) (read as strings, never floats);
// instants are timestamptz; local wall-clock dates and times (attendance) are date/time.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import {
  APPROVAL_ACTIONS,
  BUDGET_PERIODS,
  DAY_STATUSES,
  FORM_TYPES,
  PUNCH_TYPES,
  ROLES,
  TRANSACTION_STATUSES,
  WEEKDAYS,
} from "../../shared/constants";
import type { CustomFieldDefinition, CustomFieldValues, EmergencyLimitPolicy } from "../../shared/schemas/categories";
import type { ApprovalPolicy } from "../../shared/schemas/approval-rules";
import type { GstDetails, GstLineBreakup } from "../../shared/gst";

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => instant("created_at").notNull().defaultNow();
const updatedAt = () => instant("updated_at").notNull().defaultNow();

// What an export batch keeps of the books (DECISIONS §12), as services/books/vouchers.ts reads it.
/** A GST line of a bill as exported: what was bought, its value and the tax computed on it (shared/gst.ts). */
type ExportGstLine = Pick<GstLineBreakup, "hsnSac" | "taxableValue" | "rate" | "cgst" | "sgst" | "igst">;
/** The GST of a bill as exported (the body the person entered and the breakup the server computed). */
export type ExportGst = {
  invoiceNumber: string;
  invoiceDate: string;
  reverseCharge: boolean;
  itcEligible: boolean;
  lines: ExportGstLine[];
};

/** Every ledger name the vouchers use (the SuperAdmin's mapping, defaults filled in). */
export type LedgerMap = {
  categories: Record<string, string>;
  paymentMethods: Record<string, string>;
  inputCgst: string;
  inputSgst: string;
  inputIgst: string;
  outputCgstRcm: string;
  outputSgstRcm: string;
  outputIgstRcm: string;
  roundOff: string;
};

export const roleEnum = pgEnum("role", ROLES);
export const transactionStatusEnum = pgEnum("transaction_status", TRANSACTION_STATUSES);
export const formTypeEnum = pgEnum("form_type", FORM_TYPES);
export const approvalActionEnum = pgEnum("approval_action", APPROVAL_ACTIONS);
export const budgetPeriodEnum = pgEnum("budget_period", BUDGET_PERIODS);
export const dayStatusEnum = pgEnum("day_status", DAY_STATUSES);
export const weekdayEnum = pgEnum("weekday", WEEKDAYS);
export const punchTypeEnum = pgEnum("punch_type", PUNCH_TYPES);
export const emergencyLinkActionEnum = pgEnum("emergency_link_action", ["approve", "reject"]);

// ---------------------------------------------------------------- people and sign-in

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    /**
     * The one comparison key of a login name (server/auth/username-key.ts: NFKC, then JavaScript's
     * toLowerCase), written by the app: lookup, uniqueness and throttling all use it, and the
     * database never case-folds a login name. Nullable only for rows older than the column, which
     * the app fills at start (migrate.ts); a CHECK … NOT VALID refuses new rows without it.
     */
    usernameKey: text("username_key"),
    name: text("name").notNull(),
    role: roleEnum("role").notNull(),
    passwordHash: text("password_hash").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    visibilityWindowDays: integer("visibility_window_days").notNull().default(30),
    /** The largest amount this user may approve (DECISIONS §11); null: no limit. Set by a SuperAdmin. */
    approvalLimit: money("approval_limit"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Soft deletion keeps the history of a user who acted (DECISIONS §7).
    deletedAt: instant("deleted_at"),
  },
  (t) => [
    uniqueIndex("users_username_key_key").on(t.usernameKey),
    check("users_visibility_window_range", sql`${t.visibilityWindowDays} between 1 and 365`),
    check("users_approval_limit_non_negative", sql`${t.approvalLimit} is null or ${t.approvalLimit} >= 0`),
  ],
);

// express-session rows; user_id lets the server end every session of one user (or all but SuperAdmins).
export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
  },
  (t) => [index("sessions_expires_at_idx").on(t.expiresAt), index("sessions_user_id_idx").on(t.userId)],
);

// Failed sign-ins, counted per username and per address for throttling across processes. A sign-in
// reserves its row before the password is checked and deletes it when the password was right
// (auth/throttle.ts). `username` holds the username key (auth/username-key.ts).
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    username: text("username").notNull(),
    ipAddress: text("ip_address").notNull(),
    at: instant("at").notNull().defaultNow(),
  },
  (t) => [index("login_failures_username_idx").on(t.username, t.at), index("login_failures_ip_idx").on(t.ipAddress, t.at)],
);

/** A wrong PIN for an emergency approver code (emergency-pins.ts): 5 within 15 minutes lock the code. */
export const emergencyPinFailures = pgTable(
  "emergency_pin_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    code: text("code").notNull(),
    ipAddress: text("ip_address").notNull(),
    at: instant("at").notNull().defaultNow(),
  },
  (t) => [index("emergency_pin_failures_code_idx").on(t.code, t.at)],
);

/** One call to a throttled public route (rate-limit.ts): counted by every server process alike. */
export const requestHits = pgTable(
  "request_hits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    scope: text("scope").notNull(),
    client: text("client").notNull(),
    at: instant("at").notNull().defaultNow(),
  },
  (t) => [index("request_hits_key_idx").on(t.scope, t.client, t.at)],
);

// ---------------------------------------------------------------- finance

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    requiredApprovals: integer("required_approvals").notNull().default(1),
    isBuiltin: boolean("is_builtin").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    fieldSchema: jsonb("field_schema").$type<CustomFieldDefinition[]>().notNull().default(sql`'[]'::jsonb`),
    emergencyLimitPolicy: jsonb("emergency_limit_policy").$type<EmergencyLimitPolicy | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("categories_name_lower_key").on(sql`lower(${t.name})`),
    check("categories_required_approvals_range", sql`${t.requiredApprovals} between 1 and 5`),
  ],
);

/**
 * Parties (DECISIONS §12): the vendors paid and the payers received from, named on transactions.
 * Names are unique case-insensitively; a party is deactivated, never deleted, so the books keep
 * naming it. gstin, pan and state_code are stored upper-case as shared/gstin.ts normalises them;
 * when a GSTIN is given, the PAN and the state code are the ones it carries.
 */
export const parties = pgTable(
  "parties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    gstin: text("gstin"),
    pan: text("pan"),
    stateCode: text("state_code"),
    email: text("email"),
    phone: text("phone"),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("parties_name_lower_key").on(sql`lower(${t.name})`),
    index("parties_gstin_idx").on(t.gstin),
    index("parties_created_by_idx").on(t.createdBy),
    // The picker and the Parties page search names by any part ("trad" finds "Sharma Traders").
    index("parties_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    check("parties_gstin_shape", sql`${t.gstin} is null or ${t.gstin} ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'`),
    check("parties_pan_shape", sql`${t.pan} is null or ${t.pan} ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'`),
    check("parties_state_code_shape", sql`${t.stateCode} is null or ${t.stateCode} ~ '^[0-9]{2}$'`),
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
    customFieldValues: jsonb("custom_field_values").$type<CustomFieldValues>().notNull().default(sql`'{}'::jsonb`),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("transactions_human_readable_id_key").on(t.humanReadableId),
    check("transactions_amount_positive", sql`${t.amount} > 0`),
    // The GST summary reads a month's bills by their invoice date.
    index("transactions_gst_invoice_date_idx").on(sql`((${t.gst} ->> 'invoiceDate'))`).where(sql`${t.gst} is not null`),
    // Newest first with a stable tie-break: list pages and the keyset-paginated export.
    index("transactions_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("transactions_status_created_at_idx").on(t.status, t.createdAt.desc()),
    // The pending page's ids read index-only, in their order (PENDING_ORDER ends with the id), with the
    // window's created_by (queries.ts pendingPage; docs/performance.md).
    index("transactions_pending_idx").on(t.isPriority.desc(), t.createdAt, t.id, t.createdBy).where(sql`${t.status} = 'Pending'`),
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
    // The Overdue filter (DECISIONS §4): Payment Due, unpaid, by due date; few rows at any time.
    index("transactions_overdue_idx").on(t.paymentDueDate).where(sql`${t.status} = 'PaymentDue' and not ${t.isPaid}`),
    // Possible duplicates by details (queries.ts possibleDuplicatesJson): the columns after the
    // first three are there to be read, so the per-row probe and the window's test skip the table.
    index("transactions_duplicate_idx").on(t.categoryId, t.amount, t.transactionDate, t.createdAt, t.createdBy, t.id),
    index("transactions_paid_by_idx").on(t.paidBy),
    index("transactions_party_idx").on(t.partyId),
    // The emergency limits (DECISIONS §5) sum a category's emergency transactions by submission instant.
    index("transactions_emergency_submitted_idx").on(t.categoryId, t.submittedAt).where(sql`${t.isEmergency}`),
  ],
);

/**
 * The transaction list's search and summary columns, one narrow row per transaction, kept by a
 * trigger on transactions (migrations/0005) in the same database transaction as every change.
 * The list's summary reads every matching row: here that is a fraction of the pages the wide
 * transactions rows take. search_text is lower(id ␟ description) (DECISIONS §4: both matched
 * case-insensitively); the unit separator keeps a search from matching across the two.
 */
export const transactionSearch = pgTable(
  "transaction_search",
  {
    transactionId: uuid("transaction_id")
      .primaryKey()
      .references(() => transactions.id, { onDelete: "cascade" }),
    searchText: text("search_text").notNull(),
    status: transactionStatusEnum("status").notNull(),
    amount: money("amount").notNull(),
    categoryId: uuid("category_id").notNull(),
    createdBy: uuid("created_by").notNull(),
    createdAt: instant("created_at").notNull(),
    // The UTC day of created_at, beside the trigrams in one GIN index (btree_gin): a search through a
    // visibility window reads only the candidates created in the window's days, not every match.
    createdDay: date("created_day").generatedAlwaysAs(sql`(created_at at time zone 'UTC')::date`),
  },
  (t) => [
    // created_day first (migrations/0018): a window's days and the trigrams narrow the matches together.
    index("transaction_search_trgm_idx").using("gin", t.createdDay, sql`${t.searchText} gin_trgm_ops`),
    // INCLUDE (created_by, status, amount) in migrations/0017 (drizzle cannot say it): the list's page
    // ids and its summary's first partial day read this index alone.
    index("transaction_search_created_at_idx").on(t.createdAt.desc(), t.transactionId.desc()),
    // The list's filters (My Transactions is createdBy = me), each newest first.
    index("transaction_search_created_by_idx").on(t.createdBy, t.createdAt.desc()),
    index("transaction_search_category_idx").on(t.categoryId, t.createdAt.desc()),
    index("transaction_search_status_idx").on(t.status, t.createdAt.desc()),
  ],
);

/**
 * The list's summary without reading every row (issue 17): transactions counted and summed per UTC
 * day of creation, creator and status, kept by a trigger on transaction_search in the same
 * statement (migrations/0014). services/transactions/queries.ts reads whole days here and only the
 * window's first, partial day from transaction_search.
 */
export const transactionDailyTotals = pgTable(
  "transaction_daily_totals",
  {
    day: date("day").notNull(),
    createdBy: uuid("created_by").notNull(),
    status: transactionStatusEnum("status").notNull(),
    count: integer("count").notNull(),
    amount: numeric("amount", { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.createdBy, t.status] }), index("transaction_daily_totals_created_by_idx").on(t.createdBy, t.day)],
);

/**
 * How often the transactions one person created on one UTC day have changed (issue 17): a counter
 * raised, in the same statement, by every insert, delete and change of transaction_search that a
 * search could see (migrations/0019). A day's version is the sum over its creators; it only grows,
 * so a summary stored with a version is current exactly while the version is unchanged.
 */
export const transactionDayChanges = pgTable(
  "transaction_day_changes",
  {
    day: date("day").notNull(),
    createdBy: uuid("created_by").notNull(),
    changes: bigint("changes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.createdBy] }), index("transaction_day_changes_created_by_idx").on(t.createdBy, t.day)],
);

/**
 * A filtered list's summary kept per UTC day (issue 17, services/transactions/search-summary.ts):
 * for one set of filters (`filters`, a digest of the search and the ids it matched), the matching
 * rows of one day, of every creator (`scope` '') or of one creator (their id, for a viewer's own rows
 * before their window). Written by the first list that needs the day, with the day's version read in
 * the same snapshot as the rows; a later list uses it only while that version still holds.
 */
export const transactionSearchSummaries = pgTable(
  "transaction_search_summaries",
  {
    filters: text("filters").notNull(),
    scope: text("scope").notNull(),
    day: date("day").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
    approvedCount: integer("approved_count").notNull(),
    pendingCount: integer("pending_count").notNull(),
    approvedAmount: numeric("approved_amount", { precision: 16, scale: 2 }).notNull(),
    computedAt: instant("computed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.filters, t.scope, t.day] }), index("transaction_search_summaries_computed_at_idx").on(t.computedAt)],
);

/**
 * Approval rules (DECISIONS §11): from `minAmount` (inclusive) up, a transaction of the category
 * (null: every category) and form type (null: both) needs at least `requiredApprovals`, and a
 * SuperAdmin's among them when `superAdminRequired`. Read at submit only (authority.ts).
 */
export const approvalRules = pgTable(
  "approval_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // A category that can be deleted has no transaction, so none of its rules was ever applied.
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "cascade" }),
    formType: formTypeEnum("form_type"),
    minAmount: money("min_amount").notNull(),
    requiredApprovals: integer("required_approvals").notNull(),
    superAdminRequired: boolean("super_admin_required").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("approval_rules_name_lower_key").on(sql`lower(${t.name})`),
    index("approval_rules_category_idx").on(t.categoryId),
    check("approval_rules_required_approvals_range", sql`${t.requiredApprovals} between 1 and 5`),
    check("approval_rules_min_amount_non_negative", sql`${t.minAmount} >= 0`),
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

/**
 * Delegation while away (DECISIONS §11): from `fromDate` to `toDate` (whole days in APP_TIMEZONE,
 * inclusive) the delegate may use the delegator's approval authority where their own falls short.
 * Ended early by setting `endedAt`; never deleted, so an approval on behalf always names its grant.
 */
export const delegations = pgTable(
  "delegations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    delegatorId: uuid("delegator_id")
      .notNull()
      .references(() => users.id),
    delegateId: uuid("delegate_id")
      .notNull()
      .references(() => users.id),
    fromDate: date("from_date").notNull(),
    toDate: date("to_date").notNull(),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    endedAt: instant("ended_at"),
    endedBy: uuid("ended_by").references(() => users.id),
    endReason: text("end_reason"),
  },
  (t) => [
    index("delegations_delegator_idx").on(t.delegatorId, t.fromDate),
    index("delegations_delegate_idx").on(t.delegateId, t.fromDate),
    index("delegations_created_by_idx").on(t.createdBy),
    index("delegations_ended_by_idx").on(t.endedBy),
    check("delegations_not_to_self", sql`${t.delegatorId} <> ${t.delegateId}`),
    check("delegations_dates_in_order", sql`${t.fromDate} <= ${t.toDate}`),
  ],
);
export type DelegationRow = typeof delegations.$inferSelect;

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

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    message: text("message").notNull(),
    isPriority: boolean("is_priority").notNull().default(false),
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    humanReadableId: text("human_readable_id"),
    category: text("category"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()), index("notifications_transaction_idx").on(t.transactionId)],
);

export const emergencyLinks = pgTable(
  "emergency_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    // The approve and reject links of one issue share a pair id; using either uses up both.
    pairId: uuid("pair_id").notNull(),
    action: emergencyLinkActionEnum("action").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    usedByCode: text("used_by_code"),
    voidedAt: instant("voided_at"),
    createdBy: uuid("created_by").references(() => users.id),
    // The transaction as it was sent (services/transactions/emergency.ts): its approval round and a
    // SHA-256 of what the approver is shown. A link whose transaction no longer matches decides
    // nothing. Null on links issued before these columns existed: those are void.
    round: integer("round"),
    fingerprint: text("fingerprint"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("emergency_links_token_hash_key").on(t.tokenHash),
    index("emergency_links_transaction_idx").on(t.transactionId),
    index("emergency_links_pair_idx").on(t.pairId),
    // Voiding the unused links of an issuer who is disabled, deleted or given another role (migration 0007's trigger).
    index("emergency_links_unused_by_issuer_idx").on(t.createdBy).where(sql`${t.usedAt} is null and ${t.voidedAt} is null`),
  ],
);

// ---------------------------------------------------------------- administration

// Append-only: a trigger in the migrations refuses UPDATE, DELETE and TRUNCATE.
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    reason: text("reason"),
    performedBy: uuid("performed_by").references(() => users.id),
    // Who acted when it was not a signed-in user (an emergency approver code, the system).
    performerLabel: text("performer_label"),
    beforeData: jsonb("before_data"),
    afterData: jsonb("after_data"),
    ipAddress: text("ip_address"),
    timestamp: instant("timestamp").notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_timestamp_idx").on(t.timestamp.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_action_idx").on(t.action),
    index("audit_log_performed_by_idx").on(t.performedBy),
    // A transaction's timeline reads the attachments added to and removed from it (the `edited`
    // entries of DECISIONS §4) by the transaction id their audit entries carry.
    index("audit_log_attachment_transaction_idx")
      .on(sql`(coalesce(${t.afterData}, ${t.beforeData}) ->> 'transactionId')`)
      .where(sql`${t.entityType} = 'attachment'`),
  ],
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

/** The PIN of each emergency approver code (DECISIONS §10), an argon2id hash; never answered by the API. */
export const emergencyApproverPins = pgTable("emergency_approver_pins", {
  code: text("code").primaryKey(),
  pinHash: text("pin_hash").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- second factor (DECISIONS §13)

/** A WebAuthn credential of a user: the public key and signature counter the library checks assertions with. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id as the authenticator gave it, base64url. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant("last_used_at"),
  },
  (t) => [uniqueIndex("passkeys_credential_id_key").on(t.credentialId), index("passkeys_user_id_idx").on(t.userId)],
);

/**
 * A user's authenticator app (RFC 6238). Set up, the secret is pending (confirmedAt null) and signs
 * nobody in until a first code confirms it. lastUsedStep is the 30-second step of the last code
 * accepted: a code of that step or an earlier one is refused, so a code works once.
 */
export const totpSecrets = pgTable("totp_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** base32; never answered by the API after setup. */
  secret: text("secret").notNull(),
  confirmedAt: instant("confirmed_at"),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/**
 * One-time recovery codes: the SHA-256 of a random 80-bit code (a high-entropy code needs no slow
 * hash, and an exact hash lets one UPDATE … WHERE used_at IS NULL spend a code atomically).
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_key").on(t.userId, t.codeHash)],
);

// Small named settings: 'lockdown' {enabled, activatedAt, activatedBy}, 'emergency_approvers' [codes],
// 'company' {legalName, gstin, stateCode} (DECISIONS §12; services/company.ts reads and writes it),
// 'security' {requireSecondFactor: [roles]} (DECISIONS §13).
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- HR

export const departments = pgTable("departments", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("departments_name_lower_key").on(sql`lower(${t.name})`)]);

export const employees = pgTable(
  "employees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    employeeName: text("employee_name").notNull(),
    employeeCode: text("employee_code"),
    departmentId: uuid("department_id")
      .notNull()
      .references(() => departments.id),
    weeklyOff: weekdayEnum("weekly_off").notNull().default("Sunday"),
    joiningDate: date("joining_date").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    phone: text("phone"),
    email: text("email"),
    workLocation: text("work_location"),
    emergencyContactName: text("emergency_contact_name"),
    emergencyContactPhone: text("emergency_contact_phone"),
    personalAddress: text("personal_address"),
    notes: text("notes"),
    monthlySalary: money("monthly_salary"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("employees_code_key").on(t.employeeCode).where(sql`${t.employeeCode} is not null`),
    // Punch names match case- and space-insensitively (DECISIONS §8).
    index("employees_name_key_idx").on(sql`lower(regexp_replace(${t.employeeName}, '\\s+', '', 'g'))`),
    index("employees_department_idx").on(t.departmentId),
    index("employees_name_trgm_idx").using("gin", sql`${t.employeeName} gin_trgm_ops`),
    check("employees_salary_non_negative", sql`${t.monthlySalary} is null or ${t.monthlySalary} >= 0`),
  ],
);

// The one attendance policy (id = 1), seeded by a migration with the DECISIONS §8 defaults.
export const attendancePolicy = pgTable(
  "attendance_policy",
  {
    id: integer("id").primaryKey().default(1),
    shiftStart: text("shift_start").notNull().default("09:30"),
    lateGraceMinutes: integer("late_grace_minutes").notNull().default(15),
    fullDayHours: numeric("full_day_hours", { precision: 4, scale: 2 }).notNull().default("8"),
    halfDayHours: numeric("half_day_hours", { precision: 4, scale: 2 }).notNull().default("4"),
    pointsPerLate: integer("points_per_late").notNull().default(1),
    pointsPerHalfDayDeduction: integer("points_per_half_day_deduction").notNull().default(3),
    duplicatePunchWindowMinutes: integer("duplicate_punch_window_minutes").notNull().default(2),
    paidLeaveDaysPerYear: integer("paid_leave_days_per_year").notNull().default(18),
    updatedBy: uuid("updated_by").references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [check("attendance_policy_singleton", sql`${t.id} = 1`)],
);

/**
 * The leave register (DECISIONS §8): granted leave, which the day rule turns into the days'
 * status. A cancelled leave stays, with who cancelled it and why; only active ones count.
 */
export const leaves = pgTable(
  "leaves",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    fromDate: date("from_date").notNull(),
    toDate: date("to_date").notNull(),
    halfDay: boolean("half_day").notNull().default(false),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
    cancelledAt: instant("cancelled_at"),
    cancelledBy: uuid("cancelled_by").references(() => users.id),
    cancelReason: text("cancel_reason"),
  },
  (t) => [
    index("leaves_employee_dates_idx").on(t.employeeId, t.fromDate).where(sql`${t.cancelledAt} is null`),
    index("leaves_dates_idx").on(t.fromDate, t.toDate).where(sql`${t.cancelledAt} is null`),
    index("leaves_created_by_idx").on(t.createdBy),
    index("leaves_cancelled_by_idx").on(t.cancelledBy),
    check("leaves_type", sql`${t.type} in ('PL', 'LWP')`),
    check("leaves_range", sql`${t.toDate} >= ${t.fromDate}`),
    check("leaves_half_day_one_day", sql`not ${t.halfDay} or ${t.fromDate} = ${t.toDate}`),
  ],
);

export const holidays = pgTable("holidays", {
  date: date("date").primaryKey(),
  name: text("name").notNull(),
});

export const attendanceImports = pgTable(
  "attendance_imports",
  {
  id: uuid("id").primaryKey().defaultRandom(),
  fileName: text("file_name").notNull(),
  month: text("month").notNull(),
  totalRows: integer("total_rows").notNull(),
  processedEvents: integer("processed_events").notNull(),
  duplicateEvents: integer("duplicate_events").notNull(),
  skippedRows: integer("skipped_rows").notNull(),
  errorRows: integer("error_rows").notNull(),
  // The last day of the month this import records (DECISIONS §8 "Only recorded days are judged");
  // its range starts on the month's first day. Null: it records no day (nothing of the month is over).
  coveredThrough: date("covered_through"),
  importedBy: uuid("imported_by").references(() => users.id),
  createdAt: createdAt(),
  },
  (t) => [index("attendance_imports_imported_by_idx").on(t.importedBy)],
);

// One employee's biometric punches of one day (DECISIONS §8, §9): each punch is a (time, type)
// pair, the two arrays kept in step, sorted by time then type, each pair once (re-imports are
// idempotent). A day per row, not a punch per row: the attendance engine reads a day whole, and an
// import of 1,000,000 punches writes about 31,000 rows instead of 1,000,000 (with one foreign-key
// check each), which is what brings it within 10x of COPY (docs/performance-history.md).
export const punchDays = pgTable(
  "punch_days",
  {
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    punchDate: date("punch_date").notNull(),
    punchTimes: time("punch_times").array().notNull(),
    punchTypes: punchTypeEnum("punch_types").array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.punchDate] }),
    index("punch_days_date_idx").on(t.punchDate),
    check("punch_days_pairs", sql`cardinality(${t.punchTimes}) = cardinality(${t.punchTypes}) and cardinality(${t.punchTimes}) > 0`),
  ],
);

export const attendanceDays = pgTable(
  "attendance_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    dayStatus: dayStatusEnum("day_status").notNull(),
    firstInTime: time("first_in_time"),
    lastOutTime: time("last_out_time"),
    totalHours: numeric("total_hours", { precision: 5, scale: 2 }),
    violationPoints: integer("violation_points").notNull().default(0),
    violationReason: text("violation_reason"),
    // Why a day needs review: single_punch, out_before_in, odd_punches.
    reviewReason: text("review_reason"),
    // A day edited by hand keeps its edit through re-imports and recalculation (DECISIONS §8).
    isManual: boolean("is_manual").notNull().default(false),
    editReason: text("edit_reason"),
    editedBy: uuid("edited_by").references(() => users.id),
    editedAt: instant("edited_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("attendance_days_employee_date_key").on(t.employeeId, t.date),
    index("attendance_days_date_idx").on(t.date, t.dayStatus),
    check("attendance_days_points_non_negative", sql`${t.violationPoints} >= 0`),
    // Only hand-edited days have an editor: the index stays small and costs imports nothing.
    index("attendance_days_edited_by_idx").on(t.editedBy).where(sql`${t.editedBy} is not null`),
  ],
);

export const nameMappings = pgTable(
  "name_mappings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    csvName: text("csv_name").notNull(),
    // lower-cased with whitespace removed, as punch names are matched.
    nameKey: text("name_key").notNull(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [unique("name_mappings_name_key_key").on(t.nameKey), index("name_mappings_employee_idx").on(t.employeeId), index("name_mappings_created_by_idx").on(t.createdBy)],
);

// ---------------------------------------------------------------- books (DECISIONS §12)

export const exportFormatEnum = pgEnum("export_format", ["tally", "csv"]);

/**
 * One export to the books: the paid transactions it took and what the vouchers are built from
 * (the company's name and the ledger names as they were), so its file is the same bytes each time
 * whatever is renamed or changed later.
 */
export const exportBatches = pgTable(
  "export_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // 1, 2, 3 … without gaps: given under the export lock (services/books/exports.ts), so an export
    // that finds nothing to take does not use up a number as a sequence would.
    number: integer("number").notNull(),
    format: exportFormatEnum("format").notNull(),
    fromDate: date("from_date").notNull(),
    toDate: date("to_date").notNull(),
    itemCount: integer("item_count").notNull(),
    total: money("total").notNull(),
    companyName: text("company_name").notNull(),
    ledgers: jsonb("ledgers").$type<LedgerMap>().notNull(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    voidedAt: instant("voided_at"),
    voidedBy: uuid("voided_by").references(() => users.id),
    voidReason: text("void_reason"),
  },
  (t) => [unique("export_batches_number_key").on(t.number), index("export_batches_created_at_idx").on(t.createdAt.desc()), index("export_batches_created_by_idx").on(t.createdBy), index("export_batches_voided_by_idx").on(t.voidedBy)],
);

/**
 * A transaction as a batch took it. `live` is true until the batch is void: the unique index on
 * live items is what makes two exports at once unable to take one transaction twice. A deleted
 * transaction leaves its item: the file still holds what was exported.
 */
export const exportItems = pgTable(
  "export_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => exportBatches.id, { onDelete: "cascade" }),
    // No foreign key: a deleted transaction keeps its item, and its id still finds the audit entry
    // of its deletion (changed since export).
    transactionId: uuid("transaction_id").notNull(),
    live: boolean("live").notNull().default(true),
    humanReadableId: text("human_readable_id").notNull(),
    formType: formTypeEnum("form_type").notNull(),
    amount: money("amount").notNull(),
    transactionDate: date("transaction_date").notNull(),
    paidDate: date("paid_date").notNull(),
    paymentMethod: text("payment_method"),
    categoryId: uuid("category_id").notNull(),
    categoryName: text("category_name").notNull(),
    description: text("description").notNull(),
    partyName: text("party_name"),
    partyGstin: text("party_gstin"),
    gst: jsonb("gst").$type<ExportGst | null>(),
  },
  (t) => [
    uniqueIndex("export_items_live_transaction_key").on(t.transactionId).where(sql`${t.live}`),
    // The file's order: by paid date, then number.
    index("export_items_batch_order_idx").on(t.batchId, t.paidDate, t.humanReadableId),
    index("export_items_transaction_idx").on(t.transactionId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type PartyRow = typeof parties.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ApprovalRow = typeof approvals.$inferSelect;
export type ApprovalRuleRow = typeof approvalRules.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type BudgetRow = typeof budgets.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;
export type AttendanceDayRow = typeof attendanceDays.$inferSelect;
export type AttendancePolicyRow = typeof attendancePolicy.$inferSelect;
export type PunchDayRow = typeof punchDays.$inferSelect;
export type LeaveRow = typeof leaves.$inferSelect;
export type ExportBatchRow = typeof exportBatches.$inferSelect;
export type ExportItemRow = typeof exportItems.$inferSelect;
