// The export batches of /accounting/exports (DECISIONS §12): the batches, a new export of the paid
// transactions of a date range in a format, and voiding a batch with a reason.
import { useState } from "react";
import { formatRupees, toIsoDate } from "@shared/format";
import type { ExportFormat } from "@shared/accounting";
import type { ExportBatchAnswer } from "@shared/schemas/accounting";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { currentTime } from "@/lib/clock";
import { useExportMutations, useExports } from "../api";

function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function useBooksExports() {
  const today = toIsoDate(currentTime());
  const [from, setFrom] = useState(firstOfMonth(today));
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<ExportFormat>("tally");
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [voiding, setVoiding] = useState<ExportBatchAnswer | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const exportsQuery = useExports();
  const { create, voidBatch } = useExportMutations();

  const runExport = () => {
    setFormError(null);
    setFieldErrors({});
    runMutation(
      create,
      { from, to, format },
      {
        onSuccess: (batch) =>
          toast({
            title: `Batch ${batch.number} exported`,
            description: `${batch.count} ${batch.count === 1 ? "transaction" : "transactions"}, ${formatRupees(batch.total)}. Download it below.`,
          }),
        onError: (err) => {
          setFieldErrors(errorIssues(err));
          setFormError(errorMessage(err, "The export failed"));
        },
      },
    );
  };

  const closeVoid = () => {
    setVoiding(null);
    setReason("");
    setReasonError(undefined);
  };

  const confirmVoid = () => {
    if (!voiding) return;
    if (reason.trim().length < 3) {
      setReasonError("Give a reason of at least 3 characters");
      return;
    }
    runMutation(
      voidBatch,
      { id: voiding.id, reason: reason.trim() },
      {
        onSuccess: (batch) => {
          toast({ title: `Batch ${batch.number} voided`, description: "Its transactions can be exported again." });
          setFormError(null);
          closeVoid();
        },
        onError: (err) => setReasonError(errorMessage(err, "Failed to void the batch")),
      },
    );
  };

  return {
    batches: exportsQuery.data?.batches ?? [],
    exportsQuery,
    newExport: { from, setFrom, to, setTo, format, setFormat, formError, fieldErrors, run: runExport, create },
    voiding: {
      batch: voiding,
      open: setVoiding,
      reason,
      changeReason: (text: string) => {
        setReason(text);
        setReasonError(undefined);
      },
      reasonError,
      pending: voidBatch.isPending,
      confirm: confirmVoid,
      close: closeVoid,
    },
  };
}

export type BooksExports = ReturnType<typeof useBooksExports>;
