// Every move of the DECISIONS §4 table. Creating makes the row; every other move is a Transition in
// MOVES below, declared by what differs (its name in the status machine, its checks, its change,
// its audit entry, whom it tells) and run by run-move.ts, which locks the row, asks the status
// machine, sets the status it leads to, audits, tells and answers, the same way for every move.
import { isUuid } from "../../lib/ids";
import { and, eq, isNull } from "drizzle-orm";
import { todayOf, type ActingContext } from "../context";
import type { Tx } from "../../db/client";
import { approvals, attachments, transactions, users, type TransactionRow } from "../../db/schema";
import { badRequest, notFound, DomainError } from "../errors";
import { auditSnapshot, presentTransaction } from "../../presenters/transactions";
import { paymentWords } from "../../../shared/payment-words";
import { writeAudit } from "../audit";
import { inTransaction } from "../in-transaction";
import { formatRupees } from "../../../shared/format";
import { toPaise } from "../../../shared/money";
import type {
  ChangeOwnerBody,
  CreateTransactionBody,
  EditTransactionBody,
  ForceStatusBody,
  DeleteApprovalBody,
  FullOverrideBody,
  MarkPaymentDueBody,
  PaymentBody,
  RejectTransactionBody,
  Transaction,
} from "../../../shared/schemas/transactions";
import { usableParty } from "../parties";
import { assertMove, checkCustomFields, loadView, usableCategory } from "./common";
import { myActionThisRound } from "./queries";
import { carriesSuperAdminAuthority, categoryRequirement, decideApproval, describePolicy, policyOf, type ApprovalPolicy } from "./authority";
import { approvalsOfRound, approverStanding, policyForSubmission, roundsOf } from "./authority-reads";
import {
  canMove,
  statusAfterApproval,
  statusAfterApprovalDeleted,
  statusAfterCancelPayment,
  statusAfterPolicyChanged,
  type MoveContext,
} from "./status-machine";
import { decideGst, loadGstFacts } from "./gst";
import { decideBillTds, factsOf, natureOfBill } from "../tds/decide";
import { ownsTransactions } from "../policies";
import { assertClaimAllowed, claimantFor } from "./claims";
import { checkEmergencyLimits } from "./emergency-limits";
import { runMove, type Change, type MoveStep, type Transition } from "./run-move";

type Ctx = ActingContext;

// ---------------------------------------------------------------- create

export async function createTransaction(ctx: Ctx, input: CreateTransactionBody): Promise<Transaction> {
  assertMove(canMove("create", null, ctx.actor));
  return inTransaction(ctx, async (tx) => {
    const category = await usableCategory(tx, input.categoryId);
    // An Employee login's transaction is an expense claim (DECISIONS §15): its rules, and whom it reimburses.
    assertClaimAllowed(ctx.actor, {
      category,
      formType: input.formType,
      partyId: input.partyId,
      hasGst: !!input.gst,
      hasTds: !!input.tds,
      isEmergency: input.isEmergency,
    });
    const claimant = await claimantFor(tx, ctx.actor);
    const customFieldValues = checkCustomFields(category, input.customFieldValues);
    const party = input.partyId ? await usableParty(tx, input.partyId) : null;
    const gst = input.gst ? decideGst({ formType: input.formType, amount: input.amount }, input.gst, null, await loadGstFacts(tx, party?.id ?? null)) : null;
    // The TDS as it would be decided now (DECISIONS §12); submitting decides it again.
    const bill = { id: null, formType: input.formType, partyId: party?.id ?? null, amount: input.amount, transactionDate: input.transactionDate, gst };
    const tds = await decideBillTds(tx, bill, await natureOfBill(tx, bill, input.tds, null), { allowInactive: false });
    const [row] = await tx
      .insert(transactions)
      .values({
        gst,
        tds,
        partyId: party?.id ?? null,
        ...(claimant ?? {}),
        formType: input.formType,
        categoryId: category.id,
        amount: input.amount,
        transactionDate: input.transactionDate,
        description: input.description,
        customFieldValues,
        isPriority: input.isPriority,
        isEmergency: input.isEmergency,
        status: "Draft",
        createdBy: ctx.actor.id,
        // What the category alone needs; the submission decides the whole policy (authority.ts).
        approvalsRequired: categoryRequirement(category),
        createdAt: ctx.clock(),
        updatedAt: ctx.clock(),
      })
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entityType: "transaction",
      entityId: row!.id,
      actor: ctx.actor,
      after: auditSnapshot(row!),
      ipAddress: ctx.ip,
    });
    const view = await loadView(tx, row!.id);
    if (!view) throw notFound("Transaction not found");
    return presentTransaction(view);
  });
}

