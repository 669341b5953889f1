// What an employee is told about their own leave and requests (DECISIONS §15): to their own login,
// by the bell, push and email. Kept apart so the leave register (leaves.ts) and the requests
// (requests.ts) both tell the same way without importing each other.
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users, type NotificationRow } from "../../db/schema";
import { formatDate } from "../../../shared/format";
import type { ActingContext } from "../context";
import { notifyUsers } from "../notifications";

export const MY_LEAVE_PAGE = "/me/leave";

/** The employee's own active logins (one at most: users_employee_id_key). */
export async function loginsOf(q: Queryable, employeeId: string): Promise<string[]> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.employeeId, employeeId), eq(users.isActive, true), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

export const bell = (type: "employee_request" | "request_decision", message: string) => ({
  type,
  message,
  isPriority: false,
  transactionId: null,
  humanReadableId: null,
  category: null,
});

export const span = (from: string, to: string, halfDay: boolean) =>
  halfDay ? `${formatDate(from)} (half day)` : from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;

/**
 * DECISIONS §15: HR cancelled a leave (§8, leaves.ts cancelLeave): the employee is told, in the
 * cancelling transaction. Answers the rows to publish after commit.
 */
export async function tellLeaveCancelled(
  tx: Queryable,
  ctx: ActingContext,
  leave: { id: string; employeeId: string; type: string; from: string; to: string; halfDay: boolean },
  reason: string,
): Promise<NotificationRow[]> {
  const what = `${leave.type} ${span(leave.from, leave.to, leave.halfDay)}`;
  const message = `Your leave ${what} was cancelled by ${ctx.actor.name}: ${reason}`;
  return notifyUsers(tx, await loginsOf(tx, leave.employeeId), bell("request_decision", message), {
    kind: "leave_cancelled",
    subject: null,
    message: {
      title: "Leave cancelled",
      body: message,
      url: MY_LEAVE_PAGE,
      tag: leave.id,
      priority: false,
      urgent: false,
      headline: `Leave ${what} cancelled`,
    },
    email: ctx.config.mail !== null,
    queuedAt: ctx.clock(),
  });
}
