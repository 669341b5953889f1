// Admin Override (spec 000 §2, §5): SuperAdmin only; renders nothing for anyone else. Three tabs:
// edit every field (PUT full-override; the party with the transaction form's picker), force a status with a reason, change the owner with a reason.
// Every tab sends nothing until a reason is given (DECISIONS §4: whoever overrides the rules says
// why, for the audit trail), and each says so ('Reason is required') instead of greying its button; change owner
// offers only who may own a transaction (ACCOUNTING_ROLES).
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { ShieldAlert } from "lucide-react";
import { FORCEABLE_STATUSES, FORM_TYPES, PAYMENT_METHODS, ACCOUNTING_ROLES, TRANSACTION_STATUSES } from "@shared/constants";
import { paymentWords, statusLabelFor } from "@shared/payment-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { cn } from "@/lib/utils";
import { useCategories } from "@/features/categories";
import { PartyPicker } from "@/features/parties";
import type { PartyRef } from "@shared/schemas/parties";
import { transactionApi, useAdminUsers, useFinanceMutation, type TransactionDetail } from "../api";
import { parseCustomFieldJson, parseOverrideAmount } from "../rules";

type Tab = "edit" | "status" | "owner";
const TABS: { id: Tab; label: string }[] = [
  { id: "edit", label: "Edit Fields" },
  { id: "status", label: "Force Status" },
  { id: "owner", label: "Change Owner" },
];

