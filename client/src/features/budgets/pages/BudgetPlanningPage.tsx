// Budget Planning (spec 001 §2): summary cards, a chart of allocated vs spent, budget cards with
// progress, and the create/edit dialog.
import type { ComponentProps } from "react";
import { lazyDialog } from "@/lib/lazy-dialog";
import { lazy, Suspense, useState } from "react";
import { AlertTriangle, CalendarRange, PiggyBank, Plus, Pencil, Trash2, TrendingUp, Wallet } from "lucide-react";
import { formatDate, formatRupees } from "@shared/format";
import { addMoney } from "@shared/money";
import type { Budget, BudgetStatus } from "@shared/schemas/budgets";
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  EmptyState,
  Progress,
  Spinner,
  StatCard,
  type BadgeVariant,
} from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { useCategories } from "@/features/categories";
import { useBudgetMutations, useBudgets } from "../api";
import type { BudgetFormDialog as BudgetFormDialogType } from "../components/BudgetFormDialog";

const BudgetFormDialog = lazyDialog<ComponentProps<typeof BudgetFormDialogType>>(
  () => import("../components/BudgetFormDialog").then((m) => m.BudgetFormDialog),
  (p) => p.open,
);

const BudgetChart = lazy(() => import("../components/BudgetChart").then((m) => ({ default: m.BudgetChart })));

const STATUS_BADGE: Record<BudgetStatus, BadgeVariant> = {
  "On Track": "success",
  Alert: "warning",
  "Over Budget": "destructive",
  Inactive: "secondary",
  Expired: "outline",
};
const STATUS_BAR = { "On Track": "success", Alert: "warning", "Over Budget": "danger", Inactive: "brand", Expired: "brand" } as const;
const PERIOD_LABELS: Record<string, string> = { monthly: "Monthly", quarterly: "Quarterly", yearly: "Yearly" };

function sum(values: string[]): string {
  return values.reduce((acc, v) => addMoney(acc, v), "0.00");
}

function BudgetCard({ budget, onEdit, onDelete }: { budget: Budget; onEdit: () => void; onDelete: () => void }) {
  const remaining = Number(budget.remaining);
  return (
    <Card className="flex h-full flex-col">
      <div className="flex-1 space-y-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-base font-semibold text-slate-900 wrap-anywhere">{budget.name}</h3>
            <p className="text-sm text-slate-600">
              {budget.category?.name ?? "All categories"} · {PERIOD_LABELS[budget.period] ?? budget.period}
            </p>
          </div>
          <Badge variant={STATUS_BADGE[budget.status] ?? "secondary"}>{budget.status}</Badge>
        </div>
        <div>
          <div className="mb-1.5 flex items-baseline justify-between gap-2 text-sm">
            <span className="font-semibold tabular-nums text-slate-900">{formatRupees(budget.spent)}</span>
            <span className="text-slate-600">of {formatRupees(budget.amount)}</span>
          </div>
          <Progress value={budget.percentUsed} label={`${budget.name}: ${budget.percentUsed}% used`} tone={STATUS_BAR[budget.status] ?? "brand"} />
          <div className="mt-1.5 flex justify-between text-xs">
            <span className="tabular-nums text-slate-700">{budget.percentUsed}% used</span>
            <span className={"tabular-nums " + (remaining < 0 ? "font-medium text-red-700" : "text-slate-700")}>
              {remaining < 0 ? `${formatRupees(-remaining)} over` : `${formatRupees(budget.remaining)} remaining`}
            </span>
          </div>
        </div>
        <p className="flex items-center gap-1.5 text-xs text-slate-600">
          <CalendarRange className="h-3.5 w-3.5" aria-hidden="true" />
          {formatDate(budget.startDate)} – {formatDate(budget.endDate)} · alert at {budget.alertThreshold}%
        </p>
      </div>
      <div className="flex gap-2 border-t border-slate-100 px-5 py-3">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${budget.name}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </Button>
        <Button variant="ghost" size="sm" className="ml-auto text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${budget.name}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
    </Card>
  );
}

export default function BudgetPlanningPage() {
  const budgets = useBudgets();
  const categories = useCategories();
  const { remove } = useBudgetMutations();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Budget | null>(null);
  const [deleting, setDeleting] = useState<Budget | null>(null);
  const list = budgets.data ?? [];
  const active = list.filter((b) => b.isActive);
  const allocated = sum(active.map((b) => b.amount));
  const spent = sum(active.map((b) => b.spent));
  const spentPct = Number(allocated) > 0 ? Math.round((Number(spent) / Number(allocated)) * 100) : 0;
  const over = list.filter((b) => b.status === "Over Budget").length;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Budget Deleted", description: `${deleting.name} was deleted` });
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to delete budget"), variant: "destructive" });
    } finally {
      setDeleting(null);
    }
  };

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };

  return (
    <div className="space-y-5">
      <div className="flex justify-end">
        <Button onClick={openCreate}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Create Budget
        </Button>
      </div>
      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
        <StatCard title="Total Budgets" value={list.length} subtitle={`${active.length} active`} icon={PiggyBank} />
        <StatCard title="Total Allocated" value={formatRupees(allocated)} subtitle="Active budgets" icon={Wallet} />
        <StatCard
          title="Total Spent"
          value={formatRupees(spent)}
          subtitle={`${spentPct}% of allocated`}
          icon={TrendingUp}
          variant={spentPct >= 100 ? "error" : spentPct >= 80 ? "warning" : "success"}
        />
        <StatCard
          title="Over Budget"
          value={over}
          subtitle={over ? "Need attention" : "All within limits"}
          icon={AlertTriangle}
          variant={over ? "error" : "default"}
        />
      </section>

      {budgets.isError ? <Alert variant="destructive">{errorMessage(budgets.error, "Failed to load budgets")}</Alert> : null}

      {budgets.isLoading ? (
        <div className="flex justify-center py-14">
          <Spinner size="lg" label="Loading budgets" />
        </div>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={PiggyBank}
            title="No budgets created yet"
            description="Create a budget to track spending against a limit for a period."
            action={
              <Button onClick={openCreate}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Create Budget
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Allocated vs spent</CardTitle>
            </CardHeader>
            <CardContent>
              <Suspense fallback={<div className="h-72" />}>
                <BudgetChart budgets={list} />
              </Suspense>
            </CardContent>
          </Card>
          {/* grid-cols-1 and min-w-0: a long budget name wraps instead of widening the column past a phone. */}
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((b) => (
              <li key={b.id} className="min-w-0">
                <BudgetCard
                  budget={b}
                  onEdit={() => {
                    setEditing(b);
                    setFormOpen(true);
                  }}
                  onDelete={() => setDeleting(b)}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <BudgetFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        budget={editing}
        categories={(categories.data ?? []).filter((c) => c.isActive || c.id === editing?.categoryId)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Budget"
        description={deleting ? `Delete ${deleting.name}? This cannot be undone.` : undefined}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
