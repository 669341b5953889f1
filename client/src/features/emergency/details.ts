// How the public emergency pages show a transaction's details (spec 001 §2), apart from React.
import { formatDate, formatRupees } from "@shared/format";
import type { CustomFieldDefinition, CustomFieldValue } from "@shared/schemas/categories";
import type { EmergencyLinkView } from "@shared/schemas/emergency";

/** A custom field value as a person reads it; '' for an empty one. */
export function displayFieldValue(value: CustomFieldValue | undefined, field?: Pick<CustomFieldDefinition, "type">): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field?.type === "currency") return formatRupees(value);
  if (field?.type === "date") return formatDate(String(value));
  return String(value).trim();
}

/** The filled custom fields, labelled from the category's field schema (unknown keys: underscores as spaces). */
export function filledCustomFields(view: Pick<EmergencyLinkView, "transaction" | "category">): { label: string; value: string }[] {
  const values = view.transaction.customFieldValues ?? {};
  const schema = view.category.fieldSchema ?? [];
  const known = new Set(schema.map((f) => f.id));
  const rows = schema.map((f) => ({ label: f.label, value: displayFieldValue(values[f.id], f) }));
  for (const [key, value] of Object.entries(values)) {
    if (!known.has(key)) rows.push({ label: key.replace(/_/g, " "), value: displayFieldValue(value) });
  }
  return rows.filter((r) => r.value !== "");
}

export function formTypeLabel(formType: string): string {
  return formType === "B" ? "Form B (Bill)" : "Form R (Receipt)";
}