// ---------------------------------------------------------------- the moves

export const DUE_DATE_IN_PAST = "Due date cannot be in the past";

/**
 * The moves after create, by their names in the status machine (status-machine.ts MOVE_RULES, which
 * also says who may make each, from which statuses, and the status it leads to when that is fixed).
 * A row says what differs; the longer changes are the functions below the table. A new move: its
 * rule there, its row here, and a one-line function after the table that runs it.
 */
const MOVES = {
  edit: { move: "edit", audit: "update", change: editDetails } satisfies Transition<EditTransactionBody>,

  submit: {
    move: "submit",
    audit: "submit",
    change: submission,
    tell: (v) => ({
      to: "approvers",
      message: `${v.isPriority ? "Emergency: " : ""}${v.humanReadableId} (${v.categoryName}, ${formatRupees(v.amount)}) from ${v.creatorName} is waiting for your approval`,
      title: v.isEmergency ? "Emergency approval needed" : "Approval needed",
    }),
  } satisfies Transition<void>,

  approve: {
    move: "approve",
    audit: "approve",
    facts: actionThisRound,
    oncePerRound: true,
    change: approval,
    tell: (v, { row }, { status, received, by }) =>
      status === "Approved"
        ? {
            to: "owner",
            message: `${v.humanReadableId} (${v.categoryName}, ${formatRupees(v.amount)}) has been approved`,
            kind: "approved",
            title: "Approved",
            by,
          }
        : {
            to: "owner",
            message: `${v.humanReadableId} received an approval from ${by} (${received} of ${row.approvalsRequired})`,
            kind: "approval_received",
            title: "Approval received",
            by,
            detail: `${received} of ${row.approvalsRequired} approvals`,
          },
  } satisfies Transition<void, Approved>,

  reject: {
    move: "reject",
    audit: "reject",
    reason: (input) => input.reason,
    facts: actionThisRound,
    oncePerRound: true,
    change: async ({ tx, ctx, row, input, now }) => {
      await tx
        .insert(approvals)
        .values({ transactionId: row.id, approverId: ctx.actor.id, round: row.approvalRound, action: "rejected", reasonText: input.reason, actedAt: now });
      return { set: { previouslyRejected: true, approvedAt: null } };
    },
    tell: (v, { input }) => ({
      to: "owner",
      message: `${v.humanReadableId} (${v.categoryName}, ${formatRupees(v.amount)}) was rejected${input.reason ? `: ${input.reason}` : ""}`,
      kind: "rejected",
      title: "Rejected",
      detail: input.reason ? `Reason: ${input.reason}` : null,
    }),
  } satisfies Transition<RejectTransactionBody>,

  // DELETE /api/approvals/:id (SuperAdmin), found by the approval's id: recounts the current round.
  "delete-approval": {
    move: "delete-approval",
    audit: "delete_approval",
    reason: (input) => input.reason,
    find: transactionOfApproval,
    change: approvalDeletion,
  } satisfies Transition<DeleteApprovalBody>,

  "mark-payment-due": {
    move: "mark-payment-due",
    audit: "mark_payment_due",
    change: async ({ ctx, input }) => {
      // The form's picker starts at today (spec 000 §5), in APP_TIMEZONE.
      if (input.dueDate && input.dueDate < todayOf(ctx)) throw badRequest(DUE_DATE_IN_PAST, [{ path: "dueDate", message: DUE_DATE_IN_PAST }]);
      return { set: { paymentDueDate: input.dueDate } };
    },
    tell: (v, { row, input }) => {
      const words = paymentWords(row.formType);
      return {
        to: "owner",
        message: words.notice.due(v.humanReadableId, input.dueDate ?? null),
        kind: "payment_due",
        title: words.dueOn,
        detail: input.dueDate ? `Due on ${input.dueDate}` : null,
      };
    },
  } satisfies Transition<MarkPaymentDueBody>,

  "process-payment": {
    move: "process-payment",
    audit: "process_payment",
    change: async ({ ctx, input }) => ({
      set: {
        isPaid: true,
        paymentMethod: input.paymentMethod,
        paymentReference: input.paymentReference,
        paymentNotes: input.paymentNotes,
        paidDate: input.paidDate ?? todayOf(ctx),
        paidBy: ctx.actor.id,
      },
    }),
    tell: (v, { row, input }) => {
      const words = paymentWords(row.formType);
      return {
        to: "owner",
        message: words.notice.settled(`${v.humanReadableId} (${formatRupees(v.amount)})`, input.paymentMethod),
        kind: "paid",
        title: words.paid,
        detail: `${words.paid} by ${input.paymentMethod}`,
      };
    },
  } satisfies Transition<ProcessPayment>,

  // Back to PaymentDue when a due date is set, else Approved.
  "cancel-payment": {
    move: "cancel-payment",
    audit: "cancel_payment",
    change: async ({ row }) => ({
      set: {
        status: statusAfterCancelPayment(row.paymentDueDate),
        isPaid: false,
        paymentMethod: null,
        paymentReference: null,
        paymentNotes: null,
        paidBy: null,
        paidDate: null,
      },
    }),
    tell: (v, { row }) => {
      const words = paymentWords(row.formType);
      return { to: "owner", message: words.notice.cancelled(v.humanReadableId), kind: "payment_cancelled", title: words.timeline["payment-cancelled"] };
    },
  } satisfies Transition<PaymentBody>,

  complete: {
    move: "complete",
    audit: "complete",
    change: async ({ now }) => ({ set: { completedAt: now } }),
    tell: (v) => ({ to: "owner", message: `${v.humanReadableId} is completed`, kind: "completed", title: "Completed" }),
  } satisfies Transition<void>,

  delete: {
    move: "delete",
    audit: "delete",
    change: removal,
    answer: ({ row }) => ({ message: "Transaction deleted", id: row.id, humanReadableId: row.humanReadableId }),
  } satisfies Transition<void, Change, { message: string; id: string; humanReadableId: string }>,

  // Any status → Approved, Rejected or Draft, with a reason. Rejected marks previouslyRejected.
  "force-status": {
    move: "force-status",
    audit: "force_status",
    reason: (input) => input.reason,
    change: async ({ row, input, now }) => ({
      set: {
        status: input.status,
        approvedAt: input.status === "Approved" ? (row.approvedAt ?? now) : null,
        previouslyRejected: input.status === "Rejected" ? true : row.previouslyRejected,
      },
    }),
    tell: (v, { input }) => ({
      to: "owner",
      message: `${v.humanReadableId} was set to ${input.status} by an administrator: ${input.reason}`,
      kind: "status_forced",
      title: input.status === "Draft" ? "Returned to Draft" : input.status,
      detail: `Set by an administrator: ${input.reason}`,
    }),
  } satisfies Transition<ForceStatusBody>,

  "change-owner": {
    move: "change-owner",
    audit: "change_owner",
    reason: (input) => input.reason,
    change: async ({ tx, input }) => ({ set: { createdBy: await newOwnerId(tx, input.newOwnerId) } }),
  } satisfies Transition<ChangeOwnerBody>,

  "full-override": { move: "full-override", audit: "full_override", reason: (input) => input.reason, change: override } satisfies Transition<FullOverrideBody>,
};

