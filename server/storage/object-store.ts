// Where attachment bytes live. Two implementations: local disk under DATA_DIR with HMAC-signed
// upload URLs served by the API itself, and Google Cloud Storage with V4 signed URLs (GCS_BUCKET).
import type { Readable } from "node:stream";

export type StoredObject = { size: number; contentType: string | null };

export interface ObjectStore {
  readonly kind: "local" | "gcs";
  /** A URL the browser PUTs the bytes to: good for one object and until `expiresAt`. */
  createUploadUrl(objectPath: string, contentType: string, expiresAt: Date): Promise<string>;
  /** The object's real size and type, or null when it does not exist. */
  stat(objectPath: string): Promise<StoredObject | null>;
  openRead(objectPath: string): Promise<Readable>;
  delete(objectPath: string): Promise<void>;
}
