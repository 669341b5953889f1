// The lockdown setting as it stands (DECISIONS §3), read where sign-in, the sockets and the public
// emergency links are refused; services/lockdown.ts turns it on and off.
import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { settings } from "../db/schema";

export type LockdownState = { enabled: boolean; activatedAt: string | null; activatedBy: string | null };

export const LOCKDOWN_OFF: LockdownState = { enabled: false, activatedAt: null, activatedBy: null };

export async function getLockdown(q: Queryable): Promise<LockdownState> {
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, "lockdown"));
  return (row?.value as LockdownState | undefined) ?? LOCKDOWN_OFF;
}
