// What every transaction service shares: the joined view a transaction is answered from, the
// category checks of create/edit/submit, "today" in APP_TIMEZONE, and turning a status-machine
// verdict into the HTTP error it stands for.
import { and, eq, getTableColumns, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { TransactionStatus } from "../../../shared/constants";
import type { Queryable } from "../../db/client";
import { attachments, categories, transactions, users, type CategoryRow } from "../../db/schema";
import { DomainError, badRequest } from "../errors";
import type { TransactionView } from "../../presenters/transactions";
import { validateCustomFieldValues } from "../../../shared/custom-fields";
import type { CustomFieldValues } from "../../../shared/schemas/categories";
import type { MoveVerdict } from "./status-machine";

export { APPROVED_FAMILY } from "../../../shared/constants";
/** Statuses in which a submitted emergency transaction counts towards its category's emergency limits. */
export const EMERGENCY_COUNTED = ["Pending", "Approved", "PaymentDue", "Paid", "Completed"] as const;

/**
 * `column in ('Approved', …)` with the statuses written as literals (they are our constants, never
 * input), so PostgreSQL can match the query to a partial index built on the same list.
 */
export function statusIn(column: SQL | AnyColumn, statuses: readonly TransactionStatus[]): SQL {
  return sql`${column} in (${sql.raw(statuses.map((s) => `'${s}'`).join(", "))})`;
}

/** The status machine's refusal as an error: 403 not yours to do, 409 not in this state. */
export function assertMove(verdict: MoveVerdict): void {
  if (!verdict.ok) throw new DomainError(verdict.kind, verdict.message, { code: verdict.kind === "forbidden" ? "forbidden" : "wrong_state" });
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Columns of `TransactionView`: the row, its category's name, its creator's name, its attachment count. */
export const viewColumns = {
  ...getTableColumns(transactions),
  categoryName: categories.name,
  categoryIsBuiltin: categories.isBuiltin,
  creatorName: users.name,
  creatorUsername: users.username,
  attachmentCount: sql<number>`(select count(*)::int from ${attachments} where ${attachments.transactionId} = ${transactions.id})`.mapWith(Number),
};

/** select … from transactions join categories join users (creator). */
export function selectView(q: Queryable) {
  return q
    .select(viewColumns)
    .from(transactions)
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .innerJoin(users, eq(users.id, transactions.createdBy));
}

export async function loadView(q: Queryable, id: string, where?: SQL): Promise<TransactionView | undefined> {
  const [row] = await selectView(q).where(and(eq(transactions.id, id), where)).limit(1);
  return row;
}

/** The calendar date of `now` in `timeZone`, computed by the database ('YYYY-MM-DD'). */
export function zonedDateSql(now: Date, timeZone: string): SQL<string> {
  return sql<string>`(${now.toISOString()}::timestamptz at time zone ${timeZone})::date`;
}

/** node-postgres answers {rows}, PGlite answers {rows} too; both through drizzle's execute. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

export const CATEGORY_REQUIRED = "Category is required";
export const CATEGORY_INACTIVE = "This category is inactive";

/**
 * The category a transaction is created in, edited into or submitted in: it must exist (400
 * 'Category is required') and, unless `allowInactive`, be active (400 'This category is inactive').
 */
export async function usableCategory(q: Queryable, categoryId: string, options: { allowInactive?: boolean; forUpdate?: boolean } = {}): Promise<CategoryRow> {
  const base = q.select().from(categories).where(eq(categories.id, categoryId)).limit(1);
  const [category] = options.forUpdate ? await base.for("update") : await base;
  if (!category) throw badRequest(CATEGORY_REQUIRED, [{ path: "categoryId", message: CATEGORY_REQUIRED }]);
  if (!category.isActive && !options.allowInactive) throw badRequest(CATEGORY_INACTIVE, [{ path: "categoryId", message: CATEGORY_INACTIVE }]);
  return category;
}

/** The values to store, or a 400 with one issue per bad field (DECISIONS §4 custom fields). */
export function checkCustomFields(category: CategoryRow, values: unknown): CustomFieldValues {
  const result = validateCustomFieldValues(category.fieldSchema ?? [], values);
  if (!result.ok) throw badRequest(result.issues[0]?.message ?? "Invalid custom field values", result.issues);
  return result.values;
}
