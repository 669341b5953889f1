// The attachments dropzone of the transaction form (spec 000 §5): at most 10 files per
// transaction, at most 20 MB each, every type accepted. Drop files or choose them with the button;
// each file shows its size and, while uploading, its progress.
import { currentTime } from "@/lib/clock";
import { lazy, Suspense, useRef, useState, type DragEvent } from "react";
import { CheckCircle2, FileText, UploadCloud, X } from "lucide-react";
import { formatFileSize } from "@shared/format";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { checkNewFiles, MAX_FILE_BYTES, MAX_FILES } from "../rules";

// The remove button's tooltip comes with the first file picked, not with the empty form.
const IconButton = lazy(() => import("@/components/ui/tooltip").then((m) => ({ default: m.IconButton })));

const MAX_SIZE_TEXT = formatFileSize(MAX_FILE_BYTES);

export type PendingFile = {
  key: string;
  file: File;
  /** 0..1 while uploading. */
  progress: number;
  state: "queued" | "uploading" | "done" | "error";
  error?: string;
};


let counter = 0;
export function toPendingFile(file: File): PendingFile {
  counter += 1;
  return { key: `${currentTime().getTime()}-${counter}`, file, progress: 0, state: "queued" };
}


export type FileDropzoneProps = {
  files: PendingFile[];
  /** Attachments already stored on the transaction (editing). */
  existingCount?: number;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
};

export function FileDropzone({ files, existingCount = 0, onAdd, onRemove, disabled }: FileDropzoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const count = existingCount + files.length;
  const full = count >= MAX_FILES;

  const add = (list: FileList | null) => {
    if (!list) return;
    const { accepted, errors: problems } = checkNewFiles(Array.from(list), count);
    setErrors(problems);
    if (accepted.length) onAdd(accepted);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    add(event.dataTransfer.files);
  };

  return (
    <div className="grid gap-2">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition",
          dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50/60",
          (disabled || full) && "opacity-70",
        )}
      >
        <UploadCloud className="h-8 w-8 text-slate-500" aria-hidden="true" />
        {full ? (
          <p className="text-sm font-medium text-slate-700">Maximum number of files reached ({MAX_FILES})</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              <span className="hidden sm:inline">Drag and drop files here, or </span>
              <span className="sm:hidden">Add receipts, bills or other documents</span>
            </p>
            <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={disabled}>
              Choose files
            </Button>
          </>
        )}
        <p className="text-xs text-slate-600">
          Any file type · up to {MAX_SIZE_TEXT} each · {count}/{MAX_FILES} files
        </p>
        <input
          ref={inputRef}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            add(e.target.files);
            e.target.value = "";
          }}
        />
      </div>
      {errors.length ? (
        <ul role="alert" className="grid gap-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {errors.map((message, i) => (
            <li key={i}>{message}</li>
          ))}
        </ul>
      ) : null}
      {files.length ? (
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
                  <p className="truncate text-sm font-medium text-slate-900" title={f.file.name}>{f.file.name}</p>
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
      ) : null}
    </div>
  );
}
