// Departments: list and add (SuperAdmin and HR Admin, DECISIONS §8).
import { useState, type FormEvent } from "react";
import { Building } from "lucide-react";
import { Button, Dialog, DialogContent, Field, Input } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { useCreateDepartment, useDepartments } from "../api";

export function DepartmentsDialog({ open, onOpenChange, canEdit }: { open: boolean; onOpenChange: (open: boolean) => void; canEdit: boolean }) {
  const departments = useDepartments();
  const create = useCreateDepartment();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError("Department name is required");
      return;
    }
    setError(undefined);
    try {
      await create.mutateAsync(name.trim());
      toast({ title: "Department Created", description: `${name.trim()} was added` });
      setName("");
    } catch (err) {
      setError(errorMessage(err, "Failed to create department"));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" title="Departments" description="Every employee belongs to one department.">
        {canEdit ? (
          <form onSubmit={onSubmit} className="mb-4 flex items-end gap-2" noValidate>
            <Field label="New department" error={error} className="flex-1">
              <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" placeholder="e.g. Operations" />
            </Field>
            <Button type="submit" disabled={create.isPending} className={error ? "mb-6" : undefined}>
              Add
            </Button>
          </form>
        ) : null}
        {departments.data && departments.data.length > 0 ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {departments.data.map((d) => (
              <li key={d.id} className="flex items-center gap-2 px-3 py-2 text-sm text-slate-800">
                <Building className="h-4 w-4 text-slate-500" aria-hidden="true" />
                {d.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{departments.isLoading ? "Loading departments…" : "No departments yet."}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
