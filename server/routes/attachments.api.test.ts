// Attachments through HTTP (DECISIONS §4): upload-url → PUT the bytes → register → download.
// Transactions are inserted directly, so these tests do not depend on the transaction routes.
import { serviceContext } from "../services/context";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import supertest from "supertest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { attachments, auditLog, categories, transactions, type TransactionRow, type UserRow } from "../db/schema";
import type { TransactionStatus } from "../../shared/constants";
import { sweepUnregisteredUploads } from "../services/uploads/attachment-sweep";

const MB = 1024 * 1024;
let t: TestApp;
let clockOffsetMs = 0;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(Date.now() + clockOffsetMs) });
  const [category] = await t.db.select().from(categories).where(eq(categories.name, "Office Expenses"));
  categoryId = category.id;
});
afterEach(() => {
  clockOffsetMs = 0;
});
afterAll(async () => {
  await t?.close();
  // The uploads of this file (tens of MB) live in its own DATA_DIR.
  if (t) fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const objectsRoot = () => path.join(t.config.dataDir, "objects");
const onDisk = (objectPath: string) => fs.existsSync(path.join(objectsRoot(), objectPath));
const tmpFiles = () => (fs.existsSync(path.join(objectsRoot(), ".tmp")) ? fs.readdirSync(path.join(objectsRoot(), ".tmp")) : []);
const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

async function makeTransaction(owner: Pick<UserRow, "id">, overrides: { status?: TransactionStatus; createdAt?: Date } = {}): Promise<TransactionRow> {
  const [row] = await t.db
    .insert(transactions)
    .values({
      categoryId,
      amount: "1500.00",
      transactionDate: "2026-11-20",
      description: "Printer paper",
      createdBy: owner.id,
      status: overrides.status ?? "Draft",
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  return row;
}

/** Rows standing in for files already attached (the count rule only looks at rows). */
async function attachRows(transactionId: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await t.db.insert(attachments).values({
      transactionId,
      fileName: `existing-${i}.pdf`,
      objectPath: `attachments/${transactionId}/${crypto.randomUUID()}`,
      mimeType: "application/pdf",
      fileSizeBytes: 10,
    });
  }
}

const requestUploadUrl = (api: ApiClient, transactionId: string, body: unknown = { fileName: "receipt.pdf", contentType: "application/pdf" }) =>
  api.post(`/api/transactions/${transactionId}/attachments/upload-url`, body);

/** PUT as a browser would to the returned URL: no cookie, no CSRF header, just the bytes and their type. */
function put(uploadURL: string, bytes: Buffer, contentType: string | null = "application/pdf") {
  const u = new URL(uploadURL);
  const req = supertest(t.app).put(u.pathname + u.search);
  if (contentType !== null) req.set("Content-Type", contentType);
  // Raw bytes whatever the type (superagent would otherwise JSON-encode a Buffer sent as application/json).
  return req.serialize((b: unknown) => b as string).send(bytes);
}

async function uploaded(api: ApiClient, transactionId: string, bytes: Buffer, fileName = "receipt.pdf", contentType = "application/pdf") {
  const url = await requestUploadUrl(api, transactionId, { fileName, contentType });
  expect(url.status).toBe(200);
  const res = await put(url.body.uploadURL, bytes, contentType);
  expect(res.status).toBe(200);
  return url.body as { uploadURL: string; objectPath: string };
}

const register = (api: ApiClient, transactionId: string, body: Record<string, unknown>) => api.post(`/api/transactions/${transactionId}/attachments`, body);

async function attach(api: ApiClient, transactionId: string, bytes: Buffer, fileName = "receipt.pdf", contentType = "application/pdf") {
  const { objectPath } = await uploaded(api, transactionId, bytes, fileName, contentType);
  const res = await register(api, transactionId, { fileName, objectPath, fileSizeBytes: bytes.length, mimeType: contentType });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

describe("the whole journey: upload-url → PUT → register → download", () => {
  it("stores the bytes under a server-made path, records size and SHA-256, audits, and downloads them exactly", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const bytes = Buffer.from("%PDF-1.7\nthe receipt for printer paper\n%%EOF\n");

    const url = await requestUploadUrl(api, txn.id, { fileName: "../../etc/passwd receipt.pdf", contentType: "application/pdf" });
    expect(url.status).toBe(200);
    expect(url.body.objectPath).toMatch(new RegExp(`^attachments/${txn.id}/[0-9a-f-]{36}$`));
    const u = new URL(url.body.uploadURL);
    expect(u.pathname).toBe(`/api/uploads/${url.body.objectPath}`);
    expect(u.searchParams.get("contentType")).toBe("application/pdf");
    const expires = Number(u.searchParams.get("expires"));
    expect(Math.abs(expires * 1000 - (Date.now() + 15 * 60_000))).toBeLessThan(5000);

    const putRes = await put(url.body.uploadURL, bytes);
    expect(putRes.status).toBe(200);
    expect(putRes.body).toEqual({ ok: true });
    expect(fs.readFileSync(path.join(objectsRoot(), url.body.objectPath))).toEqual(bytes);

    const reg = await register(api, txn.id, {
      fileName: "receipt.pdf",
      objectPath: url.body.objectPath,
      fileSizeBytes: bytes.length,
      mimeType: "application/pdf",
    });
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({
      id: expect.any(String),
      transactionId: txn.id,
      fileName: "receipt.pdf",
      mimeType: "application/pdf",
      fileSizeBytes: bytes.length,
      uploadedBy: user.id,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(reg.body)).not.toContain("objectPath");

    const [row] = await t.db.select().from(attachments).where(eq(attachments.id, reg.body.id));
    expect(row).toMatchObject({
      transactionId: txn.id,
      objectPath: url.body.objectPath,
      fileSizeBytes: bytes.length,
      contentSha256: sha256(bytes),
      uploadedBy: user.id,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "attachment"), eq(auditLog.entityId, reg.body.id)));
    expect(entry).toMatchObject({ action: "create", performedBy: user.id });

    const dl = await api
      .get(`/api/attachments/${reg.body.id}/download`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => cb(null, Buffer.concat(chunks)));
      });
    expect(dl.status).toBe(200);
    expect(dl.headers["content-type"]).toBe("application/pdf");
    expect(dl.headers["content-length"]).toBe(String(bytes.length));
    expect(dl.headers["content-disposition"]).toBe('attachment; filename="receipt.pdf"');
    expect(dl.headers["x-content-type-options"]).toBe("nosniff");
    expect(dl.body).toEqual(bytes);
  });

  it("takes a JSON file over 1 MB as bytes (the upload is read before express.json), with no CSRF header", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const bytes = Buffer.from(JSON.stringify({ rows: "x".repeat(2 * MB) }));
    const { objectPath } = await uploaded(api, txn.id, bytes, "data.json", "application/json");
    // (hashes, not toEqual: a deep diff of megabytes would take minutes)
    expect(sha256(fs.readFileSync(path.join(objectsRoot(), objectPath)))).toBe(sha256(bytes));
  });

  it("a SuperAdmin may attach to a transaction in any state; an Approver who can see it may download", async () => {
    const { user: owner } = await t.signIn("Accountant");
    const { api: admin } = await t.signIn("SuperAdmin");
    const { api: approver } = await t.signIn("Approver");
    const txn = await makeTransaction(owner, { status: "Approved" });
    const { id } = await attach(admin, txn.id, Buffer.from("signed contract"), "contract.txt", "text/plain");
    const dl = await approver.get(`/api/attachments/${id}/download`);
    expect(dl.status).toBe(200);
    expect(dl.text).toBe("signed contract");
    expect(dl.headers["content-type"]).toBe("text/plain");
  });
});

