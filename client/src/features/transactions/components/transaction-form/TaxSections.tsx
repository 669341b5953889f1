// A bill's taxes (DECISIONS §12): the supplier's GST invoice, and TDS deducted from the vendor. Each
// section's lines load when the bill needs them.
import { lazy, Suspense } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import type { TransactionFormState } from "./use-transaction-form";

// The GST lines load when a bill says it has a GST invoice: most transactions never need them.
const GstSection = lazy(() => import("../GstSection").then((m) => ({ default: m.GstSection })));
// A bill's TDS loads once it names a vendor.
const TdsSection = lazy(() => import("../TdsSection").then((m) => ({ default: m.TdsSection })));

export function GstCard({ tx }: { tx: TransactionFormState }) {
  const { form, working } = tx;
  const { control, register, setValue, formState } = form;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>GST</CardTitle>
        <p className="text-sm text-slate-600">The supplier's tax invoice, when the bill has one: the taxes are worked out as you type.</p>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Checkbox
          label="This bill has a GST invoice"
          {...register("hasGst", {
            onChange: (e: { target: { checked: boolean } }) => {
              // The place of supply starts as the chosen party's state, else the company's own; the
              // person may change it.
              const start = tx.party?.stateCode ?? tx.companyStateCode;
              if (e.target.checked && !form.getValues("gst.placeOfSupply") && start) setValue("gst.placeOfSupply", start);
            },
          })}
          disabled={working}
        />
        {tx.hasGst ? (
          <Suspense fallback={<p className="text-sm text-slate-500">Loading the GST lines…</p>}>
            <GstSection
              control={control}
              register={register}
              errors={tx.errors.gst}
              gst={tx.gst}
              amount={tx.amount}
              companyStateCode={tx.companyStateCode}
              loadingState={tx.gstContextLoading}
              onSetAmount={(value) => setValue("amount", value, { shouldValidate: formState.isSubmitted, shouldDirty: true })}
              disabled={working}
            />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function TdsCard({ tx }: { tx: TransactionFormState }) {
  const { party, editing, working } = tx;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>TDS</CardTitle>
        <p className="text-sm text-slate-600">Tax deducted at source from the vendor: the vendor is paid the rest.</p>
      </CardHeader>
      <CardContent>
        {party ? (
          <Suspense fallback={<p className="text-sm text-slate-500">Loading the TDS natures…</p>}>
            <TdsSection
              onNatureChange={(id) => tx.form.setValue("tdsNatureId", id, { shouldDirty: true })}
              partyId={party.id}
              natureId={tx.tdsNatureId}
              amount={tx.amount}
              transactionDate={tx.transactionDate}
              gst={tx.hasGst ? tx.gst : null}
              transactionId={tx.savedId}
              currentNature={editing?.tds ? { id: editing.tds.natureId, label: `Section ${editing.tds.legacySection} (as named on this bill)` } : null}
              disabled={working}
            />
          </Suspense>
        ) : (
          <p className="text-sm text-slate-600">Choose the vendor above: TDS is deducted from a party, under its usual nature unless you choose another.</p>
        )}
      </CardContent>
    </Card>
  );
}
