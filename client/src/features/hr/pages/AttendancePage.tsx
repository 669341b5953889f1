// Attendance (spec 001 §2): a day or a range, filters, summary, table (cards on phones), the edit
// dialog and an employee's monthly details. What is shown, and how it is read, is the view's
// (components/attendance/use-attendance-view.ts); the page lays out its sections and dialogs.
import type { ComponentProps } from "react";
import { lazyDialog } from "@/lib/lazy-dialog";
import { useState } from "react";
import type { AttendanceRecord, StoredAttendanceRecord } from "@shared/schemas/hr";
import { Alert, Dialog, DialogContent } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { RecordedThrough } from "../components/RecordedThrough";
import type { AttendanceEditDialog as AttendanceEditDialogType } from "../components/AttendanceEditDialog";
import { EmployeeMonthView } from "../components/EmployeeMonthView";
import { AttendanceFilters } from "../components/attendance/AttendanceFilters";
import { AttendanceRecords } from "../components/attendance/AttendanceRecords";
import { AttendanceSummaryCards } from "../components/attendance/AttendanceSummaryCards";
import { useAttendanceView } from "../components/attendance/use-attendance-view";
import { monthLabel } from "../lib/dates";

const AttendanceEditDialog = lazyDialog<ComponentProps<typeof AttendanceEditDialogType>>(
  () => import("../components/AttendanceEditDialog").then((m) => m.AttendanceEditDialog),
  (p) => p.record !== null,
);

export default function AttendancePage() {
  const view = useAttendanceView();
  const [editing, setEditing] = useState<StoredAttendanceRecord | null>(null);
  const [details, setDetails] = useState<{ employeeId: string; name: string; month: string } | null>(null);

  const openDetails = (r: AttendanceRecord) =>
    setDetails({ employeeId: r.employeeId, name: r.employee?.employeeName ?? "Employee", month: r.date.slice(0, 7) });

  return (
    <div className="space-y-5">
      <AttendanceFilters view={view} />

      {view.newest ? <RecordedThrough coveredThrough={view.newest.coveredThrough} month={view.filters.to.slice(0, 7)} /> : null}

      <AttendanceSummaryCards view={view} />

      {view.failed ? <Alert variant="destructive">{errorMessage(view.failed.error, "Failed to fetch attendance")}</Alert> : null}

      <AttendanceRecords view={view} onEdit={setEditing} onDetails={openDetails} />

      <AttendanceEditDialog record={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <Dialog open={details !== null} onOpenChange={(open) => !open && setDetails(null)}>
        <DialogContent
          size="xl"
          title={details ? `${details.name} — ${monthLabel(details.month)}` : "Monthly details"}
          description="Attendance, violations and salary deductions for the month"
        >
          {details ? <EmployeeMonthView employeeId={details.employeeId} month={details.month} editable /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
