// Export batches (DECISIONS §12): each export takes every paid transaction of its dates that no
// live batch holds, keeps what the vouchers are built from, and can be downloaded again as the same
// bytes. Two exports at once never take one transaction: they run one after the other under an
// advisory lock, and the unique index on live items (db/schema/books.ts) never lets a second batch hold one.
import { and, asc, desc, eq, gt, inArray, sql, type AnyColumn } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import {
  auditLog,
  categories,
  exportBatches,
  exportItems,
  parties,
  tdsNatures,
  transactions,
  users,
  type ExportBatchRow,
  type ExportItemRow,
  type LedgerMap,
} from "../../db/schema";
import {
  BATCH_ALREADY_VOID,
  NOTHING_TO_EXPORT,
  type CreateExportBody,
  type ExportBatchAnswer,
  type ExportBatchesAnswer,
} from "../../../shared/schemas/accounting";
import { writeAudit } from "../audit";
import type { ActingContext, ServiceContext } from "../context";
import { conflict, DomainError, notFound } from "../errors";
import { getCompany } from "../company";
import { categoryKinds, ledgerClashesOf, ledgerMap, lockLedgers, type LedgerClash } from "./ledgers";
import type { CsvValue } from "../../lib/csv";
import { JOURNAL_HEADER, journalRows } from "./journal-csv";
import { ledgersNamed, sortedMasters, tallyMastersXml, tallyVouchersXml, type MasterLedger } from "./tally";
import { vouchersOf, type ExportItem, type Voucher } from "./vouchers";
import { rows } from "../../db/sql";

/** The moves after which the books may no longer agree with what was exported. */
export const CHANGES_AFTER_EXPORT = ["update", "cancel_payment", "process_payment", "force_status", "full_override", "delete"] as const;

/**
 * The GST a bill carries, as the vouchers read it (ExportGst): the whole stored GST of the
 * transaction (what was entered and the breakup computed from it), copied as it is.
 */
const gstSnapshotSql = sql`${transactions.gst}`;

/**
 * The TDS a bill deducted, as the vouchers read it (ExportTds): the amount and section kept on the
 * transaction, and the nature's TDS ledger as it is named now, kept so the file stays the same after
 * a rename. A bill that deducted nothing exports as one without TDS.
 */
const tdsSnapshotSql = sql`case when (${transactions.tds} ->> 'amount')::numeric > 0
  then jsonb_build_object('amount', ${transactions.tds} ->> 'amount', 'legacySection', ${transactions.tds} ->> 'legacySection', 'ledgerName', ${tdsNatures.ledgerName}) end`;

/** Columns as an INSERT's column list, an ON CONFLICT target or a RETURNING names them: unqualified. */
const columnNames = (...columns: AnyColumn[]) =>
  sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );

/** Items read at a time when a file is written: memory stays flat whatever the batch's size. */
const ITEM_PAGE = 1000;

const creator = alias(users, "creator");
const voider = alias(users, "voider");

async function batchAnswers(q: Queryable, where?: ReturnType<typeof eq>): Promise<ExportBatchAnswer[]> {
  const rows = await q
    .select({ b: exportBatches, creatorName: creator.name, voiderName: voider.name })
    .from(exportBatches)
    .innerJoin(creator, eq(creator.id, exportBatches.createdBy))
    .leftJoin(voider, eq(voider.id, exportBatches.voidedBy))
    .where(where)
    .orderBy(desc(exportBatches.number));
  const changed = await changedSinceExport(
    q,
    rows.filter((r) => !r.b.voidedAt).map((r) => r.b),
  );
  return rows.map(({ b, creatorName, voiderName }) => ({
    id: b.id,
    number: b.number,
    format: b.format,
    from: b.fromDate,
    to: b.toDate,
    count: b.itemCount,
    total: b.total,
    createdAt: b.createdAt.toISOString(),
    createdBy: { id: b.createdBy, name: creatorName },
    voidedAt: b.voidedAt?.toISOString() ?? null,
    voidedBy: b.voidedBy ? { id: b.voidedBy, name: voiderName ?? "" } : null,
    voidReason: b.voidReason,
    changedSinceExport: changed.get(b.id) ?? [],
  }));
}

/**
 * The transactions of live batches with a move after the batch took them that the books may not
 * agree with (a cancelled payment, an edit, an override, a forced status, a deletion): read from
 * the audit trail, which every such move writes in its own database transaction.
 */
