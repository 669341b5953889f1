// The three emergency approver short codes (DECISIONS §5) and their PINs (DECISIONS §10): a
// setting the SuperAdmin edits on /admin/emergency; defaults AK, RS, VM until someone saves others.
// A PIN is stored as an argon2id hash only, never answered and never written to the audit trail.
import { and, eq, gt, inArray, isNull, lte, notInArray, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client";
import { emergencyApproverPins, emergencyPinFailures, settings, users } from "../db/schema";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { writeAudit } from "./audit";
import { notifyUsers, publishNotifications } from "./notifications";
import { reachAboutTransaction } from "./reach/kinds";
import { DomainError, conflict, notFound, tooManyRequests } from "./errors";
import { DEFAULT_EMERGENCY_APPROVERS } from "../../shared/constants";
import { EMERGENCY_PIN_THROTTLE, NO_PIN_YET_MESSAGE, WRONG_PIN_MESSAGE, type EmergencyApproversAnswer } from "../../shared/schemas/emergency";
import { type ActingContext, type ServiceContext } from "./context";

const KEY = "emergency_approvers";
const PIN_SHAPE = /^\d{6,8}$/;

/** Serialises changes to the codes and their PINs, so a rename cannot slip between a PIN's check and its write. */
async function lockApprovers(q: Queryable): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext('emergency-approvers'))`);
}

export async function getEmergencyApprovers(q: Queryable): Promise<string[]> {
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  const value = row?.value;
  if (Array.isArray(value) && value.length === 3 && value.every((c) => typeof c === "string")) return value as string[];
  return [...DEFAULT_EMERGENCY_APPROVERS];
}

/** Which of `codes` has a PIN. */
export async function approverPinStatus(q: Queryable, codes: readonly string[]): Promise<Record<string, boolean>> {
  const rows = codes.length
    ? await q
        .select({ code: emergencyApproverPins.code })
        .from(emergencyApproverPins)
        .where(inArray(emergencyApproverPins.code, [...codes]))
    : [];
  const set = new Set(rows.map((r) => r.code));
  return Object.fromEntries(codes.map((c) => [c, set.has(c)]));
}

/** GET /api/admin/emergency-approvers */
export async function emergencyApproversAnswer(ctx: ServiceContext): Promise<EmergencyApproversAnswer> {
  const { db: q } = ctx;
  const approvers = await getEmergencyApprovers(q);
  return { approvers, pinSet: await approverPinStatus(q, approvers) };
}

/**
 * Saves three codes already validated (distinct, 2 to 6 letters, upper-case) with its audit entry.
 * A code that leaves the list loses its PIN: whoever gets that code later sets a new one.
 */
export async function setEmergencyApprovers(ctx: ActingContext, codes: string[]): Promise<EmergencyApproversAnswer> {
  const { db, actor, ip } = ctx;
  return db.transaction(async (tx) => {
    await lockApprovers(tx);
    const before = await getEmergencyApprovers(tx);
    await tx
      .insert(settings)
      .values({ key: KEY, value: codes, updatedBy: actor.id })
      .onConflictDoUpdate({ target: settings.key, set: { value: codes, updatedBy: actor.id, updatedAt: sql`now()` } });
    const dropped = await tx.delete(emergencyApproverPins).where(notInArray(emergencyApproverPins.code, codes)).returning({ code: emergencyApproverPins.code });
    await writeAudit(tx, ctx, {
      action: "update",
      entityType: "setting",
      entityId: KEY,
      actor,
      before,
      after: codes,
      reason: dropped.length
        ? `PINs dropped for ${dropped
            .map((d) => d.code)
            .sort()
            .join(", ")}`
        : null,
      ipAddress: ip,
    });
    return { approvers: codes, pinSet: await approverPinStatus(tx, codes) };
  });
}

export const UNKNOWN_APPROVER_CODE = "No such approver code: the three codes are set on the emergency page";

/** PUT /api/admin/emergency-approvers/:code/pin: sets or replaces the PIN of one of the three codes. */
export async function setApproverPin(
  ctx: Pick<ActingContext, "db" | "clock" | "actor" | "ip">,
  rawCode: string,
  pin: string,
): Promise<{ code: string; pinSet: true }> {
  const { db, actor, ip } = ctx;
  const pinHash = await hashPassword(pin);
  return db.transaction(async (tx) => {
    const code = rawCode.trim().toUpperCase();
    await lockApprovers(tx);
    if (!(await getEmergencyApprovers(tx)).includes(code)) throw notFound(UNKNOWN_APPROVER_CODE);
    const [existing] = await tx.select({ code: emergencyApproverPins.code }).from(emergencyApproverPins).where(eq(emergencyApproverPins.code, code));
    await tx
      .insert(emergencyApproverPins)
      .values({ code, pinHash, updatedBy: actor.id })
      .onConflictDoUpdate({ target: emergencyApproverPins.code, set: { pinHash, updatedBy: actor.id, updatedAt: sql`now()` } });
    // A new PIN starts with a clean count of wrong ones.
    await tx.delete(emergencyPinFailures).where(eq(emergencyPinFailures.code, code));
    // Never the PIN nor its hash: only that one is set.
    await writeAudit(tx, ctx, {
      action: "set_emergency_pin",
      entityType: "setting",
      entityId: KEY,
      actor,
      before: { code, pinSet: Boolean(existing) },
      after: { code, pinSet: true },
      ipAddress: ip,
    });
    return { code, pinSet: true as const };
  });
}

// ---------------------------------------------------------------- checking a PIN on a public link

/** What the check needs to say in the SuperAdmins' notification when a code gets locked. */
export type PinCheckSubject = { transactionId: string; humanReadableId: string; category: string | null; isPriority: boolean };

/** The failures of `code` still in the window, newest first (at most the limit). */
async function recentFailures(q: Queryable, code: string, now: Date): Promise<Date[]> {
  const since = new Date(now.getTime() - EMERGENCY_PIN_THROTTLE.windowMs);
  const rows = await q
    .select({ at: emergencyPinFailures.at })
    .from(emergencyPinFailures)
    .where(and(eq(emergencyPinFailures.code, code), gt(emergencyPinFailures.at, since)))
    .orderBy(sql`${emergencyPinFailures.at} desc`)
    .limit(EMERGENCY_PIN_THROTTLE.limit);
  return rows.map((r) => r.at);
}

function codeLocked(code: string, until: Date, now: Date): DomainError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return tooManyRequests(`Too many wrong PINs for ${code}. This approver can try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
}

