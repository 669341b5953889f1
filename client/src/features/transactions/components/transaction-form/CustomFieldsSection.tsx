// The chosen category's own fields (spec 000 §2), each by its type; a file field's file is uploaded
// as an attachment with the others.
import { lazy, Suspense } from "react";
import { Controller } from "react-hook-form";
import { customFieldKey } from "@shared/custom-field-key";
import type { CustomFieldValue } from "@shared/schemas/categories";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { toPendingFile } from "../pending-file";
import type { TransactionFormState } from "./use-transaction-form";

// A category's own fields load with the first category that has any.
const CustomFieldInput = lazy(() => import("../CustomFieldInput").then((m) => ({ default: m.CustomFieldInput })));

export function CustomFieldsSection({ tx }: { tx: TransactionFormState }) {
  const { category, errors } = tx;
  const fields = category?.fieldSchema ?? [];
  if (!fields.length) return null;
  return (
    // The section shows whole once its inputs have loaded, heading and fields together.
    <Suspense fallback={null}>
      <Card>
        <CardHeader className="pb-4">
          <CardTitle>{category?.name} Details</CardTitle>
          <p className="text-sm text-slate-600">Fields specific to this category. Required fields are marked with *.</p>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 sm:grid-cols-2 [&>*]:min-w-0">
          {fields.map((field) => {
            const key = customFieldKey(field);
            const wide = field.type === "textarea" || field.type === "multiselect" || field.type === "file";
            return (
              <div key={key} className={cn(wide && "sm:col-span-2")}>
                <Controller
                  control={tx.form.control}
                  name={`customFieldValues.${key}` as "customFieldValues"}
                  render={({ field: rhf }) => (
                    <CustomFieldInput
                      field={field}
                      value={rhf.value as unknown as CustomFieldValue | undefined}
                      onChange={(v) => rhf.onChange(v)}
                      onBlur={rhf.onBlur}
                      error={errors.customFieldValues?.[key]?.message}
                      onPickFile={(file) => tx.addFiles([toPendingFile(file)])}
                    />
                  )}
                />
              </div>
            );
          })}
        </CardContent>
      </Card>
    </Suspense>
  );
}
