// Sign-in throttling (DECISIONS §3): 5 failures for one username, or 100 from one address, within
// 15 minutes block further attempts until the window has passed. Kept in the database so every
// server process counts the same failures.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginFailures } from "../db/schema";
import { tooManyRequests } from "../middlewares/errors";

export const THROTTLE = { windowMs: 15 * 60_000, perUsername: 5, perIp: 100 } as const;

const key = (username: string) => username.trim().toLowerCase();

async function blockedUntil(db: Db, column: typeof loginFailures.username | typeof loginFailures.ipAddress, value: string, limit: number, now: Date) {
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const rows = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(column, value), gt(loginFailures.at, since)))
    .orderBy(sql`${loginFailures.at} desc`)
    .limit(limit);
  if (rows.length < limit) return null;
  // Blocked until the oldest of the last `limit` failures leaves the window.
  return new Date(rows[rows.length - 1].at.getTime() + THROTTLE.windowMs);
}

export async function assertNotThrottled(db: Db, username: string, ip: string, now: Date): Promise<void> {
  const until =
    (await blockedUntil(db, loginFailures.username, key(username), THROTTLE.perUsername, now)) ??
    (await blockedUntil(db, loginFailures.ipAddress, ip, THROTTLE.perIp, now));
  if (until) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    throw tooManyRequests(`Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
}

export async function recordLoginFailure(db: Db, username: string, ip: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ username: key(username), ipAddress: ip, at: now });
}

export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, key(username)));
}
