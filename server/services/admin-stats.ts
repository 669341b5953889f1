// The admin dashboard's numbers (spec 001 §2, §3; DECISIONS §7). "This month" is the calendar
// month in APP_TIMEZONE; money is summed by the database and answered as decimal strings.
import { and, between, count, inArray, isNull, sql } from "drizzle-orm";
import { transactions, users } from "../db/schema";
import { getLockdown } from "../auth/lockdown-state";
import { activeBudgetTotals, SPENT_STATUSES } from "./budgets";
import { moneyPercent, sumMoney } from "../../shared/money";
import { toIsoDate } from "../../shared/format";
import { monthBounds, monthOfDate } from "../../shared/calendar";
import type { AdminStats } from "../../shared/schemas/audit";
import { type ServiceContext } from "./context";

export const HEALTH_TIMEOUT_MS = 1000;

/** 'good' when a real round-trip to the database answers within a second. */
export async function databaseHealth(ctx: Pick<ServiceContext, "db">, timeoutMs = HEALTH_TIMEOUT_MS): Promise<"good" | "degraded"> {
  const { db } = ctx;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"degraded">((resolve) => {
    timer = setTimeout(() => resolve("degraded"), timeoutMs);
  });
  const probe = db
    .execute(sql`select 1 as ok`)
    .then(() => "good" as const)
    .catch(() => "degraded" as const);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** First and last day ('YYYY-MM-DD') of the month containing `now` in `timezone`. */
export function monthRange(now: Date, timezone: string): { from: string; to: string } {
  return monthBounds(monthOfDate(toIsoDate(now, timezone)));
}

export async function adminStats(ctx: ServiceContext): Promise<AdminStats> {
  const { db } = ctx;
  const month = monthRange(ctx.clock(), ctx.config.appTimezone);
  const spent = inArray(transactions.status, [...SPENT_STATUSES]);
  const [userCounts, txCounts, monthly, budgetTotals, lockdown, systemHealth] = await Promise.all([
    db
      .select({ total: count(), active: sql<number>`count(*) filter (where ${users.isActive})` })
      .from(users)
      .where(isNull(users.deletedAt)),
    db
      .select({
        total: count(),
        pending: sql<number>`count(*) filter (where ${transactions.status} = 'Pending')`,
        spentAmount: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${spent}), 0)::text`,
      })
      .from(transactions),
    db
      .select({ amount: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
      .from(transactions)
      .where(and(spent, between(transactions.transactionDate, month.from, month.to))),
    activeBudgetTotals(db),
    getLockdown(db),
    databaseHealth(ctx),
  ]);
  const allocated = sumMoney(budgetTotals.allocated);
  const used = sumMoney(budgetTotals.spent);
  return {
    totalUsers: Number(userCounts[0].total),
    activeUsers: Number(userCounts[0].active),
    totalTransactions: Number(txCounts[0].total),
    pendingTransactions: Number(txCounts[0].pending),
    totalAmount: sumMoney([txCounts[0].spentAmount]),
    monthlySpent: sumMoney([monthly[0].amount]),
    budgetUtilization: Math.round(moneyPercent(used, allocated) * 100) / 100,
    systemHealth,
    lockdown: { enabled: lockdown.enabled, activatedAt: lockdown.activatedAt },
  };
}
