// The ledger names the vouchers post to (DECISIONS §12, /admin/accounting): one per category
// (its own name until renamed), one per payment method, the input and reverse-charge tax ledgers
// and round-off. Kept as one setting; every name has a default, so a company exports on day one.
//
// TallyPrime keeps one namespace for every ledger, whatever its group, and tells names apart
// neither by case nor by spaces: a party may not be named like any ledger an export writes, no
// ledger may be renamed onto a party's name, and an export that would write two different ledgers
// under one name (data from before the rule) is refused, writing nothing.
import { asc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { categories, parties, settings, tdsNatures, transactions, type LedgerMap } from "../../db/schema";
import { PAYMENT_METHODS } from "../../../shared/constants";
import { PARTY_MESSAGES } from "../../../shared/schemas/parties";
import type { LedgersAnswer, UpdateLedgersBody } from "../../../shared/schemas/accounting";
import { writeAudit } from "../audit";
import type { ActingContext, ServiceContext } from "../context";
import { badRequest, DomainError } from "../errors";
import { DEFAULT_TAX_LEDGERS, defaultPaymentLedger, type LedgerKind, type Voucher } from "./vouchers";

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
 * The TDS ledgers an export may write (DECISIONS §12): each TDS nature's, active or not (a bill of a
 * nature deactivated since still posts to it), named on /admin/tds. The ledger-name namespace
 * reads them from here.
 */
export async function tdsLedgerNames(q: Queryable): Promise<NamedLedger[]> {
  const rows = await q.select({ name: tdsNatures.ledgerName, nature: tdsNatures.name }).from(tdsNatures).orderBy(asc(tdsNatures.ledgerName));
  return rows.map((r) => ({ name: r.name, what: `the TDS ledger of the nature ${r.nature}` }));
}

/** What an employee's ledger is, in words (DECISIONS §15: the ledger their expense claims are paid through). */
export const employeeLedgerWhat = (name: string) => `the ledger of the employee ${name} (expense claims)`;

/** The employees' ledgers the exports write: one per employee with an expense claim, named as the claims kept them (DECISIONS §15). */
async function claimantLedgerNames(q: Queryable): Promise<NamedLedger[]> {
  const rows = await q.selectDistinct({ name: transactions.claimantName }).from(transactions).where(isNotNull(transactions.claimantName));
  return rows.map((r) => ({ name: r.name!, what: employeeLedgerWhat(r.name!) }));
}

/**
 * A new expense claim's employee ledger (DECISIONS §15): named after the employee, it may not take
 * a party's name (409 naming the clash). Takes the ledgers' lock.
 */
