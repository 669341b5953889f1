// Emergency approval links (DECISIONS §5). The owner (or a SuperAdmin) of a Pending emergency
// transaction issues a pair of links, approve and reject, to send to the three approvers by
// message; one of them opens a link on a phone, picks their code, and decides at once.
//
// Tokens are 32 random bytes (base64url) and only their SHA-256 is stored. Using either link of a
// pair uses up both, in one conditional UPDATE, so of two concurrent calls exactly one wins.
//
// The owner receives the links, so a link alone decides nothing (DECISIONS §10): the approver also
// gives their code's PIN (services/emergency-approvers.ts), and a link decides only the
// transaction as it was sent. The link keeps the transaction's approval round and a fingerprint of
// what the approver is shown (linkFingerprint); when the link is opened or used, a transaction
// that is no longer Pending, in another round or different from its fingerprint, or an issuer who
// is disabled, deleted or no longer allowed to issue links, makes the link void (404). A trigger
// (migration 0007) also voids the unused links of a transaction that leaves Pending, so a link
// cannot come back to life when the transaction later returns to Pending.
import crypto from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import stringify from "safe-stable-stringify";
import type { Queryable } from "../../db/client";
import { approvals, attachments, categories, emergencyLinks, parties, transactions, users, type TransactionRow, type UserRow } from "../../db/schema";
import type { Actor } from "../../context";
import type { ActingContext, RequestContext, ServiceContext } from "../context";
import { writeAudit } from "../audit";
import { getLockdown } from "../../auth/lockdown-state";
import { checkApproverPin, getEmergencyApprovers } from "../emergency-approvers";
import { notifyUsers } from "../notifications";
import { inTransaction } from "../in-transaction";
import { reachAboutTransaction } from "../reach/kinds";
import { canMove, statusAfterApproval } from "./status-machine";
import { policyOf } from "./authority";
import { approvalsOfRound } from "./authority-reads";
import { loadVisibleTransaction } from "./visibility";
import { DomainError, badRequest, gone, locked, notFound } from "../errors";
import { LOCKDOWN_MESSAGE } from "../../../shared/constants";
import { formatInTimeZone, formatRupees } from "../../../shared/format";
import {
  EMERGENCY_LINK_EXPIRED_MESSAGE,
  EMERGENCY_LINK_INVALID_MESSAGE,
  ENTER_PIN_MESSAGE,
  EMERGENCY_REASON_MESSAGE,
  emergencyReasonSchema,
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

/**
 * A SHA-256 of the transaction as an approver decides it: what the public page shows (amount,
 * description, category, custom fields, form type, date, requester) and its attachments. Any edit
 * of these, by any path (edit, full override, an attachment added or removed), changes it.
 */
export async function linkFingerprint(q: Queryable, txn: TransactionRow): Promise<string> {
  const files = await q
    .select({ id: attachments.id, sha256: attachments.contentSha256, size: attachments.fileSizeBytes, name: attachments.fileName })
    .from(attachments)
    .where(eq(attachments.transactionId, txn.id))
    .orderBy(asc(attachments.id));
  const shown = {
    amount: txn.amount,
    description: txn.description,
    categoryId: txn.categoryId,
    customFieldValues: txn.customFieldValues ?? {},
    formType: txn.formType,
    transactionDate: txn.transactionDate,
    createdBy: txn.createdBy,
    isEmergency: txn.isEmergency,
    // The vendor the page names (DECISIONS §12); absent when none, so links issued before parties
    // existed keep their fingerprint.
    ...(txn.partyId ? { partyId: txn.partyId } : {}),
    attachments: files,
  };
  return crypto.createHash("sha256").update(stringify(shown), "utf8").digest("hex");
}

type IssueContext = {
  humanReadableId: string;
  amount: string;
  categoryName: string;
  description: string;
  /** The vendor or payer, when the transaction names a party. */
  partyName: string | null;
  creatorName: string;
  approvers: string[];
  approveUrl: string;
  rejectUrl: string;
  expiresAt: Date;
  /** APP_TIMEZONE: the expiry is written in the company's zone, named (DECISIONS §2). */
  timeZone: string;
};

/** The message the requester pastes into a chat with the approvers. */
export function buildCopyPasteMessage(c: IssueContext): string {
  return [
    "🚨 EMERGENCY APPROVAL REQUIRED",
    "",
    `Transaction: ${c.humanReadableId}`,
    `Amount: ${formatRupees(c.amount)}`,
    `Category: ${c.categoryName}`,
    ...(c.partyName ? [`Vendor: ${c.partyName}`] : []),
    `Description: ${c.description}`,
    `Requested by: ${c.creatorName}`,
    "",
    `Approvers: ${c.approvers.join(", ")}`,
    "",
    `✅ APPROVE: ${c.approveUrl}`,
    `❌ REJECT: ${c.rejectUrl}`,
    "",
    `These links expire on ${formatInTimeZone(c.expiresAt, c.timeZone)}. Either link can be used once.`,
  ].join("\n");
}

/** POST /api/transactions/:id/emergency-links: a new pair; earlier unused pairs of the transaction are voided. */
export async function issueEmergencyLinks(ctx: ActingContext, transactionId: string): Promise<EmergencyLinksAnswer> {
  const { actor, ip } = ctx;
  const { db } = ctx;
  const now = ctx.clock();
  return db.transaction(async (tx) => {
    const txn = await loadVisibleTransaction(tx, transactionId, actor, now, { forUpdate: true });
    const verdict = canMove("issue-emergency-links", txn, actor);
    if (!verdict.ok) throw new DomainError(verdict.kind, verdict.message, { code: verdict.kind });

    const voided = await tx
      .update(emergencyLinks)
      .set({ voidedAt: now })
      .where(and(eq(emergencyLinks.transactionId, txn.id), isNull(emergencyLinks.usedAt), isNull(emergencyLinks.voidedAt)))
      .returning({ pairId: emergencyLinks.pairId });

    const pairId = crypto.randomUUID();
    const expiresAt = new Date(now.getTime() + ctx.config.emergencyLinkTtlHours * 3_600_000);
    const approveToken = newToken();
    const rejectToken = newToken();
    const asSent = { createdBy: actor.id, round: txn.approvalRound, fingerprint: await linkFingerprint(tx, txn) };
    await tx.insert(emergencyLinks).values([
      { transactionId: txn.id, pairId, action: "approve", tokenHash: hashToken(approveToken), expiresAt, ...asSent },
      { transactionId: txn.id, pairId, action: "reject", tokenHash: hashToken(rejectToken), expiresAt, ...asSent },
    ]);

    const [category] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, txn.categoryId));
    const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, txn.createdBy));
    const [party] = txn.partyId ? await tx.select({ name: parties.name }).from(parties).where(eq(parties.id, txn.partyId)) : [];
    const approvers = await getEmergencyApprovers(tx);
    const base = ctx.config.publicUrl;
    const approveUrl = `${base}/emergency-approve/${approveToken}`;
    const rejectUrl = `${base}/emergency-reject/${rejectToken}`;

    await writeAudit(tx, ctx, {
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
      partyName: party?.name ?? null,
      creatorName: creator?.name ?? "",
      approvers,
      approveUrl,
      rejectUrl,
      expiresAt,
      timeZone: ctx.config.appTimezone,
    });
    return { copyPasteMessage, approveUrl, rejectUrl, expiresAt: expiresAt.toISOString() };
  });
}

