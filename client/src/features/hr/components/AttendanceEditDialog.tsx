// Hand edit of one attendance day (spec 001 §4: any status to any other; §5: Reason for Edit
// required, violation points at least 0). Editing recalculates deductions on the server.
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { EDITABLE_DAY_STATUSES, NOT_RECORDED } from "@shared/constants";
import { formatDate } from "@shared/format";
import type { AttendanceEdit, AttendanceEditInput, StoredAttendanceRecord } from "@shared/schemas/hr";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Alert, Dialog, DialogContent, Field, FormDialogFooter, Input, Select, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { useUpdateAttendance } from "../api";
import { formatClock, formatHours } from "../lib/dates";

const attendanceEditResolver = lazyZodResolver<AttendanceEditInput, AttendanceEdit>(() => import("@shared/schemas/hr").then((m) => m.attendanceEditSchema));

export function AttendanceEditDialog({ record, onOpenChange }: { record: StoredAttendanceRecord | null; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateAttendance();
  const { register, handleSubmit, reset, setError, formState } = useForm<AttendanceEditInput, unknown, AttendanceEdit>({
    resolver: attendanceEditResolver,
  });
  const errors = formState.errors;

  useEffect(() => {
    if (record) {
      // A day not recorded yet is edited into one of the statuses a person may set (Absent by default).
      reset({
        dayStatus: record.dayStatus === NOT_RECORDED ? "Absent (Unpaid)" : record.dayStatus,
        violationPoints: record.violationPoints ?? 0,
        violationReason: record.violationReason ?? "",
        reason: "",
      });
    }
  }, [record, reset]);

  const onSubmit = handleSubmit(async (body) => {
    if (!record) return;
    try {
      await update.mutateAsync({ id: record.id, body });
      toast({
        title: "Attendance Updated",
        description: `${record.employee?.employeeName ?? "Employee"} · ${formatDate(record.date)} saved as ${body.dayStatus}`,
      });
      onOpenChange(false);
    } catch (err) {
      for (const [path, message] of Object.entries(errorIssues(err))) setError(path as keyof AttendanceEditInput, { message });
      toast({ title: "Error", description: errorMessage(err, "Failed to update attendance"), variant: "destructive" });
    }
  });

  return (
    <Dialog open={record !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Edit Attendance"
        description={record ? `${record.employee?.employeeName ?? ""} · ${formatDate(record.date)}` : undefined}
        footer={<FormDialogFooter formId="attendance-edit-form" submitLabel="Save Changes" pending={update.isPending} onCancel={() => onOpenChange(false)} />}
      >
        {record ? (
          <form id="attendance-edit-form" onSubmit={onSubmit} noValidate className="grid gap-4">
            <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-3 text-sm">
              <div>
                <dt className="text-xs text-slate-600">First In</dt>
                <dd className="font-medium tabular-nums text-slate-900">{formatClock(record.firstInTime)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Last Out</dt>
                <dd className="font-medium tabular-nums text-slate-900">{formatClock(record.lastOutTime)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Total Hours</dt>
                <dd className="font-medium tabular-nums text-slate-900">{formatHours(record.totalHours)}</dd>
              </div>
            </dl>
            {record.isManual && record.editReason ? (
              <Alert variant="info" title="Edited by hand before">
                {record.editReason}
              </Alert>
            ) : null}
            <Field label="Status" required error={errors.dayStatus?.message}>
              <Select options={EDITABLE_DAY_STATUSES.map((s) => ({ value: s, label: s }))} {...register("dayStatus")} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-[140px_1fr]">
              <Field label="Violation Points" error={errors.violationPoints?.message}>
                <Input type="number" min={0} step={1} inputMode="numeric" {...register("violationPoints")} />
              </Field>
              <Field label="Violation Reason" error={errors.violationReason?.message}>
                <Input autoComplete="off" placeholder="e.g. Late arrival 09:52" {...register("violationReason")} />
              </Field>
            </div>
            <Field label="Reason for Edit" required error={errors.reason?.message} hint="Kept in the audit trail">
              <Textarea rows={2} placeholder="e.g. Approved leave, forgot to punch out" {...register("reason")} />
            </Field>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
