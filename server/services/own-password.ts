// A user changes their own password (DECISIONS §15): POST /api/account/password. The current password
// proves it is them (a wrong one counts as a failed sign-in of that username, so it cannot be guessed
// faster than a sign-in); the change clears a one-time password's `mustChangePassword` and ends the
// user's other sessions (DECISIONS §3: a changed password ends the sessions signed in with the old one).
import { eq, sql } from "drizzle-orm";
import { users } from "../db/schema";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { releaseLoginAttempt, reserveLoginAttempt } from "../auth/throttle";
import { writeAudit } from "./audit";
import { badRequest, unauthorized } from "./errors";
import type { ActingContext } from "./context";
import { announceSessionsEnded } from "./sessions";
import { inTransaction } from "./in-transaction";
import { endOtherSessions } from "./second-factor";
import { getUser } from "./users";

export const WRONG_CURRENT_PASSWORD = "Your current password is not right";
export const SAME_PASSWORD = "Choose a password other than the one you have";

export async function changeOwnPassword(
  ctx: ActingContext,
  body: { currentPassword: string; newPassword: string },
  keepSid: string,
): Promise<{ message: string }> {
  const row = await getUser(ctx.db, ctx.actor.id);
  if (!row) throw unauthorized();
  const slot = await reserveLoginAttempt(ctx.db, row.username, ctx.ip ?? "unknown", ctx.clock());
  let ok: boolean;
  try {
    ok = await verifyPassword(row.passwordHash, body.currentPassword);
  } catch (err) {
    await releaseLoginAttempt(ctx.db, slot).catch(() => {});
    throw err;
  }
  if (!ok) throw badRequest(WRONG_CURRENT_PASSWORD, [{ path: "currentPassword", message: WRONG_CURRENT_PASSWORD }]);
  await releaseLoginAttempt(ctx.db, slot);
  // A one-time password was seen by whoever gave it: it cannot stay the password.
  if (row.mustChangePassword && body.currentPassword === body.newPassword) throw badRequest(SAME_PASSWORD, [{ path: "newPassword", message: SAME_PASSWORD }]);
  const passwordHash = await hashPassword(body.newPassword);
  await inTransaction(ctx, async (tx, afterCommit) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, row.id));
    await writeAudit(tx, ctx, {
      action: "password_change",
      entityType: "user",
      entityId: row.id,
      actor: ctx.actor,
      after: { passwordChanged: true, ...(row.mustChangePassword ? { oneTimePasswordReplaced: true } : {}) },
      ipAddress: ctx.ip,
    });
    const ended = await endOtherSessions(tx, row.id, keepSid);
    afterCommit.run(() => announceSessionsEnded(ctx.bus, [], "password", ended));
  });
  return { message: "Password changed" };
}