export const editTransaction = (ctx: Ctx, id: string, input: EditTransactionBody) => runMove(ctx, id, MOVES.edit, input);
export const submitTransaction = (ctx: Ctx, id: string) => runMove(ctx, id, MOVES.submit, undefined);
export const approveTransaction = (ctx: Ctx, id: string) => runMove(ctx, id, MOVES.approve, undefined);
export const rejectTransaction = (ctx: Ctx, id: string, input: RejectTransactionBody) => runMove(ctx, id, MOVES.reject, input);
export const markPaymentDue = (ctx: Ctx, id: string, input: MarkPaymentDueBody) => runMove(ctx, id, MOVES["mark-payment-due"], input);
export const completeTransaction = (ctx: Ctx, id: string) => runMove(ctx, id, MOVES.complete, undefined);
export const deleteTransaction = (ctx: Ctx, id: string) => runMove(ctx, id, MOVES.delete, undefined);
export const forceStatus = (ctx: Ctx, id: string, input: ForceStatusBody) => runMove(ctx, id, MOVES["force-status"], input);
export const changeOwner = (ctx: Ctx, id: string, input: ChangeOwnerBody) => runMove(ctx, id, MOVES["change-owner"], input);
export const fullOverride = (ctx: Ctx, id: string, input: FullOverrideBody) => runMove(ctx, id, MOVES["full-override"], input);

