// The Attendance page's filters (spec 001 §2): the range with "Today", a quick name search, the
// employee, department and status, and Clear, Refresh and Export CSV.
import { CalendarDays, Download, RefreshCw, Search, X } from "lucide-react";
import { DAY_STATUSES } from "@shared/constants";
import { Button, Card, Field, Input, Label, Select } from "@/components/ui";
import type { AttendanceView } from "./use-attendance-view";

export function AttendanceFilters({ view }: { view: AttendanceView }) {
  const { from, to, employeeId, nameSearch, departmentId, status } = view.filters;
  return (
    <Card className="p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[160px_160px_auto_1fr]">
        <Field label="From" error={view.rangeError ?? undefined}>
          <Input type="date" value={from} max={to || undefined} onChange={(e) => view.setFrom(e.target.value)} />
        </Field>
        <Field label="To">
          <Input type="date" value={to} min={from || undefined} onChange={(e) => view.setTo(e.target.value)} />
        </Field>
        <div className="flex items-end">
          <Button variant="outline" onClick={view.showToday}>
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
            Today
          </Button>
        </div>
        {/* Not a <Field>: it labels its direct child, which here is the icon's wrapper, not the input. */}
        <div className="grid gap-1.5">
          <Label htmlFor="attendance-name-search">Quick name search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input
              id="attendance-name-search"
              type="search"
              value={nameSearch}
              onChange={(e) => view.setNameSearch(e.target.value)}
              placeholder="Type a name"
              className="pl-9"
            />
          </div>
        </div>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <Field label="Employee">
          <Select value={employeeId} onChange={(e) => view.setEmployeeId(e.target.value)}>
            <option value="all">All employees</option>
            {view.employees.map((e) => (
              <option key={e.id} value={e.id}>
                {e.employeeName}
                {e.employeeCode ? ` (${e.employeeCode})` : ""}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Department">
          <Select value={departmentId} onChange={(e) => view.setDepartmentId(e.target.value)}>
            <option value="all">All departments</option>
            {view.departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status">
          <Select value={status} onChange={(e) => view.setStatus(e.target.value)}>
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
        <Button variant="ghost" onClick={view.clear}>
          <X className="h-4 w-4" aria-hidden="true" />
          Clear
        </Button>
        <Button variant="outline" onClick={view.refresh} disabled={view.fetching}>
          <RefreshCw className={"h-4 w-4" + (view.fetching ? " animate-spin" : "")} aria-hidden="true" />
          Refresh
        </Button>
        <Button variant="outline" onClick={view.exportCsv} disabled={view.exporting || Boolean(view.rangeError)} className="sm:ml-auto">
          <Download className="h-4 w-4" aria-hidden="true" />
          {view.exporting ? "Exporting…" : "Export CSV"}
        </Button>
      </div>
    </Card>
  );
}
