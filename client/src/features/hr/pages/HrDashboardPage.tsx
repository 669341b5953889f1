// HR dashboard (spec 001 §2): today's workforce at a glance, refreshed every 30 s.
import { RefreshCw, CalendarCheck, ClipboardList, Clock, FileBarChart, Settings2, Upload, UserPlus, UserX, Users, Palmtree } from "lucide-react";
import { Link } from "wouter";
import { PATHS } from "@/lib/paths";
import { Alert, Card, CardContent, CardHeader, CardTitle, StatCard } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { useHrStats } from "../api";
import { recordedThroughText } from "../lib/dates";

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

const ACTIONS = [
  { href: PATHS.hrImport, label: "Import CSV", description: "Upload punch data from the attendance machine", icon: Upload, primary: true },
  { href: PATHS.hrEmployeeNew, label: "Add Employee", description: "Create a new employee record", icon: UserPlus, primary: true },
  { href: PATHS.hrEmployees, label: "Manage Employees", description: "Search, edit and activate employees", icon: Users },
  { href: PATHS.hrAttendance, label: "View Attendance", description: "Daily records, edits and monthly details", icon: CalendarCheck },
  { href: PATHS.hrPolicies, label: "Manage Policies", description: "Shift timings, late rules and holidays", icon: Settings2 },
  { href: PATHS.hrReports, label: "Payroll & Reports", description: "Salary deductions and CSV exports", icon: FileBarChart },
  { href: PATHS.hrLeave, label: "Leave", description: "Record granted leave; see balances", icon: Palmtree },
] as const;

export default function HrDashboardPage() {
  const stats = useHrStats();
  const s = stats.data;
  const value = (n: number | undefined) => (s ? (n ?? 0) : "—");
  return (
    <div className="space-y-6">
      {stats.isError ? <Alert variant="destructive">{errorMessage(stats.error, "Failed to load HR statistics")}</Alert> : null}
      {s ? (
        <p className="text-sm text-slate-600" data-testid="recorded-through">
          {recordedThroughText(s.coveredThrough)}. Days after that are not recorded and cost nothing until an import covers them.
        </p>
      ) : null}
      <section aria-label="Today" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
        <StatCard title="Total Employees" value={value(s?.totalEmployees)} subtitle={s ? `${s.activeEmployees} active` : "Loading…"} icon={Users} />
        <StatCard
          title="Present Today"
          // DECISIONS §8: before an import holds punches of today, 0 present is not 0 % attendance.
          value={s ? (s.todayRecorded || s.presentToday > 0 ? s.presentToday : "Not recorded") : "—"}
          subtitle={
            s ? (s.todayRecorded ? `${percent(s.presentToday, s.activeEmployees)}% attendance` : "Not recorded yet: no punches of today imported") : "Loading…"
          }
          icon={CalendarCheck}
          variant="success"
        />
        <StatCard
          title="Absent Today"
          // DECISIONS §8: nobody is absent before an import holds punches of today.
          value={s ? (s.absentToday === null ? "Not recorded" : s.absentToday) : "—"}
          subtitle={s ? (s.absentToday === null ? "No punches of today imported yet" : "Due today, no punch in yet") : "Loading…"}
          icon={UserX}
          variant={s?.absentToday === null ? "default" : "error"}
        />
        <StatCard title="On Leave Today" value={value(s?.onLeaveToday)} subtitle="Granted leave (leave register)" icon={Palmtree} />
        <StatCard title="Late Arrivals" value={value(s?.lateArrivals)} subtitle="With violation points" icon={Clock} variant="warning" />
        <StatCard title="Pending Reviews" value={value(s?.pendingApprovals)} subtitle="Attendance records" icon={ClipboardList} variant="warning" />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {ACTIONS.map((a) => (
              <li key={a.href}>
                <Link
                  href={a.href}
                  className="group flex h-full items-start gap-3 rounded-lg border border-slate-200 p-4 transition-colors hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  <span
                    className={
                      "flex h-10 w-10 shrink-0 items-center justify-center rounded-lg " +
                      ("primary" in a && a.primary ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700 group-hover:bg-white")
                    }
                  >
                    <a.icon className="h-5 w-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{a.label}</span>
                    <span className="block text-sm text-slate-600">{a.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      {s && s.pendingApprovals > 0 ? (
        <Alert variant="warning" title={`${s.pendingApprovals} attendance record${s.pendingApprovals === 1 ? "" : "s"} need review`}>
          A punch in without a punch out (or the reverse) needs a decision.{" "}
          <Link href={`${PATHS.hrAttendance}?status=${encodeURIComponent("Pending Review")}`} className="font-medium underline">
            Review them
          </Link>
        </Alert>
      ) : null}
      <p className="flex items-center gap-1.5 text-xs text-slate-500">
        <RefreshCw className="h-3.5 w-3.5" aria-hidden="true" />
        Figures refresh every 30 seconds.
      </p>
    </div>
  );
}
