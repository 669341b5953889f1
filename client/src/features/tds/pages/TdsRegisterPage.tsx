// TDS Register (/accounting/tds, Accountant and SuperAdmin; DECISIONS §12): a quarter's tax deducted on
// bills, with the totals by nature the challans pay, downloadable as CSV for the return. Which bills
// count is the server's rule (services/tds/register.ts): Approved or later, dated in the quarter.
import { useState } from "react";
import { ChevronLeft, ChevronRight, Download, Landmark, Percent } from "lucide-react";
import { formatDate, formatRupees, toIsoDate } from "@shared/format";
import { formatRate, quarterBounds } from "@shared/tds";
import type { TdsRegister } from "@shared/schemas/tds";
import { Alert, Badge, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ResponsiveList, Spinner } from "@/components/ui";
import { currentTime } from "@/lib/clock";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { downloadTdsRegisterCsv, useTdsRegister } from "../api";

/** The quarter of the financial year a day falls in: "2026-Q3" for a day of October to December 2026. */
function quarterOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  const n = month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4;
  return `${start}-Q${n}`;
}

function shiftQuarter(quarter: string, by: number): string {
  const index = Number(quarter.slice(0, 4)) * 4 + Number(quarter.slice(6)) - 1 + by;
  return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
}

const MONTH = new Intl.DateTimeFormat("en-IN", { month: "long", timeZone: "UTC" });
const monthOf = (day: string) => MONTH.format(new Date(`${day}T00:00:00Z`));

/** "Q3 of 2026-27: October to December 2026". */
function quarterWords(quarter: string): { title: string; months: string } {
  const start = Number(quarter.slice(0, 4));
  const { from, to } = quarterBounds(quarter);
  return {
    title: `Q${quarter.slice(6)} of ${start}-${String((start + 1) % 100).padStart(2, "0")}`,
    months: `${monthOf(from)} to ${monthOf(to)} ${to.slice(0, 4)}`,
  };
}

function Register({ register }: { register: TdsRegister }) {
  return (
    <>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle>For the challans</CardTitle>
          <p className="text-sm text-slate-600">The TDS deducted in the quarter by nature: what is paid to the government under each section.</p>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {register.totals.map((t) => (
              <li key={t.natureId} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
                <div className="min-w-0">
                  <p className="break-words text-sm font-medium text-slate-900">{t.natureName}</p>
                  <p className="text-xs text-slate-600">Section {t.legacySection}</p>
                </div>
                <p className="shrink-0 text-lg font-semibold tabular-nums text-slate-900">{formatRupees(t.tds)}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <div className="flex items-center gap-2 border-b border-slate-100 px-5 py-4">
          <Landmark className="h-5 w-5 text-slate-600" aria-hidden="true" />
          <h2 className="text-base font-semibold text-slate-900">Deductions ({register.rows.length})</h2>
        </div>
        <ResponsiveList
          tableLabel="TDS deductions"
          head={
            <>
              <th scope="col" className="px-5 py-2.5">
                Party
              </th>
              <th scope="col" className="px-4 py-2.5">
                Nature
              </th>
              <th scope="col" className="whitespace-nowrap px-4 py-2.5">
                Credited on
              </th>
              <th scope="col" className="px-4 py-2.5 text-right">
                Amount
              </th>
              <th scope="col" className="px-4 py-2.5 text-right">
                Rate
              </th>
              <th scope="col" className="px-5 py-2.5 text-right">
                TDS
              </th>
            </>
          }
          rows={register.rows.map((r, i) => (
            <tr key={i} className="align-top hover:bg-slate-50/60">
              <td className="min-w-[12rem] max-w-[18rem] px-5 py-3">
                <p className="break-words font-medium text-slate-900">{r.party}</p>
                {r.pan ? <p className="font-mono text-xs text-slate-600">PAN {r.pan}</p> : null}
                {r.noPan ? (
                  <Badge variant="warning" className="mt-1">
                    No PAN: higher rate
                  </Badge>
                ) : null}
              </td>
              <td className="px-4 py-3">
                <span className="block whitespace-nowrap text-slate-900">
                  {r.natureName} · {r.legacySection}
                </span>
                <span className="block whitespace-nowrap text-xs text-slate-600">
                  {r.actReference}
                  {r.paymentCode ? ` · code ${r.paymentCode}` : ""}
                </span>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-800">{formatDate(r.creditedOn)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-800">{formatRupees(r.amount)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-800">{formatRate(r.rate)}</td>
              <td className="whitespace-nowrap px-5 py-3 text-right font-semibold tabular-nums text-slate-900">{formatRupees(r.tds)}</td>
            </tr>
          ))}
          cards={register.rows.map((r, i) => (
            <li key={i} className="space-y-1.5 p-4">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 break-words font-medium text-slate-900">{r.party}</p>
                <p className="shrink-0 font-semibold tabular-nums text-slate-900">{formatRupees(r.tds)}</p>
              </div>
              <p className="text-sm text-slate-700">
                {r.natureName} · {r.legacySection} · {formatRate(r.rate)} of {formatRupees(r.amount)}
              </p>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <span>Credited on {formatDate(r.creditedOn)}</span>
                {r.pan ? <span className="font-mono">PAN {r.pan}</span> : null}
                {r.noPan ? <Badge variant="warning">No PAN: higher rate</Badge> : null}
              </div>
            </li>
          ))}
        />
      </Card>
    </>
  );
}

export default function TdsRegisterPage() {
  const [quarter, setQuarter] = useState(() => quarterOf(toIsoDate(currentTime())));
  const [downloading, setDownloading] = useState(false);
  const register = useTdsRegister(quarter);
  const words = quarterWords(quarter);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadTdsRegisterCsv(quarter);
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to download the TDS register"), variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-2">
            <Button variant="outline" size="icon" onClick={() => setQuarter(shiftQuarter(quarter, -1))} aria-label="Previous quarter">
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            </Button>
            <div className="min-w-0 flex-1 text-center sm:w-64 sm:flex-none" aria-live="polite">
              <p className="font-semibold text-slate-900">{words.title}</p>
              <p className="text-xs text-slate-600">{words.months}</p>
            </div>
            <Button variant="outline" size="icon" onClick={() => setQuarter(shiftQuarter(quarter, 1))} aria-label="Next quarter">
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
          <Button onClick={() => void download()} disabled={downloading}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {downloading ? "Downloading..." : "Download CSV"}
          </Button>
        </CardContent>
      </Card>

      {register.isError ? (
        <Alert variant="destructive" title="Could not load the TDS register">
          {errorMessage(register.error, "Please try again.")}
        </Alert>
      ) : register.data ? (
        register.data.rows.length ? (
          <Register register={register.data} />
        ) : (
          <Card>
            <EmptyState
              icon={Percent}
              title={`No TDS deducted in ${words.title}`}
              description="Bills with TDS dated in this quarter show here once they are approved. Pick another quarter."
            />
          </Card>
        )
      ) : (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      )}

      <p className="text-xs text-slate-600">
        Counts bills with TDS dated in the quarter (the GST invoice date where there is one), once they are Approved, Payment Due, Paid or Completed. Amount is
        what the deduction was worked on, including earlier bills a crossing bill deducted for. Challans, the quarterly return, lower-deduction certificates and
        payment codes are for your accountant.
      </p>
    </div>
  );
}
