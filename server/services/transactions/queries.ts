// Reading transactions (DECISIONS §4): the list page with its summary, the pending list, one
// transaction's details, the CSV export's rows and possible duplicates. Set-based SQL only, and
// always through the visibility window of visibility.ts.
import { and, asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { approvals, attachments, categories, transactionDailyTotals, transactionSearch, transactions, users } from "../../db/schema";
import type { Actor } from "../../context";
import type { ActingContext } from "../context";
import { notFound } from "../errors";
import { isUuid } from "../../lib/ids";
import {
  presentApproval,
  presentAttachment,
  presentTransaction,
  type PossibleDuplicate,
  type TransactionDetails,
  type TransactionView,
} from "../../presenters/transactions";
import { LIMITS, type ApprovalAction } from "../../../shared/constants";
import type {
  PendingQuery,
  PendingTransaction,
  TransactionListQuery,
  TransactionListResponse,
} from "../../../shared/schemas/transactions";
import { paiseToString, toPaise } from "../../../shared/money";
import type { CsvValue } from "../../lib/csv";
import { APPROVED_FAMILY, selectView, statusIn, viewColumns, zonedDateSql } from "./common";
import { seesEverything, TRANSACTION_NOT_FOUND, visibleTo, visibleToPrepared, windowValues, type WindowColumns } from "./visibility";
import { availableMoves } from "./status-machine";
import { transactionTimeline } from "./timeline";
import { preparedStatement } from "../sql";
import { addDays } from "../hr/calendar";

type Viewer = Pick<Actor, "id" | "role" | "visibilityWindowDays">;
export type TransactionFilters = Pick<TransactionListQuery, "search" | "status" | "categoryId" | "createdBy" | "overdue">;

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Between the id and the description in transaction_search.search_text (chr(31), migrations/0005). */
const SEARCH_TEXT_SEPARATOR = "\u001f";

/** The filter columns of the table a query reads: transactions, or its narrow copy transaction_search. */
type FilterColumns = {
  id: typeof transactions.id | typeof transactionSearch.transactionId;
  status: typeof transactions.status | typeof transactionSearch.status;
  categoryId: typeof transactions.categoryId | typeof transactionSearch.categoryId;
} & WindowColumns;

const SEARCH_COLUMNS: FilterColumns = {
  id: transactionSearch.transactionId,
  status: transactionSearch.status,
  categoryId: transactionSearch.categoryId,
  createdBy: transactionSearch.createdBy,
  createdAt: transactionSearch.createdAt,
};

/**
 * The WHERE of the list, the summary and the export: the filters plus the viewer's window, over
 * `columns` (transactions by default). A search first looks up the (few) categories and creators
 * whose names match, so the main query gets their ids as constants and PostgreSQL can OR the
 * trigram index of transaction_search with the category and creator indexes instead of scanning
 * every transaction.
 */
async function filterConditions(
  q: Queryable,
  filters: TransactionFilters,
  viewer: Viewer,
  now: Date,
  timeZone: string,
  columns: FilterColumns = transactions,
): Promise<SQL | undefined> {
  const search = filters.search?.trim();
  let searchCondition: SQL | undefined;
  if (search) {
    const pattern = containsPattern(search);
    const named = await q
      .select({ kind: sql<"category" | "creator">`'category'`, id: categories.id })
      .from(categories)
      .where(ilike(categories.name, pattern))
      .unionAll(q.select({ kind: sql<"category" | "creator">`'creator'`, id: users.id }).from(users).where(ilike(users.name, pattern)));
    const categoryIds = named.filter((n) => n.kind === "category").map((n) => n.id);
    const creatorIds = named.filter((n) => n.kind === "creator").map((n) => n.id);
    // search_text is lower(id ␟ description); a search holding the separator cannot match either field.
    const textMatch = search.includes(SEARCH_TEXT_SEPARATOR) ? undefined : sql`${transactionSearch.searchText} like lower(${pattern})`;
    // Over transaction_search the match is on the row itself; over transactions, through its copy.
    const readsSearchCopy = columns.id === transactionSearch.transactionId;
    searchCondition =
      or(
        textMatch &&
          (readsSearchCopy ? textMatch : inArray(columns.id, q.select({ id: transactionSearch.transactionId }).from(transactionSearch).where(textMatch))),
        categoryIds.length ? inArray(columns.categoryId, categoryIds) : undefined,
        creatorIds.length ? inArray(columns.createdBy, creatorIds) : undefined,
      ) ?? sql`false`;
  }
  return and(
    visibleTo(viewer, now, columns),
    filters.status ? eq(columns.status, filters.status) : undefined,
    filters.categoryId ? eq(columns.categoryId, filters.categoryId) : undefined,
    filters.createdBy ? eq(columns.createdBy, filters.createdBy) : undefined,
    filters.overdue ? inArray(columns.id, overdueIds(q, now, timeZone)) : undefined,
    searchCondition,
  );
}

/**
 * Overdue (spec 000 §4, DECISIONS §4): Payment Due, not paid, the due date before today in
 * APP_TIMEZONE. Few rows, found through transactions_overdue_idx (a partial index on exactly this).
 */
function overdueIds(q: Queryable, now: Date, timeZone: string) {
  return q
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.status, "PaymentDue"), eq(transactions.isPaid, false), sql`${transactions.paymentDueDate} < ${zonedDateSql(now, timeZone)}`));
}

