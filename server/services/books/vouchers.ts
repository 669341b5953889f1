// How a paid transaction is posted in the books (DECISIONS §12), as an accountant keeping them in
// TallyPrime would post it by hand. Pure: transactions, ledger names and the company in, vouchers
// out, every voucher summing to zero in integer paise. The Tally XML and the journal CSV are two
// ways of writing the same vouchers (tally.ts, journal-csv.ts).
import { paiseToString, toPaise } from "../../../shared/money";
import { formatRupees } from "../../../shared/format";
import type { ExportGst, ExportTds, LedgerMap } from "../../db/schema";

/** What a batch keeps of a transaction when it takes it: the vouchers are built from this alone. */
export type ExportItem = {
  /** The transaction's id: each voucher's REMOTEID is made from it. */
  transactionId: string;
  humanReadableId: string;
  /** "B": a bill, money paid out; "R": a receipt, money received. */
  formType: "R" | "B";
  amount: string;
  transactionDate: string;
  paidDate: string;
  paymentMethod: string | null;
  categoryId: string;
  categoryName: string;
  description: string;
  party: { name: string; gstin: string | null } | null;
  /** An expense claim's employee (DECISIONS §15): a claim has no party and reimburses them. */
  claimant?: { name: string } | null;
  gst: ExportGst | null;
  /** The TDS deducted on a bill (DECISIONS §12) and the ledger it is posted to; null when none. */
  tds: ExportTds | null;
};

/** What a ledger is, so the masters file can put it under the right group. */
export type LedgerKind = "party" | "employee" | "expense" | "income" | "cash" | "bank" | "card" | "tax-cgst" | "tax-sgst" | "tax-igst" | "tds" | "round-off";

export type LedgerLine = {
  ledger: string;
  kind: LedgerKind;
  /** Positive: a debit; negative: a credit. */
  paise: bigint;
  isParty: boolean;
  hsnSac: string | null;
  rate: string | null;
};

export type VoucherType = "Journal" | "Payment" | "Receipt";

export type Voucher = {
  type: VoucherType;
  /**
   * Stable for this transaction and kind of voucher ("<transaction id>-payment"): TallyPrime alters
   * the voucher it already holds under this REMOTEID instead of adding a second one, so a batch
   * imported twice, or exported again after a void, never doubles (docs/exports.md).
   */
  remoteId: string;
  /** YYYY-MM-DD, a calendar day in the app's time zone. */
  date: string;
  number: string;
  narration: string;
  party: { name: string; gstin: string | null } | null;
  lines: LedgerLine[];
};

export const DEFAULT_TAX_LEDGERS = {
  inputCgst: "Input CGST",
  inputSgst: "Input SGST",
  inputIgst: "Input IGST",
  outputCgstRcm: "Output CGST (RCM)",
  outputSgstRcm: "Output SGST (RCM)",
  outputIgstRcm: "Output IGST (RCM)",
  roundOff: "Round Off",
} as const;

/**
 * The ledger a payment method posts to until renamed: the method's name, except the spec's "Check",
 * whose ledger is the "Cheque" an Indian accountant keeps (the method itself keeps its name in the
 * API and on screens). Tally's own cash ledger is called "Cash".
 */
export function defaultPaymentLedger(method: string): string {
  return method === "Check" ? "Cheque" : method;
}

export function paymentLedgerKind(method: string | null): LedgerKind {
  if (method === "Cash") return "cash";
  if (method === "Credit Card") return "card";
  return "bank";
}

/** The payment method's ledger; a transaction paid without a method named goes to the "Other" ledger. */
function paymentLedger(map: LedgerMap, method: string | null): string {
  const key = method ?? "Other";
  return map.paymentMethods[key] ?? defaultPaymentLedger(key);
}

function categoryLedger(map: LedgerMap, item: ExportItem): string {
  return map.categories[item.categoryId] ?? item.categoryName;
}

