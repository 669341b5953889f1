// Attachments (DECISIONS §4): ask for a signed upload URL, PUT the bytes to it, register the
// object on the transaction, download it. Who may see a transaction is loadVisibleTransaction's
// answer; who may change its attachments is the status machine's 'add-attachment' move (owner
// while Draft or Rejected, SuperAdmin any). File names are shown and offered on download, never
// used as storage paths: the server makes every object path.
import { PassThrough, finished } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request } from "express";
import { FINANCE_AND_CLAIMANT_ROLES, LIMITS } from "../../shared/constants";
import {
  attachmentAnswer,
  attachmentUploadUrlAnswer,
  attachmentUploadUrlSchema,
  registerAttachmentSchema,
  uploadReceivedAnswer,
} from "../../shared/schemas/transactions";
import type { AppDeps } from "../context";
import { contextOf } from "../middlewares/auth";
import { DomainError, conflict, notFound, tooLarge } from "../services/errors";
import {
  downloadContentType,
  MAX_SIZE_TEXT,
  grantUpload,
  isUploadGranted,
  attachmentToDownload,
  registerAttachment,
  removeAttachment,
} from "../services/attachments";
import { serviceContext } from "../services/context";
import { LocalObjectStore, sameContentType, StorageError } from "../storage/local";
import { ApiRouter } from "./api-router";
import { setDownloadHeaders } from "./downloads";
import { idParamsOf } from "../../shared/schemas/params";
import { messageAnswer } from "../../shared/schemas/answer-parts";

// ---------------------------------------------------------------- helpers

/** The origin this request reached us on, so a browser's PUT stays same-origin; PUBLIC_URL when the Host is odd. */
function requestOrigin(req: Request): string | undefined {
  const host = req.get("host");
  if (!host || !/^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host)) return undefined;
  return `${req.protocol}://${host}`;
}

// ---------------------------------------------------------------- routes under a session

export function attachmentRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const { storage, logger } = deps;

  api.add(
    {
      method: "post",
      path: "/transactions/:id/attachments/upload-url",
      access: FINANCE_AND_CLAIMANT_ROLES,
      summary: "A signed URL to PUT one file's bytes to (15 minutes, that object and content type only)",
      body: attachmentUploadUrlSchema,
      params: idParamsOf("Transaction"),
      answer: attachmentUploadUrlAnswer,
      tag: "attachments",
    },
    (req, _res, input) => grantUpload(contextOf(deps, req), input.params.id, input.body, requestOrigin(req)),
  );

  api.add(
    {
      method: "post",
      path: "/transactions/:id/attachments",
      access: FINANCE_AND_CLAIMANT_ROLES,
      summary: "Register an uploaded file on the transaction (its real size is checked; at most 10)",
      body: registerAttachmentSchema,
      params: idParamsOf("Transaction"),
      answer: attachmentAnswer,
      status: 201,
      tag: "attachments",
    },
    async (req, res, input) => {
      const attachment = await registerAttachment(contextOf(deps, req), input.params.id, input.body);
      res.status(201);
      return attachment;
    },
  );

  api.add(
    {
      method: "get",
      path: "/attachments/:id/download",
      access: FINANCE_AND_CLAIMANT_ROLES,
      summary: "Download an attachment (to those who can see its transaction)",
      produces: "application/octet-stream",
      params: idParamsOf("Attachment"),
      tag: "attachments",
    },
    async (req, res, input) => {
      const { attachment } = await attachmentToDownload(contextOf(deps, req), input.params.id);
      const stored = await storage.stat(attachment.objectPath);
      if (!stored) throw notFound("The file of this attachment is no longer available");
      const stream = await storage.openRead(attachment.objectPath);
      res.status(200);
      setDownloadHeaders(res, downloadContentType(attachment.mimeType), attachment.fileName);
      res.setHeader("Content-Length", String(stored.size));
      try {
        await pipeline(stream, res);
      } catch (err) {
        // The client went away, or the store failed mid-stream: the headers are out, so just cut it.
        logger.debug({ err, attachmentId: attachment.id }, "attachment download interrupted");
        res.destroy();
      }
    },
  );

  api.add(
    {
      method: "delete",
      path: "/attachments/:id",
      access: FINANCE_AND_CLAIMANT_ROLES,
      summary: "Remove an attachment (owner while Draft or Rejected, SuperAdmin any)",
      params: idParamsOf("Attachment"),
      answer: messageAnswer,
      tag: "attachments",
    },
    (req, _res, input) => removeAttachment(contextOf(deps, req), input.params.id),
  );

  return api;
}