// "desc nulls last" on both columns, exactly as transactions_created_at_idx is built, so PostgreSQL
// walks the index in order instead of sorting.
const NEWEST_FIRST = [sql`${transactions.createdAt} desc nulls last`, sql`${transactions.id} desc nulls last`];
// 'Pending' written into the statement, not sent as a parameter: PostgreSQL can then match the
// partial index on the pending queue in a plan made once, and keeps that generic plan for the
// prepared pending page instead of planning it again on every call (0.4 ms of 1.1; docs/performance.md).
const IS_PENDING = sql`${transactions.status} = 'Pending'`;
const PENDING_ORDER = [sql`${transactions.isPriority} desc nulls last`, asc(transactions.createdAt), asc(transactions.id)];

/**
 * GET /api/transactions: one query for the page, one for the total and the summary over the whole
 * filtered set (and, with a search, one lookup of the category and creator names it matches).
 * Summary: approvedCount and approvedAmount count every transaction in Approved,
 * PaymentDue, Paid or Completed (approved money, as budgets count it); pendingCount the Pending ones.
 */
export async function listTransactions(ctx: ActingContext, query: TransactionListQuery): Promise<TransactionListResponse> {
  const { db: q, actor: viewer } = ctx;
  const now = ctx.clock();
  const offset = (query.page - 1) * query.limit;
  let rows: TransactionView[];
  let summary: Summary | undefined;
  if (onlyStatusFilter(query)) {
    // The list as it opens (every status, or one status tab): both statements prepared once per shape.
    const window = windowValues(viewer, now);
    const values = { ...window, ...dailyTotalsBounds(window.since), status: query.status, limit: query.limit, offset };
    [rows, [summary]] = await Promise.all([
      statusListPage(q, viewer, query.status !== undefined).execute(values),
      statusListSummary(q, viewer, query.status !== undefined).execute(values),
    ]);
  } else {
    // Both the summary and the page's ids come from transaction_search: the summary reads every
    // matching row, and there those rows are narrow.
    const where = await filterConditions(q, query, viewer, now, ctx.config.appTimezone, SEARCH_COLUMNS);
    [rows, [summary]] = await Promise.all([listPage(q, where, query.limit, offset), summaryOverRows(q, where)]);
  }
  return {
    transactions: rows.map(presentTransaction),
    total: summary?.count ?? 0,
    page: query.page,
    limit: query.limit,
    summary: {
      count: summary?.count ?? 0,
      approvedCount: summary?.approvedCount ?? 0,
      pendingCount: summary?.pendingCount ?? 0,
      approvedAmount: paiseToString(toPaise(summary?.approvedAmount ?? "0")),
    },
  };
}

/** A page of the list, newest first: the page's ids first (an index walk on created_at), then the joins and per-row counts for those rows only. */
function listPage(q: Queryable, where: SQL | undefined, limit: number | Placeholder, offset: number | Placeholder) {
  const pageIds = q
    .select({ id: transactionSearch.transactionId })
    .from(transactionSearch)
    .where(where)
    .orderBy(sql`${transactionSearch.createdAt} desc nulls last`, sql`${transactionSearch.transactionId} desc nulls last`)
    .limit(limit)
    .offset(offset);
  return selectView(q).where(inArray(transactions.id, pageIds)).orderBy(...NEWEST_FIRST);
}

