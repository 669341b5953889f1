// The attendance policy (/hr/policies, DECISIONS §8): shift, grace, day lengths, violation points,
// duplicate punch window and holidays. Edited by SuperAdmin and HR Admin; read-only for HR Staff.
import { useEffect } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { CalendarPlus, Info, Trash2 } from "lucide-react";
import { formatDate } from "@shared/format";
import type { AttendancePolicy, AttendancePolicyInput } from "@shared/schemas/hr";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { usePermissions } from "@/lib/session";
import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, CenteredSpinner, Field, Input, IconButton } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { useAttendancePolicy, useSaveAttendancePolicy } from "../api";
import { weekdayShort } from "../lib/dates";

const policyResolver = lazyZodResolver<AttendancePolicyInput, AttendancePolicy>(() => import("@shared/schemas/hr").then((m) => m.attendancePolicySchema));

export default function AttendancePoliciesPage() {
  const canEdit = usePermissions().administersHr;
  const policy = useAttendancePolicy();
  const save = useSaveAttendancePolicy();
  const { register, control, handleSubmit, reset, setError, formState, watch } = useForm<AttendancePolicyInput, unknown, AttendancePolicy>({
    resolver: policyResolver,
  });
  const holidays = useFieldArray({ control, name: "holidays" });
  const errors = formState.errors;

  useEffect(() => {
    if (policy.data) {
      reset({ ...policy.data, holidays: [...(policy.data.holidays ?? [])].sort((a, b) => a.date.localeCompare(b.date)) });
    }
  }, [policy.data, reset]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ ...body, holidays: [...body.holidays].sort((a, b) => a.date.localeCompare(b.date)) });
      toast({ title: "Policy Updated", description: "Attendance will be recalculated with the new rules" });
    } catch (err) {
      for (const [path, message] of Object.entries(errorIssues(err))) setError(path as never, { message });
      toast({ title: "Error", description: errorMessage(err, "Failed to update attendance policy"), variant: "destructive" });
    }
  });

  if (policy.isLoading) return <CenteredSpinner label="Loading policy" />;
  if (policy.isError) return <Alert variant="destructive">{errorMessage(policy.error, "Failed to load attendance policy")}</Alert>;

  const holidayValues = watch("holidays") ?? [];

  return (
    <form onSubmit={onSubmit} noValidate className="mx-auto max-w-4xl space-y-5">
      {!canEdit ? (
        <Alert variant="info" title="Read only">
          Only HR Admins and SuperAdmins can change the attendance policy. Ask one of them if a rule needs to change.
        </Alert>
      ) : null}
      <fieldset disabled={!canEdit || save.isPending} className="space-y-5">
        <Card>
          <CardHeader>
            <CardTitle>Shift and working hours</CardTitle>
            <CardDescription>A first punch after shift start plus the grace period counts as a late arrival.</CardDescription>
          </CardHeader>
          <CardContent className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Shift Start" required error={errors.shiftStart?.message}>
              <Input type="time" {...register("shiftStart")} />
            </Field>
            <Field label="Late Grace (minutes)" required error={errors.lateGraceMinutes?.message}>
              <Input type="number" min={0} max={240} inputMode="numeric" {...register("lateGraceMinutes")} />
            </Field>
            <Field label="Full Day (hours)" required hint="Worked hours for Present (Full)" error={errors.fullDayHours?.message}>
              <Input type="number" min={0.25} max={24} step={0.25} inputMode="decimal" {...register("fullDayHours")} />
            </Field>
            <Field label="Half Day (hours)" required hint="Worked hours for Half-day; less is Absent" error={errors.halfDayHours?.message}>
              <Input type="number" min={0.25} max={24} step={0.25} inputMode="decimal" {...register("halfDayHours")} />
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Violations, punches and leave</CardTitle>
          </CardHeader>
          <CardContent className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Points per Late Arrival" required error={errors.pointsPerLate?.message}>
              <Input type="number" min={0} max={100} inputMode="numeric" {...register("pointsPerLate")} />
            </Field>
            <Field
              label="Points per Half-day Deduction"
              required
              hint="Every this many points deduct half a day's pay"
              error={errors.pointsPerHalfDayDeduction?.message}
            >
              <Input type="number" min={1} max={100} inputMode="numeric" {...register("pointsPerHalfDayDeduction")} />
            </Field>
            <Field
              label="Duplicate Punch Window (minutes)"
              required
              hint="Repeated punches within this window count once"
              error={errors.duplicatePunchWindowMinutes?.message}
            >
              <Input type="number" min={0} max={60} inputMode="numeric" {...register("duplicatePunchWindowMinutes")} />
            </Field>
            <Field
              label="Paid Leave (days per year)"
              required
              hint="Pro-rated by whole months in the joining year"
              error={errors.paidLeaveDaysPerYear?.message}
            >
              <Input type="number" min={0} max={60} inputMode="numeric" {...register("paidLeaveDaysPerYear")} />
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
            <div className="grid gap-1">
              <CardTitle>Holidays</CardTitle>
              <CardDescription>Days marked Holiday for everyone ({holidays.fields.length}).</CardDescription>
            </div>
            {canEdit ? (
              <Button variant="outline" size="sm" onClick={() => holidays.append({ date: "", name: "" })}>
                <CalendarPlus className="h-4 w-4" aria-hidden="true" />
                Add Holiday
              </Button>
            ) : null}
          </CardHeader>
          <CardContent>
            {holidays.fields.length === 0 ? (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <Info className="h-4 w-4" aria-hidden="true" />
                No holidays listed.
              </p>
            ) : (
              <ul className="grid gap-3">
                {holidays.fields.map((f, i) => {
                  const date = holidayValues[i]?.date;
                  return (
                    <li key={f.id} className="grid grid-cols-[1fr_auto] items-start gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[180px_1fr_auto]">
                      <Field label="Date" error={errors.holidays?.[i]?.date?.message} hint={date ? `${weekdayShort(date)}, ${formatDate(date)}` : undefined}>
                        <Input type="date" {...register(`holidays.${i}.date`)} />
                      </Field>
                      <Field
                        label="Name"
                        error={errors.holidays?.[i]?.name?.message}
                        className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-1 sm:col-start-2"
                      >
                        <Input autoComplete="off" placeholder="e.g. Independence Day" {...register(`holidays.${i}.name`)} />
                      </Field>
                      {canEdit ? (
                        <IconButton
                          variant="ghost"
                          className="mt-6 text-red-700 hover:bg-red-50"
                          onClick={() => holidays.remove(i)}
                          label={`Remove holiday ${holidayValues[i]?.name || i + 1}`}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </IconButton>
                      ) : (
                        <span />
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>
        {canEdit ? (
          <div className="sticky bottom-0 -mx-1 flex justify-end gap-2 border-t border-slate-200 bg-slate-50/95 px-1 py-3 backdrop-blur">
            <Button variant="outline" onClick={() => policy.data && reset(policy.data)} disabled={!formState.isDirty}>
              Discard changes
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save Policy"}
            </Button>
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}
