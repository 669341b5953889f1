// The transaction form (spec 000 §2 Create Transaction, §5 validation): create a new transaction,
// or edit a Draft/Rejected one (PATCH), then Save as Draft or Submit for Approval.
//
// Validation is the server's own: createTransactionSchema through zodResolver, plus
// validateCustomFieldValues for the category's fields, so the form shows the messages the API
// would give. Submit = create (or PATCH) → upload each file with progress → submit; an emergency
// transaction then gets its copy-paste approval message.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Controller, useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { FileText, Save, Send } from "lucide-react";
import { customFieldKey } from "@shared/custom-field-key";
import { readMoney } from "@shared/money";
import type { Category, CustomFieldValue, CustomFieldValues } from "@shared/schemas/categories";
import {
  type CreateTransactionBody,
  type Transaction,
} from "@shared/schemas/transactions";
import { formatFileSize } from "@shared/format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { CenteredSpinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { invalidateFinance, transactionApi, uploadAttachment, type PossibleDuplicate, type TransactionDetail } from "../api";
import { useQueryClient } from "@tanstack/react-query";
import type { Outcome } from "./SubmitOutcome";
import { FileDropzone, toPendingFile, type PendingFile } from "./FileDropzone";
import { PrefixedInput } from "@/components/ui/prefixed-input";
import { useApprovalPreviewWords } from "./ApprovalPreview";
import { isSalaryCategory, SALARY_ALERT } from "../rules";
import { useGstContext } from "../api";
import type { GstForm } from "../gst-form";
import { emptyFormValues, formValuesOf, type TransactionFormValues } from "../form-values";
import { PartyPicker, type PickedParty } from "@/features/parties";
import type { PartyRef } from "@shared/schemas/parties";

// The GST lines load when a bill says it has a GST invoice: most transactions never need them.
const GstSection = lazy(() => import("./GstSection").then((m) => ({ default: m.GstSection })));
// A bill's TDS loads once it names a vendor.
const TdsSection = lazy(() => import("./TdsSection").then((m) => ({ default: m.TdsSection })));
// A category's own fields load with the first category that has any.
const CustomFieldInput = lazy(() => import("./CustomFieldInput").then((m) => ({ default: m.CustomFieldInput })));
// Likewise the duplicate warning and its confirmation, shown only when the server finds a match.
const DuplicateWarning = lazy(() => import("./DuplicateWarning").then((m) => ({ default: m.DuplicateWarning })));
const DuplicateSubmitConfirm = lazy(() => import("./DuplicateWarning").then((m) => ({ default: m.DuplicateSubmitConfirm })));

/** The body's `gst`: the section's values on a bill that has them, null otherwise. */
function gstOfValues(values: TransactionFormValues): GstForm | null {
  return values.hasGst && values.formType === "B" ? values.gst : null;
}

/** The body's `tds` (DECISIONS §12): a bill naming a party says its nature or none; anything else leaves it out. */
function tdsOfValues(values: TransactionFormValues): { natureId: string } | null | undefined {
  if (values.formType !== "B" || !values.partyId) return undefined;
  return values.tdsNatureId ? { natureId: values.tdsNatureId } : null;
}

/** Only the keys of the category's fields (values left from another category are dropped). */
function customValuesFor(category: Category | undefined, values: CustomFieldValues | undefined): Record<string, CustomFieldValue> {
  const out: Record<string, CustomFieldValue> = {};
  for (const field of category?.fieldSchema ?? []) {
    const key = customFieldKey(field);
    if (values && Object.prototype.hasOwnProperty.call(values, key)) out[key] = values[key];
  }
  return out;
}

// What a submission answers is shown only after one: its panels load with the submission.
const loadOutcomePanels = () => import("./SubmitOutcome");
const SubmittedPanel = lazy(() => loadOutcomePanels().then((m) => ({ default: m.SubmittedPanel })));
const EmergencyPanel = lazy(() => loadOutcomePanels().then((m) => ({ default: m.EmergencyPanel })));

export type TransactionFormProps = {
  categories: Category[];
  /** Editing an existing Draft/Rejected transaction. */
  editing?: TransactionDetail;
  /** After a draft of an edited transaction is saved. */
  onEditDone?: () => void;
  /** 'Create New Transaction' / 'Close & Reset Form' after an edit (a fresh form lives at another address). */
  onStartNew?: () => void;
  /**
   * An employee's expense claim (DECISIONS §15): the categories open to claims only, always Form B,
   * no party, GST, TDS or emergency; receipts and the category's fields as for any bill.
   */
  claim?: boolean;
};

