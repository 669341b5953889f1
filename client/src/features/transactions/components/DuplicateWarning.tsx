// 'Possible duplicate' warning (DECISIONS §4): names what matched (the same attachment file, or the
// same category, amount and date) and links each earlier transaction.
import { Link } from "wouter";
import { STATUS_LABELS } from "@shared/constants";
import type { PossibleDuplicate } from "@shared/schemas/transaction-tools";
import { Alert } from "@/components/ui/alert";
import { PATHS } from "@/app/paths";

const MATCH_TEXT: Record<PossibleDuplicate["matchedBy"], string> = {
  attachment: "the same attachment file",
  details: "the same category, amount and date",
};

/** Where an earlier transaction can be read: All Transactions, searched by its id. */
export const duplicateHref = (d: Pick<PossibleDuplicate, "humanReadableId">) => `${PATHS.transactions}?search=${encodeURIComponent(d.humanReadableId)}`;

export function DuplicateWarning({ duplicates, className }: { duplicates: PossibleDuplicate[] | null | undefined; className?: string }) {
  if (!duplicates || duplicates.length === 0) return null;
  const shown = duplicates.slice(0, 5);
  return (
    <Alert variant="warning" title={duplicates.length === 1 ? "Possible duplicate" : `Possible duplicates (${duplicates.length})`} className={className}>
      <ul className="mt-1 space-y-0.5">
        {shown.map((d) => (
          <li key={d.id} className="break-words">
            <Link href={duplicateHref(d)} className="font-mono font-semibold underline underline-offset-2 hover:text-amber-950">
              {d.humanReadableId}
            </Link>{" "}
            ({STATUS_LABELS[d.status]}) has {MATCH_TEXT[d.matchedBy]}.
          </li>
        ))}
        {duplicates.length > shown.length ? <li>and {duplicates.length - shown.length} more</li> : null}
      </ul>
    </Alert>
  );
}
