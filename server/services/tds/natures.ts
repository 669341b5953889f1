// TDS natures (DECISIONS §12), the SuperAdmin's: listed, created, changed and deleted here, each
// change audited in its own database transaction. A bill keeps the TDS decided for it, so changing a
// nature never changes a bill already decided; a nature a bill or a party names is deactivated, not
// deleted, so those keep meaning what they meant. What a nature means for a bill is shared/tds.ts.
import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { parties, tdsNatures, transactions, type TdsNatureRow } from "../../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { writeAudit } from "../audit";
import { isUniqueViolation } from "../../db/errors";
import { presentAmount } from "../../presenters/transactions";
import { TDS_MESSAGES, type TdsNature, type TdsNatureBody, type TdsNatureChanges } from "../../../shared/schemas/tds";
import type { TdsNatureTerms } from "../../../shared/tds";
import type { ActingContext, ServiceContext } from "../context";
import { assertNoPartyNamed, lockLedgers } from "../books/ledgers";

const M = TDS_MESSAGES;

const moneyOrNull = (v: string | null) => (v === null ? null : presentAmount(v));

export function presentNature(n: TdsNatureRow, inUse: boolean): TdsNature {
  return {
    id: n.id,
    name: n.name,
    legacySection: n.legacySection,
    actReference: n.actReference,
    paymentCode: n.paymentCode,
    rateIndividual: Number(n.rateIndividual),
    rateOther: Number(n.rateOther),
    noPanRate: Number(n.noPanRate),
    singleThreshold: moneyOrNull(n.singleThreshold),
    yearlyThreshold: moneyOrNull(n.yearlyThreshold),
    monthlyThreshold: moneyOrNull(n.monthlyThreshold),
    onlyAboveThreshold: n.onlyAboveThreshold,
    ledgerName: n.ledgerName,
    isActive: n.isActive,
    inUse,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  };
}

/** What the rule reads of a nature (shared/tds.ts). */
export function termsOf(n: TdsNatureRow): TdsNatureTerms {
  const p = presentNature(n, false);
  return { ...p };
}

const auditView = (n: TdsNatureRow) => {
  const { createdAt: _c, updatedAt: _u, inUse: _i, ...rest } = presentNature(n, false);
  return rest;
};

/** Whether a bill or a party names the nature (a condition on `tds_natures`, named with its table). */
const natureId = sql`${sql.identifier("tds_natures")}.${sql.identifier("id")}`;
const inUseCondition = sql<boolean>`(exists (select 1 from ${transactions} where ${transactions.tds} ->> 'natureId' = ${natureId}::text)
  or exists (select 1 from ${parties} where ${parties.tdsNatureId} = ${natureId}))`;

/** GET /api/admin/tds-natures (every one) and GET /api/tds/natures (the active ones, for the forms): by section, then name. */
export async function listTdsNatures(ctx: Pick<ServiceContext, "db">, options: { activeOnly?: boolean } = {}): Promise<TdsNature[]> {
  const rows = await ctx.db
    .select({ nature: tdsNatures, inUse: inUseCondition })
    .from(tdsNatures)
    .where(options.activeOnly ? eq(tdsNatures.isActive, true) : undefined)
    // 194C, 194H, 194-I(a), 194-I(b), 194J …: the section as accountants read it, its hyphen aside.
    .orderBy(asc(sql`replace(${tdsNatures.legacySection}, '-', '')`), asc(sql`lower(${tdsNatures.name})`));
  return rows.map((r) => presentNature(r.nature, r.inUse === true));
}

/** A lost race on the lower(name) index, or a taken name: 409. */
async function withNameGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.nameTaken, "duplicate_name");
    throw err;
  }
}

/** Rates and thresholds as the columns take them (numeric text). */
function columnsOf(input: TdsNatureChanges) {
  const text = (n: number | undefined) => (n === undefined ? undefined : n.toFixed(2));
  return { ...input, rateIndividual: text(input.rateIndividual), rateOther: text(input.rateOther), noPanRate: text(input.noPanRate) };
}

