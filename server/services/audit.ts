// The one way to write the audit trail. Call it with the transaction that makes the change, so
// the entry and the change commit together (DECISIONS §2).
import type { Queryable } from "../db/client";
import { auditLog } from "../db/schema";
import type { Actor } from "../context";

export type AuditEntry = {
  action: string;
  entityType: "transaction" | "approval" | "attachment" | "user" | "session" | "category" | "budget" | "system" | "employee" | "department" | "attendance" | "attendance_policy" | "import" | "name_mapping" | "emergency_link" | "setting" | "leave" | "approval_rule" | "party" | "export_batch" | "delegation" | "tds_nature" | "leave_request" | "regularisation";
  entityId?: string | null;
  actor?: Pick<Actor, "id"> | null;
  /** Who acted when it is not a signed-in user, e.g. an emergency approver code. */
  performerLabel?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
  /**
   * When it happened, from the app's clock (AppDeps.clock); the database's now() when absent. A
   * transaction's moves pass it, so their timeline tells the moments the clock gave (the demo seed
   * plays each story at its own past moments).
   */
  at?: Date;
};

export async function writeAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.insert(auditLog).values({
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    performedBy: entry.actor?.id ?? null,
    performerLabel: entry.performerLabel ?? null,
    reason: entry.reason ?? null,
    beforeData: entry.before === undefined ? null : (JSON.parse(JSON.stringify(entry.before)) as unknown),
    afterData: entry.after === undefined ? null : (JSON.parse(JSON.stringify(entry.after)) as unknown),
    ipAddress: entry.ipAddress ?? null,
    ...(entry.at ? { timestamp: entry.at } : {}),
  });
}