async function changedSinceExport(
  q: Queryable,
  batches: Pick<ExportBatchRow, "id" | "createdAt">[],
): Promise<Map<string, ExportBatchAnswer["changedSinceExport"]>> {
  const out = new Map<string, ExportBatchAnswer["changedSinceExport"]>();
  if (batches.length === 0) return out;
  const rows = await q
    .select({
      batchId: exportItems.batchId,
      id: exportItems.transactionId,
      humanReadableId: exportItems.humanReadableId,
      changedAt: sql<string>`max(${auditLog.timestamp})`,
    })
    .from(exportItems)
    .innerJoin(exportBatches, eq(exportBatches.id, exportItems.batchId))
    .innerJoin(
      auditLog,
      and(
        eq(auditLog.entityType, "transaction"),
        eq(auditLog.entityId, sql`${exportItems.transactionId}::text`),
        gt(auditLog.timestamp, exportBatches.createdAt),
        inArray(auditLog.action, [...CHANGES_AFTER_EXPORT]),
      ),
    )
    .where(
      and(
        inArray(
          exportItems.batchId,
          batches.map((b) => b.id),
        ),
        eq(exportItems.live, true),
      ),
    )
    .groupBy(exportItems.batchId, exportItems.transactionId, exportItems.humanReadableId)
    .orderBy(asc(exportItems.humanReadableId));
  for (const r of rows) {
    const list = out.get(r.batchId) ?? [];
    list.push({ id: r.id, humanReadableId: r.humanReadableId, changedAt: new Date(r.changedAt).toISOString() });
    out.set(r.batchId, list);
  }
  return out;
}

/** GET /api/accounting/exports: newest first. */
export async function listExports(ctx: Pick<ServiceContext, "db">): Promise<ExportBatchesAnswer> {
  return { batches: await batchAnswers(ctx.db) };
}

async function batchAnswer(q: Queryable, id: string): Promise<ExportBatchAnswer> {
  const [answer] = await batchAnswers(q, eq(exportBatches.id, id));
  if (!answer) throw notFound("Export batch not found");
  return answer;
}

/**
 * POST /api/accounting/exports: every Paid or Completed transaction paid in [from, to] that no
 * live batch holds, in one batch with a copy of what its vouchers are built from. 409 when none.
 */
