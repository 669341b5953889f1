// The GCS store, offline: a service account made up here (its own RSA key) signs the V4 URL
// locally, and the test checks the URL and verifies its signature with the public key.
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { Storage, type Bucket } from "@google-cloud/storage";
import { describe, expect, it } from "vitest";
import { GcsObjectStore } from "./gcs";
import { newAttachmentObjectPath, UPLOAD_URL_TTL_SECONDS } from "./object-store";

const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const credentials = {
  client_email: "bms-uploads@bms-test-project.iam.gserviceaccount.com",
  private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
};
const BUCKET = "bms-test-attachments";

/** RFC 3986 encoding, as V4 signing wants it for query keys and values. */
const rfc3986 = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

describe("GcsObjectStore.createUploadUrl", () => {
  it("makes a V4 signed PUT URL for that object, content type and at most 20 MB, good for 15 minutes, signed by the service account", async () => {
    const store = GcsObjectStore.forBucket(BUCKET, new Storage({ credentials, projectId: "bms-test-project" }));
    const objectPath = newAttachmentObjectPath(crypto.randomUUID(), crypto.randomUUID());
    const issuedAt = new Date();
    const { url, expiresAt, headers } = await store.createUploadUrl({
      objectPath,
      contentType: "application/pdf",
      issuedAt,
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    });

    const u = new URL(url);
    expect(u.protocol).toBe("https:");
    expect(u.host).toBe("storage.googleapis.com");
    expect(u.pathname).toBe(`/${BUCKET}/${objectPath}`);
    const q = u.searchParams;
    expect(q.get("X-Goog-Algorithm")).toBe("GOOG4-RSA-SHA256");
    expect(q.get("X-Goog-Expires")).toBe("900");
    expect(q.get("X-Goog-SignedHeaders")!.split(";")).toEqual(expect.arrayContaining(["content-type", "host"]));
    const credential = q.get("X-Goog-Credential")!;
    expect(credential.startsWith(`${credentials.client_email}/`)).toBe(true);
    const date = q.get("X-Goog-Date")!;
    expect(date).toMatch(/^\d{8}T\d{6}Z$/);
    expect(Math.abs(expiresAt.getTime() - (issuedAt.getTime() + 900_000))).toBeLessThan(1000);
    const signature = q.get("X-Goog-Signature")!;
    expect(signature).toMatch(/^[0-9a-f]{512}$/);

    // Rebuild the canonical request (https://cloud.google.com/storage/docs/authentication/canonical-requests)
    // and check the signature over the string-to-sign with the service account's public key.
    const canonicalQuery = [...q.entries()]
      .filter(([k]) => k !== "X-Goog-Signature")
      .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const signedHeaders = q.get("X-Goog-SignedHeaders")!;
    // GCS refuses a body outside the signed size range: the 20 MB cap holds on the bucket itself.
    expect(signedHeaders).toBe("content-type;host;x-goog-content-length-range");
    expect(headers).toEqual({ "x-goog-content-length-range": "0,20971520" });
    const canonicalHeaders = "content-type:application/pdf\nhost:storage.googleapis.com\nx-goog-content-length-range:0,20971520\n";
    const canonicalRequest = ["PUT", u.pathname, canonicalQuery, canonicalHeaders, signedHeaders, "UNSIGNED-PAYLOAD"].join("\n");
    const scope = credential.slice(credentials.client_email.length + 1);
    expect(scope).toBe(`${date.slice(0, 8)}/auto/storage/goog4_request`);
    const stringToSign = ["GOOG4-RSA-SHA256", date, scope, crypto.createHash("sha256").update(canonicalRequest).digest("hex")].join("\n");
    expect(crypto.verify("RSA-SHA256", Buffer.from(stringToSign), publicKey, Buffer.from(signature, "hex"))).toBe(true);

    // The same signature does not cover another content type.
    const otherType = stringToSign.replace(
      crypto.createHash("sha256").update(canonicalRequest).digest("hex"),
      crypto.createHash("sha256").update(canonicalRequest.replace("content-type:application/pdf", "content-type:text/html")).digest("hex"),
    );
    expect(crypto.verify("RSA-SHA256", Buffer.from(otherType), publicKey, Buffer.from(signature, "hex"))).toBe(false);
    // …nor a larger size range.
    const biggerRange = stringToSign.replace(
      crypto.createHash("sha256").update(canonicalRequest).digest("hex"),
      crypto.createHash("sha256").update(canonicalRequest.replace("0,20971520", "0,999999999")).digest("hex"),
    );
    expect(crypto.verify("RSA-SHA256", Buffer.from(biggerRange), publicKey, Buffer.from(signature, "hex"))).toBe(false);
  });
});

/** A stand-in bucket: the store's reads and deletes, without a network. */
function fakeBucket(files: Record<string, { size: string; contentType?: string; bytes?: Buffer }>) {
  const deleted: string[] = [];
  const bucket = {
    file: (name: string) => ({
      getMetadata: async () => {
        const f = files[name];
        if (!f) throw Object.assign(new Error("No such object"), { code: 404 });
        return [{ size: f.size, contentType: f.contentType }];
      },
      createReadStream: () => Readable.from([files[name]?.bytes ?? Buffer.alloc(0)]),
      delete: async (options: { ignoreNotFound?: boolean }) => {
        expect(options.ignoreNotFound).toBe(true);
        deleted.push(name);
        return [{}];
      },
    }),
  };
  return { bucket: bucket as unknown as Bucket, deleted };
}

describe("GcsObjectStore reads", () => {
  it("stat answers the real size and type from the object's metadata, null when it does not exist", async () => {
    const { bucket } = fakeBucket({ "attachments/a/b": { size: "1234", contentType: "image/png" } });
    const store = new GcsObjectStore(bucket);
    expect(await store.stat("attachments/a/b")).toEqual({ size: 1234, contentType: "image/png", sha256: null });
    expect(await store.stat("attachments/a/missing")).toBeNull();
  });

  it("opens a read stream and deletes quietly", async () => {
    const { bucket, deleted } = fakeBucket({ "attachments/a/b": { size: "3", bytes: Buffer.from("abc") } });
    const store = new GcsObjectStore(bucket);
    const chunks: Buffer[] = [];
    for await (const c of await store.openRead("attachments/a/b")) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("abc");
    await store.delete("attachments/a/b");
    expect(deleted).toEqual(["attachments/a/b"]);
  });
});

describe("GcsObjectStore.listAttachmentObjects", () => {
  it("lists the objects under attachments/ created before the given time, asking the bucket for that prefix only", async () => {
    const asked: unknown[] = [];
    const listed = [
      { name: "attachments/t1/old", metadata: { timeCreated: "2026-11-01T10:00:00Z" } },
      { name: "attachments/t1/new", metadata: { timeCreated: "2026-11-21T10:00:00Z" } },
      { name: "attachments/t2/unknown-age", metadata: {} },
    ];
    const bucket = {
      getFilesStream: (query: unknown) => {
        asked.push(query);
        return Readable.from(listed);
      },
    } as unknown as Bucket;
    const found: string[] = [];
    for await (const p of new GcsObjectStore(bucket).listAttachmentObjects(new Date("2026-11-20T00:00:00Z"))) found.push(p);
    expect(found).toEqual(["attachments/t1/old"]);
    expect(asked).toEqual([{ prefix: "attachments/" }]);
  });
});
