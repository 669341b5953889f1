// Where attachment bytes live. Two implementations: local disk under DATA_DIR with HMAC-signed
// upload URLs served by the API itself, and Google Cloud Storage with V4 signed URLs (GCS_BUCKET).
// Object paths are made by the server (`attachments/<transactionId>/<uuid>`), never from a file name.
import type { Readable } from "node:stream";

export type StoredObject = {
  /** The real size in bytes, as the store counts it. */
  size: number;
  /** The content type the upload was signed for, when the store knows it. */
  contentType: string | null;
  /** Hex SHA-256 of the bytes, when the store computed it while receiving them (local disk does). */
  sha256: string | null;
};

export type UploadUrlRequest = {
  objectPath: string;
  /** The Content-Type the PUT must carry; part of what is signed. */
  contentType: string;
  /** When the URL is issued (the app's clock); it is good from then for `expiresInSeconds`. */
  issuedAt: Date;
  expiresInSeconds: number;
  /** The origin the API was called on; the local store points the browser back at it (same-origin PUT). */
  origin?: string;
};

export interface ObjectStore {
  readonly kind: "local" | "gcs";
  /**
   * A URL the browser PUTs the bytes to: good for one object and until it expires, with the headers
   * the PUT must carry besides its Content-Type (GCS: the signed size range).
   */
  createUploadUrl(request: UploadUrlRequest): Promise<{ url: string; expiresAt: Date; headers: Record<string, string> }>;
  /** The object's real size (and what else the store knows), or null when it does not exist. */
  stat(objectPath: string): Promise<StoredObject | null>;
  openRead(objectPath: string): Promise<Readable>;
  /** Removes the object; no error when it is already gone. */
  delete(objectPath: string): Promise<void>;
  /**
   * The attachment objects (paths under `attachments/`) written before `before`, for the sweep of
   * uploads nobody registered; the local store also clears abandoned partial uploads.
   */
  listAttachmentObjects(before: Date): AsyncIterable<string>;
}

/** Upload URLs live this long (DECISIONS §4). */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const ATTACHMENT_OBJECT = new RegExp(`^attachments/(${UUID})/(${UUID})$`);

/** A fresh object path for one upload to this transaction. */
export function newAttachmentObjectPath(transactionId: string, randomId: string): string {
  return `attachments/${transactionId.toLowerCase()}/${randomId.toLowerCase()}`;
}

/** The transaction an object path was issued for, or null when it is not an attachment path we make. */
export function transactionOfObjectPath(objectPath: string): string | null {
  return ATTACHMENT_OBJECT.exec(objectPath)?.[1] ?? null;
}