type LinkRow = typeof emergencyLinks.$inferSelect;

const invalidLink = () => notFound(EMERGENCY_LINK_INVALID_MESSAGE);

/** The usable link behind a token: 423 during lockdown, 404 unknown/used/voided, 410 expired. */
async function findUsableLink(q: Queryable, token: string, now: Date): Promise<LinkRow> {
  if ((await getLockdown(q)).enabled) throw locked(LOCKDOWN_MESSAGE);
  if (!TOKEN_SHAPE.test(token)) throw invalidLink();
  const [link] = await q
    .select()
    .from(emergencyLinks)
    .where(eq(emergencyLinks.tokenHash, hashToken(token)))
    .limit(1);
  if (!link || link.usedAt || link.voidedAt) throw invalidLink();
  if (link.expiresAt.getTime() <= now.getTime()) throw gone(EMERGENCY_LINK_EXPIRED_MESSAGE, { expired: true });
  return link;
}

/**
 * Does the link still speak for its transaction (DECISIONS §10)? Pending, in the round it was
 * issued in, unchanged since, and its issuer still active and still allowed to issue links.
 */
async function stillAsSent(q: Queryable, link: LinkRow, txn: TransactionRow | undefined): Promise<boolean> {
  if (!txn || txn.status !== "Pending" || link.round !== txn.approvalRound || !link.fingerprint || !link.createdBy) return false;
  const [issuer] = await q.select().from(users).where(eq(users.id, link.createdBy)).limit(1);
  if (!issuer || !issuer.isActive || issuer.deletedAt) return false;
  if (!canMove("issue-emergency-links", txn, issuerAsActor(issuer)).ok) return false;
  return (await linkFingerprint(q, txn)) === link.fingerprint;
}

