// The audit log (DECISIONS §2, §7).
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { instant } from "./columns";
import { users } from "./users";

type AuditColumns = Record<"action" | "entityType" | "entityId" | "performerLabel" | "afterData" | "beforeData", AnyColumn>;

/**
 * The words of an entry's own row the audit search reads anywhere in them (action, entity type, an
 * emergency approver's code), as one text for one trigram index; the query uses this same
 * expression, so the planner sees the index's. ␟ keeps the parts apart. The entity id is matched
 * from its start instead (auditEntityIdKey): trigrams of every uuid would double the table's size.
 */
export function auditSearchText(t: Pick<AuditColumns, "action" | "entityType" | "performerLabel">): SQL {
  return sql`(${t.action} || '␟' || ${t.entityType} || '␟' || coalesce(${t.performerLabel}, ''))`;
}

/** The entity id as the search matches it: lower-case, from its start (a pasted id or its first characters). */
export function auditEntityIdKey(t: Pick<AuditColumns, "entityId">): SQL {
  return sql`lower(${t.entityId})`;
}

/** The employee an attendance, leave or name-mapping entry is about: the id its data carries. */
export function auditEmployeeId(t: Pick<AuditColumns, "afterData" | "beforeData">): SQL {
  return sql`(coalesce(${t.afterData}, ${t.beforeData}) ->> 'employeeId')`;
}

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
    // The audit search (DECISIONS §7, services/audit-query.ts): a word anywhere in the entry's own
    // row, its entity id from the start; the entries about an employee; a deleted transaction
    // found by its TXN number.
    index("audit_log_search_trgm_idx").using("gin", sql`${auditSearchText(t)} gin_trgm_ops`),
    index("audit_log_entity_id_prefix_idx").on(sql`${auditEntityIdKey(t)} text_pattern_ops`),
    index("audit_log_employee_idx")
      .on(auditEmployeeId(t))
      .where(sql`${t.entityType} in ('attendance', 'leave', 'name_mapping')`),
    index("audit_log_deleted_transaction_idx")
      .on(sql`(${t.beforeData} ->> 'humanReadableId')`)
      .where(sql`${t.entityType} = 'transaction' and ${t.action} = 'delete'`),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
