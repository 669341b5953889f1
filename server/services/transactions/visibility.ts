// Who sees which transaction (DECISIONS §4): SuperAdmin everything; everyone else what was created
// within their visibility window, and always their own. A transaction outside a user's view is 404.
import { and, eq, isNotNull, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { transactions, type TransactionRow } from "../../db/schema";
import type { Actor } from "../../context";
import { notFound } from "../errors";
import { isUuid } from "../../lib/ids";
import { addDays } from "../../../shared/calendar";
import { filesClaimsOnly, seesEveryTransaction, windowStart } from "../policies";

/** The columns the window reads: the transactions table's own (or an alias's), or transaction_search's copies of them. */
export type WindowColumns = { createdBy: AnyColumn; createdAt: AnyColumn };

export function visibleTo(actor: Pick<Actor, "id" | "role" | "visibilityWindowDays">, now: Date, columns: WindowColumns = transactions): SQL | undefined {
  if (seesEverything(actor)) return undefined;
  const { viewerId, since } = windowValues(actor, now);
  // An Employee login sees its own expense claims and nothing else (DECISIONS §15): its window holds
  // nobody's rows (policies.ts windowStart), and of its own only the claims, should the user once
  // have had a finance role.
  const claimsOnly = filesClaimsOnly(actor) && "claimantEmployeeId" in columns ? isNotNull(columns.claimantEmployeeId as AnyColumn) : undefined;
  return claimsOnly ? and(withinWindow(columns, viewerId, since), claimsOnly) : withinWindow(columns, viewerId, since);
}

/** A SuperAdmin's view has no window (policies.ts). */
export function seesEverything(actor: Pick<Actor, "role">): boolean {
  return seesEveryTransaction(actor);
}

/**
 * The window as a condition: the viewer's own rows, and everyone's from `since` on. Given values, or
 * the placeholders of a statement prepared once (visibleToPrepared, with windowValues).
 */
function withinWindow(columns: WindowColumns, viewerId: string | Placeholder, since: string | Placeholder): SQL {
  return or(eq(columns.createdBy, viewerId), sql`${columns.createdAt} >= ${since}::timestamptz`)!;
}

/** visibleTo for a statement prepared once per window shape: over the placeholders `viewerId` and `since`. */
export function visibleToPrepared(actor: Pick<Actor, "role">, columns: WindowColumns = transactions): SQL | undefined {
  return seesEverything(actor) ? undefined : withinWindow(columns, sql.placeholder("viewerId"), sql.placeholder("since"));
}

/** The viewer and the window's first instant: visibleTo's values, and visibleToPrepared's placeholders'. */
export function windowValues(actor: Pick<Actor, "id" | "visibilityWindowDays"> & Partial<Pick<Actor, "role">>, now: Date): { viewerId: string; since: string } {
  return { viewerId: actor.id, since: windowStart(actor, now).toISOString() };
}

/**
 * The UTC day a window's first instant (`since`, an ISO instant) falls in, and that day's start and
 * end: where the summaries kept per day (daily totals, kept search days) stop and the rows are read.
 */
export function windowFirstDay(since: string): { firstDay: string; dayStart: string; nextDay: string } {
  const firstDay = since.slice(0, 10);
  return { firstDay, dayStart: `${firstDay}T00:00:00.000Z`, nextDay: `${addDays(firstDay, 1)}T00:00:00.000Z` };
}

export const TRANSACTION_NOT_FOUND = "Transaction not found";

/** The transaction if this actor may see it; 404 otherwise. `forUpdate` locks the row in a transaction. */
export async function loadVisibleTransaction(
  q: Queryable,
  id: string,
  actor: Pick<Actor, "id" | "role" | "visibilityWindowDays">,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<TransactionRow> {
  if (!isUuid(id)) throw notFound(TRANSACTION_NOT_FOUND);
  const base = q
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), visibleTo(actor, now)))
    .limit(1);
  const [row] = options.forUpdate ? await base.for("update") : await base;
  if (!row) throw notFound(TRANSACTION_NOT_FOUND);
  return row;
}
