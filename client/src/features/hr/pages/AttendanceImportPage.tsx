// CSV attendance import (spec 001 §2, §5, §8; DECISIONS §8): month, file, an analysis in the
// browser, an optional dry run, the upload with progress, then the result with unmatched names
// that can be mapped to employees and re-imported.
import { useEffect, useRef, useState, type DragEvent } from "react";
import {
  AlertTriangle,
  ArrowLeft,
  CheckCircle2,
  FileSpreadsheet,
  FileText,
  Link2,
  Loader2,
  RotateCcw,
  ScanSearch,
  Trash2,
  Upload,
  X,
} from "lucide-react";
import { Link } from "wouter";
import { formatDate, formatFileSize } from "@shared/format";
import { PUNCH_DATE_FORMATS } from "@shared/punch-dates";
import type { ImportResult } from "@shared/schemas/hr";
import { PATHS } from "@/lib/paths";
import { Alert, Badge, Button, buttonVariants, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, Input, Progress, Select, IconButton } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { cn } from "@/lib/utils";
import {
  uploadAttendanceCsv,
  useAllEmployees,
  useCreateNameMapping,
  useDeleteNameMapping,
  useInvalidateAfterImport,
  useNameMappings,
  type UploadPhase,
} from "../api";
import { analyseCsvFile, AUTO_SELECT_CONFIDENCE, isCsvFile, REQUIRED_COLUMNS, type CsvAnalysis } from "../lib/csv-analysis";
import { importMonthOptions, monthLabel, recordedThroughText, todayIso } from "../lib/dates";
import { latestCoverable } from "@shared/attendance-days";

type Run = { phase: UploadPhase; percent: number; dryRun: boolean } | null;

function Stat({ label, value, tone = "text-slate-900" }: { label: string; value: number | string; tone?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={cn("mt-1 text-xl font-semibold tabular-nums", tone)}>{value}</dd>
    </div>
  );
}