export async function createTdsNature(ctx: ActingContext, input: TdsNatureBody): Promise<TdsNature> {
  return withNameGuard(() =>
    ctx.db.transaction(async (tx) => {
      // One namespace for ledger names (DECISIONS §12): the nature's ledger may not be a party's name.
      await lockLedgers(tx);
      await assertNoPartyNamed(tx, [{ name: input.ledgerName, what: `the TDS ledger of the nature ${input.name}` }]);
      const now = ctx.clock();
      const [row] = await tx
        .insert(tdsNatures)
        .values({
          ...input,
          rateIndividual: input.rateIndividual.toFixed(2),
          rateOther: input.rateOther.toFixed(2),
          noPanRate: input.noPanRate.toFixed(2),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await writeAudit(tx, ctx, { action: "create", entityType: "tds_nature", entityId: row!.id, actor: ctx.actor, after: auditView(row!), ipAddress: ctx.ip });
      return presentNature(row!, false);
    }),
  );
}

async function lockNature(q: Queryable, id: string): Promise<TdsNatureRow> {
  const [row] = await q.select().from(tdsNatures).where(eq(tdsNatures.id, id)).limit(1).for("update");
  if (!row) throw notFound(M.notFound);
  return row;
}

async function isInUse(q: Queryable, id: string): Promise<boolean> {
  const [row] = await q.select({ inUse: inUseCondition }).from(tdsNatures).where(eq(tdsNatures.id, id));
  return row?.inUse === true;
}

/** PUT /api/admin/tds-natures/:id. Bills already decided keep their TDS; the next decision reads the new terms. */
export async function updateTdsNature(ctx: ActingContext, id: string, input: TdsNatureChanges): Promise<TdsNature> {
  return withNameGuard(() =>
    ctx.db.transaction(async (tx) => {
      // The ledgers' lock before the nature's row, in the order a party's write takes them.
      if (input.ledgerName !== undefined) await lockLedgers(tx);
      const before = await lockNature(tx, id);
      const onlyAbove = input.onlyAboveThreshold ?? before.onlyAboveThreshold;
      const yearly = input.yearlyThreshold !== undefined ? input.yearlyThreshold : before.yearlyThreshold;
      if (onlyAbove && yearly === null) throw badRequest(M.onlyAboveNeedsYearly, [{ path: "yearlyThreshold", message: M.onlyAboveNeedsYearly }]);
      if (input.ledgerName !== undefined && input.ledgerName !== before.ledgerName) {
        await assertNoPartyNamed(tx, [{ name: input.ledgerName, what: `the TDS ledger of the nature ${input.name ?? before.name}` }]);
      }
      const now = ctx.clock();
      const [after] = await tx
        .update(tdsNatures)
        .set({ ...columnsOf(input), updatedAt: now })
        .where(eq(tdsNatures.id, id))
        .returning();
      const action = input.isActive === false && before.isActive ? "deactivate" : input.isActive === true && !before.isActive ? "activate" : "update";
      await writeAudit(tx, ctx, {
        action,
        entityType: "tds_nature",
        entityId: id,
        actor: ctx.actor,
        before: auditView(before),
        after: auditView(after!),
        ipAddress: ctx.ip,
      });
      return presentNature(after!, await isInUse(tx, id));
    }),
  );
}

/** DELETE /api/admin/tds-natures/:id: removed, or deactivated when a bill or a party names it. */
export async function deleteTdsNature(ctx: ActingContext, id: string): Promise<{ message: string; deactivated: boolean; nature?: TdsNature }> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockNature(tx, id);
    const now = ctx.clock();
    if (await isInUse(tx, id)) {
      const [after] = await tx.update(tdsNatures).set({ isActive: false, updatedAt: now }).where(eq(tdsNatures.id, id)).returning();
      await writeAudit(tx, ctx, {
        action: "deactivate",
        entityType: "tds_nature",
        entityId: id,
        actor: ctx.actor,
        before: auditView(before),
        after: auditView(after!),
        ipAddress: ctx.ip,
      });
      return { message: M.deactivatedInstead, deactivated: true, nature: presentNature(after!, true) };
    }
    await tx.delete(tdsNatures).where(eq(tdsNatures.id, id));
    await writeAudit(tx, ctx, { action: "delete", entityType: "tds_nature", entityId: id, actor: ctx.actor, before: auditView(before), ipAddress: ctx.ip });
    return { message: "TDS nature deleted", deactivated: false };
  });
}

/**
 * The nature a bill or a party may name: it exists (400 otherwise: the request names something it
 * may not) and, unless `allowInactive` (the one already named, an override repairing a record), is active.
 */
export async function usableNature(q: Queryable, id: string, options: { allowInactive?: boolean; path?: string } = {}): Promise<TdsNatureRow> {
  const path = options.path ?? "tds.natureId";
  const [row] = await q.select().from(tdsNatures).where(eq(tdsNatures.id, id)).limit(1).for("share");
  if (!row) throw badRequest(M.notFound, [{ path, message: M.notFound }]);
  if (!row.isActive && !options.allowInactive) throw badRequest(M.inactive, [{ path, message: M.inactive }]);
  return row;
}
