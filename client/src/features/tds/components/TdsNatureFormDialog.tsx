// Create / edit a TDS nature (DECISIONS §12): the server's own schema checks the form, so a message
// reads the same on both sides; the lines under the fields say what the nature will deduct.
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { TdsNature } from "@shared/schemas/tds";
import { Checkbox, Dialog, DialogContent, Field, FormDialogFooter, Input } from "@/components/ui";
import { PrefixedInput } from "@/components/ui/prefixed-input";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage, errorStatus } from "@/lib/api";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { useTdsNatureMutations, type TdsNaturePayload } from "../api";
import { ratesWords, thresholdWords } from "../words";

/** The form as typed: rates and thresholds as text, "" for none. */
type Values = {
  name: string;
  legacySection: string;
  actReference: string;
  paymentCode: string;
  rateIndividual: string;
  rateOther: string;
  noPanRate: string;
  singleThreshold: string;
  monthlyThreshold: string;
  yearlyThreshold: string;
  onlyAboveThreshold: boolean;
  ledgerName: string;
  isActive: boolean;
};

const resolver = lazyZodResolver<Values, TdsNaturePayload>(() => import("@shared/schemas/tds").then((m) => m.tdsNatureBodySchema));

const money = (v: string | null) => (v ? v.replace(/\.00$/, "") : "");

function valuesOf(n: TdsNature | null): Values {
  return {
    name: n?.name ?? "",
    legacySection: n?.legacySection ?? "",
    actReference: n?.actReference ?? "",
    paymentCode: n?.paymentCode ?? "",
    rateIndividual: n ? String(n.rateIndividual) : "",
    rateOther: n ? String(n.rateOther) : "",
    noPanRate: String(n?.noPanRate ?? 20),
    singleThreshold: money(n?.singleThreshold ?? null),
    monthlyThreshold: money(n?.monthlyThreshold ?? null),
    yearlyThreshold: money(n?.yearlyThreshold ?? null),
    onlyAboveThreshold: n?.onlyAboveThreshold ?? false,
    ledgerName: n?.ledgerName ?? "",
    isActive: n?.isActive ?? true,
  };
}

/** The sentence under the fields, once the rates read as numbers. */
function summary(v: Values): string | null {
  const rate = (s: string) => (s.trim() !== "" && Number.isFinite(Number(s)) ? Number(s) : null);
  const [individual, other, noPan] = [rate(v.rateIndividual), rate(v.rateOther), rate(v.noPanRate)];
  if (individual === null || other === null || noPan === null) return null;
  const threshold = (s: string) => (s.trim() && Number.isFinite(Number(s)) ? s.trim() : null);
  const terms = {
    rateIndividual: individual,
    rateOther: other,
    noPanRate: noPan,
    singleThreshold: threshold(v.singleThreshold),
    monthlyThreshold: threshold(v.monthlyThreshold),
    yearlyThreshold: threshold(v.yearlyThreshold),
    onlyAboveThreshold: v.onlyAboveThreshold,
  };
  return `${ratesWords(terms)}. ${thresholdWords(terms)}.`;
}

