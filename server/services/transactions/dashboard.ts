// GET /api/dashboard/stats (spec 000 §3): one set-based query over the transactions the viewer may
// see. "Today" and "this month" are calendar days in APP_TIMEZONE, computed by the database from
// the app clock:
//   pendingTransactions   status Pending;
//   urgentTransactions    status Pending and isPriority (shown as Emergency);
//   todayApproved…        approvedAt's date in the zone is today, and the transaction is still in
//                         Approved, PaymentDue, Paid or Completed (a later rejection or reset does not count);
//   thisMonth…            transactionDate in the current month in the zone, statuses Approved..Completed;
//   unpaidApproved…       status Approved or PaymentDue and not paid.
import { and, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { transactions } from "../../db/schema";
import type { Actor } from "../../context";
import type { DashboardStats } from "../../../shared/schemas/transactions";
import { paiseToString, toPaise } from "../../../shared/money";
import { rowsOf, zonedDateSql } from "./common";
import { visibleTo } from "./visibility";

export async function dashboardStats(
  q: Queryable,
  viewer: Pick<Actor, "id" | "role" | "visibilityWindowDays">,
  now: Date,
  timeZone: string,
): Promise<DashboardStats> {
  // The zone's calendar bounds, computed once by the database, then used as plain constants so the
  // indexes on approvedAt and transactionDate apply and nothing is converted row by row.
  const [bounds] = rowsOf<{ day_start: string; day_end: string; month_start: string; next_month: string }>(
    await q.execute(sql`select (d::timestamp at time zone ${timeZone})::text as day_start,
        ((d + 1)::timestamp at time zone ${timeZone})::text as day_end,
        date_trunc('month', d)::date::text as month_start,
        (date_trunc('month', d) + interval '1 month')::date::text as next_month
      from (select ${zonedDateSql(now, timeZone)} as d) as today`),
  );
  const { day_start: dayStart, day_end: dayEnd, month_start: monthStart, next_month: nextMonth } = bounds!;
  const approvedFamily = sql`${transactions.status} in ('Approved', 'PaymentDue', 'Paid', 'Completed')`;
  const approvedToday = sql`${approvedFamily} and ${transactions.approvedAt} >= ${dayStart}::timestamptz and ${transactions.approvedAt} < ${dayEnd}::timestamptz`;
  const thisMonth = sql`${approvedFamily} and ${transactions.transactionDate} >= ${monthStart}::date and ${transactions.transactionDate} < ${nextMonth}::date`;
  const unpaid = sql`${transactions.status} in ('Approved', 'PaymentDue') and not ${transactions.isPaid}`;
  const [row] = await q
    .select({
      pendingTransactions: sql<number>`(count(*) filter (where ${transactions.status} = 'Pending'))::int`.mapWith(Number),
      urgentTransactions: sql<number>`(count(*) filter (where ${transactions.status} = 'Pending' and ${transactions.isPriority}))::int`.mapWith(Number),
      todayApprovedCount: sql<number>`(count(*) filter (where ${approvedToday}))::int`.mapWith(Number),
      todayApprovedAmount: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${approvedToday}), 0)::text`,
      thisMonthCount: sql<number>`(count(*) filter (where ${thisMonth}))::int`.mapWith(Number),
      thisMonthAmount: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${thisMonth}), 0)::text`,
      unpaidApprovedCount: sql<number>`(count(*) filter (where ${unpaid}))::int`.mapWith(Number),
      unpaidApprovedAmount: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${unpaid}), 0)::text`,
    })
    .from(transactions)
    // Only rows that can count anywhere, so the indexes on status, approvedAt and transactionDate do the work.
    .where(
      and(
        visibleTo(viewer, now),
        or(
          inArray(transactions.status, ["Pending", "Approved", "PaymentDue"]),
          sql`${transactions.approvedAt} >= ${dayStart}::timestamptz`,
          sql`${transactions.transactionDate} >= ${monthStart}::date`,
        ),
      ),
    );
  const money = (v: string | undefined) => paiseToString(toPaise(v ?? "0"));
  return {
    pendingTransactions: row?.pendingTransactions ?? 0,
    urgentTransactions: row?.urgentTransactions ?? 0,
    todayApprovedCount: row?.todayApprovedCount ?? 0,
    todayApprovedAmount: money(row?.todayApprovedAmount),
    thisMonthAmount: money(row?.thisMonthAmount),
    thisMonthCount: row?.thisMonthCount ?? 0,
    unpaidApprovedAmount: money(row?.unpaidApprovedAmount),
    unpaidApprovedCount: row?.unpaidApprovedCount ?? 0,
  };
}
