// /accounting/exports (DECISIONS §12): export the paid transactions of a date range to TallyPrime
// or as a journal, see every batch (count, total, who, when), download it again, and as a
// SuperAdmin void one with a reason. A batch whose transactions changed after export says which.
// The batches and what is being exported or voided are the hook's (components/use-books-exports.ts).
import { Alert } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { usePermissions } from "@/lib/session";
import { ExportBatchList } from "../components/ExportBatchList";
import { NewExportCard } from "../components/NewExportCard";
import { useBooksExports } from "../components/use-books-exports";
import { VoidBatchDialog } from "../components/VoidBatchDialog";

export default function ExportsPage() {
  const canVoid = usePermissions().voidsExportBatches;
  const books = useBooksExports();

  return (
    <div className="space-y-6">
      <NewExportCard newExport={books.newExport} />

      {books.exportsQuery.isError ? <Alert variant="destructive">{errorMessage(books.exportsQuery.error, "Failed to load the batches")}</Alert> : null}

      <ExportBatchList books={books} canVoid={canVoid} />

      <VoidBatchDialog voiding={books.voiding} />
    </div>
  );
}
