// The TallyPrime XML import files (DECISIONS §12; Tally's developer reference, "Understanding
// Integration – Transactions" and "– Accounting Masters"): vouchers, and the masters that create
// the ledgers they name. Written with xmlbuilder2's callback builder, which hands out the text as
// each element is finished, so a batch of any size streams with flat memory and every name is
// escaped by the library, never by hand.
import { createCB } from "xmlbuilder2";
import type { XMLBuilderCB } from "xmlbuilder2/lib/interfaces";
import { type LedgerKind, mergedLines, rupees, type Voucher } from "./vouchers";

const OBJVIEW = "Accounting Voucher View";

/** Tally's predefined group for each kind of ledger. */
export const LEDGER_GROUPS: Record<LedgerKind, string> = {
  party: "Sundry Creditors",
  expense: "Indirect Expenses",
  income: "Indirect Incomes",
  cash: "Cash-in-Hand",
  bank: "Bank Accounts",
  card: "Bank OD A/c",
  "tax-cgst": "Duties & Taxes",
  "tax-sgst": "Duties & Taxes",
  "tax-igst": "Duties & Taxes",
  "round-off": "Indirect Expenses",
};

const DUTY_HEADS: Partial<Record<LedgerKind, string>> = { "tax-cgst": "Central Tax", "tax-sgst": "State Tax", "tax-igst": "Integrated Tax" };

/** 20261127 of 2026-11-27: Tally's date. The day is already the app time zone's calendar day. */
export function tallyDate(day: string): string {
  return day.replaceAll("-", "");
}

/** A builder whose output is gathered until `take()`: what has been written so far, once. */
function gatheringBuilder(): { xml: XMLBuilderCB; take: () => string } {
  let pending: string[] = [];
  const xml = createCB({ data: (chunk: string) => void pending.push(chunk), prettyPrint: true, indent: " " });
  return {
    xml,
    take: () => {
      const text = pending.join("");
      pending = [];
      return text;
    },
  };
}

function openEnvelope(xml: XMLBuilderCB, reportName: string, company: string): void {
  xml.dec({ version: "1.0", encoding: "UTF-8" });
  xml.ele("ENVELOPE").ele("HEADER").ele("TALLYREQUEST").txt("Import Data").up().up();
  xml.ele("BODY").ele("IMPORTDATA");
  xml.ele("REQUESTDESC").ele("REPORTNAME").txt(reportName).up();
  // Without a legal name set (/admin/company) Tally imports into the company it has open.
  if (company) xml.ele("STATICVARIABLES").ele("SVCURRENTCOMPANY").txt(company).up().up();
  xml.up();
  xml.ele("REQUESTDATA");
}

function closeEnvelope(xml: XMLBuilderCB): void {
  xml.up().up().up().up().end();
}

/** One voucher in a TALLYMESSAGE of its own, as Tally exports them. */
function writeVoucher(xml: XMLBuilderCB, v: Voucher): void {
  xml.ele("TALLYMESSAGE", { "xmlns:UDF": "TallyUDF" });
  xml.ele("VOUCHER", { VCHTYPE: v.type, ACTION: "Create", OBJVIEW });
  xml.ele("DATE").txt(tallyDate(v.date)).up();
  xml.ele("VOUCHERTYPENAME").txt(v.type).up();
  xml.ele("VOUCHERNUMBER").txt(v.number).up();
  if (v.party) xml.ele("PARTYLEDGERNAME").txt(v.party.name).up();
  xml.ele("PERSISTEDVIEW").txt(OBJVIEW).up();
  xml.ele("NARRATION").txt(v.narration).up();
  for (const l of mergedLines(v)) {
    const debit = l.paise > 0n;
    xml.ele("ALLLEDGERENTRIES.LIST");
    xml.ele("LEDGERNAME").txt(l.ledger).up();
    // Tally's sign convention: a debit is "deemed positive" and carries a negative amount.
    xml.ele("ISDEEMEDPOSITIVE").txt(debit ? "Yes" : "No").up();
    xml.ele("ISPARTYLEDGER").txt(l.isParty ? "Yes" : "No").up();
    xml.ele("AMOUNT").txt(debit ? `-${rupees(l.paise)}` : rupees(l.paise)).up();
    xml.up();
  }
  xml.up().up();
}

/**
 * The vouchers import file, a piece at a time: the envelope, then each voucher as `vouchers`
 * gives it, then the envelope's end. Nothing is kept but the piece being written.
 */
export async function* tallyVouchersXml(company: string, vouchers: AsyncIterable<Voucher> | Iterable<Voucher>): AsyncGenerator<string, void, undefined> {
  const { xml, take } = gatheringBuilder();
  openEnvelope(xml, "Vouchers", company);
  let piece = take();
  let n = 0;
  for await (const v of vouchers) {
    writeVoucher(xml, v);
    piece += take();
    // Pieces of a few hundred vouchers: not a write per voucher, not the whole file at once.
    if (++n % 200 === 0) {
      yield piece;
      piece = "";
    }
  }
  closeEnvelope(xml);
  piece += take();
  yield piece;
}

export type MasterLedger = { name: string; kind: LedgerKind; gstin: string | null };

/** The masters import file: each ledger the vouchers name, under its group. */
export function tallyMastersXml(company: string, ledgers: readonly MasterLedger[]): string {
  const { xml, take } = gatheringBuilder();
  openEnvelope(xml, "All Masters", company);
  for (const l of ledgers) {
    xml.ele("TALLYMESSAGE", { "xmlns:UDF": "TallyUDF" });
    xml.ele("LEDGER", { NAME: l.name, ACTION: "Create" });
    xml.ele("NAME").txt(l.name).up();
    xml.ele("PARENT").txt(LEDGER_GROUPS[l.kind]).up();
    const head = DUTY_HEADS[l.kind];
    if (head) xml.ele("TAXTYPE").txt("GST").up().ele("GSTDUTYHEAD").txt(head).up();
    if (l.kind === "round-off") xml.ele("ROUNDINGMETHOD").txt("Normal Rounding").up();
    if (l.kind === "party" && l.gstin) xml.ele("PARTYGSTIN").txt(l.gstin).up().ele("GSTREGISTRATIONTYPE").txt("Regular").up();
    xml.up().up();
  }
  closeEnvelope(xml);
  return take();
}

/** The ledgers a set of vouchers names, each once (the first kind seen wins), sorted by group and name. */
export function ledgersNamed(vouchers: Iterable<Voucher>, into: Map<string, MasterLedger> = new Map()): Map<string, MasterLedger> {
  for (const v of vouchers) {
    for (const l of v.lines) {
      if (into.has(l.ledger)) continue;
      into.set(l.ledger, { name: l.ledger, kind: l.kind, gstin: l.kind === "party" ? (v.party?.gstin ?? null) : null });
    }
  }
  return into;
}

export function sortedMasters(ledgers: Map<string, MasterLedger>): MasterLedger[] {
  return [...ledgers.values()].sort((a, b) => LEDGER_GROUPS[a.kind].localeCompare(LEDGER_GROUPS[b.kind]) || a.name.localeCompare(b.name));
}
