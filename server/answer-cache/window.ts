// How long a kept answer holds for a reader with a visibility window (DECISIONS §4): until the
// first transaction it holds leaves the window, though nothing changed.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { transactions } from "../db/schema";
import type { Actor } from "../context";
import { seesEverything, windowValues } from "../services/transactions/visibility";

/**
 * Until when (epoch ms, inclusive) the window `actor` has at `now` keeps every transaction it holds:
 * the first to be let go of is the oldest created at the window's start or later, the window's days
 * after its creation. Rows come in only by being created, a change of their own. Infinity for a
 * SuperAdmin, whose view has no window.
 */
export async function windowHoldsUntil(q: Queryable, actor: Pick<Actor, "id" | "role" | "visibilityWindowDays">, now: Date): Promise<number> {
  if (seesEverything(actor)) return Infinity;
  const { since } = windowValues(actor, now);
  const [row] = await q
    // The millisecond it falls in: `since` moves a millisecond at a time.
    .select({ first: sql<number | null>`floor(extract(epoch from min(${transactions.createdAt})) * 1000)::float8` })
    .from(transactions)
    .where(sql`${transactions.createdAt} >= ${since}::timestamptz`);
  return row?.first == null ? Infinity : Number(row.first) + actor.visibilityWindowDays * 86_400_000;
}
