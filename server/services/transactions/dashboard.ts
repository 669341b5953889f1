// GET /api/dashboard/stats (spec 000 §3): one set-based query over the transactions the viewer may
// see. "Today" and "this month" are calendar days in APP_TIMEZONE, computed by the database from
// the app clock:
//   pendingTransactions   status Pending;
//   urgentTransactions    status Pending and isPriority (shown as Emergency);
//   todayApproved…        approvedAt's date in the zone is today, and the transaction is still in
//                         Approved, PaymentDue, Paid or Completed (a later rejection or reset does not count);
//   thisMonth…            transactionDate in the current month in the zone, statuses Approved..Completed;
//   unpaidApproved…       status Approved or PaymentDue and not paid.
// Amounts, the month and the unpaid figures are for SuperAdmin only (DECISIONS §4): others get null
// there, and the database is not asked for them.
import { and, sql, type SQL } from "drizzle-orm";
import { transactions } from "../../db/schema";
import type { DashboardStats } from "../../../shared/schemas/transactions";
import { paiseToString, toPaise } from "../../../shared/money";
import { APPROVED_FAMILY, statusIn } from "./common";
import { rows, zonedDateSql } from "../../db/sql";
import { visibleTo } from "./visibility";
import { type ActingContext } from "../context";
import { seesDashboardAmounts } from "../policies";

export async function dashboardStats(ctx: ActingContext): Promise<DashboardStats> {
  const { db: q, actor: viewer } = ctx;
  const now = ctx.clock();
  const timeZone = ctx.config.appTimezone;
  // The zone's calendar bounds, computed once by the database, then used as plain constants so the
  // indexes on approvedAt and transactionDate apply and nothing is converted row by row.
  const [bounds] = await rows<{ day_start: string; day_end: string; month_start: string; next_month: string }>(
    q,
    sql`select (d::timestamp at time zone ${timeZone})::text as day_start,
        ((d + 1)::timestamp at time zone ${timeZone})::text as day_end,
        date_trunc('month', d)::date::text as month_start,
        (date_trunc('month', d) + interval '1 month')::date::text as next_month
      from (select ${zonedDateSql(now, timeZone)} as d) as today`,
  );
  const { day_start: dayStart, day_end: dayEnd, month_start: monthStart, next_month: nextMonth } = bounds!;
  const visible = visibleTo(viewer, now);
  const approvedFamily = statusIn(transactions.status, APPROVED_FAMILY);
  // One aggregate per card over exactly its rows, each answered from its own index (db/schema/finance.ts):
  // the pending partial index, approved_at, the approved family by transaction date, the unpaid.
  const countAndSum = (where: SQL) =>
    sql`(select count(*)::int as count, coalesce(sum(${transactions.amount}), 0)::text as amount from ${transactions} where ${and(where, visible)})`;
  const amounts = seesDashboardAmounts(viewer);
  const pendingAndToday = sql`from (select count(*)::int as count, (count(*) filter (where ${transactions.isPriority}))::int as urgent
              from ${transactions} where ${and(sql`${transactions.status} = 'Pending'`, visible)}) as pending,
        ${countAndSum(sql`${approvedFamily} and ${transactions.approvedAt} >= ${dayStart}::timestamptz and ${transactions.approvedAt} < ${dayEnd}::timestamptz`)} as today`;
  const [row] = await rows<{
    pending: number;
    urgent: number;
    today_count: number;
    today_amount: string;
    month_count?: number;
    month_amount?: string;
    unpaid_count?: number;
    unpaid_amount?: string;
  }>(
    q,
    amounts
      ? sql`select pending.count as pending, pending.urgent, today.count as today_count, today.amount as today_amount,
        month.count as month_count, month.amount as month_amount, unpaid.count as unpaid_count, unpaid.amount as unpaid_amount
      ${pendingAndToday},
        ${countAndSum(sql`${approvedFamily} and ${transactions.transactionDate} >= ${monthStart}::date and ${transactions.transactionDate} < ${nextMonth}::date`)} as month,
        ${countAndSum(sql`${transactions.status} in ('Approved', 'PaymentDue') and not ${transactions.isPaid}`)} as unpaid`
      : sql`select pending.count as pending, pending.urgent, today.count as today_count, today.amount as today_amount ${pendingAndToday}`,
  );
  const money = (v: string | undefined) => paiseToString(toPaise(v ?? "0"));
  return {
    pendingTransactions: Number(row?.pending ?? 0),
    urgentTransactions: Number(row?.urgent ?? 0),
    todayApprovedCount: Number(row?.today_count ?? 0),
    todayApprovedAmount: amounts ? money(row?.today_amount) : null,
    thisMonthAmount: amounts ? money(row?.month_amount) : null,
    thisMonthCount: amounts ? Number(row?.month_count ?? 0) : null,
    unpaidApprovedAmount: amounts ? money(row?.unpaid_amount) : null,
    unpaidApprovedCount: amounts ? Number(row?.unpaid_count ?? 0) : null,
  };
}