/** The status-only list's page (filterConditions for such a query: the window and the status), over placeholders. */
function statusListPage(q: Queryable, viewer: Viewer, byStatus: boolean) {
  return preparedStatement(q, `list_page_${statusListShape(viewer, byStatus)}`, (name) => {
    const where = and(visibleToPrepared(viewer, SEARCH_COLUMNS), byStatus ? eq(transactionSearch.status, sql.placeholder("status")) : undefined);
    return listPage(q, where, sql.placeholder("limit"), sql.placeholder("offset")).prepare(name);
  });
}

function statusListSummary(q: Queryable, viewer: Viewer, byStatus: boolean) {
  return preparedStatement(q, `list_summary_${statusListShape(viewer, byStatus)}`, (name) => summaryFromDailyTotals(q, viewer, byStatus).prepare(name));
}

/** What the status-only list's statements depend on: the window (or none) and whether a status is asked. */
function statusListShape(viewer: Viewer, byStatus: boolean): string {
  return `${seesEverything(viewer) ? "all" : "window"}_${byStatus ? "status" : "any"}`;
}

type Summary = { count: number; approvedCount: number; pendingCount: number; approvedAmount: string };

/** The summary columns over rows that have `status`, `count` (1 for a single row) and `amount`. */
function summaryColumns(status: SQL | AnyColumn, count: SQL | AnyColumn, amount: SQL | AnyColumn) {
  const approvedFamily = statusIn(status, APPROVED_FAMILY);
  return {
    count: sql<number>`coalesce(sum(${count}), 0)::int`.mapWith(Number),
    approvedCount: sql<number>`coalesce(sum(${count}) filter (where ${approvedFamily}), 0)::int`.mapWith(Number),
    pendingCount: sql<number>`coalesce(sum(${count}) filter (where ${status} = 'Pending'), 0)::int`.mapWith(Number),
    approvedAmount: sql<string>`coalesce(sum(${amount}) filter (where ${approvedFamily}), 0)::text`,
  };
}

/** Any filter but the status needs the rows themselves. */
function onlyStatusFilter(query: TransactionFilters): boolean {
  return !query.search?.trim() && !query.categoryId && !query.createdBy && !query.overdue;
}

/** The summary read row by row from transaction_search (a search, a category, a creator, overdue). */
function summaryOverRows(q: Queryable, where: SQL | undefined): Promise<Summary[]> {
  return q.select(summaryColumns(transactionSearch.status, sql`1`, transactionSearch.amount)).from(transactionSearch).where(where);
}

/**
 * The summary of the whole visible list (or one status of it, the placeholder `status`) from
 * transaction_daily_totals: whole UTC days there, and from transaction_search only the rows of the
 * one day the window starts in. A SuperAdmin's is every day; anyone else's is the window (every
 * creator, from `since`) and their own rows before it, over windowValues' and dailyTotalsBounds'
 * placeholders. The same figures as summaryOverRows (tests compare them), without reading tens of
 * thousands of rows for each list page.
 */
function summaryFromDailyTotals(q: Queryable, viewer: Viewer, byStatus: boolean) {
  const totals = transactionDailyTotals;
  const rows = transactionSearch;
  const ph = (name: keyof ReturnType<typeof dailyTotalsBounds> | keyof ReturnType<typeof windowValues> | "status") => sql.placeholder(name);
  const ofStatus = (column: AnyColumn) => (byStatus ? sql`and ${column} = ${ph("status")}` : sql``);
  if (seesEverything(viewer)) {
    return q.select(summaryColumns(totals.status, totals.count, totals.amount)).from(totals).where(byStatus ? eq(totals.status, ph("status")) : undefined);
  }
  const parts = sql`
    select ${totals.status} as status, ${totals.count} as n, ${totals.amount} as amount from ${totals}
      where ${totals.day} > ${ph("firstDay")}::date ${ofStatus(totals.status)}
    union all
    select ${rows.status}, 1, ${rows.amount} from ${rows}
      where ${rows.createdAt} >= ${ph("since")}::timestamptz and ${rows.createdAt} < ${ph("nextDay")}::timestamptz ${ofStatus(rows.status)}
    union all
    select ${totals.status}, ${totals.count}, ${totals.amount} from ${totals}
      where ${totals.createdBy} = ${ph("viewerId")} and ${totals.day} < ${ph("firstDay")}::date ${ofStatus(totals.status)}
    union all
    select ${rows.status}, 1, ${rows.amount} from ${rows}
      where ${rows.createdBy} = ${ph("viewerId")} and ${rows.createdAt} >= ${ph("dayStart")}::timestamptz and ${rows.createdAt} < ${ph("since")}::timestamptz ${ofStatus(rows.status)}`;
  return q.select(summaryColumns(sql`parts.status`, sql`parts.n`, sql`parts.amount`)).from(sql`(${parts}) as parts`);
}

