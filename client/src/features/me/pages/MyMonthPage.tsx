// My Month (/me, DECISIONS §15): the employee's own month exactly as HR's month view shows it —
// every day, punches, late marks, hand edits with their reason, deductions in rupees — with "Fix
// this day" on a past day of this or last month, and "Ask for leave" one tap from home. Phone first.
import { useState } from "react";
import { CalendarPlus, Palmtree, Wrench } from "lucide-react";
import { Link } from "wouter";
import type { AttendanceRecord } from "@shared/schemas/hr";
import { addMonths } from "@shared/calendar";
import { formatDate } from "@shared/format";
import { Alert, Badge, Button, buttonVariants, Card, CenteredSpinner } from "@/components/ui";
import { currentMonth, DailyTable, MonthStepper, MonthSummary, monthLabel, todayIso } from "@/features/hr";
import { errorMessage, errorStatus } from "@/lib/api";
import { PATHS } from "@/lib/paths";
import { useMyLeave, useMyMonth } from "../api";
import { AskLeaveDialog } from "../components/AskLeaveDialog";
import { FixDayDialog } from "../components/FixDayDialog";
import { RequestStatusBadge } from "../components/RequestStatusBadge";

/** Days whose times do not matter: nothing to fix there. */
const NOTHING_TO_FIX = new Set<string>(["Weekly Off", "Holiday", "Paid Leave (PL)", "Unpaid Leave (LWP)"]);

function monthFromAddress(): string {
  const month = new URLSearchParams(window.location.search).get("month");
  return month && /^\d{4}-\d{2}$/.test(month) ? month : currentMonth();
}

export default function MyMonthPage() {
  const [month, setMonth] = useState(monthFromAddress);
  const mine = useMyMonth(month);
  const leave = useMyLeave(Number(month.slice(0, 4)));
  const [asking, setAsking] = useState(false);
  const [fixing, setFixing] = useState<AttendanceRecord | null>(null);
  const today = todayIso();
  const earliestFix = `${addMonths(currentMonth(), -1)}-01`;

  if (mine.isLoading) return <CenteredSpinner label="Loading your month" />;
  if (mine.isError || !mine.data) {
    return <Alert variant={errorStatus(mine.error) === 404 ? "info" : "destructive"}>{errorMessage(mine.error, "Could not load your month")}</Alert>;
  }
  const data = mine.data;
  const pendingFix = new Map(data.regularisations.filter((r) => r.status === "Pending").map((r) => [r.date, r]));
  const days = [...data.monthlyAttendance].sort((a, b) => a.date.localeCompare(b.date));

  const dayAction = (d: AttendanceRecord) => {
    if (pendingFix.has(d.date)) return <Badge variant="warning">Fix asked</Badge>;
    if (d.date >= today || d.date < earliestFix || d.date < data.employee.joiningDate || NOTHING_TO_FIX.has(d.dayStatus)) return null;
    return (
      <Button variant="outline" size="sm" onClick={() => setFixing(d)} aria-label={`Fix ${formatDate(d.date)}`}>
        <Wrench className="h-4 w-4" aria-hidden="true" />
        Fix
      </Button>
    );
  };

  return (
    <div className="space-y-4">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900 wrap-anywhere">{data.employee.employeeName}</h2>
          <p className="text-sm text-slate-600">
            {data.employee.department.name} · Weekly off {data.employee.weeklyOff}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button onClick={() => setAsking(true)}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            Ask for leave
          </Button>
          <Link href={PATHS.meLeave} className={buttonVariants({ variant: "outline" })}>
            <Palmtree className="h-4 w-4" aria-hidden="true" />
            My Leave
          </Link>
        </div>
      </Card>
      <Card className="space-y-4 p-4 sm:p-5" aria-busy={mine.isFetching}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">{monthLabel(month)}</h2>
          <MonthStepper id="my-month" month={month} onChange={setMonth} latest={currentMonth()} />
        </div>
        <MonthSummary details={data} />
        {data.regularisations.length > 0 ? (
          <section aria-labelledby="fixes-heading" className="rounded-lg border border-slate-200 p-3">
            <h3 id="fixes-heading" className="text-sm font-semibold text-slate-900">
              Days you asked to fix
            </h3>
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {data.regularisations.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                  <span className="text-slate-700">
                    {formatDate(r.date)} · {[r.punchIn ? `in ${r.punchIn}` : null, r.punchOut ? `out ${r.punchOut}` : null].filter(Boolean).join(", ")}
                    {r.decisionReason ? <span className="block text-xs text-slate-500 wrap-anywhere">HR: {r.decisionReason}</span> : null}
                  </span>
                  <RequestStatusBadge status={r.status} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <DailyTable days={days} action={dayAction} />
      </Card>
      <AskLeaveDialog open={asking} onOpenChange={setAsking} leave={leave.data} />
      {fixing ? <FixDayDialog key={fixing.date} day={fixing} onClose={() => setFixing(null)} /> : null}
    </div>
  );
}
