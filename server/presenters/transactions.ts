// The fields a transaction answer may carry (shared/schemas/transactions.ts `Transaction`): money as
// decimal strings, dates YYYY-MM-DD, instants full ISO. Nothing else leaves the server.
import type { ApprovalRow, AttachmentRow, TransactionRow } from "../db/schema";
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
  /** The party as JSON text (common.ts viewColumns), null when none is named. */
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

export function presentApproval(a: ApprovalRow & { approverName: string | null; onBehalfOfName?: string | null }): Approval {
  return {
    id: a.id,
    transactionId: a.transactionId,
    approverId: a.approverId,
    approver: a.approverId ? { name: a.approverName ?? "" } : null,
    onBehalfOf: a.onBehalfOf ? { id: a.onBehalfOf, name: a.onBehalfOfName ?? "" } : null,
    approverDisplay: a.approverId ? (a.onBehalfOf ? `${a.approverName ?? ""} for ${a.onBehalfOfName ?? ""}` : (a.approverName ?? "")) : (a.emergencyApproverCode ?? ""),
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
