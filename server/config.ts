// Configuration from the environment (DECISIONS §1). Everything is optional for a local run.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGLITE_SHARED_BUFFERS_MB, POSTGRES_POOL_DEFAULTS, type PostgresPoolOptions } from "./db/client";

export type Config = {
  port: number;
  databaseUrl: string | null;
  /** PostgreSQL only: the role that owns the tables runs the migrations through this URL (docs/operations.md). */
  migrationDatabaseUrl: string | null;
  dataDir: string;
  /** Embedded database only: its buffer cache in MB (client.ts PGLITE_SHARED_BUFFERS_MB). */
  pgliteSharedBuffersMb: number;
  /** PostgreSQL only: the pool's size, how long a request waits for a connection, and each query's limit. */
  databasePool: PostgresPoolOptions;
  sessionSecret: string;
  /** Key for HMAC-signed local upload URLs. */
  uploadSigningKey: string;
  gcsBucket: string | null;
  publicUrl: string;
  /** WebAuthn relying party: the domain passkeys are bound to (RP_ID, else PUBLIC_URL's host name). */
  rpId: string;
  /** The origins a passkey ceremony may come from (ORIGIN, comma-separated, else PUBLIC_URL's origin). */
  webauthnOrigins: string[];
  /** Seals authenticator-app secrets at rest when set (auth/secret-box.ts). */
  secondFactorKey: string | null;
  appTimezone: string;
  /** Email over SMTP (DECISIONS §14): SMTP_URL and MAIL_FROM; null when SMTP_URL is unset (no email). */
  mail: { smtpUrl: string; from: string } | null;
  /** Web Push: VAPID keys given in the environment (else made at first start and kept in the database). */
  vapid: { publicKey: string | null; privateKey: string | null; subject: string };
  /** PUSH_ALLOWED_HOSTS: the only push services the server sends to; null: any host. */
  pushAllowedHosts: string[] | null;
  emergencyLinkTtlHours: number;
  adminUsername: string;
  adminPassword: string | null;
  isProduction: boolean;
  logLevel: string;
};

type Env = Record<string, string | undefined>;

/** A local .env file (see .env.example) fills in what the environment does not set. */
export function loadDotEnv(file = path.resolve(".env")): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

/** Secrets not given in the environment are generated once and kept in DATA_DIR (never in the repo). */
function loadGeneratedSecrets(dataDir: string): { sessionSecret: string; uploadSigningKey: string } {
  const file = path.join(dataDir, "secrets.json");
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8"));
    if (parsed.sessionSecret && parsed.uploadSigningKey) return parsed;
  } catch {
    // first start: fall through and generate
  }
  const secrets = {
    sessionSecret: crypto.randomBytes(32).toString("base64url"),
    uploadSigningKey: crypto.randomBytes(32).toString("base64url"),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: Env = process.env): Config {
  const isProduction = env.NODE_ENV === "production";
  // PORT=0 asks the system for a free port (tests).
  const port = env.PORT === "0" ? 0 : positiveInt(env, "PORT", 5000);
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  if (isProduction && !env.SESSION_SECRET) throw new Error("SESSION_SECRET is required when NODE_ENV=production");
  const generated = env.SESSION_SECRET && env.UPLOAD_SIGNING_KEY ? null : loadGeneratedSecrets(dataDir);
  const timezone = env.APP_TIMEZONE || "Asia/Kolkata";
  try {
    new Intl.DateTimeFormat("en-IN", { timeZone: timezone });
  } catch {
    throw new Error(`APP_TIMEZONE "${timezone}" is not a known time zone`);
  }
  // Links in emails must open the app from anywhere: with SMTP on, the address is not guessed.
  if (env.SMTP_URL && !env.PUBLIC_URL) throw new Error("PUBLIC_URL is required when SMTP_URL is set (the address links in emails open)");
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  const origins = (env.ORIGIN || new URL(publicUrl).origin)
    .split(",")
    .map((o) => o.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  return {
    port,
    databaseUrl: env.DATABASE_URL || null,
    migrationDatabaseUrl: env.DATABASE_URL ? env.MIGRATION_DATABASE_URL || null : null,
    dataDir,
    pgliteSharedBuffersMb: positiveInt(env, "PGLITE_SHARED_BUFFERS_MB", PGLITE_SHARED_BUFFERS_MB),
    databasePool: {
      max: positiveInt(env, "DATABASE_POOL_SIZE", POSTGRES_POOL_DEFAULTS.max),
      waitMs: positiveInt(env, "DATABASE_WAIT_MS", POSTGRES_POOL_DEFAULTS.waitMs),
      statementTimeoutMs: positiveInt(env, "DATABASE_STATEMENT_TIMEOUT_MS", POSTGRES_POOL_DEFAULTS.statementTimeoutMs),
    },
    sessionSecret: env.SESSION_SECRET || generated!.sessionSecret,
    uploadSigningKey: env.UPLOAD_SIGNING_KEY || env.SESSION_SECRET || generated!.uploadSigningKey,
    gcsBucket: env.GCS_BUCKET || null,
    publicUrl,
    rpId: env.RP_ID || new URL(publicUrl).hostname,
    webauthnOrigins: origins,
    secondFactorKey: env.SECOND_FACTOR_KEY || null,
    appTimezone: timezone,
    mail: mailConfig(env, publicUrl),
    vapid: vapidConfig(env, publicUrl),
    pushAllowedHosts: env.PUSH_ALLOWED_HOSTS
      ? env.PUSH_ALLOWED_HOSTS.split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : null,
    emergencyLinkTtlHours: positiveInt(env, "EMERGENCY_LINK_TTL_HOURS", 24),
    adminUsername: env.ADMIN_USERNAME || "admin",
    adminPassword: env.ADMIN_PASSWORD || null,
    isProduction,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === "test" ? "silent" : "info"),
  };
}

function mailConfig(env: Env, publicUrl: string): Config["mail"] {
  if (!env.SMTP_URL) return null;
  let url: URL;
  try {
    url = new URL(env.SMTP_URL);
  } catch {
    throw new Error("SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error("SMTP_URL must start with smtp:// or smtps://");
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM || `Business Management System <no-reply@${new URL(publicUrl).hostname}>` };
}

/** Both keys or neither; the subject (a mailto: or https: URL the push services may write to) defaults from PUBLIC_URL or MAIL_FROM. */
function vapidConfig(env: Env, publicUrl: string): Config["vapid"] {
  const publicKey = env.VAPID_PUBLIC_KEY || null;
  const privateKey = env.VAPID_PRIVATE_KEY || null;
  if (Boolean(publicKey) !== Boolean(privateKey)) throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all");
  const mailbox = env.MAIL_FROM?.match(/<([^>]+)>/)?.[1] ?? (env.MAIL_FROM?.includes("@") ? env.MAIL_FROM.trim() : null);
  const subject = env.VAPID_SUBJECT || (publicUrl.startsWith("https://") ? publicUrl : `mailto:${mailbox ?? `admin@${new URL(publicUrl).hostname}`}`);
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error("VAPID_SUBJECT must be a mailto: address or an https: URL");
  return { publicKey, privateKey, subject };
}
