// The transaction status machine of DECISIONS §4, in one place: who may make which move from
// which state, and what state a move leads to. Every path that changes a transaction (routes,
// emergency links, CLI, seeding) asks `canMove` first; the answer's status and message go to the
// client as they are (403: not yours to do; 409: not in this state).
import type { Role, TransactionMove, TransactionStatus } from "../../../shared/constants";
import { ACCOUNTING_ROLES as ACCOUNTING, APPROVER_ROLES as APPROVING, EMPLOYEE_ROLE, STATUS_LABELS, TRANSACTION_MOVES } from "../../../shared/constants";
import { approvalCompletes, type ApprovalDecision, type ApprovalPolicy, type RoundApproval } from "./authority";

export { TRANSACTION_MOVES, type TransactionMove };

/** What the machine needs to know about a transaction. A `TransactionRow` is one. */
export type TransactionState = {
  status: TransactionStatus;
  isPaid: boolean;
  paymentDueDate: string | null;
  createdBy: string;
  isEmergency?: boolean;
};

export type MoveActor = { id: string; role: Role };

/** Facts that live outside the transaction row. */
export type MoveContext = {
  /** approve/reject: what this actor already did in the current round, if anything. */
  myActionThisRound?: "approved" | "rejected" | null;
  /**
   * approve: what authority.ts's decideApproval answered for this actor (limits, the SuperAdmin's
   * place, delegation). Given by every caller that knows the actor's standing, so `availableMoves`
   * offers approve exactly when the approve call would accept it.
   */
  approval?: ApprovalDecision;
};

/** Why a move is refused: the actor may never make it (forbidden), or not in this state (conflict). */
export type MoveDenied = { ok: false; kind: "forbidden" | "conflict"; message: string };
export type MoveVerdict = { ok: true } | MoveDenied;

const ALLOWED: MoveVerdict = { ok: true };

// ---------------------------------------------------------------- the table

/** A state a move may start from; `isPaid` narrows it when given. */
type From = { status: TransactionStatus; isPaid?: boolean };

/** One way to be allowed a move: by role, or by being the transaction's owner. */
type Grant = { roles?: readonly Role[]; owner?: true; from: readonly From[] | "any"; fromText: string };

type MoveRule = {
  grants: readonly Grant[];
  /** 403 when no grant fits the actor. */
  forbidden: string;
  /** The creator may never do this, whatever their role (403). */
  notByCreator?: string;
  /** Checked last, once role and state allow the move. */
  guard?: (txn: TransactionState, actor: MoveActor, context: MoveContext) => MoveDenied | null;
  /** The status the move leads to, when fixed. */
  to?: TransactionStatus | "computed" | "removed" | "unchanged";
};

const SUPER: readonly Role[] = ["SuperAdmin"];

const DRAFT_OR_REJECTED: readonly From[] = [{ status: "Draft" }, { status: "Rejected" }];
const PENDING: readonly From[] = [{ status: "Pending" }];
// Paid, or the legacy "Approved and isPaid" that spec 000 §4 also treats as paid (reachable only by full override).
const PAID: readonly From[] = [{ status: "Paid" }, { status: "Approved", isPaid: true }];

/**
 * DECISIONS §4, move by move. `fromText` completes "Only … transactions can be …" in a 409.
 * Order of checks: role or ownership (403), the creator rule (403), the state (409), the guard.
 */