const issuerAsActor = (u: UserRow): Actor => ({ id: u.id, role: u.role, name: u.name, username: u.username, visibilityWindowDays: u.visibilityWindowDays });

/** The link and its transaction, when the link may still decide it; otherwise the error to answer, in the order of DECISIONS §10. */
async function openLink(q: Queryable, token: string, now: Date, options: { forUpdate?: boolean } = {}): Promise<{ link: LinkRow; txn: TransactionRow }> {
  const link = await findUsableLink(q, token, now);
  const base = q.select().from(transactions).where(eq(transactions.id, link.transactionId)).limit(1);
  const [txn] = options.forUpdate ? await base.for("update") : await base;
  if (!(await stillAsSent(q, link, txn))) throw invalidLink();
  return { link, txn: txn! };
}

/** GET /api/emergency-approval/:token. Only reads: opening the page never uses a link up. */
export async function viewEmergencyLink(ctx: ServiceContext, token: string): Promise<EmergencyLinkView> {
  const { db } = ctx;
  const { link, txn } = await openLink(db, token, ctx.clock());
  const [row] = await db
    .select({ categoryName: categories.name, fieldSchema: categories.fieldSchema, creatorName: users.name })
    .from(categories)
    .innerJoin(users, eq(users.id, txn.createdBy))
    .where(eq(categories.id, txn.categoryId))
    .limit(1);
  if (!row) throw invalidLink();
  const [party] = txn.partyId ? await db.select({ name: parties.name }).from(parties).where(eq(parties.id, txn.partyId)) : [];
  return {
    approvalLink: { expiresAt: link.expiresAt.toISOString(), action: link.action },
    transaction: {
      humanReadableId: txn.humanReadableId,
      amount: txn.amount,
      description: txn.description,
      party: party?.name ?? null,
      category: row.categoryName,
      createdBy: row.creatorName,
      formType: txn.formType,
      transactionDate: txn.transactionDate,
      customFieldValues: txn.customFieldValues ?? {},
      isPriority: txn.isPriority,
    },
    category: { name: row.categoryName, fieldSchema: row.fieldSchema ?? [] },
    approvers: await getEmergencyApprovers(db),
  };
}

/** What the public page sends; read field by field, in the order of the checks. */
export type EmergencyDecisionInput = { approverName?: unknown; pin?: unknown; reason?: unknown };

/**
 * POST /api/emergency-approval/:token {approverName, pin}: approve or reject at once, using up the
 * pair. Checks in the order of DECISIONS §10 (the per-address throttle ran before): lockdown 423;
 * unknown or used link 404, expired 410 (a link whose transaction changed is void: 404); approver
 * code 400; missing PIN 400; no PIN yet 409; code locked 429; wrong PIN 403. Then the decision.
 */
