// 'Possible duplicate' warning (DECISIONS §4): names what matched (the same attachment file, or the
// same category, amount and date) and links each earlier transaction.
import { Link } from "wouter";
import { STATUS_LABELS } from "@shared/constants";
import type { PossibleDuplicate } from "@shared/schemas/transaction-tools";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PATHS } from "@/lib/paths";

const MATCH_TEXT: Record<PossibleDuplicate["matchedBy"], string> = {
  attachment: "the same attachment file",
  details: "the same category, amount and date",
};

/** Where an earlier transaction can be read: All Transactions, searched by its id. */
export const duplicateHref = (d: Pick<PossibleDuplicate, "humanReadableId">) => `${PATHS.transactions}?search=${encodeURIComponent(d.humanReadableId)}`;

function DuplicateList({ duplicates }: { duplicates: PossibleDuplicate[] }) {
  const shown = duplicates.slice(0, 5);
  return (
    <ul className="mt-1 space-y-0.5">
      {shown.map((d) => (
        <li key={d.id} className="wrap-anywhere">
          <Link href={duplicateHref(d)} className="font-mono font-semibold underline underline-offset-2 hover:text-amber-950">
            {d.humanReadableId}
          </Link>{" "}
          ({STATUS_LABELS[d.status]}) has {MATCH_TEXT[d.matchedBy]}.
        </li>
      ))}
      {duplicates.length > shown.length ? <li>and {duplicates.length - shown.length} more</li> : null}
    </ul>
  );
}

export function DuplicateWarning({ duplicates, className }: { duplicates: PossibleDuplicate[] | null | undefined; className?: string }) {
  if (!duplicates || duplicates.length === 0) return null;
  return (
    <Alert variant="warning" title={duplicates.length === 1 ? "Possible duplicate" : `Possible duplicates (${duplicates.length})`} className={className}>
      <DuplicateList duplicates={duplicates} />
    </Alert>
  );
}

/**
 * Submitting a transaction that has a possible duplicate asks first (DECISIONS §4), naming each
 * match and linking the earlier transaction; 'Submit anyway' goes on, Cancel leaves it unsubmitted.
 */
export function DuplicateSubmitConfirm({
  duplicates,
  onConfirm,
  onCancel,
  pending,
}: {
  duplicates: PossibleDuplicate[] | null;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
}) {
  return (
    <ConfirmDialog
      open={Boolean(duplicates?.length)}
      onOpenChange={(open) => !open && onCancel()}
      title="Submit a possible duplicate?"
      description="It has not been submitted yet. Check the earlier transaction before you send this one for approval."
      confirmLabel="Submit anyway"
      pending={pending}
      onConfirm={onConfirm}
    >
      <div className="text-sm text-slate-800">
        <DuplicateList duplicates={duplicates ?? []} />
      </div>
    </ConfirmDialog>
  );
}