/** PATCH …/payment: process (→ Paid) or cancel (→ PaymentDue if a due date is set, else Approved). */
export function recordPayment(ctx: Ctx, id: string, input: PaymentBody): Promise<Transaction> {
  return input.action === "cancel" ? runMove(ctx, id, MOVES["cancel-payment"], input) : runMove(ctx, id, MOVES["process-payment"], input);
}

export async function deleteApproval(ctx: Ctx, approvalId: string, input: DeleteApprovalBody): Promise<Transaction> {
  if (!isUuid(approvalId)) throw notFound(APPROVAL_NOT_FOUND);
  return runMove(ctx, approvalId, MOVES["delete-approval"], input);
}

// ---------------------------------------------------------------- the moves' own steps

type ProcessPayment = Extract<PaymentBody, { action: "process" }>;

/** approve, reject: what the actor already did in this round, for the status machine's "once per round". */
async function actionThisRound(tx: Tx, ctx: Ctx, row: TransactionRow): Promise<MoveContext> {
  return { myActionThisRound: await myActionThisRound(tx, row.id, row.approvalRound, ctx.actor.id) };
}

/** The owner's edit of a Draft or Rejected transaction: a claim stays a claim (DECISIONS §15), then the details sent. */
async function editDetails({ tx, ctx, row, input }: MoveStep<EditTransactionBody>): Promise<Change> {
  const category = await usableCategory(tx, input.categoryId ?? row.categoryId, { allowInactive: true });
  assertClaimAllowed(ctx.actor, {
    category,
    formType: input.formType ?? row.formType,
    partyId: input.partyId !== undefined ? input.partyId : row.partyId,
    hasGst: input.gst !== undefined ? !!input.gst : !!row.gst,
    hasTds: input.tds !== undefined ? !!input.tds : !!row.tds,
    isEmergency: input.isEmergency ?? row.isEmergency,
  });
  return { set: await changedDetails(tx, row, input, { newCategoryMayBeInactive: false }) };
}

/**
 * Draft or Rejected → Pending. Opens a new approval round (earlier approvals stay in the history but
 * no longer count), decides and keeps what it needs now (authority.ts: approvalsRequired and
 * approvalPolicy) and checks the category's emergency limits; the table's row tells every active
 * Approver and SuperAdmin but the submitter.
 */
async function submission({ tx, ctx, row, now }: MoveStep<void>): Promise<Change> {
  // The category row is locked until commit, so emergency submissions of one category are counted
  // one after the other: two at once cannot both slip under a limit.
  const category = await usableCategory(tx, row.categoryId, { forUpdate: true });
  // A claim is submitted only while its category is still open to claims (DECISIONS §15).
  assertClaimAllowed(ctx.actor, { category, formType: row.formType, partyId: row.partyId, hasGst: !!row.gst, hasTds: !!row.tds, isEmergency: row.isEmergency });
  const customFieldValues = checkCustomFields(category, row.customFieldValues);
  // The party may have lost its GSTIN since the bill was saved: ITC is checked again at submit.
  const gst = row.gst ? decideGst(row, undefined, row.gst, await loadGstFacts(tx, row.partyId)) : null;
  await checkEmergencyLimits(tx, row, category, now, ctx.config.appTimezone);
  const policy = await policyForSubmission(tx, { category, formType: row.formType, amount: row.amount }, { keep: true });
  // The TDS is decided at submit from the party's bills counted now (DECISIONS §12).
  const tds = await decideBillTds(tx, { ...factsOf(row), gst }, row.tds?.natureId ?? null, { allowInactive: false });
  return {
    set: {
      customFieldValues,
      gst,
      tds,
      approvalRound: row.approvalRound + 1,
      approvalsReceived: 0,
      approvalsRequired: policy.approvalsRequired,
      approvalPolicy: policy,
      submittedAt: now,
      approvedAt: null,
    },
  };
}

/** What an approval leaves for its notice: where the count stands, and in whose name it was given. */
type Approved = Change & { status: "Approved" | "Pending"; received: number; by: string };

