// The punch import's steps (spec 001 §5, DECISIONS §8): the month (detected from the file when
// sure enough), the file and the browser's analysis of it, then a dry run or the import, with the
// upload's progress and the server's phases, and its result.
import { useState } from "react";
import type { ImportResult } from "@shared/schemas/hr";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { uploadAttendanceCsv, useInvalidateAfterImport, type UploadPhase } from "../../api";
import { analyseCsvFile, AUTO_SELECT_CONFIDENCE, isCsvFile, type CsvAnalysis } from "../../lib/csv-analysis";
import { importMonthOptions, monthLabel } from "../../lib/dates";
import { importProblems } from "./import-words";

/** An upload under way: its phase, the upload's percent, and whether it is a dry run. */
export type ImportRun = { phase: UploadPhase; percent: number; dryRun: boolean } | null;

export function useAttendanceImport() {
  const monthOptions = importMonthOptions();
  const [month, setMonth] = useState("");
  // DECISIONS §8: the last day this import records; empty = the rule's default.
  const [coveredThrough, setCoveredThrough] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [analysing, setAnalysing] = useState(false);
  const [analysis, setAnalysis] = useState<CsvAnalysis | null>(null);
  const [run, setRun] = useState<ImportRun>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [resultKey, setResultKey] = useState(0);
  const invalidateAfterImport = useInvalidateAfterImport();

  const chooseMonth = (next: string) => {
    setMonth(next);
    setCoveredThrough("");
  };

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

  return {
    monthOptions,
    month,
    chooseMonth,
    coveredThrough,
    setCoveredThrough,
    file,
    choose,
    clearFile,
    analysing,
    analysis,
    run,
    busy: run !== null,
    start,
    result,
    resultKey,
  };
}

export type AttendanceImport = ReturnType<typeof useAttendanceImport>;
