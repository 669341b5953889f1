// Who a session's user is on every request, read in one place for the session store (with the
// session, auth/session-store.ts) and for passport's fallback (middlewares/passport.ts).
import { and, eq, isNull, sql } from "drizzle-orm";
import { users } from "../db/schema";

/** What every request knows of its signed-in user: the actor, and the lockdown state read with it. */
export const signedInUserColumns = {
  id: users.id,
  role: users.role,
  name: users.name,
  username: users.username,
  visibilityWindowDays: users.visibilityWindowDays,
  /** DECISIONS §15: the employee this user is (the "Me" pages), and whether a one-time password must be changed first. */
  employeeId: users.employeeId,
  mustChangePassword: users.mustChangePassword,
  lockdownEnabled: sql<boolean>`coalesce((select (value->>'enabled')::boolean from settings where key = 'lockdown'), false)`,
  /**
   * DECISIONS §13: the user's role requires a second factor and they have none yet, so they may
   * only set one up (api-router's gate). Read with the session like the lockdown, so a factor
   * added or a setting changed counts from the next request on, in every process.
   */
  secondFactorSetupRequired: sql<boolean>`(coalesce((select value->'requireSecondFactor' from settings where key = 'security'), '[]'::jsonb) @> jsonb_build_array(${users.role}::text)
    and not exists (select 1 from passkeys where passkeys.user_id = ${users.id})
    and not exists (select 1 from totp_secrets where totp_secrets.user_id = ${users.id} and totp_secrets.confirmed_at is not null))`,
};

/** A disabled or deleted user is signed out at once: their session no longer finds them. */
export const mayStaySignedIn = and(eq(users.isActive, true), isNull(users.deletedAt));