/**
 * One approval by the actor in the current round. The row lock serialises approvals of one
 * transaction, so the count is exact and the move to Approved happens once; the unique constraint
 * (transaction, approver, round) is the last word on "once per user per round".
 */
async function approval({ tx, ctx, row, now }: MoveStep<void>): Promise<Approved> {
  const policy = policyOf(row);
  // Under the row lock: the round read here is the one this approval joins. The delegations
  // are read with a share lock, so one cannot end half-way through an approval on its behalf.
  const standing = await approverStanding(tx, ctx.actor, todayOf(ctx), { lock: true });
  const soFar = (await roundsOf(tx, [row])).get(row.id)!;
  const decision = decideApproval(standing, { amount: row.amount, createdBy: row.createdBy, policy }, soFar);
  if (!decision.ok) throw new DomainError(decision.kind, decision.message, { code: decision.code });
  const onBehalfOf = decision.onBehalfOf;
  await tx.insert(approvals).values({
    transactionId: row.id,
    approverId: ctx.actor.id,
    onBehalfOf: onBehalfOf?.id ?? null,
    asSuperAdmin: carriesSuperAdminAuthority(ctx.actor.role, onBehalfOf),
    round: row.approvalRound,
    action: "approved",
    actedAt: now,
  });
  const round = await approvalsOfRound(tx, row.id, row.approvalRound);
  const status = statusAfterApproval(policy, round);
  const by = onBehalfOf ? `${ctx.actor.name} for ${onBehalfOf.name}` : ctx.actor.name;
  return {
    set: { approvalsReceived: round.length, status, approvedAt: status === "Approved" ? now : null },
    auditAfter: onBehalfOf ? { onBehalfOf: { id: onBehalfOf.id, name: onBehalfOf.name }, approvedAs: by } : undefined,
    status,
    received: round.length,
    by,
  };
}

const APPROVAL_NOT_FOUND = "Approval not found";

async function transactionOfApproval(tx: Tx, approvalId: string): Promise<string> {
  const [found] = await tx.select({ transactionId: approvals.transactionId }).from(approvals).where(eq(approvals.id, approvalId)).limit(1);
  if (!found) throw notFound(APPROVAL_NOT_FOUND);
  return found.transactionId;
}

/** A SuperAdmin's deletion of an approval: the round is counted again, and an Approved transaction below its requirement goes back to Pending. */
async function approvalDeletion({ tx, key, row }: MoveStep<DeleteApprovalBody>): Promise<Change> {
  const [deleted] = await tx.delete(approvals).where(eq(approvals.id, key)).returning();
  // Another deletion of the same approval went first while this one waited for the row lock.
  if (!deleted) throw notFound(APPROVAL_NOT_FOUND);
  const round = await approvalsOfRound(tx, row.id, row.approvalRound);
  const status = statusAfterApprovalDeleted(row.status, policyOf(row), round);
  const { id, approverId, onBehalfOf, emergencyApproverCode, action, reasonText } = deleted;
  return {
    set: { approvalsReceived: round.length, status, approvedAt: status === row.status ? row.approvedAt : null },
    auditBefore: { approval: { id, approverId, onBehalfOf, emergencyApproverCode, round: deleted.round, action, reasonText } },
  };
}

/** SuperAdmin any; the owner only while Draft. Approvals and attachment rows go with it; their objects after commit. */
async function removal({ tx, ctx, row, afterCommit }: MoveStep<void>): Promise<Change> {
  const files = await tx
    .select({ id: attachments.id, objectPath: attachments.objectPath, fileName: attachments.fileName })
    .from(attachments)
    .where(eq(attachments.transactionId, row.id));
  await tx.delete(approvals).where(eq(approvals.transactionId, row.id));
  await tx.delete(attachments).where(eq(attachments.transactionId, row.id));
  await tx.delete(transactions).where(eq(transactions.id, row.id));
  afterCommit.run(async () => {
    for (const f of files) {
      await ctx.storage
        .delete(f.objectPath)
        .catch((err: unknown) => ctx.logger.warn({ err, objectPath: f.objectPath }, "could not delete an attachment's object"));
    }
  });
  return { auditBefore: { attachments: files.map((f) => ({ id: f.id, fileName: f.fileName })) } };
}

export const NEW_OWNER_INVALID = "The new owner must be an active Accountant or SuperAdmin";

