// A pending transaction as an approver sees it (spec 000 §2, Approver dashboard and Pending
// Approvals): id, form badge, amount, category, requester, created time, description, the custom
// field values under 'Additional Details', file count, approvals received/required, Previously
// Rejected. The actions differ per screen, so they come in as children.
import { currentTime } from "@/lib/clock";
import type { ReactNode } from "react";
import { Clock, Paperclip, User } from "lucide-react";
import { formatRelativeTime, formatRupees } from "@shared/format";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import type { PendingItem } from "../api";
import { ApprovalProgress, EmergencyBadge, FormTypeBadge, PreviouslyRejectedBadge } from "./badges";
import { CustomFieldDetails } from "./CustomFieldDetails";
import { DuplicateWarning } from "./DuplicateWarning";
import { MissingApprovals } from "./ApprovalNeeds";

export type PendingTransactionCardProps = {
  transaction: PendingItem;
  /** Always show received/required (Pending Approvals); otherwise only when more than 1 is required. */
  alwaysShowApprovals?: boolean;
  /** A control before the id (the bulk-selection checkbox). */
  leading?: ReactNode;
  children?: ReactNode;
  className?: string;
};

export function PendingTransactionCard({ transaction: t, alwaysShowApprovals = false, leading, children, className }: PendingTransactionCardProps) {
  const headingId = `pending-${t.id}`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className={cn("flex flex-col p-4 sm:p-5", t.isPriority && "border-red-300 bg-red-50/30 ring-1 ring-red-200", className)}
    >
      <div className="flex items-start gap-3">
        {leading}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <div className="flex flex-wrap items-center gap-1.5">
              <h3 id={headingId} className="font-mono text-sm font-semibold text-slate-900">
                {t.humanReadableId}
              </h3>
              <FormTypeBadge formType={t.formType} />
              {t.isPriority ? <EmergencyBadge /> : null}
              {t.previouslyRejected ? <PreviouslyRejectedBadge /> : null}
            </div>
            <p className="text-lg font-semibold tabular-nums text-slate-900">{formatRupees(t.amount)}</p>
          </div>
          <p className="mt-1 text-sm font-medium text-slate-700 wrap-anywhere">
            {t.category?.name}
            {t.party ? (
              <span className="font-normal text-slate-600">
                {" "}
                · {t.formType === "B" ? "Vendor" : "Payer"}: {t.party.name}
              </span>
            ) : null}
          </p>
          <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800 wrap-anywhere">{t.description}</p>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span className="inline-flex items-center gap-1">
              <User className="h-3.5 w-3.5" aria-hidden="true" />
              {t.creator?.name ?? "Unknown"}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="h-3.5 w-3.5" aria-hidden="true" />
              {formatRelativeTime(t.createdAt, currentTime())}
            </span>
            <span className="inline-flex items-center gap-1">
              <Paperclip className="h-3.5 w-3.5" aria-hidden="true" />
              {t.attachmentCount} {t.attachmentCount === 1 ? "file" : "files"}
            </span>
            {alwaysShowApprovals || t.approvalsRequired > 1 ? <ApprovalProgress received={t.approvalsReceived} required={t.approvalsRequired} /> : null}
            <MissingApprovals t={t} />
          </p>
        </div>
      </div>
      <CustomFieldDetails values={t.customFieldValues} className="mt-3" compact />
      <DuplicateWarning duplicates={t.possibleDuplicates} className="mt-3" />
      {children ? <div className="mt-4 border-t border-slate-100 pt-4">{children}</div> : null}
    </Card>
  );
}
