// The Attendance page's records (spec 001 §2): a table on wide screens, cards on phones, each day
// with its punches, hours and violations; Edit for a stored day, Details for the employee's month.
import { CalendarDays, Eye, Pencil } from "lucide-react";
import { isStoredDay } from "@shared/attendance-days";
import { formatDate } from "@shared/format";
import type { AttendanceRecord, StoredAttendanceRecord } from "@shared/schemas/hr";
import { Button, Card, EmptyState, ResponsiveList } from "@/components/ui";
import { DayStatusBadge } from "../DayStatusBadge";
import { formatClock, formatHours } from "../../lib/dates";
import type { AttendanceView } from "./use-attendance-view";

export function AttendanceRecords({
  view,
  onEdit,
  onDetails,
}: {
  view: AttendanceView;
  onEdit: (record: StoredAttendanceRecord) => void;
  onDetails: (record: AttendanceRecord) => void;
}) {
  const { records, single } = view;
  const { from, to } = view.filters;
  return (
    <Card>
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
        <h2 className="text-base font-semibold text-slate-900">{single ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`}</h2>
        <span className="text-sm text-slate-600">
          {records.length} record{records.length === 1 ? "" : "s"}
        </span>
      </div>
      <ResponsiveList
        loading={view.loading}
        loadingLabel="Loading attendance"
        empty={
          records.length === 0 && (
            <EmptyState
              icon={CalendarDays}
              title="No attendance records found for the selected criteria."
              description="Try another date range or clear the filters, or import punch data."
            />
          )
        }
        tableLabel="Attendance records"
        head={
          <>
            <th scope="col" className="px-4 py-2.5">
              Employee
            </th>
            {!single ? (
              <th scope="col" className="px-4 py-2.5">
                Date
              </th>
            ) : null}
            <th scope="col" className="px-4 py-2.5">
              Department
            </th>
            <th scope="col" className="px-4 py-2.5">
              Status
            </th>
            <th scope="col" className="px-4 py-2.5">
              First In
            </th>
            <th scope="col" className="px-4 py-2.5">
              Last Out
            </th>
            <th scope="col" className="px-4 py-2.5">
              Total Hours
            </th>
            <th scope="col" className="px-4 py-2.5">
              Violations
            </th>
            <th scope="col" className="px-4 py-2.5 text-right">
              Actions
            </th>
          </>
        }
        rows={records.map((r) => (
          <tr key={`${r.employeeId}:${r.date}`} className="hover:bg-slate-50/60">
            <td className="px-4 py-2.5">
              <span className="font-medium text-slate-900">{r.employee?.employeeName}</span>
              {r.employee?.employeeCode ? <span className="block text-xs text-slate-500">{r.employee.employeeCode}</span> : null}
            </td>
            {!single ? <td className="whitespace-nowrap px-4 py-2.5 tabular-nums">{formatDate(r.date)}</td> : null}
            <td className="px-4 py-2.5 text-slate-700">{r.employee?.department?.name ?? "—"}</td>
            <td className="px-4 py-2.5">
              <DayStatusBadge status={r.dayStatus} />
            </td>
            <td className="px-4 py-2.5 tabular-nums">{formatClock(r.firstInTime)}</td>
            <td className="px-4 py-2.5 tabular-nums">{formatClock(r.lastOutTime)}</td>
            <td className="px-4 py-2.5 tabular-nums">{formatHours(r.totalHours)}</td>
            <td className="px-4 py-2.5">
              {r.violationPoints > 0 ? (
                <span className="text-amber-800" title={r.violationReason ?? undefined}>
                  {r.violationPoints} pt{r.violationPoints === 1 ? "" : "s"}
                  {r.violationReason ? <span className="block text-xs text-slate-600">{r.violationReason}</span> : null}
                </span>
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </td>
            {/* Nine columns fill a laptop screen: below 1536 px the two actions are icons (named and titled). */}
            <td className="whitespace-nowrap px-4 py-2.5 text-right">
              {isStoredDay(r) ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onEdit(r)}
                  title="Edit"
                  aria-label={`Edit attendance of ${r.employee?.employeeName} on ${formatDate(r.date)}`}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  <span className="hidden 2xl:inline">Edit</span>
                </Button>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onDetails(r)}
                title="Monthly details"
                aria-label={`Monthly details of ${r.employee?.employeeName}`}
              >
                <Eye className="h-4 w-4" aria-hidden="true" />
                <span className="hidden 2xl:inline">Details</span>
              </Button>
            </td>
          </tr>
        ))}
        cards={records.map((r) => (
          <li key={`${r.employeeId}:${r.date}`} className="p-4">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 wrap-anywhere">{r.employee?.employeeName}</p>
                <p className="text-xs text-slate-600">
                  {r.employee?.department?.name ?? "—"}
                  {!single ? ` · ${formatDate(r.date)}` : ""}
                </p>
              </div>
              <DayStatusBadge status={r.dayStatus} />
            </div>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-600">First In</dt>
                <dd className="tabular-nums">{formatClock(r.firstInTime)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Last Out</dt>
                <dd className="tabular-nums">{formatClock(r.lastOutTime)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Hours</dt>
                <dd className="tabular-nums">{formatHours(r.totalHours)}</dd>
              </div>
            </dl>
            {r.violationPoints > 0 ? (
              <p className="mt-1 text-xs text-amber-800">
                {r.violationPoints} violation pt{r.violationPoints === 1 ? "" : "s"}
                {r.violationReason ? ` · ${r.violationReason}` : ""}
              </p>
            ) : null}
            <div className="mt-3 flex gap-2">
              {isStoredDay(r) ? (
                <Button variant="outline" size="sm" onClick={() => onEdit(r)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  Edit
                </Button>
              ) : null}
              <Button variant="outline" size="sm" onClick={() => onDetails(r)}>
                <Eye className="h-4 w-4" aria-hidden="true" />
                Details
              </Button>
            </div>
          </li>
        ))}
      />
    </Card>
  );
}
