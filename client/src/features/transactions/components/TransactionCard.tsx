// The transaction list item (spec 000 §2 'Transaction card'): clickable; id, Form badge, Emergency
// and Previously Rejected badges, description, category, optional creator ('by' + name), relative
// time, attachment count, approvals received/required when Pending with more than one required,
// amount, status badge and, for Approved, Paid or Unpaid.
import { currentTime } from "@/lib/clock";
import { Building2, Clock, Paperclip, User } from "lucide-react";
import type { Transaction } from "@shared/schemas/transactions";
import { formatDate, formatRelativeTime, formatRupees } from "@shared/format";
import { cn } from "@/lib/utils";
import { ApprovalProgress, OverdueBadge, PaidBadge, StatusBadge, TransactionFlags, showsApprovalProgress } from "./badges";
import { isOverdue } from "../rules";
import { deductsTds, payWords } from "@shared/tds";

export type TransactionCardProps = {
  transaction: Transaction;
  onOpen: (transaction: Transaction) => void;
  /** Show 'by <creator name>' (left out on the Accountant's own lists). */
  showCreator?: boolean;
  /** 'relative' (default): '3 hours ago' from createdAt; 'date': the transaction date. */
  time?: "relative" | "date";
  /** Show received/required on every Pending row (My Transactions), not only when more than 1 is required. */
  alwaysShowApprovals?: boolean;
  className?: string;
};

export function TransactionCard({
  transaction: t,
  onOpen,
  showCreator = false,
  time = "relative",
  alwaysShowApprovals = false,
  className,
}: TransactionCardProps) {
  return (
    <button
      type="button"
      onClick={() => onOpen(t)}
      className={cn(
        "group block w-full rounded-lg border border-slate-200 bg-white p-4 text-left transition",
        "hover:border-brand-300 hover:bg-slate-50/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        // Emergency rows carry a red edge without shifting their content.
        t.isPriority ? "shadow-[inset_4px_0_0_0_#ef4444]" : "shadow-sm",
        className,
      )}
    >
      {/* The id and the amount share the top line; below, the words take the whole width (on a phone the
          status comes under them, beside them from 640 px), so long names never squeeze into a sliver. */}
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-1.5">
          <span className="whitespace-nowrap font-mono text-sm font-semibold text-slate-900">{t.humanReadableId}</span>
          <TransactionFlags transaction={t} />
        </div>
        <span className="shrink-0 text-base font-semibold tabular-nums text-slate-900">{formatRupees(t.amount)}</span>
      </div>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm text-slate-800 wrap-anywhere">{t.description}</p>
          {deductsTds(t.tds) ? <p className="mt-1 text-xs font-medium text-brand-800">{payWords(t.amount, t.tds, t.isPaid ? "Paid" : "Pay")}</p> : null}
          <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span className="min-w-0 font-medium text-slate-700 wrap-anywhere">{t.category?.name}</span>
            {t.party ? (
              <span className="inline-flex min-w-0 items-start gap-1" data-testid="party-name">
                <Building2 className="mt-px h-3 w-3 shrink-0" aria-hidden="true" />
                <span className="min-w-0 wrap-anywhere">{t.party.name}</span>
              </span>
            ) : null}
            {showCreator && t.creator?.name ? (
              <span className="inline-flex min-w-0 items-center gap-1 wrap-anywhere">
                <User className="h-3 w-3 shrink-0" aria-hidden="true" />
                by {t.creator.name}
              </span>
            ) : null}
            <span className="inline-flex items-center gap-1">
              <Clock className="h-3 w-3" aria-hidden="true" />
              {time === "date" ? formatDate(t.transactionDate) : formatRelativeTime(t.createdAt, currentTime())}
            </span>
            {t.attachmentCount > 0 ? (
              <span className="inline-flex items-center gap-1">
                <Paperclip className="h-3 w-3" aria-hidden="true" />
                {t.attachmentCount} {t.attachmentCount === 1 ? "file" : "files"}
              </span>
            ) : null}
            {showsApprovalProgress(t) || (alwaysShowApprovals && t.status === "Pending") ? (
              <ApprovalProgress received={t.approvalsReceived} required={t.approvalsRequired} />
            ) : null}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-1 sm:justify-end">
          <StatusBadge status={t.status} formType={t.formType} />
          {t.status === "Approved" ? <PaidBadge isPaid={t.isPaid} formType={t.formType} /> : null}
          {isOverdue(t) ? <OverdueBadge /> : null}
        </div>
      </div>
    </button>
  );
}
