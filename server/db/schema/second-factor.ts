// The second factor (DECISIONS §13): passkeys, authenticator apps and recovery codes.
import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant, createdAt } from "./columns";
import { users } from "./users";

/** A WebAuthn credential of a user: the public key and signature counter the library checks assertions with. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id as the authenticator gave it, base64url. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant("last_used_at"),
  },
  (t) => [uniqueIndex("passkeys_credential_id_key").on(t.credentialId), index("passkeys_user_id_idx").on(t.userId)],
);

/**
 * A user's authenticator app (RFC 6238). Set up, the secret is pending (confirmedAt null) and signs
 * nobody in until a first code confirms it. lastUsedStep is the 30-second step of the last code
 * accepted: a code of that step or an earlier one is refused, so a code works once.
 */
export const totpSecrets = pgTable("totp_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** base32; never answered by the API after setup. */
  secret: text("secret").notNull(),
  confirmedAt: instant("confirmed_at"),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/**
 * One-time recovery codes: the SHA-256 of a random 80-bit code (a high-entropy code needs no slow
 * hash, and an exact hash lets one UPDATE … WHERE used_at IS NULL spend a code atomically).
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_key").on(t.userId, t.codeHash)],
);
