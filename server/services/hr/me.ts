// The employee's own pages (DECISIONS §15): the month as HR's month view computes it (the same
// service function, employeeDetails) and the year's leave with the balance less what pending
// requests ask. Every call acts on the employee linked to the caller's login (`actor.employeeId`,
// read with the session), never on an id the caller sends: another employee is not reachable.
import { and, asc, desc, eq, gte, lte } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { leaveRequests, regularisations } from "../../db/schema";
import type { MyLeave, MyMonth } from "../../../shared/schemas/me";
import type { Actor } from "../../context";
import type { Weekday } from "../../../shared/constants";
import { type ServiceContext, todayOf } from "../context";
import { employeeDetails } from "./attendance-service";
import { activeLeavesOf, daysInYear, employeeFacts, holidaySet, leaveBalance, presentLeave } from "./leaves";
import { loadPolicy } from "./policy";
import { monthBounds } from "../../../shared/calendar";
import { leaveRequestRows, presentLeaveRequest, presentRegularisation, regularisationRows } from "./requests";
import { meOf } from "./me-of";

const myEmployee = (me: Awaited<ReturnType<typeof meOf>>) => ({
  id: me.id,
  employeeName: me.employeeName,
  employeeCode: me.employeeCode,
  department: me.department,
  weeklyOff: me.weeklyOff,
  joiningDate: me.joiningDate,
  monthlySalary: me.monthlySalary,
});

/** GET /api/me/attendance?month: HR's month view of the caller (employeeDetails), their own record trimmed to what is theirs to see. */
export async function myMonth(ctx: ServiceContext & { actor: Actor }, month: string): Promise<MyMonth> {
  const me = await meOf(ctx.db, ctx.actor);
  const details = await employeeDetails(ctx, me.id, month);
  const { from, to } = monthBounds(month);
  const regs = await regularisationRows(ctx.db, and(eq(regularisations.employeeId, me.id), gte(regularisations.date, from), lte(regularisations.date, to)));
  // DECISIONS §15: what is left is the balance less what pending requests ask.
  const pending = await pendingPaidDays(ctx.db, me, details.leaveBalance.year);
  return {
    ...details,
    leaveBalance: { ...details.leaveBalance, remaining: details.leaveBalance.remaining - pending },
    employee: myEmployee(me),
    regularisations: regs.map(presentRegularisation),
  };
}

/** The paid-leave days the employee's pending requests ask in a year. */
async function pendingPaidDays(q: Queryable, me: { id: string; weeklyOff: Weekday }, year: number): Promise<number> {
  const policy = await loadPolicy(q);
  const rows = await q
    .select()
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.employeeId, me.id),
        eq(leaveRequests.status, "Pending"),
        eq(leaveRequests.type, "PL"),
        lte(leaveRequests.fromDate, `${year}-12-31`),
        gte(leaveRequests.toDate, `${year}-01-01`),
      ),
    );
  return rows.reduce((sum, r) => sum + daysInYear({ from: r.fromDate, to: r.toDate, halfDay: r.halfDay }, year, me.weeklyOff, holidaySet(policy)), 0);
}

/** GET /api/me/leave?year: the year's leave, the balance with pending requests set apart, and the requests touching the year. */
export async function myLeave(ctx: ServiceContext & { actor: Actor }, year: number | undefined): Promise<MyLeave> {
  const me = await meOf(ctx.db, ctx.actor);
  const policy = await loadPolicy(ctx.db);
  const y = year ?? Number(todayOf(ctx).slice(0, 4));
  const facts = (await employeeFacts(ctx.db, me.id, false))!;
  const holidays = holidaySet(policy);
  const leaves = await activeLeavesOf(ctx.db, me.id, `${y}-01-01`, `${y}-12-31`);
  const balance = await leaveBalance(ctx.db, facts, y, policy);
  const requests = await leaveRequestRows(
    ctx.db,
    and(eq(leaveRequests.employeeId, me.id), lte(leaveRequests.fromDate, `${y}-12-31`), gte(leaveRequests.toDate, `${y}-01-01`)),
    [desc(leaveRequests.createdAt), asc(leaveRequests.id)],
  );
  const presented = requests.map((r) => presentLeaveRequest(r, facts.weeklyOff, holidays));
  const pending = requests
    .filter((r) => r.row.status === "Pending" && r.row.type === "PL")
    .reduce((sum, r) => sum + daysInYear({ from: r.row.fromDate, to: r.row.toDate, halfDay: r.row.halfDay }, y, facts.weeklyOff, holidays), 0);
  return {
    employee: myEmployee(me),
    leaves: leaves.map((l) => presentLeave(l, facts, holidays)),
    balance: { ...balance, remaining: balance.remaining - pending, pending },
    requests: presented,
  };
}
