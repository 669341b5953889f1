// Create Category / Edit Category (spec 001 §2, §5, §6).
import { useEffect, useState, type FormEvent } from "react";
import type { Category } from "@shared/schemas/categories";
import { LIMITS } from "@shared/constants";
import { readMoney } from "@shared/money";
import { Checkbox, Dialog, DialogContent, Field, FormDialogFooter, Input, Select, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { useCategoryMutations, type CategoryPayload } from "../api";

type Errors = Partial<Record<"name" | "description" | "requiredApprovals" | "dailyLimit" | "monthlyLimit", string>>;

function limitError(value: string): string | undefined {
  if (value.trim() === "") return undefined;
  const r = readMoney(value);
  return r.ok && r.paise > 0n ? undefined : "Enter a positive amount with at most 2 decimals";
}

export function CategoryFormDialog({
  open,
  onOpenChange,
  category,
  canSetPolicy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: Category | null;
  canSetPolicy: boolean;
}) {
  const { create, update } = useCategoryMutations();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [requiredApprovals, setRequiredApprovals] = useState("1");
  const [dailyLimit, setDailyLimit] = useState("");
  const [monthlyLimit, setMonthlyLimit] = useState("");
  const [isActive, setIsActive] = useState(true);
  const [openToClaims, setOpenToClaims] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!open) return;
    setName(category?.name ?? "");
    setDescription(category?.description ?? "");
    setRequiredApprovals(String(category?.requiredApprovals ?? 1));
    setDailyLimit(category?.emergencyLimitPolicy?.dailyLimit ?? "");
    setMonthlyLimit(category?.emergencyLimitPolicy?.monthlyLimit ?? "");
    setIsActive(category?.isActive ?? true);
    setOpenToClaims(category?.openToClaims ?? false);
    setErrors({});
  }, [open, category]);

  const pending = create.isPending || update.isPending;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = "Category name is required";
    if (canSetPolicy) {
      next.dailyLimit = limitError(dailyLimit);
      next.monthlyLimit = limitError(monthlyLimit);
    }
    if (Object.values(next).some(Boolean)) {
      setErrors(next);
      return;
    }
    setErrors({});
    const body: CategoryPayload = { name: name.trim(), description: description.trim() || null };
    if (canSetPolicy) {
      body.requiredApprovals = Number(requiredApprovals);
      body.emergencyLimitPolicy =
        dailyLimit.trim() || monthlyLimit.trim() ? { dailyLimit: dailyLimit.trim() || null, monthlyLimit: monthlyLimit.trim() || null } : null;
      body.openToClaims = openToClaims;
    }
    if (category) body.isActive = isActive;
    try {
      if (category) {
        await update.mutateAsync({ id: category.id, body });
        toast({ title: "Category Updated", description: `${body.name} was updated successfully` });
      } else {
        await create.mutateAsync(body);
        toast({ title: "Category Created", description: `${body.name} was created successfully` });
      }
      onOpenChange(false);
    } catch (err) {
      const issues = errorIssues(err);
      setErrors({
        name: issues.name,
        description: issues.description,
        requiredApprovals: issues.requiredApprovals,
        dailyLimit: issues["emergencyLimitPolicy.dailyLimit"],
        monthlyLimit: issues["emergencyLimitPolicy.monthlyLimit"],
      });
      toast({ title: "Error", description: errorMessage(err, category ? "Failed to update category" : "Failed to create category"), variant: "destructive" });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={category ? "Edit Category" : "Create Category"}
        description={category ? `Change the details of ${category.name}.` : "Add a new transaction category."}
        footer={
          <FormDialogFooter
            formId="category-form"
            submitLabel={category ? "Save Changes" : "Create Category"}
            pending={pending}
            onCancel={() => onOpenChange(false)}
          />
        }
      >
        <form id="category-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field label="Name" required error={errors.name}>
            <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" maxLength={100} />
          </Field>
          <Field label="Description" error={errors.description}>
            <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={2} maxLength={1000} />
          </Field>
          {canSetPolicy ? (
            <>
              <Field label="Required Approvals" required hint="How many approvers must approve a transaction" error={errors.requiredApprovals}>
                <Select value={requiredApprovals} onChange={(e) => setRequiredApprovals(e.target.value)}>
                  {Array.from({ length: LIMITS.requiredApprovalsMax - LIMITS.requiredApprovalsMin + 1 }, (_, i) => i + LIMITS.requiredApprovalsMin).map((n) => (
                    <option key={n} value={n}>
                      {n} approval{n === 1 ? "" : "s"}
                    </option>
                  ))}
                </Select>
              </Field>
              <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
                <legend className="px-1 text-sm font-medium text-slate-800">Emergency limits (₹)</legend>
                <Field label="Daily Limit" error={errors.dailyLimit} hint="Empty for no limit">
                  <Input inputMode="decimal" value={dailyLimit} onChange={(e) => setDailyLimit(e.target.value)} placeholder="e.g. 50000" autoComplete="off" />
                </Field>
                <Field label="Monthly Limit" error={errors.monthlyLimit} hint="Empty for no limit">
                  <Input
                    inputMode="decimal"
                    value={monthlyLimit}
                    onChange={(e) => setMonthlyLimit(e.target.value)}
                    placeholder="e.g. 500000"
                    autoComplete="off"
                  />
                </Field>
              </fieldset>
              {/* DECISIONS §15: which categories employees may claim expenses in is the SuperAdmin's. */}
              <Checkbox
                label="Open to expense claims"
                hint="Employees with a login may file their own claims in this category, with receipts."
                checked={openToClaims}
                onChange={(e) => setOpenToClaims(e.target.checked)}
              />
            </>
          ) : null}
          {category ? (
            <Checkbox
              label="Active"
              hint="Inactive categories cannot be chosen for new transactions."
              checked={isActive}
              onChange={(e) => setIsActive(e.target.checked)}
            />
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