// ---------------------------------------------------------------- the signed upload itself

/**
 * PUT /api/uploads/<objectPath>?contentType&expires&signature (local store only). Mounted ahead of
 * express.json and the session (app.ts): it reads the raw body, and its signature is its authority.
 * 403 bad or expired signature; 415 a Content-Type other than the signed one; 409 already uploaded;
 * 413 over 20 MB (checked from Content-Length up front, and again while streaming); 200 {ok: true}.
 */
export function uploadRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();

  api.add(
    {
      method: "put",
      path: "/uploads/*objectPath",
      access: "public",
      summary: "Receive one upload's bytes (local storage; authorised by the URL's signature)",
      answer: uploadReceivedAnswer,
      tag: "attachments",
    },
    async (req) => {
      // Whatever we answer, the rest of the body is read off the wire so the client gets the answer
      // instead of a reset connection. Node drains bodies nobody read; one we piped, we drain here.
      try {
        return await receiveUpload(deps, req);
      } catch (err) {
        req.resume();
        throw err;
      }
    },
  );

  return api;
}

async function receiveUpload(deps: AppDeps, req: Request): Promise<{ ok: true }> {
  const store = deps.storage;
  if (!(store instanceof LocalObjectStore)) throw notFound("Uploads go directly to cloud storage");
  const segments = req.params.objectPath as unknown as string[] | string;
  const objectPath = Array.isArray(segments) ? segments.join("/") : String(segments);

  const now = deps.clock();
  const { verdict, contentType } = store.checkUpload(objectPath, req.query as Record<string, unknown>, now);
  if (verdict === "invalid") throw new DomainError("forbidden", "Invalid upload URL signature", { code: "bad_signature" });
  if (verdict === "expired") throw new DomainError("forbidden", "Upload URL expired", { code: "upload_url_expired" });
  if (!(await isUploadGranted(serviceContext(deps), objectPath))) {
    throw new DomainError("forbidden", "This upload URL is no longer valid. Please add the file again.", { code: "upload_url_revoked" });
  }

  const sent = req.get("content-type");
  if (!sent || !sameContentType(sent, contentType)) {
    throw new DomainError("unsupported_type", `The upload's Content-Type must be ${contentType}, as requested for this URL`, { code: "content_type_mismatch" });
  }
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > LIMITS.fileMaxBytes) throw tooLarge(`File is too large (max ${MAX_SIZE_TEXT})`);

  // The request itself is not handed to the store's pipeline: a failed pipeline destroys its
  // source, and destroying the request would reset the connection before our answer is read.
  const source = new PassThrough();
  finished(req, (err) => {
    if (err) source.destroy(err);
  });
  req.pipe(source);
  try {
    await store.receive(objectPath, source, { contentType, maxBytes: LIMITS.fileMaxBytes });
  } catch (err) {
    req.unpipe(source);
    if (err instanceof StorageError) {
      if (err.reason === "too_large") throw tooLarge(`File is too large (max ${MAX_SIZE_TEXT})`);
      if (err.reason === "exists") throw conflict("This upload URL has already been used", "already_uploaded");
      throw new DomainError("forbidden", "Invalid upload URL signature", { code: "bad_signature" });
    }
    throw err;
  }
  return { ok: true };
}
