// Voiding a batch (DECISIONS §12): its transactions can be exported again, once the person says why.
import { formatRupees } from "@shared/format";
import { ConfirmDialog, Field, Textarea } from "@/components/ui";
import type { BooksExports } from "./use-books-exports";

export function VoidBatchDialog({ voiding }: { voiding: BooksExports["voiding"] }) {
  const batch = voiding.batch;
  return (
    <ConfirmDialog
      open={batch !== null}
      onOpenChange={(o) => !o && voiding.close()}
      title={batch ? `Void batch ${batch.number}` : "Void batch"}
      description={
        batch
          ? `Its ${batch.count} ${batch.count === 1 ? "transaction" : "transactions"} (${formatRupees(batch.total)}) can then be exported again. Delete the vouchers you imported from it in your books first.`
          : undefined
      }
      confirmLabel="Void Batch"
      cancelLabel="Keep Batch"
      destructive
      pending={voiding.pending}
      onConfirm={voiding.confirm}
    >
      <Field label="Reason" required error={voiding.reasonError}>
        <Textarea
          rows={2}
          value={voiding.reason}
          onChange={(e) => voiding.changeReason(e.target.value)}
          placeholder="e.g. Exported before the ledgers were renamed"
        />
      </Field>
    </ConfirmDialog>
  );
}
