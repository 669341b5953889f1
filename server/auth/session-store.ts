// express-session store in the database: sessions survive a restart and are shared by every
// server process on one PostgreSQL. The row keeps the user id so a user's sessions (or every
// non-SuperAdmin session, at lockdown) can be ended with one statement.
import session from "express-session";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";

type Callback = (err?: unknown) => void;

// Touching on every request would write on every request; once a minute is precise enough
// for a 30-minute idle timeout.
const TOUCH_EVERY_MS = 60_000;

function expiryOf(sess: session.SessionData, fallbackMs: number): Date {
  const expires = sess.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + fallbackMs);
}

function userIdOf(sess: session.SessionData): string | null {
  const id = (sess as { passport?: { user?: unknown } }).passport?.user;
  return typeof id === "string" ? id : null;
}

export class DatabaseSessionStore extends session.Store {
  private lastTouch = new Map<string, number>();

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
        if (!row || row.expiresAt.getTime() <= Date.now()) return cb(null, null);
        cb(null, row.sess as session.SessionData);
      }, cb);
  }

  override set(sid: string, sess: session.SessionData, cb?: Callback): void {
    const expiresAt = expiryOf(sess, this.idleMs);
    this.lastTouch.set(sid, Date.now());
    this.db
      .insert(sessions)
      .values({ sid, sess, userId: userIdOf(sess), expiresAt })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, userId: userIdOf(sess), expiresAt } })
      .then(() => cb?.(), (err) => cb?.(err));
  }

  override touch(sid: string, sess: session.SessionData, cb?: () => void): void {
    const last = this.lastTouch.get(sid) ?? 0;
    if (Date.now() - last < TOUCH_EVERY_MS) return cb?.();
    this.lastTouch.set(sid, Date.now());
    if (this.lastTouch.size > 50_000) this.lastTouch.clear();
    this.db
      .update(sessions)
      .set({ expiresAt: expiryOf(sess, this.idleMs) })
      .where(eq(sessions.sid, sid))
      .then(() => cb?.(), () => cb?.());
  }

  override destroy(sid: string, cb?: Callback): void {
    this.lastTouch.delete(sid);
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
