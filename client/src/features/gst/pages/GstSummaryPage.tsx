// GST Summary (DECISIONS §12): a month's bills with GST added up by rate, the tax charged by suppliers
// apart from the tax the company owes under reverse charge, and the input tax credit; downloadable as
// CSV for the accountant's return. Which bills count is the server's rule (services/gst-summary.ts).
import { useState } from "react";
import { ChevronLeft, ChevronRight, Download, FileSpreadsheet, Landmark, ReceiptIndianRupee, RotateCcw, Wallet } from "lucide-react";
import { formatRupees, toIsoDate } from "@shared/format";
import { addMoney } from "@shared/money";
import type { GstSummary, GstSummaryTotals } from "@shared/schemas/gst";
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, Field, Input, Spinner, StatCard } from "@/components/ui";
import { currentTime } from "@/lib/clock";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { downloadGstSummaryCsv, useGstSummary } from "../api";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

function monthName(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 1)));
}

type Row = GstSummaryTotals & { rate?: number };

function RateTable({ caption, rows, total }: { caption: string; rows: Row[]; total: GstSummaryTotals }) {
  const cells = (r: GstSummaryTotals) => [
    r.bills,
    formatRupees(r.taxableValue),
    formatRupees(r.cgst),
    formatRupees(r.sgst),
    formatRupees(r.igst),
    formatRupees(r.totalTax),
  ];
  return (
    <>
      {/* Phones: one block per rate. */}
      <ul className="grid gap-2 md:hidden">
        {[...rows.map((r) => ({ label: `${r.rate}%`, r })), { label: "Total", r: total as Row }].map(({ label, r }) => (
          <li key={label} className={label === "Total" ? "rounded-lg border border-slate-300 bg-slate-50 p-3" : "rounded-lg border border-slate-200 p-3"}>
            <div className="mb-2 flex items-baseline justify-between gap-2">
              <span className="text-sm font-semibold text-slate-900">{label === "Total" ? "Total" : `Rate ${label}`}</span>
              <span className="text-xs text-slate-600">
                {r.bills} {r.bills === 1 ? "bill" : "bills"}
              </span>
            </div>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Taxable value</dt>
              <dd className="text-right tabular-nums">{formatRupees(r.taxableValue)}</dd>
              <dt className="text-slate-600">CGST</dt>
              <dd className="text-right tabular-nums">{formatRupees(r.cgst)}</dd>
              <dt className="text-slate-600">SGST</dt>
              <dd className="text-right tabular-nums">{formatRupees(r.sgst)}</dd>
              <dt className="text-slate-600">IGST</dt>
              <dd className="text-right tabular-nums">{formatRupees(r.igst)}</dd>
              <dt className="font-medium text-slate-800">Total tax</dt>
              <dd className="text-right font-semibold tabular-nums">{formatRupees(r.totalTax)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      {/* Tablets and up: the table. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 text-left">
                Rate
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Bills
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Taxable value
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                CGST
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                SGST
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                IGST
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Total tax
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.rate}>
                <th scope="row" className="px-4 py-2.5 text-left font-medium text-slate-900">
                  {r.rate}%
                </th>
                {cells(r).map((c, i) => (
                  <td key={i} className="px-4 py-2.5 text-right tabular-nums text-slate-800">
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-200 bg-slate-50">
            <tr>
              <th scope="row" className="px-4 py-2.5 text-left font-semibold text-slate-900">
                Total
              </th>
              {cells(total).map((c, i) => (
                <td key={i} className="px-4 py-2.5 text-right font-semibold tabular-nums text-slate-900">
                  {c}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

function Sections({ summary }: { summary: GstSummary }) {
  const { forwardCharge, reverseCharge, inputTaxCredit } = summary;
  if (!forwardCharge.total.bills && !reverseCharge.total.bills) {
    return (
      <Card>
        <EmptyState
          icon={FileSpreadsheet}
          title={`No GST bills in ${monthName(summary.month)}`}
          description="Bills with a GST invoice dated in this month show here once they are approved. Pick another month, or add the GST section to a bill."
        />
      </Card>
    );
  }
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Taxable value"
          value={formatRupees(addMoney(forwardCharge.total.taxableValue, reverseCharge.total.taxableValue))}
          subtitle={`${forwardCharge.total.bills + reverseCharge.total.bills} bills`}
          icon={ReceiptIndianRupee}
        />
        <StatCard
          title="Tax charged by suppliers"
          value={formatRupees(forwardCharge.total.totalTax)}
          subtitle={`${forwardCharge.total.bills} bills`}
          icon={Wallet}
        />
        <StatCard
          title="Input tax credit"
          value={formatRupees(inputTaxCredit.totalTax)}
          subtitle={`${inputTaxCredit.bills} ITC-eligible ${inputTaxCredit.bills === 1 ? "bill" : "bills"}`}
          icon={Landmark}
          variant="success"
        />
        <StatCard
          title="Reverse charge to pay"
          value={formatRupees(reverseCharge.total.totalTax)}
          subtitle={
            reverseCharge.total.bills
              ? `${reverseCharge.total.bills} ${reverseCharge.total.bills === 1 ? "bill" : "bills"}: the company pays this tax`
              : "No bills under reverse charge"
          }
          icon={RotateCcw}
          variant={reverseCharge.total.bills ? "warning" : "default"}
        />
      </div>

      <Card>
        <CardHeader className="pb-3">
          <CardTitle>Tax charged by suppliers</CardTitle>
          <p className="text-sm text-slate-600">Bills whose supplier charged the GST, by rate. A bill with lines at two rates counts under both.</p>
        </CardHeader>
        <CardContent>
          {forwardCharge.rows.length ? (
            <RateTable caption="Tax charged by suppliers, by rate" rows={forwardCharge.rows} total={forwardCharge.total} />
          ) : (
            <p className="text-sm text-slate-600">No bills with tax charged by the supplier this month.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="pb-3">
          <CardTitle>Reverse charge</CardTitle>
          <p className="text-sm text-slate-600">
            Bills under reverse charge: the supplier was paid the taxable value and the company pays this tax to the government.
          </p>
        </CardHeader>
        <CardContent>
          {reverseCharge.rows.length ? (
            <RateTable caption="Reverse charge, by rate" rows={reverseCharge.rows} total={reverseCharge.total} />
          ) : (
            <p className="text-sm text-slate-600">No bills under reverse charge this month.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="pb-3">
          <CardTitle>Input tax credit</CardTitle>
          <p className="text-sm text-slate-600">The tax of the bills marked ITC eligible, of both kinds above.</p>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-5">
            {(
              [
                ["Taxable value", inputTaxCredit.taxableValue],
                ["CGST", inputTaxCredit.cgst],
                ["SGST", inputTaxCredit.sgst],
                ["IGST", inputTaxCredit.igst],
                ["Total tax", inputTaxCredit.totalTax],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents sm:block">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-right font-medium tabular-nums text-slate-900 sm:text-left">{formatRupees(value)}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </>
  );
}

export default function GstSummaryPage() {
  const [month, setMonth] = useState(() => toIsoDate(currentTime()).slice(0, 7));
  const [downloading, setDownloading] = useState(false);
  const valid = MONTH.test(month);
  const summary = useGstSummary(month);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadGstSummaryCsv(month);
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to download the GST summary"), variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex items-end gap-2">
            <Button variant="outline" size="icon" onClick={() => valid && setMonth(shiftMonth(month, -1))} aria-label="Previous month" disabled={!valid}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Field label="Month" className="min-w-0 flex-1 sm:w-48 sm:flex-none" error={valid ? undefined : "Pick a month"}>
              <Input type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
            </Field>
            <Button variant="outline" size="icon" onClick={() => valid && setMonth(shiftMonth(month, 1))} aria-label="Next month" disabled={!valid}>
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
          <Button onClick={() => void download()} disabled={!valid || downloading}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {downloading ? "Downloading..." : "Download CSV"}
          </Button>
        </CardContent>
      </Card>

      {summary.isError ? (
        <Alert variant="destructive" title="Could not load the GST summary">
          {errorMessage(summary.error, "Please try again.")}
        </Alert>
      ) : summary.data ? (
        <Sections summary={summary.data} />
      ) : valid ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : null}

      <p className="text-xs text-slate-600">
        Counts bills (Form B) with a GST invoice dated in the month, once they are Approved, Payment Due, Paid or Completed; drafts, pending and rejected bills
        are left out. Every such bill of the company counts, whoever entered it.
      </p>
    </div>
  );
}
