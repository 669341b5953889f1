// Parties (DECISIONS §12): the vendors paid and the payers received from, kept by Accountants and
// SuperAdmins. A party's name is its ledger's in TallyPrime, so it may equal no other ledger an
// export writes, case and spaces aside (books/ledgers.ts assertPartyNameFree; the lower(name) index
// backs it up); two parties may not share a GSTIN (409 naming the other; a unique index backs it
// up). A party is deactivated, never deleted, so the transactions and exports naming it keep it.
// With a GSTIN the PAN and state code are the GSTIN's (shared/schemas/parties.ts resolveTaxIds).
import { and, asc, count, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { Queryable, Tx } from "../db/client";
import { parties, type PartyRow } from "../db/schema";
import { badRequest, conflict, DomainError, notFound } from "./errors";
import { assertPartyNameFree, lockLedgers } from "./books/ledgers";
import { writeAudit } from "./audit";
import { isUniqueViolation } from "../db/errors";
import { PARTY_MESSAGES, resolveTaxIds, type Party, type PartyBody, type PartyChanges, type PartyQuery } from "../../shared/schemas/parties";
import type { ActingContext, ServiceContext } from "./context";
import { usableNature } from "./tds/natures";

export function presentParty(p: PartyRow): Party {
  return {
    id: p.id,
    name: p.name,
    gstin: p.gstin,
    pan: p.pan,
    stateCode: p.stateCode,
    email: p.email,
    phone: p.phone,
    tdsNatureId: p.tdsNatureId,
    isActive: p.isActive,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

const auditView = (p: PartyRow) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = presentParty(p);
  return rest;
};

/** LIKE's own characters taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/parties: by name (case-insensitively), active ones first; search matches a part of the name or of the GSTIN. */
export async function listParties(
  ctx: Pick<ServiceContext, "db">,
  query: PartyQuery,
): Promise<{ parties: Party[]; total: number; page: number; limit: number }> {
  const conditions: SQL[] = [];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${likeLiteral(search.toLowerCase())}%`;
    conditions.push(or(sql`lower(${parties.name}) like ${pattern}`, sql`${parties.gstin} like ${`%${likeLiteral(search.toUpperCase())}%`}`)!);
  }
  if (query.active === "true") conditions.push(eq(parties.isActive, true));
  if (query.active === "false") conditions.push(eq(parties.isActive, false));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(parties)
      .where(where)
      .orderBy(sql`${parties.isActive} desc`, asc(sql`lower(${parties.name})`), asc(parties.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: count() }).from(parties).where(where),
  ]);
  return { parties: rows.map(presentParty), total: total?.n ?? 0, page: query.page, limit: query.limit };
}

/** 409 naming the party that already has this GSTIN. */
function gstinTaken(gstin: string, other: { id: string; name: string }): DomainError {
  return new DomainError("conflict", `GSTIN ${gstin} already belongs to the party “${other.name}”: two parties may not share a GSTIN.`, {
    code: "duplicate_gstin",
    party: other,
  });
}

async function partyWithGstin(q: Queryable, gstin: string, exceptId: string | null): Promise<{ id: string; name: string } | undefined> {
  const [other] = await q
    .select({ id: parties.id, name: parties.name })
    .from(parties)
    .where(and(eq(parties.gstin, gstin), exceptId ? ne(parties.id, exceptId) : undefined))
    .limit(1);
  return other;
}

/**
 * Runs a party's change, one at a time (the ledgers' lock: a party's name is checked against the
 * ledgers and the other parties, its GSTIN against the other parties'). A lost race on a unique
 * index, should one pass the lock, is the same 409 as the checks.
 */
async function partyChange<T>(ctx: ActingContext, gstin: () => string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockLedgers(tx);
      return fn(tx);
    });
  } catch (err) {
    const taken = gstin();
    if (taken && isUniqueViolation(err, "parties_gstin_key")) {
      const other = await partyWithGstin(ctx.db, taken, null);
      if (other) throw gstinTaken(taken, other);
    }
    if (isUniqueViolation(err)) throw conflict(PARTY_MESSAGES.nameTaken, "duplicate_name");
    throw err;
  }
}

/** The checks a party's name and GSTIN pass before it is stored (the caller holds the ledgers' lock). */
async function assertPartyFree(q: Queryable, name: string | null, gstin: string | null, partyId: string | null): Promise<void> {
  if (name !== null) await assertPartyNameFree(q, name, partyId);
  const other = gstin ? await partyWithGstin(q, gstin, partyId) : undefined;
  if (other) throw gstinTaken(gstin!, other);
}

export async function createParty(ctx: ActingContext, input: PartyBody): Promise<Party> {
  const resolved = resolveTaxIds({ gstin: input.gstin ?? null, pan: input.pan ?? null, stateCode: input.stateCode ?? null });
  if (!resolved.ok) throw badRequest(resolved.message, [{ path: resolved.path, message: resolved.message }]);
  return partyChange(
    ctx,
    () => resolved.ids.gstin,
    async (tx) => {
      await assertPartyFree(tx, input.name, resolved.ids.gstin, null);
      if (input.tdsNatureId) await usableNature(tx, input.tdsNatureId, { path: "tdsNatureId" });
      const now = ctx.clock();
      const [row] = await tx
        .insert(parties)
        .values({
          name: input.name,
          ...resolved.ids,
          email: input.email ?? null,
          phone: input.phone ?? null,
          tdsNatureId: input.tdsNatureId ?? null,
          isActive: input.isActive,
          createdBy: ctx.actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await writeAudit(tx, ctx, { action: "create", entityType: "party", entityId: row!.id, actor: ctx.actor, after: auditView(row!), ipAddress: ctx.ip });
      return presentParty(row!);
    },
  );
}

/**
 * PATCH /api/parties/:id. The tax ids are resolved on the party as it will be: a new GSTIN brings
 * its PAN and state; clearing the GSTIN keeps the PAN and state unless they are sent too.
 */
export async function updateParty(ctx: ActingContext, id: string, input: PartyChanges): Promise<Party> {
  let gstinWanted: string | null = null;
  return partyChange(
    ctx,
    () => gstinWanted,
    async (tx) => {
      const [before] = await tx.select().from(parties).where(eq(parties.id, id)).limit(1).for("update");
      if (!before) throw notFound(PARTY_MESSAGES.notFound);
      const gstin = input.gstin !== undefined ? input.gstin : before.gstin;
      const gstinChanged = input.gstin !== undefined && input.gstin !== before.gstin;
      // A PAN or state left out follows a new GSTIN; with the GSTIN unchanged, what is kept must still agree.
      const pan = input.pan !== undefined ? input.pan : gstinChanged ? null : before.pan;
      const stateCode = input.stateCode !== undefined ? input.stateCode : gstinChanged ? null : before.stateCode;
      const resolved = resolveTaxIds({ gstin, pan, stateCode });
      if (!resolved.ok) throw badRequest(resolved.message, [{ path: resolved.path, message: resolved.message }]);
      gstinWanted = gstinChanged ? resolved.ids.gstin : null;
      // A name or GSTIN the party already had is not checked again: an old clash does not stop other changes.
      const renamed = input.name !== undefined && input.name !== before.name;
      await assertPartyFree(tx, renamed ? input.name! : null, gstinWanted, id);
      // A nature newly named must be active; the one already named stays even if deactivated since.
      if (input.tdsNatureId && input.tdsNatureId !== before.tdsNatureId) await usableNature(tx, input.tdsNatureId, { path: "tdsNatureId" });
      const now = ctx.clock();
      const [after] = await tx
        .update(parties)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...resolved.ids,
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(input.tdsNatureId !== undefined ? { tdsNatureId: input.tdsNatureId } : {}),
          ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
          updatedAt: now,
        })
        .where(eq(parties.id, id))
        .returning();
      const action = input.isActive === false && before.isActive ? "deactivate" : input.isActive === true && !before.isActive ? "activate" : "update";
      await writeAudit(tx, ctx, {
        action,
        entityType: "party",
        entityId: id,
        actor: ctx.actor,
        before: auditView(before),
        after: auditView(after!),
        ipAddress: ctx.ip,
      });
      return presentParty(after!);
    },
  );
}

/**
 * The party a transaction may name: it exists and is active (400 otherwise: the request names
 * something it may not). Read with a share lock so a deactivation cannot pass it unseen.
 */
export async function usableParty(q: Queryable, partyId: string): Promise<PartyRow> {
  const [row] = await q.select().from(parties).where(eq(parties.id, partyId)).limit(1).for("share");
  if (!row) throw badRequest(PARTY_MESSAGES.notFound, [{ path: "partyId", message: PARTY_MESSAGES.notFound }]);
  if (!row.isActive) throw badRequest(PARTY_MESSAGES.inactive, [{ path: "partyId", message: PARTY_MESSAGES.inactive }]);
  return row;
}
