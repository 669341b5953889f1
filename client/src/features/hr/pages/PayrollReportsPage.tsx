// Payroll & Reports (/hr/reports): each employee's salary, deductions and net pay for a month,
// with totals and a CSV export (DECISIONS §8 deduction rules, computed on the server).
import { useState } from "react";
import { Download, FileBarChart } from "lucide-react";
import { formatRupees } from "@shared/format";
import type { PayrollRow } from "@shared/schemas/hr";
import { Alert, Button, Card, EmptyState, ResponsiveList, StatCard } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { usePayrollReport } from "../api";
import { downloadCsv } from "@/lib/download";
import { currentMonth, monthLabel } from "../lib/dates";
import { MonthStepper } from "../components/MonthStepper";
import { RecordedThrough } from "../components/RecordedThrough";

function departmentName(row: PayrollRow): string {
  return row.employee.department?.name ?? "—";
}

function Deductions({ row }: { row: PayrollRow }) {
  if (!row.salary) return <span className="text-xs text-slate-500">No salary on record</span>;
  if (!row.deductions?.length) return <span className="text-xs text-slate-500">None</span>;
  return (
    <ul className="space-y-0.5">
      {row.deductions.map((d, i) => (
        <li key={i} className="flex justify-between gap-3 text-xs">
          <span className="text-slate-700">{d.reason}</span>
          <span className="tabular-nums text-red-700">{formatRupees(d.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

export default function PayrollReportsPage() {
  const [month, setMonth] = useState(currentMonth());
  const report = usePayrollReport(month);
  const [exporting, setExporting] = useState(false);
  const rows = report.data?.rows ?? [];
  const totals: Partial<NonNullable<typeof report.data>["totals"]> = report.data?.totals ?? {};

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(`/api/hr/reports/payroll.csv?month=${month}`, `payroll_${month}.csv`);
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to export payroll"), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-5">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <MonthStepper id="payroll-month" month={month} onChange={setMonth} latest={currentMonth()} />
        <Button variant="outline" onClick={exportCsv} disabled={exporting}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {exporting ? "Exporting…" : "Export CSV"}
        </Button>
      </Card>

      {report.data ? <RecordedThrough coveredThrough={report.data.coveredThrough} month={month} /> : null}

      <section aria-label="Totals" className="grid gap-3 sm:grid-cols-3">
        <StatCard title="Gross Salaries" value={formatRupees(totals.salary)} subtitle={`${rows.length} employee${rows.length === 1 ? "" : "s"}`} />
        <StatCard title="Total Deductions" value={formatRupees(totals.totalDeductions)} variant="error" />
        <StatCard title="Net Pay" value={formatRupees(totals.netPay)} variant="success" />
      </section>

      {report.isError ? <Alert variant="destructive">{errorMessage(report.error, "Failed to load the payroll report")}</Alert> : null}

      <Card>
        <div className="border-b border-slate-100 px-5 py-3">
          <h2 className="text-base font-semibold text-slate-900">Payroll — {monthLabel(month)}</h2>
        </div>
        <ResponsiveList
          loading={report.isLoading}
          loadingLabel="Loading payroll"
          empty={
            rows.length === 0 && (
              <EmptyState
                icon={FileBarChart}
                title="No employees in this report"
                description="Active employees appear here with their salary and deductions."
              />
            )
          }
          tableLabel="Payroll"
          head={
            <>
              <th scope="col" className="px-4 py-2.5">
                Employee
              </th>
              <th scope="col" className="px-4 py-2.5">
                Attendance
              </th>
              <th scope="col" className="px-4 py-2.5 text-right">
                Salary
              </th>
              <th scope="col" className="min-w-[240px] px-4 py-2.5">
                Deductions
              </th>
              <th scope="col" className="px-4 py-2.5 text-right">
                Deducted
              </th>
              <th scope="col" className="px-4 py-2.5 text-right">
                Net Pay
              </th>
            </>
          }
          rows={rows.map((r) => (
            <tr key={r.employee.id} className="align-top">
              <td className="px-4 py-2.5">
                <span className="font-medium text-slate-900">{r.employee.employeeName}</span>
                <span className="block text-xs text-slate-500">{[r.employee.employeeCode, departmentName(r)].filter(Boolean).join(" · ")}</span>
              </td>
              <td className="whitespace-nowrap px-4 py-2.5 text-xs tabular-nums text-slate-700">
                <span className="block">{r.presentDays} present</span>
                <span className="block">{r.absentDays} absent</span>
                <span className="block">{r.violationPoints} pts</span>
              </td>
              <td className="px-4 py-2.5 text-right tabular-nums">{r.salary ? formatRupees(r.salary) : "—"}</td>
              <td className="px-4 py-2.5">
                <Deductions row={r} />
              </td>
              <td className="px-4 py-2.5 text-right tabular-nums text-red-700">{formatRupees(r.totalDeductions)}</td>
              <td className="px-4 py-2.5 text-right font-medium tabular-nums text-slate-900">{r.netPay ? formatRupees(r.netPay) : "—"}</td>
            </tr>
          ))}
          foot={
            <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold">
              <tr>
                <th scope="row" colSpan={2} className="px-4 py-2.5 text-left">
                  Totals ({totals.employees ?? rows.length} employees)
                </th>
                <td className="px-4 py-2.5 text-right tabular-nums">{formatRupees(totals.salary)}</td>
                <td />
                <td className="px-4 py-2.5 text-right tabular-nums text-red-700">{formatRupees(totals.totalDeductions)}</td>
                <td className="px-4 py-2.5 text-right tabular-nums">{formatRupees(totals.netPay)}</td>
              </tr>
            </tfoot>
          }
          cards={
            <>
              {rows.map((r) => (
                <li key={r.employee.id} className="space-y-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900 wrap-anywhere">{r.employee.employeeName}</p>
                      <p className="text-xs text-slate-600">
                        {departmentName(r)} · {r.presentDays} present · {r.absentDays} absent · {r.violationPoints} pts
                      </p>
                    </div>
                    <p className="text-right">
                      <span className="block text-xs text-slate-600">Net Pay</span>
                      <span className="font-semibold tabular-nums">{r.netPay ? formatRupees(r.netPay) : "—"}</span>
                    </p>
                  </div>
                  <p className="flex justify-between text-sm">
                    <span className="text-slate-600">Salary</span>
                    <span className="tabular-nums">{r.salary ? formatRupees(r.salary) : "—"}</span>
                  </p>
                  <Deductions row={r} />
                  <p className="flex justify-between text-sm">
                    <span className="text-slate-600">Total Deductions</span>
                    <span className="tabular-nums text-red-700">{formatRupees(r.totalDeductions)}</span>
                  </p>
                </li>
              ))}
              <li className="space-y-1 bg-slate-50 p-4 text-sm font-semibold">
                <p className="flex justify-between">
                  <span>Total Deductions</span>
                  <span className="tabular-nums text-red-700">{formatRupees(totals.totalDeductions)}</span>
                </p>
                <p className="flex justify-between">
                  <span>Net Pay</span>
                  <span className="tabular-nums">{formatRupees(totals.netPay)}</span>
                </p>
              </li>
            </>
          }
        />
      </Card>
    </div>
  );
}
