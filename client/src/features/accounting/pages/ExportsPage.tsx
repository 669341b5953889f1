// /accounting/exports (DECISIONS §12): export the paid transactions of a date range to TallyPrime
// or as a journal, see every batch (count, total, who, when), download it again, and as a
// SuperAdmin void one with a reason. A batch whose transactions changed after export says which.
import { useState } from "react";
import { AlertTriangle, BookOpenCheck, Download, FileCode2, FileSpreadsheet, Ban, Upload } from "lucide-react";
import { formatDate, formatDateTime, formatRupees, toIsoDate } from "@shared/format";
import { EXPORT_FORMAT_LABELS, NOTHING_TO_EXPORT, type ExportFormat } from "@shared/accounting";
import type { ExportBatchAnswer } from "@shared/schemas/accounting";
import { Alert, Badge, Button, buttonVariants, Card, ConfirmDialog, EmptyState, Field, Input, ResponsiveList, Select, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { currentTime } from "@/lib/clock";
import { usePermissions } from "@/lib/session";
import { exportFileUrl, exportMastersUrl, useExportMutations, useExports } from "../api";

const FORMAT_OPTIONS = (Object.keys(EXPORT_FORMAT_LABELS) as ExportFormat[]).map((f) => ({ value: f, label: EXPORT_FORMAT_LABELS[f] }));

function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

function FormatBadge({ format }: { format: ExportFormat }) {
  return (
    <Badge variant={format === "tally" ? "info" : "purple"}>
      {format === "tally" ? <FileCode2 className="h-3 w-3" aria-hidden="true" /> : <FileSpreadsheet className="h-3 w-3" aria-hidden="true" />}
      {EXPORT_FORMAT_LABELS[format]}
    </Badge>
  );
}

function StateBadge({ batch }: { batch: ExportBatchAnswer }) {
  if (batch.voidedAt) return <Badge variant="secondary">Void</Badge>;
  if (batch.changedSinceExport.length) return <Badge variant="warning">Changed since export</Badge>;
  return <Badge variant="success">Exported</Badge>;
}

/** Which transactions of a live batch changed after it was taken, and what a voided batch was voided for. */
function BatchNotes({ batch }: { batch: ExportBatchAnswer }) {
  if (batch.voidedAt) {
    return (
      <p className="text-xs text-slate-600">
        Voided {formatDateTime(batch.voidedAt)} by {batch.voidedBy?.name}: <span className="wrap-anywhere">{batch.voidReason}</span>
      </p>
    );
  }
  if (!batch.changedSinceExport.length) return null;
  return (
    <p className="flex items-start gap-1.5 text-xs text-amber-800">
      <AlertTriangle className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <span>
        Changed since export: {batch.changedSinceExport.map((c) => c.humanReadableId).join(", ")}. Check these in your books, or void the batch and export again.
      </span>
    </p>
  );
}

function BatchActions({ batch, canVoid, onVoid }: { batch: ExportBatchAnswer; canVoid: boolean; onVoid: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2 md:justify-end">
      <a className={buttonVariants({ variant: "outline", size: "sm" })} href={exportFileUrl(batch.id)} download aria-label={`Download batch ${batch.number}`}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Download
      </a>
      {batch.format === "tally" ? (
        <a className={buttonVariants({ variant: "ghost", size: "sm" })} href={exportMastersUrl(batch.id)} download aria-label={`Download the ledger masters of batch ${batch.number}`}>
          <BookOpenCheck className="h-4 w-4" aria-hidden="true" />
          Masters
        </a>
      ) : null}
      {canVoid && !batch.voidedAt ? (
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onVoid} aria-label={`Void batch ${batch.number}`}>
          <Ban className="h-4 w-4" aria-hidden="true" />
          Void
        </Button>
      ) : null}
    </div>
  );
}