function AnalysisPanel({ analysis, selectedMonth }: { analysis: CsvAnalysis; selectedMonth: string }) {
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
          <dd className="font-medium text-slate-900">{analysis.dateRange ? `${formatDate(analysis.dateRange.from)} – ${formatDate(analysis.dateRange.to)}` : "—"}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Records{analysis.sampled ? " (first 2 MB)" : ""}</dt>
          <dd className="font-medium tabular-nums text-slate-900">{analysis.totalRecords.toLocaleString("en-IN")}</dd>
        </div>
      </dl>
      <div>
        <p className="text-xs text-slate-600">Date formats</p>
        <div className="mt-1 flex flex-wrap gap-1.5">
          {analysis.dateFormats.length ? analysis.dateFormats.map((f) => <Badge key={f} variant="outline">{f}</Badge>) : <span className="text-sm text-slate-600">None recognised</span>}
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
          The file has no {analysis.missingColumns.join(", ")} column{analysis.missingColumns.length === 1 ? "" : "s"}. Found: {analysis.headers.join(", ") || "no header"}.
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

/** "2 names matched no employee (13 rows not imported) · 1 row with errors", or null when the import had none. */
function importProblems(result: ImportResult): string | null {
  const parts: string[] = [];
  const unmatchedRows = result.unmatchedNames.reduce((n, u) => n + u.rows, 0);
  if (result.unmatchedNames.length > 0) {
    const names = result.unmatchedNames.length;
    parts.push(`${names} name${names === 1 ? "" : "s"} matched no employee (${unmatchedRows.toLocaleString("en-IN")} row${unmatchedRows === 1 ? "" : "s"} not imported)`);
  }
  if (result.errors.length > 0) {
    const n = result.errors.length;
    parts.push(`${n >= 100 ? "100 or more" : n} row${n === 1 ? "" : "s"} with errors`);
  }
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** The month's recorded range after this import, in the words of every other HR screen ("Recorded through 26 Nov"). */
function recordedRangeText(result: ImportResult, dry: boolean): string {
  const month = result.monthCoveredThrough;
  if (!month) return dry ? "No day of the month would be recorded yet (none is over)." : "No day of the month is recorded yet (none is over).";
  const range = `${recordedThroughText(month)}${dry ? " after this import" : ""}.`;
  // A file of earlier days leaves the month's range where a previous import put it.
  return result.coveredThrough && result.coveredThrough < month ? `${range} This file covers through ${formatDate(result.coveredThrough)}.` : range;
}

function ResultPanel({ result, onReimport, busy }: { result: ImportResult; onReimport: () => void; busy: boolean }) {
  const employees = useAllEmployees("active");
  const createMapping = useCreateNameMapping();
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [mapped, setMapped] = useState<Record<string, string>>({});
  const dry = Boolean(result.dryRun);

  const map = async (name: string) => {
    const employeeId = choice[name];
    if (!employeeId) return;
    try {
      await createMapping.mutateAsync({ csvName: name, employeeId });
      const who = employees.data?.employees.find((e) => e.id === employeeId)?.employeeName ?? "employee";
      setMapped((m) => ({ ...m, [name]: who }));
      toast({ title: "Name Mapped", description: `'${name}' now imports as ${who}` });
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to save name mapping"), variant: "destructive" });
    }
  };
  const anyMapped = Object.keys(mapped).length > 0;
  const problems = importProblems(result);
  // Each result (the panel is keyed per run) is brought into view: it lies below the upload card.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "start" });
  }, []);

  return (
    <div ref={panel} className="scroll-mt-20">
      <Card className={dry ? "border-brand-200" : problems ? "border-amber-300" : "border-green-200"}>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            {dry ? (
              <ScanSearch className="h-5 w-5 text-brand-700" aria-hidden="true" />
            ) : problems ? (
              <AlertTriangle className="h-5 w-5 text-amber-600" aria-hidden="true" />
            ) : (
              <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden="true" />
            )}
            {dry ? "Preview (nothing stored yet)" : problems ? "Imported with problems" : "Import complete"}
          </CardTitle>
          <CardDescription>
            {dry ? "This is what an import of this file would do." : `${result.processedEvents.toLocaleString("en-IN")} new punch events stored from ${result.totalRows.toLocaleString("en-IN")} rows.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          {/* DECISIONS §8: what went wrong comes first, in view, above the counts. */}
          {problems ? (
            <Alert variant="warning" title={dry ? "This file has problems" : "Not everything was imported"}>
              {problems}
            </Alert>
          ) : null}
          {result.unmatchedNames.length > 0 ? (
            <section aria-labelledby="unmatched-heading" className="space-y-3">
              <div>
                <h3 id="unmatched-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                  <AlertTriangle className="h-4 w-4 text-amber-600" aria-hidden="true" />
                  Unmatched names ({result.unmatchedNames.length})
                </h3>
                <p className="text-sm text-slate-600">These names match no employee. Map each to an employee, then re-import; mappings are remembered for later files.</p>
              </div>
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {result.unmatchedNames.map((u) => (
                  <li key={u.name} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900 wrap-anywhere">{u.name}</p>
                      <p className="text-xs text-slate-600">
                        {u.rows} row{u.rows === 1 ? "" : "s"}
                      </p>
                    </div>
                    {mapped[u.name] ? (
                      <Badge variant="success">
                        <Link2 className="h-3 w-3" aria-hidden="true" />
                        Mapped to {mapped[u.name]}
                      </Badge>
                    ) : (
                      <div className="flex gap-2 sm:w-96">
                        <div className="flex-1">
                          <Select
                            aria-label={`Employee for ${u.name}`}
                            placeholder="Choose employee"
                            value={choice[u.name] ?? ""}
                            onChange={(e) => setChoice((c) => ({ ...c, [u.name]: e.target.value }))}
                            options={(employees.data?.employees ?? []).map((e) => ({ value: e.id, label: e.employeeCode ? `${e.employeeName} (${e.employeeCode})` : e.employeeName }))}
                          />
                        </div>
                        <Button variant="outline" onClick={() => map(u.name)} disabled={!choice[u.name] || createMapping.isPending}>
                          Map
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              {anyMapped ? (
                <Button onClick={onReimport} disabled={busy}>
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  Re-import
                </Button>
              ) : null}
            </section>
          ) : null}

          {result.errors.length > 0 ? (
            <section aria-labelledby="errors-heading">
              <h3 id="errors-heading" className="text-sm font-semibold text-red-700">
                Rows with errors ({result.errors.length}
                {result.errors.length >= 100 ? ", first 100 shown" : ""})
              </h3>
              <ul className="mt-2 max-h-64 divide-y divide-red-100 overflow-y-auto rounded-lg border border-red-200 bg-red-50/50 text-sm">
                {result.errors.map((e, i) => (
                  <li key={`${e.row}-${i}`} className="flex gap-3 px-3 py-1.5">
                    <span className="w-16 shrink-0 tabular-nums text-red-700">Row {e.row}</span>
                    <span className="text-slate-800">{e.message}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label={dry ? "Events to store" : "Processed events"} value={result.processedEvents.toLocaleString("en-IN")} tone="text-green-700" />
            <Stat label="Total rows" value={result.totalRows.toLocaleString("en-IN")} />
            <Stat label="Skipped (other months)" value={result.skippedRows.toLocaleString("en-IN")} tone={result.skippedRows ? "text-amber-700" : undefined} />
            <Stat label="Duplicates" value={result.duplicateEvents.toLocaleString("en-IN")} tone={result.duplicateEvents ? "text-slate-600" : undefined} />
          </dl>
          {result.coverageWarning ? (
            <Alert variant="warning" title="Days with no punches will be judged">
              {result.coverageWarning} Set "Recorded through" to the last day the file really covers to avoid that.
            </Alert>
          ) : null}
          <p className="text-sm text-slate-700" data-testid="import-recorded-through">
            {recordedRangeText(result, dry)}
          </p>
          {result.preview ? (
            <p className="text-sm text-slate-700">
              {result.preview.matchedEmployees} employee{result.preview.matchedEmployees === 1 ? "" : "s"} matched · {result.preview.affectedDays} employee-days to recalculate
              {result.preview.firstDate && result.preview.lastDate ? ` · ${formatDate(result.preview.firstDate)} – ${formatDate(result.preview.lastDate)}` : ""}
            </p>
          ) : null}

        </CardContent>
      </Card>
    </div>
  );
}

function NameMappingsCard() {
  const mappings = useNameMappings();
  const remove = useDeleteNameMapping();
  if (!mappings.data || mappings.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Name mappings</CardTitle>
        <CardDescription>CSV names that import as a given employee.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100 text-sm">
          {mappings.data.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{m.csvName}</span>
                <span className="text-slate-600"> → {m.employeeName}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove mapping ${m.csvName}`}
                disabled={remove.isPending}
                onClick={() =>
                  runMutation(remove, m.id, {
                    onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to remove name mapping"), variant: "destructive" }),
                  })
                }
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function FormatHelp() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <FileText className="h-4 w-4 text-slate-600" aria-hidden="true" />
          CSV format
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        <div>
          <p className="font-medium text-slate-900">Required columns</p>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {REQUIRED_COLUMNS.map((c) => (
              <Badge key={c} variant="outline">
                {c}
              </Badge>
            ))}
          </div>
        </div>
        <ul className="list-disc space-y-1 pl-5">
          <li>Date: {PUNCH_DATE_FORMATS.join(" or ")}</li>
          <li>Time: HH:MM (24-hour; seconds are accepted)</li>
          <li>Event Type: punch_in, punch_out, IN or OUT</li>
          <li>Employee Name must match an employee or a name mapping</li>
          <li>Importing the same file twice changes nothing</li>
        </ul>
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
          {"Employee Name,Date,Time,Event Type\nAsha Rao,2025-07-01,09:28,IN\nAsha Rao,2025-07-01,18:05,OUT"}
        </pre>
      </CardContent>
    </Card>
  );
}

