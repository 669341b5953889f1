// The one runner of a transaction's moves (DECISIONS §4). Each move is declared once in moves.ts
// (a Transition: what differs); every move then runs the same steps here, in one database
// transaction: lock the transaction's row (SELECT … FOR UPDATE), ask the status machine whether
// this actor may make the move from its status, make the move's own checks and change, set the
// status the machine leads to, write the audit entry, store the notifications of whom it tells, and
// answer the transaction as it now is. Notifications are published, and anything else the move
// leaves for later done, only after commit (in-transaction.ts).
import { eq } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { transactions, type NotificationRow, type TransactionRow } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors";
import { auditSnapshot, presentTransaction, type TransactionView } from "../../presenters/transactions";
import type { Transaction } from "../../../shared/schemas/transactions";
import type { ActingContext } from "../context";
import { conflict, notFound } from "../errors";
import { writeAudit } from "../audit";
import { inTransaction, type AfterCommit } from "../in-transaction";
import { notifyUsers, type NotificationPayload } from "../notifications";
import { reachAboutTransaction, type ReachKind } from "../reach/kinds";
import { approverIds } from "./authority-reads";
import { assertMove, loadView } from "./common";
import { canMove, fixedStatusAfter, MOVE_RULES, type MoveContext, type TransactionMove } from "./status-machine";
import { loadVisibleTransaction } from "./visibility";

type Ctx = ActingContext;

/**
 * The 409 message of an approval or rejection that finds an action of the same approver (or of the
 * delegator they act for) already in this approval round: the approvals table's once-per-round
 * constraints refuse the insert, so it holds even when two calls race (DECISIONS §4).
 */
export const ALREADY_ACTED = "You have already acted on this transaction in this approval round";

/** What a move's own steps see: the row as it was when locked, what the caller sent, and the moment of the move. */
export type MoveStep<Input> = {
  tx: Tx;
  ctx: Ctx;
  /** What the move was called with: the transaction's id, or the id `find` read it from. */
  key: string;
  row: TransactionRow;
  input: Input;
  now: Date;
  afterCommit: AfterCommit;
};

/**
 * What a move's change leaves to the runner: the columns it sets (the runner adds the status the
 * status machine leads to, when that is fixed, and updatedAt), and what its audit entry keeps beside
 * the snapshots of the row before and after.
 */
export type Change = {
  set?: PgUpdateSetSource<typeof transactions>;
  auditBefore?: Record<string, unknown>;
  auditAfter?: Record<string, unknown>;
};

/**
 * Whom a move tells (DECISIONS §4, §14), in words made from the transaction as it now is: its
 * owner (never when the owner made the move), or every active approver but the one who moved it.
 * Each hears it on the bell, and on their devices and by email as their kind of message says.
 */
export type Notice =
  { to: "owner"; message: string; kind: ReachKind; title: string; by?: string; detail?: string | null } | { to: "approvers"; message: string; title: string };

/** One move, by what differs from the others. */
export type Transition<Input, Made extends Change = Change, Answer = Transaction> = {
  /** Its name in the status machine (MOVE_RULES): who may make it, from which statuses, and to which. */
  move: TransactionMove;
  /** The audit entry's action. */
  audit: string;
  /** The reason the audit entry keeps, for a move that takes one. */
  reason?: (input: Input) => string | null | undefined;
  /** The transaction's id when the move is called with another's (an approval's). */
  find?: (tx: Tx, key: string) => Promise<string>;
  /** Facts beyond the row that the status machine weighs (approve, reject: the actor's action this round). */
  facts?: (tx: Tx, ctx: Ctx, row: TransactionRow) => Promise<MoveContext>;
  /** The move's own checks, then its change: the columns it sets and any rows beside the transaction's. */
  change: (step: MoveStep<Input>) => Promise<Made>;
  /** Whom it tells, if anyone. */
  tell?: (view: TransactionView, step: MoveStep<Input>, made: Made) => Notice;
  /** The answer, when it is not the transaction as it now is (a deleted one has none). */
  answer?: (step: MoveStep<Input>) => Answer;
  /** approve, reject: an action of this actor already in the round refuses the insert; 409 ALREADY_ACTED. */
  oncePerRound?: true;
};

