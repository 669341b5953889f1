// Small helpers for raw SQL, the same on node-postgres and PGlite (array parameters, rows of a raw query, batches, prepared statements and their rows unmapped).
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Queryable } from "./client";

/**
 * One array parameter, always sent as text[] and cast in the query: PGlite cannot serialise
 * arrays of enum types (or of types it does not know), node-postgres does not mind either way.
 */
export function textArray(values: readonly (string | number | boolean | null)[]): SQL {
  return sql`${sql.param(values.map((v) => (v === null ? null : String(v))))}::text[]`;
}

/**
 * An array parameter of plain words (uuids, ISO dates and times, enum labels), sent as one array
 * literal: the drivers escape an array element by element, a cost the import pays on every one of
 * its millions of values.
 * Only for values that need no quoting (no comma, brace, quote, backslash or space): one that did
 * would shift the elements after it, which the query's casts and NOT NULL columns then refuse.
 */
export function wordArray(values: readonly string[]): SQL {
  return sql`${sql.param(`{${values.join(",")}}`)}::text[]`;
}

/** A LIKE (or ILIKE) pattern matching `text` anywhere, with %, _ and \\ taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern matching text that starts with `text` (% and _ taken literally). */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The rows of a raw query, whichever driver answered. */
export async function rows<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** The calendar date of `now` in `timeZone`, computed by the database ('YYYY-MM-DD'). */
export function zonedDateSql(now: Date, timeZone: string): SQL<string> {
  return sql<string>`(${now.toISOString()}::timestamptz at time zone ${timeZone})::date`;
}

/**
 * A statement sent ahead (pipelined on its connection) whose failure is observed later, when it is
 * awaited, and never reported as unhandled meanwhile.
 */
export const quiet = <T>(p: Promise<T>) => (p.catch(() => {}), p);

/** Splits a list into consecutive slices of at most `size`. */
export function* slices<T>(list: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

/** A statement prepared by Drizzle: values for its placeholders in, rows out. */
type PreparedStatement<T> = { execute(values: Record<string, unknown>): Promise<T>; getQuery(): { sql: string } };

// Outside production every call builds the statement again and compares its SQL with the one kept
// under that name: a name that forgot part of its shape (a role, a filter) would otherwise run the
// other shape's statement without a word. Production skips the cost.
const CHECK_NAMES = process.env.NODE_ENV !== "production";

const preparedOnce = new WeakMap<Queryable, Map<string, PreparedStatement<unknown>>>();

/**
 * A hot read built and prepared once per database (pool or transaction) and `name`, then run with
 * placeholder values: Drizzle does not build its SQL again, and PostgreSQL parses it once per
 * connection, keeping one generic plan for it only where that is estimated no dearer than planning
 * each run. `name` must name everything `build` depends on besides
 * placeholders: it is also the statement's name on each connection, which must not change text.
 * PGlite ignores the name.
 */
export function preparedStatement<T>(q: Queryable, name: string, build: (name: string) => PreparedStatement<T>): PreparedStatement<T> {
  let statements = preparedOnce.get(q);
  if (!statements) preparedOnce.set(q, (statements = new Map()));
  let statement = statements.get(name) as PreparedStatement<T> | undefined;
  if (!statement) statements.set(name, (statement = build(name)));
  else if (CHECK_NAMES && build(name).getQuery().sql !== statement.getQuery().sql) {
    throw new Error(`The prepared statement "${name}" was built with another SQL text: its name must say every shape it has`);
  }
  return statement;
}

/** What a field of namedColumns reads as: an SQL's declared type, or a column's own (with null when the column allows it). */
type NamedValue<F> =
  F extends SQL.Aliased<infer T>
    ? T
    : F extends SQL<infer T>
      ? T
      : F extends AnyColumn
        ? F["_"]["notNull"] extends true
          ? F["_"]["data"]
          : F["_"]["data"] | null
        : never;

/**
 * A select's fields, each written `… as "key"`: a statement built over them answers rows that
 * rowsAsParsed reads by the same keys. Only for values both drivers parse as Drizzle would map
 * them (text, uuid, enums, booleans, integers, numeric, json, dates in 'YYYY-MM-DD'); a timestamp
 * or a bigint arrives as its text.
 */
export function namedColumns<F extends Record<string, AnyColumn | SQL | SQL.Aliased>>(fields: F): { [K in keyof F]: SQL.Aliased<NamedValue<F[K]>> } {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, sql`${field}`.as(key)])) as { [K in keyof F]: SQL.Aliased<NamedValue<F[K]>> };
}

/**
 * The rows of a prepared statement over namedColumns, as the driver parsed them: Drizzle's mapping
 * of every column of every row (an entity check per value) was the largest part of Node's own
 * work on the pending list's 200 rows.
 */
export function rowsAsParsed<T>(statement: PreparedStatement<T[]>, values: Record<string, unknown>): Promise<T[]> {
  // Both drivers' prepared queries have all(), which answers the rows unmapped; Drizzle's type leaves it out.
  return (statement as unknown as { all(values: Record<string, unknown>): Promise<T[]> }).all(values);
}

/** An instant in microseconds since the epoch, as text: exact, where a JavaScript Date keeps milliseconds. */
export function microsOf(column: AnyColumn): SQL<string> {
  return sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
}
