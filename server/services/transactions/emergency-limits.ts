// DECISIONS §5: a category's emergency limits, for the day and the month of a submission.
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { transactions, type CategoryRow, type TransactionRow } from "../../db/schema";
import { rows } from "../../db/sql";
import { unprocessable } from "../errors";
import { formatRupees, toIsoDate } from "../../../shared/format";
import { paiseToString, readMoney, toPaise } from "../../../shared/money";
import { addDays, monthBounds, monthOfDate } from "../../../shared/calendar";
import { statusIn } from "./common";

/** Statuses in which a submitted emergency transaction counts towards its category's emergency limits. */
const EMERGENCY_COUNTED = ["Pending", "Approved", "PaymentDue", "Paid", "Completed"] as const;

/** The day and month of a submission at `now`: its calendar day in the app's time zone, and the instants that bound them. */
function submissionDay(now: Date, timeZone: string) {
  const day = toIsoDate(now, timeZone);
  const month = monthOfDate(day);
  const startOf = (date: string) => sql`${date}::timestamp at time zone ${timeZone}`;
  return {
    day,
    month,
    dayStart: startOf(day),
    dayEnd: startOf(addDays(day, 1)),
    monthStart: startOf(monthBounds(month).from),
    monthEnd: startOf(addDays(monthBounds(month).to, 1)),
  };
}

/**
 * An emergency transaction that would take its category's emergency total for the day or month of
 * its submission (in APP_TIMEZONE; never the transaction date the submitter typed, so back- or
 * future-dating resets nothing) over a limit is refused with 422 naming the limit. Counted: the
 * category's emergency transactions submitted that day or month and still Pending, Approved,
 * PaymentDue, Paid or Completed. The caller holds the category's row lock, so two submissions at
 * once cannot both slip under a limit.
 */
export async function checkEmergencyLimits(
  tx: Tx,
  row: TransactionRow,
  category: Pick<CategoryRow, "name" | "emergencyLimitPolicy">,
  now: Date,
  timeZone: string,
): Promise<void> {
  const policy = category.emergencyLimitPolicy;
  if (!row.isEmergency || !policy) return;
  const daily = readMoney(policy.dailyLimit ?? null);
  const monthly = readMoney(policy.monthlyLimit ?? null);
  if (!daily.ok && !monthly.ok) return;
  const { day, month, dayStart, dayEnd, monthStart, monthEnd } = submissionDay(now, timeZone);
  const [totals] = await rows<{ day_total: string; month_total: string }>(
    tx,
    sql`
    select coalesce(sum(${transactions.amount}) filter (where ${transactions.submittedAt} >= ${dayStart} and ${transactions.submittedAt} < ${dayEnd}), 0)::text as day_total,
           coalesce(sum(${transactions.amount}), 0)::text as month_total
    from ${transactions}
    where ${transactions.categoryId} = ${row.categoryId} and ${transactions.isEmergency}
      and ${statusIn(transactions.status, EMERGENCY_COUNTED)} and ${transactions.id} <> ${row.id}
      and ${transactions.submittedAt} >= ${monthStart} and ${transactions.submittedAt} < ${monthEnd}`,
  );
  const amount = toPaise(row.amount);
  const dayTotal = toPaise(totals?.day_total ?? "0") + amount;
  const monthTotal = toPaise(totals?.month_total ?? "0") + amount;
  if (daily.ok && dayTotal > daily.paise) {
    throw unprocessable(
      `This emergency transaction would take ${category.name}'s emergency total for ${day} to ${formatRupees(paiseToString(dayTotal))}, over its daily limit of ${formatRupees(daily.value)}`,
      "emergency_daily_limit",
    );
  }
  if (monthly.ok && monthTotal > monthly.paise) {
    throw unprocessable(
      `This emergency transaction would take ${category.name}'s emergency total for ${month} to ${formatRupees(paiseToString(monthTotal))}, over its monthly limit of ${formatRupees(monthly.value)}`,
      "emergency_monthly_limit",
    );
  }
}
