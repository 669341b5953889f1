// Authenticator-app secrets at rest (DECISIONS §13): with SECOND_FACTOR_KEY set, each secret is
// stored sealed with AES-256-GCM (node:crypto) under a key derived from it by HKDF, so a copy of the
// database alone cannot produce anyone's codes. Without the key secrets are stored as they are; a
// sealed one is recognised by its prefix, so setting the key later seals new secrets and still
// reads the old ones. The key is its own setting, not SESSION_SECRET: rotating the session secret
// must not switch off everyone's authenticator app.
import crypto from "node:crypto";

const PREFIX = "gcm1:";

function keyOf(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret, "bms-second-factor", "totp secret at rest", 32));
}

export function sealSecret(plain: string, key: string | null): string {
  if (!key) return plain;
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyOf(key), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

export function openSecret(stored: string, key: string | null): string {
  if (!stored.startsWith(PREFIX)) return stored;
  if (!key) throw new Error("An authenticator secret is sealed but SECOND_FACTOR_KEY is not set");
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  const decipher = crypto.createDecipheriv("aes-256-gcm", keyOf(key), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