/**
 * Whether the category's ledger is an income or an expense ledger: as the batch decided it from the
 * form types the category's transactions use, else (a batch from before) by this transaction alone.
 */
function categoryKind(map: LedgerMap, item: ExportItem): "income" | "expense" {
  return map.categoryKinds?.[item.categoryId] ?? (item.formType === "R" ? "income" : "expense");
}

function line(ledger: string, kind: LedgerKind, paise: bigint, extra: Partial<Pick<LedgerLine, "isParty" | "hsnSac" | "rate">> = {}): LedgerLine {
  return { ledger, kind, paise, isParty: extra.isParty ?? false, hsnSac: extra.hsnSac ?? null, rate: extra.rate ?? null };
}

/**
 * The debit side of a bill: the category's ledger with each GST line's taxable value, the input
 * tax ledgers with their tax (into the expense itself when no input tax credit is taken), the
 * reverse-charge output ledgers credited with the tax the company owes, and the round-off that
 * makes the lines meet the amount paid. Without GST the category's ledger takes the whole amount.
 */
function billLines(item: ExportItem, map: LedgerMap): LedgerLine[] {
  const expense = categoryLedger(map, item);
  const kind = categoryKind(map, item);
  const amount = toPaise(item.amount);
  const gst = item.gst;
  if (!gst || gst.lines.length === 0) return [line(expense, kind, amount)];
  const lines: LedgerLine[] = [];
  let posted = 0n;
  for (const g of gst.lines) {
    const tags = { hsnSac: g.hsnSac, rate: String(g.rate) };
    const taxes: [bigint, string, LedgerKind, string][] = [
      [toPaise(g.cgst), map.inputCgst, "tax-cgst", map.outputCgstRcm],
      [toPaise(g.sgst), map.inputSgst, "tax-sgst", map.outputSgstRcm],
      [toPaise(g.igst), map.inputIgst, "tax-igst", map.outputIgstRcm],
    ];
    const taxTotal = taxes.reduce((s, [p]) => s + p, 0n);
    const taxable = toPaise(g.taxableValue);
    // Without input tax credit the tax is part of what the purchase cost.
    const expensePaise = gst.itcEligible ? taxable : taxable + taxTotal;
    lines.push(line(expense, kind, expensePaise, tags));
    posted += taxable;
    for (const [paise, input, kind, rcmOutput] of taxes) {
      if (paise === 0n) continue;
      if (gst.itcEligible) lines.push(line(input, kind, paise, tags));
      if (gst.reverseCharge) lines.push(line(rcmOutput, kind, -paise, tags));
      else posted += paise;
    }
  }
  const roundOff = amount - posted;
  if (roundOff !== 0n) lines.push(line(map.roundOff, "round-off", roundOff));
  return lines;
}

function narration(item: ExportItem): string {
  const parts = [item.description];
  if (item.party) parts.push(`Party: ${item.party.name}${item.party.gstin ? ` (GSTIN ${item.party.gstin})` : ""}`);
  if (item.claimant) parts.push(`Expense claim of ${item.claimant.name}`);
  if (item.gst) parts.push(`Invoice ${item.gst.invoiceNumber} of ${item.gst.invoiceDate}${item.gst.reverseCharge ? ", reverse charge" : ""}`);
  if (item.tds && toPaise(item.tds.amount) > 0n) parts.push(`TDS ${formatRupees(item.tds.amount)} under ${item.tds.legacySection}`);
  parts.push(item.humanReadableId);
  return parts.join(" · ");
}

/**
 * The vouchers of one paid transaction:
 * - a bill naming a party: a Journal on the invoice date (or the transaction date) crediting the
 *   party, then a Payment on the paid date debiting the party; with TDS, the Journal credits the
 *   party with the amount less the TDS and the nature's TDS ledger with the TDS, and the Payment
 *   pays the party that net;
 * - a bill without a party: one Payment, the expense and taxes debited, the payment method credited;
 * - an expense claim (DECISIONS §15): one Payment to the employee's own ledger (named after them,
 *   under Sundry Creditors): the expense debited and the employee credited with what they spent,
 *   the employee debited with the reimbursement and the payment method credited, so the employee's
 *   ledger shows the claim and its settlement and ends at nil;
 * - a receipt: one Receipt, the payment method debited and the category's (income) ledger credited.
 */
