// Requests (/hr/requests, DECISIONS §15): employees' leave requests and day fixes in one inbox,
// pending first, filtered by status and type; approve, or reject with a reason (asked in a dialog).
import { useState } from "react";
import { runMutation } from "@/lib/mutation";
import { Check, X } from "lucide-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDate, formatDateTime } from "@shared/format";
import { REQUEST_STATUSES, type RequestStatus } from "@shared/constants";
import type { EmployeeRequest } from "@shared/schemas/me";
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, Field, Select, Spinner, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/api";
import { HR_KEYS } from "../api";

const REQUESTS_KEY = ["/api/hr/requests"] as const;
const STATUS_VARIANT: Record<RequestStatus, "warning" | "success" | "destructive" | "secondary"> = {
  Pending: "warning",
  Approved: "success",
  Rejected: "destructive",
  Withdrawn: "secondary",
};

const what = (r: EmployeeRequest) =>
  r.type === "leave"
    ? `${r.leaveType} · ${r.halfDay ? `${formatDate(r.from)} (half day)` : r.from === r.to ? formatDate(r.from) : `${formatDate(r.from)} – ${formatDate(r.to)}`} · ${r.days} day${r.days === 1 ? "" : "s"}`
    : `Fix ${formatDate(r.date)} · ${[r.punchIn ? `in ${r.punchIn}` : null, r.punchOut ? `out ${r.punchOut}` : null].filter(Boolean).join(", ")}`;

const decisionPath = (r: EmployeeRequest, move: "approve" | "reject") => `/api/hr/${r.type === "leave" ? "leave-requests" : "regularisations"}/${r.id}/${move}`;

export default function RequestsPage() {
  const [status, setStatus] = useState<string>("Pending");
  const [type, setType] = useState<string>("all");
  const queryClient = useQueryClient();
  const list = useQuery<{ requests: EmployeeRequest[] }>({
    queryKey: [...REQUESTS_KEY, { status: status === "all" ? undefined : status, type: type === "all" ? undefined : type }],
    placeholderData: (prev) => prev,
  });
  const [rejecting, setRejecting] = useState<EmployeeRequest | null>(null);
  const [approving, setApproving] = useState<EmployeeRequest | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const decide = useMutation({
    mutationFn: ({ request, move, reason }: { request: EmployeeRequest; move: "approve" | "reject"; reason?: string }) =>
      apiJson<EmployeeRequest>("POST", decisionPath(request, move), reason ? { reason } : {}),
    onSettled: () =>
      Promise.all(
        [REQUESTS_KEY, HR_KEYS.leaves, HR_KEYS.attendance, HR_KEYS.details, HR_KEYS.payroll].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });

  const run = (request: EmployeeRequest, move: "approve" | "reject", why?: string) =>
    runMutation(
      decide,
      { request, move, reason: why },
      {
        onSuccess: (done) => {
          toast({ title: move === "approve" ? "Approved" : "Rejected", description: `${done.employee.name}: ${what(done)}` });
          setApproving(null);
          setRejecting(null);
          setReason("");
        },
        onError: (err) => {
          toast({ title: "Could not decide", description: errorMessage(err, "Try again"), variant: "destructive" });
          setApproving(null);
        },
      },
    );

  const requests = list.data?.requests ?? [];
  return (
    <div className="space-y-4">
      <Card className="grid gap-3 p-4 sm:grid-cols-2 lg:max-w-xl">
        <Field label="Status">
          <Select
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[{ value: "all", label: "All" }, ...REQUEST_STATUSES.map((s) => ({ value: s, label: s }))]}
          />
        </Field>
        <Field label="Type">
          <Select
            value={type}
            onChange={(e) => setType(e.target.value)}
            options={[
              { value: "all", label: "Leave and day fixes" },
              { value: "leave", label: "Leave" },
              { value: "regularisation", label: "Day fixes" },
            ]}
          />
        </Field>
      </Card>
      <Card className="p-4 sm:p-5" aria-busy={list.isFetching}>
        {list.isLoading ? (
          <div className="flex justify-center py-10">
            <Spinner size="lg" label="Loading requests" />
          </div>
        ) : list.isError ? (
          <Alert variant="destructive">{errorMessage(list.error, "Could not load the requests")}</Alert>
        ) : requests.length === 0 ? (
          <EmptyState
            title={status === "Pending" ? "Nothing waits for you" : "No requests"}
            description="Employees' leave requests and day fixes appear here."
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {requests.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 py-3 lg:flex-row lg:items-center lg:justify-between" data-testid="request-row">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900 wrap-anywhere">
                    {r.employee.name} <Badge variant="outline">{r.type === "leave" ? "Leave" : "Day fix"}</Badge>
                  </p>
                  <p className="text-slate-700">{what(r)}</p>
                  <p className="text-slate-600 wrap-anywhere">“{r.reason}”</p>
                  <p className="text-xs text-slate-500">
                    Asked {formatDateTime(r.createdAt)}
                    {r.decidedBy && r.status !== "Withdrawn" ? ` · ${r.status.toLowerCase()} by ${r.decidedBy.name}` : ""}
                    {r.decisionReason ? `: ${r.decisionReason}` : ""}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <Badge variant={STATUS_VARIANT[r.status]}>{r.status}</Badge>
                  {r.status === "Pending" ? (
                    <>
                      <Button size="sm" onClick={() => setApproving(r)} disabled={decide.isPending} aria-label={`Approve ${r.employee.name}'s request`}>
                        <Check className="h-4 w-4" aria-hidden="true" />
                        Approve
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setRejecting(r)}
                        disabled={decide.isPending}
                        aria-label={`Reject ${r.employee.name}'s request`}
                      >
                        <X className="h-4 w-4" aria-hidden="true" />
                        Reject
                      </Button>
                    </>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        title={approving?.type === "leave" ? "Approve this leave?" : "Approve this day fix?"}
        description={
          approving
            ? `${approving.employee.name}: ${what(approving)}. ${approving.type === "leave" ? "The leave is recorded and its days take its status." : "The day takes these times as a hand edit."}`
            : ""
        }
        confirmLabel="Approve"
        pending={decide.isPending}
        onConfirm={() => approving && run(approving, "approve")}
      />
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRejecting(null);
            setReason("");
            setReasonError(undefined);
          }
        }}
        title="Reject this request?"
        description={rejecting ? `${rejecting.employee.name}: ${what(rejecting)}` : ""}
        confirmLabel="Reject"
        destructive
        pending={decide.isPending}
        onConfirm={() => {
          if (!rejecting) return;
          if (!reason.trim()) return setReasonError("Reason is required");
          run(rejecting, "reject", reason.trim());
        }}
      >
        <Field label="Reason (the employee sees it)" required error={reasonError}>
          <Textarea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Year-end closing that week" />
        </Field>
      </ConfirmDialog>
    </div>
  );
}
