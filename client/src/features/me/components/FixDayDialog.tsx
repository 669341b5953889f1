// "Fix this day" (DECISIONS §15 regularisation): the time one came in, left, or both, and why. HR
// decides; the day then takes those times.
import { useState, type FormEvent } from "react";
import { runMutation } from "@/lib/mutation";
import type { AttendanceRecord } from "@shared/schemas/hr";
import { formatDate } from "@shared/format";
import { Alert, Dialog, DialogContent, Field, FormDialogFooter, Input, Textarea } from "@/components/ui";
import { DayStatusBadge } from "@/features/hr";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { useFixDay } from "../api";

const hhmm = (t: string | null) => (t ? t.slice(0, 5) : "");

export function FixDayDialog({ day, onClose }: { day: AttendanceRecord | null; onClose: () => void }) {
  const fix = useFixDay();
  const [punchIn, setPunchIn] = useState(hhmm(day?.firstInTime ?? null));
  const [punchOut, setPunchOut] = useState(hhmm(day?.lastOutTime ?? null));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!day) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!punchIn && !punchOut) found.punchIn = "Give the time you came in, the time you left, or both";
    if (!reason.trim()) found.reason = "Reason is required";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    runMutation(
      fix,
      { date: day.date, punchIn: punchIn || null, punchOut: punchOut || null, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: "Sent to HR", description: `Your fix of ${formatDate(day.date)} waits for HR.` });
          onClose();
        },
        onError: (err) => {
          const issues = errorIssues(err);
          setErrors(Object.keys(issues).length > 0 ? issues : { root: errorMessage(err, "Could not send the request") });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent
        title={`Fix ${formatDate(day.date)}`}
        description="Tell HR when you came in or left; once they approve, the day takes these times."
        size="md"
        className="max-sm:h-[100dvh] max-sm:max-h-[100dvh] max-sm:rounded-none"
        footer={<FormDialogFooter formId="fix-day-form" submitLabel="Send to HR" pending={fix.isPending} pendingLabel="Sending…" onCancel={onClose} />}
      >
        <form id="fix-day-form" onSubmit={submit} noValidate className="grid gap-4">
          {errors.root ? <Alert variant="destructive">{errors.root}</Alert> : null}
          <p className="flex items-center gap-2 text-sm text-slate-700">
            Now: <DayStatusBadge status={day.dayStatus} />
          </p>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Came in" error={errors.punchIn}>
              <Input type="time" value={punchIn} onChange={(e) => setPunchIn(e.target.value)} />
            </Field>
            <Field label="Left" error={errors.punchOut}>
              <Input type="time" value={punchOut} onChange={(e) => setPunchOut(e.target.value)} />
            </Field>
          </div>
          <Field label="Reason" required error={errors.reason} hint={errors.date}>
            <Textarea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Forgot to punch out" />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
