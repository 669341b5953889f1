// An import's result (spec 001 §5, DECISIONS §8): what went wrong first (names matched to no
// employee, each mappable here, then Re-import; rows with errors), then the counts and the month's
// recorded range. A dry run's says what an import would do.
import { useEffect, useRef, useState } from "react";
import { AlertTriangle, CheckCircle2, Link2, RotateCcw, ScanSearch } from "lucide-react";
import { formatDate } from "@shared/format";
import type { ImportResult } from "@shared/schemas/hr";
import { Alert, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Select } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { useAllEmployees, useCreateNameMapping } from "../../api";
import { importProblems, recordedRangeText } from "./import-words";

function Stat({ label, value, tone = "text-slate-900" }: { label: string; value: number | string; tone?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={cn("mt-1 text-xl font-semibold tabular-nums", tone)}>{value}</dd>
    </div>
  );
}

export function ImportResultPanel({ result, onReimport, busy }: { result: ImportResult; onReimport: () => void; busy: boolean }) {
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
            {dry
              ? "This is what an import of this file would do."
              : `${result.processedEvents.toLocaleString("en-IN")} new punch events stored from ${result.totalRows.toLocaleString("en-IN")} rows.`}
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
                <p className="text-sm text-slate-600">
                  These names match no employee. Map each to an employee, then re-import; mappings are remembered for later files.
                </p>
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
                            options={(employees.data?.employees ?? []).map((e) => ({
                              value: e.id,
                              label: e.employeeCode ? `${e.employeeName} (${e.employeeCode})` : e.employeeName,
                            }))}
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
              {result.preview.matchedEmployees} employee{result.preview.matchedEmployees === 1 ? "" : "s"} matched · {result.preview.affectedDays} employee-days
              to recalculate
              {result.preview.firstDate && result.preview.lastDate ? ` · ${formatDate(result.preview.firstDate)} – ${formatDate(result.preview.lastDate)}` : ""}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