/** The UTC day the window's first instant (`since`, an ISO instant) falls in, as summaryFromDailyTotals reads it. */
function dailyTotalsBounds(since: string): { firstDay: string; dayStart: string; nextDay: string } {
  const firstDay = since.slice(0, 10);
  return { firstDay, dayStart: `${firstDay}T00:00:00.000Z`, nextDay: `${addDays(firstDay, 1)}T00:00:00.000Z` };
}

/**
 * GET /api/transactions/pending: Pending and visible, priority first then oldest first, with
 * myAction this round; one page of it, and how many there are in all.
 */
export async function listPending(
  ctx: ActingContext,
  page: PendingQuery = { page: 1, limit: LIMITS.listLimitMax },
): Promise<{ items: (PendingTransaction & { possibleDuplicates: PossibleDuplicate[] })[]; total: number }> {
  const { db: q, actor: viewer } = ctx;
  const now = ctx.clock();
  const rows = await pendingPage(q, viewer).execute({ ...windowValues(viewer, now), limit: page.limit, offset: (page.page - 1) * page.limit });
  // A page past the end has no row to carry the total: only then is it counted on its own.
  const total = rows.length
    ? Number(rows[0]!.total)
    : Number((await q.select({ n: sql<number>`count(*)::int` }).from(transactions).where(and(IS_PENDING, visibleTo(viewer, now))))[0]?.n ?? 0);
  const duplicates = await findPossibleDuplicates(q, rows, viewer, now);
  // Object.assign, not a spread: copying each presented row into a new object cost more than presenting it.
  const items = rows.map((r) =>
    Object.assign(presentTransaction(r), {
      myAction: r.myAction ?? null,
      availableMoves: availableMoves(r, viewer, { myActionThisRound: r.myAction ?? null }),
      possibleDuplicates: duplicates.get(r.id) ?? [],
    }),
  );
  return { items, total };
}

/**
 * The pending page as one statement, prepared once per window shape (the approver's home reads it
 * on every visit and refetch): the page's ids with the size of the whole queue (a window count,
 * taken before the limit), then the joins and per-row lookups for those rows only.
 */
function pendingPage(q: Queryable, viewer: Viewer) {
  const shape = seesEverything(viewer) ? "all" : "window";
  return preparedStatement(q, `pending_page_${shape}`, (name) => {
    const pageOf = q
      .select({ id: transactions.id, total: sql<number>`count(*) over ()`.as("total") })
      .from(transactions)
      .where(and(IS_PENDING, visibleToPrepared(viewer)))
      .orderBy(...PENDING_ORDER)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page_of");
    return q
      .select({
        ...viewColumns,
        total: pageOf.total,
        myAction: sql<ApprovalAction | null>`(select ${approvals.action}::text from ${approvals}
          where ${approvals.transactionId} = ${transactions.id} and ${approvals.round} = ${transactions.approvalRound}
            and ${approvals.approverId} = ${sql.placeholder("viewerId")} limit 1)`,
      })
      .from(pageOf)
      .innerJoin(transactions, eq(transactions.id, pageOf.id))
      .innerJoin(categories, eq(categories.id, transactions.categoryId))
      .innerJoin(users, eq(users.id, transactions.createdBy))
      .orderBy(...PENDING_ORDER)
      .prepare(name);
  });
}

