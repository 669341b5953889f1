// The optional GST section of a bill (DECISIONS §12): the supplier's invoice, its lines, and the
// taxes as they are typed (shared/gst.ts through preview.ts, the server's own computation), with an
// offer to set the bill's amount from the invoice. The server computes everything again on save.
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import type { CreateTransactionBody } from "@shared/schemas/transactions";
import type { TransactionFormValues } from "../form-values";
import { Plus, Trash2 } from "lucide-react";
import { GST_LINES_MAX, GST_RATES } from "@shared/gst";
import { GST_STATES, gstStateLabel } from "@shared/gst-states";
import { formatRupees } from "@shared/format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { PrefixedInput } from "@/components/ui/prefixed-input";
import { emptyGstLine, type GstForm } from "../gst-form";
import { previewGst } from "../gst-preview";

const RATE_OPTIONS = GST_RATES.map((r) => ({ value: String(r), label: `${r}%` }));
const STATE_OPTIONS = GST_STATES.map((s) => ({ value: s.code, label: `${s.code} ${s.name}` }));

type GstErrors = FieldErrors<GstForm> | undefined;

export type GstSectionProps = {
  control: Control<TransactionFormValues, unknown, CreateTransactionBody>;
  register: UseFormRegister<TransactionFormValues>;
  errors: GstErrors;
  gst: GstForm;
  amount: string;
  companyStateCode: string | null;
  /** Whether the company's state is still being read. */
  loadingState: boolean;
  /** Sets the bill's amount (the "Set amount to ₹X" offer). */
  onSetAmount: (amount: string) => void;
  disabled?: boolean;
};

