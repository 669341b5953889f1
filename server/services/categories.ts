// Categories and their custom fields (spec 001 §2, §3, §7; DECISIONS §7). Every change is one
// database transaction with its audit entry. Who may call what is the route's business; the
// rules that depend on the caller (approval settings are SuperAdmin's) live here.
import { isUuid } from "../lib/ids";
import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { categories, transactions, type CategoryRow } from "../db/schema";
import { conflict, forbidden, notFound } from "./errors";
import { writeAudit } from "./audit";
import { assertCategoryLedgerName } from "./books/ledgers";
import { confusableSkeleton } from "../lib/confusables";
import { isUniqueViolation } from "../db/errors";
import type { Actor } from "../context";
import type { Category, CreateCategoryBody, EmergencyLimitPolicy, UpdateCategoryBody, UpdateCategoryFieldsBody } from "../../shared/schemas/categories";
import { type ActingContext } from "./context";
import { changesApprovalSettings, deactivatesBuiltinCategories, filesClaimsOnly, seesInactiveCategories } from "./policies";

export const CATEGORY_NOT_FOUND = "Category not found";
export const CATEGORY_NAME_TAKEN = "A category with this name already exists";
export const BUILTIN_NOT_DELETABLE = "Built-in categories cannot be deleted";
export const BUILTIN_NOT_RENAMABLE = "Built-in categories cannot be renamed";
export const DEACTIVATED_INSTEAD = "This category has transactions, so it was deactivated instead of deleted";
export const APPROVAL_SETTINGS_SUPERADMIN_ONLY = "Only a SuperAdmin can change required approvals or emergency limits";
export const CLAIMS_SETTING_SUPERADMIN_ONLY = "Only a SuperAdmin can open a category to expense claims";
export const BUILTIN_DEACTIVATION_SUPERADMIN_ONLY = "Only a SuperAdmin can deactivate a built-in category";

export function presentCategory(c: CategoryRow): Category {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    requiredApprovals: c.requiredApprovals,
    isBuiltin: c.isBuiltin,
    isActive: c.isActive,
    fieldSchema: c.fieldSchema ?? [],
    emergencyLimitPolicy: c.emergencyLimitPolicy ?? null,
    openToClaims: c.openToClaims,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

function visibility(actor: Pick<Actor, "role">): SQL | undefined {
  // An employee's login sees the categories it may claim in, and no other (DECISIONS §15).
  if (filesClaimsOnly(actor)) return and(eq(categories.isActive, true), eq(categories.openToClaims, true));
  return seesInactiveCategories(actor) ? undefined : eq(categories.isActive, true);
}

/** Built-ins first, then by name (case-insensitive). */
export async function listCategories(ctx: ActingContext): Promise<Category[]> {
  const { db, actor } = ctx;
  const rows = await db
    .select()
    .from(categories)
    .where(visibility(actor))
    .orderBy(desc(categories.isBuiltin), asc(sql`lower(${categories.name})`));
  return rows.map(presentCategory);
}

async function loadCategory(q: Queryable, id: string, options: { forUpdate?: boolean; actor?: Pick<Actor, "role"> } = {}): Promise<CategoryRow> {
  if (!isUuid(id)) throw notFound(CATEGORY_NOT_FOUND);
  const base = q
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), options.actor ? visibility(options.actor) : undefined))
    .limit(1);
  const [row] = options.forUpdate ? await base.for("update") : await base;
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return row;
}

export async function getCategory(ctx: ActingContext, id: string): Promise<Category> {
  const { db, actor } = ctx;
  return presentCategory(await loadCategory(db, id, { actor }));
}

function samePolicy(a: EmergencyLimitPolicy | null | undefined, b: EmergencyLimitPolicy | null | undefined): boolean {
  const norm = (p: EmergencyLimitPolicy | null | undefined) => JSON.stringify([p?.dailyLimit ?? null, p?.monthlyLimit ?? null]);
  return norm(a) === norm(b);
}

