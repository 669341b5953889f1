// The journal CSV (DECISIONS §12): one row per ledger line of every voucher, for a ledger that
// imports a plain journal. Cells go through lib/csv, so a name starting a formula is neutralised
// as in the transactions export (DECISIONS §4).
import type { CsvValue } from "../../lib/csv";
import { rupees, type Voucher } from "./vouchers";

export const JOURNAL_HEADER = ["date", "voucher", "ledger", "debit", "credit", "narration", "party", "gstin", "hsnSac", "rate"] as const;

/** The rows of one voucher; "voucher" is its type and number ("Journal TXN-000123"). */
export function journalRows(v: Voucher): CsvValue[][] {
  return v.lines.map((l) => [
    v.date,
    `${v.type} ${v.number}`,
    l.ledger,
    l.paise > 0n ? rupees(l.paise) : "",
    l.paise < 0n ? rupees(l.paise) : "",
    v.narration,
    v.party?.name ?? "",
    v.party?.gstin ?? "",
    l.hsnSac ?? "",
    l.rate ?? "",
  ]);
}
