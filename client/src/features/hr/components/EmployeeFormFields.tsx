// The employee fields both create paths share (spec 001 §5): the Add/Edit Employee dialog and the
// separate New Employee screen. Each caller adds the fields only it sends, after these.
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { WEEKDAYS } from "@shared/constants";
import type { Department, EmployeeCreateInput } from "@shared/schemas/hr";
import { Field, Input, Select } from "@/components/ui";

export type EmployeeFormFieldsProps = {
  register: UseFormRegister<EmployeeCreateInput>;
  errors: FieldErrors<EmployeeCreateInput>;
  departments: Department[];
  /** Hints under fields; the dialog gives them, the New Employee screen does not. */
  hints?: { employeeCode?: string; departmentId?: string; monthlySalary?: string };
};

export function EmployeeFormFields({ register, errors, departments, hints = {} }: EmployeeFormFieldsProps) {
  return (
    <>
      <Field label="Employee Name" required error={errors.employeeName?.message} className="sm:col-span-2">
        <Input autoComplete="off" {...register("employeeName")} />
      </Field>
      <Field label="Employee Code" error={errors.employeeCode?.message} hint={hints.employeeCode}>
        <Input autoComplete="off" {...register("employeeCode")} />
      </Field>
      <Field label="Department" required error={errors.departmentId?.message} hint={hints.departmentId}>
        <Select placeholder="Select a department" options={departments.map((d) => ({ value: d.id, label: d.name }))} {...register("departmentId")} />
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
      <Field label="Monthly Salary (₹)" error={errors.monthlySalary?.message} hint={hints.monthlySalary}>
        <Input inputMode="decimal" autoComplete="off" placeholder="e.g. 35000" {...register("monthlySalary")} />
      </Field>
    </>
  );
}