/** GET /api/transactions/:id: category with its fields, creator, approvals of all rounds, attachments, possible duplicates. */
export async function transactionDetails(ctx: ActingContext, id: string): Promise<TransactionDetails> {
  const { db: q, actor: viewer } = ctx;
  const now = ctx.clock();
  if (!isUuid(id)) throw notFound(TRANSACTION_NOT_FOUND);
  const [row] = await q
    .select({ ...viewColumns, fieldSchema: categories.fieldSchema })
    .from(transactions)
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .innerJoin(users, eq(users.id, transactions.createdBy))
    .where(and(eq(transactions.id, id), visibleTo(viewer, now)))
    .limit(1);
  if (!row) throw notFound(TRANSACTION_NOT_FOUND);
  const [approvalRows, attachmentRows, duplicates, timeline] = await Promise.all([
    q
      .select({ approval: approvals, approverName: users.name })
      .from(approvals)
      .leftJoin(users, eq(users.id, approvals.approverId))
      .where(eq(approvals.transactionId, id))
      .orderBy(asc(approvals.round), asc(approvals.actedAt), asc(approvals.id)),
    q.select().from(attachments).where(eq(attachments.transactionId, id)).orderBy(asc(attachments.createdAt), asc(attachments.id)),
    findPossibleDuplicates(q, [row], viewer, now),
    transactionTimeline(q, id),
  ]);
  const base = presentTransaction(row);
  const mine = approvalRows.find((a) => a.approval.round === row.approvalRound && a.approval.approverId === viewer.id);
  return {
    ...base,
    category: { ...base.category, fieldSchema: row.fieldSchema ?? [] },
    approvals: approvalRows.map((a) => presentApproval({ ...a.approval, approverName: a.approverName })),
    attachments: attachmentRows.map(presentAttachment),
    possibleDuplicates: duplicates.get(row.id) ?? [],
    availableMoves: availableMoves(row, viewer, { myActionThisRound: (mine?.approval.action as ApprovalAction | undefined) ?? null }),
    timeline,
  };
}

// ---------------------------------------------------------------- possible duplicates

/** At most this many possible duplicates are named per transaction. */
export const DUPLICATES_SHOWN = 10;

type DuplicateKey = { id: string; categoryId: string; amount: string; transactionDate: string };

/**
 * Other transactions that may be the same payment: same category, amount and transaction date, or
 * an attachment with the same content hash. Only those the viewer may see are named.
 * Two queries whatever the number of transactions asked about.
 */
export async function findPossibleDuplicates(
  q: Queryable,
  txns: readonly DuplicateKey[],
  viewer: Viewer,
  now: Date,
): Promise<Map<string, PossibleDuplicate[]>> {
  const result = new Map<string, PossibleDuplicate[]>();
  if (txns.length === 0) return result;
  const found = await duplicatesOf(q, viewer).execute({
    ...windowValues(viewer, now),
    ids: txns.map((t) => t.id),
    categoryIds: txns.map((t) => t.categoryId),
    amounts: txns.map((t) => t.amount),
    dates: txns.map((t) => t.transactionDate),
    limit: txns.length * DUPLICATES_SHOWN * 2,
  });
  // The same file is the stronger sign: named first, and it wins when both match.
  for (const row of [...found.filter((r) => r.matchedBy === "attachment"), ...found.filter((r) => r.matchedBy === "details")]) {
    const list = result.get(row.forId) ?? [];
    if (list.length < DUPLICATES_SHOWN && !list.some((d) => d.id === row.id))
      list.push({ id: row.id, humanReadableId: row.humanReadableId, status: row.status, matchedBy: row.matchedBy });
    result.set(row.forId, list);
  }
  return result;
}

/**
 * Both kinds of match in one statement, prepared once per window shape. Four array placeholders, not
 * four values per transaction: the statement is the same for a page of 200 as for one.
 */
function duplicatesOf(q: Queryable, viewer: Viewer) {
  const shape = seesEverything(viewer) ? "all" : "window";
  return preparedStatement(q, `possible_duplicates_${shape}`, (name) => {
    const array = (placeholder: string) => sql`${sql.placeholder(placeholder)}::text[]`;
    const keys = sql`unnest(${array("ids")}::uuid[], ${array("categoryIds")}::uuid[], ${array("amounts")}::numeric[], ${array("dates")}::date[])`;
    const bySameFacts = q
      .select({ forId: sql<string>`k.for_id`, id: transactions.id, humanReadableId: transactions.humanReadableId, status: transactions.status, matchedBy: sql<"details" | "attachment">`'details'` })
      .from(sql`${keys} as k(for_id, category_id, amount, transaction_date)`)
      .innerJoin(
        transactions,
        sql`${transactions.categoryId} = k.category_id and ${transactions.amount} = k.amount and ${transactions.transactionDate} = k.transaction_date and ${transactions.id} <> k.for_id`,
      )
      .where(visibleToPrepared(viewer))
      .limit(sql.placeholder("limit"));
    const bySameFile = q
      .select({ forId: sql<string>`mine.transaction_id`, id: transactions.id, humanReadableId: transactions.humanReadableId, status: transactions.status, matchedBy: sql<"details" | "attachment">`'attachment'` })
      .from(sql`${attachments} as mine`)
      .innerJoin(attachments, sql`${attachments.contentSha256} = mine.content_sha256 and ${attachments.transactionId} <> mine.transaction_id`)
      .innerJoin(transactions, eq(transactions.id, attachments.transactionId))
      .where(and(sql`mine.transaction_id = any(${array("ids")}::uuid[])`, sql`mine.content_sha256 is not null`, visibleToPrepared(viewer)))
      .limit(sql.placeholder("limit"));
    return bySameFile.unionAll(bySameFacts).prepare(name);
  });
}