export function TransactionForm({ categories, editing, onEditDone, onStartNew, claim = false }: TransactionFormProps) {
  const queryClient = useQueryClient();
  const categoriesRef = useRef(categories);
  categoriesRef.current = categories;

  const resolver = useMemo<Resolver<TransactionFormValues, unknown, CreateTransactionBody>>(() => {
    const base = lazyZodResolver<TransactionFormValues, CreateTransactionBody>(() => import("@shared/schemas/transactions").then((m) => m.createTransactionSchema));
    return async (values, context, options) => {
      const category = categoriesRef.current.find((c) => c.id === values.categoryId);
      const custom = customValuesFor(category, values.customFieldValues);
      const { hasGst: _hasGst, tdsNatureId: _tdsNatureId, ...sent } = values;
      const result = await base({ ...sent, gst: gstOfValues(values), tds: tdsOfValues(values), customFieldValues: custom } as unknown as TransactionFormValues, context, options);
      // The custom field checks load with the first check, like the schema.
      const { validateCustomFieldValues } = await import("@shared/custom-fields");
      const checked = validateCustomFieldValues(category?.fieldSchema ?? [], custom);
      if (!checked.ok) {
        const errors = { ...result.errors } as FieldErrors<TransactionFormValues> & { customFieldValues?: Record<string, { type: string; message: string }> };
        const fieldErrors: Record<string, { type: string; message: string }> = {};
        for (const issue of checked.issues) fieldErrors[issue.path.replace(/^customFieldValues\.?/, "")] = { type: "custom", message: issue.message };
        errors.customFieldValues = fieldErrors;
        return { values: {}, errors } as Awaited<ReturnType<typeof base>>;
      }
      if (Object.keys(result.errors).length) return result;
      return { values: { ...(result.values as CreateTransactionBody), customFieldValues: checked.values }, errors: {} };
    };
  }, []);

  const blank = (): TransactionFormValues => (claim ? { ...emptyFormValues(), formType: "B" } : emptyFormValues());
  const initial = editing ? formValuesOf(editing) : blank();
  const form = useForm<TransactionFormValues, unknown, CreateTransactionBody>({ resolver, defaultValues: initial });
  const { register, control, handleSubmit, watch, reset, setValue, setError, formState } = form;
  const errors = formState.errors as FieldErrors<TransactionFormValues> & { customFieldValues?: Record<string, { message?: string }> };

  const [files, setFiles] = useState<PendingFile[]>([]);
  const [savedId, setSavedId] = useState<string | null>(editing?.id ?? null);
  const [busy, setBusy] = useState<null | "draft" | "submit">(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [duplicates, setDuplicates] = useState<PossibleDuplicate[]>([]);
  const [confirmDuplicate, setConfirmDuplicate] = useState<{ id: string; isEmergency: boolean; duplicates: PossibleDuplicate[] } | null>(null);

  const categoryId = watch("categoryId");
  const formType = watch("formType");
  // The picked party's name and GSTIN for the picker; the form itself keeps only its id.
  const [party, setParty] = useState<PartyRef | null>(editing?.party ?? null);
  const pickParty = (next: PickedParty | null) => {
    setParty(next);
    setValue("partyId", next?.id ?? "", { shouldDirty: true });
    // A bill starts with the vendor's usual TDS nature (DECISIONS §12); the person may choose another or none.
    setValue("tdsNatureId", next?.tdsNatureId ?? "", { shouldDirty: true });
    // A bill's place of supply follows the supplier's state (DECISIONS §12); the person may still change it.
    if (next?.stateCode) setValue("gst.placeOfSupply", next.stateCode, { shouldDirty: true });
  };
  const amount = watch("amount");
  const transactionDate = watch("transactionDate");
  const isEmergency = watch("isEmergency");
  const hasGst = watch("hasGst");
  const gst = watch("gst");
  const tdsNatureId = watch("tdsNatureId");
  const category = categories.find((c) => c.id === categoryId);
  const gstContext = useGstContext(formType === "B" && !claim);
  const companyStateCode = gstContext.data?.companyStateCode ?? null;
  // A claimant sees neither the approval rules nor other people's transactions (DECISIONS §15).
  const approvalWords = useApprovalPreviewWords(claim ? "" : categoryId, watch("formType"), amount);

  // Possible duplicates: same category, amount and date (checked after typing settles).
  useEffect(() => {
    const money = readMoney(amount);
    if (claim || !categoryId || !transactionDate || !money.ok || money.paise <= 0n) {
      setDuplicates([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      transactionApi
        .checkDuplicates({ categoryId, amount: money.value, transactionDate }, controller.signal)
        .then((answer) => setDuplicates((answer?.duplicates ?? []).filter((d) => d.id !== savedId)))
        .catch(() => {
          // A failed check only means no warning.
        });
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [claim, categoryId, amount, transactionDate, savedId]);

  const existingAttachments = editing?.attachments?.length ?? 0;

  const resetAll = () => {
    reset(editing && !outcome ? formValuesOf(editing) : blank());
    setParty(editing && !outcome ? (editing.party ?? null) : null);
    setFiles([]);
    setDuplicates([]);
    setOutcome(null);
    setSavedId(editing && !outcome ? editing.id : null);
  };

  const updateFile = (key: string, patch: Partial<PendingFile>) => setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...patch } : f)));

  /** Create or PATCH, then upload the files not yet uploaded. Answers the transaction id. */
  const saveAndUpload = async (body: CreateTransactionBody, asDraft: boolean): Promise<{ id: string; transaction: Transaction | null }> => {
    let id = savedId;
    let transaction: Transaction | null = null;
    if (id) {
      const { status: _status, ...edit } = body;
      transaction = await transactionApi.edit(id, edit);
    } else {
      transaction = await transactionApi.create(asDraft ? { ...body, status: "Draft" } : body);
      id = transaction.id;
      setSavedId(id);
    }
    for (const pending of files) {
      if (pending.state === "done") continue;
      updateFile(pending.key, { state: "uploading", progress: 0, error: undefined });
      try {
        await uploadAttachment(id, pending.file, (progress) => updateFile(pending.key, { progress }));
        updateFile(pending.key, { state: "done", progress: 1 });
      } catch (err) {
        const message = errorMessage(err, "Upload failed");
        updateFile(pending.key, { state: "error", error: message });
        throw new Error(`${pending.file.name}: ${message}`);
      }
    }
    return { id, transaction };
  };

  const showFieldIssues = (err: unknown) => {
    for (const [path, message] of Object.entries(errorIssues(err))) {
      setError(path as keyof TransactionFormValues, { type: "server", message });
    }
  };

  const onSaveDraft = handleSubmit(async (body) => {
    setBusy("draft");
    try {
      await saveAndUpload(body, true);
      await invalidateFinance(queryClient);
      toast({ title: "Draft Saved", description: "Transaction has been saved as draft." });
      if (editing || claim) onEditDone?.();
      else {
        reset(emptyFormValues());
        setParty(null);
        setFiles([]);
        setSavedId(null);
        setDuplicates([]);
      }
    } catch (err) {
      showFieldIssues(err);
      toast({ title: "Error", description: errorMessage(err, "Failed to save draft"), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  });

  /** Submits a saved transaction, then shows the success (or emergency) panel. */
  const submitSaved = async (id: string, isEmergencyBody: boolean) => {
    setBusy("submit");
    void loadOutcomePanels();
    try {
      const submitted = await transactionApi.submit(id);
      await invalidateFinance(queryClient);
      if (isEmergencyBody) {
        try {
          const links = await transactionApi.emergencyLinks(id);
          setOutcome({ kind: "emergency", transaction: submitted, links });
          toast({ title: "Emergency Transaction Created", description: "Copy the message and send it for immediate approval." });
        } catch (err) {
          setOutcome({ kind: "submitted", transaction: submitted });
          toast({ title: "Error", description: errorMessage(err, "Failed to create emergency approval links"), variant: "destructive" });
        }
      } else {
        setOutcome({ kind: "submitted", transaction: submitted });
        toast({ title: claim ? "Claim Submitted" : "Transaction Submitted", description: `${submitted?.humanReadableId ?? (claim ? "Your claim" : "Your transaction")} has been submitted for approval.` });
      }
      window.scrollTo({ top: 0, behavior: "smooth" });
    } catch (err) {
      showFieldIssues(err);
      toast({ title: "Error", description: errorMessage(err, "Failed to submit transaction"), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const onSubmitForApproval = handleSubmit(async (body) => {
    setBusy("submit");
    let saved: string;
    try {
      ({ id: saved } = await saveAndUpload(body, false));
      // Saved (with its files), so the server can match the attachments too: a possible duplicate asks first.
      const found = (await transactionApi.get(saved))?.possibleDuplicates ?? [];
      if (found.length) {
        await invalidateFinance(queryClient);
        setConfirmDuplicate({ id: saved, isEmergency: Boolean(body.isEmergency), duplicates: found });
        setBusy(null);
        return;
      }
    } catch (err) {
      showFieldIssues(err);
      toast({ title: "Error", description: errorMessage(err, "Failed to submit transaction"), variant: "destructive" });
      setBusy(null);
      return;
    }
    await submitSaved(saved, Boolean(body.isEmergency));
  });

  const startNew = onStartNew ?? resetAll;
  if (outcome) {
    return (
      <Suspense fallback={<CenteredSpinner label="Loading" />}>
        {outcome.kind === "emergency" ? <EmergencyPanel outcome={outcome} onClose={startNew} /> : <SubmittedPanel transaction={outcome.transaction} onNew={startNew} claim={claim} />}
      </Suspense>
    );
  }

  const working = busy !== null;
  const categoryOptions = categories
    .filter((c) => c.isActive || c.id === editing?.categoryId)
    .filter((c) => !claim || c.openToClaims || c.id === editing?.categoryId)
    .map((c) => ({ value: c.id, label: c.isBuiltin ? `${c.name} (Built-in)` : c.name }));
  const fields = category?.fieldSchema ?? [];

  return (
    <form onSubmit={onSubmitForApproval} noValidate className="grid grid-cols-1 gap-6 [&>*]:min-w-0" aria-busy={working}>
      {editing ? (
        <Alert variant={editing.status === "Rejected" ? "warning" : "info"} title={`Editing ${editing.humanReadableId}`}>
          {claim
            ? editing.status === "Rejected"
              ? "This claim was rejected. Change what is needed, then submit it again."
              : "This claim is a draft. Save your changes or submit it for approval."
            : editing.status === "Rejected"
            ? "This transaction was rejected. Change what is needed, then submit it for approval again."
            : "This is a draft. Save your changes or submit it for approval."}
        </Alert>
      ) : null}

      <Card>
        <CardHeader className="pb-4">
          <CardTitle>{claim ? "Claim details" : "Transaction Details"}</CardTitle>
          {claim ? <p className="text-sm text-slate-600">What you spent for work. You are reimbursed once it is approved and paid.</p> : null}
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 [&>*]:min-w-0">
          {claim ? null : <Controller
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
                  {[
                    { value: "R", title: "R - Receipt", hint: "Money received" },
                    { value: "B", title: "B - Bill", hint: "Money to be paid" },
                  ].map((option) => (
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
          />}

          <div className="grid grid-cols-1 items-start gap-5 sm:grid-cols-2 [&>*]:min-w-0">
            <Field label="Category" required error={errors.categoryId?.message} className="sm:col-span-2">
              <Select
                {...register("categoryId", {
                  onChange: (e: { target: { value: string } }) => {
                    const next = categories.find((c) => c.id === e.target.value);
                    setValue("customFieldValues", customValuesFor(next, form.getValues("customFieldValues")));
                  },
                })}
                placeholder="Select a category"
                options={categoryOptions}
              />
            </Field>
            {claim ? null : <Field
              label={formType === "B" ? "Vendor" : "Payer"}
              hint={formType === "B" ? "Optional: the party this bill pays. Type to search, or create one." : "Optional: the party this money comes from. Type to search, or create one."}
              error={errors.partyId?.message}
              className="sm:col-span-2"
            >
              <PartyPicker value={party} onChange={pickParty} disabled={working} label={formType === "B" ? "vendor" : "payer"} />
            </Field>}
            <Field
              label="Amount"
              required
              error={errors.amount?.message}
              hint={approvalWords ? <span className="font-medium text-brand-800" data-approval-preview>{approvalWords}</span> : undefined}
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
            <Textarea rows={3} placeholder={claim ? "What did you spend on, and for which work?" : "What is this transaction for?"} {...register("description")} />
          </Field>

          {duplicates.length ? (
            <Suspense fallback={null}>
              <DuplicateWarning duplicates={duplicates} />
            </Suspense>
          ) : null}
        </CardContent>
      </Card>

      {fields.length ? (
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
                      control={control}
                      name={`customFieldValues.${key}` as "customFieldValues"}
                      render={({ field: rhf }) => (
                        <CustomFieldInput
                          field={field}
                          value={rhf.value as unknown as CustomFieldValue | undefined}
                          onChange={(v) => rhf.onChange(v)}
                          onBlur={rhf.onBlur}
                          error={errors.customFieldValues?.[key]?.message}
                          onPickFile={(file) => setFiles((list) => [...list, toPendingFile(file)])}
                        />
                      )}
                    />
                  </div>
                );
              })}
            </CardContent>
          </Card>
        </Suspense>
      ) : null}

      {formType === "B" && !claim ? (
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
                  const start = party?.stateCode ?? companyStateCode;
                  if (e.target.checked && !form.getValues("gst.placeOfSupply") && start) setValue("gst.placeOfSupply", start);
                },
              })}
              disabled={working}
            />
            {hasGst ? (
              <Suspense fallback={<p className="text-sm text-slate-500">Loading the GST lines…</p>}>
                <GstSection
                  control={control}
                  register={register}
                  errors={errors.gst}
                  gst={gst}
                  amount={amount}
                  companyStateCode={companyStateCode}
                  loadingState={gstContext.isLoading}
                  onSetAmount={(value) => setValue("amount", value, { shouldValidate: formState.isSubmitted, shouldDirty: true })}
                  disabled={working}
                />
              </Suspense>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      {formType === "B" && !claim ? (
        <Card>
          <CardHeader className="pb-4">
            <CardTitle>TDS</CardTitle>
            <p className="text-sm text-slate-600">Tax deducted at source from the vendor: the vendor is paid the rest.</p>
          </CardHeader>
          <CardContent>
            {party ? (
              <Suspense fallback={<p className="text-sm text-slate-500">Loading the TDS natures…</p>}>
                <TdsSection
                  onNatureChange={(id) => setValue("tdsNatureId", id, { shouldDirty: true })}
                  partyId={party.id}
                  natureId={tdsNatureId}
                  amount={amount}
                  transactionDate={transactionDate}
                  gst={hasGst ? gst : null}
                  transactionId={savedId}
                  currentNature={editing?.tds ? { id: editing.tds.natureId, label: `Section ${editing.tds.legacySection} (as named on this bill)` } : null}
                  disabled={working}
                />
              </Suspense>
            ) : (
              <p className="text-sm text-slate-600">Choose the vendor above: TDS is deducted from a party, under its usual nature unless you choose another.</p>
            )}
          </CardContent>
        </Card>
      ) : null}

      {claim ? null : <Card>
        <CardHeader className="pb-4">
          <CardTitle>Priority</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Checkbox label="Mark as Emergency" hint="Emergency and advance transactions are highlighted for approvers." {...register("isPriority")} />
          <Checkbox
            label="Emergency Approval Required"
            hint="Creates copy-paste approval links for the three emergency approvers once submitted."
            {...register("isEmergency")}
          />
          {isEmergency ? (
            <Alert variant="warning">After you submit, you get a message with approve and reject links to send to an emergency approver.</Alert>
          ) : null}
        </CardContent>
      </Card>}

      <Card>
        <CardHeader className="pb-4">
          <CardTitle>{claim ? "Receipts" : "Attachments"}</CardTitle>
          <p className="text-sm text-slate-600">{claim ? "A photo or PDF of each receipt." : "Receipts, bills or any supporting documents."}</p>
        </CardHeader>
        <CardContent className="grid gap-3">
          {editing?.attachments?.length ? (
            <ul className="grid gap-2" aria-label="Attached files">
              {editing.attachments.map((a) => (
                <li key={a.id} className="flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
                  <FileText className="h-4 w-4 text-slate-500" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate" title={a.fileName}>{a.fileName}</span>
                  <span className="text-xs text-slate-600">{formatFileSize(a.fileSizeBytes)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <FileDropzone
            files={files}
            existingCount={existingAttachments}
            disabled={working}
            onAdd={(added) => setFiles((list) => [...list, ...added.map(toPendingFile)])}
            onRemove={(key) => setFiles((list) => list.filter((f) => f.key !== key))}
          />
        </CardContent>
      </Card>

      <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:rounded-xl sm:border sm:shadow-sm">
        <div className="grid grid-cols-2 gap-2 sm:flex sm:items-center sm:justify-end">
          <Button variant="ghost" onClick={resetAll} disabled={working}>
            Cancel
          </Button>
          <Button variant="outline" onClick={() => void onSaveDraft()} disabled={working}>
            <Save className="h-4 w-4" aria-hidden="true" />
            {busy === "draft" ? "Saving..." : "Save as Draft"}
          </Button>
          <Button type="submit" disabled={working} className="col-span-2">
            <Send className="h-4 w-4" aria-hidden="true" />
            {busy === "submit" ? "Submitting..." : "Submit for Approval"}
          </Button>
        </div>
      </div>
      {confirmDuplicate ? (
        <Suspense fallback={null}>
          <DuplicateSubmitConfirm
            duplicates={confirmDuplicate.duplicates}
            pending={busy === "submit"}
            onCancel={() => {
              setConfirmDuplicate(null);
              toast({ title: "Not submitted", description: "Your changes are saved; submit it when you have checked the earlier transaction." });
            }}
            onConfirm={() => {
              const pending = confirmDuplicate;
              setConfirmDuplicate(null);
              if (pending) void submitSaved(pending.id, pending.isEmergency);
            }}
          />
        </Suspense>
      ) : null}
    </form>
  );
}
