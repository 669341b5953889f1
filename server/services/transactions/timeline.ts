// A transaction's timeline (DECISIONS §4): every move and every emergency-link decision, oldest
// first, told from the audit trail that each move writes in the same database transaction. The
// audit trail is the one record; the timeline is its reading for whoever can see the transaction,
// so an owner learns who forced, moved or overrode their transaction, and why.
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { auditLog, categories, parties, users } from "../../db/schema";
import { type TimelineKind, type TransactionStatus } from "../../../shared/constants";
import { paymentWords, statusLabelFor } from "../../../shared/payment-words";
import { formatDate, formatRupees } from "../../../shared/format";
import type { TimelineEntry } from "../../../shared/schemas/transactions";
import { describePolicy, describeRules, policyOf, type ApprovalPolicy } from "./authority";
import { describeGst } from "./gst";
import type { GstDetails } from "../../../shared/gst";
import { formatRate, type TdsDetails } from "../../../shared/tds";

/** The audit actions that tell a transaction's story, and what the timeline calls them. */
export const TIMELINE_KIND_OF_ACTION: Readonly<Record<string, TimelineKind>> = {
  create: "created",
  submit: "submitted",
  approve: "approved",
  reject: "rejected",
  delete_approval: "approval-deleted",
  mark_payment_due: "payment-due",
  process_payment: "paid",
  cancel_payment: "payment-cancelled",
  complete: "completed",
  force_status: "status-forced",
  change_owner: "owner-changed",
  full_override: "overridden",
  emergency_approve: "emergency-approved",
  emergency_reject: "emergency-rejected",
  update: "edited",
};

/** The owner's edit of a Draft or Rejected transaction: the fields it may change, as the screens name them. */
const EDIT_FIELDS = ["formType", "categoryId", "partyId", "amount", "transactionDate", "description", "isPriority", "isEmergency", "gst", "tds"] as const;

type Snapshot = Record<string, unknown>;

/** The fields a full override may change, in the words of the screens, in the order they are shown. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  formType: "Form type",
  categoryId: "Category",
  partyId: "Party",
  amount: "Amount",
  transactionDate: "Transaction date",
  description: "Description",
  status: "Status",
  isPaid: "Paid",
  isPriority: "Emergency",
  isEmergency: "Emergency approval",
  customFieldValues: "Custom fields",
  gst: "GST",
  tds: "TDS",
  paymentDueDate: "Payment due date",
  paidDate: "Paid date",
  paymentMethod: "Payment method",
  paymentReference: "Payment reference",
  paymentNotes: "Payment notes",
  approvalsRequired: "Approvals required",
  approvalPolicy: "Approval policy",
  previouslyRejected: "Previously rejected",
};

/** Names of the users and categories the entries refer to by id, looked up once for the whole timeline. */
type Names = { users: Map<string, string>; categories: Map<string, string>; parties: Map<string, string> };

const DATE_FIELDS = new Set(["transactionDate", "paymentDueDate", "paidDate"]);
const TEXT_SHOWN = 60;

/** A field's name on this form type: a receipt's payment fields are its receipt's ("Receipt method", DECISIONS §16). */
function labelOf(field: string, formType: unknown): string {
  const own = (paymentWords(String(formType)).fields as Record<string, string | undefined>)[field];
  return own ? own.charAt(0) + own.slice(1).toLowerCase() : (FIELD_LABELS[field] ?? field);
}

/** A value as the screens show it; a status in the words of `formType` ("Received" on a receipt). */
function shown(field: string, value: unknown, names: Names, formType?: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "amount") return formatRupees(String(value));
  if (field === "status") return statusLabelFor(value as TransactionStatus, String(formType ?? "B"));
  if (field === "categoryId") return names.categories.get(String(value)) ?? "another category";
  if (field === "partyId") return names.parties.get(String(value)) ?? "another party";
  if (DATE_FIELDS.has(field)) return formatDate(String(value));
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field === "approvalPolicy") return describePolicy(value as ApprovalPolicy);
  if (field === "gst") return describeGst(value as GstDetails);
  if (field === "tds") return describeTds(value as TdsDetails);
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > TEXT_SHOWN ? `${text.slice(0, TEXT_SHOWN - 1)}…` : text;
}

/** "₹5,000.00 under 194J (10 %)": a bill's TDS in a few words, for the timeline. */
function describeTds(tds: TdsDetails): string {
  return `${formatRupees(tds.amount)} under ${tds.legacySection} (${formatRate(tds.rate)})`;
}

