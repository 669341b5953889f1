// A transaction's custom field values, read-only. With the category's field definitions the labels
// are the designer's; without them (list answers carry no fieldSchema) a key is shown with its
// underscores replaced by spaces (spec 000 §2). Arrays are joined by commas.
import type { CustomFieldDefinition, CustomFieldValue, CustomFieldValues } from "@shared/schemas/categories";
import { customFieldKey } from "@shared/custom-fields";
import { formatDate, formatDateTime, formatRupees } from "@shared/format";
import { cn } from "@/lib/utils";

export function humanizeKey(key: string): string {
  return key.replace(/_/g, " ").replace(/\s+/g, " ").trim();
}

export function formatCustomValue(value: CustomFieldValue | undefined, type?: CustomFieldDefinition["type"]): string {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (type === "currency") return formatRupees(value);
  if (type === "date" && typeof value === "string") return formatDate(value) || value;
  if (type === "datetime" && typeof value === "string") return formatDateTime(value) || value;
  // Without a definition (list answers), a value that is plainly a date still reads as one.
  if (type === undefined && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value) || value;
  return String(value);
}

export type CustomFieldEntry = { key: string; label: string; value: string; type?: CustomFieldDefinition["type"] };

/** The entries to show: schema order and labels first, then any stored key the schema no longer has. */
export function customFieldEntries(values: CustomFieldValues | null | undefined, schema?: readonly CustomFieldDefinition[] | null): CustomFieldEntry[] {
  const source = values ?? {};
  const entries: CustomFieldEntry[] = [];
  const seen = new Set<string>();
  for (const field of schema ?? []) {
    const key = customFieldKey(field);
    if (seen.has(key)) continue;
    seen.add(key);
    if (!Object.prototype.hasOwnProperty.call(source, key)) continue;
    const raw = source[key];
    if (raw === null || raw === "" || (Array.isArray(raw) && raw.length === 0)) continue;
    entries.push({ key, label: field.label, value: formatCustomValue(raw, field.type), type: field.type });
  }
  for (const [key, raw] of Object.entries(source)) {
    if (seen.has(key)) continue;
    if (raw === null || raw === "" || (Array.isArray(raw) && raw.length === 0)) continue;
    entries.push({ key, label: humanizeKey(key), value: formatCustomValue(raw) });
  }
  return entries;
}

export function CustomFieldDetails({
  values,
  schema,
  title = "Additional Details",
  className,
  compact = false,
}: {
  values: CustomFieldValues | null | undefined;
  schema?: readonly CustomFieldDefinition[] | null;
  title?: string;
  className?: string;
  compact?: boolean;
}) {
  const entries = customFieldEntries(values, schema);
  if (entries.length === 0) return null;
  return (
    <section className={cn("rounded-lg border border-slate-200 bg-slate-50/70", compact ? "p-3" : "p-4", className)} aria-label={title}>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h4>
      <dl className={cn("mt-2 grid gap-x-4 gap-y-2", compact ? "grid-cols-2" : "grid-cols-1 sm:grid-cols-2")}>
        {entries.map((entry) => (
          <div key={entry.key} className="min-w-0">
            <dt className="text-xs capitalize text-slate-600">{entry.label}</dt>
            <dd className="wrap-anywhere text-sm font-medium text-slate-900">{entry.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
