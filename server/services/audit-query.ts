// Reading the audit trail (spec 001 §2; DECISIONS §7): filtered pages newest first, the filter
// choices, and a CSV export read in keyset pages so memory stays flat however long the trail.
import { and, asc, count, countDistinct, desc, eq, notInArray, sql, type SQL } from "drizzle-orm";
import { auditEmployeeId, auditEntityIdKey, auditLog, auditSearchText, employees, parties, transactions, users } from "../db/schema";
import type { CsvValue } from "../lib/csv";
import { NON_CHANGE_ACTIONS, type AuditEntryView, type AuditFacets, type AuditFilter, type AuditPage, type AuditQuery } from "../../shared/schemas/audit";
import { type ServiceContext } from "./context";
import { containsPattern, prefixPattern } from "../db/sql";

/** "TXN-000305", "txn 305", "000305", "305": the TXN number a search names, or null. */
export function txnNumberIn(search: string): string | null {
  const m = /^(?:txn[\s-]?)?0*(\d{1,12})$/i.exec(search.trim());
  return m ? `TXN-${m[1]!.padStart(6, "0")}` : null;
}

/**
 * What a search finds (DECISIONS §7), each arm served by an index so the OR is a bitmap of index
 * scans, never a scan of the whole trail: the words in the entry's own row (action, entity type, an
 * approver code: the trigram index), its entity id from the start (a pasted id, or its first
 * characters); the entries performed by, or about, a user whose
 * name or username matches; those about a party or an employee whose name matches (an employee's
 * attendance days, leave and name mappings by the id their data carries); and those about a
 * transaction named by its TXN number or naming a matching party: the transaction's own entries,
 * its emergency links and its attachments, also once it is deleted (by the number its deletion
 * recorded). Each list of ids is read once, before the scan (ARRAY(subquery)).
 */
function searchCondition(search: string): SQL {
  const p = containsPattern(search);
  const people = sql`array(select ${users.id} from ${users} where ${users.name} ilike ${p} or ${users.username} ilike ${p})`;
  const peopleIds = sql`array(select ${users.id}::text from ${users} where ${users.name} ilike ${p} or ${users.username} ilike ${p})`;
  const partyMatches = sql`lower(${parties.name}) like lower(${p})`;
  const partyIds = sql`array(select ${parties.id} from ${parties} where ${partyMatches})`;
  const partyIdsText = sql`array(select ${parties.id}::text from ${parties} where ${partyMatches})`;
  const employeeIds = sql`array(select ${employees.id}::text from ${employees} where ${employees.employeeName} ilike ${p})`;
  const number = txnNumberIn(search);
  const byNumber = number
    ? sql`select ${transactions.id}::text from ${transactions} where ${transactions.humanReadableId} = ${number}
          union all
          select deleted.entity_id from ${auditLog} deleted
           where deleted.entity_type = 'transaction' and deleted.action = 'delete' and (deleted.before_data ->> 'humanReadableId') = ${number}
          union all `
    : sql``;
  const transactionIds = sql`array(${byNumber}select ${transactions.id}::text from ${transactions} where ${transactions.partyId} = any(${partyIds}))`;
  return sql`(${auditSearchText(auditLog)} ilike ${p}
    or ${auditEntityIdKey(auditLog)} like ${prefixPattern(search.toLowerCase())}
    or ${auditLog.performedBy} = any(${people})
    or (${auditLog.entityType} = 'user' and ${auditLog.entityId} = any(${peopleIds}))
    or (${auditLog.entityType} = 'party' and ${auditLog.entityId} = any(${partyIdsText}))
    or (${auditLog.entityType} = 'employee' and ${auditLog.entityId} = any(${employeeIds}))
    or (${auditLog.entityType} in ('attendance', 'leave', 'name_mapping') and ${auditEmployeeId(auditLog)} = any(${employeeIds}))
    or (${auditLog.entityType} in ('transaction', 'emergency_link') and ${auditLog.entityId} = any(${transactionIds}))
    or (${auditLog.entityType} = 'attachment' and (coalesce(${auditLog.afterData}, ${auditLog.beforeData}) ->> 'transactionId') = any(${transactionIds})))`;
}

