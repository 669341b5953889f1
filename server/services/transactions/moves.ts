// Every move of the DECISIONS §4 table, one function a verb. Each runs in one database transaction
// that locks the transaction row (SELECT … FOR UPDATE), asks the status machine whether the move
// is allowed, makes the change, writes the audit entry and the notification rows; notifications
// are published and stored objects deleted only after commit.
import { isUuid } from "../../lib/ids";
import { and, eq, isNull, sql } from "drizzle-orm";
import { todayOf, type ActingContext } from "../context";
import type { Tx } from "../../db/client";
import { approvals, attachments, transactions, users, type NotificationRow, type TransactionRow } from "../../db/schema";
import { badRequest, conflict, notFound, unprocessable, DomainError } from "../errors";
import { auditSnapshot, presentTransaction, type TransactionView } from "../../presenters/transactions";
import { paymentWords } from "../../../shared/payment-words";
import { writeAudit } from "../audit";
import { notifyUsers, publishNotifications, type NotificationPayload } from "../notifications";
import { reachAboutTransaction, type ReachKind } from "../reach/kinds";
import { formatRupees, toIsoDate } from "../../../shared/format";
import { paiseToString, readMoney, toPaise } from "../../../shared/money";
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
import { assertMove, checkCustomFields, EMERGENCY_COUNTED, loadView, rowsOf, statusIn, usableCategory } from "./common";
import { isUniqueViolation } from "../../db/errors";
import { addDays, monthBounds, monthOfDate } from "../../lib/calendar";
import { myActionThisRound } from "./queries";
import { approvalsOfRound, approverIds, approverStanding, carriesSuperAdminAuthority, categoryRequirement, decideApproval, describePolicy, policyForSubmission, policyOf, roundsOf, type ApprovalPolicy } from "./authority";
import {
  canMove,
  statusAfterApproval,
  statusAfterApprovalDeleted,
  statusAfterCancelPayment,
  statusAfterPolicyChanged,
} from "./status-machine";
import { loadVisibleTransaction } from "./visibility";
import { decideGst, loadGstFacts } from "./gst";
import { decideBillTds, factsOf, natureOfBill } from "../tds/decide";
import { ownsTransactions } from "../policies";
import { assertClaimAllowed, claimantFor } from "./claims";

type Ctx = ActingContext;

/**
 * The 409 message of an approval or rejection that finds an action of the same approver (or of the
 * delegator they act for) already in this approval round: the approvals table's once-per-round
 * constraints refuse the insert, so it holds even when two calls race (DECISIONS §4).
 */
export const ALREADY_ACTED = "You have already acted on this transaction in this approval round";

/**
 * Runs `work` in one database transaction, then publishes the notifications it stored and runs its
 * after-commit steps (deleting stored objects). Answers what `work` answered.
 */
async function mutate<T>(
  ctx: Ctx,
  work: (tx: Tx, effects: { notes: NotificationRow[]; afterCommit: (() => Promise<void>)[] }) => Promise<T>,
): Promise<T> {
  const effects = { notes: [] as NotificationRow[], afterCommit: [] as (() => Promise<void>)[] };
  const result = await ctx.db.transaction((tx) => work(tx, effects));
  await publishNotifications(ctx, effects.notes);
  for (const step of effects.afterCommit) {
    await step().catch((err: unknown) => ctx.logger.warn({ err }, "after-commit step failed"));
  }
  return result;
}

async function answer(tx: Tx, id: string): Promise<Transaction> {
  const view = await loadView(tx, id);
  if (!view) throw notFound("Transaction not found");
  return presentTransaction(view);
}

function lock(tx: Tx, ctx: Ctx, id: string): Promise<TransactionRow> {
  return loadVisibleTransaction(tx, id, ctx.actor, ctx.clock(), { forUpdate: true });
}

function aboutTransaction(view: Pick<TransactionView, "id" | "humanReadableId" | "categoryName" | "isPriority">, type: NotificationPayload["type"], message: string, isPriority = false): NotificationPayload {
  return { type, message, isPriority, transactionId: view.id, humanReadableId: view.humanReadableId, category: view.categoryName };
}

/** How a move is told beyond the bell (DECISIONS §14): its kind, its title, and a line of detail. */
type Told = { kind: ReachKind; title: string; by?: string; detail?: string | null };

