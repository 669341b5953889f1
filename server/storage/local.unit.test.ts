import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalObjectStore, sameContentType, StorageError } from "./local";
import { newAttachmentObjectPath, transactionOfObjectPath, UPLOAD_URL_TTL_SECONDS } from "./object-store";

const ISSUED = new Date("2026-11-21T10:00:00.000Z");
const txnId = "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c";
const objectPath = newAttachmentObjectPath(txnId, "0b7e6c1d-2a3f-4e5d-8c9b-1a2b3c4d5e6f");

let root: string;
let store: LocalObjectStore;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "bms-objects-"));
  store = new LocalObjectStore(root, "unit-test-key", "http://localhost:5000");
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function signedQuery(contentType = "application/pdf", origin?: string) {
  const { url, expiresAt } = await store.createUploadUrl({ objectPath, contentType, issuedAt: ISSUED, expiresInSeconds: UPLOAD_URL_TTL_SECONDS, origin });
  const u = new URL(url);
  return { u, expiresAt, query: Object.fromEntries(u.searchParams) as Record<string, string> };
}

const at = (secondsAfterIssue: number) => new Date(ISSUED.getTime() + secondsAfterIssue * 1000);

describe("LocalObjectStore upload URLs", () => {
  it("points at PUT /api/uploads/<objectPath> on the public URL, or on the origin the API was called on", async () => {
    const { u, expiresAt } = await signedQuery();
    expect(u.origin).toBe("http://localhost:5000");
    expect(u.pathname).toBe(`/api/uploads/${objectPath}`);
    expect(expiresAt.toISOString()).toBe("2026-11-21T10:15:00.000Z");
    expect(u.searchParams.get("expires")).toBe(String(ISSUED.getTime() / 1000 + 900));
    expect((await signedQuery("application/pdf", "http://127.0.0.1:5123")).u.origin).toBe("http://127.0.0.1:5123");
  });

  it("is good for its path and content type until it expires", async () => {
    const { query } = await signedQuery();
    expect(store.checkUpload(objectPath, query, at(0)).verdict).toBe("ok");
    expect(store.checkUpload(objectPath, query, at(899)).verdict).toBe("ok");
    expect(store.checkUpload(objectPath, query, at(0)).contentType).toBe("application/pdf");
  });

  it("is expired from 15 minutes on", async () => {
    const { query } = await signedQuery();
    expect(store.checkUpload(objectPath, query, at(900)).verdict).toBe("expired");
    expect(store.checkUpload(objectPath, query, at(86_400)).verdict).toBe("expired");
  });

  it("refuses another object path (same transaction or another)", async () => {
    const { query } = await signedQuery();
    expect(store.checkUpload(newAttachmentObjectPath(txnId, crypto.randomUUID()), query, at(0)).verdict).toBe("invalid");
    expect(store.checkUpload(newAttachmentObjectPath(crypto.randomUUID(), "0b7e6c1d-2a3f-4e5d-8c9b-1a2b3c4d5e6f"), query, at(0)).verdict).toBe("invalid");
  });

  it("refuses a tampered content type", async () => {
    const { query } = await signedQuery("application/pdf");
    expect(store.checkUpload(objectPath, { ...query, contentType: "text/html" }, at(0)).verdict).toBe("invalid");
  });

  it("refuses an extended expiry, a tampered signature, missing parameters and another key", async () => {
    const { query } = await signedQuery();
    expect(store.checkUpload(objectPath, { ...query, expires: String(Number(query.expires) + 3600) }, at(0)).verdict).toBe("invalid");
    const sig = query.signature;
    const flipped = (sig[0] === "A" ? "B" : "A") + sig.slice(1);
    expect(store.checkUpload(objectPath, { ...query, signature: flipped }, at(0)).verdict).toBe("invalid");
    expect(store.checkUpload(objectPath, { ...query, signature: sig.slice(0, -1) }, at(0)).verdict).toBe("invalid");
    expect(store.checkUpload(objectPath, { contentType: query.contentType, expires: query.expires }, at(0)).verdict).toBe("invalid");
    expect(store.checkUpload(objectPath, { ...query, expires: "soon" }, at(0)).verdict).toBe("invalid");
    expect(store.checkUpload(objectPath, { ...query, expires: [query.expires] }, at(0)).verdict).toBe("invalid");
    const other = new LocalObjectStore(root, "another-key", "http://localhost:5000");
    expect(other.checkUpload(objectPath, query, at(0)).verdict).toBe("invalid");
  });

  it("refuses object paths that could leave the store or collide with a sidecar", () => {
    for (const bad of ["../etc/passwd", "/abs/path", "a//b", "a/../b", "a/b.meta.json", "a/b/", "", "a\\b", "a/%2e%2e/b"]) {
      expect(() => store.resolve(bad), bad).toThrow(StorageError);
    }
    expect(store.resolve(objectPath)).toBe(path.join(root, objectPath));
  });
});

