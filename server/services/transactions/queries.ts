// Reading transactions (DECISIONS §4): the list page with its summary, the pending list, one
// transaction's details, the CSV export's rows and possible duplicates. Set-based SQL only, and
// always through the visibility window of visibility.ts.
import { exportedIn } from "../books/exports";
import { and, asc, desc, eq, inArray, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { approvals, attachments, categories, transactionDailyTotals, transactionSearch, transactions, users } from "../../db/schema";
import type { Actor } from "../../context";
import { notFound } from "../errors";
import { isUuid } from "../../lib/ids";
import {
  presentApproval,
  presentAttachment,
  presentTransaction,
  transactionJson,
  viewColumns,
  type PossibleDuplicate,
  type TransactionDetails,
  type TransactionView,
} from "../../presenters/transactions";
import { LIMITS, type ApprovalAction } from "../../../shared/constants";
import type { PendingQuery, PendingTransaction, TransactionListQuery, TransactionListResponse } from "../../../shared/schemas/transactions";
import { paiseToString, toPaise } from "../../../shared/money";
import type { CsvValue } from "../../lib/csv";
import { APPROVED_FAMILY, attachmentCounts, NO_END, pageIdsFrom, pageJsonOf, statusIn } from "./common";
import { jsonArray, JsonText, withFields } from "../../lib/json-answer";
import { seesEverything, TRANSACTION_NOT_FOUND, visibleTo, visibleToPrepared, windowFirstDay, windowValues, type WindowColumns } from "./visibility";
import { approveRefusal, availableMoves, type TransactionState } from "./status-machine";
import { transactionTimeline } from "./timeline";
import { approvalOnBehalfOf, decisionFor, superAdminApproved, type ApprovalRowFacts, type ApproverStanding } from "./authority";
import { approvalDecisions, roundEntriesJson, roundFrom, standingColumns, standingFrom, type RoundEntry } from "./authority-reads";
import { todayOf, type ActingContext } from "../context";
import { containsPattern, microsOf, namedColumns, preparedStatement, rowsAsParsed, zonedDateSql } from "../../db/sql";
import { keptList, namesIn, SEARCH_TEXT_SEPARATOR, type Summary } from "./search-summary";
import { answersVersion } from "../../answer-cache/version";

type Viewer = Pick<Actor, "id" | "role" | "visibilityWindowDays">;
export type TransactionFilters = Pick<TransactionListQuery, "search" | "status" | "categoryId" | "createdBy" | "overdue">;

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
): Promise<{ where: SQL | undefined }> {
  const search = filters.search?.trim();
  let searchCondition: SQL | undefined;
  if (search) {
    const pattern = containsPattern(search);
    const { categoryIds, creatorIds } = await namesIn(q, search);
    // search_text is lower(id ␟ description ␟ party name ␟ GSTIN); a search holding the separator matches no field.
    const textMatch = search.includes(SEARCH_TEXT_SEPARATOR) ? undefined : sql`${transactionSearch.searchText} like lower(${pattern})`;
    // Over transaction_search the match is on the row itself; over transactions, through its copy.
    const readsSearchCopy = columns.id === transactionSearch.transactionId;
    const byCategory = categoryIds.length ? inArray(columns.categoryId, categoryIds) : undefined;
    const byCreator = creatorIds.length ? inArray(columns.createdBy, creatorIds) : undefined;
    searchCondition =
      or(
        textMatch &&
          (readsSearchCopy ? textMatch : inArray(columns.id, q.select({ id: transactionSearch.transactionId }).from(transactionSearch).where(textMatch))),
        byCategory,
        byCreator,
      ) ?? sql`false`;
  }
  const where = and(
    visibleTo(viewer, now, columns),
    filters.status ? eq(columns.status, filters.status) : undefined,
    filters.categoryId ? eq(columns.categoryId, filters.categoryId) : undefined,
    filters.createdBy ? eq(columns.createdBy, filters.createdBy) : undefined,
    filters.overdue ? inArray(columns.id, overdueIds(q, now, timeZone)) : undefined,
    searchCondition,
  );
  return { where };
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
// prepared pending page instead of planning it again on every call (planning was a large part of the page's time: docs/performance-history.md).
const IS_PENDING = sql`${transactions.status} = 'Pending'`;
/** The pending list's order: priority first, then oldest first (the pending feed ranks rows by it too). */
export const PENDING_ORDER = [sql`${transactions.isPriority} desc nulls last`, asc(transactions.createdAt), asc(transactions.id)];

/**
 * GET /api/transactions in one statement: the summary over the whole filtered set with the page's
 * transactions (a search looks up the category and creator names it matches first, unless it
 * remembers them: search-summary.ts). The summary is added up from days kept for it (the daily
 * totals, or search-summary.ts for a search, category or creator, which sums and keeps a missing day
 * in one more statement) and the rows no whole day covers. The statement is written so that
 * PostgreSQL keeps one plan for it, made once per connection (an Overdue list and a page past the
 * first 200 rows are planned for their values; docs/performance-history.md).
 * Summary: approvedCount and approvedAmount count every transaction in Approved,
 * PaymentDue, Paid or Completed (approved money, as budgets count it); pendingCount the Pending ones.
 */
export async function listTransactions(ctx: ActingContext, query: TransactionListQuery): Promise<JsonText> {
  const { db: q, actor: viewer } = ctx;
  const now = ctx.clock();
  const offset = (query.page - 1) * query.limit;
  let head: ListHead | undefined;
  if (onlyStatusFilter(query)) {
    // The list as it opens (every status, or one status tab): prepared once per shape.
    const window = windowValues(viewer, now);
    const withinFirstRows = offset + query.limit <= FIRST_ROWS;
    [head] = await statusListHead(q, viewer, query.status !== undefined, withinFirstRows).execute({
      ...window,
      ...windowFirstDay(window.since),
      lastDay: NO_END,
      status: query.status,
      limit: query.limit,
      offset,
    });
  } else if (!query.overdue) {
    // A search, a category or a creator: whole days' summaries kept, today's rows read (search-summary.ts).
    const { search, status, categoryId, createdBy } = query;
    head = await keptList(q, viewer, { search: search?.trim() || undefined, status, categoryId, createdBy }, now, { limit: query.limit, offset });
  } else {
    // Overdue turns on today's date: the summary reads every matching row (few: Payment Due and
    // unpaid, by a partial index) of transaction_search, with the page's ids.
    const { where } = await filterConditions(q, query, viewer, now, ctx.config.appTimezone, SEARCH_COLUMNS);
    [head] = await q
      .select({
        ...summaryColumns(transactionSearch.status, sql`1`, transactionSearch.amount),
        pageJson: pageJsonOf(q, pageIdsOf(q, where, query.limit, offset)),
      })
      .from(transactionSearch)
      .where(where);
  }
  // The page's transactions as PostgreSQL wrote them (transactionJson), inside the rest of the answer.
  const answer: Omit<TransactionListResponse, "transactions"> = {
    total: head?.count ?? 0,
    page: query.page,
    limit: query.limit,
    summary: {
      count: head?.count ?? 0,
      approvedCount: head?.approvedCount ?? 0,
      pendingCount: head?.pendingCount ?? 0,
      approvedAmount: paiseToString(toPaise(head?.approvedAmount ?? "0")),
    },
  };
  return new JsonText(withFields(`{"transactions":[${head?.pageJson ?? ""}]}`, answer));
}

/** The summary of the filtered set, and the page's transactions in order as JSON texts joined by commas ('' past the end). */
type ListHead = Summary & { pageJson: string };

/**
 * The ids of one page of the list, newest first (an index walk on transaction_search's created_at),
 * as an array literal: a subquery of the statement that sums the whole set, so the page costs no
 * round trip of its own. With `within`, a page inside the first `within` rows: the walk reads those
 * rows and the page is cut from them. A constant there lets one plan serve every page, where a limit
 * PostgreSQL cannot see when planning is taken for a tenth of the table (statusListHead).
 */
function pageIdsOf(q: Queryable, where: SQL | undefined, limit: number | Placeholder, offset: number | Placeholder, within?: number): SQL<string> {
  const walk = (cut: SQL) =>
    sql`select ${transactionSearch.transactionId} as id, ${transactionSearch.createdAt} as at from ${transactionSearch} where ${where ?? sql`true`}
        order by ${transactionSearch.createdAt} desc nulls last, ${transactionSearch.transactionId} desc nulls last ${cut}`;
  return within === undefined ? pageIdsFrom(walk(sql`limit ${limit} offset ${offset}`)) : pageIdsFrom(walk(sql.raw(`limit ${within}`)), { limit, offset });
}

/**
 * The status-only list's summary (from the daily totals) and page ids (the window and the status),
 * over placeholders. A page within the first FIRST_ROWS rows (every page the screens ask for but the
 * deepest) is written so that one plan suits every value, and PostgreSQL plans it once per connection
 * rather than on every run (docs/performance-history.md); a deeper page is planned for its values.
 */
function statusListHead(q: Queryable, viewer: Viewer, byStatus: boolean, withinFirstRows: boolean) {
  return preparedStatement(q, `list_head_${statusListShape(viewer, byStatus)}${withinFirstRows ? "_first" : ""}`, (name) => {
    const where = and(visibleToPrepared(viewer, SEARCH_COLUMNS), byStatus ? eq(transactionSearch.status, sql.placeholder("status")) : undefined);
    const pageIds = pageIdsOf(q, where, sql.placeholder("limit"), sql.placeholder("offset"), withinFirstRows ? FIRST_ROWS : undefined);
    return summaryFromDailyTotals(q, viewer, byStatus, pageJsonOf(q, pageIds)).prepare(name);
  });
}

/** The rows of the list's opening pages (statusListHead): the largest page there is. */
const FIRST_ROWS = LIMITS.listLimitMax;

/** What the status-only list's statements depend on: the window (or none) and whether a status is asked. */
function statusListShape(viewer: Viewer, byStatus: boolean): string {
  return `${seesEverything(viewer) ? "all" : "window"}_${byStatus ? "status" : "any"}`;
}

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

/**
 * The summary of the whole visible list (or one status of it, the placeholder `status`) from
 * transaction_daily_totals: whole UTC days there, and from transaction_search only the rows of the
 * one day the window starts in. A SuperAdmin's is every day; anyone else's is the window (every
 * creator, from `since`) and their own rows before it, over windowValues' and windowFirstDay'
 * placeholders. The same figures as summing the rows themselves (tests compare them), without
 * reading tens of thousands of rows for each list page. With the page's `pageJson` alongside. The window's days
 * run to `lastDay` (NO_END), so their range has two ends.
 */
function summaryFromDailyTotals(q: Queryable, viewer: Viewer, byStatus: boolean, pageJson: SQL<string>) {
  const totals = transactionDailyTotals;
  const rows = transactionSearch;
  const ph = (name: keyof ReturnType<typeof windowFirstDay> | keyof ReturnType<typeof windowValues> | "status" | "lastDay") => sql.placeholder(name);
  const ofStatus = (column: AnyColumn) => (byStatus ? sql`and ${column} = ${ph("status")}` : sql``);
  if (seesEverything(viewer)) {
    return q
      .select({ ...summaryColumns(totals.status, totals.count, totals.amount), pageJson })
      .from(totals)
      .where(byStatus ? eq(totals.status, ph("status")) : undefined);
  }
  const parts = sql`
    select ${totals.status} as status, ${totals.count} as n, ${totals.amount} as amount from ${totals}
      where ${totals.day} > ${ph("firstDay")}::date and ${totals.day} < ${ph("lastDay")}::date ${ofStatus(totals.status)}
    union all
    select ${rows.status}, 1, ${rows.amount} from ${rows}
      where ${rows.createdAt} >= ${ph("since")}::timestamptz and ${rows.createdAt} < ${ph("nextDay")}::timestamptz ${ofStatus(rows.status)}
    union all
    select ${totals.status}, ${totals.count}, ${totals.amount} from ${totals}
      where ${totals.createdBy} = ${ph("viewerId")} and ${totals.day} < ${ph("firstDay")}::date ${ofStatus(totals.status)}
    union all
    select ${rows.status}, 1, ${rows.amount} from ${rows}
      where ${rows.createdBy} = ${ph("viewerId")} and ${rows.createdAt} >= ${ph("dayStart")}::timestamptz and ${rows.createdAt} < ${ph("since")}::timestamptz ${ofStatus(rows.status)}`;
  return q.select({ ...summaryColumns(sql`parts.status`, sql`parts.n`, sql`parts.amount`), pageJson }).from(sql`(${parts}) as parts`);
}

/**
 * GET /api/transactions/pending: Pending and visible, priority first then oldest first, with
 * myAction this round; one page of it, how many there are in all, and the count of committed
 * changes its statement saw (answer-cache/version.ts): the pending feed's messages are compared with it,
 * so it is read in the page's own snapshot, not before it.
 */
export async function listPending(
  ctx: ActingContext,
  page: PendingQuery = { page: 1, limit: LIMITS.listLimitMax },
): Promise<{ items: JsonText; total: number; version: string }> {
  const { db: q, actor: viewer } = ctx;
  const now = ctx.clock();
  const today = todayOf(ctx);
  const rows = await rowsAsParsed(pendingPage(q, viewer), { ...windowValues(viewer, now), today, limit: page.limit, offset: (page.page - 1) * page.limit });
  // A page past the end has no row to carry the total: only then is it counted on its own.
  const [counted] = rows.length
    ? [{ n: Number(rows[0]!.total), version: rows[0]!.version }]
    : await q
        .select({ n: sql<number>`count(*)::int`, version: answersVersion })
        .from(transactions)
        .where(and(IS_PENDING, visibleTo(viewer, now)));
  const total = Number(counted?.n ?? 0);
  // The standing is the same on every row (the statement's uncorrelated subqueries).
  const standing = rows.length ? standingFrom(ctx.actor, rows[0]!) : null;
  // Each transaction as PostgreSQL wrote it (transactionJson) with its possible duplicates, and what this approver may do with it.
  const items = rows.map((r) => withFields(r.json, pendingItemFields(viewer, standing!, r, r.round ?? [])));
  return { items: new JsonText(jsonArray(items)), total, version: counted!.version };
}

/** What a pending list's row says for its reader beyond the transaction itself (and its possible duplicates). */
export type PendingItemFields = Pick<PendingTransaction, "myAction" | "availableMoves" | "superAdminApproved" | "approveRefusal" | "approveOnBehalfOf">;

/**
 * A row's fields for this reader: their action this round (their own, or a delegate's on their
 * behalf), the moves they may make now (whether their approval would be accepted: limits, the
 * SuperAdmin's place, delegation), whether a SuperAdmin has approved, why approve is refused, and
 * whose authority an approval would use (DECISIONS §16: 'Approve for Rajesh Sharma').
 * The pending list and the pending feed (pending-feed.ts) both ask this, so a row reads the same
 * whichever way it reached the screen.
 */
export function pendingItemFields(
  viewer: Pick<Viewer, "id" | "role">,
  standing: ApproverStanding,
  row: TransactionState & ApprovalRowFacts,
  entries: readonly RoundEntry[],
): PendingItemFields {
  const round = roundFrom(entries);
  const decision = decisionFor(viewer, standing, row, round);
  const mine = entries.find(([approverId, onBehalfOf]) => approverId === viewer.id || onBehalfOf === viewer.id);
  const myAction = (mine?.[2] as ApprovalAction | undefined) ?? null;
  const context = { myActionThisRound: myAction, approval: decision };
  const allowed = availableMoves(row, viewer, context);
  return {
    myAction,
    availableMoves: allowed,
    superAdminApproved: superAdminApproved(round.approvals),
    approveRefusal: approveRefusal(row, viewer, context),
    approveOnBehalfOf: approvalOnBehalfOf(decision, allowed),
  };
}

/** What availableMoves reads of a transaction, every field of TransactionState (the type holds the list complete). */
const STATE_COLUMNS = {
  status: transactions.status,
  isPaid: transactions.isPaid,
  paymentDueDate: transactions.paymentDueDate,
  createdBy: transactions.createdBy,
  isEmergency: transactions.isEmergency,
} satisfies Record<keyof Required<TransactionState>, AnyColumn>;

/** What authority.ts's decideApproval reads of a row, beside its state. */
const AUTHORITY_COLUMNS = {
  id: transactions.id,
  amount: transactions.amount,
  approvalRound: transactions.approvalRound,
  approvalsRequired: transactions.approvalsRequired,
  approvalPolicy: transactions.approvalPolicy,
};

/**
 * The pending page as one statement, prepared once per window shape (the approver's home reads it
 * on every visit and refetch): the page's ids with the size of the whole queue (a window count,
 * taken before the limit), then the joins and per-row lookups for those rows only.
 */
function pendingPage(q: Queryable, viewer: Viewer) {
  const shape = seesEverything(viewer) ? "all" : "window";
  return preparedStatement(q, `pending_page_${shape}`, (name) => {
    const pageOf = q.$with("page_of").as(
      q
        .select({ id: transactions.id, total: sql<number>`count(*) over ()`.as("total") })
        .from(transactions)
        .where(and(IS_PENDING, visibleToPrepared(viewer)))
        .orderBy(...PENDING_ORDER)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset")),
    );
    // The page's attachments, for each row's attachmentCount and for whether its possible duplicates
    // need the attachments' probe at all (most rows have none).
    const attached = attachmentCounts(q, inArray(attachments.transactionId, q.select({ id: pageOf.id }).from(pageOf))!);
    const attachmentCount = sql`coalesce(${attached.count}, 0)`;
    return q
      .with(pageOf)
      .select(
        namedColumns({
          json: transactionJson({
            attachmentCount: sql`${attachmentCount}::text`,
            possibleDuplicates: possibleDuplicatesJson((other) => visibleToPrepared(viewer, other), sql`${attachmentCount} > 0`),
          }),
          ...STATE_COLUMNS,
          ...AUTHORITY_COLUMNS,
          // A bigint: its text on node-postgres.
          total: sql<number | string>`${pageOf.total}`,
          version: answersVersion,
          // The round so far, in this statement: this approver's action, the SuperAdmin's approval and
          // the authority's decision all read it, where a query of their own would cost a round trip.
          round: roundEntriesJson(transactions),
          ...standingColumns(q, sql.placeholder("viewerId"), sql.placeholder("today")),
        }),
      )
      .from(pageOf)
      .innerJoin(transactions, eq(transactions.id, pageOf.id))
      .innerJoin(categories, eq(categories.id, transactions.categoryId))
      .innerJoin(users, eq(users.id, transactions.createdBy))
      .leftJoin(attached, eq(attached.transactionId, transactions.id))
      .orderBy(...PENDING_ORDER)
      .prepare(name);
  });
}

/**
 * The rows of `ids` that are Pending, as the pending feed reads them (pending-feed.ts) in one
 * statement for every reader: the transaction as JSON text (without its possible duplicates), what
 * the moves and the authority read, the round so far, and every possible duplicate with who made
 * it and when (each reader is shown those their window holds: pendingDuplicatesFor). The amount as
 * text, since the feed reads these rows through json_agg.
 */
export function pendingRowsOf(q: Queryable, ids: SQL) {
  const attached = attachmentCounts(q, sql`${attachments.transactionId} = any(${ids})`);
  const attachmentCount = sql`coalesce(${attached.count}, 0)`;
  return q
    .select(
      namedColumns({
        json: transactionJson({ attachmentCount: sql`${attachmentCount}::text` }),
        ...STATE_COLUMNS,
        ...AUTHORITY_COLUMNS,
        amount: sql<string>`${transactions.amount}::text`,
        round: roundEntriesJson(transactions),
        duplicates: duplicateCandidatesJson(sql`${attachmentCount} > 0`),
      }),
    )
    .from(transactions)
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .innerJoin(users, eq(users.id, transactions.createdBy))
    .leftJoin(attached, eq(attached.transactionId, transactions.id))
    .where(and(IS_PENDING, sql`${transactions.id} = any(${ids})`));
}

/**
 * The whole pending queue in the list's order, each row as [id, createdBy, created_at in µs as text,
 * isPriority]: what the feed ranks and counts each reader's rows by, and finds moved rows in.
 */
export function pendingQueueJson(): SQL<[id: string, createdBy: string, createdUs: string, isPriority: boolean][]> {
  return sql`(select coalesce(json_agg(json_build_array(${transactions.id}, ${transactions.createdBy}, ${microsOf(transactions.createdAt)}, ${transactions.isPriority})
    order by ${sql.join(PENDING_ORDER, sql`, `)}), '[]') from ${transactions} where ${IS_PENDING})`;
}

/** GET /api/transactions/:id: category with its fields, creator, approvals of all rounds, attachments, possible duplicates. */
export async function transactionDetails(ctx: ActingContext, id: string): Promise<TransactionDetails> {
  const { db: q, actor: viewer } = ctx;
  const now = ctx.clock();
  if (!isUuid(id)) throw notFound(TRANSACTION_NOT_FOUND);
  const [row] = await q
    .select({ ...viewColumns, fieldSchema: categories.fieldSchema, possibleDuplicates: possibleDuplicatesJson((other) => visibleTo(viewer, now, other)) })
    .from(transactions)
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .innerJoin(users, eq(users.id, transactions.createdBy))
    .where(and(eq(transactions.id, id), visibleTo(viewer, now)))
    .limit(1);
  if (!row) throw notFound(TRANSACTION_NOT_FOUND);
  const behalf = alias(users, "behalf");
  const [approvalRows, attachmentRows, timeline, batch, decisions] = await Promise.all([
    q
      .select({ approval: approvals, approverName: users.name, onBehalfOfName: behalf.name })
      .from(approvals)
      .leftJoin(users, eq(users.id, approvals.approverId))
      .leftJoin(behalf, eq(behalf.id, approvals.onBehalfOf))
      .where(eq(approvals.transactionId, id))
      .orderBy(asc(approvals.round), asc(approvals.actedAt), asc(approvals.id)),
    q.select().from(attachments).where(eq(attachments.transactionId, id)).orderBy(asc(attachments.createdAt), asc(attachments.id)),
    transactionTimeline(q, id),
    exportedIn(q, id),
    approvalDecisions(q, ctx.actor, todayOf(ctx), [row]),
  ]);
  const base = presentTransaction(row);
  const mine = approvalRows.find((a) => a.approval.round === row.approvalRound && (a.approval.approverId === viewer.id || a.approval.onBehalfOf === viewer.id));
  const context = { myActionThisRound: (mine?.approval.action as ApprovalAction | undefined) ?? null, approval: decisions.get(row.id) };
  const allowed = availableMoves(row, viewer, context);
  return {
    ...base,
    category: { ...base.category, fieldSchema: row.fieldSchema ?? [] },
    approvals: approvalRows.map((a) => presentApproval({ ...a.approval, approverName: a.approverName, onBehalfOfName: a.onBehalfOfName })),
    attachments: attachmentRows.map(presentAttachment),
    possibleDuplicates: JSON.parse(row.possibleDuplicates) as PossibleDuplicate[],
    availableMoves: allowed,
    timeline,
    exportedIn: batch,
    superAdminApproved: superAdminApproved(
      approvalRows
        .filter((a) => a.approval.round === row.approvalRound && a.approval.action === "approved")
        .map((a) => ({ asSuperAdmin: a.approval.asSuperAdmin, emergency: a.approval.emergencyApproverCode !== null })),
    ),
    approveRefusal: approveRefusal(row, viewer, context),
    approveOnBehalfOf: approvalOnBehalfOf(context.approval, allowed),
  };
}

// ---------------------------------------------------------------- possible duplicates

/** At most this many possible duplicates are named per transaction. */
export const DUPLICATES_SHOWN = 10;

/**
 * The possible duplicates of the transaction on the query's `transactions` row, as a JSON array of
 * PossibleDuplicate: other transactions `visible` lets the viewer see with the same category, amount
 * and transaction date, or with an attachment of the same content. The same file is the stronger
 * sign: named first, and once when both match. At most DUPLICATES_SHOWN, in a stable order. A
 * subquery of the row's own statement (the pending page, the details), so a page of 200 costs no
 * statement more than one transaction does. `hasAttachments`, false when the statement already knows
 * the row has no attachment, spares the attachments' probe.
 */
function possibleDuplicatesJson(visible: (columns: WindowColumns) => SQL | undefined, hasAttachments: SQL = sql`true`): SQL<string> {
  const { other, candidates } = duplicateCandidates(visible, hasAttachments);
  const named = (matchedBy: PossibleDuplicate["matchedBy"], rank: number) =>
    sql`${other.id} as id, ${other.humanReadableId} as human_readable_id, ${other.status} as status, ${sql.raw(`'${matchedBy}'`)} as matched_by, ${sql.raw(String(rank))} as rank`;
  // Most transactions have none: the cheap EXISTS answers those, and only the others sort and name theirs.
  // The EXISTS selects nothing of the row (PostgreSQL keeps a union's columns even there), so its
  // details probe reads transactions_duplicate_idx alone, without visiting the table (db/schema/finance.ts).
  return sql<string>`(case when not exists (${candidates(sql`1`, sql`1`)}) then '[]' else (
    select json_agg(json_build_object('id', d.id, 'humanReadableId', d.human_readable_id, 'status', d.status, 'matchedBy', d.matched_by) order by d.rank, d.human_readable_id)::text
    from (select * from (select distinct on (c.id) * from (${candidates(named("attachment", 0), named("details", 1))}) c order by c.id, c.rank) named
          order by named.rank, named.human_readable_id limit ${sql.raw(String(DUPLICATES_SHOWN))}) d) end)`;
}

/**
 * Every possible duplicate of the query's `transactions` row whoever reads it, in the order
 * possibleDuplicatesJson names them (the same file first, then by number; one transaction may come
 * twice, by file and by details), each with who created it and when, so the pending feed tells each
 * reader only those their window shows (pendingDuplicatesFor): a JSON array of DuplicateCandidate.
 */
export function duplicateCandidatesJson(hasAttachments: SQL): SQL<DuplicateCandidate[]> {
  const { other, candidates } = duplicateCandidates(() => undefined, hasAttachments);
  const named = (matchedBy: PossibleDuplicate["matchedBy"], rank: number) =>
    sql`${other.id} as id, ${other.humanReadableId} as human_readable_id, ${other.status} as status, ${sql.raw(`'${matchedBy}'`)} as matched_by, ${sql.raw(String(rank))} as rank,
        ${other.createdBy} as created_by, ${microsOf(other.createdAt)} as created_us`;
  return sql<DuplicateCandidate[]>`(case when not exists (${candidates(sql`1`, sql`1`)}) then '[]'::json else (
    select json_agg(json_build_array(c.id, c.human_readable_id, c.status, c.matched_by, c.created_by, c.created_us) order by c.rank, c.human_readable_id)
    from (${candidates(named("attachment", 0), named("details", 1))}) c) end)`;
}

/** A possible duplicate before the reader's window is applied: [id, humanReadableId, status, matchedBy, createdBy, createdAt in µs since the epoch as text]. */
export type DuplicateCandidate = [
  id: string,
  humanReadableId: string,
  status: PossibleDuplicate["status"],
  matchedBy: PossibleDuplicate["matchedBy"],
  createdBy: string,
  createdUs: string,
];

/** The possible duplicates a reader is shown, from every candidate in order (duplicateCandidatesJson): those `sees` lets through, each once, at most DUPLICATES_SHOWN. */
export function pendingDuplicatesFor(
  candidates: readonly DuplicateCandidate[],
  sees: (row: { createdBy: string; createdAtMicros: number }) => boolean,
): PossibleDuplicate[] {
  const out: PossibleDuplicate[] = [];
  const named = new Set<string>();
  for (const [id, humanReadableId, status, matchedBy, createdBy, createdUs] of candidates) {
    if (out.length === DUPLICATES_SHOWN) break;
    if (named.has(id) || !sees({ createdBy, createdAtMicros: Number(createdUs) })) continue;
    named.add(id);
    out.push({ id, humanReadableId, status, matchedBy });
  }
  return out;
}

/**
 * The possible duplicates of the query's `transactions` row that `visible` shows, as a union of
 * `attachment` (the same file) and `details` rows: the select lists are the caller's.
 */
function duplicateCandidates(visible: (columns: WindowColumns) => SQL | undefined, hasAttachments: SQL) {
  // The aliases' columns render as "other"."id" and so on; the FROM names the tables under them.
  const other = alias(transactions, "other");
  const mine = alias(attachments, "mine");
  const theirs = alias(attachments, "theirs");
  const seen = visible(other) ?? sql`true`;
  const candidates = (attachment: SQL, details: SQL) => sql`
        select ${attachment} from ${attachments} mine
          join ${attachments} theirs on ${theirs.contentSha256} = ${mine.contentSha256} and ${theirs.transactionId} <> ${mine.transactionId}
          join ${transactions} other on ${other.id} = ${theirs.transactionId}
          where ${hasAttachments} and ${mine.transactionId} = ${transactions.id} and ${seen}
        union all
        select ${details} from ${transactions} other
          where ${sameDetails(other, transactions)} and ${other.id} <> ${transactions.id} and ${seen}`;
  return { other, candidates };
}

/** What the details rule compares: another transaction's row, or the facts of one not yet saved. */
type DuplicateDetails = Record<"categoryId" | "amount" | "transactionDate", string | AnyColumn>;

/** A possible duplicate by its details: the same category, amount and transaction date as `of`. */
function sameDetails(other: Record<keyof DuplicateDetails, AnyColumn>, of: DuplicateDetails): SQL {
  return and(eq(other.categoryId, of.categoryId), eq(other.amount, of.amount), eq(other.transactionDate, of.transactionDate))!;
}

/** POST /api/transactions/check-duplicates: visible transactions with this category, amount and date. */
export async function checkDuplicates(
  ctx: ActingContext,
  facts: { categoryId: string; amount: string; transactionDate: string },
): Promise<PossibleDuplicate[]> {
  const { actor: viewer } = ctx;
  const now = ctx.clock();
  return ctx.db
    .select({ id: transactions.id, humanReadableId: transactions.humanReadableId, status: transactions.status, matchedBy: sql<"details">`'details'` })
    .from(transactions)
    .where(and(sameDetails(transactions, facts), visibleTo(viewer, now)))
    .orderBy(desc(transactions.createdAt))
    .limit(DUPLICATES_SHOWN);
}

// ---------------------------------------------------------------- export

export const EXPORT_HEADER = [
  "Transaction ID",
  "Form Type",
  "Transaction Date",
  "Description",
  "Party",
  "Party GSTIN",
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
    t.party?.name ?? null,
    t.party?.gstin ?? null,
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
  const { where } = await filterConditions(q, filters, viewer, now, timeZone);
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
          q
            .select({ id: transactions.id })
            .from(transactions)
            .where(and(where, after))
            .orderBy(...NEWEST_FIRST)
            .limit(EXPORT_BATCH),
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
    // Their own action, or one a delegate took on their behalf: either is their one action of the round.
    .where(
      and(
        eq(approvals.transactionId, transactionId),
        eq(approvals.round, round),
        or(eq(approvals.approverId, approverId), eq(approvals.onBehalfOf, approverId)),
      ),
    )
    .limit(1);
  return (row?.action as ApprovalAction | undefined) ?? null;
}
