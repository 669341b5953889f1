// The attachments dropzone of the transaction form (spec 000 §5): at most 10 files per
// transaction, at most 20 MB each, every type accepted. Drop files or choose them with the button;
// each file shows its size and, while uploading, its progress.
import { lazy, Suspense, useRef, useState, type DragEvent } from "react";
import { UploadCloud } from "lucide-react";
import { formatFileSize } from "@shared/format";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { checkNewFiles, MAX_FILE_BYTES, MAX_FILES } from "../rules";
import type { PendingFile } from "./pending-file";

// The list of picked files, with their progress, comes with the first file, not with the empty form.
const PickedFiles = lazy(() => import("./PickedFiles").then((m) => ({ default: m.PickedFiles })));

const MAX_SIZE_TEXT = formatFileSize(MAX_FILE_BYTES);

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
        <Suspense fallback={null}>
          <PickedFiles files={files} onRemove={onRemove} disabled={disabled} />
        </Suspense>
      ) : null}
    </div>
  );
}
