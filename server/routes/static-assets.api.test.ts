// How the client's files and the API's answers travel (DECISIONS §9): scripts and styles
// precompressed at build time go out as brotli or gzip by the browser's Accept-Encoding, with
// Vary; hashed assets are cached for a year and the HTML shell revalidated; JSON answers above
// 1 KB are compressed, small ones are not.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import { createTestApp, type TestApp } from "../test/harness";
import { builtinCategory, insertTransaction } from "../test/transaction-fixtures";

const SCRIPT = `console.log(${JSON.stringify("a script long enough to be worth compressing ".repeat(60))});\n`;
let t: TestApp;
let dir: string;

beforeAll(async () => {
  // A build as vite.config.ts's precompress plugin leaves it.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bms-static-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), '<!doctype html><script type="module" src="/assets/app-Ab12.js"></script>');
  fs.writeFileSync(path.join(dir, "assets", "app-Ab12.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "assets", "app-Ab12.js.br"), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, "assets", "app-Ab12.js.gz"), zlib.gzipSync(SCRIPT));
  t = await createTestApp({ clientDir: dir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The answer's body as text (the test client decodes brotli and gzip itself, as a browser does). */
const text = (req: supertest.Test) =>
  req.buffer(true).parse((res, done) => {
    let body = "";
    res.setEncoding("utf8");
    res.on("data", (c: string) => (body += c));
    res.on("end", () => done(null, body));
  });

describe("scripts and styles", () => {
  it.each([
    ["br, gzip", "br", "app-Ab12.js.br"],
    ["gzip, deflate", "gzip", "app-Ab12.js.gz"],
  ] as const)("Accept-Encoding %s → %s: the precompressed file's bytes, the script once decoded, cached a year, Vary", async (accept, encoding, file) => {
    const res = await text(supertest(t.app).get("/assets/app-Ab12.js").set("Accept-Encoding", accept));
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers["cache-control"]).toMatch(/max-age=31536000/);
    expect(res.headers["cache-control"]).toMatch(/immutable/);
    expect(Number(res.headers["content-length"])).toBe(fs.statSync(path.join(dir, "assets", file)).size);
    expect(Number(res.headers["content-length"])).toBeLessThan(SCRIPT.length / 5);
    expect(res.body).toBe(SCRIPT);
  });

  it("goes as it is to a client that accepts no encoding", async () => {
    const res = await text(supertest(t.app).get("/assets/app-Ab12.js").set("Accept-Encoding", "identity"));
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(SCRIPT));
    expect(res.body).toBe(SCRIPT);
  });

  it("the HTML shell is revalidated on every visit", async () => {
    const res = await supertest(t.app).get("/my-transactions");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});

describe("API answers", () => {
  it("above 1 KB are compressed for a client that accepts it; small ones are not", async () => {
    const big = await text(supertest(t.app).get("/api/openapi.json").set("Accept-Encoding", "gzip"));
    expect(big.status).toBe(200);
    expect(big.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(big.body as string).openapi).toMatch(/^3\./);
    const small = await text(supertest(t.app).get("/api/config").set("Accept-Encoding", "gzip"));
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body as string)).toEqual({ timeZone: t.config.appTimezone });
  });

  it("a route's JSON answer: brotli whenever it is accepted (Chromium lists it last), else gzip, else as it is; the same JSON each way, Vary, its length, no ETag", async () => {
    const { api } = await t.signIn("SuperAdmin");
    const office = await builtinCategory(t.db, "Office Expenses");
    const { user } = await t.signIn("Accountant");
    for (let i = 0; i < 5; i++) await insertTransaction(t.db, { createdBy: user.id, categoryId: office.id, status: "Pending" });
    const answers = new Map<string, string>();
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const res = await text(api.agent.get("/api/transactions/pending").set("Accept-Encoding", accept));
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      answers.set(accept, res.body as string);
    }
    const plain = answers.get("identity")!;
    expect(Buffer.byteLength(plain)).toBeGreaterThan(1024);
    expect(JSON.parse(plain)).toHaveLength(5);
    for (const body of answers.values()) expect(JSON.parse(body)).toEqual(JSON.parse(plain));
  });
});
