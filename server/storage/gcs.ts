// Attachments in Google Cloud Storage (GCS_BUCKET). The browser PUTs straight to the bucket with a
// V4 signed URL that covers the object, its Content-Type, 15 minutes and a size range of 0 to 20 MB
// (the signed header x-goog-content-length-range, which the browser sends as told by the upload-url
// answer): GCS itself refuses a larger body. Registration reads the real size back all the same.
// Operations note: the bucket needs a CORS rule allowing PUT with Content-Type from the app's origin.
import type { Readable } from "node:stream";
import { Storage, type Bucket } from "@google-cloud/storage";
import type { ObjectStore, StoredObject, UploadUrlRequest } from "./object-store";
import { LIMITS } from "../../shared/constants";

/** DECISIONS §4: at most 20 MB per file, enforced by GCS on the signed PUT. */
const SIZE_RANGE = { "x-goog-content-length-range": `0,${LIMITS.fileMaxBytes}` } as const;

function isNotFound(err: unknown): boolean {
  const e = err as { code?: unknown; response?: { statusCode?: unknown } } | null;
  return e?.code === 404 || e?.response?.statusCode === 404;
}

export class GcsObjectStore implements ObjectStore {
  readonly kind = "gcs" as const;

  constructor(private readonly bucket: Bucket) {}

  /** Credentials come from the environment (Application Default Credentials) unless a Storage is given. */
  static forBucket(bucketName: string, storage: Storage = new Storage()): GcsObjectStore {
    return new GcsObjectStore(storage.bucket(bucketName));
  }

  async createUploadUrl(request: UploadUrlRequest): Promise<{ url: string; expiresAt: Date; headers: Record<string, string> }> {
    // Whole seconds, so X-Goog-Expires is exactly the lifetime asked for.
    const accessibleAt = new Date(Math.floor(request.issuedAt.getTime() / 1000) * 1000);
    const expiresAt = new Date(accessibleAt.getTime() + request.expiresInSeconds * 1000);
    const [url] = await this.bucket.file(request.objectPath).getSignedUrl({
      version: "v4",
      action: "write",
      accessibleAt,
      expires: expiresAt,
      contentType: request.contentType,
      extensionHeaders: SIZE_RANGE,
    });
    return { url, expiresAt, headers: { ...SIZE_RANGE } };
  }

  async stat(objectPath: string): Promise<StoredObject | null> {
    try {
      const [metadata] = await this.bucket.file(objectPath).getMetadata();
      const size = Number(metadata.size);
      if (!Number.isFinite(size)) return null;
      // GCS keeps md5 and crc32c, not SHA-256: registration records no hash for bucket objects.
      return { size, contentType: metadata.contentType ?? null, sha256: null };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async openRead(objectPath: string): Promise<Readable> {
    return this.bucket.file(objectPath).createReadStream();
  }

  async delete(objectPath: string): Promise<void> {
    await this.bucket.file(objectPath).delete({ ignoreNotFound: true });
  }

  async *listAttachmentObjects(before: Date): AsyncIterable<string> {
    // Streamed page by page, never the whole listing in memory.
    for await (const file of this.bucket.getFilesStream({ prefix: "attachments/" }) as AsyncIterable<{ name: string; metadata: { timeCreated?: string } }>) {
      const created = file.metadata.timeCreated ? new Date(file.metadata.timeCreated) : null;
      if (created && created < before) yield file.name;
    }
  }
}
