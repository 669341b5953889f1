// The transaction's own details: form type, category, party, amount with the approval preview,
// date, description, and the possible-duplicate warning under them.
import { lazy, Suspense } from "react";
import { Controller } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PrefixedInput } from "@/components/ui/prefixed-input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { PartyPicker } from "@/features/parties";
import { isSalaryCategory, SALARY_ALERT } from "../../rules";
import type { TransactionFormState } from "./use-transaction-form";

// The duplicate warning loads only when the server finds a match.
const DuplicateWarning = lazy(() => import("../DuplicateWarning").then((m) => ({ default: m.DuplicateWarning })));

const FORM_TYPE_OPTIONS = [
  { value: "R", title: "R - Receipt", hint: "Money received" },
  { value: "B", title: "B - Bill", hint: "Money to be paid" },
];

export function DetailsSection({ tx }: { tx: TransactionFormState }) {
  const { form, errors, claim, formType, category, working } = tx;
  const { register, control } = form;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>{claim ? "Claim details" : "Transaction Details"}</CardTitle>
        {claim ? <p className="text-sm text-slate-600">What you spent for work. You are reimbursed once it is approved and paid.</p> : null}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5 [&>*]:min-w-0">
        {claim ? null : (
          <Controller
            control={control}
            name="formType"
            render={({ field }) => (
              <fieldset aria-describedby={errors.formType ? "formType-error" : undefined}>
                <legend className="mb-2 text-sm font-medium text-slate-800">
                  Form Type
                  <span className="ml-0.5 text-red-700" aria-hidden="true">
                    *
                  </span>
                </legend>
                <div className="grid grid-cols-2 gap-3">
                  {FORM_TYPE_OPTIONS.map((option) => (
                    <label
                      key={option.value}
                      className={cn(
                        "flex min-h-14 cursor-pointer items-start gap-3 rounded-lg border p-3 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                        field.value === option.value ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white hover:bg-slate-50",
                      )}
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={option.value}
                        checked={field.value === option.value}
                        onChange={() => field.onChange(option.value)}
                        onBlur={field.onBlur}
                        className="mt-1 accent-brand-600"
                      />
                      <span>
                        <span className="block text-sm font-semibold text-slate-900">{option.title}</span>
                        <span className="block text-xs text-slate-600">{option.hint}</span>
                      </span>
                    </label>
                  ))}
                </div>
                {errors.formType?.message ? (
                  <p id="formType-error" className="mt-1.5 text-xs font-medium text-red-700">
                    {errors.formType.message}
                  </p>
                ) : null}
              </fieldset>
            )}
          />
        )}

        <div className="grid grid-cols-1 items-start gap-5 sm:grid-cols-2 [&>*]:min-w-0">
          <Field label="Category" required error={errors.categoryId?.message} className="sm:col-span-2">
            <Select
              {...register("categoryId", { onChange: (e: { target: { value: string } }) => tx.keepFieldsOf(e.target.value) })}
              placeholder="Select a category"
              options={tx.categoryOptions}
            />
          </Field>
          {claim ? null : (
            <Field
              label={formType === "B" ? "Vendor" : "Payer"}
              hint={
                formType === "B"
                  ? "Optional: the party this bill pays. Type to search, or create one."
                  : "Optional: the party this money comes from. Type to search, or create one."
              }
              error={errors.partyId?.message}
              className="sm:col-span-2"
            >
              <PartyPicker value={tx.party} onChange={tx.pickParty} disabled={working} label={formType === "B" ? "vendor" : "payer"} />
            </Field>
          )}
          <Field
            label="Amount"
            required
            error={errors.amount?.message}
            hint={
              tx.approvalWords ? (
                <span className="font-medium text-brand-800" data-approval-preview>
                  {tx.approvalWords}
                </span>
              ) : undefined
            }
          >
            <PrefixedInput prefix="₹" type="text" inputMode="decimal" autoComplete="off" placeholder="0.00" {...register("amount")} />
          </Field>
          <Field label="Transaction Date" required error={errors.transactionDate?.message}>
            <Input type="date" {...register("transactionDate")} />
          </Field>
        </div>

        {isSalaryCategory(category) ? (
          <Alert variant="info" title="Salary">
            {SALARY_ALERT}
          </Alert>
        ) : null}

        <Field label="Description / Purpose" required error={errors.description?.message}>
          <Textarea
            rows={3}
            placeholder={claim ? "What did you spend on, and for which work?" : "What is this transaction for?"}
            {...register("description")}
          />
        </Field>

        {tx.duplicates.length ? (
          <Suspense fallback={null}>
            <DuplicateWarning duplicates={tx.duplicates} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