export function auditWhere(filter: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.search?.trim()) parts.push(searchCondition(filter.search.trim()));
  if (filter.entityType) parts.push(eq(auditLog.entityType, filter.entityType));
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  if (filter.changesOnly) parts.push(notInArray(auditLog.action, [...NON_CHANGE_ACTIONS]));
  return parts.length ? and(...parts) : undefined;
}

/**
 * The TXN number an entry is about, read in the same statement: the transaction itself while it
 * exists, else the number its own before/after data recorded (a deleted transaction, an attachment).
 * A subquery, not a join: PostgreSQL runs it for the page's rows only, after the sort and limit,
 * where a join would hash the whole transactions table for every search.
 * The CASE keeps the uuid cast to transaction and emergency-link entries, whose ids are always the
 * transaction's uuid.
 */
const humanReadableId = sql<string | null>`coalesce(
  (select ${transactions.humanReadableId} from ${transactions}
    where ${transactions.id} = case when ${auditLog.entityType} in ('transaction', 'emergency_link') then ${auditLog.entityId}::uuid end),
  ${auditLog.afterData} ->> 'humanReadableId', ${auditLog.beforeData} ->> 'humanReadableId')`;

const entryColumns = {
  entry: auditLog,
  performerName: users.name,
  performerUsername: users.username,
  humanReadableId,
};

type EntryRow = { entry: typeof auditLog.$inferSelect; performerName: string | null; performerUsername: string | null; humanReadableId: string | null };

/** The delegator an approval was given for, as its entry recorded them at the time (DECISIONS §11), else null. */
function onBehalfOfIn(e: EntryRow["entry"]): { name: string } | null {
  if (e.entityType !== "transaction" || e.action !== "approve") return null;
  const name = (e.afterData as { onBehalfOf?: { name?: unknown } } | null)?.onBehalfOf?.name;
  return typeof name === "string" ? { name } : null;
}

/** "Anita Desai for Rajesh Sharma" for an approval on a delegator's behalf; the performer's own name otherwise. */
function performerName(r: EntryRow): string | null {
  const behalf = onBehalfOfIn(r.entry);
  return behalf && r.performerName !== null ? `${r.performerName} for ${behalf.name}` : r.performerName;
}

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
    onBehalfOf: onBehalfOfIn(e),
    humanReadableId: r.humanReadableId,
    beforeData: e.beforeData,
    afterData: e.afterData,
    ipAddress: e.ipAddress,
  };
}

export async function listAudit(ctx: ServiceContext, query: AuditQuery): Promise<AuditPage> {
  const { db: q } = ctx;
  const where = auditWhere(query);
  const [rows, [summary]] = await Promise.all([
    q
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.performedBy))
      .where(where)
      .orderBy(desc(auditLog.timestamp), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    // The cards: every number over the same entries, those the filters match.
    q
      .select({
        total: count(),
        positive: sql<number>`count(*) filter (where ${auditLog.action} ~* '(create|approve)')`,
        modifications: sql<number>`count(*) filter (where ${auditLog.action} ~* '(update|edit)')`,
        entityTypes: countDistinct(auditLog.entityType),
      })
      .from(auditLog)
      .where(where),
  ]);
  const total = Number(summary?.total ?? 0);
  return {
    entries: rows.map(presentEntry),
    total,
    page: query.page,
    limit: query.limit,
    summary: {
      total,
      positive: Number(summary?.positive ?? 0),
      modifications: Number(summary?.modifications ?? 0),
      entityTypes: Number(summary?.entityTypes ?? 0),
    },
  };
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
  "Transaction",
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
        r.humanReadableId,
        e.reason,
        r.performerUsername ?? e.performerLabel,
        performerName(r),
        e.ipAddress,
        json(e.beforeData),
        json(e.afterData),
      ];
    }
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1].entry.id;
  }
}