describe("POST /api/transactions/:id/attachments/upload-url", () => {
  it("is 401 when signed out", async () => {
    const { user } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    expect((await requestUploadUrl(t.client(), txn.id)).status).toBe(401);
  });

  it("answers 400 per field", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const res = await requestUploadUrl(api, txn.id, { contentType: "not a type" });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["contentType", "fileName"]);
  });

  it("is 404 for a transaction the user cannot see, 403 for someone else's, 409 once it is submitted", async () => {
    const { user: owner, api: ownerApi } = await t.signIn("Accountant");
    const { api: otherAccountant } = await t.signIn("Accountant");
    const { api: approver } = await t.signIn("Approver");
    const old = await makeTransaction(owner, { createdAt: new Date(Date.now() - 60 * 86_400_000) });
    expect((await requestUploadUrl(otherAccountant, old.id)).status).toBe(404);
    expect((await requestUploadUrl(otherAccountant, crypto.randomUUID())).status).toBe(404);
    const draft = await makeTransaction(owner);
    const forbidden = await requestUploadUrl(approver, draft.id);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe("Only the owner of this transaction or a SuperAdmin can add attachments");
    const pending = await makeTransaction(owner, { status: "Pending" });
    const conflict = await requestUploadUrl(ownerApi, pending.id);
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toMatch(/^Attachments can only be added to Draft or Rejected transactions/);
    const rejected = await makeTransaction(owner, { status: "Rejected" });
    expect((await requestUploadUrl(ownerApi, rejected.id)).status).toBe(200);
  });

  it("refuses an 11th file before the upload: 409 'Maximum number of files reached (10)'", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    await attachRows(txn.id, 10);
    const res = await requestUploadUrl(api, txn.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Maximum number of files reached (10)");
  });
});

