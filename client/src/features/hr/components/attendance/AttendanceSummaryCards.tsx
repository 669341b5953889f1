// The Attendance page's summary (spec 001 §2): who is counted, Present, Absent, Not recorded, Late.
import { CalendarCheck, CircleDashed, Clock, UserX, Users } from "lucide-react";
import { StatCard } from "@/components/ui";
import type { AttendanceView } from "./use-attendance-view";

/** What a day's Total Employees holds besides Present, Absent and Not recorded (leave, offs, holidays, reviews). */
function otherDaysText(other: number): string {
  return other > 0 ? `${other} on leave, off or to review` : "Everyone listed below";
}

export function AttendanceSummaryCards({ view }: { view: AttendanceView }) {
  const { summary, records, single } = view;
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <StatCard
        title="Total Employees"
        value={summary.totalEmployees}
        subtitle={single ? otherDaysText(records.length - summary.present - summary.absent - summary.notRecorded) : `${records.length} days listed`}
        icon={Users}
        className="col-span-2 lg:col-span-1"
      />
      <StatCard title="Present" value={summary.present} icon={CalendarCheck} variant="success" />
      <StatCard title="Absent" value={summary.absent} icon={UserX} variant="error" />
      <StatCard title="Not recorded" value={summary.notRecorded} subtitle="Not imported yet" icon={CircleDashed} />
      <StatCard title="Late" value={summary.late} icon={Clock} variant="warning" />
    </section>
  );
}
