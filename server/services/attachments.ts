// Registering an uploaded file on a transaction (DECISIONS §4): the one path by which an attachment
// row comes to be, for POST /api/transactions/:id/attachments and the demo seed alike. Who may add
// one is the status machine's 'add-attachment' move (owner while Draft or Rejected, SuperAdmin any).
import crypto from "node:crypto";
import { and, count, eq, gt, lte, sql } from "drizzle-orm";
import { LIMITS } from "../../shared/constants";
import { isUuid } from "../lib/ids";
import type { Attachment, AttachmentUploadUrlBody, AttachmentUploadUrlResponse, RegisterAttachmentBody } from "../../shared/schemas/transactions";
import type { Queryable } from "../db/client";
import { attachments, uploadGrants, type AttachmentRow, type TransactionRow } from "../db/schema";
import type { Actor } from "../context";
import type { ActingContext, ServiceContext } from "./context";
import type { Logger } from "../logger";
import { DomainError, badRequest, conflict, forbidden, notFound, tooLarge } from "./errors";
import { presentAttachment } from "../presenters/transactions";
import { newAttachmentObjectPath, transactionOfObjectPath, UPLOAD_URL_TTL_SECONDS, type ObjectStore } from "../storage/object-store";
import { writeAudit } from "./audit";
import { isUniqueViolation } from "../db/errors";
import { canMove } from "./transactions/status-machine";
import { loadVisibleTransaction } from "./transactions/visibility";

export const MAX_FILES_MESSAGE = `Maximum number of files reached (${LIMITS.filesPerTransaction})`;
export const TOO_MANY_UPLOADS_MESSAGE = `${LIMITS.pendingUploadsPerTransaction} uploads to this transaction are already waiting to be registered. Finish them or wait ${UPLOAD_URL_TTL_SECONDS / 60} minutes.`;
export const ATTACHMENT_NOT_FOUND = "Attachment not found";
export const MAX_SIZE_TEXT = `${LIMITS.fileMaxBytes / (1024 * 1024)} MB`;
const ALREADY_ATTACHED = "This file is already attached";

/** 403 unless this actor may add attachments to the transaction now; 409 when its status forbids it. */
export function allowAddingAttachment(txn: TransactionRow, actor: Actor): void {
  const verdict = canMove("add-attachment", txn, actor);
  if (!verdict.ok) throw new DomainError(verdict.kind, verdict.message, { code: verdict.kind });
}

export async function countAttachments(q: Queryable, transactionId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(attachments).where(eq(attachments.transactionId, transactionId));
  return Number(row?.n ?? 0);
}

const SAFE_MIME = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(?:\s*;[\x20-\x7e]*)?$/;

/** The type a download is served as: the stored one when it is a well-formed MIME type, else octet-stream. */
export function downloadContentType(mimeType: string | null | undefined): string {
  return mimeType && mimeType.length <= 255 && SAFE_MIME.test(mimeType) ? mimeType : "application/octet-stream";
}

/**
 * Remove stored objects once the rows that named them are gone (call it after the commit, e.g. when a
 * transaction is deleted). Failures are logged, never thrown: the rows are already deleted.
 */
export async function removeStoredObjects(storage: ObjectStore, logger: Logger, objectPaths: readonly string[]): Promise<void> {
  await Promise.all(
    objectPaths.map((objectPath) =>
      storage.delete(objectPath).catch((err: unknown) => logger.warn({ err, objectPath }, "could not remove an attachment's object")),
    ),
  );
}

/**
 * POST …/attachments/upload-url: a signed URL for one new object of this transaction. It is granted
 * in the database first (DECISIONS §10: at most 20 waiting per transaction, 409 beyond), and the
 * local store takes bytes only for a live grant.
 */
