// Add Employee and Edit Employee (spec 001 §2 "Employee list page", §5 employee form rules).
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { Employee, EmployeeCreate, EmployeeCreateInput } from "@shared/schemas/hr";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Checkbox, Dialog, DialogContent, Field, FormDialogFooter, Input, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { useCreateEmployee, useDepartments, useUpdateEmployee } from "../api";
import { todayIso } from "../lib/dates";
import { EmployeeFormFields } from "./EmployeeFormFields";
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

const employeeResolver = lazyZodResolver<Values, EmployeeCreate>(() => import("@shared/schemas/hr").then((m) => m.employeeCreateSchema));

export function EmployeeFormDialog({ open, onOpenChange, employee }: EmployeeFormDialogProps) {
  const editing = Boolean(employee);
  const departments = useDepartments();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, EmployeeCreate>({ resolver: employeeResolver, defaultValues: blankValues() });
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

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={editing ? "Edit Employee" : "Add Employee"}
        description={editing ? "Update the employee's record. Inactive employees are left out of attendance." : "Create a new employee record."}
        footer={
          <FormDialogFooter
            formId="employee-form"
            submitLabel={editing ? "Save Changes" : "Create Employee"}
            pending={pending}
            onCancel={() => onOpenChange(false)}
          />
        }
      >
        <FormError message={formError} />
        <form id="employee-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <EmployeeFormFields
            register={register}
            errors={errors}
            departments={departments.data ?? []}
            hints={{
              employeeCode: "Optional; unique when given",
              departmentId: departments.data?.length ? undefined : "Add a department first (Departments button)",
              monthlySalary: "Used for salary deductions",
            }}
          />
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
