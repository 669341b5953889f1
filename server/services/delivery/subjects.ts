// What a push or an email is about, and whether its person may still be told of it when it is sent
// (DECISIONS §14: only about what they may see then, §4 and §6: their role and window). A new kind
// of thing told about (a leave request) is one more entry of SUBJECTS.
import { and, eq, isNotNull } from "drizzle-orm";
import { filesClaimsOnly } from "../policies";
import type { Queryable } from "../../db/client";
import { leaveRequests, regularisations, transactions, users } from "../../db/schema";
import { FINANCE_ROLES, HR_ROLES, type Role } from "../../../shared/constants";
import { visibleTo } from "../transactions/visibility";
import type { Actor } from "../../context";
import type { SubjectType } from "../reach/kinds";

export type Recipient = Pick<Actor, "id" | "role" | "visibilityWindowDays">;

type Subject = {
  /** Null when the person may be told of it now; else why not, in words for the outbox page. */
  whyNot(q: Queryable, recipient: Recipient, id: string, now: Date, options: { onlyWhilePending: boolean }): Promise<string | null>;
};

const financeRoles: readonly Role[] = FINANCE_ROLES;

const hrRoles: readonly Role[] = HR_ROLES;

/**
 * DECISIONS §15: an employee's request is HR's to see (while it waits, when the kind says so) and
 * its employee's (a user linked to that employee now).
 */
function employeeRequest(table: typeof leaveRequests | typeof regularisations): Subject {
  return {
    async whyNot(q, recipient, id, _now, { onlyWhilePending }) {
      const [row] = await q.select({ status: table.status, employeeId: table.employeeId }).from(table).where(eq(table.id, id)).limit(1);
      if (!row) return "The request no longer exists";
      if (hrRoles.includes(recipient.role)) {
        if (onlyWhilePending && row.status !== "Pending") return `Already ${row.status.toLowerCase()} before it was sent`;
        return null;
      }
      const [linked] = await q
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, recipient.id), eq(users.employeeId, row.employeeId)))
        .limit(1);
      return linked ? null : "They are no longer this employee's login";
    },
  };
}

export const SUBJECTS = {
  leave_request: employeeRequest(leaveRequests),
  regularisation: employeeRequest(regularisations),
  transaction: {
    async whyNot(q, recipient, id, now, { onlyWhilePending }) {
      // An Employee login is told of its own expense claims only (DECISIONS §15); visibleTo keeps it to its own.
      const claimant = filesClaimsOnly(recipient);
      if (!financeRoles.includes(recipient.role) && !claimant) return "Their role no longer sees transactions";
      const [row] = await q
        .select({ status: transactions.status })
        .from(transactions)
        .where(and(eq(transactions.id, id), visibleTo(recipient, now), claimant ? isNotNull(transactions.claimantEmployeeId) : undefined))
        .limit(1);
      if (!row) return "The transaction is no longer visible to them";
      if (onlyWhilePending && row.status !== "Pending")
        return `Already ${row.status === "PaymentDue" ? "payment due" : row.status.toLowerCase()} before it was sent`;
      return null;
    },
  },
} satisfies Record<SubjectType, Subject>;