export const MOVE_RULES: Record<TransactionMove, MoveRule> = {
  create: {
    // An Employee login files its own expense claims (DECISIONS §15); transactions/claims.ts holds what a claim may be.
    grants: [
      { roles: ACCOUNTING, from: "any", fromText: "" },
      { roles: [EMPLOYEE_ROLE], from: "any", fromText: "" },
    ],
    forbidden: "Only Accountants and SuperAdmins can create transactions",
    to: "Draft",
  },
  edit: {
    grants: [{ owner: true, from: DRAFT_OR_REJECTED, fromText: "Only Draft or Rejected transactions can be edited" }],
    forbidden: "Only the owner of this transaction can edit it",
    to: "unchanged",
  },
  submit: {
    grants: [
      { owner: true, from: DRAFT_OR_REJECTED, fromText: "Only Draft or Rejected transactions can be submitted for approval" },
      { roles: SUPER, from: DRAFT_OR_REJECTED, fromText: "Only Draft or Rejected transactions can be submitted for approval" },
    ],
    forbidden: "Only the owner of this transaction or a SuperAdmin can submit it",
    to: "Pending",
  },
  approve: {
    grants: [{ roles: APPROVING, from: PENDING, fromText: "Only Pending transactions can be approved" }],
    forbidden: "Only Approvers and SuperAdmins can approve transactions",
    notByCreator: "You cannot approve your own transaction",
    guard: (_txn, _actor, context) => alreadyActed(context) ?? authorityRefusal(context),
    to: "computed",
  },
  reject: {
    grants: [{ roles: APPROVING, from: PENDING, fromText: "Only Pending transactions can be rejected" }],
    forbidden: "Only Approvers and SuperAdmins can reject transactions",
    notByCreator: "You cannot reject your own transaction",
    guard: (_txn, _actor, context) => alreadyActed(context),
    to: "Rejected",
  },
  "delete-approval": {
    // Any state: it corrects the record; only an Approved transaction's status follows (statusAfterApprovalDeleted).
    grants: [{ roles: SUPER, from: "any", fromText: "" }],
    forbidden: "Only a SuperAdmin can delete an approval",
    to: "computed",
  },
  "mark-payment-due": {
    grants: [{ roles: ACCOUNTING, from: [{ status: "Approved", isPaid: false }], fromText: "Only Approved, unpaid transactions can be marked payment due" }],
    forbidden: "Only Accountants and SuperAdmins can mark a payment due",
    to: "PaymentDue",
  },
  "process-payment": {
    grants: [
      {
        roles: ACCOUNTING,
        from: [
          { status: "Approved", isPaid: false },
          { status: "PaymentDue", isPaid: false },
        ],
        fromText: "Only Approved or Payment Due transactions that are not yet paid can be paid",
      },
    ],
    forbidden: "Only Accountants and SuperAdmins can process payments",
    to: "Paid",
  },
  "cancel-payment": {
    grants: [{ roles: ACCOUNTING, from: PAID, fromText: "Only Paid transactions can have their payment cancelled" }],
    forbidden: "Only Accountants and SuperAdmins can cancel payments",
    to: "computed",
  },
  complete: {
    grants: [{ roles: ACCOUNTING, from: PAID, fromText: "Only Paid transactions can be completed" }],
    forbidden: "Only Accountants and SuperAdmins can complete transactions",
    to: "Completed",
  },
  delete: {
    grants: [
      { roles: SUPER, from: "any", fromText: "" },
      { owner: true, from: [{ status: "Draft" }], fromText: "You can only delete your own transaction while it is a Draft" },
    ],
    forbidden: "Only a SuperAdmin, or the owner of a Draft, can delete a transaction",
    to: "removed",
  },
  "force-status": {
    grants: [{ roles: SUPER, from: "any", fromText: "" }],
    forbidden: "Only a SuperAdmin can force a transaction's status",
    to: "computed",
  },
  "change-owner": {
    grants: [{ roles: SUPER, from: "any", fromText: "" }],
    forbidden: "Only a SuperAdmin can change a transaction's owner",
    to: "unchanged",
  },
  "full-override": {
    grants: [{ roles: SUPER, from: "any", fromText: "" }],
    forbidden: "Only a SuperAdmin can override a transaction",
    to: "computed",
  },
  "issue-emergency-links": {
    grants: [
      { owner: true, from: PENDING, fromText: "Emergency links can only be issued for Pending transactions" },
      { roles: SUPER, from: PENDING, fromText: "Emergency links can only be issued for Pending transactions" },
    ],
    forbidden: "Only the owner of this transaction or a SuperAdmin can issue emergency links",
    guard: (txn) => (txn.isEmergency ? null : { ok: false, kind: "conflict", message: "This transaction is not marked 'Emergency Approval Required'" }),
    to: "unchanged",
  },
  "add-attachment": {
    // Attachments are part of what approvers approve: they change only while the transaction can be edited.
    grants: [
      { owner: true, from: DRAFT_OR_REJECTED, fromText: "Attachments can only be added to Draft or Rejected transactions" },
      { roles: SUPER, from: "any", fromText: "" },
    ],
    forbidden: "Only the owner of this transaction or a SuperAdmin can add attachments",
    to: "unchanged",
  },
};

function alreadyActed(context: MoveContext): MoveDenied | null {
  if (!context.myActionThisRound) return null;
  return { ok: false, kind: "conflict", message: `You have already ${context.myActionThisRound} this transaction` };
}

function authorityRefusal(context: MoveContext): MoveDenied | null {
  const decision = context.approval;
  return decision && !decision.ok ? { ok: false, kind: decision.kind, message: decision.message } : null;
}

// ---------------------------------------------------------------- questions

/** How a person calls a status ("Payment Due", not "PaymentDue"). */
export function statusLabel(status: TransactionStatus): string {
  return STATUS_LABELS[status];
}

function describeState(txn: TransactionState): string {
  const label = statusLabel(txn.status);
  if (txn.status === "Approved" && txn.isPaid) return `${label} and already paid`;
  if (txn.status === "PaymentDue" && txn.isPaid) return `${label} and already paid`;
  return label;
}

