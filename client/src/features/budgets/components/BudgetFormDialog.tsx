// Create / edit a budget (spec 001 §5: messages and defaults — start today, end 30 days later,
// alert threshold 80, category optional).
import { currentTime } from "@/lib/clock";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { BUDGET_PERIODS } from "@shared/constants";
import { addDays } from "@shared/calendar";
import { toIsoDate } from "@shared/format";
import type { Category } from "@shared/schemas/categories";
import { ALERT_THRESHOLD_DEFAULT, BUDGET_DEFAULT_DAYS } from "@shared/constants";
import type { Budget, BudgetBody, BudgetInput } from "@shared/schemas/budgets";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Checkbox, Dialog, DialogContent, Field, FormDialogFooter, Input, Select } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { useBudgetMutations } from "../api";

const PERIOD_LABELS: Record<string, string> = { monthly: "Monthly", quarterly: "Quarterly", yearly: "Yearly" };

function defaults(): BudgetInput {
  const today = toIsoDate(currentTime());
  return {
    name: "",
    categoryId: "",
    amount: "",
    period: "monthly",
    startDate: today,
    endDate: addDays(today, BUDGET_DEFAULT_DAYS),
    alertThreshold: String(ALERT_THRESHOLD_DEFAULT),
    isActive: true,
  };
}

const budgetResolver = lazyZodResolver<BudgetInput, BudgetBody>(() => import("@shared/schemas/budgets").then((m) => m.budgetBodySchema));

export function BudgetFormDialog({
  open,
  onOpenChange,
  budget,
  categories,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  budget: Budget | null;
  categories: Category[];
}) {
  const { create, update } = useBudgetMutations();
  const { register, handleSubmit, reset, setError, formState } = useForm<BudgetInput, unknown, BudgetBody>({ resolver: budgetResolver });
  const errors = formState.errors;

  useEffect(() => {
    if (!open) return;
    reset(
      budget
        ? {
            name: budget.name,
            categoryId: budget.categoryId ?? "",
            amount: budget.amount,
            period: budget.period,
            startDate: budget.startDate.slice(0, 10),
            endDate: budget.endDate.slice(0, 10),
            alertThreshold: String(budget.alertThreshold),
            isActive: budget.isActive,
          }
        : defaults(),
    );
  }, [open, budget, reset]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (budget) {
        await update.mutateAsync({ id: budget.id, body });
        toast({ title: "Budget Updated", description: `${body.name} was updated successfully` });
      } else {
        await create.mutateAsync(body);
        toast({ title: "Budget Created", description: `${body.name} was created successfully` });
      }
      onOpenChange(false);
    } catch (err) {
      for (const [path, message] of Object.entries(errorIssues(err))) setError(path as keyof BudgetInput, { message });
      toast({ title: "Error", description: errorMessage(err, budget ? "Failed to update budget" : "Failed to create budget"), variant: "destructive" });
    }
  });
  const pending = create.isPending || update.isPending;
  const msg = (e: unknown) => (e && typeof e === "object" && "message" in e ? String((e as { message?: unknown }).message ?? "") || undefined : undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={budget ? "Edit Budget" : "Create Budget"}
        description="Spending counts approved, payment-due, paid and completed transactions dated within the period."
        footer={
          <FormDialogFooter
            formId="budget-form"
            submitLabel={budget ? "Save Changes" : "Create Budget"}
            pending={pending}
            onCancel={() => onOpenChange(false)}
          />
        }
      >
        <form id="budget-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="Budget Name" required error={msg(errors.name)} className="sm:col-span-2">
            <Input autoComplete="off" placeholder="e.g. Q3 Travel" {...register("name")} />
          </Field>
          <Field label="Category" hint="Leave as All categories to track every category" error={msg(errors.categoryId)}>
            <Select {...register("categoryId")}>
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Amount (₹)" required error={msg(errors.amount)}>
            <Input inputMode="decimal" autoComplete="off" placeholder="e.g. 250000" {...register("amount")} />
          </Field>
          <Field label="Period" required error={msg(errors.period)}>
            <Select options={BUDGET_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))} {...register("period")} />
          </Field>
          <Field label="Alert Threshold (%)" hint="Warn when this share is spent (1–100)" error={msg(errors.alertThreshold)}>
            <Input type="number" min={1} max={100} inputMode="numeric" {...register("alertThreshold")} />
          </Field>
          <Field label="Start Date" required error={msg(errors.startDate)}>
            <Input type="date" {...register("startDate")} />
          </Field>
          <Field label="End Date" required error={msg(errors.endDate)}>
            <Input type="date" {...register("endDate")} />
          </Field>
          {budget ? (
            <div className="sm:col-span-2">
              <Checkbox label="Active" hint="Inactive budgets are left out of the totals." {...register("isActive")} />
            </div>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
