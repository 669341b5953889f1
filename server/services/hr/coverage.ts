// Which days imports have recorded (DECISIONS §8 "Only recorded days are judged"). Every import
// stores the last day of its month it covers (attendance_imports.covered_through, from the
// month's first day); a month's covered range is the union of its imports' ranges, which all
// start on the 1st: the 1st through the newest covered_through. Dry runs roll back and cover
// nothing. The day rule (day-rule.ts computeDay) and every screen read it from here.
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { rows } from "../../db/sql";
import { monthOfDate } from "../../../shared/calendar";

/** The covered range's last day of each month from `fromMonth` to `toMonth` ('YYYY-MM'); a month no import covers is absent from the map. */
export async function coverageOfMonths(q: Queryable, fromMonth: string, toMonth: string): Promise<Map<string, string>> {
  const found = await rows<{ month: string; covered_through: string }>(
    q,
    sql`select month, max(covered_through)::text as covered_through from attendance_imports
        where month between ${fromMonth} and ${toMonth} and covered_through is not null group by month`,
  );
  return new Map(found.map((r) => [r.month, r.covered_through]));
}

/** What the imports cover of the months from the day `from` to the day `to`: what a recalculation's scope carries (recalculate.ts). */
export function coverageOfDays(q: Queryable, from: string, to: string): Promise<Map<string, string>> {
  return coverageOfMonths(q, monthOfDate(from), monthOfDate(to));
}

/** The last day of `month` an import covers, or null when none covers any of it. */
export async function coveredThroughOf(q: Queryable, month: string): Promise<string | null> {
  return (await coverageOfMonths(q, month, month)).get(month) ?? null;
}

/** The last day covered by any import of any month (the dashboard's "recorded through"), or null. */
export async function latestCoveredDay(q: Queryable): Promise<string | null> {
  const [found] = await rows<{ d: string | null }>(q, sql`select max(covered_through)::text as d from attendance_imports`);
  return found?.d ?? null;
}

/** Employees with stored days between two dates (everyone an import of that month has judged or shown). */
export async function employeesWithDays(q: Queryable, from: string, to: string): Promise<string[]> {
  const found = await rows<{ id: string }>(q, sql`select distinct employee_id as id from attendance_days where date between ${from}::date and ${to}::date`);
  return found.map((r) => r.id);
}
