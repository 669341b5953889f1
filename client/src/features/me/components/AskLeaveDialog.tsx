// "Ask for leave" (DECISIONS §15): type, first and last day, half day, reason; the working days the
// range covers and the balance left after pending requests, before sending. Full screen on a phone.
import { useState, type FormEvent } from "react";
import { runMutation } from "@/lib/mutation";
import { leaveDayCount, type LeaveType } from "@shared/leave";
import type { MyLeave } from "@shared/schemas/me";
import { formatDate } from "@shared/format";
import { Alert, Dialog, DialogContent, FormDialogFooter } from "@/components/ui";
import { LeaveRangeFields, todayIso } from "@/features/hr";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { useAskLeave } from "../api";

export function AskLeaveDialog({ open, onOpenChange, leave }: { open: boolean; onOpenChange: (open: boolean) => void; leave: MyLeave | undefined }) {
  const ask = useAskLeave();
  const [type, setType] = useState<LeaveType>("PL");
  const [from, setFrom] = useState(todayIso());
  const [to, setTo] = useState(todayIso());
  const [halfDay, setHalfDay] = useState(false);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const oneDay = from === to;
  const days = leave && from && to && to >= from ? leaveDayCount({ from, to, halfDay: halfDay && oneDay }, leave.employee.weeklyOff, new Set()) : null;
  const balance = leave?.balance;

  const close = () => {
    setType("PL");
    setFrom(todayIso());
    setTo(todayIso());
    setHalfDay(false);
    setReason("");
    setErrors({});
    onOpenChange(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setErrors({ reason: "Reason is required" });
    runMutation(
      ask,
      { type, from, to, halfDay: halfDay && oneDay, reason: reason.trim() },
      {
        onSuccess: (request) => {
          toast({
            title: "Leave requested",
            description: `${request.leaveType}, ${formatDate(request.from)}${request.to !== request.from ? ` to ${formatDate(request.to)}` : ""}: HR has been told.`,
          });
          close();
        },
        onError: (err) => {
          const issues = errorIssues(err);
          setErrors(Object.keys(issues).length > 0 ? issues : { root: errorMessage(err, "Could not send the request") });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogContent
        title="Ask for leave"
        description="HR is told at once; you see their answer here and in your notifications."
        size="md"
        className="max-sm:h-[100dvh] max-sm:max-h-[100dvh] max-sm:rounded-none"
        footer={<FormDialogFooter formId="ask-leave-form" submitLabel="Send request" pending={ask.isPending} pendingLabel="Sending…" onCancel={close} />}
      >
        <form id="ask-leave-form" onSubmit={submit} noValidate className="grid gap-4">
          {errors.root ? <Alert variant="destructive">{errors.root}</Alert> : null}
          <LeaveRangeFields
            type={{ value: type, onChange: (e) => setType(e.target.value as LeaveType) }}
            from={{
              value: from,
              onChange: (e) => {
                setFrom(e.target.value);
                if (!to || to < e.target.value) setTo(e.target.value);
              },
            }}
            to={{ min: from, value: to, onChange: (e) => setTo(e.target.value) }}
            halfDay={halfDay}
            oneDay={oneDay}
            onHalfDayChange={setHalfDay}
            reason={{ value: reason, onChange: (e) => setReason(e.target.value) }}
            errors={errors}
            datesOnOneRow
          />
          {balance ? (
            <div className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite">
              <p>
                Days asked: <span className="font-semibold text-slate-900">{days ?? "—"}</span>{" "}
                <span className="text-slate-500">(weekly offs not counted)</span>
              </p>
              <p>
                Paid leave left: <span className="font-semibold text-slate-900">{balance.remaining}</span> of {balance.entitlement}
                {balance.pending > 0 ? ` (${balance.pending} waiting for HR)` : ""}
                {type === "PL" && days !== null && days > balance.remaining ? <span className="text-red-700"> — not enough for this</span> : null}
              </p>
            </div>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
