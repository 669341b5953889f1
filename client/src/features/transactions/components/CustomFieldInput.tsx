// One custom field of a category, rendered for its type (all 13 of spec 001 §3). Values are kept
// as the form holds them (strings, booleans, string arrays) and checked by validateCustomFieldValues,
// the server's own rule. A 'file' field picks a file that travels as an attachment; its value is
// the file's name.
import { useId } from "react";
import { Paperclip } from "lucide-react";
import type { CustomFieldDefinition, CustomFieldValue } from "@shared/schemas/categories";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

export type CustomFieldInputProps = {
  field: CustomFieldDefinition;
  value: CustomFieldValue | undefined;
  onChange: (value: CustomFieldValue) => void;
  onBlur?: () => void;
  error?: string;
  /** For 'file' fields: the chosen file is added to the transaction's attachments. */
  onPickFile?: (file: File) => void;
};

export function CustomFieldInput({ field, value, onChange, onBlur, error, onPickFile }: CustomFieldInputProps) {
  const id = useId();
  const required = Boolean(field.required);
  const placeholder = field.placeholder ?? undefined;
  const text = typeof value === "string" || typeof value === "number" ? String(value) : "";

  switch (field.type) {
    case "checkbox": {
      return (
        <div className="grid gap-1">
          <Checkbox
            id={id}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            label={
              <>
                {field.label}
                {required ? (
                  <span className="ml-0.5 text-red-700" aria-hidden="true">
                    *
                  </span>
                ) : null}
              </>
            }
          />
          {error ? (
            <p id={`${id}-error`} className="text-xs font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      );
    }
    case "multiselect": {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="grid gap-1.5" aria-describedby={error ? `${id}-error` : undefined} aria-required={required || undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            {field.label}
            {required ? (
              <span className="ml-0.5 text-red-700" aria-hidden="true">
                *
              </span>
            ) : null}
          </legend>
          <div className={cn("grid gap-2 rounded-md border p-3 sm:grid-cols-2", error ? "border-red-600" : "border-slate-300")}>
            {(field.options ?? []).map((option) => (
              <Checkbox
                key={option}
                label={option}
                checked={chosen.includes(option)}
                onBlur={onBlur}
                onChange={(e) => onChange(e.target.checked ? [...chosen, option] : chosen.filter((o) => o !== option))}
              />
            ))}
          </div>
          {error ? (
            <p id={`${id}-error`} className="text-xs font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </fieldset>
      );
    }
    case "file": {
      return (
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor={id} required={required}>
            {field.label}
          </Label>
          <div className={cn("flex items-center gap-3 rounded-md border bg-white px-3 py-2", error ? "border-red-600" : "border-slate-300")}>
            <Paperclip className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <input
              id={id}
              type="file"
              className="w-full min-w-0 flex-1 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
              onBlur={onBlur}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                onPickFile?.(file);
                onChange(file.name);
                e.target.value = "";
              }}
            />
          </div>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {text ? `Selected: ${text} (uploaded with the attachments)` : "The file is uploaded with the attachments."}
          </p>
          {error ? (
            <p id={`${id}-error`} className="text-xs font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      );
    }
    default:
      break;
  }

  const common = { value: text, onBlur, placeholder, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  let control;
  switch (field.type) {
    case "textarea":
      control = <Textarea rows={3} {...common} />;
      break;
    case "select":
      control = (
        <Select
          value={text}
          onBlur={onBlur}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder ?? `Select ${field.label.toLowerCase()}`}
          options={(field.options ?? []).map((o) => ({ value: o, label: o }))}
        />
      );
      break;
    case "number":
      control = <Input type="text" inputMode="decimal" {...common} />;
      break;
    case "email":
      control = <Input type="email" autoComplete="off" {...common} />;
      break;
    case "phone":
      control = <Input type="tel" autoComplete="off" {...common} />;
      break;
    case "url":
      control = <Input type="url" {...common} placeholder={placeholder ?? "https://"} />;
      break;
    case "date":
      control = <Input type="date" {...common} />;
      break;
    case "datetime":
      control = <Input type="datetime-local" {...common} />;
      break;
    default:
      control = <Input type="text" {...common} />;
  }

  if (field.type === "currency") {
    // Field wires label and errors to its direct child; give the input the ids by hand.
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={id} required={required}>
          {field.label}
        </Label>
        <div className="relative">
          <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-600" aria-hidden="true">
            ₹
          </span>
          <Input
            id={id}
            type="text"
            inputMode="decimal"
            className="pl-7"
            aria-invalid={error ? true : undefined}
            aria-required={required || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...common}
          />
        </div>
        {error ? (
          <p id={`${id}-error`} className="text-xs font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <Field label={field.label} required={required} error={error} id={id}>
      {control}
    </Field>
  );
}
