// "Record leave" (DECISIONS §8 leave register): employee, type, range with a half-day option and a
// reason. Before saving it shows the working days the range covers (weekly off and holidays left
// out, by the same rule as the server, shared/leave.ts) and the employee's paid-leave balance.
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { leaveDayCount } from "@shared/leave";
import type { RecordLeaveBody, RecordLeaveInput } from "@shared/schemas/leave";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { formatDate } from "@shared/format";
import { Alert, Dialog, DialogContent, Field, FormDialogFooter, Select } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { useAllEmployees, useAttendancePolicy, useEmployeeLeave, useRecordLeave } from "../api";
import { todayIso } from "../lib/dates";
import { LeaveRangeFields } from "./LeaveRangeFields";

const recordLeaveResolver = lazyZodResolver<RecordLeaveInput, RecordLeaveBody>(() => import("@shared/schemas/leave").then((m) => m.recordLeaveSchema));

const FIELDS = ["employeeId", "type", "from", "to", "halfDay", "reason"] as const;

export function RecordLeaveDialog({
  open,
  onOpenChange,
  employeeId: presetEmployee,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  employeeId?: string;
}) {
  const employees = useAllEmployees("active");
  const policy = useAttendancePolicy();
  const record = useRecordLeave();
  const blank = (): RecordLeaveInput => ({ employeeId: presetEmployee ?? "", type: "PL", from: todayIso(), to: todayIso(), halfDay: false, reason: "" });
  // The server's own schema checks the form: the same messages on both sides.
  const form = useForm<RecordLeaveInput, unknown, RecordLeaveBody>({ resolver: recordLeaveResolver, defaultValues: blank() });
  const { register, handleSubmit, watch, setValue, getValues, setError, reset, formState } = form;
  // The employee list may arrive after the form: put the chosen employee back once its option exists.
  useEffect(() => {
    if (employees.data) setValue("employeeId", getValues("employeeId"));
  }, [employees.data, setValue, getValues]);
  const { errors } = formState;
  const [employeeId, type, from, to, halfDay] = watch(["employeeId", "type", "from", "to", "halfDay"]);
  const oneDay = from === to;
  const year = Number((from || todayIso()).slice(0, 4));
  const leave = useEmployeeLeave(employeeId || null, year);

  const employee = employees.data?.employees.find((e) => e.id === employeeId);
  const holidays = useMemo(() => new Set((policy.data?.holidays ?? []).map((h) => h.date)), [policy.data]);
  const days = employee && from && to && to >= from ? leaveDayCount({ from, to, halfDay: Boolean(halfDay) && oneDay }, employee.weeklyOff, holidays) : null;
  const balance = leave.data?.balance;

  const close = () => {
    reset(blank());
    onOpenChange(false);
  };

  const submit = handleSubmit((values) => {
    runMutation(
      record,
      { ...values, halfDay: values.halfDay && values.from === values.to },
      {
        onSuccess: ({ leave: saved }) => {
          toast({
            title: "Leave Recorded",
            description: `${saved.employee.employeeName}: ${saved.days} ${saved.days === 1 ? "day" : "days"} of ${saved.type}, ${formatDate(saved.from)} to ${formatDate(saved.to)}.`,
          });
          close();
        },
        onError: (err) => {
          const issues = isApiError(err) ? (err.body?.issues ?? []) : [];
          const known = issues.filter((i) => (FIELDS as readonly string[]).includes(i.path));
          for (const issue of known) setError(issue.path as (typeof FIELDS)[number], { message: issue.message });
          if (known.length === 0) setError("root", { message: errorMessage(err, "Failed to record leave") });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogContent
        title="Record Leave"
        description="Granted leave becomes the status of its working days; weekly offs and holidays inside the range stay as they are."
        size="md"
        className="max-sm:h-[100dvh] max-sm:max-h-[100dvh] max-sm:rounded-none"
        footer={<FormDialogFooter formId="record-leave-form" submitLabel="Record Leave" pending={record.isPending} onCancel={close} />}
      >
        <form id="record-leave-form" onSubmit={submit} noValidate className="grid gap-4">
          {errors.root ? <Alert variant="destructive">{errors.root.message}</Alert> : null}
          <Field label="Employee" required error={errors.employeeId?.message}>
            <Select
              {...register("employeeId")}
              placeholder={employees.isLoading ? "Loading employees…" : "Choose an employee"}
              options={(employees.data?.employees ?? []).map((e) => ({
                value: e.id,
                label: e.employeeCode ? `${e.employeeName} (${e.employeeCode})` : e.employeeName,
              }))}
            />
          </Field>
          <LeaveRangeFields
            type={register("type")}
            from={register("from", {
              onChange: (e: { target: { value: string } }) => {
                if (!to || to < e.target.value) setValue("to", e.target.value);
              },
            })}
            to={{ min: from, ...register("to") }}
            halfDay={Boolean(halfDay)}
            oneDay={oneDay}
            onHalfDayChange={(checked) => setValue("halfDay", checked)}
            reason={register("reason")}
            errors={{ from: errors.from?.message, to: errors.to?.message, reason: errors.reason?.message }}
          />
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
                {type === "PL" && balance && days !== null && days > balance.remaining ? (
                  <span className="text-red-700"> (not enough for this leave)</span>
                ) : null}
              </p>
            </div>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
