// The Dynamic Field Designer (spec 001 §2): the category's fields in order, reordered by drag and
// drop or by the up/down buttons, edited, deleted and added; saved as a whole through
// PUT /api/categories/:id/fields. Changes stay a draft until 'Save Fields'.
import { useEffect, useState, type DragEvent } from "react";
import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus, Trash2 } from "lucide-react";
import { FIELD_TYPE_LABELS } from "@shared/constants";
import type { Category, CustomFieldDefinition } from "@shared/schemas/categories";
import { Badge, Button, Dialog, DialogContent, EmptyState, IconButton } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { useCategoryMutations } from "../api";
import { FieldEditorDialog } from "./FieldEditorDialog";

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function FieldDesignerDialog({ category, onOpenChange }: { category: Category | null; onOpenChange: (open: boolean) => void }) {
  const { updateFields } = useCategoryMutations();
  const [fields, setFields] = useState<CustomFieldDefinition[]>([]);
  const [dirty, setDirty] = useState(false);
  const [editorOpen, setEditorOpen] = useState(false);
  const [editingIndex, setEditingIndex] = useState<number | null>(null);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (category) {
      setFields(category.fieldSchema ?? []);
      setDirty(false);
    }
  }, [category]);

  const change = (next: CustomFieldDefinition[]) => {
    setFields(next);
    setDirty(true);
  };

  const moveField = (from: number, to: number) => {
    if (to < 0 || to >= fields.length || from === to) return;
    change(move(fields, from, to));
    setAnnouncement(`${fields[from].label} moved to position ${to + 1} of ${fields.length}`);
  };

  const onDragStart = (e: DragEvent, index: number) => {
    setDragIndex(index);
    e.dataTransfer.effectAllowed = "move";
    e.dataTransfer.setData("text/plain", String(index));
  };
  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    try {
      // Only a row of this list moves: a drop from outside (a file, some text) carries no row index
      // (an empty string would read as row 0).
      const raw = e.dataTransfer.getData("text/plain");
      const from = dragIndex ?? (/^\d+$/.test(raw) ? Number(raw) : Number.NaN);
      if (!Number.isNaN(from)) moveField(from, index);
    } catch (err) {
      // Spec 001 §8: drag and drop errors are only logged.
      console.error("Field reorder failed", err);
    }
    setDragIndex(null);
    setOverIndex(null);
  };

  const save = async () => {
    if (!category) return;
    try {
      await updateFields.mutateAsync({ id: category.id, fieldSchema: fields });
      toast({ title: "Fields Updated", description: `${fields.length} field${fields.length === 1 ? "" : "s"} saved for ${category.name}` });
      setDirty(false);
      onOpenChange(false);
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to update category fields"), variant: "destructive" });
    }
  };

  const editing = editingIndex !== null ? (fields[editingIndex] ?? null) : null;

  return (
    <Dialog open={category !== null} onOpenChange={onOpenChange}>
      <DialogContent
        size="xl"
        title="Dynamic Field Designer"
        description={category ? `Custom fields of ${category.name}. Drag a field or use the arrows to reorder.` : undefined}
        footer={
          <>
            {dirty ? <p className="mr-auto self-center text-sm text-amber-800">Unsaved changes</p> : null}
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={updateFields.isPending}>
              Cancel
            </Button>
            <Button onClick={save} disabled={!dirty || updateFields.isPending}>
              {updateFields.isPending ? "Saving…" : "Save Fields"}
            </Button>
          </>
        }
      >
        <div className="mb-4 flex items-center justify-between gap-3">
          <p className="text-sm text-slate-600">
            {category?.name} · {fields.length} field{fields.length === 1 ? "" : "s"}
          </p>
          <Button
            onClick={() => {
              setEditingIndex(null);
              setEditorOpen(true);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Field
          </Button>
        </div>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        {fields.length === 0 ? (
          <EmptyState
            title="No custom fields yet"
            description="Add fields to collect extra details, like an invoice number or a vendor GSTIN, on this category's transactions."
            className="rounded-lg border border-dashed border-slate-300 py-10"
          />
        ) : (
          <ol className="grid gap-2">
            {fields.map((f, i) => (
              <li
                key={`${f.id || f.label}-${i}`}
                draggable
                onDragStart={(e) => onDragStart(e, i)}
                onDragOver={(e) => {
                  e.preventDefault();
                  e.dataTransfer.dropEffect = "move";
                  if (overIndex !== i) setOverIndex(i);
                }}
                onDragLeave={() => setOverIndex((o) => (o === i ? null : o))}
                onDrop={(e) => onDrop(e, i)}
                onDragEnd={() => {
                  setDragIndex(null);
                  setOverIndex(null);
                }}
                className={cn(
                  "flex items-center gap-2 rounded-lg border bg-white p-2.5 transition-colors sm:gap-3",
                  dragIndex === i ? "opacity-50" : "",
                  overIndex === i && dragIndex !== i ? "border-brand-500 bg-brand-50" : "border-slate-200",
                )}
              >
                <GripVertical className="hidden h-5 w-5 shrink-0 cursor-grab text-slate-400 sm:block" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 wrap-anywhere">
                    {f.label}
                    {f.required ? (
                      <span className="ml-0.5 text-red-600" aria-label="required">
                        *
                      </span>
                    ) : null}
                  </p>
                  <div className="mt-0.5 flex flex-wrap items-center gap-1.5">
                    <Badge variant="info">{FIELD_TYPE_LABELS[f.type] ?? f.type}</Badge>
                    {f.options?.length ? (
                      <span className="text-xs text-slate-600">
                        {f.options.length} {f.options.length === 1 ? "option" : "options"}
                      </span>
                    ) : null}
                  </div>
                </div>
                <div className="flex shrink-0 items-center">
                  <IconButton variant="ghost" className="h-9 w-9" onClick={() => moveField(i, i - 1)} disabled={i === 0} label={`Move ${f.label} up`}>
                    <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    variant="ghost"
                    className="h-9 w-9"
                    onClick={() => moveField(i, i + 1)}
                    disabled={i === fields.length - 1}
                    label={`Move ${f.label} down`}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    variant="ghost"
                    className="h-9 w-9"
                    onClick={() => {
                      setEditingIndex(i);
                      setEditorOpen(true);
                    }}
                    label={`Edit ${f.label}`}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    variant="ghost"
                    className="h-9 w-9 text-red-700 hover:bg-red-50"
                    onClick={() => change(fields.filter((_, j) => j !== i))}
                    label={`Delete ${f.label}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                </div>
              </li>
            ))}
          </ol>
        )}
        <FieldEditorDialog
          open={editorOpen}
          onOpenChange={setEditorOpen}
          field={editing}
          onSave={(f) => {
            if (editingIndex !== null) change(fields.map((x, j) => (j === editingIndex ? f : x)));
            else change([...fields, f]);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