/**
 * requiredApprovals and emergencyLimitPolicy are SuperAdmin's (DECISIONS §7): anyone else sending a
 * different value is refused (403); sending the value already in force is fine.
 */
function assertMayChangeApprovalSettings(
  actor: Actor,
  current: { requiredApprovals: number; emergencyLimitPolicy: EmergencyLimitPolicy | null; openToClaims: boolean },
  wanted: { requiredApprovals?: number; emergencyLimitPolicy?: EmergencyLimitPolicy | null; openToClaims?: boolean },
): void {
  if (changesApprovalSettings(actor)) return;
  // DECISIONS §15: which categories employees may claim in is the SuperAdmin's, like the approvals.
  if (wanted.openToClaims !== undefined && wanted.openToClaims !== current.openToClaims) throw forbidden(CLAIMS_SETTING_SUPERADMIN_ONLY);
  const approvalsChange = wanted.requiredApprovals !== undefined && wanted.requiredApprovals !== current.requiredApprovals;
  const policyChange = wanted.emergencyLimitPolicy !== undefined && !samePolicy(wanted.emergencyLimitPolicy, current.emergencyLimitPolicy);
  if (approvalsChange || policyChange) throw forbidden(APPROVAL_SETTINGS_SUPERADMIN_ONLY);
}

/**
 * Names are unique by their confusable skeleton (DECISIONS §10): `Sаlary` with a Cyrillic а is
 * taken by Salary. Categories are few, so their names are compared here, one change at a time (the
 * lock serialises creates and renames in every process; the lower(name) index backs it up).
 */
