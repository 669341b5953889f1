// One employee's month (/hr/attendance/:id): month picker, summary, deductions and the daily table.
import type { ComponentProps } from "react";
import { lazyDialog } from "@/lib/lazy-dialog";
import { useState } from "react";
import { ArrowLeft, CalendarPlus } from "lucide-react";
import { Link, useParams } from "wouter";
import { formatDate } from "@shared/format";
import { PATHS } from "@/lib/paths";
import { Badge, Button, buttonVariants, Card } from "@/components/ui";
import { useEmployeeDetails } from "../api";
import { EmployeeMonthView } from "../components/EmployeeMonthView";
import { MonthStepper } from "../components/MonthStepper";
import type { RecordLeaveDialog as RecordLeaveDialogType } from "../components/RecordLeaveDialog";
import { currentMonth, monthLabel } from "../lib/dates";
import { EmployeeLogin } from "../components/EmployeeLogin";
import { usePermissions } from "@/lib/session";

const RecordLeaveDialog = lazyDialog<ComponentProps<typeof RecordLeaveDialogType>>(
  () => import("../components/RecordLeaveDialog").then((m) => m.RecordLeaveDialog),
  (p) => p.open,
);

export default function EmployeeAttendancePage() {
  const { id = "" } = useParams<{ id: string }>();
  const [month, setMonth] = useState(currentMonth());
  const details = useEmployeeDetails(id, month);
  const employee = details.data?.employee;
  const [recordingLeave, setRecordingLeave] = useState(false);
  const { administersHr } = usePermissions();

  return (
    <div className="space-y-5">
      <Link href={PATHS.hrEmployees} className={buttonVariants({ variant: "ghost", size: "sm", className: "-ml-2" })}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Employees
      </Link>
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-slate-900 wrap-anywhere">{employee?.employeeName ?? (details.isLoading ? "Loading…" : "Employee")}</h2>
          {employee ? (
            <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              {employee.employeeCode ? <Badge variant="outline">{employee.employeeCode}</Badge> : null}
              <Badge variant={employee.isActive ? "success" : "secondary"}>{employee.isActive ? "Active" : "Inactive"}</Badge>
              <span>{employee.department?.name}</span>
              <span aria-hidden="true">·</span>
              <span>Weekly off {employee.weeklyOff}</span>
              <span aria-hidden="true">·</span>
              <span>Joined {formatDate(employee.joiningDate)}</span>
            </div>
          ) : null}
        </div>
        <MonthStepper id="month-picker" month={month} onChange={setMonth} latest={currentMonth()} />
      </Card>
      {employee ? <EmployeeLogin employeeId={employee.id} employeeName={employee.employeeName} isActive={employee.isActive} canManage={administersHr} /> : null}
      <Card className="p-5">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">{monthLabel(month)}</h2>
          {employee?.isActive ? (
            <Button variant="outline" size="sm" onClick={() => setRecordingLeave(true)}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" />
              Record Leave
            </Button>
          ) : null}
        </div>
        <EmployeeMonthView employeeId={id} month={month} editable />
      </Card>
      {employee ? <RecordLeaveDialog open={recordingLeave} onOpenChange={setRecordingLeave} employeeId={employee.id} /> : null}
    </div>
  );
}