/** Tells the creator about a move on their transaction, unless they made it themselves: the bell, and their devices and email. */
async function tellCreator(tx: Tx, ctx: Ctx, effects: { notes: NotificationRow[] }, id: string, message: (v: TransactionView) => string, told: Told): Promise<void> {
  const view = await loadView(tx, id);
  if (!view || view.createdBy === ctx.actor.id) return;
  const reach = reachAboutTransaction(ctx, told.kind, view, { title: told.title, audience: "owner", by: told.by ?? ctx.actor.name, detail: told.detail });
  effects.notes.push(...(await notifyUsers(tx, [view.createdBy], aboutTransaction(view, "user_notification", message(view), view.isPriority), reach)));
}

const rupees = (amount: string) => formatRupees(amount);

// ---------------------------------------------------------------- create, edit

export async function createTransaction(ctx: Ctx, input: CreateTransactionBody): Promise<Transaction> {
  assertMove(canMove("create", null, ctx.actor));
  return mutate(ctx, async (tx) => {
    const category = await usableCategory(tx, input.categoryId);
    // An Employee login's transaction is an expense claim (DECISIONS §15): its rules, and whom it reimburses.
    assertClaimAllowed(ctx.actor, { category, formType: input.formType, partyId: input.partyId, hasGst: !!input.gst, hasTds: !!input.tds, isEmergency: input.isEmergency });
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
    await writeAudit(tx, ctx, { action: "create", entityType: "transaction", entityId: row!.id, actor: ctx.actor, after: auditSnapshot(row!), ipAddress: ctx.ip });
    return answer(tx, row!.id);
  });
}

type DetailsChange = Pick<EditTransactionBody, "formType" | "categoryId" | "amount" | "transactionDate" | "description" | "customFieldValues" | "isPriority" | "isEmergency" | "partyId" | "gst" | "tds">;

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
  const gstTouched = input.gst !== undefined || (row.gst !== null && (input.amount !== undefined || input.formType !== undefined || input.partyId !== undefined));
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

export async function editTransaction(ctx: Ctx, id: string, input: EditTransactionBody): Promise<Transaction> {
  return mutate(ctx, async (tx) => {
    const row = await lock(tx, ctx, id);
    assertMove(canMove("edit", row, ctx.actor));
    const category = await usableCategory(tx, input.categoryId ?? row.categoryId, { allowInactive: true });
    assertClaimAllowed(ctx.actor, {
      category,
      formType: input.formType ?? row.formType,
      partyId: input.partyId !== undefined ? input.partyId : row.partyId,
      hasGst: input.gst !== undefined ? !!input.gst : !!row.gst,
      hasTds: input.tds !== undefined ? !!input.tds : !!row.tds,
      isEmergency: input.isEmergency ?? row.isEmergency,
    });
    const details = await changedDetails(tx, row, input, { newCategoryMayBeInactive: false });
    const [after] = await tx
      .update(transactions)
      .set({ ...details, updatedAt: ctx.clock() })
      .where(eq(transactions.id, row.id))
      .returning();
    await writeAudit(tx, ctx, { action: "update", entityType: "transaction", entityId: row.id, actor: ctx.actor, before: auditSnapshot(row), after: auditSnapshot(after!), ipAddress: ctx.ip });
    return answer(tx, row.id);
  });
}

// ---------------------------------------------------------------- submit

/**
 * Draft or Rejected → Pending. Opens a new approval round (earlier approvals stay in the history but
 * no longer count), decides and keeps what it needs now (authority.ts: approvalsRequired and approvalPolicy), checks the category's emergency limits and tells
 * every active Approver and SuperAdmin but the submitter.
 */
