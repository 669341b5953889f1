// Create / edit an approval rule (DECISIONS §11): the server's own schema checks the form, so a
// message reads the same on both sides; the sentence under the fields says what the rule will mean.
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { LIMITS } from "@shared/constants";
import { formatRupees } from "@shared/format";
import { readMoney } from "@shared/money";
import type { ApprovalRule } from "@shared/schemas/approval-rules";
import type { Category } from "@shared/schemas/categories";
import { Checkbox, ConfirmDeactivate, Dialog, DialogContent, Field, FormDialogFooter, Input, Select } from "@/components/ui";
import { PrefixedInput } from "@/components/ui/prefixed-input";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage, errorStatus } from "@/lib/api";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { useApprovalRuleMutations, type ApprovalRulePayload } from "../api";
import { formTypeWords, ruleDeactivation } from "../words";

/** The form as typed: "" is every category / both form types; the count comes from a select. */
type Values = {
  name: string;
  categoryId: string;
  formType: string;
  minAmount: string;
  requiredApprovals: string;
  superAdminRequired: boolean;
  isActive: boolean;
};

const resolver = lazyZodResolver<Values, ApprovalRulePayload>(async () => {
  const [{ z }, { approvalRuleBodySchema }] = await Promise.all([import("zod"), import("@shared/schemas/approval-rules")]);
  return z.preprocess((input) => {
    const v = input as Values;
    return { ...v, categoryId: v.categoryId || null, formType: v.formType || null, requiredApprovals: Number(v.requiredApprovals) };
  }, approvalRuleBodySchema);
});

const COUNTS = Array.from({ length: LIMITS.requiredApprovalsMax - LIMITS.requiredApprovalsMin + 1 }, (_, i) => i + LIMITS.requiredApprovalsMin);

/** "From ₹5,000.00, Form B of Travel: 2 approvals and a SuperAdmin's" as the fields are filled. */
function ruleSentence(v: Values, categories: readonly Category[]): string | null {
  const amount = readMoney(v.minAmount ?? "");
  if (!amount.ok) return null;
  const category = v.categoryId ? categories.find((c) => c.id === v.categoryId)?.name : null;
  const which = `${v.formType ? `${formTypeWords(v.formType)} transactions` : "Transactions"}${category ? ` of ${category}` : ""}`;
  const n = Number(v.requiredApprovals);
  return `${which} of ${formatRupees(v.minAmount)} or more will need at least ${n} approval${n === 1 ? "" : "s"}${v.superAdminRequired ? (n === 1 ? ", a SuperAdmin's" : ", one of them a SuperAdmin's") : ""}.`;
}

export function ApprovalRuleFormDialog({
  open,
  onOpenChange,
  rule,
  categories,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rule: ApprovalRule | null;
  categories: readonly Category[];
}) {
  const { create, update } = useApprovalRuleMutations();
  const form = useForm<Values, unknown, ApprovalRulePayload>({ resolver });
  const { register, handleSubmit, reset, setError, formState, control } = form;
  const errors = formState.errors;
  const values = useWatch({ control }) as Values;

  useEffect(() => {
    if (!open) return;
    reset({
      name: rule?.name ?? "",
      categoryId: rule?.categoryId ?? "",
      formType: rule?.formType ?? "",
      minAmount: rule ? rule.minAmount.replace(/\.00$/, "") : "",
      requiredApprovals: String(rule?.requiredApprovals ?? 2),
      superAdminRequired: rule?.superAdminRequired ?? false,
      isActive: rule?.isActive ?? true,
    });
  }, [open, rule, reset]);

  // Unticking Active asks first, as the list's Deactivate does (DECISIONS §16).
  const [deactivating, setDeactivating] = useState<ApprovalRulePayload | null>(null);
  const onSubmit = handleSubmit(async (body) => {
    if (rule?.isActive && body.isActive === false) setDeactivating(body);
    else await save(body);
  });
  const save = async (body: ApprovalRulePayload) => {
    setDeactivating(null);
    try {
      if (rule) {
        await update.mutateAsync({ id: rule.id, body });
        toast({ title: "Rule Updated", description: `${body.name} was updated. Transactions already submitted keep what they needed.` });
      } else {
        await create.mutateAsync(body);
        toast({ title: "Rule Created", description: `${body.name} applies to transactions submitted from now on` });
      }
      onOpenChange(false);
    } catch (err) {
      for (const [path, message] of Object.entries(errorIssues(err))) setError(path as keyof Values, { message });
      if (errorStatus(err) === 409) setError("name", { message: errorMessage(err, "A rule with this name already exists") });
      toast({ title: "Error", description: errorMessage(err, rule ? "Failed to update rule" : "Failed to create rule"), variant: "destructive" });
    }
  };

  const pending = create.isPending || update.isPending;
  // A rule may name a category that was deactivated since; it stays choosable for that rule.
  const choosable = categories.filter((c) => c.isActive || c.id === rule?.categoryId);
  const sentence = values ? ruleSentence(values, categories) : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={rule ? "Edit Approval Rule" : "Create Approval Rule"}
        description={
          rule
            ? `Change ${rule.name}. Transactions already submitted keep the policy they were given.`
            : "Require more approvals, or a SuperAdmin's, from an amount up."
        }
        footer={
          <FormDialogFooter
            formId="approval-rule-form"
            submitLabel={rule ? "Save Changes" : "Create Rule"}
            pending={pending}
            onCancel={() => onOpenChange(false)}
          />
        }
      >
        <form id="approval-rule-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Rule Name"
            required
            error={errors.name?.message}
            className="sm:col-span-2"
            hint="How the rule is named on transactions and their timeline"
          >
            <Input autoComplete="off" maxLength={100} placeholder="e.g. Above ₹5,00,000" {...register("name")} />
          </Field>
          <Field label="Category" error={errors.categoryId?.message}>
            <Select {...register("categoryId")}>
              <option value="">Every category</option>
              {choosable.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.isActive ? "" : " (inactive)"}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Form Type" error={errors.formType?.message}>
            <Select {...register("formType")}>
              <option value="">Both</option>
              <option value="B">Form B (Bill)</option>
              <option value="R">Form R (Receipt)</option>
            </Select>
          </Field>
          <Field label="From Amount" required hint="Applies to this amount and above" error={errors.minAmount?.message}>
            <PrefixedInput prefix="₹" inputMode="decimal" autoComplete="off" placeholder="500000" {...register("minAmount")} />
          </Field>
          <Field label="Approvals Needed" required error={errors.requiredApprovals?.message}>
            <Select {...register("requiredApprovals")}>
              {COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n} approval{n === 1 ? "" : "s"}
                </option>
              ))}
            </Select>
          </Field>
          <div className="grid gap-3 sm:col-span-2">
            <Checkbox
              label="A SuperAdmin must approve"
              hint="The last approval needed is kept for a SuperAdmin: an Approver cannot fill it."
              {...register("superAdminRequired")}
            />
            {rule ? <Checkbox label="Active" hint="An inactive rule applies to no new submission." {...register("isActive")} /> : null}
          </div>
          {sentence ? (
            <p className="rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900 sm:col-span-2" aria-live="polite">
              {sentence}
            </p>
          ) : null}
        </form>
        <ConfirmDeactivate
          open={deactivating !== null}
          onOpenChange={(o) => !o && setDeactivating(null)}
          {...ruleDeactivation(rule?.name)}
          pending={update.isPending}
          onConfirm={() => deactivating && void save(deactivating)}
        />
      </DialogContent>
    </Dialog>
  );
}
