// The transaction form's state and its two ways out (spec 000 §2, §5): the values under
// react-hook-form, checked by the server's own rules; the files to upload; the possible duplicates;
// Save as Draft and Submit for Approval. The sections draw what this hook holds.
//
// Validation is the server's own: createTransactionSchema through zodResolver, plus
// validateCustomFieldValues for the category's fields, so the form shows the messages the API
// would give. Submit = create (or PATCH) → upload each file with progress → submit; an emergency
// transaction then gets its copy-paste approval message.
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { customFieldKey } from "@shared/custom-field-key";
import { readMoney } from "@shared/money";
import type { Category, CustomFieldValue, CustomFieldValues } from "@shared/schemas/categories";
import type { CreateTransactionBody, Transaction } from "@shared/schemas/transactions";
import type { PartyRef } from "@shared/schemas/parties";
import type { PickedParty } from "@/features/parties";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { invalidateFinance, transactionApi, uploadAttachment, useGstContext, type PossibleDuplicate, type TransactionDetail } from "../../api";
import type { GstForm } from "../../gst-form";
import { emptyFormValues, formValuesOf, type TransactionFormValues } from "../../form-values";
import { useApprovalPreviewWords } from "../ApprovalPreview";
import type { PendingFile } from "../pending-file";
import type { Outcome } from "../SubmitOutcome";

/** The form's errors, with the category's own fields by their keys. */
export type TransactionFormErrors = FieldErrors<TransactionFormValues> & { customFieldValues?: Record<string, { message?: string }> };

/** A saved transaction whose submission waits for the person to confirm a possible duplicate. */
type DuplicateToConfirm = { id: string; isEmergency: boolean; duplicates: PossibleDuplicate[] };

export type TransactionFormOptions = {
  categories: Category[];
  /** Editing an existing Draft/Rejected transaction. */
  editing?: TransactionDetail;
  /** After a draft of an edited transaction (or a claim) is saved. */
  onEditDone?: () => void;
  /** An employee's expense claim (DECISIONS §15). */
  claim: boolean;
};

// What a submission answers is shown only after one: its panels load with the submission.
export const loadOutcomePanels = () => import("../SubmitOutcome");

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

