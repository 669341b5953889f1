// Constants of the product that both the server and the client rely on (spec 000 §9, spec 001 §9, DECISIONS).

export const ROLES = ["Accountant", "Approver", "SuperAdmin", "HR Admin", "HR Staff", "Employee"] as const;
export type Role = (typeof ROLES)[number];
/**
 * DECISIONS §15: the role of an employee's own login. It opens only the "Me" pages (`/api/me/*`)
 * and the user's account; every other call is 403 (api-router's `openToEmployees` marks the few
 * signed-in routes it may call).
 */
export const EMPLOYEE_ROLE = "Employee" satisfies Role;
export const HR_ROLES: readonly Role[] = ["SuperAdmin", "HR Admin", "HR Staff"];
/** Who administers HR: departments, the policy (spec 001 §2). */
export const HR_ADMIN_ROLES: readonly Role[] = ["SuperAdmin", "HR Admin"];
/** DECISIONS §4: transactions, pending, export, attachments and dashboard stats; HR roles get 403 there. */
export const FINANCE_ROLES: readonly Role[] = ["Accountant", "Approver", "SuperAdmin"];
/** Who creates, owns (change-owner offers only these) and pays transactions (DECISIONS §4's table). */
export const ACCOUNTING_ROLES: readonly Role[] = ["Accountant", "SuperAdmin"];
/**
 * The approvers: who approves and rejects, is told of every submission, has an approval limit, and
 * may give or receive a delegation of that authority (only an approver has it to hand on).
 */
export const APPROVER_ROLES: readonly Role[] = ["Approver", "SuperAdmin"];
/** Whether a role is one of the approvers (APPROVER_ROLES). */
export function isApproverRole(role: string): boolean {
  return (APPROVER_ROLES as readonly string[]).includes(role);
}
/**
 * DECISIONS §15: the few finance routes an Employee login reaches to file its own expense claims
 * (read one, edit, submit, delete, its receipts); the services keep it to its own (404 otherwise)
 * and to categories open to claims (services/transactions/claims.ts).
 */
export const FINANCE_AND_CLAIMANT_ROLES: readonly Role[] = [...FINANCE_ROLES, EMPLOYEE_ROLE];
/** DECISIONS §15: who may create a transaction: the accounting roles, and an Employee login its own claims. */
export const CREATING_ROLES: readonly Role[] = [...ACCOUNTING_ROLES, EMPLOYEE_ROLE];