/** The count and policy an audit snapshot kept of a transaction (the policy is absent before policies were kept). */
function policySnapshot(s: Snapshot): { approvalsRequired: number; approvalPolicy: ApprovalPolicy | null } {
  return { approvalsRequired: Number(s.approvalsRequired), approvalPolicy: (s.approvalPolicy ?? null) as ApprovalPolicy | null };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether a field changed as the timeline would tell it: a TDS decided again to the same deduction did not. */
const changed = (field: string, before: Snapshot, after: Snapshot, names: Names) =>
  field === "tds" ? shown(field, before[field], names) !== shown(field, after[field], names) : !same(before[field], after[field]);

/** "Amount: ₹1,000.00 → ₹1,200.00; Status: Pending → Approved": each field the override changed. */
function overrideDetail(before: Snapshot, after: Snapshot, names: Names): string | undefined {
  const changes = Object.keys(FIELD_LABELS)
    .filter((field) => changed(field, before, after, names))
    .map(
      (field) =>
        `${labelOf(field, after.formType)}: ${shown(field, before[field], names, before.formType)} → ${shown(field, after[field], names, after.formType)}`,
    );
  return changes.length ? changes.join("; ") : "No field changed";
}

/** A custom field's key in the words of the cards (spec 000: underscores shown as spaces). */
const fieldName = (key: string) => key.replace(/_/g, " ");

/** "Amount: ₹1,000 → ₹1,200; Vendor name: A → B": each field the owner's edit changed, or undefined when none did. */
function editDetail(before: Snapshot, after: Snapshot, names: Names): string | undefined {
  const changes = EDIT_FIELDS.filter((field) => changed(field, before, after, names)).map(
    (field) => `${FIELD_LABELS[field]}: ${shown(field, before[field], names)} → ${shown(field, after[field], names)}`,
  );
  const was = (before.customFieldValues ?? {}) as Snapshot;
  const now = (after.customFieldValues ?? {}) as Snapshot;
  for (const key of [...new Set([...Object.keys(was), ...Object.keys(now)])]) {
    if (!same(was[key], now[key])) changes.push(`${fieldName(key)}: ${shown("custom", was[key], names)} → ${shown("custom", now[key], names)}`);
  }
  return changes.length ? changes.join("; ") : undefined;
}

const statusChange = (before: Snapshot, after: Snapshot, names: Names) =>
  `${shown("status", before.status, names, before.formType)} → ${shown("status", after.status, names, after.formType)}`;

function detailOf(kind: TimelineKind, before: Snapshot, after: Snapshot, names: Names): string | undefined {
  switch (kind) {
    case "submitted": {
      // The policy decided at this submit, with the rules that said so (DECISIONS §11). A resubmit
      // decides again, so an approver sees when the new round is held to more or less than the last.
      const policy = after.approvalPolicy as ApprovalPolicy | null | undefined;
      const resubmitted = Number(after.approvalRound) > 1;
      const was = resubmitted ? describePolicy(policyOf(policySnapshot(before))) : null;
      const now = describePolicy(policyOf(policySnapshot(after)));
      const decided = was !== null && was !== now ? `${FIELD_LABELS.approvalPolicy}: ${was} → ${now}` : policy?.rules.length ? now : null;
      const parts = [resubmitted ? `Round ${String(after.approvalRound)}` : null, decided];
      return parts.filter(Boolean).join("; ") || undefined;
    }
    case "approved":
      return `${String(after.approvalsReceived)} of ${String(after.approvalsRequired)} approvals`;
    case "emergency-approved": {
      const overrode = (after.overrodeRules ?? []) as ApprovalPolicy["rules"];
      // "1 of 3 approvals": how far short of its policy the round was when the link stood in for it.
      const received = Number(after.approvalsReceived);
      const count =
        after.approvalsRequired === undefined
          ? `${received} approval${received === 1 ? "" : "s"}`
          : `${received} of ${String(after.approvalsRequired)} approvals`;
      const base = `${count}; ${statusChange(before, after, names)}`;
      return overrode.length ? `${base}; the link overrode ${describeRules({ rules: overrode })}` : base;
    }
    case "approval-deleted": {
      const approval = (before.approval ?? {}) as Snapshot;
      const who = approval.approverId ? names.users.get(String(approval.approverId)) : approval.emergencyApproverCode;
      const what = approval.action === "rejected" ? "rejection" : "approval";
      const change = before.status !== after.status ? `; ${statusChange(before, after, names)}` : "";
      return `${who ? `${String(who)}'s ` : ""}${what} of round ${String(approval.round ?? "?")} removed${change}`;
    }
    case "payment-due":
      return after.paymentDueDate ? `Due ${shown("paymentDueDate", after.paymentDueDate, names)}` : "No due date";
    case "paid":
      return [
        after.paymentMethod,
        after.paymentReference ? `ref ${String(after.paymentReference)}` : null,
        after.paidDate ? shown("paidDate", after.paidDate, names) : null,
      ]
        .filter(Boolean)
        .join(" · ");
    case "payment-cancelled":
    case "status-forced":
      return statusChange(before, after, names);
    case "owner-changed":
      return `${names.users.get(String(before.createdBy)) ?? "a former user"} → ${names.users.get(String(after.createdBy)) ?? "another user"}`;
    case "overridden": {
      // An Approved or Payment Due transaction held to a new policy its approvals do not meet waits again: the timeline says why.
      const changes = overrideDetail(before, after, names);
      return typeof after.backToPending === "string" ? `${changes}. ${after.backToPending}` : changes;
    }
    case "edited":
      return editDetail(before, after, names);
    default:
      return undefined;
  }
}

/** GET /api/transactions/:id `timeline`: one query for the entries, one for the names they mention. */
export async function transactionTimeline(q: Queryable, transactionId: string): Promise<TimelineEntry[]> {
  const rows = await q
    .select({
      at: auditLog.timestamp,
      action: auditLog.action,
      entityType: auditLog.entityType,
      reason: auditLog.reason,
      actorName: users.name,
      performerLabel: auditLog.performerLabel,
      before: auditLog.beforeData,
      after: auditLog.afterData,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.performedBy))
    .where(
      or(
        and(eq(auditLog.entityType, "transaction"), eq(auditLog.entityId, transactionId), inArray(auditLog.action, Object.keys(TIMELINE_KIND_OF_ACTION))),
        // Attachments added and removed are edits too (audit_log_attachment_transaction_idx).
        and(eq(auditLog.entityType, "attachment"), sql`(coalesce(${auditLog.afterData}, ${auditLog.beforeData}) ->> 'transactionId') = ${transactionId}`),
      ),
    )
    .orderBy(asc(auditLog.timestamp), asc(auditLog.id));

  const userIds = new Set<string>();
  const categoryIds = new Set<string>();
  const partyIds = new Set<string>();
  for (const r of rows) {
    const before = (r.before ?? {}) as Snapshot;
    const after = (r.after ?? {}) as Snapshot;
    if (r.action === "change_owner") [before.createdBy, after.createdBy].forEach((id) => typeof id === "string" && userIds.add(id));
    if (r.action === "delete_approval") {
      const approverId = ((before.approval ?? {}) as Snapshot).approverId;
      if (typeof approverId === "string") userIds.add(approverId);
    }
    if (r.action === "full_override" || r.action === "update") {
      [before.categoryId, after.categoryId].forEach((id) => typeof id === "string" && categoryIds.add(id));
      [before.partyId, after.partyId].forEach((id) => typeof id === "string" && partyIds.add(id));
    }
  }
  const [userRows, categoryRows, partyRows] = await Promise.all([
    userIds.size
      ? q
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, [...userIds]))
      : [],
    categoryIds.size
      ? q
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(inArray(categories.id, [...categoryIds]))
      : [],
    partyIds.size
      ? q
          .select({ id: parties.id, name: parties.name })
          .from(parties)
          .where(inArray(parties.id, [...partyIds]))
      : [],
  ]);
  const names: Names = {
    users: new Map(userRows.map((u) => [u.id, u.name])),
    categories: new Map(categoryRows.map((c) => [c.id, c.name])),
    parties: new Map(partyRows.map((p) => [p.id, p.name])),
  };

  const entries: TimelineEntry[] = [];
  for (const r of rows) {
    const kind = r.entityType === "attachment" ? "edited" : TIMELINE_KIND_OF_ACTION[r.action]!;
    const entry: TimelineEntry = {
      at: new Date(r.at).toISOString(),
      kind,
      actorName: r.actorName ?? r.performerLabel ?? "System",
    };
    // An approval on a delegator's behalf names both: "Anita Desai for Rajesh Sharma" (DECISIONS §11).
    const behalf = ((r.after ?? {}) as Snapshot).onBehalfOf as { name?: unknown } | undefined;
    if (r.action === "approve" && typeof behalf?.name === "string") entry.actorName = `${entry.actorName} for ${behalf.name}`;
    if (r.reason) entry.reason = r.reason;
    const detail =
      r.entityType === "attachment"
        ? attachmentDetail(r.action, (r.before ?? r.after ?? {}) as Snapshot)
        : detailOf(kind, (r.before ?? {}) as Snapshot, (r.after ?? {}) as Snapshot, names);
    // An edit that changed nothing tells nothing.
    if (kind === "edited" && !detail) continue;
    if (detail) entry.detail = detail;
    entries.push(entry);
  }
  return entries;
}

function attachmentDetail(action: string, attachment: Snapshot): string {
  const name = typeof attachment.fileName === "string" ? attachment.fileName : "a file";
  return action === "delete" ? `Attachment removed: ${name}` : `Attachment added: ${name}`;
}