function fits(grant: Grant, txn: TransactionState | null, actor: MoveActor): boolean {
  if (grant.owner) return txn !== null && txn.createdBy === actor.id;
  return grant.roles?.includes(actor.role) ?? false;
}

function startsFrom(grant: Grant, txn: TransactionState | null): boolean {
  if (grant.from === "any") return true;
  if (txn === null) return false;
  return grant.from.some((f) => f.status === txn.status && (f.isPaid === undefined || f.isPaid === txn.isPaid));
}

/**
 * May `actor` make `move` on `txn` now? `txn` is null only for "create".
 * 403 when the move is not theirs to make; 409 when the transaction's state does not allow it.
 */
export function canMove(move: TransactionMove, txn: TransactionState | null, actor: MoveActor, context: MoveContext = {}): MoveVerdict {
  if (move !== "create" && txn === null) throw new Error(`canMove("${move}") needs the transaction`);
  const rule = MOVE_RULES[move];
  const grants = rule.grants.filter((g) => fits(g, txn, actor));
  if (grants.length === 0) return { ok: false, kind: "forbidden", message: rule.forbidden };
  if (rule.notByCreator && txn && txn.createdBy === actor.id) return { ok: false, kind: "forbidden", message: rule.notByCreator };
  const grant = grants.find((g) => startsFrom(g, txn));
  if (!grant) {
    const first = grants[0] as Grant;
    return { ok: false, kind: "conflict", message: `${first.fromText} (this one is ${describeState(txn as TransactionState)})` };
  }
  if (rule.guard && txn) {
    const denied = rule.guard(txn, actor, context);
    if (denied) return denied;
  }
  return ALLOWED;
}

/** The moves `actor` may make on `txn` now: what a presenter offers as the transaction's actions. */
export function availableMoves(txn: TransactionState, actor: MoveActor, context: MoveContext = {}): TransactionMove[] {
  return TRANSACTION_MOVES.filter((move) => move !== "create" && canMove(move, txn, actor, context).ok);
}

/**
 * Why `actor` may not approve this Pending transaction, in the words the approve call would answer
 * (their own transaction, above their limit, the place kept for a SuperAdmin), or null: they may,
 * they already acted this round, it is not Pending, or their role never approves. The screens show
 * it in Approve's place, and bulk approve lists it before it runs (DECISIONS §16).
 */
export function approveRefusal(txn: TransactionState, actor: MoveActor, context: MoveContext = {}): string | null {
  if (txn.status !== "Pending" || !APPROVING.includes(actor.role) || context.myActionThisRound) return null;
  const verdict = canMove("approve", txn, actor, context);
  return verdict.ok ? null : verdict.message;
}

// ---------------------------------------------------------------- where moves lead

/** The status a move leads to when the table fixes it; null when it is worked out, kept, or the transaction goes. */
export function fixedStatusAfter(move: TransactionMove): TransactionStatus | null {
  const to = MOVE_RULES[move].to;
  return to === undefined || to === "computed" || to === "removed" || to === "unchanged" ? null : to;
}

/** After an approval is counted: Approved once the round's approvals complete the policy (authority.ts decides). */
export function statusAfterApproval(policy: ApprovalPolicy, round: readonly RoundApproval[]): "Approved" | "Pending" {
  return approvalCompletes(policy, round) ? "Approved" : "Pending";
}

/**
 * After a SuperAdmin deletes an approval and the round is read again: an Approved transaction whose
 * approvals no longer complete its policy goes back to Pending; every other status stays (a deleted rejection
 * does not reopen a Rejected transaction; force-status does that, with a reason).
 */
export function statusAfterApprovalDeleted(status: TransactionStatus, policy: ApprovalPolicy, round: readonly RoundApproval[]): TransactionStatus {
  return status === "Approved" && !approvalCompletes(policy, round) ? "Pending" : status;
}

/**
 * After a full override holds the transaction to a newly decided policy (DECISIONS §11): a Pending
 * one is Approved when the round's approvals already complete it; an Approved or Payment Due one
 * whose approvals no longer complete it goes back to Pending; every other status stays (money paid
 * out stays paid, a Draft or Rejected one has no round that counts).
 */
export function statusAfterPolicyChanged(status: TransactionStatus, policy: ApprovalPolicy, round: readonly RoundApproval[]): TransactionStatus {
  if (status === "Pending") return statusAfterApproval(policy, round);
  if ((status === "Approved" || status === "PaymentDue") && !approvalCompletes(policy, round)) return "Pending";
  return status;
}

/** Cancelling a payment: back to PaymentDue when a due date is set, else Approved. */
export function statusAfterCancelPayment(paymentDueDate: string | null | undefined): "PaymentDue" | "Approved" {
  return paymentDueDate ? "PaymentDue" : "Approved";
}
