// Where a custom field's value is stored: its key, derived from the definition (spec 001 §3). Apart
// from the checks in custom-fields.ts so a screen that only lays fields out does not load them.
import type { FieldType } from "./constants";

/** The parts of a field definition the check reads; a stored `CustomFieldDefinition` is one. */
export type CustomFieldRule = {
  id?: string | null;
  label: string;
  type: FieldType;
  required?: boolean | null;
  options?: readonly string[] | null;
  validation?: { min?: number | null; max?: number | null; message?: string | null } | null;
};

/** Field ids are derived from the label when missing or auto-generated ('field_…'), spec 001 §3. */
export function deriveFieldId(label: string, id?: string | null): string {
  if (id && !id.startsWith("field_")) return id;
  return label.toLowerCase().replace(/[^a-z0-9]/g, "_");
}

/** The key a field's value is stored under: its id, or one derived from the label (spec 001 §3). */
export function customFieldKey(field: Pick<CustomFieldRule, "id" | "label">): string {
  return deriveFieldId(field.label, field.id);
}
