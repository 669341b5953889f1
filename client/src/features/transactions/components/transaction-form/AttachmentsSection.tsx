// The files of the transaction (spec 000 §5; a claim's receipts): those already stored when
// editing, and the dropzone of the ones to upload with the next save.
import { FileText } from "lucide-react";
import { formatFileSize } from "@shared/format";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FileDropzone } from "../FileDropzone";
import { toPendingFile } from "../pending-file";
import type { TransactionFormState } from "./use-transaction-form";

export function AttachmentsSection({ tx }: { tx: TransactionFormState }) {
  const { claim, editing } = tx;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>{claim ? "Receipts" : "Attachments"}</CardTitle>
        <p className="text-sm text-slate-600">{claim ? "A photo or PDF of each receipt." : "Receipts, bills or any supporting documents."}</p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {editing?.attachments?.length ? (
          <ul className="grid gap-2" aria-label="Attached files">
            {editing.attachments.map((a) => (
              <li key={a.id} className="flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
                <FileText className="h-4 w-4 text-slate-500" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate" title={a.fileName}>
                  {a.fileName}
                </span>
                <span className="text-xs text-slate-600">{formatFileSize(a.fileSizeBytes)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <FileDropzone
          files={tx.files}
          existingCount={editing?.attachments?.length ?? 0}
          disabled={tx.working}
          onAdd={(added) => tx.addFiles(added.map(toPendingFile))}
          onRemove={tx.removeFile}
        />
      </CardContent>
    </Card>
  );
}
