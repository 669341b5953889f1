// The upload card of the punch import (spec 001 §5): the month, "Recorded through", the file by
// drag and drop or browsing, the browser's analysis, the progress, and Preview or Import.
import { useRef, useState, type DragEvent } from "react";
import { FileSpreadsheet, Loader2, ScanSearch, Upload, X } from "lucide-react";
import { formatFileSize } from "@shared/format";
import { latestCoverable } from "@shared/attendance-days";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, IconButton, Input, Progress, Select } from "@/components/ui";
import { cn } from "@/lib/utils";
import { todayIso } from "../../lib/dates";
import { AnalysisPanel } from "./AnalysisPanel";
import type { AttendanceImport } from "./use-attendance-import";

export function UploadCard({ imp }: { imp: AttendanceImport }) {
  const { month, coveredThrough, file, run, busy } = imp;
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    void imp.choose(e.dataTransfer.files?.[0]);
  };

  const clearFile = () => {
    imp.clearFile();
    if (inputRef.current) inputRef.current.value = "";
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload attendance CSV</CardTitle>
        <CardDescription>Choose the month, pick the file from the attendance machine, check the analysis, then import.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <Field label="Month" required hint="The month this attendance data belongs to">
          <Select placeholder="Select month" value={month} onChange={(e) => imp.chooseMonth(e.target.value)} options={imp.monthOptions} disabled={busy} />
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
            onChange={(e) => imp.setCoveredThrough(e.target.value)}
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
              onChange={(e) => void imp.choose(e.target.files?.[0])}
            />
          </label>
        </div>

        {file ? (
          <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
            <FileSpreadsheet className="h-8 w-8 shrink-0 text-green-700" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
                {file.name}
              </p>
              <p className="text-xs text-slate-600">{formatFileSize(file.size)}</p>
            </div>
            <IconButton variant="ghost" onClick={clearFile} label="Remove file" disabled={busy}>
              <X className="h-4 w-4" aria-hidden="true" />
            </IconButton>
          </div>
        ) : null}

        {imp.analysing ? (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            Analysing dates…
          </p>
        ) : imp.analysis ? (
          <AnalysisPanel analysis={imp.analysis} selectedMonth={month} />
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
          <Button variant="outline" onClick={() => imp.start(true)} disabled={busy}>
            <ScanSearch className="h-4 w-4" aria-hidden="true" />
            Preview (dry run)
          </Button>
          <Button onClick={() => imp.start(false)} disabled={busy}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {busy && !run?.dryRun ? "Importing…" : "Import CSV"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