export function GstSection({ control, register, errors, gst, amount, companyStateCode, loadingState, onSetAmount, disabled }: GstSectionProps) {
  const { fields, append, remove } = useFieldArray({ control, name: "gst.lines" });
  const preview = previewGst(gst, amount, companyStateCode);
  const intra = companyStateCode !== null && gst.placeOfSupply === companyStateCode;
  const b = preview?.breakup;

  return (
    <div className="grid gap-5 [&>*]:min-w-0">
      {!companyStateCode && !loadingState ? (
        <Alert variant="warning" title="The company's state is not set">
          A SuperAdmin sets it in Company settings. Until then the taxes cannot be split into CGST and SGST or IGST, and a bill with GST cannot be saved.
        </Alert>
      ) : null}

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 [&>*]:min-w-0">
        <Field label="Invoice number" required error={errors?.invoiceNumber?.message} hint="As printed on the supplier's invoice">
          <Input autoComplete="off" maxLength={16} {...register("gst.invoiceNumber")} disabled={disabled} />
        </Field>
        <Field label="Invoice date" required error={errors?.invoiceDate?.message}>
          <Input type="date" {...register("gst.invoiceDate")} disabled={disabled} />
        </Field>
        <Field
          label="Place of supply"
          required
          error={errors?.placeOfSupply?.message}
          hint={companyStateCode ? (intra ? "Same state as the company: CGST + SGST" : `Outside ${gstStateLabel(companyStateCode)}: IGST`) : undefined}
          className="sm:col-span-2"
        >
          <Select {...register("gst.placeOfSupply")} placeholder="Select a state" options={STATE_OPTIONS} disabled={disabled} />
        </Field>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <Checkbox
          label="Reverse charge"
          hint="The company pays the tax to the government; the supplier is paid the taxable value."
          {...register("gst.reverseCharge")}
          disabled={disabled}
        />
        <div className="grid gap-1">
          <Checkbox
            label="ITC eligible"
            hint="Input tax credit can be claimed: needs a party with a GSTIN."
            {...register("gst.itcEligible")}
            disabled={disabled}
          />
          {errors?.itcEligible?.message ? <p className="pl-7 text-xs font-medium text-red-700">{errors.itcEligible.message}</p> : null}
        </div>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">Invoice lines</legend>
        {errors?.lines?.message || errors?.lines?.root?.message ? (
          <p className="text-xs font-medium text-red-700">{errors.lines.message ?? errors.lines.root?.message}</p>
        ) : null}
        <ol className="grid gap-3">
          {fields.map((field, index) => {
            const lineErrors = errors?.lines?.[index];
            const tax = preview?.lineTaxes[index];
            return (
              <li key={field.id} className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3" aria-label={`Line ${index + 1}`}>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,0.8fr)_auto] sm:items-start [&>*]:min-w-0">
                  <Field label="HSN/SAC" required error={lineErrors?.hsnSac?.message}>
                    <Input
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={8}
                      placeholder="998314"
                      {...register(`gst.lines.${index}.hsnSac`)}
                      disabled={disabled}
                    />
                  </Field>
                  <Field label="Taxable value" required error={lineErrors?.taxableValue?.message}>
                    <PrefixedInput
                      prefix="₹"
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0.00"
                      {...register(`gst.lines.${index}.taxableValue`)}
                      disabled={disabled}
                    />
                  </Field>
                  <Field label="Rate" required error={lineErrors?.rate?.message}>
                    <Select {...register(`gst.lines.${index}.rate`)} options={RATE_OPTIONS} disabled={disabled} />
                  </Field>
                  <div className="flex items-end sm:pt-6">
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => remove(index)}
                      disabled={disabled || fields.length === 1}
                      aria-label={`Remove line ${index + 1}`}
                      title={fields.length === 1 ? "A GST invoice has at least one line" : `Remove line ${index + 1}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                <p className="text-xs text-slate-600" data-testid={`gst-line-tax-${index}`}>
                  {tax
                    ? intra
                      ? `CGST ${formatRupees(tax.cgst)} + SGST ${formatRupees(tax.sgst)} = ${formatRupees(tax.tax)}`
                      : `IGST ${formatRupees(tax.igst)}`
                    : "Enter a taxable value to see this line's tax"}
                </p>
              </li>
            );
          })}
        </ol>
        <div>
          <Button variant="outline" size="sm" onClick={() => append(emptyGstLine())} disabled={disabled || fields.length >= GST_LINES_MAX}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add line
          </Button>
        </div>
      </fieldset>

      {b ? (
        <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4" aria-label="GST totals">
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-slate-600">Taxable value</dt>
            <dd className="text-right font-medium tabular-nums text-slate-900">{formatRupees(b.taxableValue)}</dd>
            {b.supply === "intra" ? (
              <>
                <dt className="text-slate-600">CGST</dt>
                <dd className="text-right font-medium tabular-nums text-slate-900">{formatRupees(b.cgst)}</dd>
                <dt className="text-slate-600">SGST</dt>
                <dd className="text-right font-medium tabular-nums text-slate-900">{formatRupees(b.sgst)}</dd>
              </>
            ) : (
              <>
                <dt className="text-slate-600">IGST</dt>
                <dd className="text-right font-medium tabular-nums text-slate-900">{formatRupees(b.igst)}</dd>
              </>
            )}
            <dt className="border-t border-slate-200 pt-1.5 font-medium text-slate-800">Invoice total</dt>
            <dd className="border-t border-slate-200 pt-1.5 text-right font-semibold tabular-nums text-slate-900" data-testid="gst-invoice-total">
              {formatRupees(b.invoiceTotal)}
            </dd>
            {gst.reverseCharge ? (
              <>
                <dt className="text-slate-600">Paid to the supplier</dt>
                <dd className="text-right font-medium tabular-nums text-slate-900">{formatRupees(b.payable)}</dd>
                <dt className="text-amber-800">Tax the company pays (reverse charge)</dt>
                <dd className="text-right font-medium tabular-nums text-amber-800">{formatRupees(b.totalTax)}</dd>
              </>
            ) : null}
          </dl>
          {preview?.check?.ok ? (
            <p className="text-sm text-green-800" role="status">
              The amount matches the invoice{preview.check.roundOff !== "0.00" ? ` (round-off ${formatRupees(preview.check.roundOff)})` : ""}.
            </p>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-amber-800" role="status">
                {preview?.check && !preview.check.ok
                  ? preview.check.message
                  : `The amount should be ${formatRupees(b.payable)}${gst.reverseCharge ? " (the taxable value, under reverse charge)" : ""}.`}
              </p>
              <Button variant="secondary" size="sm" onClick={() => onSetAmount(b.payable)} disabled={disabled}>
                Set amount to {formatRupees(b.payable)}
              </Button>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
