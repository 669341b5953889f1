// A sliding-window limit per client address, kept in the database so every server process counts
// the same calls (the login throttle in auth/throttle.ts does likewise for failures).
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Db } from "../db/client";
import type { Clock } from "../context";
import { requestHits } from "../db/schema";
import { tooManyRequests } from "./errors";

/**
 * Counts this call against `client`'s window of `scope` and answers whether it is allowed. The
 * key's calls are serialised by a transaction-scoped advisory lock, so concurrent calls on any
 * number of processes never get past the limit together.
 */
export async function takeRequestSlot(db: Db, scope: string, client: string, limit: number, windowMs: number, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - windowMs);
  return db.transaction(async (tx) => {
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

/** Deletes the calls of `scope` that have left the window. Housekeeping: a failure only waits for the next sweep. */
async function sweep(db: Db, scope: string, windowStart: Date): Promise<void> {
  await db
    .delete(requestHits)
    .where(and(eq(requestHits.scope, scope), lte(requestHits.at, windowStart)))
    .catch(() => {});
}

/** Express middleware: 429 once the caller's address has made `limit` calls of `scope` within `windowMs`. */
export function requestLimiter(db: Db, clock: Clock, scope: string, limit: number, windowMs: number): RequestHandler {
  let lastSweep = 0;
  return async (req, _res, next) => {
    const now = clock();
    if (now.getTime() - lastSweep > windowMs) {
      lastSweep = now.getTime();
      await sweep(db, scope, new Date(now.getTime() - windowMs));
    }
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    if (await takeRequestSlot(db, scope, client, limit, windowMs, now)) return next();
    next(tooManyRequests("Too many requests. Please wait a minute and try again."));
  };
}
