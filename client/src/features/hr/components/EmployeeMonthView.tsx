// One employee's month (spec 001 §2 monthly details; §3 employee details response): summary,
// salary deductions with their total in rupees, and the daily table.
import type { ComponentProps } from "react";
import { lazyDialog } from "@/lib/lazy-dialog";
import { useState, type ReactNode } from "react";
import { Pencil } from "lucide-react";
import { formatDate, formatRupees } from "@shared/format";
import { isStoredDay } from "@shared/attendance-days";
import type { AttendanceRecord, EmployeeDetailsResponse, StoredAttendanceRecord } from "@shared/schemas/hr";
import { Alert, Button, Spinner } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { useEmployeeDetails } from "../api";
import { formatClock, formatHours, monthLabel, weekdayShort } from "../lib/dates";
import type { AttendanceEditDialog as AttendanceEditDialogType } from "./AttendanceEditDialog";
import { DayStatusBadge } from "./DayStatusBadge";
import { RecordedThrough } from "./RecordedThrough";

const AttendanceEditDialog = lazyDialog<ComponentProps<typeof AttendanceEditDialogType>>(
  () => import("./AttendanceEditDialog").then((m) => m.AttendanceEditDialog),
  (p) => p.record !== null,
);

function SummaryTile({ label, value, tone }: { label: string; value: number | string; tone: string }) {
  return (
    <div className={`rounded-lg border p-3 ${tone}`}>
      <p className="text-xs font-medium">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
    </div>
  );
}

/** What the summary reads of a month: HR's employee details, or an employee's own month (DECISIONS §15). */
export type MonthSummaryData = Pick<EmployeeDetailsResponse, "month" | "monthlySummary" | "coveredThrough" | "leaveBalance"> & {
  employee: { monthlySalary?: string | null };
};