/**
 * Checks `pin` for `code` (DECISIONS §10, in order): 409 when the code has no PIN yet; 429 while
 * the code is locked; 403 for a wrong PIN, which keeps its failure. Like sign-in, a slot is
 * reserved under a per-code advisory lock before the hash is compared, so parallel guesses get at
 * most 5 comparisons in 15 minutes; a right PIN gives its slot back. The wrong PIN that fills the
 * 5th slot tells every active SuperAdmin (bell and socket).
 */
export async function checkApproverPin(ctx: ServiceContext, code: string, pin: string, ip: string, subject: PinCheckSubject): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock();
  const [stored] = await db.select({ pinHash: emergencyApproverPins.pinHash }).from(emergencyApproverPins).where(eq(emergencyApproverPins.code, code));
  if (!stored) throw conflict(NO_PIN_YET_MESSAGE, "no_pin");

  const slot = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('emergency-pin'), hashtext(${code}))`);
    const failures = await recentFailures(tx, code, now);
    // Locked until the oldest of the last 5 failures leaves the window.
    if (failures.length >= EMERGENCY_PIN_THROTTLE.limit)
      throw codeLocked(code, new Date(failures[failures.length - 1].getTime() + EMERGENCY_PIN_THROTTLE.windowMs), now);
    const [row] = await tx.insert(emergencyPinFailures).values({ code, ipAddress: ip, at: now }).returning({ id: emergencyPinFailures.id });
    return { id: row.id, number: failures.length + 1 };
  });

  // A malformed PIN cannot be right: it is a wrong PIN without the cost of a hash comparison.
  const right = PIN_SHAPE.test(pin) && (await verifyPassword(stored.pinHash, pin));
  if (right) {
    await db.delete(emergencyPinFailures).where(eq(emergencyPinFailures.id, slot.id));
    return;
  }
  if (slot.number === EMERGENCY_PIN_THROTTLE.limit) await tellSuperAdminsCodeLocked(ctx, code, subject);
  // The page tells the approver how many tries are left before the code is locked.
  throw new DomainError("forbidden", WRONG_PIN_MESSAGE, { code: "forbidden", triesLeft: EMERGENCY_PIN_THROTTLE.limit - slot.number });
}

async function tellSuperAdminsCodeLocked(ctx: ServiceContext, code: string, subject: PinCheckSubject): Promise<void> {
  const { db } = ctx;
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "SuperAdmin"), eq(users.isActive, true), isNull(users.deletedAt)));
  const minutes = EMERGENCY_PIN_THROTTLE.windowMs / 60_000;
  const message = `Emergency approver ${code} is locked for ${minutes} minutes after ${EMERGENCY_PIN_THROTTLE.limit} wrong PINs on the link for ${subject.humanReadableId}`;
  const told = reachAboutTransaction(
    ctx,
    "emergency_code_locked",
    { id: subject.transactionId, humanReadableId: subject.humanReadableId, categoryName: subject.category },
    { title: "Emergency approver locked", audience: "overseer", detail: message },
  );
  const rows = await notifyUsers(
    db,
    admins.map((a) => a.id),
    {
      type: "user_notification",
      message,
      isPriority: true,
      transactionId: subject.transactionId,
      humanReadableId: subject.humanReadableId,
      category: subject.category,
    },
    told,
  );
  await publishNotifications(ctx, rows);
}

/** Deletes wrong PINs that have left the window (housekeeping, services/prune.ts). Answers how many. */
export async function prunePinFailures(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(emergencyPinFailures)
    .where(lte(emergencyPinFailures.at, new Date(now.getTime() - EMERGENCY_PIN_THROTTLE.windowMs)))
    .returning({ id: emergencyPinFailures.id });
  return rows.length;
}