/** The server's checks of the body, and the category's own fields' checks, as one resolver. */
function useTransactionResolver(categories: Category[]): Resolver<TransactionFormValues, unknown, CreateTransactionBody> {
  const categoriesRef = useRef(categories);
  categoriesRef.current = categories;
  return useMemo<Resolver<TransactionFormValues, unknown, CreateTransactionBody>>(() => {
    const base = lazyZodResolver<TransactionFormValues, CreateTransactionBody>(() =>
      import("@shared/schemas/transactions").then((m) => m.createTransactionSchema),
    );
    return async (values, context, options) => {
      const category = categoriesRef.current.find((c) => c.id === values.categoryId);
      const custom = customValuesFor(category, values.customFieldValues);
      const { hasGst: _hasGst, tdsNatureId: _tdsNatureId, ...sent } = values;
      const result = await base(
        { ...sent, gst: gstOfValues(values), tds: tdsOfValues(values), customFieldValues: custom } as unknown as TransactionFormValues,
        context,
        options,
      );
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
}

/** Possible duplicates: same category, amount and date (checked after typing settles). */
function usePossibleDuplicates({
  claim,
  categoryId,
  amount,
  transactionDate,
  savedId,
}: {
  claim: boolean;
  categoryId: string;
  amount: string;
  transactionDate: string;
  savedId: string | null;
}) {
  const [duplicates, setDuplicates] = useState<PossibleDuplicate[]>([]);
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
  return [duplicates, setDuplicates] as const;
}

export function useTransactionForm({ categories, editing, onEditDone, claim }: TransactionFormOptions) {
  const queryClient = useQueryClient();
  const resolver = useTransactionResolver(categories);

  const blank = (): TransactionFormValues => (claim ? { ...emptyFormValues(), formType: "B" } : emptyFormValues());
  const initial = editing ? formValuesOf(editing) : blank();
  const form = useForm<TransactionFormValues, unknown, CreateTransactionBody>({ resolver, defaultValues: initial });
  const { watch, reset, setValue, setError, handleSubmit, formState } = form;
  const errors = formState.errors as TransactionFormErrors;

  const [files, setFiles] = useState<PendingFile[]>([]);
  const [savedId, setSavedId] = useState<string | null>(editing?.id ?? null);
  const [busy, setBusy] = useState<null | "draft" | "submit">(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmDuplicate, setConfirmDuplicate] = useState<DuplicateToConfirm | null>(null);

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
  // A claimant sees neither the approval rules nor other people's transactions (DECISIONS §15).
  const approvalWords = useApprovalPreviewWords(claim ? "" : categoryId, watch("formType"), amount);
  const [duplicates, setDuplicates] = usePossibleDuplicates({ claim, categoryId, amount, transactionDate, savedId });

  /** A new category keeps only the values of its own fields. */
  const keepFieldsOf = (nextCategoryId: string) => {
    const next = categories.find((c) => c.id === nextCategoryId);
    setValue("customFieldValues", customValuesFor(next, form.getValues("customFieldValues")));
  };

  const resetAll = () => {
    reset(editing && !outcome ? formValuesOf(editing) : blank());
    setParty(editing && !outcome ? (editing.party ?? null) : null);
    setFiles([]);
    setDuplicates([]);
    setOutcome(null);
    setSavedId(editing && !outcome ? editing.id : null);
  };

  const addFiles = (added: PendingFile[]) => setFiles((list) => [...list, ...added]);
  const removeFile = (key: string) => setFiles((list) => list.filter((f) => f.key !== key));
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

  const saveDraft = handleSubmit(async (body) => {
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
        toast({
          title: claim ? "Claim Submitted" : "Transaction Submitted",
          description: `${submitted?.humanReadableId ?? (claim ? "Your claim" : "Your transaction")} has been submitted for approval.`,
        });
      }
      window.scrollTo({ top: 0, behavior: "smooth" });
    } catch (err) {
      showFieldIssues(err);
      toast({ title: "Error", description: errorMessage(err, "Failed to submit transaction"), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const submitForApproval = handleSubmit(async (body) => {
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

  const duplicateConfirmation = confirmDuplicate
    ? {
        duplicates: confirmDuplicate.duplicates,
        cancel: () => {
          setConfirmDuplicate(null);
          toast({ title: "Not submitted", description: "Your changes are saved; submit it when you have checked the earlier transaction." });
        },
        confirm: () => {
          const pending = confirmDuplicate;
          setConfirmDuplicate(null);
          if (pending) void submitSaved(pending.id, pending.isEmergency);
        },
      }
    : null;

  const categoryOptions = categories
    .filter((c) => c.isActive || c.id === editing?.categoryId)
    .filter((c) => !claim || c.openToClaims || c.id === editing?.categoryId)
    .map((c) => ({ value: c.id, label: c.isBuiltin ? `${c.name} (Built-in)` : c.name }));

  return {
    form,
    errors,
    claim,
    editing,
    category,
    categoryOptions,
    keepFieldsOf,
    formType,
    amount,
    transactionDate,
    isEmergency,
    hasGst,
    gst,
    tdsNatureId,
    party,
    pickParty,
    approvalWords,
    companyStateCode: gstContext.data?.companyStateCode ?? null,
    gstContextLoading: gstContext.isLoading,
    savedId,
    files,
    addFiles,
    removeFile,
    duplicates,
    duplicateConfirmation,
    outcome,
    busy,
    working: busy !== null,
    resetAll,
    saveDraft,
    submitForApproval,
  };
}

export type TransactionFormState = ReturnType<typeof useTransactionForm>;
