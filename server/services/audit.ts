// The one way to write the audit trail. Call it with the transaction that makes the change, so
// the entry and the change commit together (DECISIONS §2).
import type { Queryable } from "../db/client";
import { auditLog } from "../db/schema";
import type { Actor } from "../context";
import type { ServiceContext } from "./context";

export type AuditEntry = {
  action: string;
  entityType:
    | "transaction"
    | "approval"
    | "attachment"
    | "user"
    | "session"
    | "category"
    | "budget"
    | "system"
    | "employee"
    | "department"
    | "attendance"
    | "attendance_policy"
    | "import"
    | "name_mapping"
    | "emergency_link"
    | "setting"
    | "leave"
    | "approval_rule"
    | "party"
    | "export_batch"
    | "delegation"
    | "tds_nature"
    | "leave_request"
    | "regularisation";
  entityId?: string | null;
  actor?: Pick<Actor, "id"> | null;
  /** Who acted when it is not a signed-in user, e.g. an emergency approver code. */
  performerLabel?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
};

/**
 * Writes one entry, stamped by the context's clock (AppDeps.clock), never the database's: the trail
 * and the rows it describes tell the same moments, and a chosen clock (the tests', the demo seed's
 * past stories) is the trail's clock too.
 */
export async function writeAudit(q: Queryable, ctx: Pick<ServiceContext, "clock">, entry: AuditEntry): Promise<void> {
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
    timestamp: ctx.clock(),
  });
}
