// The export batches (DECISIONS §12): each with its dates, count, total and who exported it, its
// state (exported, changed since export, void) and what changed; Download, the masters of a Tally
// batch, and Void for whoever may.
import { AlertTriangle, BookOpenCheck, Download, FileCode2, FileSpreadsheet, Ban } from "lucide-react";
import { formatDate, formatDateTime, formatRupees } from "@shared/format";
import { EXPORT_FORMAT_LABELS, type ExportFormat } from "@shared/accounting";
import type { ExportBatchAnswer } from "@shared/schemas/accounting";
import { Badge, Button, buttonVariants, Card, EmptyState, ResponsiveList } from "@/components/ui";
import { exportFileUrl, exportMastersUrl } from "../api";
import type { BooksExports } from "./use-books-exports";

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
        Changed since export: {batch.changedSinceExport.map((c) => c.humanReadableId).join(", ")}. Check these in your books, or void the batch and export
        again.
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
        <a
          className={buttonVariants({ variant: "ghost", size: "sm" })}
          href={exportMastersUrl(batch.id)}
          download
          aria-label={`Download the ledger masters of batch ${batch.number}`}
        >
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

export function ExportBatchList({ books, canVoid }: { books: BooksExports; canVoid: boolean }) {
  const { batches, exportsQuery } = books;
  return (
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
              <th scope="col" className="px-4 py-3">
                Batch
              </th>
              <th scope="col" className="px-4 py-3">
                Paid between
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Transactions
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Total
              </th>
              <th scope="col" className="px-4 py-3">
                Exported
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
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
                <BatchActions batch={b} canVoid={canVoid} onVoid={() => books.voiding.open(b)} />
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
              <BatchActions batch={b} canVoid={canVoid} onVoid={() => books.voiding.open(b)} />
            </li>
          ))}
        />
      </Card>
    </section>
  );
}