export function AdminOverrideDialog({
  transaction,
  open,
  onOpenChange,
}: {
  transaction: TransactionDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [tab, setTab] = useState<Tab>("edit");
  const baseId = useId();
  if (!transaction.availableMoves?.includes("full-override")) return null;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = TABS[(index + delta + TABS.length) % TABS.length];
    setTab(next.id);
    document.getElementById(`${baseId}-tab-${next.id}`)?.focus();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Admin Override · ${transaction.humanReadableId}`}
        description="Change any part of this transaction."
        size="lg"
        className="max-sm:h-[100dvh] max-sm:max-h-[100dvh] max-sm:rounded-none"
      >
        <Alert variant="warning" title="Administrative action" className="mb-4">
          All changes made here are logged and audited.
        </Alert>
        <div role="tablist" aria-label="Override actions" className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1">
          {TABS.map((t, i) => (
            <button
              key={t.id}
              id={`${baseId}-tab-${t.id}`}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              aria-controls={`${baseId}-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={(e) => onTabKey(e, i)}
              className={cn(
                "min-h-10 flex-1 rounded-md px-2 text-sm font-medium transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                tab === t.id ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
          {tab === "edit" ? <EditFieldsForm transaction={transaction} onDone={() => onOpenChange(false)} /> : null}
          {tab === "status" ? <ForceStatusForm transaction={transaction} onDone={() => onOpenChange(false)} /> : null}
          {tab === "owner" ? <ChangeOwnerForm transaction={transaction} onDone={() => onOpenChange(false)} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function EditFieldsForm({ transaction: t, onDone }: { transaction: TransactionDetail; onDone: () => void }) {
  const categories = useCategories();
  const [form, setForm] = useState(() => ({
    formType: t.formType as string,
    categoryId: t.categoryId,
    amount: String(t.amount),
    transactionDate: t.transactionDate,
    description: t.description,
    status: t.status as string,
    isPaid: t.isPaid,
    isPriority: t.isPriority,
    isEmergency: t.isEmergency,
    paymentDueDate: t.paymentDueDate ?? "",
    paidDate: t.paidDate ?? "",
    paymentMethod: t.paymentMethod ?? "",
    paymentReference: t.paymentReference ?? "",
    paymentNotes: t.paymentNotes ?? "",
    approvalsRequired: String(t.approvalsRequired),
    customFieldValues: JSON.stringify(t.customFieldValues ?? {}, null, 2),
    reason: "",
  }));
  // The payment fields in the words of the form type being set (a receipt's are Receipt …, DECISIONS §16).
  const words = paymentWords(form.formType);
  // The party named now, as the picker shows it; the override sends its id, or null to clear it.
  const [party, setParty] = useState<PartyRef | null>(t.party ?? null);
  const [reasonError, setReasonError] = useState<string>();
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => {
    if (key === "reason") setReasonError(undefined);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const override = useFinanceMutation((body: Record<string, unknown>) => transactionApi.fullOverride(t.id, body));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.reason.trim()) {
      setReasonError("Reason is required");
      return;
    }
    const approvals = Number.parseInt(form.approvalsRequired, 10);
    const body: Record<string, unknown> = {
      formType: form.formType,
      categoryId: form.categoryId,
      partyId: party?.id ?? null,
      amount: parseOverrideAmount(form.amount),
      transactionDate: form.transactionDate,
      description: form.description,
      status: form.status,
      isPaid: form.isPaid,
      isPriority: form.isPriority,
      isEmergency: form.isEmergency,
      paymentDueDate: form.paymentDueDate || null,
      paidDate: form.paidDate || null,
      paymentMethod: form.paymentMethod || null,
      paymentReference: form.paymentReference || null,
      paymentNotes: form.paymentNotes || null,
      customFieldValues: parseCustomFieldJson(form.customFieldValues),
      reason: form.reason.trim(),
    };
    if (Number.isFinite(approvals)) body.approvalsRequired = approvals;
    runMutation(override, body, {
      onSuccess: () => {
        toast({ title: "Admin Override Complete", description: `${t.humanReadableId} has been updated.` });
        onDone();
      },
      onError: (err) => toast({ title: "Override Failed", description: errorMessage(err, "Failed to override transaction"), variant: "destructive" }),
    });
  };

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.isActive ? c.name : `${c.name} (inactive)` }));
  if (!categoryOptions.some((o) => o.value === t.categoryId)) categoryOptions.unshift({ value: t.categoryId, label: t.category.name });

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Form Type">
          <Select
            value={form.formType}
            onChange={(e) => set("formType", e.target.value)}
            options={FORM_TYPES.map((f) => ({ value: f, label: f === "R" ? "R - Receipt" : "B - Bill" }))}
          />
        </Field>
        <Field label="Category">
          <Select value={form.categoryId} onChange={(e) => set("categoryId", e.target.value)} options={categoryOptions} />
        </Field>
        <Field
          label={form.formType === "B" ? "Vendor" : "Payer"}
          hint="Optional. Type to search active parties, or create one; Change clears it."
          className="sm:col-span-2"
        >
          <PartyPicker value={party} onChange={setParty} disabled={override.isPending} label={form.formType === "B" ? "vendor" : "payer"} />
        </Field>
        <Field label="Amount (₹)">
          <Input type="number" step="0.01" min="0" inputMode="decimal" value={form.amount} onChange={(e) => set("amount", e.target.value)} />
        </Field>
        <Field label="Transaction Date">
          <Input type="date" value={form.transactionDate} onChange={(e) => set("transactionDate", e.target.value)} />
        </Field>
      </div>
      <Field label="Description">
        <Textarea rows={3} value={form.description} onChange={(e) => set("description", e.target.value)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Status">
          <Select
            value={form.status}
            onChange={(e) => set("status", e.target.value)}
            options={TRANSACTION_STATUSES.map((s) => ({ value: s, label: statusLabelFor(s, form.formType) }))}
          />
        </Field>
        <Field label="Approvals Required">
          <Input type="number" min={1} max={5} step={1} value={form.approvalsRequired} onChange={(e) => set("approvalsRequired", e.target.value)} />
        </Field>
      </div>
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-3">
        <legend className="px-1 text-sm font-medium text-slate-800">Flags</legend>
        <Checkbox label={words.fields.isPaid} checked={form.isPaid} onChange={(e) => set("isPaid", e.target.checked)} />
        <Checkbox label="Emergency (priority)" checked={form.isPriority} onChange={(e) => set("isPriority", e.target.checked)} />
        <Checkbox label="Emergency approval" checked={form.isEmergency} onChange={(e) => set("isEmergency", e.target.checked)} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={words.fields.paymentDueDate}>
          <Input type="date" value={form.paymentDueDate} onChange={(e) => set("paymentDueDate", e.target.value)} />
        </Field>
        <Field label={words.fields.paidDate}>
          <Input type="date" value={form.paidDate} onChange={(e) => set("paidDate", e.target.value)} />
        </Field>
        <Field label={words.fields.paymentMethod}>
          <Select
            value={form.paymentMethod}
            onChange={(e) => set("paymentMethod", e.target.value)}
            placeholder="None"
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
          />
        </Field>
        <Field label={words.fields.paymentReference}>
          <Input value={form.paymentReference} onChange={(e) => set("paymentReference", e.target.value)} />
        </Field>
      </div>
      <Field label={words.fields.paymentNotes}>
        <Textarea rows={2} value={form.paymentNotes} onChange={(e) => set("paymentNotes", e.target.value)} />
      </Field>
      <Field label="Custom Field Values (JSON)" hint="Text that is not valid JSON is saved as {}.">
        <Textarea
          rows={5}
          className="font-mono text-xs"
          spellCheck={false}
          value={form.customFieldValues}
          onChange={(e) => set("customFieldValues", e.target.value)}
        />
      </Field>
      <Field label="Reason for override" required error={reasonError} hint="Shown on the transaction's timeline and kept in the audit trail.">
        <Textarea rows={2} value={form.reason} onChange={(e) => set("reason", e.target.value)} placeholder="Why is this transaction being changed?" />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={override.isPending}>
          {override.isPending ? "Saving..." : "Apply Override"}
        </Button>
      </div>
    </form>
  );
}

function ForceStatusForm({ transaction: t, onDone }: { transaction: TransactionDetail; onDone: () => void }) {
  const [status, setStatus] = useState<(typeof FORCEABLE_STATUSES)[number]>("Approved");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const force = useFinanceMutation((v: { status: string; reason: string }) => transactionApi.forceStatus(t.id, v.status, v.reason));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setError("Reason is required");
      return;
    }
    runMutation(
      force,
      { status, reason: trimmed },
      {
        onSuccess: () => {
          toast({ title: "Status Forced", description: `${t.humanReadableId} is now ${statusLabelFor(status, t.formType)}.` });
          onDone();
        },
        onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to force status"), variant: "destructive" }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <p className="text-sm text-slate-700">
        Current status: <span className="font-semibold">{statusLabelFor(t.status, t.formType)}</span>
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">New status</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {FORCEABLE_STATUSES.map((s) => (
            <label
              key={s}
              className={cn(
                "flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium",
                status === s ? "border-brand-500 bg-brand-50 text-brand-800" : "border-slate-300 text-slate-800 hover:bg-slate-50",
              )}
            >
              <input type="radio" name="force-status" value={s} checked={status === s} onChange={() => setStatus(s)} className="accent-brand-600" />
              {s === "Draft" ? "Reset to Draft" : s}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="Reason" required error={error}>
        <Textarea
          rows={3}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          placeholder="Why is this status being forced?"
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant="destructive" disabled={force.isPending}>
          {force.isPending ? "Forcing..." : "Force Status"}
        </Button>
      </div>
    </form>
  );
}

function ChangeOwnerForm({ transaction: t, onDone }: { transaction: TransactionDetail; onDone: () => void }) {
  const users = useAdminUsers(true);
  const [ownerId, setOwnerId] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ owner?: string; reason?: string }>({});
  const change = useFinanceMutation((v: { ownerId: string; reason: string }) => transactionApi.changeOwner(t.id, v.ownerId, v.reason));

  useEffect(() => setErrors({}), [ownerId, reason]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    const next = { owner: ownerId ? undefined : "New owner is required", reason: trimmed ? undefined : "Reason is required" };
    if (next.owner || next.reason) {
      setErrors(next);
      return;
    }
    runMutation(
      change,
      { ownerId, reason: trimmed },
      {
        onSuccess: () => {
          const name = users.data?.find((u) => u.id === ownerId)?.name;
          toast({ title: "Owner Changed", description: name ? `${t.humanReadableId} now belongs to ${name}.` : undefined });
          onDone();
        },
        onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to change owner"), variant: "destructive" }),
      },
    );
  };

  const options = (users.data ?? [])
    .filter((u) => u.isActive && u.id !== t.createdBy && ACCOUNTING_ROLES.includes(u.role))
    .map((u) => ({ value: u.id, label: `${u.name} (${u.role})` }));

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <p className="text-sm text-slate-700">
        Current owner: <span className="font-semibold">{t.creator?.name ?? "Unknown"}</span>
      </p>
      <Field label="New Owner" required error={errors.owner} hint={users.isError ? "Could not load users." : undefined}>
        <Select
          value={ownerId}
          onChange={(e) => setOwnerId(e.target.value)}
          placeholder={users.isLoading ? "Loading users..." : "Select a user"}
          options={options}
        />
      </Field>
      <Field label="Reason" required error={errors.reason}>
        <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Why is the owner changing?" />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending}>
          <ShieldAlert className="h-4 w-4" aria-hidden="true" />
          {change.isPending ? "Changing..." : "Change Owner"}
        </Button>
      </div>
    </form>
  );
}
