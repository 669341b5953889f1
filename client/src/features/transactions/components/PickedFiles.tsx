// The files picked for upload under the dropzone (spec 000 §5): each with its size, its progress
// while uploading, its error, and a remove button until it is sent. Loaded with the first file.
import { lazy, Suspense } from "react";
import { CheckCircle2, FileText, X } from "lucide-react";
import { formatFileSize } from "@shared/format";
import type { PendingFile } from "./pending-file";

// The remove button's tooltip comes with the first file picked, not with the empty form.
const IconButton = lazy(() => import("@/components/ui/tooltip").then((m) => ({ default: m.IconButton })));

export function PickedFiles({ files, onRemove, disabled }: { files: PendingFile[]; onRemove: (key: string) => void; disabled?: boolean }) {
  return (
    <ul className="grid gap-2" aria-label="Files to upload">
      {files.map((f) => (
        <li key={f.key} className="rounded-md border border-slate-200 bg-white px-3 py-2">
          <div className="flex items-center gap-3">
            {f.state === "done" ? (
              <CheckCircle2 className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
            ) : (
              <FileText className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900" title={f.file.name}>
                {f.file.name}
              </p>
              <p className="text-xs text-slate-600">
                {formatFileSize(f.file.size)}
                {f.state === "uploading" ? ` · Uploading ${Math.round(f.progress * 100)}%` : null}
                {f.state === "done" ? " · Uploaded" : null}
              </p>
            </div>
            {f.state !== "uploading" && f.state !== "done" ? (
              <Suspense fallback={null}>
                <IconButton variant="ghost" onClick={() => onRemove(f.key)} label={`Remove ${f.file.name}`} disabled={disabled}>
                  <X className="h-4 w-4" aria-hidden="true" />
                </IconButton>
              </Suspense>
            ) : null}
          </div>
          {f.state === "uploading" || (f.state === "done" && f.progress > 0) ? (
            <div
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label={`Uploading ${f.file.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(f.progress * 100)}
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(f.progress * 100)}%` }} />
            </div>
          ) : null}
          {f.state === "error" && f.error ? <p className="mt-1 text-xs font-medium text-red-700">{f.error}</p> : null}
        </li>
      ))}
    </ul>
  );
}
