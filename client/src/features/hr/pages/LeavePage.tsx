// Leave (/hr/leave, DECISIONS §8 leave register): everyone's granted leave of a month, filterable by
// department, with a CSV export; "Record leave"; a leave is cancelled with a reason (its days are
// recalculated on the server). The status of each day follows from the leave, never typed by hand.
import type { ComponentProps } from "react";
import { lazyDialog } from "@/lib/lazy-dialog";
import { useState } from "react";
import { CalendarPlus, Download, Palmtree, XCircle } from "lucide-react";
import { LEAVE_TYPE_LABELS } from "@shared/leave";
import type { Leave } from "@shared/schemas/leave";
import { formatDate } from "@shared/format";
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, Field, ResponsiveList, Select, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { useCancelLeave, useDepartments, useMonthLeaves } from "../api";
import { MonthStepper } from "../components/MonthStepper";
import type { RecordLeaveDialog as RecordLeaveDialogType } from "../components/RecordLeaveDialog";
import { currentMonth, monthLabel } from "../lib/dates";

const RecordLeaveDialog = lazyDialog<ComponentProps<typeof RecordLeaveDialogType>>(
  () => import("../components/RecordLeaveDialog").then((m) => m.RecordLeaveDialog),
  (p) => p.open,
);

/** A cell a spreadsheet would run as a formula is prefixed with ' (DECISIONS §4's export rule). */
const safeCell = (v: string | number) => (typeof v === "string" && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

async function exportCsv(month: string, leaves: readonly Leave[]) {
  const { default: Papa } = await import("papaparse");
  const rows = leaves.map((l) =>
    [l.employee.employeeName, l.employee.employeeCode ?? "", l.employee.department.name, l.type, l.from, l.to, l.halfDay ? "yes" : "no", l.days, l.reason].map(
      safeCell,
    ),
  );
  const text = Papa.unparse({
    fields: ["Employee Name", "Employee Code", "Department", "Type", "From", "To", "Half Day", "Working Days", "Reason"],
    data: rows,
  });
  const href = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = href;
  a.download = `leave_${month}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

function TypeBadge({ leave }: { leave: Leave }) {
  return <Badge variant={leave.type === "PL" ? "success" : "warning"}>{leave.halfDay ? `${leave.type} · half day` : leave.type}</Badge>;
}

export default function LeavePage() {
  const [month, setMonth] = useState(currentMonth());
  const [departmentId, setDepartmentId] = useState("");
  const [recording, setRecording] = useState(false);
  const [cancelling, setCancelling] = useState<Leave | null>(null);
  const [cancelReason, setCancelReason] = useState("");
  const [cancelError, setCancelError] = useState<string>();
  const departments = useDepartments();
  const list = useMonthLeaves(month, departmentId);
  const cancel = useCancelLeave();
  const leaves = list.data?.leaves ?? [];

  const confirmCancel = () => {
    if (!cancelling) return;
    if (!cancelReason.trim()) {
      setCancelError("Reason is required");
      return;
    }
    runMutation(
      cancel,
      { id: cancelling.id, reason: cancelReason.trim() },
      {
        onSuccess: () => {
          toast({ title: "Leave Cancelled", description: `${cancelling.employee.employeeName}'s days are worked out again from the punches.` });
          setCancelling(null);
          setCancelReason("");
        },
        onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to cancel leave"), variant: "destructive" }),
      },
    );
  };

  return (
    <div className="space-y-6">
      <Card className="flex flex-col gap-3 p-4 lg:flex-row lg:items-end">
        <MonthStepper id="leave-month" month={month} onChange={setMonth} />
        <div className="lg:w-56">
          <Select
            aria-label="Filter by department"
            value={departmentId}
            onChange={(e) => setDepartmentId(e.target.value)}
            placeholder="All departments"
            options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          />
        </div>
        <div className="flex gap-2 lg:ml-auto">
          <Button variant="outline" onClick={() => void exportCsv(month, leaves)} disabled={leaves.length === 0}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Export CSV
          </Button>
          <Button onClick={() => setRecording(true)}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            Record Leave
          </Button>
        </div>
      </Card>

      {list.isError ? <Alert variant="destructive">{errorMessage(list.error, "Failed to load leave")}</Alert> : null}

      <section aria-label={`Leave in ${monthLabel(month)}`}>
        <h2 className="mb-3 text-base font-semibold text-slate-900">
          {monthLabel(month)}{" "}
          <span className="font-normal text-slate-600">
            · {leaves.length} {leaves.length === 1 ? "leave" : "leaves"}
          </span>
        </h2>
        <Card className="overflow-hidden">
          <ResponsiveList
            loading={list.isPending}
            loadingLabel="Loading leave"
            tableLabel={`Leave in ${monthLabel(month)}`}
            empty={
              leaves.length === 0 ? (
                <EmptyState
                  icon={Palmtree}
                  title={departmentId ? "No leave in this department this month" : "No leave recorded this month"}
                  description="Leave recorded here becomes the status of its working days, so nobody edits leave day by day."
                  action={
                    <Button onClick={() => setRecording(true)}>
                      <CalendarPlus className="h-4 w-4" aria-hidden="true" />
                      Record Leave
                    </Button>
                  }
                />
              ) : null
            }
            head={
              <>
                <th scope="col" className="px-4 py-3">
                  Employee
                </th>
                <th scope="col" className="px-4 py-3">
                  Department
                </th>
                <th scope="col" className="px-4 py-3">
                  Type
                </th>
                <th scope="col" className="px-4 py-3">
                  Dates
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Working days
                </th>
                <th scope="col" className="px-4 py-3">
                  Reason
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </>
            }
            rows={leaves.map((l) => (
              <tr key={l.id}>
                <td className="px-4 py-3 font-medium text-slate-900">{l.employee.employeeName}</td>
                <td className="px-4 py-3 text-slate-700">{l.employee.department.name}</td>
                <td className="px-4 py-3">
                  <TypeBadge leave={l} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                  {l.from === l.to ? formatDate(l.from) : `${formatDate(l.from)} – ${formatDate(l.to)}`}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{l.days}</td>
                <td className="max-w-xs px-4 py-3 text-slate-700">
                  <span className="line-clamp-2 wrap-anywhere">{l.reason}</span>
                </td>
                <td className="px-4 py-3 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700"
                    onClick={() => setCancelling(l)}
                    aria-label={`Cancel ${l.employee.employeeName}'s leave from ${formatDate(l.from)}`}
                  >
                    <XCircle className="h-4 w-4" aria-hidden="true" />
                    Cancel
                  </Button>
                </td>
              </tr>
            ))}
            cards={leaves.map((l) => (
              <li key={l.id} className="grid gap-1.5 p-4">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{l.employee.employeeName}</span>
                  <TypeBadge leave={l} />
                </div>
                <p className="text-sm text-slate-700">
                  {l.from === l.to ? formatDate(l.from) : `${formatDate(l.from)} – ${formatDate(l.to)}`} · {l.days}{" "}
                  {l.days === 1 ? "working day" : "working days"}
                </p>
                <p className="text-xs text-slate-600">
                  {l.employee.department.name} · {LEAVE_TYPE_LABELS[l.type]}
                </p>
                <p className="wrap-anywhere text-sm text-slate-700">{l.reason}</p>
                <Button variant="outline" size="sm" className="mt-1 justify-self-start text-red-700" onClick={() => setCancelling(l)}>
                  <XCircle className="h-4 w-4" aria-hidden="true" />
                  Cancel leave
                </Button>
              </li>
            ))}
          />
        </Card>
      </section>

      <RecordLeaveDialog open={recording} onOpenChange={setRecording} />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(o) => {
          if (!o) {
            setCancelling(null);
            setCancelReason("");
            setCancelError(undefined);
          }
        }}
        title="Cancel Leave"
        description={
          cancelling
            ? `${cancelling.employee.employeeName}'s ${cancelling.type} from ${formatDate(cancelling.from)} to ${formatDate(cancelling.to)} stops counting; its days are worked out again from the punches.`
            : undefined
        }
        confirmLabel="Cancel Leave"
        cancelLabel="Keep Leave"
        destructive
        pending={cancel.isPending}
        onConfirm={confirmCancel}
      >
        <Field label="Reason" required error={cancelError}>
          <Textarea
            rows={2}
            value={cancelReason}
            onChange={(e) => {
              setCancelReason(e.target.value);
              setCancelError(undefined);
            }}
            placeholder="e.g. Came to work after all"
          />
        </Field>
      </ConfirmDialog>
    </div>
  );
}
