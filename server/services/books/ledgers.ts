// The ledger names the vouchers post to (DECISIONS §12, /admin/accounting): one per category
// (its own name until renamed), one per payment method, the input and reverse-charge tax ledgers
// and round-off. Kept as one setting; every name has a default, so a company exports on day one.
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { categories, settings, transactions, type LedgerMap } from "../../db/schema";
import { PAYMENT_METHODS } from "../../../shared/constants";
import type { LedgersAnswer, UpdateLedgersBody } from "../../../shared/schemas/accounting";
import { writeAudit } from "../audit";
import type { ActingContext, ServiceContext } from "../context";
import { badRequest } from "../errors";
import { DEFAULT_TAX_LEDGERS, defaultPaymentLedger } from "./vouchers";

const KEY = "ledgers";
const TAX_KEYS = Object.keys(DEFAULT_TAX_LEDGERS) as (keyof typeof DEFAULT_TAX_LEDGERS)[];

/** What is stored: only the names someone set. */
type StoredLedgers = {
  categories?: Record<string, string>;
  paymentMethods?: Record<string, string>;
} & Partial<Record<(typeof TAX_KEYS)[number], string>>;

async function storedLedgers(q: Queryable): Promise<StoredLedgers> {
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  const value = row?.value;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as StoredLedgers) : {};
}

/** Serialises saves of the mapping and the exports that copy it, so a batch never sees half a save. */
export async function lockLedgers(q: Queryable): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext('books-ledgers'))`);
}

/** Every ledger name the vouchers use, defaults filled in; categories by id (every category, active or not). */
export async function ledgerMap(q: Queryable): Promise<LedgerMap> {
  const stored = await storedLedgers(q);
  const cats = await q.select({ id: categories.id, name: categories.name }).from(categories);
  return {
    categories: Object.fromEntries(cats.map((c) => [c.id, stored.categories?.[c.id] ?? c.name])),
    paymentMethods: Object.fromEntries(PAYMENT_METHODS.map((m) => [m, stored.paymentMethods?.[m] ?? defaultPaymentLedger(m)])),
    ...Object.fromEntries(TAX_KEYS.map((k) => [k, stored[k] ?? DEFAULT_TAX_LEDGERS[k]])),
  } as LedgerMap;
}

/**
 * Whether each category's ledger is an income ledger (Indirect Incomes in the masters file) or an
 * expense one (Indirect Expenses), by the form types its transactions use: income when most of them
 * are receipts (Form R), expense otherwise, so a category of bills that also takes the odd refund
 * stays an expense ledger the refund is credited to. The data has no flag of its own for it. An
 * export keeps the answer with the batch, so its files stay the same whatever is entered later.
 */
export async function categoryKinds(q: Queryable): Promise<Record<string, "income" | "expense">> {
  const rows = await q
    .select({
      categoryId: transactions.categoryId,
      receipts: sql<number>`count(*) filter (where ${transactions.formType} = 'R')`.mapWith(Number),
      bills: sql<number>`count(*) filter (where ${transactions.formType} = 'B')`.mapWith(Number),
    })
    .from(transactions)
    .groupBy(transactions.categoryId);
  return Object.fromEntries(rows.map((r) => [r.categoryId, r.receipts > r.bills ? "income" : "expense"]));
}

async function answerOf(q: Queryable): Promise<LedgersAnswer> {
  const map = await ledgerMap(q);
  const cats = await q.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
  return {
    categories: cats.map((c) => ({ categoryId: c.id, categoryName: c.name, ledger: map.categories[c.id] ?? c.name })),
    paymentMethods: PAYMENT_METHODS.map((m) => ({ method: m, ledger: map.paymentMethods[m]! })),
    inputCgst: map.inputCgst,
    inputSgst: map.inputSgst,
    inputIgst: map.inputIgst,
    outputCgstRcm: map.outputCgstRcm,
    outputSgstRcm: map.outputSgstRcm,
    outputIgstRcm: map.outputIgstRcm,
    roundOff: map.roundOff,
  };
}

/** GET /api/admin/ledgers */
export async function getLedgers(ctx: Pick<ServiceContext, "db">): Promise<LedgersAnswer> {
  return answerOf(ctx.db);
}

export const UNKNOWN_CATEGORY_LEDGER = "Category not found";

/**
 * PUT /api/admin/ledgers: the names given replace the current ones; a name equal to the default is
 * stored as no name, so renaming a category later still renames its ledger.
 */
export async function updateLedgers(ctx: ActingContext, body: UpdateLedgersBody): Promise<LedgersAnswer> {
  const { db, actor, ip } = ctx;
  return db.transaction(async (tx) => {
    await lockLedgers(tx);
    const before = await answerOf(tx);
    const stored = await storedLedgers(tx);
    const next: StoredLedgers = { ...stored, categories: { ...stored.categories }, paymentMethods: { ...stored.paymentMethods } };
    if (body.categories?.length) {
      const ids = [...new Set(body.categories.map((c) => c.categoryId))];
      const found = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, ids));
      const nameOf = new Map(found.map((c) => [c.id, c.name]));
      for (const c of body.categories) {
        const name = nameOf.get(c.categoryId);
        if (name === undefined) throw badRequest(UNKNOWN_CATEGORY_LEDGER);
        if (c.ledger === name) delete next.categories![c.categoryId];
        else next.categories![c.categoryId] = c.ledger;
      }
    }
    for (const p of body.paymentMethods ?? []) {
      if (p.ledger === defaultPaymentLedger(p.method)) delete next.paymentMethods![p.method];
      else next.paymentMethods![p.method] = p.ledger;
    }
    for (const k of TAX_KEYS) {
      const name = body[k];
      if (name === undefined) continue;
      if (name === DEFAULT_TAX_LEDGERS[k]) delete next[k];
      else next[k] = name;
    }
    await tx
      .insert(settings)
      .values({ key: KEY, value: next, updatedBy: actor.id })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedBy: actor.id, updatedAt: sql`now()` } });
    const after = await answerOf(tx);
    await writeAudit(tx, { action: "update", entityType: "setting", entityId: KEY, actor, before, after, ipAddress: ip });
    return after;
  });
}
