// Attendance (spec 001 §2): a day or a range, filters, summary, table (cards on phones), the edit
// dialog and an employee's monthly details. Ranges are read month by month (the API takes a date
// or a month, DECISIONS §8) and narrowed to the range here.
import type { ComponentProps } from "react";
import { lazyDialog } from "@/lib/lazy-dialog";
import { useMemo, useState } from "react";
import { useQueries } from "@tanstack/react-query";
import { CalendarCheck, CalendarDays, CircleDashed, Clock, Download, Eye, Pencil, RefreshCw, Search, UserX, Users, X } from "lucide-react";
import { useSearch } from "wouter";
import { countAttendanceDays, isStoredDay } from "@shared/attendance-days";
import { DAY_STATUSES } from "@shared/constants";
import { formatDate } from "@shared/format";
import type { AttendanceListResponse, AttendanceRecord, AttendanceSummary, StoredAttendanceRecord } from "@shared/schemas/hr";
import { Alert, Button, Card, Dialog, DialogContent, EmptyState, Field, Input, Label, Select, ResponsiveList, StatCard } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { HR_KEYS, useAllEmployees, useDepartments } from "../api";
import { downloadCsv } from "@/lib/download";
import { RecordedThrough } from "../components/RecordedThrough";
import type { AttendanceEditDialog as AttendanceEditDialogType } from "../components/AttendanceEditDialog";
import { DayStatusBadge } from "../components/DayStatusBadge";
import { EmployeeMonthView } from "../components/EmployeeMonthView";
import { monthsBetween } from "@shared/calendar";
import { currentMonth, formatClock, formatHours, monthLabel, todayIso } from "../lib/dates";

const AttendanceEditDialog = lazyDialog<ComponentProps<typeof AttendanceEditDialogType>>(() => import("../components/AttendanceEditDialog").then((m) => m.AttendanceEditDialog), (p) => p.record !== null);

function summarise(records: AttendanceRecord[], totalEmployees: number): AttendanceSummary {
  return { totalEmployees, ...countAttendanceDays(records) };
}

/** What a day's Total Employees holds besides Present, Absent and Not recorded (leave, offs, holidays, reviews). */
function otherDaysText(other: number): string {
  return other > 0 ? `${other} on leave, off or to review` : "Everyone listed below";
}

function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return q.toString();
}

