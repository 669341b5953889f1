// Bulk approve asks first (DECISIONS §16): how many and how much in all, each one it will approve
// (and on whose authority, when a delegator's), and each one on the page it leaves out with the
// server's reason (approveRefusal: a limit, the SuperAdmin's place, one's own transaction), so
// nothing is skipped silently and one tap never approves many.
import { AlertTriangle, CheckCheck } from "lucide-react";
import { formatRupees } from "@shared/format";
import { sumMoney } from "@shared/money";
import type { PendingItem } from "@/features/transactions";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { PHONE_SHEET } from "@/features/transactions";

/** "Approve 34 transactions, ₹12,45,300.00 in all?" */
export function bulkApproveQuestion(chosen: readonly Pick<PendingItem, "amount">[]): string {
  const n = chosen.length;
  return `Approve ${n} transaction${n === 1 ? "" : "s"}, ${formatRupees(sumMoney(chosen.map((t) => t.amount)))} in all?`;
}

/** "Left out 3: Above your approval limit of ₹2,00,000.00 (2); You cannot approve your own transaction (1)" */
export function leftOutSummary(leftOut: readonly Pick<PendingItem, "approveRefusal">[]): string {
  const counts = new Map<string, number>();
  for (const t of leftOut) counts.set(t.approveRefusal ?? "", (counts.get(t.approveRefusal ?? "") ?? 0) + 1);
  return `Left out ${leftOut.length}: ${[...counts].map(([reason, n]) => `${reason} (${n})`).join("; ")}`;
}

function Row({ t, note, tone }: { t: PendingItem; note: string | null; tone: "go" | "skip" }) {
  return (
    <li className="flex items-start gap-3 px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-mono font-semibold text-slate-900">{t.humanReadableId}</span> <span className="text-slate-700">{t.category?.name}</span>
        </p>
        {t.party ? <p className="text-xs text-slate-600 wrap-anywhere">{t.party.name}</p> : null}
        {note ? <p className={tone === "skip" ? "text-xs font-medium text-amber-800" : "text-xs font-medium text-sky-800"}>{note}</p> : null}
      </div>
      <p className="shrink-0 text-sm font-semibold tabular-nums text-slate-900">{formatRupees(t.amount)}</p>
    </li>
  );
}

export function BulkApproveConfirm({
  chosen,
  leftOut,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  /** The selected transactions the server offers approve for. */
  chosen: readonly PendingItem[];
  /** The page's others still awaiting this user, each with the server's reason it cannot be approved. */
  leftOut: readonly PendingItem[];
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const n = chosen.length;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={bulkApproveQuestion(chosen)}
        description="Each is approved as if you approved it on its own: one that needs more approvals stays Pending."
        className={PHONE_SHEET}
        footer={
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button className="bg-green-700 hover:bg-green-800" onClick={onConfirm} disabled={pending || n === 0}>
              <CheckCheck className="h-4 w-4" aria-hidden="true" />
              {pending ? "Approving..." : `Approve ${n}`}
            </Button>
          </>
        }
      >
        <div className="grid gap-4">
          <section aria-labelledby="bulk-chosen">
            <h3 id="bulk-chosen" className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
              To approve ({n})
            </h3>
            <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200" aria-label="To approve">
              {chosen.map((t) => (
                <Row key={t.id} t={t} tone="go" note={t.approveOnBehalfOf ? `For ${t.approveOnBehalfOf.name}: uses the authority delegated to you` : null} />
              ))}
            </ul>
          </section>
          {leftOut.length ? (
            <section aria-labelledby="bulk-left-out" className="rounded-lg border border-amber-200 bg-amber-50/60 p-3">
              <h3 id="bulk-left-out" className="flex items-center gap-2 text-sm font-semibold text-amber-900">
                <AlertTriangle className="h-4 w-4" aria-hidden="true" />
                Left out ({leftOut.length}): you cannot approve these
              </h3>
              <ul className="mt-1 divide-y divide-amber-100" aria-label="Left out">
                {leftOut.map((t) => (
                  <Row key={t.id} t={t} tone="skip" note={t.approveRefusal} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