/** The user a transaction may be handed to: active, and of a role that owns transactions (400 otherwise). */
async function newOwnerId(tx: Tx, userId: string): Promise<string> {
  const [owner] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt)))
    .limit(1);
  if (!owner || !ownsTransactions(owner)) throw badRequest(NEW_OWNER_INVALID, [{ path: "newOwnerId", message: NEW_OWNER_INVALID }]);
  return owner.id;
}

/**
 * PUT /api/admin/transactions/:id/full-override: any field; what is absent stays. A new category
 * must exist (it may be inactive: this repairs records); custom field values, when sent or when the
 * category changes, are checked against the category's fields like everywhere else.
 */
async function override({ tx, row, input, now }: MoveStep<FullOverrideBody>): Promise<Change> {
  const details = await changedDetails(tx, row, input, { newCategoryMayBeInactive: true });
  const approvalPolicy = await policyAfterOverride(tx, row, input);
  // Held to a new policy, the round's approvals are judged again (DECISIONS §11): a Pending
  // transaction they complete is Approved, an Approved or Payment Due one they no longer complete
  // goes back to Pending, unless the override sets the status itself (the SuperAdmin's word).
  const round = approvalPolicy ? await approvalsOfRound(tx, row.id, row.approvalRound) : [];
  const status = input.status ?? (approvalPolicy ? statusAfterPolicyChanged(row.status, approvalPolicy, round) : row.status);
  const reopened = status === "Pending" && row.status !== "Pending";
  return {
    set: {
      ...details,
      status: status === row.status ? undefined : status,
      isPaid: input.isPaid,
      paymentDueDate: input.paymentDueDate,
      paidDate: input.paidDate,
      paymentMethod: input.paymentMethod,
      paymentReference: input.paymentReference,
      paymentNotes: input.paymentNotes,
      approvalsRequired: approvalPolicy?.approvalsRequired ?? input.approvalsRequired,
      approvalPolicy,
      approvedAt: status === "Approved" && !row.approvedAt ? now : reopened ? null : undefined,
      previouslyRejected: status === "Rejected" ? true : undefined,
    },
    // The timeline says why an approved transaction waits again (timeline.ts reads `backToPending`).
    auditAfter: reopened && input.status === undefined ? { backToPending: backToPendingReason(round.length, approvalPolicy!) } : undefined,
  };
}

// ---------------------------------------------------------------- what edit and the override share

type DetailsChange = Pick<
  EditTransactionBody,
  "formType" | "categoryId" | "amount" | "transactionDate" | "description" | "customFieldValues" | "isPriority" | "isEmergency" | "partyId" | "gst" | "tds"
>;

/**
 * The columns an edit or a full override sets from the details sent (undefined: the column stays).
 * Custom field values, when sent or when the category changes, are checked against the category's
 * fields. A new category must be active unless `newCategoryMayBeInactive` (the override repairs
 * records); the current one may be inactive either way.
 */
async function changedDetails(tx: Tx, row: TransactionRow, input: DetailsChange, { newCategoryMayBeInactive }: { newCategoryMayBeInactive: boolean }) {
  const categoryChanged = input.categoryId !== undefined && input.categoryId !== row.categoryId;
  const category = await usableCategory(tx, input.categoryId ?? row.categoryId, { allowInactive: newCategoryMayBeInactive || !categoryChanged });
  const checkFields = input.customFieldValues !== undefined || categoryChanged;
  // The GST is decided again whenever it or what it is checked against changes (DECISIONS §12).
  const gstTouched =
    input.gst !== undefined || (row.gst !== null && (input.amount !== undefined || input.formType !== undefined || input.partyId !== undefined));
  const gst = gstTouched
    ? decideGst(
        { formType: input.formType ?? row.formType, amount: input.amount ?? row.amount },
        input.gst,
        row.gst,
        await loadGstFacts(tx, input.partyId !== undefined ? input.partyId : row.partyId),
      )
    : undefined;
  // A party newly named must be active; the one already named stays even if it was deactivated since.
  if (input.partyId && input.partyId !== row.partyId) await usableParty(tx, input.partyId);
  // The TDS is decided again on every edit and override, from the bill as it will be (DECISIONS §12).
  const bill = {
    ...factsOf(row),
    formType: input.formType ?? row.formType,
    partyId: input.partyId !== undefined ? input.partyId : row.partyId,
    amount: input.amount ?? row.amount,
    transactionDate: input.transactionDate ?? row.transactionDate,
    gst: gst !== undefined ? gst : row.gst,
  };
  const natureId = await natureOfBill(tx, bill, input.tds, { natureId: row.tds?.natureId ?? null, partyId: row.partyId });
  // A nature newly named must be active (unless an override repairs a record); the one already named stays.
  const tds = await decideBillTds(tx, bill, natureId, { allowInactive: newCategoryMayBeInactive || natureId === (row.tds?.natureId ?? null) });
  return {
    gst,
    tds,
    partyId: input.partyId,
    formType: input.formType,
    categoryId: input.categoryId,
    amount: input.amount,
    transactionDate: input.transactionDate,
    description: input.description,
    customFieldValues: checkFields ? checkCustomFields(category, input.customFieldValues ?? row.customFieldValues) : undefined,
    isPriority: input.isPriority,
    isEmergency: input.isEmergency,
  };
}