export async function grantUpload(
  ctx: ActingContext,
  transactionId: string,
  input: AttachmentUploadUrlBody,
  origin?: string,
): Promise<AttachmentUploadUrlResponse> {
  const { actor } = ctx;
  const now = ctx.clock();
  const objectPath = await ctx.db.transaction(async (tx) => {
    // Locked: the counts and the new grant are one step for concurrent requests.
    const txn = await loadVisibleTransaction(tx, transactionId, actor, now, { forUpdate: true });
    allowAddingAttachment(txn, actor);
    // Fail before the upload rather than after it.
    if ((await countAttachments(tx, txn.id)) >= LIMITS.filesPerTransaction) throw conflict(MAX_FILES_MESSAGE, "max_files");
    const [waiting] = await tx
      .select({ n: count() })
      .from(uploadGrants)
      .where(and(eq(uploadGrants.transactionId, txn.id), gt(uploadGrants.expiresAt, now)));
    if (Number(waiting?.n ?? 0) >= LIMITS.pendingUploadsPerTransaction) throw conflict(TOO_MANY_UPLOADS_MESSAGE, "too_many_uploads");
    const path = newAttachmentObjectPath(txn.id, crypto.randomUUID());
    await tx
      .insert(uploadGrants)
      .values({ objectPath: path, transactionId: txn.id, issuedBy: actor.id, expiresAt: new Date(now.getTime() + UPLOAD_URL_TTL_SECONDS * 1000) });
    return path;
  });
  const { url, headers } = await ctx.storage.createUploadUrl({
    objectPath,
    contentType: input.contentType,
    issuedAt: now,
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    origin,
  });
  return { uploadURL: url, objectPath, uploadHeaders: headers };
}

/**
 * Whether the local store may take bytes for this object now: a grant that has not expired, was
 * not used by a registration, and was not dropped by a lockdown (or was issued to a SuperAdmin, who
 * works through one).
 */