export async function decideThroughEmergencyLink(ctx: RequestContext, token: string, input: EmergencyDecisionInput): Promise<EmergencyDecisionAnswer> {
  const { ip } = ctx;
  const { db } = ctx;
  const now = ctx.clock();
  const opened = await openLink(db, token, now);

  const approvers = await getEmergencyApprovers(db);
  const name = typeof input.approverName === "string" ? input.approverName.trim().toUpperCase() : "";
  const code = approvers.find((a) => a === name);
  if (!code) throw badRequest(SELECT_APPROVER_MESSAGE, [{ path: "approverName", message: SELECT_APPROVER_MESSAGE }]);
  const pin = typeof input.pin === "number" ? String(input.pin) : typeof input.pin === "string" ? input.pin.trim() : "";
  if (!pin) throw badRequest(ENTER_PIN_MESSAGE, [{ path: "pin", message: ENTER_PIN_MESSAGE }]);
  // Checked before the PIN, so a reason too long never costs a try.
  const parsedReason = emergencyReasonSchema.safeParse(input.reason ?? undefined);
  if (!parsedReason.success) {
    const message = parsedReason.error.issues[0]?.message ?? EMERGENCY_REASON_MESSAGE;
    throw badRequest(message, [{ path: "reason", message }]);
  }
  const reason = opened.link.action === "reject" ? (parsedReason.data ?? null) : null;
  const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, opened.txn.categoryId));
  await checkApproverPin(ctx, code, pin, ip ?? "unknown", {
    transactionId: opened.txn.id,
    humanReadableId: opened.txn.humanReadableId,
    category: category?.name ?? null,
    isPriority: opened.txn.isPriority,
  });

  return inTransaction(ctx, async (tx, afterCommit) => {
    // Again, under the transaction's row lock: it may have changed while the PIN was checked.
    const { link, txn } = await openLink(tx, token, now, { forUpdate: true });
    // Use up the pair: a concurrent call waits on these rows and then finds them used (404).
    const used = await tx
      .update(emergencyLinks)
      .set({ usedAt: sql`now()`, usedByCode: code })
      .where(and(eq(emergencyLinks.pairId, link.pairId), isNull(emergencyLinks.usedAt), isNull(emergencyLinks.voidedAt)))
      .returning({ id: emergencyLinks.id });
    if (used.length === 0) throw invalidLink();

    const action: EmergencyLinkAction = link.action;
    await tx.insert(approvals).values({
      transactionId: txn.id,
      approverId: null,
      emergencyApproverCode: code,
      round: txn.approvalRound,
      action: action === "approve" ? "approved" : "rejected",
      reasonText: action === "reject" ? (reason ?? `Rejected by emergency approver ${code}`) : null,
      actedAt: now,
    });
    // The link's approval is counted like any other and the status machine says where it leads
    // (authority.ts: an emergency link's approval completes the transaction at once).
    let after:
      | { status: "Approved" | "Pending"; approvalsReceived: number; approvedAt: Date | null; updatedAt: Date }
      | { status: "Rejected"; previouslyRejected: true; updatedAt: Date };
    if (action === "approve") {
      const round = await approvalsOfRound(tx, txn.id, txn.approvalRound);
      const status = statusAfterApproval(policyOf(txn), round);
      after = { status, approvalsReceived: round.length, approvedAt: status === "Approved" ? now : null, updatedAt: now };
    } else {
      after = { status: "Rejected", previouslyRejected: true, updatedAt: now };
    }
    await tx.update(transactions).set(after).where(eq(transactions.id, txn.id));

    await writeAudit(tx, ctx, {
      action: action === "approve" ? "emergency_approve" : "emergency_reject",
      entityType: "transaction",
      entityId: txn.id,
      performerLabel: code,
      reason,
      before: { status: txn.status, approvalsReceived: txn.approvalsReceived },
      after: {
        status: after.status,
        approvalsReceived: "approvalsReceived" in after ? after.approvalsReceived : txn.approvalsReceived,
        approvalsRequired: txn.approvalsRequired,
        pairId: link.pairId,
        // The rules of the policy kept at submit that the link's approval stood in for (the timeline names them).
        ...(action === "approve" ? { overrodeRules: policyOf(txn).rules } : {}),
      },
      ipAddress: ip,
    });

    const verb = action === "approve" ? "approved" : "rejected";
    const facts = { ...txn, categoryName: category?.name ?? null };
    const told = reachAboutTransaction(ctx, action === "approve" ? (after.status === "Approved" ? "approved" : "approval_received") : "rejected", facts, {
      title: action === "approve" ? (after.status === "Approved" ? "Approved" : "Approval received") : "Rejected",
      audience: "owner",
      by: `emergency approver ${code}`,
      detail: reason ? `Reason: ${reason}` : null,
    });
    afterCommit.publish(
      await notifyUsers(
        tx,
        [txn.createdBy],
        {
          type: "user_notification",
          message: `Transaction ${txn.humanReadableId} was ${verb} by emergency approver ${code}${reason ? `: ${reason}` : ""}`,
          isPriority: txn.isPriority,
          transactionId: txn.id,
          humanReadableId: txn.humanReadableId,
          category: category?.name ?? null,
        },
        told,
      ),
    );
    return { approver: code, action, transaction: { humanReadableId: txn.humanReadableId, status: after.status } };
  });
}
