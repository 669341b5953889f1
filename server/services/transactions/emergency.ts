// Emergency approval links (DECISIONS §5). The owner (or a SuperAdmin) of a Pending emergency
// transaction issues a pair of links, approve and reject, to send to the three approvers by
// message; one of them opens a link on a phone, picks their code, and decides at once.
//
// Tokens are 32 random bytes (base64url) and only their SHA-256 is stored. Using either link of a
// pair uses up both, in one conditional UPDATE, so of two concurrent calls exactly one wins.
import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { approvals, categories, emergencyLinks, transactions, users } from "../../db/schema";
import type { Actor, AppDeps } from "../../context";
import { writeAudit } from "../audit";
import { getLockdown } from "../lockdown";
import { getEmergencyApprovers } from "../emergency-approvers";
import { notifyUsers, publishNotifications } from "../notifications";
import { canMove } from "./status-machine";
import { loadVisibleTransaction } from "./visibility";
import { AppError, badRequest, conflict, gone, locked, notFound } from "../../middlewares/errors";
import { LOCKDOWN_MESSAGE, type TransactionStatus } from "../../../shared/constants";
import { formatInTimeZone, formatRupees } from "../../../shared/format";
import {
  EMERGENCY_LINK_EXPIRED_MESSAGE,
  EMERGENCY_LINK_INVALID_MESSAGE,
  EMERGENCY_LINK_TIME_ZONE,
  SELECT_APPROVER_MESSAGE,
  type EmergencyDecisionAnswer,
  type EmergencyLinkAction,
  type EmergencyLinksAnswer,
  type EmergencyLinkView,
} from "../../../shared/schemas/emergency";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

type IssueContext = {
  humanReadableId: string;
  amount: string;
  categoryName: string;
  description: string;
  creatorName: string;
  approvers: string[];
  approveUrl: string;
  rejectUrl: string;
  expiresAt: Date;
};

/** The message the requester pastes into a chat with the approvers. */
export function buildCopyPasteMessage(c: IssueContext): string {
  return [
    "🚨 EMERGENCY APPROVAL REQUIRED",
    "",
    `Transaction: ${c.humanReadableId}`,
    `Amount: ${formatRupees(c.amount)}`,
    `Category: ${c.categoryName}`,
    `Description: ${c.description}`,
    `Requested by: ${c.creatorName}`,
    "",
    `Approvers: ${c.approvers.join(", ")}`,
    "",
    `✅ APPROVE: ${c.approveUrl}`,
    `❌ REJECT: ${c.rejectUrl}`,
    "",
    `These links expire on ${formatInTimeZone(c.expiresAt, EMERGENCY_LINK_TIME_ZONE)}. Either link can be used once.`,
  ].join("\n");
}

/** POST /api/transactions/:id/emergency-links: a new pair; earlier unused pairs of the transaction are voided. */
export async function issueEmergencyLinks(deps: AppDeps, transactionId: string, actor: Actor, ip?: string): Promise<EmergencyLinksAnswer> {
  const { db } = deps.database;
  const now = deps.clock();
  return db.transaction(async (tx) => {
    const txn = await loadVisibleTransaction(tx, transactionId, actor, now, { forUpdate: true });
    const verdict = canMove("issue-emergency-links", txn, actor);
    if (!verdict.ok) throw new AppError(verdict.status, verdict.message, { code: verdict.status === 403 ? "forbidden" : "conflict" });

    const voided = await tx
      .update(emergencyLinks)
      .set({ voidedAt: now })
      .where(and(eq(emergencyLinks.transactionId, txn.id), isNull(emergencyLinks.usedAt), isNull(emergencyLinks.voidedAt)))
      .returning({ pairId: emergencyLinks.pairId });

    const pairId = crypto.randomUUID();
    const expiresAt = new Date(now.getTime() + deps.config.emergencyLinkTtlHours * 3_600_000);
    const approveToken = newToken();
    const rejectToken = newToken();
    await tx.insert(emergencyLinks).values([
      { transactionId: txn.id, pairId, action: "approve", tokenHash: hashToken(approveToken), expiresAt, createdBy: actor.id },
      { transactionId: txn.id, pairId, action: "reject", tokenHash: hashToken(rejectToken), expiresAt, createdBy: actor.id },
    ]);

    const [category] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, txn.categoryId));
    const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, txn.createdBy));
    const approvers = await getEmergencyApprovers(tx);
    const base = deps.config.publicUrl;
    const approveUrl = `${base}/emergency-approve/${approveToken}`;
    const rejectUrl = `${base}/emergency-reject/${rejectToken}`;

    await writeAudit(tx, {
      action: "issue_emergency_links",
      entityType: "emergency_link",
      entityId: txn.id,
      actor,
      // Never the tokens: only which pair and until when.
      after: { pairId, expiresAt: expiresAt.toISOString(), voidedPairs: [...new Set(voided.map((v) => v.pairId))] },
      ipAddress: ip,
    });

    const copyPasteMessage = buildCopyPasteMessage({
      humanReadableId: txn.humanReadableId,
      amount: txn.amount,
      categoryName: category?.name ?? "",
      description: txn.description,
      creatorName: creator?.name ?? "",
      approvers,
      approveUrl,
      rejectUrl,
      expiresAt,
    });
    return { copyPasteMessage, approveUrl, rejectUrl, expiresAt: expiresAt.toISOString() };
  });
}

type LinkRow = typeof emergencyLinks.$inferSelect;

