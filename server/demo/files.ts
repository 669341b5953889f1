// Small generated attachment files (a few hundred bytes each) and storing them the way an upload
// is stored: into the object store under a path the server makes, then registered by the same
// service POST …/attachments calls.
import { systemClock } from "../clock";
import { actingContext } from "../services/context";
import crypto from "node:crypto";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import type { Actor, AppDeps } from "../context";
import { LIMITS } from "../../shared/constants";
import { registerAttachment } from "../services/attachments";
import { LocalObjectStore } from "../storage/local";
import { newAttachmentObjectPath, UPLOAD_URL_TTL_SECONDS, type ObjectStore } from "../storage/object-store";

export type DemoFile = { fileName: string; mimeType: string; bytes: Buffer };

/** A one-page PDF with a few lines of text; a valid file any viewer opens. */
export function demoPdf(lines: readonly string[]): Buffer {
  const esc = (s: string) => s.replace(/[^\x20-\x7e]/g, "-").replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((l, i) => `BT /F1 11 Tf 50 ${780 - i * 18} Td (${esc(l)}) Tj ET`).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

/** A small striped PNG (a "photo of a receipt" stand-in), 32×32, RGB. */
export function demoPng(seed: number): Buffer {
  const size = 32;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    raw[row] = 0;
    for (let x = 0; x < size; x++) {
      const stripe = ((x + y + seed) >> 3) & 1;
      raw.set(stripe ? [245, 240, 230] : [60 + (seed % 120), 90, 140], row + 1 + x * 3);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk("IHDR", header), pngChunk("IDAT", zlib.deflateSync(raw)), pngChunk("IEND", Buffer.alloc(0))]);
}

/** Puts the bytes where an upload would have put them. Local disk: the store's own receive; GCS: a PUT to a signed URL. */
async function putObject(storage: ObjectStore, objectPath: string, file: DemoFile): Promise<void> {
  if (storage instanceof LocalObjectStore) {
    await storage.receive(objectPath, Readable.from([file.bytes]), { contentType: file.mimeType, maxBytes: LIMITS.fileMaxBytes });
    return;
  }
  const { url, headers } = await storage.createUploadUrl({
    objectPath,
    contentType: file.mimeType,
    issuedAt: systemClock(),
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  const res = await fetch(url, { method: "PUT", headers: { "Content-Type": file.mimeType, ...headers }, body: new Uint8Array(file.bytes) });
  if (!res.ok) throw new Error(`Uploading ${file.fileName} to the object store failed: ${res.status}`);
}

/** Stores one file for a transaction and registers it through the attachments service, as an upload is. */
export async function attachDemoFile(deps: AppDeps, transaction: { id: string }, file: DemoFile, actor: Actor): Promise<void> {
  const objectPath = newAttachmentObjectPath(transaction.id, crypto.randomUUID());
  await putObject(deps.storage, objectPath, file);
  await registerAttachment(actingContext(deps, actor), transaction.id, {
    objectPath,
    fileName: file.fileName,
    mimeType: file.mimeType,
    fileSizeBytes: file.bytes.length,
  });
}
