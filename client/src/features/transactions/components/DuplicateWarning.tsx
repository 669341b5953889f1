// 'Possible duplicate' warning: other transactions with the same category, amount and date.
import type { PossibleDuplicate } from "../api";
import { formatDate, formatRupees } from "@shared/format";
import type { TransactionStatus } from "@shared/constants";
import { Alert } from "@/components/ui/alert";
import { statusLabel } from "./badges";

export function DuplicateWarning({ duplicates, className }: { duplicates: PossibleDuplicate[] | null | undefined; className?: string }) {
  if (!duplicates || duplicates.length === 0) return null;
  const shown = duplicates.slice(0, 5);
  return (
    <Alert variant="warning" title={duplicates.length === 1 ? "Possible duplicate" : `Possible duplicates (${duplicates.length})`} className={className}>
      <p>The same category, amount and date already appear on:</p>
      <ul className="mt-1 space-y-0.5">
        {shown.map((d) => (
          <li key={d.id} className="break-words">
            <span className="font-mono font-semibold">{d.humanReadableId}</span>
            {d.amount ? <> · {formatRupees(d.amount)}</> : null}
            {d.transactionDate ? <> · {formatDate(d.transactionDate)}</> : null}
            {d.status ? <> · {statusLabel(d.status as TransactionStatus)}</> : null}
            {d.creator?.name ? <> · by {d.creator.name}</> : null}
          </li>
        ))}
        {duplicates.length > shown.length ? <li>and {duplicates.length - shown.length} more</li> : null}
      </ul>
    </Alert>
  );
}