export async function submitTransaction(ctx: Ctx, id: string): Promise<Transaction> {
  return mutate(ctx, async (tx, effects) => {
    const row = await lock(tx, ctx, id);
    assertMove(canMove("submit", row, ctx.actor));
    // The category row is locked until commit, so emergency submissions of one category are counted
    // one after the other: two at once cannot both slip under a limit.
    const category = await usableCategory(tx, row.categoryId, { forUpdate: true });
    // A claim is submitted only while its category is still open to claims (DECISIONS §15).
    assertClaimAllowed(ctx.actor, { category, formType: row.formType, partyId: row.partyId, hasGst: !!row.gst, hasTds: !!row.tds, isEmergency: row.isEmergency });
    const customFieldValues = checkCustomFields(category, row.customFieldValues);
    // The party may have lost its GSTIN since the bill was saved: ITC is checked again at submit.
    const gst = row.gst ? decideGst(row, undefined, row.gst, await loadGstFacts(tx, row.partyId)) : null;
    const now = ctx.clock();
    if (row.isEmergency && category.emergencyLimitPolicy) {
      await checkEmergencyLimits(tx, row, category.name, category.emergencyLimitPolicy, submissionDay(now, ctx.config.appTimezone));
    }
    const policy = await policyForSubmission(tx, { category, formType: row.formType, amount: row.amount }, { keep: true });
    // The TDS is decided at submit from the party's bills counted now (DECISIONS §12).
    const tds = await decideBillTds(tx, { ...factsOf(row), gst }, row.tds?.natureId ?? null, { allowInactive: false });
    const [after] = await tx
      .update(transactions)
      .set({
        status: "Pending",
        customFieldValues,
        gst,
        tds,
        approvalRound: row.approvalRound + 1,
        approvalsReceived: 0,
        approvalsRequired: policy.approvalsRequired,
        approvalPolicy: policy,
        submittedAt: now,
        approvedAt: null,
        updatedAt: now,
      })
      .where(eq(transactions.id, row.id))
      .returning();
    await writeAudit(tx, ctx, { action: "submit", entityType: "transaction", entityId: row.id, actor: ctx.actor, before: auditSnapshot(row), after: auditSnapshot(after!), ipAddress: ctx.ip });
    const view = (await loadView(tx, row.id))!;
    const message = `${view.isPriority ? "Emergency: " : ""}${view.humanReadableId} (${view.categoryName}, ${rupees(view.amount)}) from ${view.creatorName} is waiting for your approval`;
    const reach = reachAboutTransaction(ctx, "approval_needed", view, { title: view.isEmergency ? "Emergency approval needed" : "Approval needed", audience: "approver" });
    effects.notes.push(...(await notifyUsers(tx, await approverIds(tx, ctx.actor.id), aboutTransaction(view, "transaction_pending", message, view.isPriority), reach)));
    return presentTransaction(view);
  });
}

/** The day and month of a submission at `now`: its calendar day in the app's time zone, and the instants that bound them. */
function submissionDay(now: Date, timeZone: string) {
  const day = toIsoDate(now, timeZone);
  const month = monthOfDate(day);
  const startOf = (date: string) => sql`${date}::timestamp at time zone ${timeZone}`;
  return { day, month, dayStart: startOf(day), dayEnd: startOf(addDays(day, 1)), monthStart: startOf(monthBounds(month).from), monthEnd: startOf(addDays(monthBounds(month).to, 1)) };
}

/**
 * DECISIONS §5: an emergency transaction that would take its category's emergency total for the
 * day or month of its submission (in APP_TIMEZONE; never the transaction date the submitter typed,
 * so back- or future-dating resets nothing) over a limit is refused with 422 naming the limit.
 * Counted: the category's emergency transactions submitted that day or month and still Pending,
 * Approved, PaymentDue, Paid or Completed. The caller holds the category's row lock.
 */
async function checkEmergencyLimits(
  tx: Tx,
  row: TransactionRow,
  categoryName: string,
  policy: { dailyLimit?: string | number | null; monthlyLimit?: string | number | null },
  submission: ReturnType<typeof submissionDay>,
): Promise<void> {
  const daily = readMoney(policy.dailyLimit ?? null);
  const monthly = readMoney(policy.monthlyLimit ?? null);
  if (!daily.ok && !monthly.ok) return;
  const { day, month, dayStart, dayEnd, monthStart, monthEnd } = submission;
  const result = await tx.execute(sql`
    select coalesce(sum(${transactions.amount}) filter (where ${transactions.submittedAt} >= ${dayStart} and ${transactions.submittedAt} < ${dayEnd}), 0)::text as day_total,
           coalesce(sum(${transactions.amount}), 0)::text as month_total
    from ${transactions}
    where ${transactions.categoryId} = ${row.categoryId} and ${transactions.isEmergency}
      and ${statusIn(transactions.status, EMERGENCY_COUNTED)} and ${transactions.id} <> ${row.id}
      and ${transactions.submittedAt} >= ${monthStart} and ${transactions.submittedAt} < ${monthEnd}`);
  const [totals] = rowsOf<{ day_total: string; month_total: string }>(result);
  const amount = toPaise(row.amount);
  const dayTotal = toPaise(totals?.day_total ?? "0") + amount;
  const monthTotal = toPaise(totals?.month_total ?? "0") + amount;
  if (daily.ok && dayTotal > daily.paise) {
    throw unprocessable(
      `This emergency transaction would take ${categoryName}'s emergency total for ${day} to ${rupees(paiseToString(dayTotal))}, over its daily limit of ${rupees(daily.value)}`,
      "emergency_daily_limit",
    );
  }
  if (monthly.ok && monthTotal > monthly.paise) {
    throw unprocessable(
      `This emergency transaction would take ${categoryName}'s emergency total for ${month} to ${rupees(paiseToString(monthTotal))}, over its monthly limit of ${rupees(monthly.value)}`,
      "emergency_monthly_limit",
    );
  }
}