describe("LocalObjectStore receiving bytes", () => {
  const bytes = Buffer.from("%PDF-1.7 hello attachments\n");
  const sha = crypto.createHash("sha256").update(bytes).digest("hex");

  it("stores the bytes and a sidecar with size, content type and SHA-256; stat reads them back", async () => {
    const meta = await store.receive(objectPath, Readable.from([bytes]), { contentType: "application/pdf", maxBytes: 100 });
    expect(meta).toEqual({ size: bytes.length, contentType: "application/pdf", sha256: sha });
    expect(fs.readFileSync(path.join(root, objectPath))).toEqual(bytes);
    expect(JSON.parse(fs.readFileSync(path.join(root, `${objectPath}.meta.json`), "utf8"))).toEqual(meta);
    expect(await store.stat(objectPath)).toEqual({ size: bytes.length, contentType: "application/pdf", sha256: sha });
    const chunks: Buffer[] = [];
    for await (const c of await store.openRead(objectPath)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(bytes);
    expect(fs.readdirSync(path.join(root, ".tmp"))).toEqual([]);
  });

  it("never overwrites an existing object", async () => {
    await store.receive(objectPath, Readable.from([bytes]), { contentType: "application/pdf", maxBytes: 100 });
    await expect(store.receive(objectPath, Readable.from([Buffer.from("other")]), { contentType: "application/pdf", maxBytes: 100 })).rejects.toMatchObject({
      reason: "exists",
    });
    expect(fs.readFileSync(path.join(root, objectPath))).toEqual(bytes);
  });

  it("stops at the size cap while streaming and keeps nothing", async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(16, 1));
    await expect(store.receive(objectPath, Readable.from(chunks), { contentType: "application/pdf", maxBytes: 100 })).rejects.toMatchObject({
      reason: "too_large",
    });
    expect(await store.stat(objectPath)).toBeNull();
    expect(fs.existsSync(path.join(root, `${objectPath}.meta.json`))).toBe(false);
    expect(fs.readdirSync(path.join(root, ".tmp"))).toEqual([]);
  });

  it("accepts exactly the cap", async () => {
    const meta = await store.receive(objectPath, Readable.from([Buffer.alloc(100, 7)]), { contentType: "application/octet-stream", maxBytes: 100 });
    expect(meta.size).toBe(100);
  });

  it("keeps nothing when the sender goes away mid-upload", async () => {
    const failing = new Readable({ read() {} });
    const done = store.receive(objectPath, failing, { contentType: "application/pdf", maxBytes: 100 });
    failing.push(Buffer.alloc(10));
    setTimeout(() => failing.destroy(new Error("aborted")), 5);
    await expect(done).rejects.toThrow("aborted");
    expect(await store.stat(objectPath)).toBeNull();
    expect(fs.readdirSync(path.join(root, ".tmp"))).toEqual([]);
  });

  it("delete removes the object and its sidecar, and is quiet when it is gone", async () => {
    await store.receive(objectPath, Readable.from([bytes]), { contentType: "application/pdf", maxBytes: 100 });
    await store.delete(objectPath);
    expect(await store.stat(objectPath)).toBeNull();
    expect(fs.existsSync(path.join(root, `${objectPath}.meta.json`))).toBe(false);
    await expect(store.delete(objectPath)).resolves.toBeUndefined();
  });

  it("stat of a missing or invalid path is null", async () => {
    expect(await store.stat(objectPath)).toBeNull();
    expect(await store.stat("../secrets")).toBeNull();
  });
});

describe("object paths and content types", () => {
  it("an attachment object path names its transaction and nothing else", () => {
    expect(transactionOfObjectPath(objectPath)).toBe(txnId);
    expect(transactionOfObjectPath(`attachments/${txnId}/report.pdf`)).toBeNull();
    expect(transactionOfObjectPath(`attachments/${txnId}/x/../${crypto.randomUUID()}`)).toBeNull();
    expect(transactionOfObjectPath(`${objectPath}/more`)).toBeNull();
  });

  it("compares content types case-insensitively and ignoring blanks around parameters", () => {
    expect(sameContentType("text/plain; charset=utf-8", "Text/Plain;Charset=UTF-8")).toBe(true);
    expect(sameContentType("application/pdf", "application/pdfx")).toBe(false);
    expect(sameContentType("text/plain", "text/plain; charset=utf-8")).toBe(false);
  });
});
