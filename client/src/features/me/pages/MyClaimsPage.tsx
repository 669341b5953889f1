// My Claims (/me/claims, DECISIONS §15): an Employee login's expense claims with their status and
// what was paid back; "New claim" files one with the transaction form in its claims mode; a claim
// opens in the transaction dialog (its receipts, timeline, and edit, submit or delete of a draft).
// Phone first.
import { Link } from "wouter";
import { Paperclip, Plus } from "lucide-react";
import { formatDate, formatRupees } from "@shared/format";
import { Alert, Card, CenteredSpinner, EmptyState, buttonVariants } from "@/components/ui";
import { errorMessage, errorStatus } from "@/lib/api";
import { PATHS } from "@/lib/paths";
import { useLinkedTransaction } from "@/lib/linked-transaction";
import { OPEN_PARAM } from "@shared/deep-links";
import { StatusBadge, TransactionDetailsDialog } from "@/features/transactions";
import { useMyClaims } from "../api";

export default function MyClaimsPage() {
  const claims = useMyClaims();
  // A push, an email or the bell opens a claim here by ?open=<id> (DECISIONS §14).
  const [open, setOpen] = useLinkedTransaction(OPEN_PARAM);

  if (claims.isLoading) return <CenteredSpinner label="Loading your claims" />;
  if (claims.isError || !claims.data)
    return <Alert variant={errorStatus(claims.error) === 404 ? "info" : "destructive"}>{errorMessage(claims.error, "Could not load your claims")}</Alert>;
  const list = claims.data.claims;

  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
        <p className="min-w-0 text-sm text-slate-600">Spent money for work? Attach the receipt and you are paid back once it is approved.</p>
        <Link href={PATHS.meClaimNew} className={buttonVariants({})}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          New claim
        </Link>
      </Card>

      <Card className="p-4 sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">My claims</h2>
        {list.length === 0 ? (
          <EmptyState title="No claims yet" description="A claim you file shows here with its status and what was paid." />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="my-claims">
            {list.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => setOpen(c.id)}
                  className="flex w-full flex-col gap-2 py-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">
                      <span className="font-mono">{c.humanReadableId}</span> · {c.category}
                    </p>
                    <p className="truncate text-slate-600" title={c.description}>
                      {c.description}
                    </p>
                    <p className="text-xs text-slate-500">
                      {formatDate(c.transactionDate)}
                      {c.attachmentCount ? (
                        <span className="ml-2 inline-flex items-center gap-0.5">
                          <Paperclip className="h-3 w-3" aria-hidden="true" />
                          {c.attachmentCount} receipt{c.attachmentCount === 1 ? "" : "s"}
                        </span>
                      ) : null}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
                    <span className="text-base font-semibold tabular-nums text-slate-900">{formatRupees(c.amount)}</span>
                    <StatusBadge status={c.status} formType="B" />
                    <span className="text-xs text-slate-600" data-testid="amount-paid">
                      Paid back {formatRupees(c.amountPaid)}
                      {c.paidDate ? ` on ${formatDate(c.paidDate)}` : ""}
                    </span>
                  </div>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <TransactionDetailsDialog transactionId={open} open={open !== null} onOpenChange={(next) => !next && setOpen(null)} />
    </div>
  );
}
