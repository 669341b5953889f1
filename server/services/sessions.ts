// Ending sessions: the rows go from the store (so every process refuses them at once) and the
// bus tells every process to close those users' sockets.
import { inArray, isNull, ne, or } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { sessions, users } from "../db/schema";
import type { BusEvent, EventBus } from "../realtime/bus";

type Reason = Extract<BusEvent, { type: "sessions-ended" }>["reason"];

export async function endUserSessions(q: Queryable, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await q.delete(sessions).where(inArray(sessions.userId, userIds));
}

export async function announceSessionsEnded(bus: EventBus, userIds: string[], reason: Reason, sids?: string[]): Promise<void> {
  if (userIds.length || sids?.length) await bus.publish({ type: "sessions-ended", userIds, sids, reason });
}

/** Lockdown: every session but SuperAdmins' ends in one statement. */
export async function endNonSuperAdminSessions(q: Queryable): Promise<number> {
  const removed = await q
    .delete(sessions)
    .where(or(isNull(sessions.userId), inArray(sessions.userId, q.select({ id: users.id }).from(users).where(ne(users.role, "SuperAdmin")))))
    .returning({ sid: sessions.sid });
  return removed.length;
}
