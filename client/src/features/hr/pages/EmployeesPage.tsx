// Employee list (spec 001 §2): search, department and status filters, cards, edit and add dialogs,
// 20 per page with 'Page X of N'.
import type { ComponentProps } from "react";
import { lazyDialog } from "@/lib/lazy-dialog";
import { useState } from "react";
import { Building, KeyRound, CalendarDays, CalendarOff, Mail, MapPin, Pencil, Phone, Plus, Users } from "lucide-react";
import { Link } from "wouter";
import { LIMITS } from "@shared/constants";
import { formatDate } from "@shared/format";
import type { Employee } from "@shared/schemas/hr";
import { links } from "@/lib/paths";
import {
  Alert,
  Badge,
  Button,
  buttonVariants,
  Card,
  ConfirmDialog,
  EmptyState,
  ListState,
  Pagination,
  SearchInput,
  Select,
  Spinner,
  IconButton,
} from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { useListFilters } from "@/hooks/use-list-filters";
import { usePermissions } from "@/lib/session";
import { useDepartments, useEmployees } from "../api";
import { DepartmentsDialog } from "../components/DepartmentsDialog";
import type { EmployeeFormDialog as EmployeeFormDialogType } from "../components/EmployeeFormDialog";
import { downloadNewLogins } from "../components/EmployeeLogin";
import { toast } from "@/hooks/use-toast";

const EmployeeFormDialog = lazyDialog<ComponentProps<typeof EmployeeFormDialogType>>(
  () => import("../components/EmployeeFormDialog").then((m) => m.EmployeeFormDialog),
  (p) => p.open,
);

type StatusFilter = "all" | "active" | "inactive";

