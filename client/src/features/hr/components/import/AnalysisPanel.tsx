// What the browser reads of a punch CSV before it is sent (DECISIONS §8): the month its dates fall
// in and how surely, their range and formats, the required columns, and warnings to check first.
import { ScanSearch } from "lucide-react";
import { formatDate } from "@shared/format";
import { Alert, Badge } from "@/components/ui";
import { cn } from "@/lib/utils";
import { AUTO_SELECT_CONFIDENCE, type CsvAnalysis } from "../../lib/csv-analysis";
import { monthLabel } from "../../lib/dates";

export function AnalysisPanel({ analysis, selectedMonth }: { analysis: CsvAnalysis; selectedMonth: string }) {
  const multiple = analysis.monthDistribution.length > 1;
  const low = analysis.detectedMonth !== null && analysis.confidence < AUTO_SELECT_CONFIDENCE;
  const maxCount = analysis.monthDistribution[0]?.count ?? 1;
  return (
    <section aria-labelledby="analysis-heading" className="space-y-4 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <h3 id="analysis-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <ScanSearch className="h-4 w-4 text-brand-700" aria-hidden="true" />
        File analysis
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-600">Detected month</dt>
          <dd className="font-medium text-slate-900">{analysis.detectedMonth ? monthLabel(analysis.detectedMonth) : "Not detected"}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Confidence</dt>
          <dd className="font-medium tabular-nums text-slate-900">{analysis.confidence}%</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Date range</dt>
          <dd className="font-medium text-slate-900">
            {analysis.dateRange ? `${formatDate(analysis.dateRange.from)} – ${formatDate(analysis.dateRange.to)}` : "—"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Records{analysis.sampled ? " (first 2 MB)" : ""}</dt>
          <dd className="font-medium tabular-nums text-slate-900">{analysis.totalRecords.toLocaleString("en-IN")}</dd>
        </div>
      </dl>
      <div>
        <p className="text-xs text-slate-600">Date formats</p>
        <div className="mt-1 flex flex-wrap gap-1.5">
          {analysis.dateFormats.length ? (
            analysis.dateFormats.map((f) => (
              <Badge key={f} variant="outline">
                {f}
              </Badge>
            ))
          ) : (
            <span className="text-sm text-slate-600">None recognised</span>
          )}
        </div>
      </div>
      {analysis.monthDistribution.length > 0 ? (
        <div>
          <p className="text-xs text-slate-600">Month distribution</p>
          <ul className="mt-1.5 grid gap-1.5">
            {analysis.monthDistribution.slice(0, 6).map((m) => (
              <li key={m.month} className="grid grid-cols-[130px_1fr_60px] items-center gap-2 text-sm">
                <span className={cn("text-slate-800", m.month === selectedMonth && "font-semibold")}>{monthLabel(m.month)}</span>
                <span className="h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                  <span className="block h-full rounded-full bg-brand-500" style={{ width: `${(m.count / maxCount) * 100}%` }} />
                </span>
                <span className="text-right tabular-nums text-slate-700">{m.count.toLocaleString("en-IN")}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {analysis.missingColumns.length > 0 ? (
        <Alert variant="destructive" title="Required columns missing">
          The file has no {analysis.missingColumns.join(", ")} column{analysis.missingColumns.length === 1 ? "" : "s"}. Found:{" "}
          {analysis.headers.join(", ") || "no header"}.
        </Alert>
      ) : null}
      {low ? (
        <Alert variant="warning" title="Low confidence">
          Only {analysis.confidence}% of the dates fall in {monthLabel(analysis.detectedMonth!)}. Please verify the month before importing.
        </Alert>
      ) : null}
      {multiple ? (
        <Alert variant="warning" title="Multiple months found">
          This file has dates in {analysis.monthDistribution.length} months. Only rows of the selected month are imported; the rest are skipped.
        </Alert>
      ) : null}
      {analysis.detectedMonth && selectedMonth && selectedMonth !== analysis.detectedMonth ? (
        <p className="text-sm text-amber-800">The selected month ({monthLabel(selectedMonth)}) differs from the detected one.</p>
      ) : null}
    </section>
  );
}
