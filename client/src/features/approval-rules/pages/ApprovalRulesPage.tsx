// Approval Rules (/admin/approval-rules, SuperAdmin; DECISIONS §11): the company's approvals by
// amount. A table on wide screens and cards on phones; create and edit in a dialog; deactivate,
// activate and delete (a rule some transaction applied is deactivated by the server instead).
import { useMemo, useState, type ComponentProps } from "react";
import { Plus, Scale, ShieldCheck } from "lucide-react";
import { formatRupees } from "@shared/format";
import type { ApprovalRule } from "@shared/schemas/approval-rules";
import { Alert, Badge, Button, ConfirmDeactivate, ConfirmDialog, EmptyState, ListCard, RecordActions, ResponsiveList } from "@/components/ui";
import { useActiveSwitch, useConfirmedChange } from "@/hooks/use-confirmed-change";
import { useCategories } from "@/features/categories";
import { useApprovalRuleMutations, useApprovalRules } from "../api";
import { lazyDialog } from "@/lib/lazy-dialog";
import type { ApprovalRuleFormDialog as ApprovalRuleFormDialogType } from "../components/ApprovalRuleFormDialog";
import { ruleCategory, ruleDeactivation, ruleFormType } from "../words";

// The form and react-hook-form load when the dialog first opens: the list alone stays light.
const ApprovalRuleFormDialog = lazyDialog<ComponentProps<typeof ApprovalRuleFormDialogType>>(
  () => import("../components/ApprovalRuleFormDialog").then((m) => m.ApprovalRuleFormDialog),
  (p) => p.open,
);

function approvalsWords(rule: ApprovalRule): string {
  return `${rule.requiredApprovals} approval${rule.requiredApprovals === 1 ? "" : "s"}`;
}

function StatusBadge({ rule }: { rule: ApprovalRule }) {
  return <Badge variant={rule.isActive ? "success" : "secondary"}>{rule.isActive ? "Active" : "Inactive"}</Badge>;
}

function InUse({ rule }: { rule: ApprovalRule }) {
  return rule.inUse ? <Badge variant="info">In use</Badge> : <span className="text-slate-500">Not used yet</span>;
}

/** "Both form types", or the one form type the rule is for. */
function formTypesWords(rule: ApprovalRule): string {
  const type = ruleFormType(rule);
  return type === "Both" ? "Both form types" : type;
}

