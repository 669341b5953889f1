// The field editor of the designer (spec 001 §2 "Field editor", §5: label required after
// trimming, min/max length parsed as integers).
import { useEffect, useState, type FormEvent } from "react";
import { Plus, Trash2 } from "lucide-react";
import { FIELD_TYPE_LABELS, FIELD_TYPES, type FieldType } from "@shared/constants";
import type { CustomFieldDefinition } from "@shared/schemas/categories";
import { Alert, Button, Checkbox, Dialog, DialogContent, Field, FormDialogFooter, Input, Select, IconButton } from "@/components/ui";

const HAS_OPTIONS = new Set<FieldType>(["select", "multiselect"]);
const HAS_LENGTH = new Set<FieldType>(["text", "textarea"]);

export function FieldEditorDialog({
  field,
  open,
  onOpenChange,
  onSave,
}: {
  /** The field to edit, or null to add one. */
  field: CustomFieldDefinition | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (field: CustomFieldDefinition) => void;
}) {
  const [label, setLabel] = useState("");
  const [type, setType] = useState<FieldType>("text");
  const [placeholder, setPlaceholder] = useState("");
  const [required, setRequired] = useState(false);
  const [options, setOptions] = useState<string[]>([]);
  const [newOption, setNewOption] = useState("");
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  // The label's own message sits under the label and goes as soon as a label is typed.
  const [labelError, setLabelError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setLabel(field?.label ?? "");
    setType(field?.type ?? "text");
    setPlaceholder(field?.placeholder ?? "");
    setRequired(field?.required ?? false);
    setOptions(field?.options ?? []);
    setNewOption("");
    setMin(field?.validation?.min != null ? String(field.validation.min) : "");
    setMax(field?.validation?.max != null ? String(field.validation.max) : "");
    setMessage(field?.validation?.message ?? "");
    setError(null);
    setLabelError(null);
  }, [open, field]);

  const addOption = () => {
    const value = newOption.trim();
    if (!value) return;
    if (options.includes(value)) {
      setError(`'${value}' is already an option`);
      return;
    }
    setOptions((o) => [...o, value]);
    setNewOption("");
    setError(null);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim()) {
      setLabelError("Field label is required");
      return;
    }
    const cleanOptions = options.map((o) => o.trim()).filter(Boolean);
    if (HAS_OPTIONS.has(type) && cleanOptions.length === 0) {
      setError("Add at least one option");
      return;
    }
    const minN = HAS_LENGTH.has(type) && min.trim() ? Number.parseInt(min, 10) : null;
    const maxN = HAS_LENGTH.has(type) && max.trim() ? Number.parseInt(max, 10) : null;
    if (minN !== null && maxN !== null && !Number.isNaN(minN) && !Number.isNaN(maxN) && minN > maxN) {
      setError("Minimum length cannot be greater than maximum length");
      return;
    }
    const validation =
      minN !== null || maxN !== null || message.trim()
        ? { min: minN !== null && !Number.isNaN(minN) ? minN : null, max: maxN !== null && !Number.isNaN(maxN) ? maxN : null, message: message.trim() || null }
        : null;
    onSave({
      id: field?.id ?? "",
      label: label.trim(),
      type,
      placeholder: placeholder.trim() || null,
      required,
      ...(HAS_OPTIONS.has(type) ? { options: [...new Set(cleanOptions)] } : {}),
      validation,
    });
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={field ? "Edit Field" : "Add Field"}
        description="Fields appear on the transaction form of this category."
        footer={<FormDialogFooter formId="field-editor-form" submitLabel={field ? "Update Field" : "Add Field"} onCancel={() => onOpenChange(false)} />}
      >
        <form id="field-editor-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          {error ? <Alert variant="destructive">{error}</Alert> : null}
          <Field label="Label" required error={labelError ?? undefined}>
            <Input
              value={label}
              onChange={(e) => {
                setLabel(e.target.value);
                if (e.target.value.trim()) setLabelError(null);
              }}
              autoComplete="off"
              maxLength={200}
              placeholder="e.g. Invoice Number"
            />
          </Field>
          <Field label="Type" required>
            <Select
              value={type}
              onChange={(e) => setType(e.target.value as FieldType)}
              options={FIELD_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }))}
            />
          </Field>
          <Field label="Placeholder">
            <Input value={placeholder} onChange={(e) => setPlaceholder(e.target.value)} autoComplete="off" maxLength={500} />
          </Field>
          <Checkbox label="Required" hint="The transaction cannot be saved without it." checked={required} onChange={(e) => setRequired(e.target.checked)} />

          {HAS_OPTIONS.has(type) ? (
            <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-800">Options</legend>
              {options.length === 0 ? <p className="text-sm text-slate-600">No options yet.</p> : null}
              <ul className="grid gap-2">
                {options.map((o, i) => (
                  <li key={i} className="flex gap-2">
                    <Input
                      aria-label={`Option ${i + 1}`}
                      value={o}
                      onChange={(e) => setOptions((list) => list.map((x, j) => (j === i ? e.target.value : x)))}
                      className="flex-1"
                    />
                    <IconButton variant="ghost" onClick={() => setOptions((list) => list.filter((_, j) => j !== i))} label={`Remove option ${o || i + 1}`}>
                      <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
                    </IconButton>
                  </li>
                ))}
              </ul>
              <div className="flex gap-2">
                <Input
                  aria-label="New option"
                  placeholder="New option"
                  value={newOption}
                  onChange={(e) => setNewOption(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") {
                      e.preventDefault();
                      addOption();
                    }
                  }}
                  className="flex-1"
                />
                <Button variant="outline" onClick={addOption}>
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  Add
                </Button>
              </div>
            </fieldset>
          ) : null}

          {HAS_LENGTH.has(type) ? (
            <div className="grid grid-cols-2 gap-3">
              <Field label="Min Length">
                <Input type="number" min={0} inputMode="numeric" value={min} onChange={(e) => setMin(e.target.value)} />
              </Field>
              <Field label="Max Length">
                <Input type="number" min={0} inputMode="numeric" value={max} onChange={(e) => setMax(e.target.value)} />
              </Field>
            </div>
          ) : null}
          <Field label="Validation Message" hint="Shown when the value is invalid">
            <Input value={message} onChange={(e) => setMessage(e.target.value)} autoComplete="off" maxLength={500} />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
