// Category Management (spec 001 §2): a card grid with Create, Edit, Design Fields and Delete.
import { useState } from "react";
import { FolderPlus, LayoutList, Pencil, Plus, ShieldCheck, Tags, Trash2 } from "lucide-react";
import { formatRupees } from "@shared/format";
import type { Category } from "@shared/schemas/categories";
import { usePermissions } from "@/lib/session";
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, Spinner } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage, errorStatus } from "@/lib/api";
import { useCategories, useCategoryMutations } from "../api";
import { CategoryFormDialog } from "../components/CategoryFormDialog";
import { FieldDesignerDialog } from "../components/FieldDesignerDialog";

function CategoryCard({ category, onEdit, onDesign, onDelete }: { category: Category; onEdit: () => void; onDesign: () => void; onDelete: () => void }) {
  const fields = category.fieldSchema ?? [];
  const limits = category.emergencyLimitPolicy;
  return (
    <Card className={"flex h-full flex-col" + (category.isActive ? "" : " bg-slate-50")}>
      <div className="flex-1 p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 wrap-anywhere text-base font-semibold text-slate-900">{category.name}</h2>
          <div className="flex shrink-0 flex-wrap justify-end gap-1">
            {category.isBuiltin ? <Badge variant="info">Built-in</Badge> : null}
            {!category.isActive ? <Badge variant="secondary">Inactive</Badge> : null}
            {category.openToClaims ? <Badge variant="success">Open to claims</Badge> : null}
          </div>
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{category.description || "No description"}</p>
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-700">
          <ShieldCheck className="h-4 w-4 text-slate-500" aria-hidden="true" />
          Required Approvals: <span className="font-semibold">{category.requiredApprovals}</span>
        </p>
        <div className="mt-3">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Custom fields</p>
          {fields.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">None</p>
          ) : (
            <div className="mt-1.5 flex flex-wrap gap-1.5">
              {fields.slice(0, 3).map((f, i) => (
                <Badge key={`${f.id}-${i}`} variant="outline">
                  {f.label}
                </Badge>
              ))}
              {fields.length > 3 ? <Badge variant="secondary">+{fields.length - 3} more</Badge> : null}
            </div>
          )}
        </div>
        {limits?.dailyLimit && limits?.monthlyLimit ? (
          <dl className="mt-3 grid grid-cols-2 gap-2 rounded-lg bg-amber-50 p-2.5 text-xs text-amber-900">
            <div>
              <dt>Emergency daily limit</dt>
              <dd className="text-sm font-semibold tabular-nums">{formatRupees(limits.dailyLimit)}</dd>
            </div>
            <div>
              <dt>Emergency monthly limit</dt>
              <dd className="text-sm font-semibold tabular-nums">{formatRupees(limits.monthlyLimit)}</dd>
            </div>
          </dl>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-1.5 border-t border-slate-100 px-4 py-3">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${category.name}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </Button>
        <Button variant="outline" size="sm" onClick={onDesign} aria-label={`Design fields of ${category.name}`}>
          <LayoutList className="h-4 w-4" aria-hidden="true" />
          Design Fields
        </Button>
        {!category.isBuiltin ? (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto px-2 text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={onDelete}
            aria-label={`Delete ${category.name}`}
            title="Delete"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            <span className="xl:sr-only 2xl:not-sr-only">Delete</span>
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

export default function CategoriesPage() {
  const canSetPolicy = usePermissions().changesApprovalSettings;
  const categories = useCategories();
  const { remove } = useCategoryMutations();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Category | null>(null);
  const [designing, setDesigning] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const list = categories.data ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Category Deleted", description: `${deleting.name} was deleted` });
    } catch (err) {
      if (errorStatus(err) === 409) {
        toast({ title: "Category Deactivated", description: errorMessage(err, "The category has transactions, so it was deactivated instead") });
      } else {
        toast({ title: "Error", description: errorMessage(err, "Failed to delete category"), variant: "destructive" });
      }
    } finally {
      setDeleting(null);
    }
  };

  const fieldCount = deleting?.fieldSchema?.length ?? 0;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {categories.data ? `${list.length} categor${list.length === 1 ? "y" : "ies"} · ${list.filter((c) => c.isActive).length} active` : "\u00a0"}
        </p>
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Create Category
        </Button>
      </div>

      {categories.isError ? <Alert variant="destructive">{errorMessage(categories.error, "Failed to load categories")}</Alert> : null}

      {categories.isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading categories" />
        </div>
      ) : list.length === 0 && !categories.isError ? (
        <Card>
          <EmptyState
            icon={Tags}
            title="No categories yet"
            description="Create a category to group transactions and set their approval rules."
            action={
              <Button onClick={() => setFormOpen(true)}>
                <FolderPlus className="h-4 w-4" aria-hidden="true" />
                Create Category
              </Button>
            }
          />
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((c) => (
            <li key={c.id}>
              <CategoryCard
                category={c}
                onEdit={() => {
                  setEditing(c);
                  setFormOpen(true);
                }}
                onDesign={() => setDesigning(c)}
                onDelete={() => setDeleting(c)}
              />
            </li>
          ))}
        </ul>
      )}

      <CategoryFormDialog open={formOpen} onOpenChange={setFormOpen} category={editing} canSetPolicy={canSetPolicy} />
      <FieldDesignerDialog category={designing} onOpenChange={(open) => !open && setDesigning(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Category"
        description={deleting ? `Delete ${deleting.name}? This action cannot be undone.` : undefined}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        {fieldCount > 0 ? (
          <Alert variant="warning">
            {fieldCount} custom field{fieldCount === 1 ? "" : "s"} will also be deleted.
          </Alert>
        ) : (
          <p className="text-sm text-slate-600">This category has no custom fields.</p>
        )}
        <p className="mt-3 text-sm text-slate-600">A category already used by transactions is deactivated instead of deleted.</p>
      </ConfirmDialog>
    </div>
  );
}