async function assertNameFree(q: Queryable, name: string, exceptId?: string): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext('category-names'))`);
  const wanted = confusableSkeleton(name);
  const others = await q
    .select({ name: categories.name })
    .from(categories)
    .where(exceptId ? ne(categories.id, exceptId) : undefined);
  if (others.some((c) => confusableSkeleton(c.name) === wanted)) throw conflict(CATEGORY_NAME_TAKEN, "duplicate_name");
}

/** Runs a change; a lost race on the unique name index is the same 409 as the check. */
async function withNameGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CATEGORY_NAME_TAKEN, "duplicate_name");
    throw err;
  }
}

const auditView = (c: CategoryRow) => {
  const p = presentCategory(c);
  return {
    name: p.name,
    description: p.description,
    requiredApprovals: p.requiredApprovals,
    isActive: p.isActive,
    isBuiltin: p.isBuiltin,
    fieldSchema: p.fieldSchema,
    emergencyLimitPolicy: p.emergencyLimitPolicy,
    openToClaims: p.openToClaims,
  };
};

export async function createCategory(ctx: ActingContext, input: CreateCategoryBody): Promise<Category> {
  const { db, actor, ip } = ctx;
  assertMayChangeApprovalSettings(actor, { requiredApprovals: 1, emergencyLimitPolicy: null, openToClaims: false }, input);
  return withNameGuard(() =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, input.name);
      await assertCategoryLedgerName(tx, null, input.name);
      const [row] = await tx
        .insert(categories)
        .values({
          name: input.name,
          description: input.description ?? null,
          requiredApprovals: input.requiredApprovals ?? 1,
          emergencyLimitPolicy: input.emergencyLimitPolicy ?? null,
          openToClaims: input.openToClaims ?? false,
          fieldSchema: input.fieldSchema ?? [],
        })
        .returning();
      await writeAudit(tx, ctx, { action: "create", entityType: "category", entityId: row.id, actor, after: auditView(row), ipAddress: ip });
      return presentCategory(row);
    }),
  );
}

export async function updateCategory(ctx: ActingContext, id: string, input: UpdateCategoryBody): Promise<Category> {
  const { db, actor, ip } = ctx;
  return withNameGuard(() =>
    db.transaction(async (tx) => {
      const current = await loadCategory(tx, id, { forUpdate: true });
      assertMayChangeApprovalSettings(actor, current, input);
      // Salary's two approvals and the others' rules hang on the built-ins: only a SuperAdmin may switch one off.
      if (current.isBuiltin && current.isActive && input.isActive === false && !deactivatesBuiltinCategories(actor))
        throw forbidden(BUILTIN_DEACTIVATION_SUPERADMIN_ONLY);
      const renamed = input.name.toLowerCase() !== current.name.toLowerCase();
      // Rules elsewhere know built-ins by name (Salary needs 2 approvals), so their names stay.
      if (renamed && current.isBuiltin) throw conflict(BUILTIN_NOT_RENAMABLE, "builtin");
      if (renamed) await assertNameFree(tx, input.name, id);
      if (input.name !== current.name) await assertCategoryLedgerName(tx, id, input.name);
      const [row] = await tx
        .update(categories)
        .set({
          name: input.name,
          description: input.description ?? null,
          ...(input.requiredApprovals !== undefined ? { requiredApprovals: input.requiredApprovals } : {}),
          ...(input.emergencyLimitPolicy !== undefined ? { emergencyLimitPolicy: input.emergencyLimitPolicy } : {}),
          ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
          ...(input.openToClaims !== undefined ? { openToClaims: input.openToClaims } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(categories.id, id))
        .returning();
      await writeAudit(tx, ctx, {
        action: "update",
        entityType: "category",
        entityId: id,
        actor,
        before: auditView(current),
        after: auditView(row),
        ipAddress: ip,
      });
      return presentCategory(row);
    }),
  );
}

export async function updateCategoryFields(ctx: ActingContext, id: string, input: UpdateCategoryFieldsBody): Promise<Category> {
  const { db, actor, ip } = ctx;
  return db.transaction(async (tx) => {
    const current = await loadCategory(tx, id, { forUpdate: true });
    const [row] = await tx
      .update(categories)
      .set({ fieldSchema: input.fieldSchema, updatedAt: sql`now()` })
      .where(eq(categories.id, id))
      .returning();
    await writeAudit(tx, ctx, {
      action: "update_fields",
      entityType: "category",
      entityId: id,
      actor,
      before: { fieldSchema: current.fieldSchema },
      after: { fieldSchema: row.fieldSchema },
      ipAddress: ip,
    });
    return presentCategory(row);
  });
}

export type DeleteCategoryOutcome = { outcome: "deleted" } | { outcome: "deactivated"; category: Category };

/**
 * Deletes a category that no transaction uses. Built-ins are never deleted (409); a category with
 * transactions is deactivated instead, and the caller answers 409 saying so (DECISIONS §7).
 */
export async function deleteCategory(ctx: ActingContext, id: string): Promise<DeleteCategoryOutcome> {
  try {
    return await deleteOrDeactivate(ctx, id);
  } catch (err) {
    // A transaction was added between our check and the delete: the foreign key refused the
    // delete, so this is now a category with transactions. Once more, and it is deactivated.
    if (isForeignKeyViolation(err)) return deleteOrDeactivate(ctx, id);
    throw err;
  }
}

function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23503" || e?.cause?.code === "23503";
}

async function deleteOrDeactivate(ctx: ActingContext, id: string): Promise<DeleteCategoryOutcome> {
  const { db, actor, ip } = ctx;
  return db.transaction(async (tx) => {
    const current = await loadCategory(tx, id, { forUpdate: true });
    if (current.isBuiltin) throw conflict(BUILTIN_NOT_DELETABLE, "builtin");
    const [used] = await tx
      .select({ one: sql<number>`1` })
      .from(transactions)
      .where(eq(transactions.categoryId, id))
      .limit(1);
    if (used) {
      const [row] = await tx
        .update(categories)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(eq(categories.id, id))
        .returning();
      await writeAudit(tx, ctx, {
        action: "deactivate",
        entityType: "category",
        entityId: id,
        actor,
        reason: "Delete requested; the category has transactions",
        before: { isActive: current.isActive },
        after: { isActive: false },
        ipAddress: ip,
      });
      return { outcome: "deactivated", category: presentCategory(row) };
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await writeAudit(tx, ctx, { action: "delete", entityType: "category", entityId: id, actor, before: auditView(current), ipAddress: ip });
    return { outcome: "deleted" };
  });
}