export async function createExport(ctx: ActingContext, body: CreateExportBody): Promise<ExportBatchAnswer> {
  const { db, actor, ip } = ctx;
  const now = ctx.clock();
  const id = await db.transaction(async (tx) => {
    // One export at a time: the second waits, then sees what the first took.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('books-export'))`);
    // A period's paid transactions are taken in one statement, however many: the requests' statement
    // timeout is meant for reads, and this job runs alone (the lock above), so it may take longer.
    await tx.execute(sql`set local statement_timeout = '300s'`);
    await lockLedgers(tx);
    const company = await getCompany(tx);
    const ledgers: LedgerMap = { ...(await ledgerMap(tx)), categoryKinds: await categoryKinds(tx) };
    const [batch] = await tx
      .insert(exportBatches)
      .values({
        number: sql`(select coalesce(max(${exportBatches.number}), 0) + 1 from ${exportBatches})`,
        format: body.format,
        fromDate: body.from,
        toDate: body.to,
        itemCount: 0,
        total: "0",
        companyName: company.legalName,
        ledgers,
        createdBy: actor.id,
        createdAt: now,
      })
      .returning({ id: exportBatches.id, number: exportBatches.number });
    // One statement, set-based: the range's paid transactions (transactions_paid_date_idx), less
    // those a live batch holds, skipped by the unique index on live items (ON CONFLICT: one probe a
    // row). Not an anti-join on export_items: planned while that table is small (empty before the
    // first export), it rescans the table for every row taken, quadratic in the batch's size.
    const [sums] = await rows<{ count: number; total: string }>(
      tx,
      sql`
        with taken as (
          insert into ${exportItems} (${columnNames(
            exportItems.batchId,
            exportItems.transactionId,
            exportItems.humanReadableId,
            exportItems.formType,
            exportItems.amount,
            exportItems.transactionDate,
            exportItems.paidDate,
            exportItems.paymentMethod,
            exportItems.categoryId,
            exportItems.categoryName,
            exportItems.description,
            exportItems.partyName,
            exportItems.partyGstin,
            exportItems.claimantName,
            exportItems.gst,
            exportItems.tds,
          )})
          select ${batch!.id}, ${transactions.id}, ${transactions.humanReadableId}, ${transactions.formType}, ${transactions.amount}, ${transactions.transactionDate}, ${transactions.paidDate},
                 ${transactions.paymentMethod}, ${transactions.categoryId}, ${categories.name}, ${transactions.description}, ${parties.name}, ${parties.gstin}, ${transactions.claimantName},
                 ${gstSnapshotSql}, ${tdsSnapshotSql}
            from ${transactions}
            join ${categories} on ${categories.id} = ${transactions.categoryId}
            left join ${parties} on ${parties.id} = ${transactions.partyId}
            left join ${tdsNatures} on ${tdsNatures.id}::text = ${transactions.tds} ->> 'natureId'
           where ${transactions.status} in ('Paid', 'Completed')
             and ${transactions.paidDate} between ${body.from}::date and ${body.to}::date
          on conflict (${columnNames(exportItems.transactionId)}) where ${columnNames(exportItems.live)} do nothing
          returning ${columnNames(exportItems.amount)})
        select count(*)::int as "count", coalesce(sum(${columnNames(exportItems.amount)}), 0)::numeric(14,2)::text as "total" from taken`,
    );
    if (!sums || sums.count === 0) throw conflict(NOTHING_TO_EXPORT, "nothing_to_export");
    // One name, one ledger in TallyPrime: a batch that would write two ledgers under one name
    // (a party named like a ledger before that was refused) is refused whole, and nothing is kept.
    const clashes = await ledgerClashesOf(vouchersOfBatch(tx, { id: batch!.id, ledgers }));
    if (clashes.length > 0) throw ledgerClashRefusal(clashes);
    await tx.update(exportBatches).set({ itemCount: sums.count, total: sums.total }).where(eq(exportBatches.id, batch!.id));
    await writeAudit(tx, ctx, {
      action: "export_created",
      entityType: "export_batch",
      entityId: batch!.id,
      actor,
      after: { number: batch!.number, format: body.format, from: body.from, to: body.to, count: sums.count, total: sums.total },
      ipAddress: ip,
    });
    return batch!.id;
  });
  return batchAnswer(db, id);
}

/** 409 listing each name the batch would write two ledgers under, and what they are. */
function ledgerClashRefusal(clashes: LedgerClash[]): DomainError {
  const list = clashes.map((c) => `“${c.name}”: ${c.ledgers.join(" and ")}`).join("; ");
  return new DomainError(
    "conflict",
    `Nothing was exported: TallyPrime keeps one name for one ledger, whatever its case and spaces, and this export would write two ledgers under one name (${list}). Rename the party, or the ledger on Admin → Ledgers, then export again.`,
    { code: "ledger_name_clash", clashes },
  );
}

/** POST /api/accounting/exports/:id/void: the batch's transactions may be exported again. */
export async function voidExport(ctx: ActingContext, id: string, reason: string): Promise<ExportBatchAnswer> {
  const { db, actor, ip } = ctx;
  const now = ctx.clock();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(exportBatches).where(eq(exportBatches.id, id)).for("update");
    if (!row) throw notFound("Export batch not found");
    if (row.voidedAt) throw conflict(BATCH_ALREADY_VOID, "already_void");
    await tx.update(exportBatches).set({ voidedAt: now, voidedBy: actor.id, voidReason: reason }).where(eq(exportBatches.id, id));
    await tx.update(exportItems).set({ live: false }).where(eq(exportItems.batchId, id));
    await writeAudit(tx, ctx, {
      action: "export_voided",
      entityType: "export_batch",
      entityId: id,
      actor,
      reason,
      before: { number: row.number, voided: false },
      after: { number: row.number, voided: true, count: row.itemCount, total: row.total },
      ipAddress: ip,
    });
  });
  return batchAnswer(db, id);
}