export const TRANSACTION_STATUSES = ["Draft", "Pending", "Approved", "Rejected", "PaymentDue", "Paid", "Completed"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** How a person calls a status ("Payment Due", not "PaymentDue"); both sides show these words. */
export const STATUS_LABELS: Record<TransactionStatus, string> = {
  Draft: "Draft",
  Pending: "Pending",
  Approved: "Approved",
  Rejected: "Rejected",
  PaymentDue: "Payment Due",
  Paid: "Paid",
  Completed: "Completed",
};
/** Approved money: what budgets, summaries and the dashboard count as approved (DECISIONS §4). */
export const APPROVED_FAMILY = ["Approved", "PaymentDue", "Paid", "Completed"] as const satisfies readonly TransactionStatus[];
/**
 * The moves of DECISIONS §4's table by name. The server's status machine decides which of them a
 * user may make now and sends them as `availableMoves`; the client shows buttons from that alone.
 */
export const TRANSACTION_MOVES = [
  "create",
  "edit",
  "submit",
  "approve",
  "reject",
  "delete-approval",
  "mark-payment-due",
  "process-payment",
  "cancel-payment",
  "complete",
  "delete",
  "force-status",
  "change-owner",
  "full-override",
  "issue-emergency-links",
  "add-attachment",
] as const;
export type TransactionMove = (typeof TRANSACTION_MOVES)[number];
/** What a transaction's timeline records (DECISIONS §4), oldest first. */
export const TIMELINE_KINDS = [
  "created",
  "submitted",
  "approved",
  "rejected",
  "approval-deleted",
  "payment-due",
  "paid",
  "payment-cancelled",
  "completed",
  "status-forced",
  "owner-changed",
  "overridden",
  "emergency-approved",
  "emergency-rejected",
  "edited",
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** The statuses a SuperAdmin may force a transaction into (DECISIONS §4). */
export const FORCEABLE_STATUSES = ["Approved", "Rejected", "Draft"] as const satisfies readonly TransactionStatus[];

export const FORM_TYPES = ["R", "B"] as const;
export type FormType = (typeof FORM_TYPES)[number];

export const APPROVAL_ACTIONS = ["approved", "rejected"] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export const PAYMENT_METHODS = ["Bank Transfer", "Check", "Cash", "UPI", "Credit Card", "Debit Card", "NEFT/RTGS", "Other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const FIELD_TYPES = [
  "text",
  "number",
  "email",
  "phone",
  "date",
  "datetime",
  "file",
  "textarea",
  "select",
  "multiselect",
  "checkbox",
  "currency",
  "url",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: "Text",
  number: "Number",
  email: "Email",
  phone: "Phone",
  date: "Date",
  datetime: "Date & Time",
  file: "File Upload",
  textarea: "Long Text",
  select: "Dropdown",
  multiselect: "Multiple Choice",
  checkbox: "Checkbox",
  currency: "Currency",
  url: "URL",
};

export const BUDGET_PERIODS = ["monthly", "quarterly", "yearly"] as const;

/** The eleven statuses of spec 001 §4: what a day is judged to be, and what a person may set by hand. */
export const EDITABLE_DAY_STATUSES = [
  "Present (Full)",
  "Half-day (Paid)",
  "Half-day (Unpaid)",
  "Absent (Unpaid)",
  "Paid Leave (PL)",
  "Unpaid Leave (LWP)",
  "Weekly Off",
  "Holiday",
  "On Duty/Client Visit",
  "WFH",
  "Pending Review",
] as const;
/**
 * DECISIONS §8 "Only recorded days are judged": a day that is not over yet, or that no import
 * covers. Only the day rule gives it (never a hand edit); it costs nothing.
 */
export const NOT_RECORDED = "Not recorded";
export const DAY_STATUSES = [...EDITABLE_DAY_STATUSES, NOT_RECORDED] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PUNCH_TYPES = ["in", "out"] as const;
export type PunchType = (typeof PUNCH_TYPES)[number];

/** Headers of a list answered as a plain array a page at a time (the pending list, DECISIONS §4). */
export const PAGE_HEADERS = { total: "X-Total-Count", page: "X-Page", limit: "X-Page-Size" } as const;

export const LIMITS = {
  maxAmount: 999_999_999_999.99,
  /** A delegation of approval authority lasts at most this many whole days (DECISIONS §11). */
  delegationMaxDays: 90,
  descriptionMin: 2,
  filesPerTransaction: 10,
  /** Upload URLs handed out and not yet registered, per transaction at a time (DECISIONS §10). */
  pendingUploadsPerTransaction: 20,
  fileMaxBytes: 20 * 1024 * 1024,
  requiredApprovalsMin: 1,
  requiredApprovalsMax: 5,
  fieldsPerCategory: 50,
  passwordMin: 6,
  usernameMin: 3,
  nameMin: 2,
  visibilityWindowMin: 1,
  visibilityWindowMax: 365,
  visibilityWindowDefault: 30,
  salaryMinApprovals: 2,
  listLimitDefault: 50,
  listLimitMax: 200,
  employeePageSize: 20,
  recentTransactions: 5,
  notificationsKept: 50,
  notificationsShown: 10,
  importMaxBytes: 100 * 1024 * 1024,
  /** DECISIONS §10: a CSV line longer than this refuses the whole file (no punch row comes near it). */
  importMaxLineBytes: 64 * 1024,
  /** The optional reason given when a user is disabled or enabled, kept in the audit entry (DECISIONS §16). */
  userStatusReasonMax: 500,
} as const;

export const POLL = {
  pendingMs: 15_000,
  dashboardStatsMs: 30_000,
  lockdownRetryMs: 30_000,
  userListMs: 30_000,
  emergencyStatusMs: 10_000,
  hrStatsMs: 30_000,
  authCacheMs: 5 * 60_000,
} as const;

export const DEFAULT_EMERGENCY_APPROVERS = ["AK", "RS", "VM"] as const;

export const LOCKDOWN_MESSAGE = "System is in emergency lockdown mode";
export const INVALID_LOGIN_MESSAGE = "Invalid username or password";
export const CSRF_MESSAGE = "CSRF check failed";

/** The built-in Salary category, by name compared case-insensitively and ignoring surrounding spaces (spec 000 §2). */
export function isSalaryCategoryName(name: string): boolean {
  return name.trim().toLowerCase() === "salary";
}

/** DECISIONS §8 leave register: paid leave a year, unless the attendance policy says otherwise. */
export const PAID_LEAVE_DAYS_PER_YEAR_DEFAULT = 18;

/** DECISIONS §7 budgets: the alert threshold a new budget starts with (per cent) and its default length in days. */
export const ALERT_THRESHOLD_DEFAULT = 80;
export const BUDGET_DEFAULT_DAYS = 30;

/** The public emergency approval page's messages (DECISIONS §10), shown by the page and answered by the server. */
export const SELECT_APPROVER_MESSAGE = "Please select an approver";
export const ENTER_PIN_MESSAGE = "Enter your PIN";
/** DECISIONS §10: 5 wrong PINs for one approver code within 15 minutes refuse that code for 15 minutes. */
export const EMERGENCY_PIN_THROTTLE = { limit: 5, windowMs: 15 * 60_000 } as const;
/** DECISIONS §10: the emergency reject page's optional reason. */
export const EMERGENCY_REASON_MAX = 500;
export const EMERGENCY_LINK_INVALID_MESSAGE = "This emergency approval link is invalid, expired, or has already been used.";
export const EMERGENCY_LINK_EXPIRED_MESSAGE = "This emergency approval link has expired and can no longer be used.";

/** The 403 of every call but the security setup for a user whose role requires a second factor they have not set up (DECISIONS §13). */
/** DECISIONS §15: where an employee's request (leave, a day's fix) stands. */
export const REQUEST_STATUSES = ["Pending", "Approved", "Rejected", "Withdrawn"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** DECISIONS §15: a one-time password is changed before anything else. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = "Choose a new password to continue: the one you were given works only once.";
export const SECOND_FACTOR_SETUP_MESSAGE = "Your role requires a second factor. Add a passkey or an authenticator app on Account security to continue.";
/** The methods of the second step of sign-in (DECISIONS §13). */
export const SECOND_FACTOR_METHODS = ["passkey", "totp", "recovery"] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];
/**
 * How a signed-in session proves who it is before a change to the second factor (DECISIONS §13):
 * with a factor when the user has one, with the password when they have none.
 */
export const PROOF_METHODS = ["password", ...SECOND_FACTOR_METHODS] as const;
export type ProofMethod = (typeof PROOF_METHODS)[number];
