// Add Employee and Edit Employee (spec 001 §2 "Employee list page", §5 employee form rules).
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { WEEKDAYS } from "@shared/constants";
import { employeeCreateSchema, type Employee, type EmployeeCreate, type EmployeeCreateInput } from "@shared/schemas/hr";
import { Button, Checkbox, Dialog, DialogContent, Field, Input, Select, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { useCreateEmployee, useDepartments, useUpdateEmployee } from "../api";
import { todayIso } from "../lib/dates";
import { FormError } from "./FormError";

type Values = EmployeeCreateInput;

function blankValues(): Values {
  return {
    employeeName: "",
    employeeCode: "",
    departmentId: "",
    weeklyOff: "Sunday",
    joiningDate: todayIso(),
    isActive: true,
    phone: "",
    email: "",
    workLocation: "",
    emergencyContactName: "",
    emergencyContactPhone: "",
    personalAddress: "",
    monthlySalary: "",
  };
}

function valuesOf(e: Employee): Values {
  return {
    employeeName: e.employeeName,
    employeeCode: e.employeeCode ?? "",
    departmentId: e.departmentId,
    weeklyOff: e.weeklyOff,
    joiningDate: e.joiningDate?.slice(0, 10) ?? "",
    isActive: e.isActive,
    phone: e.phone ?? "",
    email: e.email ?? "",
    workLocation: e.workLocation ?? "",
    emergencyContactName: e.emergencyContactName ?? "",
    emergencyContactPhone: e.emergencyContactPhone ?? "",
    personalAddress: e.personalAddress ?? "",
    monthlySalary: e.monthlySalary ?? "",
  };
}

export type EmployeeFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The employee to edit; absent for Add Employee. */
  employee?: Employee | null;
};

export function EmployeeFormDialog({ open, onOpenChange, employee }: EmployeeFormDialogProps) {
  const editing = Boolean(employee);
  const departments = useDepartments();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, EmployeeCreate>({ resolver: zodResolver(employeeCreateSchema), defaultValues: blankValues() });
  const { register, handleSubmit, reset, setError, formState } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (open) {
      reset(employee ? valuesOf(employee) : blankValues());
      setFormError(null);
    }
  }, [open, employee, reset]);

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      if (employee) {
        await update.mutateAsync({ id: employee.id, body });
        toast({ title: "Employee Updated", description: `${body.employeeName} was updated successfully` });
      } else {
        await create.mutateAsync(body);
        toast({ title: "Employee Created", description: "Employee created successfully" });
      }
      onOpenChange(false);
    } catch (err) {
      const issues = errorIssues(err);
      for (const [path, message] of Object.entries(issues)) setError(path as keyof Values, { message });
      if (employee) {
        // Spec 001 §8: no toast when an edit fails on the list page; the dialog says why instead.
        setFormError(errorMessage(err, "Failed to update employee"));
      } else {
        toast({ title: "Error", description: errorMessage(err, "Failed to create employee"), variant: "destructive" });
      }
    }
  });

  const pending = create.isPending || update.isPending;
  const departmentOptions = (departments.data ?? []).map((d) => ({ value: d.id, label: d.name }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={editing ? "Edit Employee" : "Add Employee"}
        description={editing ? "Update the employee's record. Inactive employees are left out of attendance." : "Create a new employee record."}
        footer={
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" form="employee-form" disabled={pending}>
              {pending ? "Saving…" : editing ? "Save Changes" : "Create Employee"}
            </Button>
          </>
        }
      >
        <FormError message={formError} />
        <form id="employee-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="Employee Name" required error={errors.employeeName?.message} className="sm:col-span-2">
            <Input autoComplete="off" {...register("employeeName")} />
          </Field>
          <Field label="Employee Code" error={errors.employeeCode?.message} hint="Optional; unique when given">
            <Input autoComplete="off" {...register("employeeCode")} />
          </Field>
          <Field label="Department" required error={errors.departmentId?.message} hint={departmentOptions.length === 0 ? "Add a department first (Departments button)" : undefined}>
            <Select placeholder="Select a department" options={departmentOptions} {...register("departmentId")} />
          </Field>
          <Field label="Weekly Off" required error={errors.weeklyOff?.message}>
            <Select options={WEEKDAYS.map((d) => ({ value: d, label: d }))} {...register("weeklyOff")} />
          </Field>
          <Field label="Joining Date" required error={errors.joiningDate?.message}>
            <Input type="date" {...register("joiningDate")} />
          </Field>
          <Field label="Phone" error={errors.phone?.message}>
            <Input type="tel" autoComplete="off" {...register("phone")} />
          </Field>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...register("email")} />
          </Field>
          <Field label="Work Location" error={errors.workLocation?.message}>
            <Input autoComplete="off" {...register("workLocation")} />
          </Field>
          <Field label="Monthly Salary (₹)" error={errors.monthlySalary?.message} hint="Used for salary deductions">
            <Input inputMode="decimal" autoComplete="off" placeholder="e.g. 35000" {...register("monthlySalary")} />
          </Field>
          <Field label="Emergency Contact Name" error={errors.emergencyContactName?.message}>
            <Input autoComplete="off" {...register("emergencyContactName")} />
          </Field>
          <Field label="Emergency Contact Phone" error={errors.emergencyContactPhone?.message}>
            <Input type="tel" autoComplete="off" {...register("emergencyContactPhone")} />
          </Field>
          <Field label="Personal Address" error={errors.personalAddress?.message} className="sm:col-span-2">
            <Textarea rows={2} {...register("personalAddress")} />
          </Field>
          {editing ? (
            <div className="sm:col-span-2">
              <Checkbox label="Active" hint="Inactive employees are hidden from daily attendance and payroll." {...register("isActive")} />
            </div>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
