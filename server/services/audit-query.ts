// Reading the audit trail (spec 001 §2; DECISIONS §7): filtered pages newest first, the filter
// choices, and a CSV export read in keyset pages so memory stays flat however long the trail.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { auditLog, users } from "../db/schema";
import type { CsvValue } from "../lib/csv";
import type { AuditEntryView, AuditFacets, AuditFilter, AuditPage, AuditQuery } from "../../shared/schemas/audit";
import { type ServiceContext } from "./context";
import { containsPattern } from "./sql";

export function auditWhere(filter: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.search) {
    const p = containsPattern(filter.search);
    parts.push(or(ilike(auditLog.action, p), ilike(auditLog.entityType, p), ilike(auditLog.entityId, p)));
  }
  if (filter.entityType) parts.push(eq(auditLog.entityType, filter.entityType));
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  return parts.length ? and(...parts) : undefined;
}

const entryColumns = {
  entry: auditLog,
  performerName: users.name,
  performerUsername: users.username,
};

type EntryRow = { entry: typeof auditLog.$inferSelect; performerName: string | null; performerUsername: string | null };

function presentEntry(r: EntryRow): AuditEntryView {
  const e = r.entry;
  return {
    id: e.id,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId,
    reason: e.reason,
    timestamp: e.timestamp.toISOString(),
    performedBy: e.performedBy,
    performer: e.performedBy && r.performerUsername !== null ? { name: r.performerName ?? "", username: r.performerUsername } : null,
    performerLabel: e.performerLabel,
    beforeData: e.beforeData,
    afterData: e.afterData,
    ipAddress: e.ipAddress,
  };
}

export async function listAudit(ctx: ServiceContext, query: AuditQuery): Promise<AuditPage> {
  const { db: q } = ctx;
  const where = auditWhere(query);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.performedBy))
      .where(where)
      .orderBy(desc(auditLog.timestamp), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    q.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(presentEntry), total: Number(total), page: query.page, limit: query.limit };
}

export async function auditFacets(ctx: ServiceContext): Promise<AuditFacets> {
  const { db: q } = ctx;
  const [types, actions] = await Promise.all([
    q.selectDistinct({ v: auditLog.entityType }).from(auditLog).orderBy(asc(auditLog.entityType)),
    q.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  return { entityTypes: types.map((r) => r.v), actions: actions.map((r) => r.v) };
}

export const AUDIT_CSV_HEADER = [
  "Timestamp",
  "Action",
  "Entity Type",
  "Entity ID",
  "Reason",
  "Performed By",
  "Performer Name",
  "IP Address",
  "Before",
  "After",
] as const;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/**
 * The export's rows, newest first, read a page at a time by (timestamp, id) so the database
 * never holds a big result for us and a client that goes away stops the reading.
 */
export async function* auditCsvRows(ctx: Pick<ServiceContext, "db">, filter: AuditFilter, pageSize = 1000): AsyncGenerator<CsvValue[]> {
  const { db: q } = ctx;
  const where = auditWhere(filter);
  let afterId: string | null = null;
  for (;;) {
    // Compared in the database at full (microsecond) precision, which a JS Date would lose.
    const cursor: SQL | undefined = afterId
      ? sql`(${auditLog.timestamp}, ${auditLog.id}) < (select a.timestamp, a.id from audit_log a where a.id = ${afterId})`
      : undefined;
    const rows: EntryRow[] = await q
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.performedBy))
      .where(and(where, cursor))
      .orderBy(desc(auditLog.timestamp), desc(auditLog.id))
      .limit(pageSize);
    for (const r of rows) {
      const e = r.entry;
      yield [
        e.timestamp,
        e.action,
        e.entityType,
        e.entityId,
        e.reason,
        r.performerUsername ?? e.performerLabel,
        r.performerName,
        e.ipAddress,
        json(e.beforeData),
        json(e.afterData),
      ];
    }
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1].entry.id;
  }
}

