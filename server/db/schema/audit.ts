// The audit log (DECISIONS §2, §7).
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { instant } from "./columns";
import { users } from "./users";

// Append-only: a trigger in the migrations refuses UPDATE, DELETE and TRUNCATE.
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    reason: text("reason"),
    performedBy: uuid("performed_by").references(() => users.id),
    // Who acted when it was not a signed-in user (an emergency approver code, the system).
    performerLabel: text("performer_label"),
    beforeData: jsonb("before_data"),
    afterData: jsonb("after_data"),
    ipAddress: text("ip_address"),
    timestamp: instant("timestamp").notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_timestamp_idx").on(t.timestamp.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_action_idx").on(t.action),
    index("audit_log_performed_by_idx").on(t.performedBy),
    // A transaction's timeline reads the attachments added to and removed from it (the `edited`
    // entries of DECISIONS §4) by the transaction id their audit entries carry.
    index("audit_log_attachment_transaction_idx")
      .on(sql`(coalesce(${t.afterData}, ${t.beforeData}) ->> 'transactionId')`)
      .where(sql`${t.entityType} = 'attachment'`),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