export function MonthSummary({ details }: { details: MonthSummaryData }) {
  const s = details.monthlySummary;
  const hasSalary = Boolean(details.employee.monthlySalary && Number(details.employee.monthlySalary) > 0);
  return (
    <div className="space-y-3">
      <RecordedThrough coveredThrough={details.coveredThrough} month={details.month} />
      {details.leaveBalance ? (
        <p className="text-sm text-slate-700" data-testid="leave-balance">
          Leave this month: <span className="font-semibold text-slate-900">{s.paidLeaveDays ?? 0}</span> paid,{" "}
          <span className="font-semibold text-slate-900">{s.unpaidLeaveDays ?? 0}</span> unpaid (days over so far). Paid leave {details.leaveBalance.year}:{" "}
          <span className="font-semibold text-slate-900">
            {details.leaveBalance.remaining} of {details.leaveBalance.entitlement} days left
          </span>{" "}
          ({details.leaveBalance.taken} taken or booked).
        </p>
      ) : null}
      <div className="grid items-start gap-4 lg:grid-cols-[1fr_320px]">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <SummaryTile label="Present Days" value={s.presentDays} tone="border-green-200 bg-green-50 text-green-800" />
          <SummaryTile label="Absent Days" value={s.absentDays} tone="border-red-200 bg-red-50 text-red-700" />
          <SummaryTile label="Late Days" value={s.lateDays} tone="border-amber-200 bg-amber-50 text-amber-800" />
          <SummaryTile label="Violation Points" value={s.violationPoints} tone="border-purple-200 bg-purple-50 text-purple-800" />
        </div>
        <section aria-labelledby="deductions-heading" className="rounded-lg border border-slate-200 p-3">
          <h3 id="deductions-heading" className="text-sm font-semibold text-slate-900">
            Salary Deductions
          </h3>
          {!hasSalary ? (
            <p className="mt-2 text-sm text-slate-600">No monthly salary on record, so no deductions are calculated.</p>
          ) : s.salaryDeductions.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No deductions this month.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {s.salaryDeductions.map((d, i) => (
                <li key={i} className="flex justify-between gap-3 py-1.5">
                  <span className="text-slate-700">{d.reason}</span>
                  <span className="shrink-0 tabular-nums text-red-700">−{formatRupees(d.amount)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900">
            <span>Total Deductions</span>
            <span className="tabular-nums">{formatRupees(s.totalDeductions)}</span>
          </p>
          {hasSalary ? (
            <p className="mt-1 flex justify-between text-xs text-slate-600">
              <span>Monthly salary</span>
              <span className="tabular-nums">{formatRupees(details.employee.monthlySalary)}</span>
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/**
 * The days of a month, a table on a desktop and cards on a phone. `onEdit`: HR's hand edit of a
 * stored day; `action`: anything else a day offers (the employee's "Fix this day", DECISIONS §15).
 */
export function DailyTable({
  days,
  onEdit,
  action,
}: {
  days: AttendanceRecord[];
  onEdit?: (r: StoredAttendanceRecord) => void;
  action?: (d: AttendanceRecord) => ReactNode;
}) {
  if (days.length === 0) return <p className="py-6 text-center text-sm text-slate-600">No attendance records for this month yet.</p>;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block" tabIndex={0} role="region" aria-label="Daily attendance">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Date
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                First In
              </th>
              <th scope="col" className="px-3 py-2">
                Last Out
              </th>
              <th scope="col" className="px-3 py-2">
                Hours
              </th>
              <th scope="col" className="px-3 py-2">
                Violations
              </th>
              {onEdit || action ? (
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {days.map((d) => (
              <tr key={d.date} className="hover:bg-slate-50/60">
                <td className="whitespace-nowrap px-3 py-2 tabular-nums text-slate-900">
                  {formatDate(d.date)} <span className="text-slate-500">{weekdayShort(d.date)}</span>
                </td>
                <td className="px-3 py-2">
                  <DayStatusBadge status={d.dayStatus} />
                  {d.isManual && d.editReason ? <span className="mt-1 block max-w-xs text-xs text-slate-600 wrap-anywhere">Edited: {d.editReason}</span> : null}
                </td>
                <td className="px-3 py-2 tabular-nums">{formatClock(d.firstInTime)}</td>
                <td className="px-3 py-2 tabular-nums">{formatClock(d.lastOutTime)}</td>
                <td className="px-3 py-2 tabular-nums">{formatHours(d.totalHours)}</td>
                <td className="px-3 py-2">
                  {d.violationPoints > 0 ? (
                    <span className="text-amber-800">
                      {d.violationPoints} pt{d.violationPoints === 1 ? "" : "s"}
                      {d.violationReason ? <span className="block text-xs text-slate-600">{d.violationReason}</span> : null}
                    </span>
                  ) : (
                    <span className="text-slate-500">—</span>
                  )}
                </td>
                {action && !onEdit ? <td className="px-3 py-2 text-right">{action(d)}</td> : null}
                {onEdit ? (
                  <td className="px-3 py-2 text-right">
                    {isStoredDay(d) ? (
                      <Button variant="ghost" size="sm" onClick={() => onEdit(d)} aria-label={`Edit ${formatDate(d.date)}`}>
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </Button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 md:hidden">
        {days.map((d) => (
          <li key={d.date} className="rounded-lg border border-slate-200 p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium tabular-nums text-slate-900">
                {formatDate(d.date)} <span className="text-slate-500">{weekdayShort(d.date)}</span>
              </span>
              <DayStatusBadge status={d.dayStatus} />
            </div>
            <p className="mt-1.5 tabular-nums text-slate-700">
              {formatClock(d.firstInTime)} → {formatClock(d.lastOutTime)} · {formatHours(d.totalHours)}
            </p>
            {d.isManual && d.editReason ? <p className="mt-1 text-xs text-slate-600 wrap-anywhere">Edited: {d.editReason}</p> : null}
            {d.violationPoints > 0 ? (
              <p className="mt-1 text-xs text-amber-800">
                {d.violationPoints} violation pt{d.violationPoints === 1 ? "" : "s"}
                {d.violationReason ? ` · ${d.violationReason}` : ""}
              </p>
            ) : null}
            {action && !onEdit ? <div className="mt-2">{action(d)}</div> : null}
            {onEdit && isStoredDay(d) ? (
              <Button variant="outline" size="sm" className="mt-2" onClick={() => onEdit(d)}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Edit
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Loads and shows one employee's month; days can be edited when `editable`. */
export function EmployeeMonthView({ employeeId, month, editable = false }: { employeeId: string; month: string; editable?: boolean }) {
  const details = useEmployeeDetails(employeeId, month);
  const [editing, setEditing] = useState<StoredAttendanceRecord | null>(null);
  if (details.isLoading) {
    return (
      <div className="flex justify-center py-12">
        <Spinner size="lg" label={`Loading ${monthLabel(month)}`} />
      </div>
    );
  }
  if (details.isError || !details.data) return <Alert variant="destructive">{errorMessage(details.error, "Failed to fetch employee details")}</Alert>;
  const days = [...details.data.monthlyAttendance]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((d) => ({
      ...d,
      employee: d.employee ?? {
        employeeName: details.data.employee.employeeName,
        employeeCode: details.data.employee.employeeCode,
        departmentId: details.data.employee.departmentId,
        department: details.data.employee.department,
      },
    }));
  return (
    <div className="space-y-4" aria-busy={details.isFetching}>
      <MonthSummary details={details.data} />
      {details.data.monthlySummary.pendingReviewDays > 0 ? (
        <Alert variant="warning">
          {details.data.monthlySummary.pendingReviewDays} day{details.data.monthlySummary.pendingReviewDays === 1 ? "" : "s"} pending review
        </Alert>
      ) : null}
      <DailyTable days={days} onEdit={editable ? setEditing : undefined} />
      {editable ? <AttendanceEditDialog record={editing} onOpenChange={(open) => !open && setEditing(null)} /> : null}
    </div>
  );
}
