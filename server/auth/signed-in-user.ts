// Who a session's user is on every request, read in one place for the session store (with the
// session, auth/session-store.ts) and for passport's fallback (auth/passport.ts).
import { and, eq, isNull, sql } from "drizzle-orm";
import { users } from "../db/schema";

/** What every request knows of its signed-in user: the actor, and the lockdown state read with it. */
export const signedInUserColumns = {
  id: users.id,
  role: users.role,
  name: users.name,
  username: users.username,
  visibilityWindowDays: users.visibilityWindowDays,
  lockdownEnabled: sql<boolean>`coalesce((select (value->>'enabled')::boolean from settings where key = 'lockdown'), false)`,
};

/** A disabled or deleted user is signed out at once: their session no longer finds them. */
export const mayStaySignedIn = and(eq(users.isActive, true), isNull(users.deletedAt));