describe("PUT /api/uploads/<objectPath> (the signed upload URL)", () => {
  it("refuses a Content-Type other than the signed one, or none (415), and keeps nothing", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const url = await requestUploadUrl(api, txn.id, { fileName: "photo.png", contentType: "image/png" });
    const wrong = await put(url.body.uploadURL, Buffer.from("<script>alert(1)</script>"), "text/html");
    expect(wrong.status).toBe(415);
    expect(wrong.body.message).toBe("The upload's Content-Type must be image/png, as requested for this URL");
    expect((await put(url.body.uploadURL, Buffer.from("x"), null)).status).toBe(415);
    expect(onDisk(url.body.objectPath)).toBe(false);
    // and the same URL still works with the right type
    expect((await put(url.body.uploadURL, Buffer.from("png"), "image/png")).status).toBe(200);
  });

  it("refuses a tampered signature, path or content type with 403", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const other = await makeTransaction(user);
    const url = await requestUploadUrl(api, txn.id);
    const u = new URL(url.body.uploadURL);
    const sig = u.searchParams.get("signature")!;

    const badSig = new URL(u);
    badSig.searchParams.set("signature", (sig[0] === "A" ? "B" : "A") + sig.slice(1));
    const r1 = await put(badSig.toString(), Buffer.from("x"));
    expect(r1.status).toBe(403);
    expect(r1.body.message).toBe("Invalid upload URL signature");

    const otherPath = new URL(u);
    otherPath.pathname = `/api/uploads/attachments/${other.id}/${crypto.randomUUID()}`;
    expect((await put(otherPath.toString(), Buffer.from("x"))).status).toBe(403);

    const otherType = new URL(u);
    otherType.searchParams.set("contentType", "text/html");
    expect((await put(otherType.toString(), Buffer.from("x"), "text/html")).status).toBe(403);

    const noSig = new URL(u);
    noSig.searchParams.delete("signature");
    expect((await put(noSig.toString(), Buffer.from("x"))).status).toBe(403);
    expect(onDisk(url.body.objectPath)).toBe(false);
  });

  it("refuses an expired URL with 403 'Upload URL expired'", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const url = await requestUploadUrl(api, txn.id);
    clockOffsetMs = 15 * 60_000 + 1000;
    const res = await put(url.body.uploadURL, Buffer.from("late"));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: "Upload URL expired", code: "upload_url_expired" });
    expect(onDisk(url.body.objectPath)).toBe(false);
  });

  it("is good for one object only: a second PUT is 409 and the first bytes stay", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const { uploadURL, objectPath } = await uploaded(api, txn.id, Buffer.from("first"));
    const again = await put(uploadURL, Buffer.from("second"));
    expect(again.status).toBe(409);
    expect(fs.readFileSync(path.join(objectsRoot(), objectPath), "utf8")).toBe("first");
  });

  it("refuses 21 MB with 413 from its Content-Length, keeping nothing", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const url = await requestUploadUrl(api, txn.id);
    const res = await put(url.body.uploadURL, Buffer.alloc(21 * MB, 1));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("File is too large (max 20 MB)");
    expect(onDisk(url.body.objectPath)).toBe(false);
    expect(tmpFiles()).toEqual([]);
  });

  it("stops a 21 MB upload sent without a length (chunked) while streaming: 413, nothing kept", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const url = await requestUploadUrl(api, txn.id);
    const u = new URL(url.body.uploadURL);
    const server = http.createServer(t.app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "PUT",
            path: u.pathname + u.search,
            headers: { "Content-Type": "application/pdf", "Transfer-Encoding": "chunked" },
          },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => (body += c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on("error", reject);
        Readable.from(
          (function* () {
            for (let i = 0; i < 21; i++) yield Buffer.alloc(MB, 2);
          })(),
        ).pipe(req);
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toBe("File is too large (max 20 MB)");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(onDisk(url.body.objectPath)).toBe(false);
    expect(tmpFiles()).toEqual([]);
  });

  it("accepts exactly 20 MB", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const bytes = Buffer.alloc(20 * MB, 3);
    const { objectPath } = await uploaded(api, txn.id, bytes, "big.bin", "application/octet-stream");
    const res = await register(api, txn.id, { fileName: "big.bin", objectPath, fileSizeBytes: bytes.length, mimeType: "application/octet-stream" });
    expect(res.status).toBe(201);
    fs.rmSync(path.join(objectsRoot(), objectPath));
  });
});