/** The batch a transaction is in, while that batch is live. */
export async function exportedIn(q: Queryable, transactionId: string): Promise<{ batchId: string; number: number } | null> {
  const [row] = await q
    .select({ batchId: exportBatches.id, number: exportBatches.number })
    .from(exportItems)
    .innerJoin(exportBatches, eq(exportBatches.id, exportItems.batchId))
    .where(and(eq(exportItems.transactionId, transactionId), eq(exportItems.live, true)))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- files

export type ExportFile = { batch: ExportBatchRow; fileName: string; contentType: string; body: AsyncIterable<string> };

async function batchRow(q: Queryable, id: string): Promise<ExportBatchRow> {
  const [row] = await q.select().from(exportBatches).where(eq(exportBatches.id, id));
  if (!row) throw notFound("Export batch not found");
  return row;
}

function exportItemOf(r: ExportItemRow): ExportItem {
  return {
    transactionId: r.transactionId,
    humanReadableId: r.humanReadableId,
    formType: r.formType,
    amount: r.amount,
    transactionDate: r.transactionDate,
    paidDate: r.paidDate,
    paymentMethod: r.paymentMethod,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    description: r.description,
    party: r.partyName ? { name: r.partyName, gstin: r.partyGstin } : null,
    claimant: r.claimantName ? { name: r.claimantName } : null,
    gst: r.gst ?? null,
    tds: r.tds ?? null,
  };
}

/** The batch's items in the file's order (paid date, then number), a page at a time. */
async function* itemsOf(q: Queryable, batchId: string): AsyncGenerator<ExportItem> {
  let after: { paidDate: string; humanReadableId: string } | null = null;
  for (;;) {
    const cursor = after;
    const page: ExportItemRow[] = await q
      .select()
      .from(exportItems)
      .where(
        and(
          eq(exportItems.batchId, batchId),
          cursor ? sql`(${exportItems.paidDate}, ${exportItems.humanReadableId}) > (${cursor.paidDate}::date, ${cursor.humanReadableId})` : undefined,
        ),
      )
      .orderBy(asc(exportItems.paidDate), asc(exportItems.humanReadableId))
      .limit(ITEM_PAGE);
    for (const r of page) yield exportItemOf(r);
    if (page.length < ITEM_PAGE) return;
    const last = page[page.length - 1]!;
    after = { paidDate: last.paidDate, humanReadableId: last.humanReadableId };
  }
}

/** Every voucher of a batch, in the file's order, built from what the batch kept. */
async function* vouchersOfBatch(q: Queryable, batch: Pick<ExportBatchRow, "id" | "ledgers">): AsyncGenerator<Voucher> {
  for await (const item of itemsOf(q, batch.id)) yield* vouchersOf(item, batch.ledgers);
}

async function* journalRowsOf(q: Queryable, batch: ExportBatchRow): AsyncGenerator<CsvValue[]> {
  for await (const v of vouchersOfBatch(q, batch)) yield* journalRows(v);
}

const baseName = (b: ExportBatchRow) => `books-batch-${b.number}_${b.fromDate}_${b.toDate}`;

/**
 * GET /api/accounting/exports/:id/file: the batch's file, built only from what the batch kept, so
 * the same bytes each time (a voided batch still downloads, for the record).
 */
export async function exportFile(
  ctx: Pick<ServiceContext, "db">,
  id: string,
): Promise<ExportFile | { csv: true; batch: ExportBatchRow; fileName: string; header: readonly string[]; rows: AsyncIterable<CsvValue[]> }> {
  const batch = await batchRow(ctx.db, id);
  if (batch.format === "csv") return { csv: true, batch, fileName: `${baseName(batch)}.csv`, header: JOURNAL_HEADER, rows: journalRowsOf(ctx.db, batch) };
  return {
    batch,
    fileName: `${baseName(batch)}.xml`,
    contentType: "application/xml; charset=utf-8",
    body: tallyVouchersXml(batch.companyName, vouchersOfBatch(ctx.db, batch)),
  };
}

/** GET /api/accounting/exports/:id/masters: the Tally masters file creating every ledger the batch names. */
export async function exportMasters(ctx: Pick<ServiceContext, "db">, id: string): Promise<{ fileName: string; xml: string }> {
  const batch = await batchRow(ctx.db, id);
  const named = new Map<string, MasterLedger>();
  for await (const v of vouchersOfBatch(ctx.db, batch)) ledgersNamed([v], named);
  return { fileName: `${baseName(batch)}_masters.xml`, xml: tallyMastersXml(batch.companyName, sortedMasters(named)) };
}
