// Emergency approvals (DECISIONS §5, §10): the links sent, the approver codes' PINs and wrong PINs.
import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { instant, createdAt, updatedAt } from "./columns";
import { emergencyLinkActionEnum } from "./enums";
import { transactions } from "./finance";
import { users } from "./users";

export const emergencyLinks = pgTable(
  "emergency_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    // The approve and reject links of one issue share a pair id; using either uses up both.
    pairId: uuid("pair_id").notNull(),
    action: emergencyLinkActionEnum("action").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    usedByCode: text("used_by_code"),
    voidedAt: instant("voided_at"),
    createdBy: uuid("created_by").references(() => users.id),
    // The transaction as it was sent (services/transactions/emergency.ts): its approval round and a
    // SHA-256 of what the approver is shown. A link whose transaction no longer matches decides
    // nothing. Null on links issued before these columns existed: those are void.
    round: integer("round"),
    fingerprint: text("fingerprint"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("emergency_links_token_hash_key").on(t.tokenHash),
    index("emergency_links_transaction_idx").on(t.transactionId),
    index("emergency_links_pair_idx").on(t.pairId),
    // Voiding the unused links of an issuer who is disabled, deleted or given another role (migration 0007's trigger).
    index("emergency_links_unused_by_issuer_idx")
      .on(t.createdBy)
      .where(sql`${t.usedAt} is null and ${t.voidedAt} is null`),
  ],
);

/** The PIN of each emergency approver code (DECISIONS §10), an argon2id hash; never answered by the API. */
export const emergencyApproverPins = pgTable("emergency_approver_pins", {
  code: text("code").primaryKey(),
  pinHash: text("pin_hash").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/** A wrong PIN for an emergency approver code (emergency-pins.ts): 5 within 15 minutes lock the code. */
export const emergencyPinFailures = pgTable(
  "emergency_pin_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    code: text("code").notNull(),
    ipAddress: text("ip_address").notNull(),
    at: instant("at").notNull().defaultNow(),
  },
  (t) => [index("emergency_pin_failures_code_idx").on(t.code, t.at)],
);
