// What every transaction service shares: the joined view a transaction is answered from, the
// category checks of create/edit/submit, "today" in APP_TIMEZONE, and turning a status-machine
// verdict into the HTTP error it stands for.
import { and, Column, eq, getTableColumns, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { TransactionStatus } from "../../../shared/constants";
import type { Queryable } from "../../db/client";
import { attachments, categories, parties, transactions, users, type CategoryRow } from "../../db/schema";
import { DomainError, badRequest } from "../errors";
import type { TransactionView } from "../../presenters/transactions";
import type { Transaction } from "../../../shared/schemas/transactions";
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

/** Columns of `TransactionView`: the row, its category's name, its creator's name, its attachment count. */
export const viewColumns = {
  ...getTableColumns(transactions),
  categoryName: categories.name,
  categoryIsBuiltin: categories.isBuiltin,
  creatorName: users.name,
  creatorUsername: users.username,
  attachmentCount: sql<number>`(select count(*)::int from ${attachments} where ${attachments.transactionId} = ${transactions.id})`.mapWith(Number),
  // The party named (DECISIONS §12) as JSON text, read by one primary-key probe only when there is one.
  partyJson: sql<string | null>`(case when ${transactions.partyId} is null then null else ${partyJsonOf()} end)`,
};

/** {id, name, gstin, stateCode} of the transaction's party, as JSON text (partyRefAnswer). */
function partyJsonOf(): SQL {
  return sql`(select '{"id":"' || p.id::text || '","name":' || to_json(p.name)::text || ',"gstin":' || coalesce(to_json(p.gstin)::text, 'null') || ',"stateCode":' || coalesce(to_json(p.state_code)::text, 'null') || '}' from ${parties} p where p.id = ${transactions.partyId})`;
}

// The JSON text of one value, for transactionJson. Written with || rather than json_build_object,
// which looks up every argument's type on every row and cost PostgreSQL twice as much.
/** `text`, or JSON's null when the value is null (a NOT NULL column needs no coalesce). */
const orNull = (value: SQL | AnyColumn, text: SQL) => (value instanceof Column && value.notNull ? text : sql`coalesce(${text}, 'null')`);
/** A string that may hold anything (quotes, newlines): escaped by PostgreSQL's own to_json. */
const jsonString = (value: SQL | AnyColumn) => orNull(value, sql`to_json(${value})::text`);
/** A value whose text needs no escaping (uuid, date, numeric, an enum's name) as a JSON string. */
const jsonQuoted = (value: SQL | AnyColumn) => orNull(value, sql`'"' || ${value}::text || '"'`);
/** A number or a boolean, whose text is already JSON. */
const jsonLiteral = (value: SQL | AnyColumn) => orNull(value, sql`${value}::text`);
/** An instant as presentTransaction writes one (Date#toISOString: UTC, milliseconds, "Z"). */
const jsonInstant = (column: AnyColumn) => orNull(column, sql`'"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`);
/** A JSON object from the JSON texts of its values; the keys are ours, never input. */
const jsonObject = (fields: Record<string, SQL>) =>
  sql`('{' || ${sql.join(
    Object.entries(fields).map(([key, value], i) => sql`${sql.raw(`'${i ? "," : ""}"${key}":'`)} || ${value}`),
    sql` || `,
  )} || '}')`;

/** The keys presentTransaction always writes (Transaction's optional ones belong to the details). */
type PresentedKey = { [K in keyof Transaction]-?: undefined extends Transaction[K] ? never : K }[keyof Transaction];

/**
 * presentTransaction's answer, written by PostgreSQL as JSON text from the same joined row: the
 * pages that list up to 200 transactions (the list, the pending list) are sent as PostgreSQL writes
 * them, without turning every column into a JavaScript value and the whole back into JSON (that was
 * half of Node's work on those reads; docs/performance-history.md). Every key of `Transaction` must be here
 * (the type says so), and transaction-json.api.test.ts holds the two forms equal for every kind of row.
 */
const TRANSACTION_JSON: Record<PresentedKey, SQL> = {
  id: jsonQuoted(transactions.id),
  humanReadableId: jsonString(transactions.humanReadableId),
  formType: jsonQuoted(transactions.formType),
  categoryId: jsonQuoted(transactions.categoryId),
  category: jsonObject({ id: jsonQuoted(transactions.categoryId), name: jsonString(categories.name), isBuiltin: jsonLiteral(categories.isBuiltin) }),
  // numeric(14,2) always prints its two fraction digits, as presentAmount writes them.
  amount: jsonQuoted(transactions.amount),
  transactionDate: jsonQuoted(transactions.transactionDate),
  description: jsonString(transactions.description),
  status: jsonQuoted(transactions.status),
  isPaid: jsonLiteral(transactions.isPaid),
  isPriority: jsonLiteral(transactions.isPriority),
  isEmergency: jsonLiteral(transactions.isEmergency),
  previouslyRejected: jsonLiteral(transactions.previouslyRejected),
  createdBy: jsonQuoted(transactions.createdBy),
  creator: jsonObject({ id: jsonQuoted(transactions.createdBy), name: jsonString(users.name), username: jsonString(users.username) }),
  createdAt: jsonInstant(transactions.createdAt),
  updatedAt: jsonInstant(transactions.updatedAt),
  customFieldValues: sql`coalesce(${transactions.customFieldValues}::text, '{}')`,
  approvalsReceived: jsonLiteral(transactions.approvalsReceived),
  approvalsRequired: jsonLiteral(transactions.approvalsRequired),
  approvalPolicy: sql`coalesce(${transactions.approvalPolicy}::text, 'null')`,
  approvalRound: jsonLiteral(transactions.approvalRound),
  submittedAt: jsonInstant(transactions.submittedAt),
  approvedAt: jsonInstant(transactions.approvedAt),
  paymentDueDate: jsonQuoted(transactions.paymentDueDate),
  paidDate: jsonQuoted(transactions.paidDate),
  paymentMethod: jsonString(transactions.paymentMethod),
  paymentReference: jsonString(transactions.paymentReference),
  paymentNotes: jsonString(transactions.paymentNotes),
  paidBy: jsonQuoted(transactions.paidBy),
  completedAt: jsonInstant(transactions.completedAt),
  gst: sql`coalesce(${transactions.gst}::text, 'null')`,
  attachmentCount: jsonLiteral(viewColumns.attachmentCount),
  partyId: jsonQuoted(transactions.partyId),
  party: sql`coalesce(${viewColumns.partyJson}, 'null')`,
  // What presentTds answers: the kept TDS less what only the register reads.
  tds: sql`coalesce((${transactions.tds} - 'noPan')::text, 'null')`,
  // numeric(14,2) less a whole-rupee TDS prints its two fraction digits, as paiseToString writes them.
  claimant: sql`(case when ${transactions.claimantEmployeeId} is null then 'null' else ${jsonObject({ employeeId: jsonQuoted(transactions.claimantEmployeeId), name: jsonString(transactions.claimantName) })} end)`,
  netPayable: sql`'"' || (${transactions.amount} - coalesce((${transactions.tds} ->> 'amount')::numeric, 0))::numeric(14,2)::text || '"'`,
};

/** One transaction as JSON text (TRANSACTION_JSON) over selectView's joins, with any `extra` fields (their JSON texts). */
export function transactionJson(extra: Record<string, SQL> = {}): SQL<string> {
  return sql<string>`${jsonObject({ ...TRANSACTION_JSON, ...extra })}`;
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