export default function ApprovalRulesPage() {
  const rules = useApprovalRules();
  const categories = useCategories();
  const { update, remove } = useApprovalRuleMutations();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ApprovalRule | null>(null);
  const list = rules.data ?? [];
  const names = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c.name])), [categories.data]);

  const openForm = (rule: ApprovalRule | null) => {
    setEditing(rule);
    setFormOpen(true);
  };

  const active = useActiveSwitch<ApprovalRule>({
    save: (rule, isActive) => update.mutateAsync({ id: rule.id, body: { isActive } }),
    told: (rule, isActive) =>
      isActive
        ? { title: "Rule Activated", description: `${rule.name} applies to new submissions again` }
        : { title: "Rule Deactivated", description: `${rule.name} no longer applies to new submissions` },
    failed: "Failed to change the rule",
    pending: update.isPending,
  });

  // Deleting one in use deactivates it instead (the server's rule); the toast says which.
  const removal = useConfirmedChange<ApprovalRule>({
    change: async (n) =>
      (await remove.mutateAsync(n.id)).deactivated
        ? { title: "Rule Deactivated", description: `Transactions applied ${n.name}, so it was deactivated instead of deleted; they keep it.` }
        : { title: "Rule Deleted", description: `${n.name} was deleted` },
    failed: "Failed to delete the rule",
    pending: remove.isPending,
  });

  const actions = (rule: ApprovalRule, labelled = false) => (
    <RecordActions
      labelled={labelled}
      name={rule.name}
      titled
      onEdit={() => openForm(rule)}
      active={rule.isActive}
      onToggle={() => active.toggle(rule)}
      toggling={update.isPending}
      onDelete={() => removal.ask(rule)}
    />
  );

  const createButton = (
    <Button onClick={() => openForm(null)}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      Create Rule
    </Button>
  );

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl text-sm text-slate-600">
          A submission needs the most approvals any of these asks for: its category&apos;s own count, or an active rule that matches its category, form type and
          amount. What a transaction needs is decided when it is submitted; changing a rule later never changes it.
        </p>
        <div className="shrink-0">{createButton}</div>
      </div>

      {categories.isError ? <Alert variant="warning">Category names could not be loaded; rules show without them.</Alert> : null}

      <ListCard
        icon={Scale}
        title={<>Approval Rules ({list.length})</>}
        aside={list.length ? <>{list.filter((r) => r.isActive).length} active</> : null}
        query={rules}
        count={list.length}
        loadingLabel="Loading approval rules"
        errorFallback="Failed to load approval rules"
        empty={
          <EmptyState
            icon={Scale}
            title="No approval rules yet"
            description="Each category's own count decides today. Add a rule to ask for more approvals, or a SuperAdmin's, from an amount up, whatever the category is called."
            action={createButton}
          />
        }
      >
        <ResponsiveList
          tableLabel="Approval rules"
          head={
            <>
              <th scope="col" className="px-5 py-2.5">
                Rule
              </th>
              <th scope="col" className="whitespace-nowrap px-4 py-2.5">
                Applies To
              </th>
              <th scope="col" className="px-4 py-2.5 text-right">
                From
              </th>
              <th scope="col" className="px-4 py-2.5">
                Needs
              </th>
              <th scope="col" className="px-4 py-2.5">
                Status
              </th>
              <th scope="col" className="px-5 py-2.5 text-right">
                Actions
              </th>
            </>
          }
          rows={list.map((r) => (
            <tr key={r.id} className={"hover:bg-slate-50/60" + (r.isActive ? "" : " text-slate-500")}>
              <td className="min-w-[10rem] max-w-[16rem] wrap-anywhere px-5 py-3 font-medium text-slate-900">{r.name}</td>
              <td className="px-4 py-3">
                <span className="block whitespace-nowrap text-slate-800">{ruleCategory(r, names)}</span>
                <span className="block whitespace-nowrap text-xs text-slate-600">{formTypesWords(r)}</span>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-900">{formatRupees(r.minAmount)}</td>
              <td className="px-4 py-3">
                <span className="block whitespace-nowrap text-slate-800">{approvalsWords(r)}</span>
                {r.superAdminRequired ? (
                  <Badge variant="purple" className="mt-1">
                    <ShieldCheck className="h-3 w-3" aria-hidden="true" />
                    SuperAdmin required
                  </Badge>
                ) : null}
              </td>
              <td className="px-4 py-3">
                <StatusBadge rule={r} />
                <span className="mt-1 block whitespace-nowrap text-xs">
                  <InUse rule={r} />
                </span>
              </td>
              <td className="whitespace-nowrap px-5 py-3 text-right">{actions(r)}</td>
            </tr>
          ))}
          cards={list.map((r) => (
            <li key={r.id} className="space-y-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 wrap-anywhere font-medium text-slate-900">{r.name}</p>
                <StatusBadge rule={r} />
              </div>
              <p className="text-sm text-slate-800">
                From <span className="font-semibold tabular-nums">{formatRupees(r.minAmount)}</span>: {approvalsWords(r)}
                {r.superAdminRequired ? (r.requiredApprovals === 1 ? ", a SuperAdmin's" : ", one of them a SuperAdmin's") : ""}
              </p>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <span>{ruleCategory(r, names)}</span>
                <span>{formTypesWords(r)}</span>
                <InUse rule={r} />
              </div>
              <div className="-ml-2 flex flex-wrap gap-1">{actions(r, true)}</div>
            </li>
          ))}
        />
      </ListCard>

      <ApprovalRuleFormDialog open={formOpen} onOpenChange={setFormOpen} rule={editing} categories={categories.data ?? []} />
      <ConfirmDeactivate {...active.confirm} {...ruleDeactivation(active.asking?.name)} />
      <ConfirmDialog
        {...removal.confirm}
        title={removal.asking?.inUse ? "Deactivate Rule" : "Delete Rule"}
        description={removal.asking ? `Delete ${removal.asking.name}?` : undefined}
        confirmLabel={removal.asking?.inUse ? "Deactivate" : "Delete"}
        destructive
      >
        {removal.asking?.inUse ? (
          <Alert variant="warning">Transactions applied this rule, so it will be deactivated instead of deleted: they keep its name in what they needed.</Alert>
        ) : (
          <p className="text-sm text-slate-600">No transaction has applied it yet, so it is removed. Transactions submitted from now on no longer need it.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
