// Create or edit a party (DECISIONS §12), from the Parties page and from the transaction form's
// picker. The GSTIN is checked as it is typed with the server's own function; a valid one fills
// the PAN and state, which then follow it.
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { Party } from "@shared/schemas/parties";
import { GST_STATES } from "@shared/gst-states";
import { Checkbox, ConfirmDeactivate, Dialog, DialogContent, Field, FormDialogFooter, Input, Select } from "@/components/ui";
import { partyDeactivation } from "../words";
import { toast } from "@/hooks/use-toast";
import { errorBody, errorIssues, errorMessage } from "@/lib/api";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { useActiveTdsNatures } from "@/features/tds";
import { usePartyMutations, type PartyInput } from "../api";
import { GstinHint, readGstin } from "./GstinHint";

type Values = PartyInput & { isActive: boolean };

const createResolver = lazyZodResolver<Values>(() => import("@shared/schemas/parties").then((m) => m.partyBodySchema));

const STATE_OPTIONS = GST_STATES.map((s) => ({ value: s.code, label: `${s.code} · ${s.name}` }));

const valuesOf = (p: Party | null, name = ""): Values => ({
  name: p?.name ?? name,
  gstin: p?.gstin ?? "",
  pan: p?.pan ?? "",
  stateCode: p?.stateCode ?? "",
  email: p?.email ?? "",
  phone: p?.phone ?? "",
  tdsNatureId: p?.tdsNatureId ?? "",
  isActive: p?.isActive ?? true,
});

/** The field a refusal of a taken name or GSTIN belongs to (the server's codes). */
const CLASH_FIELD: Record<string, "name" | "gstin"> = { ledger_name_clash: "name", duplicate_name: "name", duplicate_gstin: "gstin" };