/** "Back to Pending: its 1 approval no longer meets the new policy (Needs 2 approvals, one of them a SuperAdmin's: rule …)" */
function backToPendingReason(approvalsCounted: number, policy: ApprovalPolicy): string {
  return `Back to Pending: its ${approvalsCounted} approval${approvalsCounted === 1 ? "" : "s"} no longer meet${approvalsCounted === 1 ? "s" : ""} the new policy (${describePolicy(policy)})`;
}

/**
 * The policy a full override leaves (undefined: unchanged). A transaction whose amount, category or
 * form type changes is decided again, whatever its status, as a submission of the new facts would be
 * (DECISIONS §11); an explicit approvalsRequired is the SuperAdmin's word on the count, kept in the
 * policy too so the two never disagree.
 */
async function policyAfterOverride(tx: Tx, row: TransactionRow, input: FullOverrideBody): Promise<ApprovalPolicy | undefined> {
  const categoryId = input.categoryId ?? row.categoryId;
  const formType = input.formType ?? row.formType;
  const amount = input.amount ?? row.amount;
  const factsChanged = categoryId !== row.categoryId || formType !== row.formType || toPaise(amount) !== toPaise(row.amount);
  let policy = row.approvalPolicy ?? undefined;
  if (factsChanged) {
    const category = await usableCategory(tx, categoryId, { allowInactive: true });
    policy = await policyForSubmission(tx, { category, formType, amount }, { keep: true });
  }
  if (policy && input.approvalsRequired !== undefined) policy = { ...policy, approvalsRequired: input.approvalsRequired };
  return policy === row.approvalPolicy ? undefined : policy;
}

// ---------------------------------------------------------------- bulk approval

export type BulkApprovalResult = { id: string; humanReadableId?: string; ok: boolean; status?: Transaction["status"]; message?: string };
export type BulkApproval = {
  results: BulkApprovalResult[];
  approved: { id: string; humanReadableId: string; status: Transaction["status"] }[];
  /** What was not approved, and why in the words the single approve would answer ("Above your approval limit of ₹…"). */
  skipped: { id: string; humanReadableId: string | null; reason: string }[];
};

/**
 * Each id approved by approveTransaction, one by one, each in its own database transaction: what
 * it may approve is approved, the rest skipped with the reason authority.ts or the status machine
 * gave. A transaction the reader cannot see is skipped without its number.
 */
export async function bulkApprove(ctx: Ctx, ids: readonly string[]): Promise<BulkApproval> {
  const out: BulkApproval = { results: [], approved: [], skipped: [] };
  for (const id of new Set(ids)) {
    try {
      const t = await approveTransaction(ctx, id);
      out.results.push({ id, humanReadableId: t.humanReadableId, ok: true, status: t.status });
      out.approved.push({ id, humanReadableId: t.humanReadableId, status: t.status });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const humanReadableId = err.kind === "not_found" ? null : await humanReadableIdOf(ctx, id);
      out.results.push({ id, ok: false, message: err.message });
      out.skipped.push({ id, humanReadableId, reason: err.message });
    }
  }
  return out;
}

async function humanReadableIdOf(ctx: Ctx, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await ctx.db.select({ humanReadableId: transactions.humanReadableId }).from(transactions).where(eq(transactions.id, id)).limit(1);
  return row?.humanReadableId ?? null;
}