/** Runs one move of `key`'s transaction (see the top of this file) and answers the transaction as it now is, or the move's own answer. */
export async function runMove<Input, Made extends Change, Answer = Transaction>(
  ctx: Ctx,
  key: string,
  transition: Transition<Input, Made, Answer>,
  input: Input,
): Promise<Answer> {
  try {
    return await inTransaction(ctx, async (tx, afterCommit) => {
      const id = transition.find ? await transition.find(tx, key) : key;
      const row = await loadVisibleTransaction(tx, id, ctx.actor, ctx.clock(), { forUpdate: true });
      assertMove(canMove(transition.move, row, ctx.actor, transition.facts ? await transition.facts(tx, ctx, row) : {}));
      const step: MoveStep<Input> = { tx, ctx, key, row, input, now: ctx.clock(), afterCommit };
      const made = await transition.change(step);
      const after = await changeRow(step, transition.move, made);
      await writeAudit(tx, ctx, {
        action: transition.audit,
        entityType: "transaction",
        entityId: row.id,
        actor: ctx.actor,
        reason: transition.reason?.(input),
        before: { ...auditSnapshot(row), ...made.auditBefore },
        after: after ? { ...auditSnapshot(after), ...made.auditAfter } : undefined,
        ipAddress: ctx.ip,
      });
      if (transition.answer) return transition.answer(step);
      const view = await loadView(tx, row.id);
      if (!view) throw notFound("Transaction not found");
      if (transition.tell) afterCommit.publish(await tell(tx, ctx, view, transition.tell(view, step, made)));
      // Without an answer of its own, the answer is the transaction (the Transition type's default).
      return presentTransaction(view) as Answer;
    });
  } catch (err) {
    if (transition.oncePerRound && isUniqueViolation(err)) throw conflict(ALREADY_ACTED, "already_acted");
    throw err;
  }
}

/** The row after the move: the change's columns, the status the machine leads to, updatedAt; null when the move removed it. */
async function changeRow({ tx, row, now }: MoveStep<unknown>, move: TransactionMove, made: Change): Promise<TransactionRow | null> {
  if (MOVE_RULES[move].to === "removed") return null;
  const status = fixedStatusAfter(move);
  const [after] = await tx
    .update(transactions)
    .set({ ...(status ? { status } : {}), ...made.set, updatedAt: now })
    .where(eq(transactions.id, row.id))
    .returning();
  return after!;
}

function aboutTransaction(view: TransactionView, type: NotificationPayload["type"], message: string): NotificationPayload {
  return { type, message, isPriority: view.isPriority, transactionId: view.id, humanReadableId: view.humanReadableId, category: view.categoryName };
}

/** Stores the notice's notifications, with their pushes and emails queued; answers the rows to publish after commit. */
async function tell(tx: Tx, ctx: Ctx, view: TransactionView, notice: Notice): Promise<NotificationRow[]> {
  if (notice.to === "approvers") {
    const reach = reachAboutTransaction(ctx, "approval_needed", view, { title: notice.title, audience: "approver" });
    return notifyUsers(tx, await approverIds(tx, ctx.actor.id), aboutTransaction(view, "transaction_pending", notice.message), reach);
  }
  if (view.createdBy === ctx.actor.id) return [];
  const reach = reachAboutTransaction(ctx, notice.kind, view, {
    title: notice.title,
    audience: "owner",
    by: notice.by ?? ctx.actor.name,
    detail: notice.detail,
  });
  return notifyUsers(tx, [view.createdBy], aboutTransaction(view, "user_notification", notice.message), reach);
}