export function TdsNatureFormDialog({ open, onOpenChange, nature }: { open: boolean; onOpenChange: (open: boolean) => void; nature: TdsNature | null }) {
  const { create, update } = useTdsNatureMutations();
  const form = useForm<Values, unknown, TdsNaturePayload>({ resolver, defaultValues: valuesOf(nature) });
  const { register, handleSubmit, reset, setError, formState, control } = form;
  const errors = formState.errors;
  const values = useWatch({ control }) as Values;

  useEffect(() => {
    if (open) reset(valuesOf(nature));
  }, [open, nature, reset]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (nature) {
        await update.mutateAsync({ id: nature.id, body });
        toast({ title: "TDS Nature Updated", description: `${body.name} was updated. Bills already decided keep their TDS.` });
      } else {
        await create.mutateAsync(body);
        toast({ title: "TDS Nature Created", description: `${body.name} can be named on parties and bills.` });
      }
      onOpenChange(false);
    } catch (err) {
      for (const [path, message] of Object.entries(errorIssues(err))) setError(path as keyof Values, { message });
      if (errorStatus(err) === 409) setError("name", { message: errorMessage(err, "A TDS nature with this name already exists") });
      toast({
        title: "Error",
        description: errorMessage(err, nature ? "Failed to update the TDS nature" : "Failed to create the TDS nature"),
        variant: "destructive",
      });
    }
  });

  const pending = create.isPending || update.isPending;
  const sentence = values ? summary(values) : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={nature ? "Edit TDS Nature" : "Create TDS Nature"}
        description={
          nature
            ? `Change ${nature.name}. Bills already decided keep their TDS; the next decision reads the new terms.`
            : "A kind of payment tax is deducted on, with its sections, rates, thresholds and ledger."
        }
        footer={
          <FormDialogFooter
            formId="tds-nature-form"
            submitLabel={nature ? "Save Changes" : "Create Nature"}
            pending={pending}
            onCancel={() => onOpenChange(false)}
          />
        }
      >
        <form id="tds-nature-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" required error={errors.name?.message} className="sm:col-span-2">
            <Input autoComplete="off" maxLength={100} placeholder="e.g. Professional fees" {...register("name")} />
          </Field>
          <Field label="Section (1961 Act)" required error={errors.legacySection?.message} hint="How accountants know it: 194C, 194J …">
            <Input autoComplete="off" maxLength={20} placeholder="194J" {...register("legacySection")} />
          </Field>
          <Field label="Reference in the 2025 Act" required error={errors.actReference?.message} hint="Its place in the Table of section 393">
            <Input autoComplete="off" maxLength={100} placeholder="393(1) Table Sl. 6(iii)" {...register("actReference")} />
          </Field>
          <Field label="Rate, individual or HUF (%)" required error={errors.rateIndividual?.message} hint="A PAN whose fourth character is P or H">
            <Input inputMode="decimal" autoComplete="off" placeholder="1" {...register("rateIndividual")} />
          </Field>
          <Field label="Rate, others (%)" required error={errors.rateOther?.message} hint="Companies, firms and every other PAN">
            <Input inputMode="decimal" autoComplete="off" placeholder="2" {...register("rateOther")} />
          </Field>
          <Field label="Rate without a PAN (%)" required error={errors.noPanRate?.message} hint="Twice the rate applies when that is higher">
            <Input inputMode="decimal" autoComplete="off" placeholder="20" {...register("noPanRate")} />
          </Field>
          <Field label="Payment code" error={errors.paymentCode?.message} hint="For the returns; leave blank until your accountant confirms it">
            <Input autoComplete="off" maxLength={20} placeholder="Not set" {...register("paymentCode")} />
          </Field>
          <Field label="Threshold a bill" error={errors.singleThreshold?.message} hint="A bill this large or larger">
            <PrefixedInput prefix="₹" inputMode="decimal" autoComplete="off" placeholder="None" {...register("singleThreshold")} />
          </Field>
          <Field label="Threshold a month" error={errors.monthlyThreshold?.message} hint="The party's bills of a month together">
            <PrefixedInput prefix="₹" inputMode="decimal" autoComplete="off" placeholder="None" {...register("monthlyThreshold")} />
          </Field>
          <Field label="Threshold a year" error={errors.yearlyThreshold?.message} hint="The party's bills of a financial year together">
            <PrefixedInput prefix="₹" inputMode="decimal" autoComplete="off" placeholder="None" {...register("yearlyThreshold")} />
          </Field>
          <Field label="TDS ledger" required error={errors.ledgerName?.message} hint="Under Duties & Taxes in the books">
            <Input autoComplete="off" maxLength={200} placeholder="TDS on Professional Fees 194J" {...register("ledgerName")} />
          </Field>
          <div className="grid gap-3 sm:col-span-2">
            <Checkbox
              label="Deduct only on what exceeds the yearly threshold"
              hint="As for purchase of goods (194Q): no TDS below it, and none on the earlier bills when it is crossed."
              {...register("onlyAboveThreshold")}
            />
            {nature ? (
              <Checkbox label="Active" hint="An inactive nature cannot be named on new bills; bills already decided keep it." {...register("isActive")} />
            ) : null}
          </div>
          {sentence ? (
            <p className="rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900 sm:col-span-2" aria-live="polite">
              {sentence}
            </p>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