describe("POST /api/transactions/:id/attachments (register)", () => {
  it("is 401 signed out and 400 per field", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    expect((await register(t.client(), txn.id, {})).status).toBe(401);
    const res = await register(api, txn.id, { fileSizeBytes: -1 });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["fileName", "fileSizeBytes", "objectPath"]);
    // A name that is nothing but control and bidirectional characters is no name at all.
    const unnamed = await register(api, txn.id, { fileName: "\r\n\u202e", objectPath: "x", fileSizeBytes: 1, mimeType: "text/plain" });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.issues[0]).toEqual({ path: "fileName", message: "File name is required" });
  });

  it("refuses a size that is not the uploaded file's real size (400)", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const { objectPath } = await uploaded(api, txn.id, Buffer.from("12345"));
    const res = await register(api, txn.id, { fileName: "receipt.pdf", objectPath, fileSizeBytes: 4, mimeType: "application/pdf" });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "fileSizeBytes", message: "File size does not match the uploaded file (5 bytes)" }]);
    expect(await t.db.select().from(attachments).where(eq(attachments.transactionId, txn.id))).toEqual([]);
  });

  it("refuses an object uploaded for another transaction, an odd path, or one never uploaded (400)", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const other = await makeTransaction(user);
    const { objectPath } = await uploaded(api, other.id, Buffer.from("other's"));
    const body = { fileName: "x.pdf", fileSizeBytes: 7, mimeType: "application/pdf" };
    const cross = await register(api, txn.id, { ...body, objectPath });
    expect(cross.status).toBe(400);
    expect(cross.body.issues).toEqual([{ path: "objectPath", message: "This file was not uploaded for this transaction" }]);
    for (const odd of [`attachments/${txn.id}/../${other.id}/${objectPath.split("/")[2]}`, `attachments/${txn.id}/x.pdf`, `../attachments/${txn.id}`]) {
      expect((await register(api, txn.id, { ...body, objectPath: odd })).status, odd).toBe(400);
    }
    const never = await register(api, txn.id, { ...body, objectPath: `attachments/${txn.id}/${crypto.randomUUID()}` });
    expect(never.status).toBe(400);
    expect(never.body.message).toBe("The uploaded file was not found. Please upload it again.");
  });

  it("refuses the 11th file with 409 'Maximum number of files reached (10)'", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    await attachRows(txn.id, 9);
    const { objectPath } = await uploaded(api, txn.id, Buffer.from("eleventh"));
    await attachRows(txn.id, 1);
    const res = await register(api, txn.id, { fileName: "eleven.pdf", objectPath, fileSizeBytes: 8, mimeType: "application/pdf" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Maximum number of files reached (10)");
    const rows = await t.db.select().from(attachments).where(eq(attachments.transactionId, txn.id));
    expect(rows).toHaveLength(10);
  });

  it("refuses registering the same object twice (409)", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const { objectPath } = await uploaded(api, txn.id, Buffer.from("once"));
    const body = { fileName: "once.pdf", objectPath, fileSizeBytes: 4, mimeType: "application/pdf" };
    expect((await register(api, txn.id, body)).status).toBe(201);
    const again = await register(api, txn.id, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This file is already attached");
  });

  it("is 403 for someone who is not the owner, and 409 once the transaction is submitted", async () => {
    const { user, api } = await t.signIn("Accountant");
    const { api: approver } = await t.signIn("Approver");
    const txn = await makeTransaction(user);
    const { objectPath } = await uploaded(api, txn.id, Buffer.from("late"));
    const body = { fileName: "late.pdf", objectPath, fileSizeBytes: 4, mimeType: "application/pdf" };
    expect((await register(approver, txn.id, body)).status).toBe(403);
    await t.db.update(transactions).set({ status: "Pending" }).where(eq(transactions.id, txn.id));
    expect((await register(api, txn.id, body)).status).toBe(409);
  });
});

