// What signing in and out means beyond the session cookie (DECISIONS §3, §10): during a lockdown
// only SuperAdmins may sign in; each sign-in and sign-out is in the audit trail; the answer is
// the user as stored. The session itself (cookie, regeneration, throttle) is the edge's.
import { LOCKDOWN_MESSAGE, type Role, type SecondFactorMethod } from "../../shared/constants";
import type { z } from "zod";
import type { authAnswer } from "../../shared/schemas/auth";
import { presentUser } from "../presenters/users";
import { writeAudit } from "./audit";
import type { ActingContext, ServiceContext } from "./context";
import { DomainError, locked } from "./errors";
import { getLockdown } from "../auth/lockdown-state";
import { getUser } from "./users";
import { secondFactorSetupRequired } from "./second-factor";
import { signsInDuringLockdown } from "./policies";

/**
 * The refusal of a sign-in the lockdown forbids, answered before the password is checked
 * (DECISIONS §3): while the lockdown is on, only an active SuperAdmin's password is looked at;
 * anyone else (an unknown, disabled or deleted username too) gets the same 423 whatever the
 * password, so the answer tells neither a right password from a wrong one nor a user from a name
 * nobody has.
 */
export async function lockdownRefusal(ctx: Pick<ServiceContext, "db">, user: { role: Role; isActive: boolean } | undefined): Promise<DomainError | null> {
  if (user && signsInDuringLockdown(user)) return null;
  return (await getLockdown(ctx.db)).enabled ? locked(LOCKDOWN_MESSAGE) : null;
}

/**
 * POST /api/auth/login, once the session holds the user: audited (with the second factor that
 * finished it, so a sign-in by a recovery code stands out in the trail), answered with the stored user.
 */
export async function recordSignIn(ctx: ActingContext, secondFactor?: SecondFactorMethod): Promise<z.output<typeof authAnswer>> {
  await writeAudit(ctx.db, { action: "login", entityType: "session", entityId: ctx.actor.id, actor: ctx.actor, after: secondFactor ? { secondFactor } : undefined, ipAddress: ctx.ip });
  return currentUser(ctx);
}

/** POST /api/auth/logout of a signed-in user. */
export async function recordSignOut(ctx: ActingContext): Promise<void> {
  await writeAudit(ctx.db, { action: "logout", entityType: "session", entityId: ctx.actor.id, actor: ctx.actor, ipAddress: ctx.ip });
}

/** GET /api/auth/me */
export async function currentUser(ctx: ActingContext): Promise<z.output<typeof authAnswer>> {
  const row = await getUser(ctx.db, ctx.actor.id);
  if (!row) throw new DomainError("unauthenticated", "Not signed in");
  return { user: presentUser(row), secondFactorSetupRequired: await secondFactorSetupRequired(ctx.db, row) };
}
