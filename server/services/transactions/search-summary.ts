// A filtered list (a search, a category, a creator, with or without a status) without reading every
// matching row on every page. The summary (DECISIONS §4: count, approved count and amount,
// pending count) of each whole UTC day is summed once and kept in transaction_search_summaries with
// the day's version (transaction_day_changes, raised in the same statement as any change a search
// could see, migrations/0019); a later list adds the kept days whose version still holds and reads
// row by row only the rest: today, the window's first (partial) day, and days changed since. The
// figures are those of summing every row (daily-totals.api.test.ts compares them after every kind of
// change and under a writer racing the first list). The list's statement is prepared once per shape
// of filters and written so that one plan suits every value (PostgreSQL then plans it once per
// connection): the page's ids are found by walking the newest rows when the matches are many, and
// through the trigram and filter indexes when few, a choice the statement makes from its own counts.
import crypto from "node:crypto";
import { and, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { categories, transactionDayChanges as changes, transactionSearch as rows, transactionSearchSummaries as kept, users } from "../../db/schema";
import type { Actor } from "../../context";
import type { TransactionStatus } from "../../../shared/constants";
import { paiseToString, toPaise } from "../../../shared/money";
import { containsPattern, preparedStatement, rows as rowsOf, textArray } from "../../db/sql";
import { APPROVED_FAMILY, NO_END, pageIdsFrom, pageJsonOf, statusIn } from "./common";
import { seesEverything, windowFirstDay, windowValues } from "./visibility";

export type Summary = { count: number; approvedCount: number; pendingCount: number; approvedAmount: string };

/** The filters a kept summary can answer: everything of the list but Overdue (which turns on today's date). */
export type KeptFilters = { search?: string; status?: TransactionStatus; categoryId?: string; createdBy?: string };

type Viewer = Pick<Actor, "id" | "role" | "visibilityWindowDays">;

/** The categories and people whose names hold the search (sorted ids): a search matches their transactions too. */
type Names = { categoryIds: string[]; creatorIds: string[] };

const NO_NAMES: Names = { categoryIds: [], creatorIds: [] };

/** A kept day: of every creator (scope '') or of one creator (their id). */
type Slot = { scope: string; day: string };

/** Between the fields of transaction_search.search_text (chr(31), migrations/0005 and 0030): a search holding it matches no text. */
export const SEARCH_TEXT_SEPARATOR = "\u001f";

// Kept summaries nobody has recomputed for this long are dropped when the next one is written: the
// store holds what recent lists asked for, not every search ever made.
const KEPT_FOR = "1 day";

/**
 * A page is found by walking the newest rows when the filters match at least this many times the rows
 * up to the page's end (or one row in this many of those read one by one, before the days are kept):
 * the walk then reads about this many rows for each it keeps, or fewer; with fewer matches, gathering
 * them all through the indexes and sorting them costs less (listHead).
 */
export const WALK_FROM_PAGES = 20;

/** How a value reaches a statement: a placeholder of a prepared one, or the value itself. */
type Value = (name: keyof Values) => SQL | Placeholder;
type Values = ReturnType<typeof valuesOf>;

/**
 * The filters' test of one row of transaction_search, in SQL: the other filters, and a search's
 * alternatives (its text in the id or description, a category or person it names), each written so
 * an index can serve it on its own. The text as the trigram index serves it (LIKE), or as read row
 * by row (strpos) for rows already found by their time. Names that name nothing are left out.
 */
function matching(filters: KeptFilters, names: Names, v: Value) {
  const search = filters.search;
  const others = and(
    filters.status ? sql`${rows.status} = ${v("status")}::transaction_status` : undefined,
    filters.categoryId ? sql`${rows.categoryId} = ${v("categoryId")}::uuid` : undefined,
    filters.createdBy ? sql`${rows.createdBy} = ${v("createdBy")}::uuid` : undefined,
  );
  const alternatives = (indexed: boolean): SQL[] =>
    !search
      ? []
      : [
          search.includes(SEARCH_TEXT_SEPARATOR)
            ? undefined
            : indexed
              ? sql`${rows.searchText} like lower(${v("pattern")})`
              : sql`strpos(${rows.searchText}, lower(${v("search")})) > 0`,
          names.categoryIds.length ? sql`${rows.categoryId} = any(${v("categoryIds")}::uuid[])` : undefined,
          names.creatorIds.length ? sql`${rows.createdBy} = any(${v("creatorIds")}::uuid[])` : undefined,
        ].filter((c): c is SQL => c !== undefined);
  const test = (indexed: boolean) => and(others, search ? (or(...alternatives(indexed)) ?? sql`false`) : undefined) ?? sql`true`;
  return { others, alternatives, test };
}

/** The categories and people a search names (their names hold it, any case), by a statement prepared once. */
export async function namesIn(q: Queryable, search: string | undefined): Promise<Names> {
  if (!search) return NO_NAMES;
  const named = await preparedStatement(q, "search_names", (name) =>
    q
      .select({ kind: sql<"category" | "creator">`'category'`, id: categories.id })
      .from(categories)
      .where(sql`${categories.name} ilike ${sql.placeholder("pattern")}`)
      .unionAll(
        q
          .select({ kind: sql<"category" | "creator">`'creator'`, id: users.id })
          .from(users)
          .where(sql`${users.name} ilike ${sql.placeholder("pattern")}`),
      )
      .prepare(name),
  ).execute({ pattern: containsPattern(search) });
  const ids = (kind: "category" | "creator") =>
    named
      .filter((n) => n.kind === kind)
      .map((n) => n.id)
      .sort();
  return { categoryIds: ids("category"), creatorIds: ids("creator") };
}

/**
 * The names each recent search held, as last looked up (a list is asked again and again: pages,
 * refetches). The list's statement checks they still hold, in its own snapshot (listHead's
 * `names_held`), so remembering them saves a round trip without ever answering from stale names.
 */
const namesSearched = new Map<string, Names>();
const NAMES_REMEMBERED = 1000;

function rememberNames(search: string, names: Names): void {
  if (namesSearched.size >= NAMES_REMEMBERED && !namesSearched.has(search)) namesSearched.clear();
  namesSearched.set(search, names);
}

/** The name a prepared list statement goes by: every shape its SQL has. */
function shapeOf(viewer: Viewer, filters: KeptFilters, names: Names): string {
  const search = !filters.search ? "none" : filters.search.includes(SEARCH_TEXT_SEPARATOR) ? "names" : "text";
  const named = `${names.categoryIds.length ? "c" : ""}${names.creatorIds.length ? "p" : ""}`;
  const others = `${filters.status ? "s" : ""}${filters.categoryId ? "c" : ""}${filters.createdBy ? "b" : ""}`;
  return `kept_list_${seesEverything(viewer) ? "all" : "window"}_${search}_${named}_${others}`;
}

/** The values of a list statement's placeholders: the filters, the window and the days it is cut at. */
function valuesOf(viewer: Viewer, filters: KeptFilters, names: Names, now: Date, page: { limit: number; offset: number }) {
  const search = filters.search ?? "";
  const other = { status: filters.status ?? "", categoryId: filters.categoryId ?? "", createdBy: filters.createdBy ?? "" };
  return {
    ...bounds(viewer, now),
    ...other,
    viewerId: viewer.id,
    search,
    pattern: containsPattern(search),
    categoryIds: `{${names.categoryIds.join(",")}}`,
    creatorIds: `{${names.creatorIds.join(",")}}`,
    // What the kept days are filed under: a digest of everything the test depends on (the search's
    // words as typed, the names they hold now: a renamed category or person files the search anew).
    filters: crypto
      .createHash("sha256")
      .update(JSON.stringify([search, other, names]))
      .digest("base64url"),
    limit: page.limit,
    offset: page.offset,
  };
}

/**
 * The summary of the rows of transaction_search these filters match, through `viewer`'s window, and
 * one page of them newest first (their JSON texts). One prepared statement (after the
 * names a search holds) when every whole day it needs is kept and current; otherwise a second one
 * sums the missing days, keeps them, and adds them in.
 */
export async function keptList(
  q: Queryable,
  viewer: Viewer,
  filters: KeptFilters,
  now: Date,
  page: { limit: number; offset: number },
): Promise<Summary & { pageJson: string }> {
  const ask = async (names: Names) => {
    const values = valuesOf(viewer, filters, names, now, page);
    const [head] = await listHead(q, viewer, filters, names).execute(values);
    if (!head) throw new Error("the list's statement returned no row");
    return { names, values, head };
  };
  const search = filters.search;
  const remembered = search ? namesSearched.get(search) : NO_NAMES;
  let { names, values, head } = await ask(remembered ?? (await namesIn(q, search)));
  // Names remembered from an earlier list that no longer hold (a category or person renamed since):
  // looked up afresh and the list asked again.
  if (remembered && !head.namesHeld) ({ names, values, head } = await ask(await namesIn(q, search)));
  if (search) rememberNames(search, names);
  const missing: Slot[] = typeof head.missing === "string" ? JSON.parse(head.missing) : head.missing;
  const summary = {
    count: head.count,
    approvedCount: head.approvedCount,
    pendingCount: head.pendingCount,
    approvedAmount: paiseToString(toPaise(head.approvedAmount)),
  };
  if (missing.length === 0) return { ...summary, pageJson: head.pageJson };
  const added = await keepDays(q, matching(filters, names, (name) => sql`${values[name]}`).test(true), values.filters, missing);
  return {
    count: summary.count + added.count,
    approvedCount: summary.approvedCount + added.approvedCount,
    pendingCount: summary.pendingCount + added.pendingCount,
    approvedAmount: paiseToString(toPaise(summary.approvedAmount) + toPaise(added.approvedAmount)),
    pageJson: head.pageJson,
  };
}

/**
 * The list's statement for one shape of filters, over placeholders, written so that one plan suits
 * every value: PostgreSQL keeps a plan made once per connection instead of planning every run.
 */
function listHead(q: Queryable, viewer: Viewer, filters: KeptFilters, names: Names) {
  return preparedStatement(q, shapeOf(viewer, filters, names), (name) => {
    const v: Value = (key) => sql.placeholder(key);
    const everyone = seesEverything(viewer);
    const match = matching(filters, names, v);
    const approved = statusIn(sql`r.status`, APPROVED_FAMILY);
    // The days kept for this viewer, each with its version now: every creator's whole days between
    // the window's first day and today, and the viewer's own days before the window.
    const slots = everyone
      ? sql`select ''::text as scope, ${changes.day} as day, sum(${changes.changes})::bigint as version from ${changes}
              where ${changes.day} < ${v("today")}::date group by ${changes.day}`
      : sql`select ''::text as scope, ${changes.day} as day, sum(${changes.changes})::bigint as version from ${changes}
              where ${changes.day} > ${v("firstDay")}::date and ${changes.day} < ${v("today")}::date group by ${changes.day}
            union all
            select ${changes.createdBy}::text, ${changes.day}, ${changes.changes} from ${changes}
              where ${changes.createdBy} = ${v("viewerId")}::uuid and ${changes.day} < ${v("firstDay")}::date`;
    // The rows no kept day covers: today's, the window's first day from its start, and the viewer's
    // own rows on that day before it. Every range has two ends (today's last is NO_END).
    const today = sql`(${rows.createdAt} >= ${v("todayStart")}::timestamptz and ${rows.createdAt} < ${v("liveUntil")}::timestamptz)`;
    const live = everyone
      ? today
      : sql`(${rows.createdAt} >= ${v("since")}::timestamptz and ${rows.createdAt} < ${v("firstDayEnd")}::timestamptz)
            or ${today}
            or (${rows.createdBy} = ${v("viewerId")}::uuid and ${rows.createdAt} >= ${v("firstDayStart")}::timestamptz and ${rows.createdAt} < ${v("since")}::timestamptz)`;
    const window = everyone ? undefined : sql`(${rows.createdBy} = ${v("viewerId")}::uuid or ${rows.createdAt} >= ${v("since")}::timestamptz)`;
    const enough = sql`${v("limit")}::int + ${v("offset")}::int`;
    const newestFirst = sql`order by ${rows.createdAt} desc nulls last, ${rows.transactionId} desc nulls last`;
    // The page's ids, found one of two ways, each written so that one plan suits every value: PostgreSQL
    // then plans the statement once per connection, not on every run (docs/performance-history.md).
    // Many matches: the newest rows walked until the page is full (the window's, then the viewer's own
    // before it), the text read row by row. Few: every match found through the trigram and filter
    // indexes (each alternative fenced by OFFSET 0, so no plan walks the whole table for a rare word), then sorted.
    const walkedWhere = (where: SQL | undefined) =>
      sql`select ${rows.transactionId} as id, ${rows.createdAt} as at from ${rows} where ${where ?? sql`true`} ${newestFirst} limit ${enough}`;
    const walked = everyone
      ? walkedWhere(match.test(false))
      : sql`(${walkedWhere(and(sql`${rows.createdAt} >= ${v("since")}::timestamptz`, match.test(false)))})
            union all
            (${walkedWhere(and(sql`${rows.createdBy} = ${v("viewerId")}::uuid and ${rows.createdAt} < ${v("since")}::timestamptz`, match.test(false)))})`;
    const gatheredBy = (test: SQL | undefined) =>
      sql`select m.id, m.at from (select ${rows.transactionId} as id, ${rows.createdAt} as at from ${rows} where ${and(window, test) ?? sql`true`} offset 0) m`;
    const alternatives = match.alternatives(true);
    const gathered = alternatives.length
      ? alternatives.map((one) => gatheredBy(and(match.others, one))).reduce((a, b) => sql`${a} union ${b}`)
      : gatheredBy(match.test(true));
    const page = (candidates: SQL) => pageIdsFrom(candidates, { limit: v("limit"), offset: v("offset") });
    // Walk when the matches are many: at least WALK_FROM_PAGES times the rows up to the page's end,
    // or, while some day is not kept yet (its matches not counted), one in WALK_FROM_PAGES of the rows read one by one.
    const walk = sql`coalesce(sum(p.n), 0) >= (${enough}) * ${sql.raw(String(WALK_FROM_PAGES))}
      or (exists (select 1 from found f where f.count is null) and sum(p.read) > 0
          and sum(p.n) filter (where p.read > 0) * ${sql.raw(String(WALK_FROM_PAGES))} >= sum(p.read))`;
    const pageIds = sql`(case when ${walk} then ${page(walked)} else ${page(gathered)} end)`;
    // Whether the names the statement was given are those the search holds now (keptList), both
    // sorted alike (a uuid sorts as its text does).
    const idsNamed = (table: typeof categories | typeof users) =>
      sql`(select coalesce(array_agg(${table.id} order by ${table.id}), '{}') from ${table} where ${table.name} ilike ${v("pattern")})`;
    const namesHeld = filters.search
      ? sql`(${idsNamed(categories)} = ${v("categoryIds")}::uuid[] and ${idsNamed(users)} = ${v("creatorIds")}::uuid[])`
      : sql`true`;
    return q
      .select({
        count: sql<number>`head.count`.mapWith(Number),
        approvedCount: sql<number>`head.approved_count`.mapWith(Number),
        pendingCount: sql<number>`head.pending_count`.mapWith(Number),
        approvedAmount: sql<string>`head.approved_amount`,
        missing: sql<Slot[] | string>`head.missing`,
        // The page's transactions, from the page's ids, in this statement (one subquery run once).
        pageJson: pageJsonOf(q, sql<string>`head.page_ids`),
        namesHeld: sql<boolean>`head.names_held`,
      })
      .from(
        sql`(with slots as (${slots}),
              found as (
                select s.scope, s.day, k.count, k.approved_count, k.pending_count, k.approved_amount from slots s
                left join ${kept} k on k.filters = ${v("filters")} and k.scope = s.scope and k.day = s.day and k.version = s.version)
            select coalesce(sum(p.n), 0)::int as count, coalesce(sum(p.approved), 0)::int as approved_count,
              coalesce(sum(p.pending), 0)::int as pending_count, coalesce(sum(p.amount), 0)::text as approved_amount,
              (select coalesce(json_agg(json_build_object('scope', f.scope, 'day', f.day)), '[]') from found f where f.count is null) as missing,
              ${pageIds} as page_ids,
              ${namesHeld} as names_held
            from (
              select f.count as n, f.approved_count as approved, f.pending_count as pending, f.approved_amount as amount, 0 as read from found f where f.count is not null
              union all
              -- The rows read one by one, summed here: the matches, and how many were read (how many match
              -- tells the walk's cost). The test is worked out once per row (OFFSET 0 keeps the subquery whole).
              select (count(*) filter (where r.hit))::int, (count(*) filter (where r.hit and ${approved}))::int,
                (count(*) filter (where r.hit and r.status = 'Pending'))::int, coalesce(sum(r.amount) filter (where r.hit and ${approved}), 0), count(*)::int
              from (select ${rows.status} as status, ${rows.amount} as amount, (${match.test(false)}) as hit from ${rows} where ${live} offset 0) r
            ) p) as head`,
      )
      .prepare(name);
  });
}

/**
 * Sums the matching rows of each slot and keeps them, each with its day's version read in the same
 * snapshot as the rows: a change committed later raises the version, so what is kept here is never
 * taken for current after it. A slot kept meanwhile with a later version is left as it is.
 */
async function keepDays(q: Queryable, test: SQL, filters: string, slots: Slot[]): Promise<Summary> {
  const approved = statusIn(sql`m.status`, APPROVED_FAMILY);
  // Each branch reads the range of its days, which PostgreSQL narrows in the day-and-trigram index
  // (a list of days there cost it more than the rows between them); the join below keeps the days asked.
  const branch = (scope: string, days: string[]) =>
    sql`select ${scope}::text as scope, ${rows.createdDay} as day, ${rows.status} as status, ${rows.amount} as amount from ${rows}
        where (${test}) ${scope ? sql`and ${rows.createdBy} = ${scope}::uuid` : sql``}
          and ${rows.createdDay} >= ${days.reduce((a, b) => (a < b ? a : b))}::date and ${rows.createdDay} <= ${days.reduce((a, b) => (a > b ? a : b))}::date`;
  const byScope = new Map<string, string[]>();
  for (const s of slots) byScope.set(s.scope, [...(byScope.get(s.scope) ?? []), s.day]);
  const matched = [...byScope].map(([scope, days]) => branch(scope, days)).reduce((a, b) => sql`${a} union all ${b}`);
  const [sum] = await rowsOf<Summary>(
    q,
    sql`with wanted as (select * from unnest(${textArray(slots.map((s) => s.scope))}, ${textArray(slots.map((s) => s.day))}::date[]) as w(scope, day)),
      versions as (
        select w.scope, w.day, coalesce(sum(c.changes), 0)::bigint as version from wanted w
        left join ${changes} c on c.day = w.day and (w.scope = '' or c.created_by::text = w.scope)
        group by w.scope, w.day),
      matched as (${matched}),
      summed as (
        select m.scope, m.day, count(*)::int as count, (count(*) filter (where ${approved}))::int as approved_count,
          (count(*) filter (where m.status = 'Pending'))::int as pending_count, coalesce(sum(m.amount) filter (where ${approved}), 0) as approved_amount
        from matched m group by m.scope, m.day),
      computed as (
        select v.scope, v.day, v.version, coalesce(s.count, 0) as count, coalesce(s.approved_count, 0) as approved_count,
          coalesce(s.pending_count, 0) as pending_count, coalesce(s.approved_amount, 0) as approved_amount
        from versions v left join summed s on s.scope = v.scope and s.day = v.day),
      saved as (
        insert into ${kept} (filters, scope, day, version, count, approved_count, pending_count, approved_amount)
        select ${filters}, scope, day, version, count, approved_count, pending_count, approved_amount from computed
        -- In one order, so two lists keeping the same days at once take their rows' locks alike (no deadlock).
        order by scope, day
        on conflict (filters, scope, day) do update set version = excluded.version, count = excluded.count,
          approved_count = excluded.approved_count, pending_count = excluded.pending_count,
          approved_amount = excluded.approved_amount, computed_at = now()
        where ${kept}.version < excluded.version)
    select coalesce(sum(count), 0)::int as "count", coalesce(sum(approved_count), 0)::int as "approvedCount",
      coalesce(sum(pending_count), 0)::int as "pendingCount", coalesce(sum(approved_amount), 0)::text as "approvedAmount"
    from computed`,
  );
  // Rows another list is keeping right now are left for the next time (skip locked: no waiting, no deadlock).
  await q.execute(
    sql`delete from ${kept} where (filters, scope, day) in (
          select filters, scope, day from ${kept} where ${kept.computedAt} < now() - ${KEPT_FOR}::interval for update skip locked)`,
  );
  // An aggregate without GROUP BY always answers one row.
  return sum!;
}

/**
 * The instants and days a viewer's list is cut at: kept whole days before today (with a window,
 * after its first day, and the viewer's own days before it); row by row from `todayStart`, the
 * window's first day from `since`, and the viewer's own rows on that day before `since`.
 */
function bounds(viewer: Viewer, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const todayStart = `${today}T00:00:00.000Z`;
  const { since } = seesEverything(viewer) ? { since: todayStart } : windowValues(viewer, now);
  const { firstDay, dayStart, nextDay } = windowFirstDay(since);
  return {
    today,
    since,
    firstDay,
    firstDayStart: dayStart,
    firstDayEnd: nextDay,
    // A window is at least a day (users_visibility_window_range), so its first day ends by the time today begins.
    todayStart,
    // Today's rows have no last instant (a row stamped by a clock a little ahead is still read).
    liveUntil: NO_END,
  };
}