export function PartyFormDialog({
  open,
  onOpenChange,
  party,
  initialName,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The party to edit; null creates one. */
  party: Party | null;
  /** The name typed in the picker, for a party created from the transaction form. */
  initialName?: string;
  onSaved?: (party: Party) => void;
}) {
  const { create, update } = usePartyMutations();
  const natures = useActiveTdsNatures(open);
  const editing = party !== null;
  const form = useForm<Values>({ resolver: createResolver, defaultValues: valuesOf(party, initialName) });
  const { register, handleSubmit, reset, setError, setValue, watch, formState } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (open) reset(valuesOf(party, initialName));
  }, [open, party, initialName, reset]);

  const gstin = readGstin(watch("gstin") ?? "");
  const derived = gstin.state === "valid";
  useEffect(() => {
    if (gstin.state !== "valid") return;
    setValue("pan", gstin.pan);
    setValue("stateCode", gstin.stateCode);
  }, [gstin.state, gstin.state === "valid" ? gstin.pan : "", gstin.state === "valid" ? gstin.stateCode : "", setValue]); // eslint-disable-line react-hooks/exhaustive-deps

  // Unticking Active asks first, as the list's Deactivate does (DECISIONS §16).
  const [deactivating, setDeactivating] = useState<Values | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    if (party?.isActive && values.isActive === false) setDeactivating(values);
    else await save(values);
  });
  const save = async (values: Values) => {
    setDeactivating(null);
    try {
      // With a valid GSTIN the server reads the PAN and state from it; blanks say "follow the GSTIN".
      const body: PartyInput = {
        name: values.name,
        gstin: values.gstin,
        pan: derived ? "" : values.pan,
        stateCode: derived ? "" : values.stateCode,
        email: values.email,
        phone: values.phone,
        tdsNatureId: values.tdsNatureId,
      };
      const saved = party ? await update.mutateAsync({ id: party.id, body: { ...body, isActive: values.isActive } }) : await create.mutateAsync(body);
      toast({ title: party ? "Party Updated" : "Party Created", description: `${saved.name} was saved.` });
      onSaved?.(saved);
      onOpenChange(false);
    } catch (err) {
      for (const [path, message] of Object.entries(errorIssues(err))) setError(path as keyof Values, { message });
      // A name another ledger or party has, or a GSTIN another party has (409): said under its field too.
      const clash = CLASH_FIELD[String(errorBody(err)?.code)];
      if (clash) setError(clash, { message: errorMessage(err, "Already taken") });
      toast({ title: "Error", description: errorMessage(err, party ? "Failed to update party" : "Failed to create party"), variant: "destructive" });
    }
  };

  const pending = create.isPending || update.isPending;
  // The nature the party names stays choosable even if it was deactivated since.
  const natureOptions = (natures.data ?? []).map((n) => ({ value: n.id, label: `${n.name} (${n.legacySection})` }));
  if (party?.tdsNatureId && !natureOptions.some((o) => o.value === party.tdsNatureId))
    natureOptions.push({ value: party.tdsNatureId, label: "Its current nature (inactive)" });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? "Edit Party" : "New Party"}
        description={editing ? `Change the details of ${party?.name}.` : "A vendor you pay or a payer you receive from."}
        footer={
          <FormDialogFooter
            formId="party-form"
            submitLabel={editing ? "Save Changes" : "Create Party"}
            pending={pending}
            onCancel={() => onOpenChange(false)}
          />
        }
      >
        <form
          id="party-form"
          onSubmit={(e) => {
            e.stopPropagation();
            void onSubmit(e);
          }}
          noValidate
          className="grid gap-4 sm:grid-cols-2"
        >
          <Field label="Party Name" required error={errors.name?.message} className="sm:col-span-2">
            <Input autoComplete="off" placeholder="e.g. Shakti Power Systems" {...register("name")} />
          </Field>
          <Field
            label="GSTIN"
            error={errors.gstin?.message ?? (gstin.state === "invalid" ? gstin.reason : undefined)}
            hint={<GstinHint reading={gstin} />}
            className="sm:col-span-2"
          >
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              className="font-mono uppercase"
              placeholder="Optional"
              {...register("gstin")}
            />
          </Field>
          <Field label="PAN" error={errors.pan?.message} hint={derived ? "From the GSTIN" : "5 letters, 4 digits, a letter"}>
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={10}
              className="font-mono uppercase"
              readOnly={derived}
              {...register("pan")}
            />
          </Field>
          <Field label="State" error={errors.stateCode?.message} hint={derived ? "From the GSTIN" : "Where the party is registered"}>
            <Select placeholder="Not known" options={STATE_OPTIONS} disabled={derived} {...register("stateCode")} />
          </Field>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" inputMode="email" placeholder="accounts@example.com" {...register("email")} />
          </Field>
          <Field label="Phone" error={errors.phone?.message}>
            <Input type="tel" autoComplete="off" inputMode="tel" placeholder="+91 98200 00000" {...register("phone")} />
          </Field>
          <Field
            label="Usual TDS nature"
            error={errors.tdsNatureId?.message}
            hint="New bills of this party start with it, at the rate its PAN calls for; a bill may choose another or none."
            className="sm:col-span-2"
          >
            {/* Controlled: the natures may arrive after the form is filled, and the choice must show then. */}
            <Select
              placeholder="No TDS"
              options={natureOptions}
              value={watch("tdsNatureId")}
              onChange={(e) => setValue("tdsNatureId", e.target.value, { shouldDirty: true })}
            />
          </Field>
          {editing ? (
            <div className="sm:col-span-2">
              <Checkbox label="Active" hint="Inactive parties cannot be named on new transactions; those that name them keep them." {...register("isActive")} />
            </div>
          ) : null}
        </form>
        <ConfirmDeactivate
          open={deactivating !== null}
          onOpenChange={(o) => !o && setDeactivating(null)}
          {...partyDeactivation(party?.name)}
          pending={update.isPending}
          onConfirm={() => deactivating && void save(deactivating)}
        />
      </DialogContent>
    </Dialog>
  );
}