export default function AttendanceImportPage() {
  const monthOptions = importMonthOptions();
  const [month, setMonth] = useState("");
  // DECISIONS §8: the last day this import records; empty = the rule's default.
  const [coveredThrough, setCoveredThrough] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [analysing, setAnalysing] = useState(false);
  const [analysis, setAnalysis] = useState<CsvAnalysis | null>(null);
  const [run, setRun] = useState<Run>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [resultKey, setResultKey] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const invalidateAfterImport = useInvalidateAfterImport();

  const choose = async (picked: File | undefined | null) => {
    if (!picked) return;
    if (!isCsvFile(picked)) {
      toast({ title: "Invalid File Type", description: "Please select a CSV file", variant: "destructive" });
      return;
    }
    setFile(picked);
    setResult(null);
    setAnalysis(null);
    setAnalysing(true);
    try {
      const a = await analyseCsvFile(picked);
      setAnalysis(a);
      if (a.detectedMonth && a.confidence >= AUTO_SELECT_CONFIDENCE && monthOptions.some((o) => o.value === a.detectedMonth)) {
        setMonth(a.detectedMonth);
        toast({ title: "Month Auto-Detected", description: `${monthLabel(a.detectedMonth)} (${a.confidence}% of the dates)` });
      }
    } catch {
      toast({ title: "Analysis Failed", description: "Could not analyze CSV file for date detection.", variant: "destructive" });
    } finally {
      setAnalysing(false);
    }
  };

  const clearFile = () => {
    setFile(null);
    setAnalysis(null);
    setResult(null);
    if (inputRef.current) inputRef.current.value = "";
  };

  const start = async (dryRun: boolean) => {
    if (!file) {
      toast({ title: "No File Selected", description: "Please select a CSV file to import", variant: "destructive" });
      return;
    }
    if (!month) {
      toast({ title: "Month Required", description: "Please select the month for this attendance data", variant: "destructive" });
      return;
    }
    setRun({ phase: "uploading", percent: 0, dryRun });
    try {
      const answer = await uploadAttendanceCsv(
        { file, month, dryRun, coveredThrough: coveredThrough || undefined },
        {
          onProgress: (percent) => setRun((r) => (r ? { ...r, percent } : r)),
          onPhase: (phase) => setRun((r) => (r ? { ...r, phase } : r)),
        },
      );
      setResult({ ...answer, dryRun: answer.dryRun ?? dryRun });
      setResultKey((k) => k + 1);
      if (!dryRun) {
        await invalidateAfterImport();
        const problems = importProblems(answer);
        toast({
          title: problems ? "Imported with problems" : "Import Successful",
          description: `Processed ${answer.processedEvents.toLocaleString("en-IN")} events from ${answer.totalRows.toLocaleString("en-IN")} rows${problems ? `. ${problems}` : ""}`,
          variant: problems ? "destructive" : undefined,
        });
      }
    } catch (err) {
      toast({ title: "Failed to import CSV", description: errorMessage(err, "Upload failed"), variant: "destructive" });
    } finally {
      setRun(null);
    }
  };

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files?.[0]);
  };

  const busy = run !== null;

  return (
    <div className="space-y-5">
      <Link href={PATHS.hr} className={buttonVariants({ variant: "ghost", size: "sm", className: "-ml-2" })}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to HR Dashboard
      </Link>
      <div className="grid gap-5 lg:grid-cols-[1fr_340px]">
        <div className="space-y-5">
          <Card>
            <CardHeader>
              <CardTitle>Upload attendance CSV</CardTitle>
              <CardDescription>Choose the month, pick the file from the attendance machine, check the analysis, then import.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <Field label="Month" required hint="The month this attendance data belongs to">
                <Select
                  placeholder="Select month"
                  value={month}
                  onChange={(e) => {
                    setMonth(e.target.value);
                    setCoveredThrough("");
                  }}
                  options={monthOptions}
                  disabled={busy}
                />
              </Field>
              <Field
                label="Recorded through (optional)"
                hint="Days of the month up to this one are judged (Absent when nobody punched). Leave empty: the whole month once it has ended, else the file's last punch day."
              >
                <Input
                  id="covered-through"
                  type="date"
                  value={coveredThrough}
                  min={month ? `${month}-01` : undefined}
                  max={month ? (latestCoverable(month, todayIso()) ?? undefined) : undefined}
                  onChange={(e) => setCoveredThrough(e.target.value)}
                  disabled={busy || !month || latestCoverable(month, todayIso()) === null}
                />
              </Field>

              <div>
                <p className="mb-1.5 text-sm font-medium text-slate-800" id="file-label">
                  CSV file
                </p>
                <label
                  htmlFor="csv-file"
                  onDragOver={(e) => {
                    e.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={onDrop}
                  className={cn(
                    "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors",
                    "focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2",
                    dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50/50 hover:border-brand-400 hover:bg-brand-50/40",
                    busy && "pointer-events-none opacity-60",
                  )}
                >
                  <Upload className="h-8 w-8 text-brand-600" aria-hidden="true" />
                  <span className="text-sm font-medium text-slate-900">
                    Drag and drop a CSV here, or <span className="text-brand-700 underline">browse</span>
                  </span>
                  <span className="text-xs text-slate-600">Up to 100 MB · .csv</span>
                  <input
                    ref={inputRef}
                    id="csv-file"
                    type="file"
                    accept=".csv,text/csv"
                    className="sr-only"
                    aria-labelledby="file-label"
                    disabled={busy}
                    onChange={(e) => void choose(e.target.files?.[0])}
                  />
                </label>
              </div>

              {file ? (
                <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
                  <FileSpreadsheet className="h-8 w-8 shrink-0 text-green-700" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900" title={file.name}>{file.name}</p>
                    <p className="text-xs text-slate-600">{formatFileSize(file.size)}</p>
                  </div>
                  <IconButton variant="ghost" onClick={clearFile} label="Remove file" disabled={busy}>
                    <X className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                </div>
              ) : null}

              {analysing ? (
                <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                  Analysing dates…
                </p>
              ) : analysis ? (
                <AnalysisPanel analysis={analysis} selectedMonth={month} />
              ) : null}

              {run ? (
                <div className="space-y-2" aria-live="polite">
                  <p className="text-sm font-medium text-slate-800">
                    {run.phase === "uploading" ? `Uploading… ${Math.round(run.percent)}%` : run.dryRun ? "Analysing on the server…" : "Processing…"}
                  </p>
                  {run.phase === "uploading" ? <Progress value={run.percent} label="Upload progress" /> : <Progress label="Processing" />}
                </div>
              ) : null}

              <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => start(true)} disabled={busy}>
                  <ScanSearch className="h-4 w-4" aria-hidden="true" />
                  Preview (dry run)
                </Button>
                <Button onClick={() => start(false)} disabled={busy}>
                  <Upload className="h-4 w-4" aria-hidden="true" />
                  {busy && !run?.dryRun ? "Importing…" : "Import CSV"}
                </Button>
              </div>
            </CardContent>
          </Card>
          {result ? <ResultPanel key={resultKey} result={result} onReimport={() => start(false)} busy={busy} /> : null}
        </div>
        <div className="space-y-5">
          <FormatHelp />
          <NameMappingsCard />
        </div>
      </div>
    </div>
  );
}
