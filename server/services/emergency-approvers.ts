// The three emergency approver short codes (DECISIONS §5): a setting the SuperAdmin edits on
// /admin/emergency; defaults AK, RS, VM until someone saves others.
import { eq } from "drizzle-orm";
import type { Db, Queryable } from "../db/client";
import { settings } from "../db/schema";
import { writeAudit } from "./audit";
import type { Actor } from "../context";
import { DEFAULT_EMERGENCY_APPROVERS } from "../../shared/constants";

const KEY = "emergency_approvers";

export async function getEmergencyApprovers(q: Queryable): Promise<string[]> {
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  const value = row?.value;
  if (Array.isArray(value) && value.length === 3 && value.every((c) => typeof c === "string")) return value as string[];
  return [...DEFAULT_EMERGENCY_APPROVERS];
}

/** Saves three codes already validated (distinct, 2 to 6 letters, upper-case) with its audit entry. */
export async function setEmergencyApprovers(db: Db, codes: string[], actor: Actor, ip?: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const before = await getEmergencyApprovers(tx);
    await tx
      .insert(settings)
      .values({ key: KEY, value: codes, updatedBy: actor.id })
      .onConflictDoUpdate({ target: settings.key, set: { value: codes, updatedBy: actor.id, updatedAt: new Date() } });
    await writeAudit(tx, { action: "update", entityType: "setting", entityId: KEY, actor, before, after: codes, ipAddress: ip });
    return codes;
  });
}