export async function isUploadGranted(ctx: Pick<ServiceContext, "db" | "clock">, objectPath: string): Promise<boolean> {
  const now = ctx.clock();
  const rows = await ctx.db.execute<{ ok: number }>(sql`
    select 1 as ok from ${uploadGrants} g
    left join users u on u.id = g.issued_by
    where g.object_path = ${objectPath} and g.expires_at > ${now}
      and (u.role = 'SuperAdmin' or not coalesce((select (value->>'enabled')::boolean from settings where key = 'lockdown'), false))`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return list.length > 0;
}

/** Drops the grants that can no longer be used (housekeeping with the upload sweep); answers how many. */
export async function pruneUploadGrants(q: Queryable, now: Date): Promise<number> {
  const gone = await q.delete(uploadGrants).where(lte(uploadGrants.expiresAt, now)).returning({ objectPath: uploadGrants.objectPath });
  return gone.length;
}

/**
 * Registers an object already uploaded for this transaction: its real size is checked against the
 * limit and the size sent, at most 10 files, each object once; the row (created at the clock's now)
 * and its audit entry are written in one database transaction.
 */
export async function registerAttachment(ctx: ActingContext, transactionId: string, input: RegisterAttachmentBody): Promise<Attachment> {
  const { db, storage, logger, actor, ip } = ctx;
  const now = ctx.clock();
  const txn = await loadVisibleTransaction(db, transactionId, actor, now);
  allowAddingAttachment(txn, actor);
  if (transactionOfObjectPath(input.objectPath) !== txn.id) {
    const message = "This file was not uploaded for this transaction";
    throw badRequest(message, [{ path: "objectPath", message }]);
  }
  // The store is asked outside the database transaction (for GCS it is a network call).
  const stored = await storage.stat(input.objectPath);
  if (!stored) {
    const message = "The uploaded file was not found. Please upload it again.";
    throw badRequest(message, [{ path: "objectPath", message }]);
  }
  if (stored.size > LIMITS.fileMaxBytes) {
    // Only possible on GCS, whose signed PUT cannot cap the size: refuse and drop the object.
    await removeStoredObjects(storage, logger, [input.objectPath]);
    throw tooLarge(`${input.fileName}: File is too large (max ${MAX_SIZE_TEXT})`);
  }
  if (stored.size !== input.fileSizeBytes) {
    const message = `File size does not match the uploaded file (${stored.size} bytes)`;
    throw badRequest(message, [{ path: "fileSizeBytes", message }]);
  }
  let row: AttachmentRow;
  try {
    row = await db.transaction(async (tx) => {
      // Locked: the count below and the insert are one step for concurrent registrations.
      const locked = await loadVisibleTransaction(tx, transactionId, actor, now, { forUpdate: true });
      allowAddingAttachment(locked, actor);
      const [already] = await tx.select({ id: attachments.id }).from(attachments).where(eq(attachments.objectPath, input.objectPath)).limit(1);
      if (already) throw conflict(ALREADY_ATTACHED, "already_registered");
      // The URL is used up: its bytes cannot be replaced, now or after this attachment is deleted.
      await tx.delete(uploadGrants).where(eq(uploadGrants.objectPath, input.objectPath));
      if ((await countAttachments(tx, locked.id)) >= LIMITS.filesPerTransaction) throw conflict(MAX_FILES_MESSAGE, "max_files");
      const [inserted] = await tx
        .insert(attachments)
        .values({
          transactionId: locked.id,
          fileName: input.fileName,
          objectPath: input.objectPath,
          // What the upload was signed for and stored with, when the store knows it.
          mimeType: downloadContentType(stored.contentType ?? input.mimeType),
          fileSizeBytes: stored.size,
          contentSha256: stored.sha256,
          uploadedBy: actor.id,
          createdAt: now,
        })
        .returning();
      await writeAudit(tx, ctx, {
        action: "create",
        entityType: "attachment",
        entityId: inserted.id,
        actor,
        after: { ...presentAttachment(inserted), humanReadableId: locked.humanReadableId, contentSha256: inserted.contentSha256 },
        ipAddress: ip,
      });
      return inserted;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_ATTACHED, "already_registered");
    throw err;
  }
  return presentAttachment(row);
}

/** The attachment and its transaction, if this actor may see the transaction; 404 otherwise. */
/** GET /api/attachments/:id/download: the attachment, if its transaction is visible to the actor. */
export function attachmentToDownload(ctx: ActingContext, id: string): Promise<{ attachment: AttachmentRow; transaction: TransactionRow }> {
  return loadVisibleAttachment(ctx.db, id, ctx.actor, ctx.clock());
}

export async function loadVisibleAttachment(
  q: Queryable,
  id: string,
  actor: Actor,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<{ attachment: AttachmentRow; transaction: TransactionRow }> {
  if (!isUuid(id)) throw notFound(ATTACHMENT_NOT_FOUND);
  const [attachment] = await q.select().from(attachments).where(eq(attachments.id, id)).limit(1);
  if (!attachment) throw notFound(ATTACHMENT_NOT_FOUND);
  try {
    const transaction = await loadVisibleTransaction(q, attachment.transactionId, actor, now, options);
    return { attachment, transaction };
  } catch (err) {
    if (err instanceof DomainError && err.kind === "not_found") throw notFound(ATTACHMENT_NOT_FOUND);
    throw err;
  }
}

/** Removing an attachment is the same rule as adding one; only the words differ. */
function allowRemoval(txn: TransactionRow, actor: Actor): void {
  const verdict = canMove("add-attachment", txn, actor);
  if (verdict.ok) return;
  if (verdict.kind === "forbidden") throw forbidden("Only the owner of this transaction or a SuperAdmin can remove attachments");
  throw conflict(`Attachments can only be removed from Draft or Rejected transactions (this one is ${txn.status})`);
}

/** DELETE /api/attachments/:id: the row goes in one transaction (audited); the bytes after the commit. */
export async function removeAttachment(ctx: ActingContext, id: string): Promise<{ message: string }> {
  const { actor, ip } = ctx;
  const { storage, logger } = ctx;
  const now = ctx.clock();
  const removed = await ctx.db.transaction(async (tx) => {
    const { attachment, transaction } = await loadVisibleAttachment(tx, id, actor, now, { forUpdate: true });
    allowRemoval(transaction, actor);
    const [deleted] = await tx.delete(attachments).where(eq(attachments.id, attachment.id)).returning();
    if (!deleted) throw notFound(ATTACHMENT_NOT_FOUND);
    await writeAudit(tx, ctx, {
      action: "delete",
      entityType: "attachment",
      entityId: attachment.id,
      actor,
      before: { ...presentAttachment(attachment), humanReadableId: transaction.humanReadableId, objectPath: attachment.objectPath },
      ipAddress: ip,
    });
    return deleted;
  });
  // After the commit: a rolled-back delete must not lose the bytes.
  await removeStoredObjects(storage, logger, [removed.objectPath]);
  return { message: "Attachment deleted" };
}
