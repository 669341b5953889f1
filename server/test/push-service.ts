// A Web Push service for tests, over real TLS: an https server on 127.0.0.1 with a certificate of
// a test CA made here at test time (openssl), never committed. It does what a push service must
// with each request: checks the VAPID JWT's ES256 signature against the key in the Authorization
// header (RFC 8292), and decrypts the aes128gcm body with the subscription's own private key and
// auth secret (RFC 8291), which the test made as a browser would. A test tells it how to answer
// (a status, a delay, holding the request), and reads what it received.
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import type { AddressInfo } from "node:net";

export type TestCa = { dir: string; caFile: string; ca: Buffer; key: Buffer; cert: Buffer };

/** A CA and a certificate for localhost / 127.0.0.1 signed by it, in a fresh temporary folder. */
export function makeTestCa(): TestCa {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bms-push-ca-"));
  const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  run("req", "-x509", ...ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=BMS test push CA");
  run("req", ...ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost");
  fs.writeFileSync(path.join(dir, "san.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
  run("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "san.ext");
  const read = (f: string) => fs.readFileSync(path.join(dir, f));
  return { dir, caFile: path.join(dir, "ca.pem"), ca: read("ca.pem"), key: read("server.key"), cert: read("server.pem") };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (what PushManager makes). */
export type TestSubscriber = { endpoint: string; keys: { p256dh: string; auth: string }; ecdh: crypto.ECDH; authSecret: Buffer };

export type ReceivedPush = {
  endpoint: string;
  path: string;
  headers: Record<string, string | undefined>;
  urgency: string | undefined;
  topic: string | undefined;
  ttl: string | undefined;
  /** The VAPID JWT's claims and the public key it was signed with (checked). */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  /** The decrypted payload. */
  payload: { title: string; body: string; url: string; tag: string; priority: boolean };
  at: number;
};

type Behaviour = { status: number; delayMs: number; hold: boolean };

export type TestPushService = {
  origin: string;
  ca: TestCa;
  /** An https agent that trusts the test CA (for the server under test in this process). */
  agent: https.Agent;
  received: ReceivedPush[];
  /** Requests that arrived and could not be verified or decrypted (must stay empty). */
  rejected: string[];
  /** Requests being held or delayed right now. */
  inFlight(): number;
  /** A new subscriber whose endpoint is on this service. */
  subscriber(name?: string): TestSubscriber;
  /** How the service answers requests to this subscriber's endpoint (default 201 at once). */
  answer(sub: TestSubscriber | "all", behaviour: Partial<Behaviour>): void;
  /** Lets held requests go with 201. */
  release(): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
};

const b64u = (b: Buffer) => b.toString("base64url");

function hmac(key: Buffer, data: Buffer): Buffer {
  return crypto.createHmac("sha256", key).update(data).digest();
}

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with the subscriber's keys. */
export function decryptPush(body: Buffer, sub: Pick<TestSubscriber, "ecdh" | "authSecret">): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const prkKey = hmac(sub.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("the last record's delimiter is not 0x02");
  return plain.subarray(0, end).toString("utf8");
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature checked with k. */
export function verifyVapid(authorization: string | undefined, endpointOrigin: string, now = Date.now()): ReceivedPush["vapid"] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = m;
  const [h, p, s] = jwt!.split(".");
  const header = JSON.parse(Buffer.from(h!, "base64url").toString());
  if (header.alg !== "ES256") throw new Error(`JWT alg ${header.alg}`);
  const raw = Buffer.from(k!, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const key = crypto.createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, format: "jwk" });
  const ok = crypto.verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s!, "base64url"));
  if (!ok) throw new Error("the VAPID JWT's signature does not verify");
  const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
  if (claims.aud !== endpointOrigin) throw new Error(`aud ${claims.aud} is not ${endpointOrigin}`);
  if (!(claims.exp * 1000 > now && claims.exp * 1000 <= now + 24 * 3600 * 1000 + 60_000)) throw new Error(`exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) throw new Error(`sub ${claims.sub}`);
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, publicKey: k! };
}

export async function startTestPushService(ca: TestCa = makeTestCa()): Promise<TestPushService> {
  const subscribers = new Map<string, TestSubscriber>();
  const behaviours = new Map<string, Partial<Behaviour>>();
  let everyone: Partial<Behaviour> = {};
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const held: (() => void)[] = [];
  let inFlight = 0;
  const waiters: (() => void)[] = [];
  let origin = "";

  const server = https.createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const urlPath = req.url ?? "";
      const sub = subscribers.get(urlPath);
      const behaviour: Behaviour = { status: 201, delayMs: 0, hold: false, ...everyone, ...(behaviours.get(urlPath) ?? {}) };
      const reply = () => {
        inFlight--;
        if (!res.destroyed) res.writeHead(behaviour.status, { "content-type": "text/plain" }).end(behaviour.status < 300 ? "" : "push service says no");
      };
      try {
        if (!sub) throw new Error(`no subscriber at ${urlPath}`);
        if (req.method !== "POST") throw new Error(`method ${req.method}`);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        const vapid = verifyVapid(req.headers.authorization, origin);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), sub));
        if (behaviour.status < 300) {
          received.push({
            endpoint: sub.endpoint,
            path: urlPath,
            headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v])),
            urgency: req.headers.urgency as string | undefined,
            topic: req.headers.topic as string | undefined,
            ttl: req.headers.ttl as string | undefined,
            vapid,
            payload,
            at: Date.now(),
          });
          for (const w of waiters.splice(0)) w();
        }
      } catch (err) {
        rejected.push(err instanceof Error ? err.message : String(err));
        res.writeHead(400).end("bad request");
        return;
      }
      inFlight++;
      if (behaviour.hold) held.push(reply);
      else if (behaviour.delayMs > 0) setTimeout(reply, behaviour.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  let n = 0;

  return {
    origin,
    ca,
    agent: new https.Agent({ ca: ca.ca, keepAlive: false }),
    received,
    rejected,
    inFlight: () => inFlight,
    subscriber(name = `device-${++n}`) {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      const urlPath = `/push/${name}-${crypto.randomBytes(6).toString("hex")}`;
      const sub: TestSubscriber = { endpoint: origin + urlPath, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) }, ecdh, authSecret };
      subscribers.set(urlPath, sub);
      return sub;
    },
    answer(sub, behaviour) {
      if (sub === "all") everyone = { ...everyone, ...behaviour };
      else behaviours.set(new URL(sub.endpoint).pathname, { ...(behaviours.get(new URL(sub.endpoint).pathname) ?? {}), ...behaviour });
    },
    release() {
      everyone = { ...everyone, hold: false };
      for (const b of behaviours.values()) b.hold = false;
      for (const r of held.splice(0)) r();
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`push service: waited for ${count} pushes, got ${received.length}; rejected: ${rejected.join("; ")}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => (clearTimeout(t), resolve()));
        });
      }
      return received;
    },
    async close() {
      for (const r of held.splice(0)) r();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(ca.dir, { recursive: true, force: true });
    },
  };
}
