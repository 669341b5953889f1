// The fields a transaction answer may carry (shared/schemas/transactions.ts `Transaction`): money as
// decimal strings, dates YYYY-MM-DD, instants full ISO. Nothing else leaves the server. The long
// lists have the same answer written by PostgreSQL (transactionJson), from the same joined row.
import { Column, getTableColumns, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { attachments, categories, parties, transactions, users, type ApprovalRow, type AttachmentRow, type TransactionRow } from "../db/schema";
import type { CustomFieldDefinition } from "../../shared/schemas/categories";
import type { Approval, Attachment, Transaction, TransactionDetailExtras } from "../../shared/schemas/transactions";
import type { PossibleDuplicate } from "../../shared/schemas/transaction-tools";
import type { ApprovalAction, PaymentMethod } from "../../shared/constants";
import { paiseToString, toPaise } from "../../shared/money";
import type { PartyRef } from "../../shared/schemas/parties";
import { netPayable, type TdsDetails } from "../../shared/tds";
import type { TdsAnswer } from "../../shared/schemas/tds";

/** A transaction row with what list and detail queries join to it. */
export type TransactionView = TransactionRow & {
  categoryName: string;
  categoryIsBuiltin: boolean;
  creatorName: string;
  creatorUsername: string;
  attachmentCount: number;
  /** The party as JSON text (viewColumns below), null when none is named. */
  partyJson: string | null;
};

export type { PossibleDuplicate } from "../../shared/schemas/transaction-tools";

const iso = (d: Date | string | null): string | null => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** "1234.5" → "1234.50": numeric(14,2) reads back as text, the answer always has 2 fraction digits. */
export const presentAmount = (amount: string | null): string => paiseToString(toPaise(amount ?? "0"));

export function presentTransaction(v: TransactionView): Transaction {
  return {
    id: v.id,
    humanReadableId: v.humanReadableId,
    formType: v.formType,
    categoryId: v.categoryId,
    category: { id: v.categoryId, name: v.categoryName, isBuiltin: v.categoryIsBuiltin },
    amount: presentAmount(v.amount),
    transactionDate: v.transactionDate,
    description: v.description,
    status: v.status,
    isPaid: v.isPaid,
    isPriority: v.isPriority,
    isEmergency: v.isEmergency,
    previouslyRejected: v.previouslyRejected,
    createdBy: v.createdBy,
    creator: { id: v.createdBy, name: v.creatorName, username: v.creatorUsername },
    createdAt: iso(v.createdAt)!,
    updatedAt: iso(v.updatedAt)!,
    customFieldValues: v.customFieldValues ?? {},
    approvalsReceived: v.approvalsReceived,
    approvalsRequired: v.approvalsRequired,
    approvalPolicy: v.approvalPolicy ?? null,
    approvalRound: v.approvalRound,
    submittedAt: iso(v.submittedAt),
    approvedAt: iso(v.approvedAt),
    paymentDueDate: v.paymentDueDate,
    paidDate: v.paidDate,
    paymentMethod: (v.paymentMethod as PaymentMethod | null) ?? null,
    paymentReference: v.paymentReference,
    paymentNotes: v.paymentNotes,
    paidBy: v.paidBy,
    completedAt: iso(v.completedAt),
    gst: v.gst ?? null,
    attachmentCount: Number(v.attachmentCount ?? 0),
    partyId: v.partyId,
    party: v.partyJson ? (JSON.parse(v.partyJson) as PartyRef) : null,
    tds: presentTds(v.tds),
    netPayable: netPayable(v.amount, v.tds),
    claimant: v.claimantEmployeeId ? { employeeId: v.claimantEmployeeId, name: v.claimantName ?? "" } : null,
  };
}

/** A bill's TDS as answered: what is kept, less what is kept only for the register. */
export function presentTds(tds: TdsDetails | null | undefined): TdsAnswer | null {
  if (!tds) return null;
  const { noPan: _noPan, ...answer } = tds;
  return answer;
}

// ---------------------------------------------------------------- the same answer, written by PostgreSQL

/** Columns of `TransactionView`: the row, its category's name, its creator's name, its attachment count. */
export const viewColumns = {
  ...getTableColumns(transactions),
  categoryName: categories.name,
  categoryIsBuiltin: categories.isBuiltin,
  creatorName: users.name,
  creatorUsername: users.username,
  attachmentCount: sql<number>`(select count(*)::int from ${attachments} where ${attachments.transactionId} = ${transactions.id})`.mapWith(Number),
  // The party named (DECISIONS §12) as JSON text, read by one primary-key probe only when there is one.
  partyJson: sql<string | null>`(case when ${transactions.partyId} is null then null else ${partyJsonOf()} end)`,
};

/** {id, name, gstin, stateCode} of the transaction's party, as JSON text (partyRefAnswer). */
function partyJsonOf(): SQL {
  return sql`(select '{"id":"' || p.id::text || '","name":' || to_json(p.name)::text || ',"gstin":' || coalesce(to_json(p.gstin)::text, 'null') || ',"stateCode":' || coalesce(to_json(p.state_code)::text, 'null') || '}' from ${parties} p where p.id = ${transactions.partyId})`;
}

// The JSON text of one value, for transactionJson. Written with || rather than json_build_object,
// which looks up every argument's type on every row and cost PostgreSQL twice as much.
/** `text`, or JSON's null when the value is null (a NOT NULL column needs no coalesce). */
const orNull = (value: SQL | AnyColumn, text: SQL) => (value instanceof Column && value.notNull ? text : sql`coalesce(${text}, 'null')`);
/** A string that may hold anything (quotes, newlines): escaped by PostgreSQL's own to_json. */
const jsonString = (value: SQL | AnyColumn) => orNull(value, sql`to_json(${value})::text`);
/** A value whose text needs no escaping (uuid, date, numeric, an enum's name) as a JSON string. */
const jsonQuoted = (value: SQL | AnyColumn) => orNull(value, sql`'"' || ${value}::text || '"'`);
/** A number or a boolean, whose text is already JSON. */
const jsonLiteral = (value: SQL | AnyColumn) => orNull(value, sql`${value}::text`);
/** An instant as presentTransaction writes one (Date#toISOString: UTC, milliseconds, "Z"). */
const jsonInstant = (column: AnyColumn) => orNull(column, sql`'"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`);
/** A JSON object from the JSON texts of its values; the keys are ours, never input. */
const jsonObject = (fields: Record<string, SQL>) =>
  sql`('{' || ${sql.join(
    Object.entries(fields).map(([key, value], i) => sql`${sql.raw(`'${i ? "," : ""}"${key}":'`)} || ${value}`),
    sql` || `,
  )} || '}')`;

/** The keys presentTransaction always writes (Transaction's optional ones belong to the details). */
type PresentedKey = { [K in keyof Transaction]-?: undefined extends Transaction[K] ? never : K }[keyof Transaction];

/**
 * presentTransaction's answer, written by PostgreSQL as JSON text from the same joined row: the
 * pages that list up to 200 transactions (the list, the pending list) are sent as PostgreSQL writes
 * them, without turning every column into a JavaScript value and the whole back into JSON (that was
 * half of Node's work on those reads; docs/performance-history.md). Every key of `Transaction` must be here
 * (the type says so), and transaction-json.api.test.ts holds the two forms equal for every kind of row.
 */
const TRANSACTION_JSON: Record<PresentedKey, SQL> = {
  id: jsonQuoted(transactions.id),
  humanReadableId: jsonString(transactions.humanReadableId),
  formType: jsonQuoted(transactions.formType),
  categoryId: jsonQuoted(transactions.categoryId),
  category: jsonObject({ id: jsonQuoted(transactions.categoryId), name: jsonString(categories.name), isBuiltin: jsonLiteral(categories.isBuiltin) }),
  // numeric(14,2) always prints its two fraction digits, as presentAmount writes them.
  amount: jsonQuoted(transactions.amount),
  transactionDate: jsonQuoted(transactions.transactionDate),
  description: jsonString(transactions.description),
  status: jsonQuoted(transactions.status),
  isPaid: jsonLiteral(transactions.isPaid),
  isPriority: jsonLiteral(transactions.isPriority),
  isEmergency: jsonLiteral(transactions.isEmergency),
  previouslyRejected: jsonLiteral(transactions.previouslyRejected),
  createdBy: jsonQuoted(transactions.createdBy),
  creator: jsonObject({ id: jsonQuoted(transactions.createdBy), name: jsonString(users.name), username: jsonString(users.username) }),
  createdAt: jsonInstant(transactions.createdAt),
  updatedAt: jsonInstant(transactions.updatedAt),
  customFieldValues: sql`coalesce(${transactions.customFieldValues}::text, '{}')`,
  approvalsReceived: jsonLiteral(transactions.approvalsReceived),
  approvalsRequired: jsonLiteral(transactions.approvalsRequired),
  approvalPolicy: sql`coalesce(${transactions.approvalPolicy}::text, 'null')`,
  approvalRound: jsonLiteral(transactions.approvalRound),
  submittedAt: jsonInstant(transactions.submittedAt),
  approvedAt: jsonInstant(transactions.approvedAt),
  paymentDueDate: jsonQuoted(transactions.paymentDueDate),
  paidDate: jsonQuoted(transactions.paidDate),
  paymentMethod: jsonString(transactions.paymentMethod),
  paymentReference: jsonString(transactions.paymentReference),
  paymentNotes: jsonString(transactions.paymentNotes),
  paidBy: jsonQuoted(transactions.paidBy),
  completedAt: jsonInstant(transactions.completedAt),
  gst: sql`coalesce(${transactions.gst}::text, 'null')`,
  attachmentCount: jsonLiteral(viewColumns.attachmentCount),
  partyId: jsonQuoted(transactions.partyId),
  party: sql`coalesce(${viewColumns.partyJson}, 'null')`,
  // What presentTds answers: the kept TDS less what only the register reads.
  tds: sql`coalesce((${transactions.tds} - 'noPan')::text, 'null')`,
  // numeric(14,2) less a whole-rupee TDS prints its two fraction digits, as paiseToString writes them.
  claimant: sql`(case when ${transactions.claimantEmployeeId} is null then 'null' else ${jsonObject({ employeeId: jsonQuoted(transactions.claimantEmployeeId), name: jsonString(transactions.claimantName) })} end)`,
  netPayable: sql`'"' || (${transactions.amount} - coalesce((${transactions.tds} ->> 'amount')::numeric, 0))::numeric(14,2)::text || '"'`,
};

/** One transaction as JSON text (TRANSACTION_JSON) over selectView's joins, with any `extra` fields (their JSON texts). */
export function transactionJson(extra: Record<string, SQL> = {}): SQL<string> {
  return sql<string>`${jsonObject({ ...TRANSACTION_JSON, ...extra })}`;
}

export function presentApproval(a: ApprovalRow & { approverName: string | null; onBehalfOfName?: string | null }): Approval {
  return {
    id: a.id,
    transactionId: a.transactionId,
    approverId: a.approverId,
    approver: a.approverId ? { name: a.approverName ?? "" } : null,
    onBehalfOf: a.onBehalfOf ? { id: a.onBehalfOf, name: a.onBehalfOfName ?? "" } : null,
    approverDisplay: a.approverId
      ? a.onBehalfOf
        ? `${a.approverName ?? ""} for ${a.onBehalfOfName ?? ""}`
        : (a.approverName ?? "")
      : (a.emergencyApproverCode ?? ""),
    emergencyApproverCode: a.emergencyApproverCode,
    action: a.action as ApprovalAction,
    actedAt: iso(a.actedAt)!,
    reasonText: a.reasonText,
    round: a.round,
  };
}

export function presentAttachment(a: AttachmentRow): Attachment {
  return {
    id: a.id,
    transactionId: a.transactionId,
    fileName: a.fileName,
    mimeType: a.mimeType,
    fileSizeBytes: a.fileSizeBytes,
    uploadedBy: a.uploadedBy,
    createdAt: iso(a.createdAt)!,
  };
}

export type TransactionDetails = Transaction &
  TransactionDetailExtras & {
    category: Transaction["category"] & { fieldSchema: CustomFieldDefinition[] };
    approvals: Approval[];
    attachments: Attachment[];
    possibleDuplicates: PossibleDuplicate[];
  };

/** What the audit trail keeps of a transaction: its own fields, not the joined names. */
export function auditSnapshot(row: TransactionRow): Record<string, unknown> {
  return {
    humanReadableId: row.humanReadableId,
    formType: row.formType,
    categoryId: row.categoryId,
    amount: row.amount === null ? null : presentAmount(row.amount),
    transactionDate: row.transactionDate,
    description: row.description,
    status: row.status,
    isPaid: row.isPaid,
    isPriority: row.isPriority,
    isEmergency: row.isEmergency,
    previouslyRejected: row.previouslyRejected,
    createdBy: row.createdBy,
    customFieldValues: row.customFieldValues,
    partyId: row.partyId,
    claimantEmployeeId: row.claimantEmployeeId,
    claimantName: row.claimantName,
    approvalRound: row.approvalRound,
    approvalsRequired: row.approvalsRequired,
    approvalsReceived: row.approvalsReceived,
    approvalPolicy: row.approvalPolicy ?? null,
    gst: row.gst ?? null,
    tds: row.tds ?? null,
    paymentDueDate: row.paymentDueDate,
    paidDate: row.paidDate,
    paymentMethod: row.paymentMethod,
    paymentReference: row.paymentReference,
    paymentNotes: row.paymentNotes,
    paidBy: row.paidBy,
  };
}
