// express-session store in the database: sessions survive a restart and are shared by every
// server process on one PostgreSQL. The row keeps the user id so a user's sessions (or every
// non-SuperAdmin session, at lockdown) can be ended with one statement.
import { systemClock } from "../clock";
import session from "express-session";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";

type Callback = (err?: unknown) => void;

// Touching on every request would write on every request: the expiry is moved only when it moves
// by a minute or more, which is precise enough for a 30-minute idle timeout.
const TOUCH_EVERY_MS = 60_000;

function expiryOf(sess: session.SessionData, fallbackMs: number): Date {
  const expires = sess.cookie?.expires;
  return expires ? new Date(expires) : new Date(systemClock().getTime() + fallbackMs);
}

function userIdOf(sess: session.SessionData): string | null {
  const id = (sess as { passport?: { user?: unknown } }).passport?.user;
  return typeof id === "string" ? id : null;
}

export class DatabaseSessionStore extends session.Store {
  /** The expiry each session was last read or written with, so a touch writes only what moves it. */
  private knownExpiry = new Map<string, number>();

  private remember(sid: string, expiresAt: number): void {
    if (this.knownExpiry.size > 50_000) this.knownExpiry.clear();
    this.knownExpiry.set(sid, expiresAt);
  }

  constructor(
    private readonly db: Db,
    private readonly idleMs: number,
  ) {
    super();
  }

  override get(sid: string, cb: (err: unknown, session?: session.SessionData | null) => void): void {
    this.db
      .select({ sess: sessions.sess, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expiresAt.getTime() <= systemClock().getTime()) return cb(null, null);
        this.remember(sid, row.expiresAt.getTime());
        cb(null, row.sess as session.SessionData);
      }, cb);
  }

  override set(sid: string, sess: session.SessionData, cb?: Callback): void {
    const expiresAt = expiryOf(sess, this.idleMs);
    this.remember(sid, expiresAt.getTime());
    this.db
      .insert(sessions)
      .values({ sid, sess, userId: userIdOf(sess), expiresAt })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, userId: userIdOf(sess), expiresAt } })
      .then(() => cb?.(), (err) => cb?.(err));
  }

  override touch(sid: string, sess: session.SessionData, cb?: () => void): void {
    const expiresAt = expiryOf(sess, this.idleMs);
    const known = this.knownExpiry.get(sid);
    if (known !== undefined && expiresAt.getTime() - known < TOUCH_EVERY_MS) return cb?.();
    this.remember(sid, expiresAt.getTime());
    this.db
      .update(sessions)
      .set({ expiresAt })
      .where(eq(sessions.sid, sid))
      .then(() => cb?.(), () => cb?.());
  }

  override destroy(sid: string, cb?: Callback): void {
    this.knownExpiry.delete(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => cb?.(), (err) => cb?.(err));
  }

  /** Remove expired rows; called periodically by the server. */
  async prune(): Promise<number> {
    const rows = await this.db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ sid: sessions.sid });
    return rows.length;
  }
}
