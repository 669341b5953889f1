// A new export (DECISIONS §12): the paid dates and the format, what the format asks of the books,
// and why an export took nothing.
import { Upload } from "lucide-react";
import { EXPORT_FORMAT_LABELS, NOTHING_TO_EXPORT, type ExportFormat } from "@shared/accounting";
import { Alert, Button, Card, Field, Input, Select } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import type { BooksExports } from "./use-books-exports";

const FORMAT_OPTIONS = (Object.keys(EXPORT_FORMAT_LABELS) as ExportFormat[]).map((f) => ({ value: f, label: EXPORT_FORMAT_LABELS[f] }));

export function NewExportCard({ newExport }: { newExport: BooksExports["newExport"] }) {
  const { from, to, format, formError, fieldErrors, create } = newExport;
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">New export</h2>
      <p className="mt-1 text-sm text-slate-600">
        Takes every Paid or Completed transaction paid in these dates that no batch holds yet. Each transaction is exported once, until its batch is voided.
      </p>
      <form
        className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.2fr_auto] lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          newExport.run();
        }}
      >
        <Field label="Paid from" required error={fieldErrors.from}>
          <Input type="date" value={from} max={to} onChange={(e) => newExport.setFrom(e.target.value)} required />
        </Field>
        <Field label="Paid to" required error={fieldErrors.to}>
          <Input type="date" value={to} min={from} onChange={(e) => newExport.setTo(e.target.value)} required />
        </Field>
        <Field label="Format" required error={fieldErrors.format}>
          <Select value={format} onChange={(e) => newExport.setFormat(e.target.value as ExportFormat)} options={FORMAT_OPTIONS} />
        </Field>
        <Button type="submit" disabled={create.isPending} className="sm:col-span-2 lg:col-span-1">
          <Upload className="h-4 w-4" aria-hidden="true" />
          {create.isPending ? "Exporting…" : "Export"}
        </Button>
      </form>
      {formError ? (
        <Alert variant={create.error && errorMessage(create.error, "") === NOTHING_TO_EXPORT ? "warning" : "destructive"} className="mt-4">
          {formError}
        </Alert>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">
        {format === "tally"
          ? "TallyPrime: import the masters file first (Import › Masters) so every ledger exists, then the batch (Import › Transactions)."
          : "Journal CSV: one row per ledger line with date, voucher, ledger, debit and credit, for any ledger that imports a journal."}
      </p>
    </Card>
  );
}
