// Sign-in throttling (DECISIONS §3, §10): 5 failures for one username, or 100 from one address,
// within 15 minutes block further attempts until the window has passed. Kept in the database so
// every server process counts the same failures.
//
// An attempt reserves its failure row before the password is checked: under a transaction-scoped
// advisory lock per username key and per address, it counts the window and inserts its row, so
// parallel guesses (on any number of processes) see each other and at most 5 of them get to
// check a password. A right password deletes its own row: it was not a failure.
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client";
import { loginFailures } from "../db/schema";
import { tooManyRequests } from "../services/errors";
import { usernameKey } from "../lib/username-key";

export const THROTTLE = { windowMs: 15 * 60_000, perUsername: 5, perIp: 100 } as const;

async function blockedUntil(
  q: Queryable,
  column: typeof loginFailures.username | typeof loginFailures.ipAddress,
  value: string,
  limit: number,
  now: Date,
): Promise<Date | null> {
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const rows = await q
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(column, value), gt(loginFailures.at, since)))
    .orderBy(sql`${loginFailures.at} desc`)
    .limit(limit);
  if (rows.length < limit) return null;
  // Blocked until the oldest of the last `limit` failures leaves the window.
  return new Date(rows[rows.length - 1].at.getTime() + THROTTLE.windowMs);
}

function throttled(until: Date, now: Date): Error {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return tooManyRequests(`Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
}

/**
 * Takes one failure slot for this username and address, or throws 429 when either is used up.
 * Answers the slot's id: the caller releases it (releaseLoginAttempt) when the password was right.
 */
export async function reserveLoginAttempt(db: Db, username: string, ip: string, now: Date): Promise<number> {
  const key = usernameKey(username);
  return db.transaction(async (tx) => {
    // Always the username's lock first, then the address's: two attempts never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login-username'), hashtext(${key}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login-address'), hashtext(${ip}))`);
    const until =
      (await blockedUntil(tx, loginFailures.username, key, THROTTLE.perUsername, now)) ??
      (await blockedUntil(tx, loginFailures.ipAddress, ip, THROTTLE.perIp, now));
    if (until) throw throttled(until, now);
    const [slot] = await tx.insert(loginFailures).values({ username: key, ipAddress: ip, at: now }).returning({ id: loginFailures.id });
    return slot.id;
  });
}

/** A sign-in with the right password gives its slot back. */
export async function releaseLoginAttempt(db: Db, slotId: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, slotId));
}

/** Deletes failures that have left the window (housekeeping, services/prune.ts). Answers how many. */
export async function pruneLoginFailures(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(loginFailures)
    .where(lte(loginFailures.at, new Date(now.getTime() - THROTTLE.windowMs)))
    .returning({ id: loginFailures.id });
  return rows.length;
}