// ---------------------------------------------------------------- approve, reject, delete approval

/**
 * One approval by the actor in the current round. The row lock serialises approvals of one
 * transaction, so the count is exact and the move to Approved happens once; the unique constraint
 * (transaction, approver, round) is the last word on "once per user per round".
 */
export async function approveTransaction(ctx: Ctx, id: string): Promise<Transaction> {
  try {
    return await mutate(ctx, async (tx, effects) => {
      const row = await lock(tx, ctx, id);
      const mine = await myActionThisRound(tx, row.id, row.approvalRound, ctx.actor.id);
      assertMove(canMove("approve", row, ctx.actor, { myActionThisRound: mine }));
      const policy = policyOf(row);
      // Under the row lock: the round read here is the one this approval joins. The delegations
      // are read with a share lock, so one cannot end half-way through an approval on its behalf.
      const standing = await approverStanding(tx, ctx.actor, todayOf(ctx), { lock: true });
      const soFar = (await roundsOf(tx, [row])).get(row.id)!;
      const decision = decideApproval(standing, { amount: row.amount, createdBy: row.createdBy, policy }, soFar);
      if (!decision.ok) throw new DomainError(decision.kind, decision.message, { code: decision.code });
      const onBehalfOf = decision.onBehalfOf;
      const now = ctx.clock();
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
      const received = round.length;
      const status = statusAfterApproval(policy, round);
      const [after] = await tx
        .update(transactions)
        .set({ approvalsReceived: received, status, approvedAt: status === "Approved" ? now : null, updatedAt: now })
        .where(eq(transactions.id, row.id))
        .returning();
      await writeAudit(tx, ctx, {
        action: "approve",
        entityType: "transaction",
        entityId: row.id,
        actor: ctx.actor,
        before: auditSnapshot(row),
        after: { ...auditSnapshot(after!), ...(onBehalfOf ? { onBehalfOf: { id: onBehalfOf.id, name: onBehalfOf.name }, approvedAs: `${ctx.actor.name} for ${onBehalfOf.name}` } : {}) },
        ipAddress: ctx.ip,
      });
      const by = onBehalfOf ? `${ctx.actor.name} for ${onBehalfOf.name}` : ctx.actor.name;
      await tellCreator(tx, ctx, effects, row.id, (v) =>
        status === "Approved"
          ? `${v.humanReadableId} (${v.categoryName}, ${rupees(v.amount)}) has been approved`
          : `${v.humanReadableId} received an approval from ${by} (${received} of ${row.approvalsRequired})`,
        status === "Approved" ? { kind: "approved", title: "Approved", by } : { kind: "approval_received", title: "Approval received", by, detail: `${received} of ${row.approvalsRequired} approvals` },
      );
      return answer(tx, row.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_ACTED, "already_acted");
    throw err;
  }
}

export async function rejectTransaction(ctx: Ctx, id: string, input: RejectTransactionBody): Promise<Transaction> {
  try {
    return await mutate(ctx, async (tx, effects) => {
      const row = await lock(tx, ctx, id);
      const mine = await myActionThisRound(tx, row.id, row.approvalRound, ctx.actor.id);
      assertMove(canMove("reject", row, ctx.actor, { myActionThisRound: mine }));
      const now = ctx.clock();
      await tx.insert(approvals).values({ transactionId: row.id, approverId: ctx.actor.id, round: row.approvalRound, action: "rejected", reasonText: input.reason, actedAt: now });
      const [after] = await tx
        .update(transactions)
        .set({ status: "Rejected", previouslyRejected: true, approvedAt: null, updatedAt: now })
        .where(eq(transactions.id, row.id))
        .returning();
      await writeAudit(tx, ctx, { action: "reject", entityType: "transaction", entityId: row.id, actor: ctx.actor, reason: input.reason, before: auditSnapshot(row), after: auditSnapshot(after!), ipAddress: ctx.ip });
      await tellCreator(tx, ctx, effects, row.id, (v) => `${v.humanReadableId} (${v.categoryName}, ${rupees(v.amount)}) was rejected${input.reason ? `: ${input.reason}` : ""}`, {
        kind: "rejected",
        title: "Rejected",
        detail: input.reason ? `Reason: ${input.reason}` : null,
      });
      return answer(tx, row.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_ACTED, "already_acted");
    throw err;
  }
}

/** DELETE /api/approvals/:id (SuperAdmin): recounts the current round; Approved below its requirement → Pending. */
export async function deleteApproval(ctx: Ctx, approvalId: string, input: DeleteApprovalBody): Promise<Transaction> {
  if (!isUuid(approvalId)) throw notFound("Approval not found");
  return mutate(ctx, async (tx) => {
    const [approval] = await tx.select().from(approvals).where(eq(approvals.id, approvalId)).limit(1);
    if (!approval) throw notFound("Approval not found");
    const row = await lock(tx, ctx, approval.transactionId);
    assertMove(canMove("delete-approval", row, ctx.actor));
    await tx.delete(approvals).where(eq(approvals.id, approval.id));
    const round = await approvalsOfRound(tx, row.id, row.approvalRound);
    const received = round.length;
    const status = statusAfterApprovalDeleted(row.status, policyOf(row), round);
    const [after] = await tx
      .update(transactions)
      .set({ approvalsReceived: received, status, approvedAt: status === row.status ? row.approvedAt : null, updatedAt: ctx.clock() })
      .where(eq(transactions.id, row.id))
      .returning();
    await writeAudit(tx, ctx, {
      action: "delete_approval",
      entityType: "transaction",
      entityId: row.id,
      actor: ctx.actor,
      reason: input.reason,
      before: { ...auditSnapshot(row), approval: { id: approval.id, approverId: approval.approverId, onBehalfOf: approval.onBehalfOf, emergencyApproverCode: approval.emergencyApproverCode, round: approval.round, action: approval.action, reasonText: approval.reasonText } },
      after: auditSnapshot(after!),
      ipAddress: ctx.ip,
    });
    return answer(tx, row.id);
  });
}

// ---------------------------------------------------------------- payment

export const DUE_DATE_IN_PAST = "Due date cannot be in the past";

export async function markPaymentDue(ctx: Ctx, id: string, input: MarkPaymentDueBody): Promise<Transaction> {
  return mutate(ctx, async (tx, effects) => {
    const row = await lock(tx, ctx, id);
    assertMove(canMove("mark-payment-due", row, ctx.actor));
    if (input.dueDate) {
      // The form's picker starts at today (spec 000 §5), in APP_TIMEZONE.
      const today = todayOf(ctx);
      if (input.dueDate < today) throw badRequest(DUE_DATE_IN_PAST, [{ path: "dueDate", message: DUE_DATE_IN_PAST }]);
    }
    const [after] = await tx
      .update(transactions)
      .set({ status: "PaymentDue", paymentDueDate: input.dueDate, updatedAt: ctx.clock() })
      .where(eq(transactions.id, row.id))
      .returning();
    await writeAudit(tx, ctx, { action: "mark_payment_due", entityType: "transaction", entityId: row.id, actor: ctx.actor, before: auditSnapshot(row), after: auditSnapshot(after!), ipAddress: ctx.ip });
    const words = paymentWords(row.formType);
    await tellCreator(tx, ctx, effects, row.id, (v) => words.notice.due(v.humanReadableId, input.dueDate ?? null), {
      kind: "payment_due",
      title: words.dueOn,
      detail: input.dueDate ? `Due on ${input.dueDate}` : null,
    });
    return answer(tx, row.id);
  });
}

/** PATCH …/payment: process (→ Paid) or cancel (→ PaymentDue if a due date is set, else Approved). */
export async function recordPayment(ctx: Ctx, id: string, input: PaymentBody): Promise<Transaction> {
  return mutate(ctx, async (tx, effects) => {
    const row = await lock(tx, ctx, id);
    const now = ctx.clock();
    if (input.action === "cancel") {
      assertMove(canMove("cancel-payment", row, ctx.actor));
      const [after] = await tx
        .update(transactions)
        .set({
          status: statusAfterCancelPayment(row.paymentDueDate),
          isPaid: false,
          paymentMethod: null,
          paymentReference: null,
          paymentNotes: null,
          paidBy: null,
          paidDate: null,
          updatedAt: now,
        })
        .where(eq(transactions.id, row.id))
        .returning();
      await writeAudit(tx, ctx, { action: "cancel_payment", entityType: "transaction", entityId: row.id, actor: ctx.actor, before: auditSnapshot(row), after: auditSnapshot(after!), ipAddress: ctx.ip });
      const words = paymentWords(row.formType);
      await tellCreator(tx, ctx, effects, row.id, (v) => words.notice.cancelled(v.humanReadableId), { kind: "payment_cancelled", title: words.timeline["payment-cancelled"] });
      return answer(tx, row.id);
    }
    assertMove(canMove("process-payment", row, ctx.actor));
    const paidDate = input.paidDate ?? todayOf(ctx);
    const [after] = await tx
      .update(transactions)
      .set({
        status: "Paid",
        isPaid: true,
        paymentMethod: input.paymentMethod,
        paymentReference: input.paymentReference,
        paymentNotes: input.paymentNotes,
        paidDate,
        paidBy: ctx.actor.id,
        updatedAt: now,
      })
      .where(eq(transactions.id, row.id))
      .returning();
    await writeAudit(tx, ctx, { action: "process_payment", entityType: "transaction", entityId: row.id, actor: ctx.actor, before: auditSnapshot(row), after: auditSnapshot(after!), ipAddress: ctx.ip });
    const words = paymentWords(row.formType);
    await tellCreator(tx, ctx, effects, row.id, (v) => words.notice.settled(`${v.humanReadableId} (${rupees(v.amount)})`, input.paymentMethod), {
      kind: "paid",
      title: words.paid,
      detail: `${words.paid} by ${input.paymentMethod}`,
    });
    return answer(tx, row.id);
  });
}

export async function completeTransaction(ctx: Ctx, id: string): Promise<Transaction> {
  return mutate(ctx, async (tx, effects) => {
    const row = await lock(tx, ctx, id);
    assertMove(canMove("complete", row, ctx.actor));
    const now = ctx.clock();
    const [after] = await tx
      .update(transactions)
      .set({ status: "Completed", completedAt: now, updatedAt: now })
      .where(eq(transactions.id, row.id))
      .returning();
    await writeAudit(tx, ctx, { action: "complete", entityType: "transaction", entityId: row.id, actor: ctx.actor, before: auditSnapshot(row), after: auditSnapshot(after!), ipAddress: ctx.ip });
    await tellCreator(tx, ctx, effects, row.id, (v) => `${v.humanReadableId} is completed`, { kind: "completed", title: "Completed" });
    return answer(tx, row.id);
  });
}

// ---------------------------------------------------------------- delete

/** SuperAdmin any; the owner only while Draft. Approvals and attachment rows go with it; their objects after commit. */
export async function deleteTransaction(ctx: Ctx, id: string): Promise<{ message: string; id: string; humanReadableId: string }> {
  return mutate(ctx, async (tx, effects) => {
    const row = await lock(tx, ctx, id);
    assertMove(canMove("delete", row, ctx.actor));
    const files = await tx.select({ id: attachments.id, objectPath: attachments.objectPath, fileName: attachments.fileName }).from(attachments).where(eq(attachments.transactionId, row.id));
    await tx.delete(approvals).where(eq(approvals.transactionId, row.id));
    await tx.delete(attachments).where(eq(attachments.transactionId, row.id));
    await tx.delete(transactions).where(eq(transactions.id, row.id));
    await writeAudit(tx, ctx, {
      action: "delete",
      entityType: "transaction",
      entityId: row.id,
      actor: ctx.actor,
      before: { ...auditSnapshot(row), attachments: files.map((f) => ({ id: f.id, fileName: f.fileName })) },
      ipAddress: ctx.ip,
    });
    effects.afterCommit.push(async () => {
      for (const f of files) {
        await ctx.storage.delete(f.objectPath).catch((err: unknown) => ctx.logger.warn({ err, objectPath: f.objectPath }, "could not delete an attachment's object"));
      }
    });
    return { message: "Transaction deleted", id: row.id, humanReadableId: row.humanReadableId };
  });
}

// ---------------------------------------------------------------- SuperAdmin overrides

/** Any status → Approved, Rejected or Draft, with a reason. Rejected marks previouslyRejected. */
export async function forceStatus(ctx: Ctx, id: string, input: ForceStatusBody): Promise<Transaction> {
  return mutate(ctx, async (tx, effects) => {
    const row = await lock(tx, ctx, id);
    assertMove(canMove("force-status", row, ctx.actor));
    const now = ctx.clock();
    const [after] = await tx
      .update(transactions)
      .set({
        status: input.status,
        approvedAt: input.status === "Approved" ? (row.approvedAt ?? now) : null,
        previouslyRejected: input.status === "Rejected" ? true : row.previouslyRejected,
        updatedAt: now,
      })
      .where(eq(transactions.id, row.id))
      .returning();
    await writeAudit(tx, ctx, { action: "force_status", entityType: "transaction", entityId: row.id, actor: ctx.actor, reason: input.reason, before: auditSnapshot(row), after: auditSnapshot(after!), ipAddress: ctx.ip });
    await tellCreator(tx, ctx, effects, row.id, (v) => `${v.humanReadableId} was set to ${input.status} by an administrator: ${input.reason}`, {
      kind: "status_forced",
      title: input.status === "Draft" ? "Returned to Draft" : input.status,
      detail: `Set by an administrator: ${input.reason}`,
    });
    return answer(tx, row.id);
  });
}

export const NEW_OWNER_INVALID = "The new owner must be an active Accountant or SuperAdmin";

export async function changeOwner(ctx: Ctx, id: string, input: ChangeOwnerBody): Promise<Transaction> {
  return mutate(ctx, async (tx) => {
    const row = await lock(tx, ctx, id);
    assertMove(canMove("change-owner", row, ctx.actor));
    const [owner] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.id, input.newOwnerId), eq(users.isActive, true), isNull(users.deletedAt)))
      .limit(1);
    if (!owner || !ownsTransactions(owner)) throw badRequest(NEW_OWNER_INVALID, [{ path: "newOwnerId", message: NEW_OWNER_INVALID }]);
    const [after] = await tx
      .update(transactions)
      .set({ createdBy: owner.id, updatedAt: ctx.clock() })
      .where(eq(transactions.id, row.id))
      .returning();
    await writeAudit(tx, ctx, { action: "change_owner", entityType: "transaction", entityId: row.id, actor: ctx.actor, reason: input.reason, before: auditSnapshot(row), after: auditSnapshot(after!), ipAddress: ctx.ip });
    return answer(tx, row.id);
  });
}

/**
 * PUT /api/admin/transactions/:id/full-override: any field; what is absent stays. A new category
 * must exist (it may be inactive: this repairs records); custom field values, when sent or when the
 * category changes, are checked against the category's fields like everywhere else.
 */
export async function fullOverride(ctx: Ctx, id: string, input: FullOverrideBody): Promise<Transaction> {
  return mutate(ctx, async (tx) => {
    const row = await lock(tx, ctx, id);
    assertMove(canMove("full-override", row, ctx.actor));
    const details = await changedDetails(tx, row, input, { newCategoryMayBeInactive: true });
    const now = ctx.clock();
    const approvalPolicy = await policyAfterOverride(tx, row, input);
    // Held to a new policy, the round's approvals are judged again (DECISIONS §11): a Pending
    // transaction they complete is Approved, an Approved or Payment Due one they no longer complete
    // goes back to Pending, unless the override sets the status itself (the SuperAdmin's word).
    const round = approvalPolicy ? await approvalsOfRound(tx, row.id, row.approvalRound) : [];
    const status = input.status ?? (approvalPolicy ? statusAfterPolicyChanged(row.status, approvalPolicy, round) : row.status);
    const reopened = status === "Pending" && row.status !== "Pending";
    const [after] = await tx
      .update(transactions)
      .set({
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
        updatedAt: now,
      })
      .where(eq(transactions.id, row.id))
      .returning();
    // The timeline says why an approved transaction waits again (timeline.ts reads `backToPending`).
    const why = reopened && input.status === undefined ? { backToPending: backToPendingReason(round.length, approvalPolicy!) } : {};
    await writeAudit(tx, ctx, { action: "full_override", entityType: "transaction", entityId: row.id, actor: ctx.actor, reason: input.reason, before: auditSnapshot(row), after: { ...auditSnapshot(after!), ...why }, ipAddress: ctx.ip });
    return answer(tx, row.id);
  });
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
