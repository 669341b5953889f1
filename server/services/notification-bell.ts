// The bell (GET/POST/DELETE /api/notifications, DECISIONS §6): a user's notifications as they may
// see them now, read-all and Clear All. services/notifications.ts writes and pushes them.
import { and, desc, eq, isNotNull, isNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import { notifications, transactions, type NotificationRow } from "../db/schema";
import type { NotificationType } from "../../shared/ws-events";
import { LIMITS } from "../../shared/constants";
import type { NotificationItem, NotificationsChangedAnswer } from "../../shared/schemas/notifications";
import { writeAudit } from "./audit";
import { type ActingContext } from "./context";
import { visibleTo } from "./transactions/visibility";
import { filesClaimsOnly, seesFinance } from "./policies";
import type { Actor } from "../context";

export function presentNotification(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    // Written only by the notifier with a NOTIFICATION_TYPES value (the column is text).
    type: row.type as NotificationType,
    message: row.message,
    isPriority: row.isPriority,
    transactionId: row.transactionId,
    humanReadableId: row.humanReadableId,
    category: row.category,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The notifications of the finance side: every one about a transaction (or about one since
 * deleted), and every type the finance side sends without one (a delegation's, an emergency PIN's).
 * A notification type of another side (HR's) is left off this list.
 */
const FINANCE_NOTIFICATION_TYPES: readonly NotificationType[] = ["transaction_pending", "user_notification"];

/**
 * The notifications the actor may see now (DECISIONS §6): their own, and of those about a
 * transaction only the ones whose transaction they can see now (visibleTo, the §4 window). One whose
 * transaction was deleted (its transactionId set null, its humanReadableId kept) is about nothing
 * anyone can see; one that was never about a transaction (no humanReadableId either) stays. A role
 * that sees no finance transaction (seesFinance) sees no finance notification at all, whatever
 * role it had when the notification came: the list, read-all and Clear All all go through here.
 */
function mine(actor: Pick<Actor, "id" | "role" | "visibilityWindowDays">, now: Date): SQL {
  const aboutNoTransaction = and(isNull(notifications.transactionId), isNull(notifications.humanReadableId));
  if (!seesFinance(actor)) {
    const nothingOfFinance = and(aboutNoTransaction, notInArray(notifications.type, [...FINANCE_NOTIFICATION_TYPES]))!;
    const ownClaims = financeNotificationsOfNonFinanceRole(actor, now);
    return and(eq(notifications.userId, actor.id), ownClaims ? or(nothingOfFinance, ownClaims) : nothingOfFinance)!;
  }
  const aboutVisibleTransaction = sql`exists (select 1 from ${transactions} where ${and(eq(transactions.id, notifications.transactionId), visibleTo(actor, now))})`;
  return and(eq(notifications.userId, actor.id), or(aboutNoTransaction, aboutVisibleTransaction))!;
}

/**
 * THE HOOK of DECISIONS §15 (§6): the finance notifications a role that sees no finance may still
 * see. An `Employee` is told of the decisions on their own expense claims, as any owner is, and of
 * nothing else in finance; HR Admin and HR Staff of none. Null: none. Expense claims (§15 part B)
 * answer here with a condition on `notifications` (e.g. about a transaction the actor created, of a
 * category open to claims, sent after the role became Employee); nothing else needs to change.
 */
function financeNotificationsOfNonFinanceRole(actor: Pick<Actor, "id" | "role">, now: Date): SQL | null {
  void now;
  if (!filesClaimsOnly(actor)) return null;
  // About one of their own expense claims: a transaction this login filed as an Employee (claimant kept at create).
  return sql`exists (select 1 from ${transactions} where ${and(eq(transactions.id, notifications.transactionId), eq(transactions.createdBy, actor.id), isNotNull(transactions.claimantEmployeeId))})`;
}

/** The user's latest notifications (LIMITS.notificationsKept) that they may see now, newest first. */
export async function myNotifications(ctx: ActingContext): Promise<NotificationItem[]> {
  const { db: q, actor } = ctx;
  const rows = await q
    .select()
    .from(notifications)
    .where(mine(actor, ctx.clock()))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIMITS.notificationsKept);
  return rows.map(presentNotification);
}

// Read-all and Clear All act on what the bell shows (mine): their counts say nothing of the
// notifications left out.

/** Marks all the user's notifications read; audited with how many. */
export async function markNotificationsRead(ctx: ActingContext): Promise<NotificationsChangedAnswer> {
  const { db, actor, ip: ipAddress } = ctx;
  const count = await db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(mine(actor, ctx.clock()), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    await writeAudit(tx, ctx, { action: "read_notifications", entityType: "user", entityId: actor.id, actor, after: { read: rows.length }, ipAddress });
    return rows.length;
  });
  return { message: "Notifications marked as read", count };
}

/** Deletes all the user's notifications; audited with how many. */
export async function clearNotifications(ctx: ActingContext): Promise<NotificationsChangedAnswer> {
  const { db, actor, ip: ipAddress } = ctx;
  const count = await db.transaction(async (tx) => {
    const rows = await tx.delete(notifications).where(mine(actor, ctx.clock())).returning({ id: notifications.id });
    await writeAudit(tx, ctx, { action: "clear_notifications", entityType: "user", entityId: actor.id, actor, after: { cleared: rows.length }, ipAddress });
    return rows.length;
  });
  return { message: "Notifications cleared", count };
}
