// A dry run's preview (DECISIONS §8): the days the import would store, as they would be stored,
// read back inside the transaction that is then rolled back.
import { sql } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import type { ImportPreview } from "../../../../shared/schemas/hr";
import { rows, textArray } from "../../../db/sql";

/** Days shown by a dry run's preview. */
export const PREVIEW_DAYS = 200;

/** A day the import would compute, as it would be stored. */
export type PreviewDay = ImportPreview["days"][number];

/** The preview of a dry run: the first PREVIEW_DAYS days of the recalculated employees, and how many days the import affects. */
export async function previewImport(
  tx: Tx,
  scope: {
    month: string;
    employeeIds: readonly string[];
    from: string;
    to: string;
    matchedEmployees: number;
    firstDate: string | null;
    lastDate: string | null;
    newestPunch: string | null;
  },
): Promise<ImportPreview> {
  const { employeeIds, from, to } = scope;
  const days = employeeIds.length === 0 ? [] : await previewDays(tx, employeeIds, from, to);
  const [count] =
    employeeIds.length === 0
      ? [{ n: 0 }]
      : await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from attendance_days where employee_id = any((${textArray(employeeIds)})::uuid[]) and date between ${from}::date and ${to}::date`,
        );
  return {
    month: scope.month,
    matchedEmployees: scope.matchedEmployees,
    affectedDays: Number(count.n),
    firstDate: scope.firstDate,
    lastDate: scope.lastDate,
    newestPunch: scope.newestPunch,
    days,
  };
}

async function previewDays(tx: Tx, employeeIds: readonly string[], from: string, to: string): Promise<PreviewDay[]> {
  const found = await rows<{
    employee_id: string;
    employee_name: string;
    date: string;
    day_status: PreviewDay["dayStatus"];
    first_in_time: string | null;
    last_out_time: string | null;
    total_hours: string | null;
    violation_points: number;
    violation_reason: string | null;
  }>(
    tx,
    sql`select d.employee_id, e.employee_name, d.date::text as date, d.day_status::text as day_status, d.first_in_time::text as first_in_time,
          d.last_out_time::text as last_out_time, d.total_hours::text as total_hours, d.violation_points, d.violation_reason
        from attendance_days d join employees e on e.id = d.employee_id
        where d.employee_id = any((${textArray(employeeIds)})::uuid[]) and d.date between ${from}::date and ${to}::date
        order by lower(e.employee_name), e.id, d.date limit ${PREVIEW_DAYS}`,
  );
  return found.map((d) => ({
    employeeId: d.employee_id,
    employeeName: d.employee_name,
    date: d.date,
    dayStatus: d.day_status,
    firstInTime: d.first_in_time,
    lastOutTime: d.last_out_time,
    totalHours: d.total_hours === null ? 0 : Number(d.total_hours),
    violationPoints: Number(d.violation_points),
    violationReason: d.violation_reason,
  }));
}
