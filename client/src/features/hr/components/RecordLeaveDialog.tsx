// "Record leave" (DECISIONS §8 leave register): employee, type, range with a half-day option and a
// reason. Before saving it shows the working days the range covers (weekly off and holidays left
// out, by the same rule as the server, shared/leave.ts) and the employee's paid-leave balance.
import { useMemo, useState, type FormEvent } from "react";
import { LEAVE_TYPE_LABELS, LEAVE_TYPES, leaveDayCount, type LeaveType } from "@shared/leave";
import { formatDate } from "@shared/format";
import { Alert, Button, Checkbox, Dialog, DialogContent, Field, Input, Select, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { useAllEmployees, useAttendancePolicy, useEmployeeLeave, useRecordLeave } from "../api";
import { todayIso } from "../lib/dates";

type Errors = Partial<Record<"employeeId" | "from" | "to" | "reason" | "form", string>>;

export function RecordLeaveDialog({ open, onOpenChange, employeeId: presetEmployee }: { open: boolean; onOpenChange: (open: boolean) => void; employeeId?: string }) {
  const employees = useAllEmployees("active");
  const policy = useAttendancePolicy();
  const record = useRecordLeave();
  const [employeeId, setEmployeeId] = useState(presetEmployee ?? "");
  const [type, setType] = useState<LeaveType>("PL");
  const [from, setFrom] = useState(todayIso());
  const [to, setTo] = useState(todayIso());
  const [halfDay, setHalfDay] = useState(false);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const year = Number((from || todayIso()).slice(0, 4));
  const leave = useEmployeeLeave(employeeId || null, year);

  const employee = employees.data?.employees.find((e) => e.id === employeeId);
  const holidays = useMemo(() => new Set((policy.data?.holidays ?? []).map((h) => h.date)), [policy.data]);
  const days = employee && from && to && to >= from ? leaveDayCount({ from, to, halfDay: halfDay && from === to }, employee.weeklyOff, holidays) : null;
  const balance = leave.data?.balance;

  const reset = () => {
    setEmployeeId(presetEmployee ?? "");
    setType("PL");
    setFrom(todayIso());
    setTo(todayIso());
    setHalfDay(false);
    setReason("");
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!employeeId) next.employeeId = "Employee is required";
    if (!from) next.from = "First day is required";
    if (!to) next.to = "Last day is required";
    else if (from && to < from) next.to = "The last day cannot be before the first day";
    if (!reason.trim()) next.reason = "Reason is required";
    setErrors(next);
    if (Object.keys(next).length) return;
    record.mutate(
      { employeeId, type, from, to, halfDay: halfDay && from === to, reason: reason.trim() },
      {
        onSuccess: ({ leave: saved }) => {
          toast({ title: "Leave Recorded", description: `${saved.employee.employeeName}: ${saved.days} ${saved.days === 1 ? "day" : "days"} of ${saved.type}, ${formatDate(saved.from)} to ${formatDate(saved.to)}.` });
          reset();
          onOpenChange(false);
        },
        onError: (err) => {
          const issues = isApiError(err) ? (err.body?.issues ?? []) : [];
          if (issues.length) setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])) as Errors);
          else setErrors({ form: errorMessage(err, "Failed to record leave") });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : (reset(), onOpenChange(false)))}>
      <DialogContent
        title="Record Leave"
        description="Granted leave becomes the status of its working days; weekly offs and holidays inside the range stay as they are."
        size="md"
        className="max-sm:h-[100dvh] max-sm:max-h-[100dvh] max-sm:rounded-none"
        footer={
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={record.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="record-leave-form" disabled={record.isPending}>
              {record.isPending ? "Saving…" : "Record Leave"}
            </Button>
          </>
        }
      >
        <form id="record-leave-form" onSubmit={submit} noValidate className="grid gap-4">
          {errors.form ? <Alert variant="destructive">{errors.form}</Alert> : null}
          <Field label="Employee" required error={errors.employeeId}>
            <Select
              value={employeeId}
              onChange={(e) => setEmployeeId(e.target.value)}
              placeholder={employees.isLoading ? "Loading employees…" : "Choose an employee"}
              options={(employees.data?.employees ?? []).map((e) => ({ value: e.id, label: e.employeeCode ? `${e.employeeName} (${e.employeeCode})` : e.employeeName }))}
            />
          </Field>
          <Field label="Type" required>
            <Select value={type} onChange={(e) => setType(e.target.value as LeaveType)} options={LEAVE_TYPES.map((t) => ({ value: t, label: LEAVE_TYPE_LABELS[t] }))} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First day" required error={errors.from}>
              <Input
                type="date"
                value={from}
                onChange={(e) => {
                  setFrom(e.target.value);
                  if (!to || to < e.target.value) setTo(e.target.value);
                }}
              />
            </Field>
            <Field label="Last day" required error={errors.to}>
              <Input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
            </Field>
          </div>
          <Checkbox label="Half day (first and last day the same)" checked={halfDay && from === to} disabled={from !== to} onChange={(e) => setHalfDay(e.target.checked)} />
          <Field label="Reason" required error={errors.reason}>
            <Textarea rows={2} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Sister's wedding in Nashik" />
          </Field>
          {employee ? (
            <div className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite" data-testid="leave-preview">
              <p>
                Working days in this range: <span className="font-semibold text-slate-900">{days ?? "—"}</span>
                {days === 0 ? <span className="text-red-700"> (only weekly offs and holidays)</span> : null}
              </p>
              <p>
                Paid leave {year}:{" "}
                {balance ? (
                  <span className="font-semibold text-slate-900">
                    {balance.remaining} of {balance.entitlement} days left
                  </span>
                ) : (
                  "…"
                )}
                {type === "PL" && balance && days !== null && days > balance.remaining ? <span className="text-red-700"> (not enough for this leave)</span> : null}
              </p>
            </div>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
