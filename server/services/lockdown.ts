// Emergency lockdown (DECISIONS §3): a setting; turning it on ends every non-SuperAdmin session.
import { sql } from "drizzle-orm";
import { settings, uploadGrants } from "../db/schema";
import { getLockdown, LOCKDOWN_OFF, type LockdownState } from "../auth/lockdown-state";
import { writeAudit } from "./audit";
import { endNonSuperAdminSessions } from "./sessions";
import { inTransaction } from "./in-transaction";
import type { ActingContext, ServiceContext } from "./context";

/** GET /api/admin/emergency-status */
export function lockdownStatus(ctx: Pick<ServiceContext, "db">): Promise<LockdownState> {
  return getLockdown(ctx.db);
}

export async function setLockdown(ctx: ActingContext, enabled: boolean): Promise<LockdownState> {
  const { bus, actor, ip } = ctx;
  const now = ctx.clock();
  return inTransaction(ctx, async (tx, afterCommit) => {
    // Lock the row so concurrent toggles apply one after the other.
    await tx.execute(sql`select 1 from settings where key = 'lockdown' for update`);
    const before = await getLockdown(tx);
    const after: LockdownState = enabled
      ? { enabled: true, activatedAt: before.enabled ? before.activatedAt : now.toISOString(), activatedBy: before.enabled ? before.activatedBy : actor.id }
      : LOCKDOWN_OFF;
    await tx
      .insert(settings)
      .values({ key: "lockdown", value: after, updatedBy: actor.id })
      .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedBy: actor.id, updatedAt: sql`now()` } });
    if (enabled) {
      await endNonSuperAdminSessions(tx);
      // Upload URLs handed out before stop working (DECISIONS §10); SuperAdmins ask for new ones.
      await tx.delete(uploadGrants);
    }
    if (before.enabled !== after.enabled) {
      await writeAudit(tx, ctx, {
        action: enabled ? "lockdown_on" : "lockdown_off",
        entityType: "system",
        entityId: "lockdown",
        actor,
        before,
        after,
        ipAddress: ip,
      });
    }
    afterCommit.run(() => bus.publish({ type: "lockdown", enabled }));
    return after;
  });
}