/** POST /api/transactions/check-duplicates: visible transactions with this category, amount and date. */
export async function checkDuplicates(ctx: ActingContext, facts: { categoryId: string; amount: string; transactionDate: string }): Promise<PossibleDuplicate[]> {
  const { actor: viewer } = ctx;
  const now = ctx.clock();
  return ctx.db
    .select({ id: transactions.id, humanReadableId: transactions.humanReadableId, status: transactions.status, matchedBy: sql<"details">`'details'` })
    .from(transactions)
    .where(
      and(
        eq(transactions.categoryId, facts.categoryId),
        eq(transactions.amount, facts.amount),
        eq(transactions.transactionDate, facts.transactionDate),
        visibleTo(viewer, now),
      ),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(DUPLICATES_SHOWN);
}

// ---------------------------------------------------------------- export

export const EXPORT_HEADER = [
  "Transaction ID",
  "Form Type",
  "Transaction Date",
  "Description",
  "Category",
  "Amount",
  "Status",
  "Paid",
  "Emergency",
  "Emergency Approval",
  "Previously Rejected",
  "Creator",
  "Created At",
  "Approvals Received",
  "Approvals Required",
  "Payment Due Date",
  "Paid Date",
  "Payment Method",
  "Payment Reference",
] as const;

export const EXPORT_BATCH = 1000;

function exportRow(v: TransactionView): CsvValue[] {
  const t = presentTransaction(v);
  return [
    t.humanReadableId,
    t.formType,
    t.transactionDate,
    t.description,
    t.category.name,
    t.amount,
    t.status,
    t.isPaid ? "Yes" : "No",
    t.isPriority ? "Yes" : "No",
    t.isEmergency ? "Yes" : "No",
    t.previouslyRejected ? "Yes" : "No",
    t.creator.name,
    t.createdAt,
    t.approvalsReceived,
    t.approvalsRequired,
    t.paymentDueDate,
    t.paidDate,
    t.paymentMethod,
    t.paymentReference,
  ];
}

/**
 * The export's rows, newest first, read in keyset-paginated batches so memory stays flat whatever
 * the row count. The cursor is created_at as text (microseconds, which a JS Date would lose) and id.
 */
export async function* exportRows(ctx: ActingContext, filters: TransactionFilters): AsyncGenerator<CsvValue[]> {
  const { db: q, actor: viewer } = ctx;
  const now = ctx.clock();
  const timeZone = ctx.config.appTimezone;
  const where = await filterConditions(q, filters, viewer, now, timeZone);
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? // The plain bound lets the index skip what was already read; the row comparison breaks ties.
        sql`${transactions.createdAt} <= ${cursor.at}::timestamptz and (${transactions.createdAt}, ${transactions.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const batch: (TransactionView & { cursorAt: string })[] = await q
      .select({ ...viewColumns, cursorAt: sql<string>`${transactions.createdAt}::text` })
      .from(transactions)
      .innerJoin(categories, eq(categories.id, transactions.categoryId))
      .innerJoin(users, eq(users.id, transactions.createdBy))
      .where(
        inArray(
          transactions.id,
          q.select({ id: transactions.id }).from(transactions).where(and(where, after)).orderBy(...NEWEST_FIRST).limit(EXPORT_BATCH),
        ),
      )
      .orderBy(...NEWEST_FIRST);
    for (const row of batch) yield exportRow(row);
    if (batch.length < EXPORT_BATCH) return;
    const last: TransactionView & { cursorAt: string } = batch[batch.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
  }
}

/** What this approver did in this round of the transaction, if anything. */
export async function myActionThisRound(q: Queryable, transactionId: string, round: number, approverId: string): Promise<ApprovalAction | null> {
  const [row] = await q
    .select({ action: approvals.action })
    .from(approvals)
    .where(and(eq(approvals.transactionId, transactionId), eq(approvals.round, round), eq(approvals.approverId, approverId)))
    .limit(1);
  return (row?.action as ApprovalAction | undefined) ?? null;
}