/** The usable link behind a token: 423 during lockdown, 404 unknown/used/voided, 410 expired. */
async function findUsableLink(q: Queryable, token: string, now: Date): Promise<LinkRow> {
  if ((await getLockdown(q)).enabled) throw locked(LOCKDOWN_MESSAGE);
  if (!TOKEN_SHAPE.test(token)) throw notFound(EMERGENCY_LINK_INVALID_MESSAGE);
  const [link] = await q.select().from(emergencyLinks).where(eq(emergencyLinks.tokenHash, hashToken(token))).limit(1);
  if (!link || link.usedAt || link.voidedAt) throw notFound(EMERGENCY_LINK_INVALID_MESSAGE);
  if (link.expiresAt.getTime() <= now.getTime()) throw gone(EMERGENCY_LINK_EXPIRED_MESSAGE, { expired: true });
  return link;
}

function notPending(status: TransactionStatus) {
  return conflict(`This transaction is no longer pending (it is ${status}), so it cannot be decided through this link`, "not_pending");
}

/** GET /api/emergency-approval/:token. Only reads: opening the page never uses a link up. */
export async function viewEmergencyLink(deps: AppDeps, token: string): Promise<EmergencyLinkView> {
  const { db } = deps.database;
  const link = await findUsableLink(db, token, deps.clock());
  const [row] = await db
    .select({ txn: transactions, categoryName: categories.name, fieldSchema: categories.fieldSchema, creatorName: users.name })
    .from(transactions)
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .innerJoin(users, eq(users.id, transactions.createdBy))
    .where(eq(transactions.id, link.transactionId))
    .limit(1);
  if (!row) throw notFound(EMERGENCY_LINK_INVALID_MESSAGE);
  if (row.txn.status !== "Pending") throw notPending(row.txn.status);
  return {
    approvalLink: { expiresAt: link.expiresAt.toISOString(), action: link.action },
    transaction: {
      humanReadableId: row.txn.humanReadableId,
      amount: row.txn.amount,
      description: row.txn.description,
      category: row.categoryName,
      createdBy: row.creatorName,
      formType: row.txn.formType,
      transactionDate: row.txn.transactionDate,
      customFieldValues: row.txn.customFieldValues ?? {},
      isPriority: row.txn.isPriority,
    },
    category: { name: row.categoryName, fieldSchema: row.fieldSchema ?? [] },
    approvers: await getEmergencyApprovers(db),
  };
}

/** POST /api/emergency-approval/:token {approverName}: approve or reject at once, using up the pair. */
export async function decideThroughEmergencyLink(
  deps: AppDeps,
  token: string,
  approverName: string,
  ip?: string,
): Promise<EmergencyDecisionAnswer> {
  const { db } = deps.database;
  const now = deps.clock();
  const approvers = await getEmergencyApprovers(db);
  const code = approvers.find((a) => a.toUpperCase() === approverName.trim().toUpperCase());
  if (!code) throw badRequest(SELECT_APPROVER_MESSAGE, [{ path: "approverName", message: SELECT_APPROVER_MESSAGE }]);

  const { answer, notificationRows } = await db.transaction(async (tx) => {
    const link = await findUsableLink(tx, token, now);
    // Use up the pair first: a concurrent call waits on these rows and then finds them used (404).
    const used = await tx
      .update(emergencyLinks)
      .set({ usedAt: sql`now()`, usedByCode: code })
      .where(and(eq(emergencyLinks.pairId, link.pairId), isNull(emergencyLinks.usedAt), isNull(emergencyLinks.voidedAt)))
      .returning({ id: emergencyLinks.id });
    if (used.length === 0) throw notFound(EMERGENCY_LINK_INVALID_MESSAGE);

    const [txn] = await tx.select().from(transactions).where(eq(transactions.id, link.transactionId)).for("update");
    if (!txn) throw notFound(EMERGENCY_LINK_INVALID_MESSAGE);
    // Throwing rolls the use of the pair back: a link is used up only by a decision.
    if (txn.status !== "Pending") throw notPending(txn.status);

    const action: EmergencyLinkAction = link.action;
    await tx.insert(approvals).values({
      transactionId: txn.id,
      approverId: null,
      emergencyApproverCode: code,
      round: txn.approvalRound,
      action: action === "approve" ? "approved" : "rejected",
      reasonText: action === "reject" ? `Rejected by emergency approver ${code}` : null,
      actedAt: now,
    });
    const after =
      action === "approve"
        ? { status: "Approved" as const, approvalsReceived: txn.approvalsReceived + 1, approvedAt: now, updatedAt: now }
        : { status: "Rejected" as const, previouslyRejected: true, updatedAt: now };
    await tx.update(transactions).set(after).where(eq(transactions.id, txn.id));

    await writeAudit(tx, {
      action: action === "approve" ? "emergency_approve" : "emergency_reject",
      entityType: "transaction",
      entityId: txn.id,
      performerLabel: code,
      before: { status: txn.status, approvalsReceived: txn.approvalsReceived },
      after: { status: after.status, approvalsReceived: "approvalsReceived" in after ? after.approvalsReceived : txn.approvalsReceived, pairId: link.pairId },
      ipAddress: ip,
    });

    const [category] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, txn.categoryId));
    const verb = action === "approve" ? "approved" : "rejected";
    const stored = await notifyUsers(tx, [txn.createdBy], {
      type: "user_notification",
      message: `Transaction ${txn.humanReadableId} was ${verb} by emergency approver ${code}`,
      isPriority: txn.isPriority,
      transactionId: txn.id,
      humanReadableId: txn.humanReadableId,
      category: category?.name ?? null,
    });
    return {
      answer: { approver: code, action, transaction: { humanReadableId: txn.humanReadableId, status: after.status } },
      notificationRows: stored,
    };
  });

  await publishNotifications(deps.bus, notificationRows, deps.logger);
  return answer;
}
