// express-session store in the database: sessions survive a restart and are shared by every
// server process on one PostgreSQL. The row keeps the user id so a user's sessions (or every
// non-SuperAdmin session, at lockdown) can be ended with one statement.
import { systemClock } from "../clock";
import type { Request } from "express";
import session from "express-session";
import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { mayStaySignedIn, signedInUserColumns } from "./signed-in-user";
import { preparedStatement } from "../db/sql";

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

/**
 * Whose row this is: the signed-in user's, or the user a half-signed-in session is for (DECISIONS
 * §13). A session between the password and the second step belongs to that user too, so what ends
 * their sessions (a new password, a disable, a reset of their factors, lockdown) ends it as well and
 * a password that was just changed cannot finish signing in. The user is read onto a request only
 * for a signed-in session (get, below): a half-signed-in one stays without a user.
 */
function ownerOf(sess: session.SessionData): string | null {
  const pendingId = (sess as { secondFactor?: { userId?: unknown } }).secondFactor?.userId;
  return userIdOf(sess) ?? (typeof pendingId === "string" ? pendingId : null);
}

// The session is read together with its signed-in user and one more value the app asks to read
// with it (the count kept answers stand on, answer-cache/version.ts), in one statement, not three:
// each round trip to the database costs more than the query itself. get() carries them on the
// session data under symbols (no JSON, no copy into the Session), createSession() moves them onto
// the request, and passport's deserializeUser takes the user from there (middlewares/passport.ts).
const SIGNED_IN_USER = Symbol("the signed-in user, read with the session");
const READ_WITH_SESSION = Symbol("the value read with the session");
type WithUser = session.SessionData & { [SIGNED_IN_USER]?: Express.User | null; [READ_WITH_SESSION]?: string };
const usersReadWithSessions = new WeakMap<Request, Express.User | null>();
const valuesReadWithSessions = new WeakMap<Request, string>();

/** The request's signed-in user as read with its session: null when they may no longer be signed in, undefined when not read. */
export function userReadWithSession(req: Request): Express.User | null | undefined {
  return usersReadWithSessions.get(req);
}

/** The value the store was asked to read with every session (its `readWithSession`), as read with this request's; undefined when no session was read. */
export function readWithSessionOf(req: Request): string | undefined {
  return valuesReadWithSessions.get(req);
}

/** Nothing more read with the session. */
const NOTHING_MORE = sql<string>`null::text`;

/** Every request's first statement, so prepared once (db/sql.ts): the session row, its user, and the value read with it. */
function sessionWithUser(db: Db, readWithSession: SQL<string>) {
  // The name says the shape: a store reading nothing more is another statement.
  return preparedStatement(db, readWithSession === NOTHING_MORE ? "session_with_user" : "session_with_user_and_value", (name) => {
    const { lockdownEnabled, ...user } = signedInUserColumns;
    return db
      .select({ sess: sessions.sess, expiresAt: sessions.expiresAt, userId: sessions.userId, user, lockdownEnabled, readWithSession })
      .from(sessions)
      .leftJoin(users, and(eq(users.id, sessions.userId), mayStaySignedIn))
      .where(eq(sessions.sid, sql.placeholder("sid")))
      .prepare(name);
  });
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
    /** One more value to read in the session's own statement (its text): the count kept answers stand on. */
    private readonly readWithSession: SQL<string> = NOTHING_MORE,
  ) {
    super();
  }

  override get(sid: string, cb: (err: unknown, session?: session.SessionData | null) => void): void {
    sessionWithUser(this.db, this.readWithSession)
      .execute({ sid })
      .then(([row]) => {
        if (!row || row.expiresAt.getTime() <= systemClock().getTime()) return cb(null, null);
        this.remember(sid, row.expiresAt.getTime());
        const data = row.sess as WithUser;
        // Read for the session's own user only (a session before sign-in has none).
        if (row.userId && row.userId === userIdOf(data)) data[SIGNED_IN_USER] = row.user ? { ...row.user, lockdownEnabled: row.lockdownEnabled } : null;
        if (row.readWithSession !== null) data[READ_WITH_SESSION] = row.readWithSession;
        cb(null, data);
      }, cb);
  }

  override createSession(req: Request, data: session.SessionData): session.Session & session.SessionData {
    const { [SIGNED_IN_USER]: user, [READ_WITH_SESSION]: value } = data as WithUser;
    delete (data as WithUser)[SIGNED_IN_USER];
    delete (data as WithUser)[READ_WITH_SESSION];
    if (user !== undefined) usersReadWithSessions.set(req, user);
    if (value !== undefined) valuesReadWithSessions.set(req, value);
    return super.createSession(req, data);
  }

  override set(sid: string, sess: session.SessionData, cb?: Callback): void {
    const expiresAt = expiryOf(sess, this.idleMs);
    this.remember(sid, expiresAt.getTime());
    this.db
      .insert(sessions)
      .values({ sid, sess, userId: ownerOf(sess), expiresAt })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, userId: ownerOf(sess), expiresAt } })
      .then(
        () => cb?.(),
        (err) => cb?.(err),
      );
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
      .then(
        () => cb?.(),
        () => cb?.(),
      );
  }

  override destroy(sid: string, cb?: Callback): void {
    this.knownExpiry.delete(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(
        () => cb?.(),
        (err) => cb?.(err),
      );
  }

  /** Remove expired rows; called periodically by the server. */
  async prune(): Promise<number> {
    const rows = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, sql`now()`))
      .returning({ sid: sessions.sid });
    return rows.length;
  }
}
