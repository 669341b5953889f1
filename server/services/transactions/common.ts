// What every transaction service shares: the joined view a transaction is answered from, the
// category checks of create/edit/submit, "today" in APP_TIMEZONE, and turning a status-machine
// verdict into the HTTP error it stands for.
import { and, eq, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { TransactionStatus } from "../../../shared/constants";
import type { Queryable } from "../../db/client";
import { attachments, categories, transactions, users, type CategoryRow } from "../../db/schema";
import { DomainError, badRequest } from "../errors";
import { transactionJson, viewColumns, type TransactionView } from "../../presenters/transactions";
import { validateCustomFieldValues } from "../../../shared/custom-fields";
import type { CustomFieldValues } from "../../../shared/schemas/categories";
import type { MoveVerdict } from "./status-machine";

export { APPROVED_FAMILY } from "../../../shared/constants";

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

/**
 * The last instant or day of a range that has none, sent as a placeholder's value: PostgreSQL's plan
 * made once for every value estimates a range with two placeholder ends as the few rows it usually
 * holds, and an open end as a third of the table (which would have it plan every run anew).
 */
export const NO_END = "infinity";

/**
 * A page's ids newest first, as an array literal ('{}' past the end), from `candidates` (rows of
 * `id` and `at`): as they are, or cut to the page by `cut` (newest first).
 */
export function pageIdsFrom(candidates: SQL, cut?: { limit: SQL | Placeholder | number; offset: SQL | Placeholder | number }): SQL<string> {
  const page = cut ? sql`select c.id, c.at from (${candidates}) c order by c.at desc, c.id desc limit ${cut.limit} offset ${cut.offset}` : candidates;
  return sql<string>`(select coalesce(array_agg(p.id order by p.at desc, p.id desc), '{}')::text from (${page}) p)`;
}

/**
 * The transactions of a page whose ids `pageIds` holds (pageIdsFrom's array literal), newest first,
 * as their JSON texts (transactionJson) joined by commas, '' for none: a subquery of the list's own
 * statement, evaluated once, so a page costs no round trip of its own.
 */
export function pageJsonOf(q: Queryable, pageIds: SQL<string>): SQL<string> {
  const page = q
    .select({ json: sql`coalesce(string_agg(${transactionJson()}, ',' order by ${transactions.createdAt} desc, ${transactions.id} desc), '')` })
    .from(transactions)
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .innerJoin(users, eq(users.id, transactions.createdBy))
    .where(sql`${transactions.id} = any((${pageIds})::uuid[])`);
  return sql<string>`(${page})`;
}

/**
 * The attachments of the transactions `of` picks (a condition on attachments.transaction_id: a
 * page's ids) counted per transaction in one grouped pass, to left-join by `transactionId`: a count
 * per row would start a subquery for every row.
 */
export function attachmentCounts(q: Queryable, of: SQL) {
  return q
    .select({ transactionId: attachments.transactionId, count: sql<number>`count(*)::int`.as("count") })
    .from(attachments)
    .where(of)
    .groupBy(attachments.transactionId)
    .as("attached");
}

/** select … from transactions join categories join users (creator). */
function selectView(q: Queryable) {
  return q
    .select(viewColumns)
    .from(transactions)
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .innerJoin(users, eq(users.id, transactions.createdBy));
}

export async function loadView(q: Queryable, id: string, where?: SQL): Promise<TransactionView | undefined> {
  const [row] = await selectView(q)
    .where(and(eq(transactions.id, id), where))
    .limit(1);
  return row;
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
