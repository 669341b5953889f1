// A sliding-window limit per client address, kept in the database so every server process counts
// the same calls (the login throttle in auth/throttle.ts does likewise for failures). The HTTP edge
// is middlewares/request-limit.ts.
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { requestHits } from "../db/schema";
import type { ServiceContext } from "./context";

/** One throttled kind of call: at most `limit` calls per client address within `windowMs`. */
export type RequestLimit = { scope: string; limit: number; windowMs: number };

/**
 * Counts this call against `client`'s window of the limit's scope and answers whether it is
 * allowed. The key's calls are serialised by a transaction-scoped advisory lock, so concurrent
 * calls on any number of processes never get past the limit together.
 */
export async function takeRequestSlot(ctx: Pick<ServiceContext, "db" | "clock">, { scope, limit, windowMs }: RequestLimit, client: string): Promise<boolean> {
  const now = ctx.clock();
  const windowStart = new Date(now.getTime() - windowMs);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${client}))`);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(requestHits)
      .where(and(eq(requestHits.scope, scope), eq(requestHits.client, client), gt(requestHits.at, windowStart)));
    if (n >= limit) return false;
    await tx.insert(requestHits).values({ scope, client, at: now });
    return true;
  });
}

/** Deletes the calls of the limit's scope that have left its window. Housekeeping: a failure only waits for the next sweep. */
export async function sweepRequestHits(ctx: Pick<ServiceContext, "db" | "clock">, { scope, windowMs }: RequestLimit): Promise<void> {
  const windowStart = new Date(ctx.clock().getTime() - windowMs);
  await ctx.db
    .delete(requestHits)
    .where(and(eq(requestHits.scope, scope), lte(requestHits.at, windowStart)))
    .catch(() => {});
}
