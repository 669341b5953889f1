// What signing in and out means beyond the session cookie (DECISIONS §3, §10): during a lockdown
// only SuperAdmins may sign in; each sign-in and sign-out is in the audit trail; the answer is
// the user as stored. The session itself (cookie, regeneration, throttle) is the edge's.
import { LOCKDOWN_MESSAGE, type Role } from "../../shared/constants";
import type { z } from "zod";
import type { authAnswer } from "../../shared/answers";
import { presentUser } from "../presenters/users";
import { writeAudit } from "./audit";
import type { ActingContext, ServiceContext } from "./context";
import { DomainError, locked } from "./errors";
import { getLockdown } from "./lockdown";
import { getUser } from "./users";

/** Refuses a sign-in the lockdown forbids (the password was right). */
export async function assertMaySignIn(ctx: Pick<ServiceContext, "db">, user: { role: Role }): Promise<void> {
  if (user.role !== "SuperAdmin" && (await getLockdown(ctx.db)).enabled) throw locked(LOCKDOWN_MESSAGE);
}

/** POST /api/auth/login, once the session holds the user: audited, answered with the stored user. */
export async function recordSignIn(ctx: ActingContext): Promise<z.output<typeof authAnswer>> {
  await writeAudit(ctx.db, { action: "login", entityType: "session", entityId: ctx.actor.id, actor: ctx.actor, ipAddress: ctx.ip });
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
  return { user: presentUser(row) };
}