describe("GET /api/attachments/:id/download", () => {
  it("is 401 signed out, 404 to a user who cannot see the transaction, 404 for an unknown id", async () => {
    const { user, api } = await t.signIn("Accountant");
    const { api: otherAccountant } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const { id } = await attach(api, txn.id, Buffer.from("private"));
    await t.db
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(transactions.id, txn.id));
    expect((await t.client().get(`/api/attachments/${id}/download`)).status).toBe(401);
    const hidden = await otherAccountant.get(`/api/attachments/${id}/download`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe("Attachment not found");
    expect((await otherAccountant.get(`/api/attachments/${crypto.randomUUID()}/download`)).status).toBe(404);
    expect((await otherAccountant.get(`/api/attachments/not-a-uuid/download`)).status).toBe(404);
    // the owner still sees their own old transaction
    expect((await api.get(`/api/attachments/${id}/download`)).status).toBe(200);
  });

  it("offers odd and formula-like names safely in Content-Disposition", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const cases: Array<[string, string]> = [
      ["=HYPERLINK(\"http://evil.example\")+cmd|' /C calc'!A0.csv", `attachment; filename="=HYPERLINK(http:__evil.example)+cmd|' _C calc'!A0.csv"`],
      ["back\\slash;semi.txt", 'attachment; filename="backslash;semi.txt"'],
      [
        "रसीद ₹500 (final).pdf",
        `attachment; filename="____ _500 (final).pdf"; filename*=UTF-8''${encodeURIComponent("रसीद ₹500 ").replace(/'/g, "%27")}%28final%29.pdf`,
      ],
      ['"""', 'attachment; filename="download"'],
    ];
    for (const [fileName, expected] of cases) {
      const { id } = await attach(api, txn.id, Buffer.from("a,b\n1,2\n"), fileName, "text/csv");
      const dl = await api.get(`/api/attachments/${id}/download`);
      expect(dl.status, fileName).toBe(200);
      expect(dl.headers["content-disposition"], fileName).toBe(expected);
      expect(dl.headers["content-type"]).toBe("text/csv");
      expect(dl.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("serves text/html as a download, never inline", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const { id } = await attach(api, txn.id, Buffer.from("<script>alert(1)</script>"), "page.html", "text/html");
    const dl = await api.get(`/api/attachments/${id}/download`);
    expect(dl.headers["content-disposition"]).toBe('attachment; filename="page.html"');
    expect(dl.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("DELETE /api/attachments/:id", () => {
  it("lets the owner remove one from a Draft: row gone, audited, object removed", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const { objectPath } = await uploaded(api, txn.id, Buffer.from("oops"));
    const reg = await register(api, txn.id, { fileName: "oops.pdf", objectPath, fileSizeBytes: 4, mimeType: "application/pdf" });
    const res = await api.delete(`/api/attachments/${reg.body.id}`);
    expect(res.status).toBe(200);
    expect(await t.db.select().from(attachments).where(eq(attachments.id, reg.body.id))).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reg.body.id), eq(auditLog.action, "delete")));
    expect(entry).toMatchObject({ entityType: "attachment", performedBy: user.id });
    expect(onDisk(objectPath)).toBe(false);
    expect(onDisk(`${objectPath}.meta.json`)).toBe(false);
  });

  it("is 401 signed out, 403 for others, 409 for the owner once submitted; a SuperAdmin may", async () => {
    const { user, api } = await t.signIn("Accountant");
    const { api: approver } = await t.signIn("Approver");
    const { api: admin } = await t.signIn("SuperAdmin");
    const txn = await makeTransaction(user);
    const { id } = await attach(api, txn.id, Buffer.from("keep"));
    expect((await t.client().delete(`/api/attachments/${id}`)).status).toBe(401);
    expect((await approver.delete(`/api/attachments/${id}`)).status).toBe(403);
    await t.db.update(transactions).set({ status: "Pending" }).where(eq(transactions.id, txn.id));
    const locked = await api.delete(`/api/attachments/${id}`);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe("Attachments can only be removed from Draft or Rejected transactions (this one is Pending)");
    expect((await admin.delete(`/api/attachments/${id}`)).status).toBe(200);
  });
});

describe("the sweep of uploads nobody registered", () => {
  it("deletes an unregistered object older than a day and abandoned partial uploads; keeps registered and recent ones", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const kept = await attach(api, txn.id, Buffer.from("%PDF-1.4 registered"));
    const [keptRow] = await t.db.select().from(attachments).where(eq(attachments.id, kept.id));
    const orphan = await uploaded(api, txn.id, Buffer.from("%PDF-1.4 never registered"));
    const recent = await uploaded(api, txn.id, Buffer.from("%PDF-1.4 registration on its way"));
    const staleTmp = path.join(objectsRoot(), ".tmp", crypto.randomUUID());
    fs.mkdirSync(path.dirname(staleTmp), { recursive: true });
    fs.writeFileSync(staleTmp, "half an upload");
    // Age everything but `recent` past the grace period.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    for (const p of [keptRow.objectPath, orphan.objectPath]) fs.utimesSync(path.join(objectsRoot(), p), twoDaysAgo, twoDaysAgo);
    fs.utimesSync(staleTmp, twoDaysAgo, twoDaysAgo);

    expect(await sweepUnregisteredUploads(serviceContext(t.deps))).toBe(1);
    expect(onDisk(orphan.objectPath)).toBe(false);
    expect(fs.existsSync(path.join(objectsRoot(), `${orphan.objectPath}.meta.json`))).toBe(false);
    expect(onDisk(keptRow.objectPath)).toBe(true);
    expect(onDisk(recent.objectPath)).toBe(true);
    expect(fs.existsSync(staleTmp)).toBe(false);
    // The registered one still downloads.
    expect((await api.get(`/api/attachments/${kept.id}/download`)).status).toBe(200);
    // A day later the recent one is an orphan too (with the other tests' unregistered uploads); the registered one stays.
    clockOffsetMs = 25 * 60 * 60_000;
    expect(await sweepUnregisteredUploads(serviceContext(t.deps))).toBeGreaterThanOrEqual(1);
    expect(onDisk(recent.objectPath)).toBe(false);
    expect(onDisk(keptRow.objectPath)).toBe(true);
  });
});

describe("upload URLs are limited and revocable (DECISIONS §10)", () => {
  it("at most 20 unregistered upload URLs per transaction at a time: of 25 asked for at once exactly 20 are granted, the rest 409", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const answers = await Promise.all(Array.from({ length: 25 }, () => requestUploadUrl(api, txn.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ code: "too_many_uploads", message: expect.stringContaining("20 uploads") });
    // Registering one frees its place; another transaction has places of its own.
    const granted = answers.find((r) => r.status === 200)!.body as { uploadURL: string; objectPath: string; uploadHeaders: Record<string, string> };
    expect(granted.uploadHeaders).toEqual({});
    const bytes = Buffer.from("%PDF-1.4 one of twenty");
    expect((await put(granted.uploadURL, bytes)).status).toBe(200);
    expect(
      (await register(api, txn.id, { fileName: "receipt.pdf", objectPath: granted.objectPath, fileSizeBytes: bytes.length, mimeType: "application/pdf" }))
        .status,
    ).toBe(201);
    expect((await requestUploadUrl(api, txn.id)).status).toBe(200);
    expect((await requestUploadUrl(api, txn.id)).status).toBe(409);
    expect((await requestUploadUrl(api, (await makeTransaction(user)).id)).status).toBe(200);
    // Once the URLs have expired (15 minutes), the places are free again.
    clockOffsetMs = 16 * 60_000;
    expect((await requestUploadUrl(api, txn.id)).status).toBe(200);
  });

  it("an upload URL stops working at lockdown, even one handed out a moment before", async () => {
    const { user, api } = await t.signIn("Accountant");
    const admin = await t.signIn("SuperAdmin");
    const txn = await makeTransaction(user);
    const url = await requestUploadUrl(api, txn.id);
    expect(url.status).toBe(200);
    expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: true })).status).toBe(200);
    try {
      const res = await put(url.body.uploadURL, Buffer.from("%PDF-1.4 during lockdown"));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "upload_url_revoked" });
      expect(onDisk(url.body.objectPath)).toBe(false);
    } finally {
      expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: false })).status).toBe(200);
    }
    // Lifting the lockdown does not bring the old URL back.
    expect((await put(url.body.uploadURL, Buffer.from("%PDF-1.4 after lockdown"))).status).toBe(403);
  });

  it("an upload URL stops working once its file is registered, and so after that attachment is deleted", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const bytes = Buffer.from("%PDF-1.4 attached then removed");
    const url = await requestUploadUrl(api, txn.id);
    expect((await put(url.body.uploadURL, bytes)).status).toBe(200);
    const registered = await register(api, txn.id, {
      fileName: "receipt.pdf",
      objectPath: url.body.objectPath,
      fileSizeBytes: bytes.length,
      mimeType: "application/pdf",
    });
    expect(registered.status).toBe(201);
    expect((await api.delete(`/api/attachments/${registered.body.id}`)).status).toBe(200);
    expect(onDisk(url.body.objectPath)).toBe(false);
    // The same URL, still inside its 15 minutes, cannot put bytes back under the deleted attachment's path.
    const again = await put(url.body.uploadURL, Buffer.from("%PDF-1.4 smuggled back"));
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: "upload_url_revoked" });
    expect(onDisk(url.body.objectPath)).toBe(false);
  });

  it("stores file names without control or bidirectional-override characters", async () => {
    const { user, api } = await t.signIn("Accountant");
    const txn = await makeTransaction(user);
    const bytes = Buffer.from("MZ not really a pdf");
    const attached = await attach(api, txn.id, bytes, "invoice\u202efdp.exe", "application/pdf");
    const [row] = await t.db.select().from(attachments).where(eq(attachments.id, attached.id));
    expect(row.fileName).toBe("invoicefdp.exe");
    const download = await api.get(`/api/attachments/${attached.id}/download`);
    expect(download.headers["content-disposition"]).toBe('attachment; filename="invoicefdp.exe"');
  });
});