function EmployeeCard({ employee, onEdit }: { employee: Employee; onEdit: () => void }) {
  const detail = (Icon: typeof Phone, label: string, text: string | null | undefined) =>
    text ? (
      <li className="flex min-w-0 items-center gap-2">
        <Icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="sr-only">{label}: </span>
        <span className="min-w-0 wrap-anywhere">{text}</span>
      </li>
    ) : null;
  return (
    <Card className="flex min-w-0 flex-col">
      <div className="flex items-start justify-between gap-3 p-5 pb-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900 wrap-anywhere">{employee.employeeName}</h2>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {employee.employeeCode ? <Badge variant="outline">{employee.employeeCode}</Badge> : null}
            <Badge variant={employee.isActive ? "success" : "secondary"}>{employee.isActive ? "Active" : "Inactive"}</Badge>
          </div>
        </div>
        <IconButton variant="ghost" onClick={onEdit} label={`Edit ${employee.employeeName}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      </div>
      <ul className="grid flex-1 grid-cols-1 gap-1.5 px-5 pb-4 text-sm text-slate-700">
        {detail(Building, "Department", employee.department?.name)}
        {detail(CalendarOff, "Weekly off", employee.weeklyOff ? `Weekly off: ${employee.weeklyOff}` : null)}
        {detail(CalendarDays, "Joining date", employee.joiningDate ? `Joined ${formatDate(employee.joiningDate)}` : null)}
        {detail(Phone, "Phone", employee.phone)}
        {detail(Mail, "Email", employee.email)}
        {detail(MapPin, "Location", employee.workLocation)}
      </ul>
      <div className="border-t border-slate-100 px-5 py-3">
        <Link href={links.hrAttendanceEmployee(employee.id)} className={buttonVariants({ variant: "link", size: "sm", className: "h-auto px-0" })}>
          View attendance
          <span className="sr-only"> of {employee.employeeName}</span>
        </Link>
      </div>
    </Card>
  );
}

export default function EmployeesPage() {
  const { administersHr } = usePermissions();
  const [creatingLogins, setCreatingLogins] = useState(false);
  const [creatingBusy, setCreatingBusy] = useState(false);
  const filters = useListFilters({ none: { search: "", department: "all", status: "all" as StatusFilter } });
  const { department, status } = filters.values;
  const [editing, setEditing] = useState<Employee | null>(null);
  const [adding, setAdding] = useState(false);
  const [departmentsOpen, setDepartmentsOpen] = useState(false);

  const departments = useDepartments();
  const limit = LIMITS.employeePageSize;
  const { asked, page, setPage, filtered } = filters;
  const employees = useEmployees({
    page,
    limit,
    search: asked.search,
    department: asked.department === "all" ? undefined : asked.department,
    status: asked.status,
  });
  const total = employees.data?.total ?? 0;
  const list = employees.data?.employees ?? [];

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{employees.data ? `${total} employee${total === 1 ? "" : "s"}` : "\u00a0"}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDepartmentsOpen(true)}>
            <Building className="h-4 w-4" aria-hidden="true" />
            Departments
          </Button>
          {administersHr ? (
            <Button variant="outline" onClick={() => setCreatingLogins(true)}>
              <KeyRound className="h-4 w-4" aria-hidden="true" />
              Create logins
            </Button>
          ) : null}
          <Button onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Employee
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={creatingLogins}
        onOpenChange={(o) => !o && setCreatingLogins(false)}
        title="Create logins for everyone?"
        description="Every active employee without a login gets one with a one-time password. The CSV of usernames and passwords downloads once: keep it safe and hand each person theirs."
        confirmLabel="Create and download"
        pending={creatingBusy}
        onConfirm={() => {
          setCreatingBusy(true);
          downloadNewLogins()
            .then((n) =>
              toast({
                title: n === 0 ? "Everyone already has a login" : `${n} login${n === 1 ? "" : "s"} created`,
                description: n === 0 ? undefined : "The CSV has been downloaded.",
              }),
            )
            .catch((err: unknown) =>
              toast({ title: "Could not create logins", description: err instanceof Error ? err.message : undefined, variant: "destructive" }),
            )
            .finally(() => {
              setCreatingBusy(false);
              setCreatingLogins(false);
            });
        }}
      />

      <Card className="p-4">
        <div className="grid gap-3 md:grid-cols-[1fr_220px_180px]">
          <SearchInput
            label="Search employees"
            placeholder="Search by name, code, phone or email"
            value={filters.values.search}
            onChange={(text) => filters.set("search", text)}
          />
          <Select aria-label="Department" value={department} onChange={(e) => filters.set("department", e.target.value)}>
            <option value="all">All departments</option>
            {(departments.data ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
          <Select aria-label="Status" value={status} onChange={(e) => filters.set("status", e.target.value as StatusFilter)}>
            <option value="all">All statuses</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Select>
        </div>
      </Card>

      {departments.isError ? <Alert variant="destructive">{errorMessage(departments.error, "Failed to fetch departments")}</Alert> : null}

      <ListState
        query={employees}
        count={list.length}
        errorFallback="Failed to fetch employees"
        loading={
          <div className="flex justify-center py-16">
            <Spinner size="lg" label="Loading employees" />
          </div>
        }
        empty={
          <Card>
            <EmptyState
              icon={Users}
              title={filtered ? "No employees match these filters" : "No employees yet"}
              description={filtered ? "Try another search, department or status." : "Add your first employee to start tracking attendance."}
              action={
                filtered ? null : (
                  <Button onClick={() => setAdding(true)}>
                    <Plus className="h-4 w-4" aria-hidden="true" />
                    Add Employee
                  </Button>
                )
              }
            />
          </Card>
        }
      >
        <ul
          className={"grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" + (employees.isFetching && employees.isPlaceholderData ? " opacity-60" : "")}
          aria-busy={employees.isFetching}
        >
          {list.map((e) => (
            <li key={e.id} className="flex min-w-0">
              <div className="w-full min-w-0 [&>*]:h-full">
                <EmployeeCard employee={e} onEdit={() => setEditing(e)} />
              </div>
            </li>
          ))}
        </ul>
      </ListState>

      <Pagination page={page} pageSize={limit} total={total} onPageChange={setPage} />

      <EmployeeFormDialog open={adding} onOpenChange={setAdding} />
      <EmployeeFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} employee={editing} />
      <DepartmentsDialog open={departmentsOpen} onOpenChange={setDepartmentsOpen} canEdit={administersHr} />
    </div>
  );
}