export function vouchersOf(item: ExportItem, map: LedgerMap): Voucher[] {
  const amount = toPaise(item.amount);
  const paidFrom = paymentLedger(map, item.paymentMethod);
  const paidKind = paymentLedgerKind(item.paymentMethod);
  const text = narration(item);
  const base = { number: item.humanReadableId, narration: text, party: item.party };
  const voucher = (type: VoucherType, date: string, lines: LedgerLine[]): Voucher => ({ ...base, type, remoteId: remoteIdOf(item, type), date, lines });
  if (item.formType === "R") {
    return [voucher("Receipt", item.paidDate, [line(paidFrom, paidKind, amount), line(categoryLedger(map, item), categoryKind(map, item), -amount)])];
  }
  const debits = billLines(item, map);
  // The TDS stays with the company until it pays it to the government: the party is owed the rest.
  const tds = item.tds ? toPaise(item.tds.amount) : 0n;
  const tdsLines = tds > 0n ? [line(item.tds!.ledgerName, "tds", -tds)] : [];
  const net = amount - tds;
  if (!item.party && item.claimant) {
    const employee = (paise: bigint) => line(item.claimant!.name, "employee", paise, { isParty: true });
    return [
      {
        ...voucher("Payment", item.paidDate, [...debits, ...tdsLines, employee(-net), employee(net), line(paidFrom, paidKind, -net)]),
        party: { name: item.claimant.name, gstin: null },
      },
    ];
  }
  if (!item.party) {
    return [voucher("Payment", item.paidDate, [...debits, ...tdsLines, line(paidFrom, paidKind, -net)])];
  }
  const partyLine = (paise: bigint) => line(item.party!.name, "party", paise, { isParty: true });
  return [
    voucher("Journal", item.gst?.invoiceDate ?? item.transactionDate, [...debits, partyLine(-net), ...tdsLines]),
    voucher("Payment", item.paidDate, [partyLine(net), line(paidFrom, paidKind, -net)]),
  ];
}

/** "<transaction id>-journal": a voucher's REMOTEID, the same in every batch that holds the transaction. */
function remoteIdOf(item: Pick<ExportItem, "transactionId">, type: VoucherType): string {
  return `${item.transactionId}-${type.toLowerCase()}`;
}

/** The sum of a voucher's lines in paise: zero for every voucher this module builds. */
export function voucherBalance(v: Pick<Voucher, "lines">): bigint {
  return v.lines.reduce((s, l) => s + l.paise, 0n);
}

/**
 * The lines Tally is given: one per ledger and side, in the order the ledgers first appear, so a
 * ledger repeated over several GST lines is one entry. Debits and credits of one ledger are not
 * netted (an input and its reverse-charge output are different ledgers anyway).
 */
export function mergedLines(v: Pick<Voucher, "lines">): LedgerLine[] {
  const out: LedgerLine[] = [];
  const at = new Map<string, number>();
  for (const l of v.lines) {
    const key = `${l.paise > 0n ? "Dr" : "Cr"}\u241f${l.ledger}`;
    const i = at.get(key);
    if (i === undefined) {
      at.set(key, out.length);
      out.push({ ...l });
    } else {
      const merged = out[i]!;
      merged.paise += l.paise;
      if (merged.hsnSac !== l.hsnSac) merged.hsnSac = null;
      if (merged.rate !== l.rate) merged.rate = null;
    }
  }
  return out.filter((l) => l.paise !== 0n);
}

/** "1234.50" of paise, always positive (the side is said elsewhere). */
export function rupees(paise: bigint): string {
  return paiseToString(paise < 0n ? -paise : paise);
}