export async function assertClaimantLedgerName(q: Queryable, name: string): Promise<void> {
  await lockLedgers(q);
  await assertNoPartyNamed(q, [{ name, what: employeeLedgerWhat(name) }]);
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

// ---------------------------------------------------------------- one namespace for ledger names

/** Tally's sameness of two ledger names: neither case nor spaces count. */
export function ledgerNameKey(name: string): string {
  return name.normalize("NFKC").replace(/\s+/g, "").toLowerCase();
}

/** A ledger an export writes, and what it is in words ("the payment method UPI's ledger"). */
export type NamedLedger = { name: string; what: string };

const TAX_WORDS: Record<(typeof TAX_KEYS)[number], string> = {
  inputCgst: "the input CGST ledger",
  inputSgst: "the input SGST ledger",
  inputIgst: "the input IGST ledger",
  outputCgstRcm: "the reverse-charge CGST ledger",
  outputSgstRcm: "the reverse-charge SGST ledger",
  outputIgstRcm: "the reverse-charge IGST ledger",
  roundOff: "the round-off ledger",
};

/**
 * Every ledger name an export writes besides the parties' own (DECISIONS §12): each category's
 * (active or not), each payment method's, the tax and round-off ledgers, each TDS nature's. The one list the party
 * names are checked against; a new kind of ledger the vouchers post to is added here.
 */
export async function ledgerNamesExportsWrite(q: Queryable): Promise<NamedLedger[]> {
  const map = await ledgerMap(q);
  const cats = await q.select({ id: categories.id, name: categories.name }).from(categories);
  return [
    ...cats.map((c) => ({ name: map.categories[c.id] ?? c.name, what: `the ledger of the category ${c.name}` })),
    ...PAYMENT_METHODS.map((m) => ({ name: map.paymentMethods[m] ?? defaultPaymentLedger(m), what: `the ledger of the payment method ${m}` })),
    ...TAX_KEYS.map((k) => ({ name: map[k], what: TAX_WORDS[k] })),
    ...(await tdsLedgerNames(q)),
    ...(await claimantLedgerNames(q)),
  ];
}

/** Another party's name, case and spaces aside (the parties' own words for it). */
const PARTY_NAME_TAKEN = PARTY_MESSAGES.nameTaken;

const ONE_NAME = "TallyPrime keeps one name for one ledger, whatever its case and spaces";

/**
 * A party's name, new or changed, checked against every other ledger an export writes: the
 * ledgers of ledgerNamesExportsWrite and the other parties'. 409 naming the clash. Takes the
 * ledgers' lock, so a rename of a ledger or a category cannot pass it unseen.
 */
export async function assertPartyNameFree(q: Queryable, name: string, partyId: string | null): Promise<void> {
  await lockLedgers(q);
  const key = ledgerNameKey(name);
  const ledger = (await ledgerNamesExportsWrite(q)).find((l) => ledgerNameKey(l.name) === key);
  if (ledger)
    throw new DomainError("conflict", `A party cannot be named “${name}”: “${ledger.name}” is ${ledger.what}, and ${ONE_NAME}.`, {
      code: "ledger_name_clash",
      clash: { name: ledger.name, ledger: ledger.what },
    });
  const others = await q
    .select({ name: parties.name })
    .from(parties)
    .where(partyId ? ne(parties.id, partyId) : undefined);
  const party = others.find((p) => ledgerNameKey(p.name) === key);
  if (party) throw new DomainError("conflict", PARTY_NAME_TAKEN, { code: "duplicate_name", clash: { name: party.name, ledger: `the party ${party.name}` } });
}

/**
 * Ledgers renamed (a ledger name set, a category created or renamed) checked against the
 * parties' names: 409 naming the first clash. The caller holds the ledgers' lock (lockLedgers).
 */
export async function assertNoPartyNamed(q: Queryable, ledgers: readonly NamedLedger[]): Promise<void> {
  if (ledgers.length === 0) return;
  const keys = new Map(ledgers.map((l) => [ledgerNameKey(l.name), l]));
  const named = (await q.select({ name: parties.name }).from(parties)).find((p) => keys.has(ledgerNameKey(p.name)));
  if (!named) return;
  const ledger = keys.get(ledgerNameKey(named.name))!;
  throw new DomainError(
    "conflict",
    `${ledger.what[0]!.toUpperCase()}${ledger.what.slice(1)} cannot be named “${ledger.name}”: the party “${named.name}” has that name, and ${ONE_NAME}.`,
    {
      code: "ledger_name_clash",
      clash: { name: ledger.name, ledger: ledger.what, party: named.name },
    },
  );
}

/**
 * A category created or renamed: its ledger takes its name unless a name was set for it on
 * /admin/accounting, so the new name must not be a party's (409). Takes the ledgers' lock.
 */
export async function assertCategoryLedgerName(q: Queryable, categoryId: string | null, name: string): Promise<void> {
  await lockLedgers(q);
  if (categoryId && (await storedLedgers(q)).categories?.[categoryId] !== undefined) return;
  await assertNoPartyNamed(q, [{ name, what: "the category's ledger" }]);
}

/** What a ledger line is, for telling two ledgers apart: sources that may share a ledger on purpose share a family. */
function familyOf(kind: LedgerKind): "party" | "employee" | "category" | "payment method" | "tax" | "TDS" | "round-off" {
  switch (kind) {
    case "party":
      return "party";
    case "employee":
      return "employee";
    case "expense":
    case "income":
      return "category";
    case "cash":
    case "bank":
    case "card":
      return "payment method";
    case "tax-cgst":
    case "tax-sgst":
    case "tax-igst":
      return "tax";
    case "tds":
      return "TDS";
    case "round-off":
      return "round-off";
  }
}

export type LedgerClash = { name: string; ledgers: string[] };

/**
 * The names under which these vouchers would write two different ledgers, as TallyPrime compares
 * names: different spellings of one name, or one name for ledgers of different families (a party
 * and a payment method, a category and the tax ledger). Ledgers of one family may share a name on
 * purpose (two payment methods into one bank account). Each clash once, in the order first met.
 */
export async function ledgerClashesOf(vouchers: AsyncIterable<Voucher> | Iterable<Voucher>): Promise<LedgerClash[]> {
  const seen = new Map<string, { name: string; ledgers: Map<string, string> }>();
  for await (const v of vouchers) {
    for (const l of v.lines) {
      const family = familyOf(l.kind);
      const key = ledgerNameKey(l.ledger);
      let entry = seen.get(key);
      if (!entry) seen.set(key, (entry = { name: l.ledger, ledgers: new Map() }));
      entry.ledgers.set(
        `${family}\u241f${l.ledger}`,
        family === "party"
          ? `the party “${l.ledger}”`
          : family === "employee"
            ? `the employee “${l.ledger}” (expense claims)`
            : `the ${family} ledger “${l.ledger}”`,
      );
    }
  }
  return [...seen.values()].filter((e) => e.ledgers.size > 1).map((e) => ({ name: e.name, ledgers: [...e.ledgers.values()] }));
}

/** GET /api/admin/ledgers */
export async function getLedgers(ctx: Pick<ServiceContext, "db">): Promise<LedgersAnswer> {
  return answerOf(ctx.db);
}

export const UNKNOWN_CATEGORY_LEDGER = "Category not found";

/**
 * The ledgers a PUT /api/admin/ledgers renames, with what each is, for the party check: a name sent
 * unchanged is not a rename (an old clash does not stop every other save).
 */
function renamedLedgers(current: LedgersAnswer, body: UpdateLedgersBody): NamedLedger[] {
  const category = new Map(current.categories.map((c) => [c.categoryId, c]));
  const method = new Map(current.paymentMethods.map((p) => [p.method, p.ledger]));
  return [
    ...(body.categories ?? []).flatMap((c) => {
      const was = category.get(c.categoryId);
      return was?.ledger === c.ledger ? [] : [{ name: c.ledger, what: `the ledger of the category ${was?.categoryName ?? ""}`.trimEnd() }];
    }),
    ...(body.paymentMethods ?? []).flatMap((p) =>
      method.get(p.method) === p.ledger ? [] : [{ name: p.ledger, what: `the ledger of the payment method ${p.method}` }],
    ),
    ...TAX_KEYS.flatMap((k) => (body[k] === undefined || body[k] === current[k] ? [] : [{ name: body[k]!, what: TAX_WORDS[k] }])),
  ];
}

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
    // No ledger is renamed onto a party's name.
    await assertNoPartyNamed(tx, renamedLedgers(before, body));
    await tx
      .insert(settings)
      .values({ key: KEY, value: next, updatedBy: actor.id })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedBy: actor.id, updatedAt: sql`now()` } });
    const after = await answerOf(tx);
    await writeAudit(tx, ctx, { action: "update", entityType: "setting", entityId: KEY, actor, before, after, ipAddress: ip });
    return after;
  });
}