export default function ExportsPage() {
  const canVoid = usePermissions().voidsExportBatches;
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
  const batches = exportsQuery.data?.batches ?? [];

  const runExport = () => {
    setFormError(null);
    setFieldErrors({});
    runMutation(
      create,
      { from, to, format },
      {
        onSuccess: (batch) =>
          toast({ title: `Batch ${batch.number} exported`, description: `${batch.count} ${batch.count === 1 ? "transaction" : "transactions"}, ${formatRupees(batch.total)}. Download it below.` }),
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

  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-5">
        <h2 className="text-base font-semibold text-slate-900">New export</h2>
        <p className="mt-1 text-sm text-slate-600">
          Takes every Paid or Completed transaction paid in these dates that no batch holds yet. Each transaction is exported once, until its batch is voided.
        </p>
        <form
          className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.2fr_auto] lg:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            runExport();
          }}
        >
          <Field label="Paid from" required error={fieldErrors.from}>
            <Input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} required />
          </Field>
          <Field label="Paid to" required error={fieldErrors.to}>
            <Input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} required />
          </Field>
          <Field label="Format" required error={fieldErrors.format}>
            <Select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)} options={FORMAT_OPTIONS} />
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

      {exportsQuery.isError ? <Alert variant="destructive">{errorMessage(exportsQuery.error, "Failed to load the batches")}</Alert> : null}

      <section aria-label="Export batches">
        <h2 className="mb-3 text-base font-semibold text-slate-900">
          Batches <span className="font-normal text-slate-600">· {batches.length}</span>
        </h2>
        <Card className="overflow-hidden">
          <ResponsiveList
            loading={exportsQuery.isPending}
            loadingLabel="Loading the batches"
            tableLabel="Export batches"
            empty={
              batches.length === 0 ? (
                <EmptyState
                  icon={BookOpenCheck}
                  title="Nothing exported yet"
                  description="Pick the dates of the payments to post and a format above; each export becomes a batch you can download again at any time."
                />
              ) : null
            }
            head={
              <>
                <th scope="col" className="px-4 py-3">Batch</th>
                <th scope="col" className="px-4 py-3">Paid between</th>
                <th scope="col" className="px-4 py-3 text-right">Transactions</th>
                <th scope="col" className="px-4 py-3 text-right">Total</th>
                <th scope="col" className="px-4 py-3">Exported</th>
                <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
              </>
            }
            rows={batches.map((b) => (
              <tr key={b.id} className={b.voidedAt ? "bg-slate-50/60" : undefined}>
                <td className="px-4 py-3 align-top">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">Batch {b.number}</span>
                    <FormatBadge format={b.format} />
                    <StateBadge batch={b} />
                  </div>
                  <div className="mt-1 max-w-md">
                    <BatchNotes batch={b} />
                  </div>
                </td>
                <td className="whitespace-nowrap px-4 py-3 align-top text-slate-700">
                  {formatDate(b.from)} – {formatDate(b.to)}
                </td>
                <td className="px-4 py-3 text-right align-top tabular-nums">{b.count}</td>
                <td className="whitespace-nowrap px-4 py-3 text-right align-top font-medium tabular-nums">{formatRupees(b.total)}</td>
                <td className="px-4 py-3 align-top text-slate-700">
                  <div>{b.createdBy.name}</div>
                  <div className="text-xs text-slate-600">{formatDateTime(b.createdAt)}</div>
                </td>
                <td className="px-4 py-3 align-top">
                  <BatchActions batch={b} canVoid={canVoid} onVoid={() => setVoiding(b)} />
                </td>
              </tr>
            ))}
            cards={batches.map((b) => (
              <li key={b.id} className="grid gap-2 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">Batch {b.number}</span>
                  <StateBadge batch={b} />
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <FormatBadge format={b.format} />
                  <span>
                    {formatDate(b.from)} – {formatDate(b.to)}
                  </span>
                </div>
                <p className="text-sm text-slate-900">
                  <span className="font-medium tabular-nums">{formatRupees(b.total)}</span>
                  <span className="text-slate-600">
                    {" "}
                    · {b.count} {b.count === 1 ? "transaction" : "transactions"}
                  </span>
                </p>
                <p className="text-xs text-slate-600">
                  {b.createdBy.name} · {formatDateTime(b.createdAt)}
                </p>
                <BatchNotes batch={b} />
                <BatchActions batch={b} canVoid={canVoid} onVoid={() => setVoiding(b)} />
              </li>
            ))}
          />
        </Card>
      </section>

      <ConfirmDialog
        open={voiding !== null}
        onOpenChange={(o) => !o && closeVoid()}
        title={voiding ? `Void batch ${voiding.number}` : "Void batch"}
        description={
          voiding
            ? `Its ${voiding.count} ${voiding.count === 1 ? "transaction" : "transactions"} (${formatRupees(voiding.total)}) can then be exported again. Delete the vouchers you imported from it in your books first.`
            : undefined
        }
        confirmLabel="Void Batch"
        cancelLabel="Keep Batch"
        destructive
        pending={voidBatch.isPending}
        onConfirm={confirmVoid}
      >
        <Field label="Reason" required error={reasonError}>
          <Textarea
            rows={2}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
            placeholder="e.g. Exported before the ledgers were renamed"
          />
        </Field>
      </ConfirmDialog>
    </div>
  );
}
