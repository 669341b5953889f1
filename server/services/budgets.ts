// Budgets (spec 001 §3-§5; DECISIONS §7). What a budget has spent is computed, never stored: the
// sum of transactions in Approved, PaymentDue, Paid or Completed whose transactionDate lies in
// [startDate, endDate] and whose category matches (a null category means all). One set-based
// query answers it for any number of budgets.
import { isUuid } from "../lib/ids";
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { budgets, categories, type BudgetRow } from "../db/schema";
import { badRequest, notFound } from "./errors";
import { writeAudit } from "./audit";
import { moneyPercent, subtractMoney, sumMoney } from "../../shared/money";
import { APPROVED_FAMILY, type TransactionStatus } from "../../shared/constants";
import { budgetBodySchema, budgetStatus, type Budget, type BudgetBody, type BudgetChanges } from "../../shared/schemas/budgets";
import { parse } from "./validation";
import { type ActingContext, type ServiceContext, todayOf } from "./context";

export const BUDGET_NOT_FOUND = "Budget not found";
export const BUDGET_CATEGORY_NOT_FOUND = "Category not found";

/** The statuses whose money counts as spent (DECISIONS §7). */
export const SPENT_STATUSES: readonly TransactionStatus[] = APPROVED_FAMILY;

type BudgetWithSpent = BudgetRow & { categoryName: string | null; spent: string };

const spentStatusList = sql.join(
  SPENT_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The spent sum of every budget matching `where`, in one statement: a lateral sum per budget,
 * each served by the (category_id, transaction_date) or transaction_date index.
 */
export async function loadBudgetsWithSpent(q: Queryable, where?: SQL): Promise<BudgetWithSpent[]> {
  const rows = await q
    .select({
      budget: budgets,
      categoryName: categories.name,
      spent: sql<string>`(
        select coalesce(sum(t.amount), 0)::text from transactions t
        where t.status in (${spentStatusList})
          and t.transaction_date between ${budgets.startDate} and ${budgets.endDate}
          and (${budgets.categoryId} is null or t.category_id = ${budgets.categoryId})
      )`,
    })
    .from(budgets)
    .leftJoin(categories, eq(categories.id, budgets.categoryId))
    .where(where)
    .orderBy(desc(budgets.createdAt), desc(budgets.id));
  return rows.map((r) => ({ ...r.budget, categoryName: r.categoryName, spent: r.spent }));
}

/** Percent used: capped at 100, 0 when the amount is 0, 2 decimals (spec 001 §4). */
export function percentUsed(spent: string, amount: string): number {
  const p = moneyPercent(spent, amount);
  return Math.min(100, Math.round(p * 100) / 100);
}

export function presentBudget(b: BudgetWithSpent, today: string): Budget {
  const spent = sumMoney([b.spent]);
  const percent = percentUsed(spent, b.amount);
  return {
    id: b.id,
    name: b.name,
    categoryId: b.categoryId,
    category: b.categoryId && b.categoryName !== null ? { name: b.categoryName } : null,
    amount: sumMoney([b.amount]),
    spent,
    percentUsed: percent,
    remaining: subtractMoney(b.amount, spent),
    period: b.period,
    startDate: b.startDate,
    endDate: b.endDate,
    alertThreshold: b.alertThreshold,
    isActive: b.isActive,
    status: budgetStatus(b, percent, today),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

export async function listBudgets(ctx: ServiceContext): Promise<Budget[]> {
  const rows = await loadBudgetsWithSpent(ctx.db);
  const day = todayOf(ctx);
  return rows.map((r) => presentBudget(r, day));
}

async function getBudget(q: Queryable, id: string, day: string): Promise<Budget> {
  const [row] = await loadBudgetsWithSpent(q, eq(budgets.id, id));
  if (!row) throw notFound(BUDGET_NOT_FOUND);
  return presentBudget(row, day);
}

async function assertCategoryExists(q: Queryable, categoryId: string | null): Promise<void> {
  if (!categoryId) return;
  const [row] = await q.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!row) throw badRequest(BUDGET_CATEGORY_NOT_FOUND, [{ path: "categoryId", message: BUDGET_CATEGORY_NOT_FOUND }]);
}

const auditView = (b: BudgetRow) => ({
  name: b.name,
  categoryId: b.categoryId,
  amount: b.amount,
  period: b.period,
  startDate: b.startDate,
  endDate: b.endDate,
  alertThreshold: b.alertThreshold,
  isActive: b.isActive,
});

/** A category removed between our check and the write: the foreign key's refusal is the same 400. */
async function withCategoryGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e?.code === "23503" || e?.cause?.code === "23503") {
      throw badRequest(BUDGET_CATEGORY_NOT_FOUND, [{ path: "categoryId", message: BUDGET_CATEGORY_NOT_FOUND }]);
    }
    throw err;
  }
}

export async function createBudget(ctx: ActingContext, input: BudgetBody): Promise<Budget> {
  return withCategoryGuard(() =>
    ctx.db.transaction(async (tx) => {
      await assertCategoryExists(tx, input.categoryId);
      const [row] = await tx
        .insert(budgets)
        .values({ ...input, createdBy: ctx.actor.id })
        .returning();
      await writeAudit(tx, ctx, { action: "create", entityType: "budget", entityId: row.id, actor: ctx.actor, after: auditView(row), ipAddress: ctx.ip });
      return getBudget(tx, row.id, todayOf(ctx));
    }),
  );
}

/**
 * PUT /api/admin/budgets/:id: fields left out keep their stored values; the budget the change
 * makes is validated as on create (name, amount, dates in order, threshold).
 */
export async function updateBudget(ctx: ActingContext, id: string, changes: BudgetChanges): Promise<Budget> {
  return withCategoryGuard(() =>
    ctx.db.transaction(async (tx) => {
      if (!isUuid(id)) throw notFound(BUDGET_NOT_FOUND);
      const [before] = await tx.select().from(budgets).where(eq(budgets.id, id)).limit(1).for("update");
      if (!before) throw notFound(BUDGET_NOT_FOUND);
      const input = parse(budgetBodySchema, { ...auditView(before), ...changes });
      await assertCategoryExists(tx, input.categoryId);
      const [after] = await tx
        .update(budgets)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(budgets.id, id))
        .returning();
      await writeAudit(tx, ctx, {
        action: "update",
        entityType: "budget",
        entityId: id,
        actor: ctx.actor,
        before: auditView(before),
        after: auditView(after),
        ipAddress: ctx.ip,
      });
      return getBudget(tx, id, todayOf(ctx));
    }),
  );
}

export async function deleteBudget(ctx: ActingContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound(BUDGET_NOT_FOUND);
    const [before] = await tx.delete(budgets).where(eq(budgets.id, id)).returning();
    if (!before) throw notFound(BUDGET_NOT_FOUND);
    await writeAudit(tx, ctx, { action: "delete", entityType: "budget", entityId: id, actor: ctx.actor, before: auditView(before), ipAddress: ctx.ip });
  });
}

/** Total spent and allocated over the active budgets: the admin dashboard's utilisation (DECISIONS §7). */
export async function activeBudgetTotals(q: Queryable): Promise<{ spent: string[]; allocated: string[] }> {
  const rows = await loadBudgetsWithSpent(q, eq(budgets.isActive, true));
  return { spent: rows.map((r) => r.spent), allocated: rows.map((r) => r.amount) };
}
