// My Leave (/me/leave, DECISIONS §15): the paid-leave balance (what pending requests ask set apart),
// the requests with their answers (a pending one can be withdrawn), and the leave on record. Phone first.
import { useState } from "react";
import { runMutation } from "@/lib/mutation";
import { CalendarPlus } from "lucide-react";
import { formatDate } from "@shared/format";
import type { LeaveRequest } from "@shared/schemas/me";
import { Alert, Badge, Button, Card, CenteredSpinner, ConfirmDialog, EmptyState } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage, errorStatus } from "@/lib/api";
import { useMyLeave, useWithdrawLeave } from "../api";
import { todayIso } from "@/features/hr";
import { AskLeaveDialog } from "../components/AskLeaveDialog";
import { RequestStatusBadge } from "../components/RequestStatusBadge";

const range = (from: string, to: string, halfDay: boolean) =>
  halfDay ? `${formatDate(from)} · half day` : from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
const dayCount = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

function Figure({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={`rounded-lg border p-3 ${tone}`}>
      <p className="text-xs font-medium">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
    </div>
  );
}

export default function MyLeavePage() {
  const [year] = useState(() => Number(todayIso().slice(0, 4)));
  const leave = useMyLeave(year);
  const withdraw = useWithdrawLeave();
  const [asking, setAsking] = useState(false);
  const [withdrawing, setWithdrawing] = useState<LeaveRequest | null>(null);

  if (leave.isLoading) return <CenteredSpinner label="Loading your leave" />;
  if (leave.isError || !leave.data)
    return <Alert variant={errorStatus(leave.error) === 404 ? "info" : "destructive"}>{errorMessage(leave.error, "Could not load your leave")}</Alert>;
  const { balance, requests, leaves } = leave.data;

  return (
    <div className="space-y-4">
      <Card className="space-y-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">Paid leave {balance.year}</h2>
          <Button onClick={() => setAsking(true)}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            Ask for leave
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="my-balance">
          <Figure label="Left" value={balance.remaining} tone="border-green-200 bg-green-50 text-green-800" />
          <Figure label="Waiting for HR" value={balance.pending} tone="border-amber-200 bg-amber-50 text-amber-800" />
          <Figure label="Taken or booked" value={balance.taken} tone="border-slate-200 bg-slate-50 text-slate-800" />
          <Figure label="For the year" value={balance.entitlement} tone="border-brand-200 bg-brand-50 text-brand-800" />
        </div>
      </Card>

      <Card className="p-4 sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">My requests</h2>
        {requests.length === 0 ? (
          <EmptyState title="No requests yet" description="Ask for leave and HR is told at once." />
        ) : (
          <ul className="divide-y divide-slate-100">
            {requests.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">
                    {r.leaveType} · {range(r.from, r.to, r.halfDay)} <span className="font-normal text-slate-500">({dayCount(r.days)})</span>
                  </p>
                  <p className="text-slate-600 wrap-anywhere">{r.reason}</p>
                  {r.decisionReason ? <p className="text-xs text-slate-500 wrap-anywhere">HR: {r.decisionReason}</p> : null}
                  {r.leaveCancelled ? <p className="text-xs text-red-700">HR cancelled this leave afterwards.</p> : null}
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <RequestStatusBadge status={r.status} />
                  {r.status === "Pending" ? (
                    <Button variant="outline" size="sm" onClick={() => setWithdrawing(r)}>
                      Withdraw
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="p-4 sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">Leave on record {balance.year}</h2>
        {leaves.length === 0 ? (
          <p className="text-sm text-slate-600">No leave recorded this year.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {leaves.map((l) => (
              <li key={l.id} className="flex items-center justify-between gap-2 py-2">
                <span className="text-slate-700">
                  {range(l.from, l.to, l.halfDay)} <span className="text-slate-500">({dayCount(l.days)})</span>
                </span>
                <Badge variant={l.type === "PL" ? "success" : "warning"}>{l.type}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <AskLeaveDialog open={asking} onOpenChange={setAsking} leave={leave.data} />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title="Withdraw this request?"
        description={
          withdrawing ? `${withdrawing.leaveType} · ${range(withdrawing.from, withdrawing.to, withdrawing.halfDay)}. HR will no longer see it as waiting.` : ""
        }
        confirmLabel="Withdraw"
        onConfirm={() => {
          if (!withdrawing) return;
          runMutation(withdraw, withdrawing.id, {
            onSuccess: () => {
              toast({ title: "Request withdrawn" });
              setWithdrawing(null);
            },
            onError: (err) => {
              toast({ title: "Could not withdraw", description: errorMessage(err, "Try again"), variant: "destructive" });
              setWithdrawing(null);
            },
          });
        }}
      />
    </div>
  );
}
