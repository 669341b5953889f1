// The separate create screen (spec 001 §2 /hr/employees/new; §3: it sends address, a single
// emergencyContact and notes; §5: toast 'Validation Error' when the name is missing).
import { ArrowLeft } from "lucide-react";
import { useForm, type FieldErrors } from "react-hook-form";
import { Link, useLocation } from "wouter";
import type { EmployeeCreate, EmployeeCreateInput } from "@shared/schemas/hr";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { PATHS } from "@/lib/paths";
import { Button, buttonVariants, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, Field, Input, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { useCreateEmployee, useDepartments } from "../api";
import { EmployeeFormFields } from "../components/EmployeeFormFields";
import { todayIso } from "../lib/dates";

const employeeResolver = lazyZodResolver<EmployeeCreateInput, EmployeeCreate>(() => import("@shared/schemas/hr").then((m) => m.employeeCreateSchema));

export default function NewEmployeePage() {
  const [, navigate] = useLocation();
  const departments = useDepartments();
  const create = useCreateEmployee();
  const { register, handleSubmit, setError, formState } = useForm<EmployeeCreateInput, unknown, EmployeeCreate>({
    resolver: employeeResolver,
    defaultValues: {
      employeeName: "",
      employeeCode: "",
      departmentId: "",
      weeklyOff: "Sunday",
      joiningDate: todayIso(),
      phone: "",
      email: "",
      workLocation: "",
      monthlySalary: "",
      address: "",
      emergencyContact: "",
      notes: "",
    },
  });
  const errors = formState.errors;

  const onInvalid = (errs: FieldErrors<EmployeeCreateInput>) => {
    const first = errs.employeeName?.message ?? errs.departmentId?.message ?? Object.values(errs)[0]?.message;
    toast({ title: "Validation Error", description: String(first ?? "Please check the form"), variant: "destructive" });
  };

  const onSubmit = handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      toast({ title: "Employee Created", description: `${created?.employeeName ?? body.employeeName} was created successfully` });
      navigate(PATHS.hrEmployees);
    } catch (err) {
      for (const [path, message] of Object.entries(errorIssues(err))) setError(path as keyof EmployeeCreateInput, { message });
      toast({ title: "Error", description: errorMessage(err, "Failed to create employee"), variant: "destructive" });
    }
  }, onInvalid);

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link href={PATHS.hrEmployees} className={buttonVariants({ variant: "ghost", size: "sm", className: "-ml-2" })}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Employees
      </Link>
      <Card>
        <form onSubmit={onSubmit} noValidate>
          <CardHeader>
            <CardTitle>Employee details</CardTitle>
            <CardDescription>Fields marked * are required. The joining date defaults to today.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <EmployeeFormFields register={register} errors={errors} departments={departments.data ?? []} />
            <Field label="Address" error={errors.address?.message} className="sm:col-span-2">
              <Textarea rows={2} {...register("address")} />
            </Field>
            <Field label="Emergency Contact" hint="Name and phone number" error={errors.emergencyContact?.message} className="sm:col-span-2">
              <Input autoComplete="off" {...register("emergencyContact")} />
            </Field>
            <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
              <Textarea rows={3} {...register("notes")} />
            </Field>
          </CardContent>
          <CardFooter className="flex-col-reverse justify-end sm:flex-row">
            <Link href={PATHS.hrEmployees} className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}>
              Cancel
            </Link>
            <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
              {create.isPending ? "Creating…" : "Create Employee"}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </div>
  );
}
