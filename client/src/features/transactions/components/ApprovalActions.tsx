// Approve and Reject (spec 000 §3), shared by the details dialog and the approval cards, so the
// cards need not load the whole dialog.
import { useState } from "react";
import { Check, CheckCircle2, Lock, UserCheck, X, XCircle } from "lucide-react";
import type { Approval } from "@shared/schemas/transactions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { cn } from "@/lib/utils";
import { transactionApi, useFinanceMutation } from "../api";

/** Dialogs fill the screen on phones (a full-height sheet) and stay centred above 640 px. */
export const PHONE_SHEET = "max-sm:h-[100dvh] max-sm:max-h-[100dvh] max-sm:rounded-none";

export function ActedNotice({ action }: { action: Approval["action"] }) {
  return action === "approved" ? (
    <p className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-800">
      <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
      You approved this transaction
    </p>
  ) : (
    <p className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700">
      <XCircle className="h-4 w-4" aria-hidden="true" />
      You rejected this transaction
    </p>
  );
}

/**
 * Approve, or Reject with an optional reason (Cancel / Confirm Reject). Used by the dialog and the
 * approval cards. Approve shows only when the server's moves offer it; otherwise the server's reason
 * (a limit, the SuperAdmin's place: DECISIONS §11) stands in its place.
 */
export function ApprovalActions({
  t,
  canApprove,
  onDone,
  className,
}: {
  t: { id: string; humanReadableId: string; approveRefusal: string | null; approveOnBehalfOf?: { name: string } | null };
  canApprove: boolean;
  onDone?: () => void;
  className?: string;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const approve = useFinanceMutation(() => transactionApi.approve(t.id));
  const reject = useFinanceMutation((r: string) => transactionApi.reject(t.id, r));
  const busy = approve.isPending || reject.isPending;
  // The server says when this approval would use a delegator's authority (DECISIONS §16): the button names them.
  const behalf = t.approveOnBehalfOf?.name ?? null;

  const onApprove = () =>
    runMutation(approve, undefined, {
      onSuccess: () => {
        toast({ title: "Transaction Approved", description: `${t.humanReadableId} has been approved${behalf ? ` for ${behalf}` : ""}.` });
        onDone?.();
      },
      onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to approve transaction"), variant: "destructive" }),
    });
  const onReject = () =>
    runMutation(reject, reason, {
      onSuccess: () => {
        toast({ title: "Transaction Rejected", description: `${t.humanReadableId} has been returned to the accountant.` });
        setRejecting(false);
        setReason("");
        onDone?.();
      },
      onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to reject transaction"), variant: "destructive" }),
    });

  if (rejecting) {
    return (
      <div className={cn("grid gap-3 rounded-lg border border-red-200 bg-red-50/50 p-3", className)}>
        <Field label="Reason for rejection (optional)">
          <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus placeholder="Tell the accountant what to fix" />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setRejecting(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onReject} disabled={busy}>
            <X className="h-4 w-4" aria-hidden="true" />
            {reject.isPending ? "Rejecting..." : "Confirm Reject"}
          </Button>
        </div>
      </div>
    );
  }
  const rejectButton = (
    <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50" onClick={() => setRejecting(true)} disabled={busy}>
      <X className="h-4 w-4" aria-hidden="true" />
      Reject
    </Button>
  );
  if (!canApprove) {
    return (
      <div className={cn("grid gap-2 sm:flex sm:flex-row sm:items-center sm:justify-end", className)}>
        <p className="flex items-start gap-2 text-sm text-slate-600" data-approve-refusal>
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t.approveRefusal ?? "You cannot approve this one"}
        </p>
        {rejectButton}
      </div>
    );
  }
  return (
    <div className={cn("grid gap-2", className)}>
      {behalf ? (
        <p className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-2.5 text-sm text-sky-900" data-approve-for>
          <UserCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0">This approval uses the authority {behalf} delegated to you.</span>
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-row sm:justify-end">
        {rejectButton}
        <Button className="h-auto min-h-10 whitespace-normal bg-green-700 hover:bg-green-800 active:bg-green-900" onClick={onApprove} disabled={busy}>
          <Check className="h-4 w-4 shrink-0" aria-hidden="true" />
          {approve.isPending ? "Approving..." : behalf ? `Approve for ${behalf}` : "Approve"}
        </Button>
      </div>
    </div>
  );
}