export default function AttendancePage() {
  const search = new URLSearchParams(useSearch());
  const initialStatus = search.get("status") ?? "all";
  const today = todayIso();
  // A link asking for a status (e.g. Pending Review from the dashboard) looks at the whole month.
  const [from, setFrom] = useState(initialStatus !== "all" ? `${currentMonth()}-01` : today);
  const [to, setTo] = useState(today);
  const [employeeId, setEmployeeId] = useState("all");
  const [nameSearch, setNameSearch] = useState("");
  const [departmentId, setDepartmentId] = useState("all");
  const [status, setStatus] = useState(initialStatus);
  const [editing, setEditing] = useState<StoredAttendanceRecord | null>(null);
  const [details, setDetails] = useState<{ employeeId: string; name: string; month: string } | null>(null);
  const [exporting, setExporting] = useState(false);

  const departments = useDepartments();
  const employees = useAllEmployees();
  const rangeError = from && to && from > to ? "The From date is after the To date" : null;
  const single = from === to;
  const filters = {
    employeeId: employeeId === "all" ? undefined : employeeId,
    departmentId: departmentId === "all" ? undefined : departmentId,
    status: status === "all" ? undefined : status,
  };
  const periods = !from || !to || rangeError ? [] : single ? [{ date: from }] : monthsBetween(from, to).map((month) => ({ month }));
  const results = useQueries({
    queries: periods.map((p) => ({ queryKey: [...HR_KEYS.attendance, { ...p, ...filters }], staleTime: 15_000 })),
  });
  const loading = results.some((r) => r.isLoading);
  const fetching = results.some((r) => r.isFetching);
  const failed = results.find((r) => r.isError);

  // The recorded range of the newest month shown (DECISIONS §8): the days after it are Not recorded.
  const newest = results.at(-1)?.data as AttendanceListResponse | undefined;
  const { records, summary } = useMemo(() => {
    const answers = results.map((r) => r.data as AttendanceListResponse | undefined).filter(Boolean) as AttendanceListResponse[];
    let all = answers.flatMap((a) => a.attendance).filter((r) => r.date >= from && r.date <= to);
    const needle = nameSearch.trim().toLowerCase();
    if (needle) all = all.filter((r) => r.employee?.employeeName?.toLowerCase().includes(needle) || r.employee?.employeeCode?.toLowerCase().includes(needle));
    all.sort((a, b) => b.date.localeCompare(a.date) || (a.employee?.employeeName ?? "").localeCompare(b.employee?.employeeName ?? ""));
    // Every employee active on a day is listed (DECISIONS §8), so the list itself says who counts.
    const s = single && answers[0] && !needle ? answers[0].summary : summarise(all, new Set(all.map((r) => r.employeeId)).size);
    return { records: all, summary: s };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results.map((r) => r.dataUpdatedAt).join(","), from, to, nameSearch, single]);

  const clear = () => {
    setFrom(today);
    setTo(today);
    setEmployeeId("all");
    setNameSearch("");
    setDepartmentId("all");
    setStatus("all");
  };

  const exportCsv = async () => {
    const fileName = single ? `attendance_${from}.csv` : `attendance_${from}_to_${to}.csv`;
    setExporting(true);
    try {
      const params = single ? { date: from } : { from, to };
      await downloadCsv(`/api/hr/attendance/export.csv?${query({ ...params, ...filters })}`, fileName);
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to export attendance"), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  };

  const openDetails = (r: AttendanceRecord) => setDetails({ employeeId: r.employeeId, name: r.employee?.employeeName ?? "Employee", month: r.date.slice(0, 7) });

  return (
    <div className="space-y-5">
      <Card className="p-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[160px_160px_auto_1fr]">
          <Field label="From" error={rangeError ?? undefined}>
            <Input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
          </Field>
          <Field label="To">
            <Input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
          </Field>
          <div className="flex items-end">
            <Button
              variant="outline"
              onClick={() => {
                setFrom(today);
                setTo(today);
              }}
            >
              <CalendarDays className="h-4 w-4" aria-hidden="true" />
              Today
            </Button>
          </div>
          {/* Not a <Field>: it labels its direct child, which here is the icon's wrapper, not the input. */}
          <div className="grid gap-1.5">
            <Label htmlFor="attendance-name-search">Quick name search</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <Input id="attendance-name-search" type="search" value={nameSearch} onChange={(e) => setNameSearch(e.target.value)} placeholder="Type a name" className="pl-9" />
            </div>
          </div>
        </div>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <Field label="Employee">
            <Select value={employeeId} onChange={(e) => setEmployeeId(e.target.value)}>
              <option value="all">All employees</option>
              {(employees.data?.employees ?? []).map((e) => (
                <option key={e.id} value={e.id}>
                  {e.employeeName}
                  {e.employeeCode ? ` (${e.employeeCode})` : ""}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Department">
            <Select value={departmentId} onChange={(e) => setDepartmentId(e.target.value)}>
              <option value="all">All departments</option>
              {(departments.data ?? []).map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Status">
            <Select value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="all">All statuses</option>
              {DAY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <Button variant="ghost" onClick={clear}>
            <X className="h-4 w-4" aria-hidden="true" />
            Clear
          </Button>
          <Button variant="outline" onClick={() => results.forEach((r) => r.refetch())} disabled={fetching}>
            <RefreshCw className={"h-4 w-4" + (fetching ? " animate-spin" : "")} aria-hidden="true" />
            Refresh
          </Button>
          <Button variant="outline" onClick={exportCsv} disabled={exporting || Boolean(rangeError)} className="sm:ml-auto">
            <Download className="h-4 w-4" aria-hidden="true" />
            {exporting ? "Exporting…" : "Export CSV"}
          </Button>
        </div>
      </Card>

      {newest ? <RecordedThrough coveredThrough={newest.coveredThrough} month={to.slice(0, 7)} /> : null}

      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <StatCard title="Total Employees" value={summary.totalEmployees} subtitle={single ? otherDaysText(records.length - summary.present - summary.absent - summary.notRecorded) : `${records.length} days listed`} icon={Users} className="col-span-2 lg:col-span-1" />
        <StatCard title="Present" value={summary.present} icon={CalendarCheck} variant="success" />
        <StatCard title="Absent" value={summary.absent} icon={UserX} variant="error" />
        <StatCard title="Not recorded" value={summary.notRecorded} subtitle="Not imported yet" icon={CircleDashed} />
        <StatCard title="Late" value={summary.late} icon={Clock} variant="warning" />
      </section>

      {failed ? <Alert variant="destructive">{errorMessage(failed.error, "Failed to fetch attendance")}</Alert> : null}

      <Card>
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
          <h2 className="text-base font-semibold text-slate-900">
            {single ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`}
          </h2>
          <span className="text-sm text-slate-600">{records.length} record{records.length === 1 ? "" : "s"}</span>
        </div>
        <ResponsiveList
          loading={loading}
          loadingLabel="Loading attendance"
          empty={records.length === 0 && <EmptyState icon={CalendarDays} title="No attendance records found for the selected criteria." description="Try another date range or clear the filters, or import punch data." />}
          tableLabel="Attendance records"
          head={
            <>
              <th scope="col" className="px-4 py-2.5">Employee</th>
              {!single ? <th scope="col" className="px-4 py-2.5">Date</th> : null}
              <th scope="col" className="px-4 py-2.5">Department</th>
              <th scope="col" className="px-4 py-2.5">Status</th>
              <th scope="col" className="px-4 py-2.5">First In</th>
              <th scope="col" className="px-4 py-2.5">Last Out</th>
              <th scope="col" className="px-4 py-2.5">Total Hours</th>
              <th scope="col" className="px-4 py-2.5">Violations</th>
              <th scope="col" className="px-4 py-2.5 text-right">Actions</th>
            </>
          }
          rows={
            records.map((r) => (
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
                    <Button variant="ghost" size="sm" onClick={() => setEditing(r)} title="Edit" aria-label={`Edit attendance of ${r.employee?.employeeName} on ${formatDate(r.date)}`}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      <span className="hidden 2xl:inline">Edit</span>
                    </Button>
                  ) : null}
                  <Button variant="ghost" size="sm" onClick={() => openDetails(r)} title="Monthly details" aria-label={`Monthly details of ${r.employee?.employeeName}`}>
                    <Eye className="h-4 w-4" aria-hidden="true" />
                    <span className="hidden 2xl:inline">Details</span>
                  </Button>
                </td>
              </tr>
            ))
          }
          cards={
            records.map((r) => (
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
                    <Button variant="outline" size="sm" onClick={() => setEditing(r)}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      Edit
                    </Button>
                  ) : null}
                  <Button variant="outline" size="sm" onClick={() => openDetails(r)}>
                    <Eye className="h-4 w-4" aria-hidden="true" />
                    Details
                  </Button>
                </div>
              </li>
            ))
          }
        />
      </Card>

      <AttendanceEditDialog record={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <Dialog open={details !== null} onOpenChange={(open) => !open && setDetails(null)}>
        <DialogContent size="xl" title={details ? `${details.name} — ${monthLabel(details.month)}` : "Monthly details"} description="Attendance, violations and salary deductions for the month">
          {details ? <EmployeeMonthView employeeId={details.employeeId} month={details.month} editable /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
