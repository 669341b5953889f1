// The TallyPrime XML import files (DECISIONS §12; Tally's developer reference, "Understanding
// Integration – Transactions" and "– Accounting Masters"): vouchers, and the masters that create
// the ledgers they name. Written with fast-xml-parser's XMLBuilder from plain objects, a few hundred
// vouchers at a time, so a batch of any size streams with flat memory and every name is escaped by
// the library, never by hand.
import { XMLBuilder, type XmlBuilderOptions } from "fast-xml-parser";
import { type LedgerKind, mergedLines, rupees, type Voucher } from "./vouchers";

const OBJVIEW = "Accounting Voucher View";

/** Tally's predefined group for each kind of ledger. */
export const LEDGER_GROUPS: Record<LedgerKind, string> = {
  party: "Sundry Creditors",
  // An employee reimbursed for an expense claim (DECISIONS §15) is owed money like a supplier.
  employee: "Sundry Creditors",
  expense: "Indirect Expenses",
  income: "Indirect Incomes",
  cash: "Cash-in-Hand",
  bank: "Bank Accounts",
  card: "Bank OD A/c",
  "tax-cgst": "Duties & Taxes",
  "tax-sgst": "Duties & Taxes",
  "tax-igst": "Duties & Taxes",
  // TDS deducted and owed to the government until the challan pays it.
  tds: "Duties & Taxes",
  "round-off": "Indirect Expenses",
};

const DUTY_HEADS: Partial<Record<LedgerKind, string>> = { "tax-cgst": "Central Tax", "tax-sgst": "State Tax", "tax-igst": "Integrated Tax" };

/** 20261127 of 2026-11-27: Tally's date. The day is already the app time zone's calendar day. */
export function tallyDate(day: string): string {
  return day.replaceAll("-", "");
}

/** An element as XMLBuilder reads it: `@NAME` an attribute, any other key a child; undefined leaves it out. */
type Element = { [key: string]: string | Element | Element[] | undefined };

const options: XmlBuilderOptions & { entities: { regex: RegExp; val: string }[] } = {
  format: true,
  indentBy: " ",
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  // A ledger named "true" keeps its NAME="true".
  suppressBooleanAttributes: false,
  // Text needs only &, < and > escaped: quotes stay as typed (the golden file pins it). Attribute
  // values also get " and ' escaped by the library. `entities` is the builder's own option (its
  // default adds the quotes) though its typings leave it out; the golden file fails if it goes.
  entities: [
    { regex: /&/g, val: "&amp;" },
    { regex: />/g, val: "&gt;" },
    { regex: /</g, val: "&lt;" },
  ],
};
const xmlBuilder = new XMLBuilder(options);

const SLOT = "TALLYMESSAGES";

/**
 * The envelope around the messages, split where they go: the head up to REQUESTDATA's start tag,
 * the tail from its end tag. A name in the head cannot look like the slot: its < is escaped.
 */
function envelope(reportName: string, company: string): { head: string; tail: string } {
  const xml: string = xmlBuilder.build({
    "?xml": { "@version": "1.0", "@encoding": "UTF-8" },
    ENVELOPE: {
      HEADER: { TALLYREQUEST: "Import Data" },
      BODY: {
        IMPORTDATA: {
          REQUESTDESC: {
            REPORTNAME: reportName,
            // Without a legal name set (/admin/company) Tally imports into the company it has open.
            STATICVARIABLES: company ? { SVCURRENTCOMPANY: company } : undefined,
          },
          REQUESTDATA: { [SLOT]: "" },
        },
      },
    },
  });
  const [head, tail] = xml.split(`    <${SLOT}></${SLOT}>\n`) as [string, string];
  // The file ends at </ENVELOPE>, without a newline.
  return { head, tail: tail.trimEnd() };
}

const MESSAGES_OPEN = "<ENVELOPE>\n <BODY>\n  <IMPORTDATA>\n   <REQUESTDATA>\n";
const MESSAGES_CLOSE = "   </REQUESTDATA>\n  </IMPORTDATA>\n </BODY>\n</ENVELOPE>\n";

/** TALLYMESSAGEs indented as they sit in the envelope: built inside its elements, which are then cut off. */
function messages(bodies: Element[]): string {
  if (bodies.length === 0) return "";
  const tallyMessages = bodies.map((body) => ({ "@xmlns:UDF": "TallyUDF", ...body }));
  const xml: string = xmlBuilder.build({ ENVELOPE: { BODY: { IMPORTDATA: { REQUESTDATA: { TALLYMESSAGE: tallyMessages } } } } });
  return xml.slice(MESSAGES_OPEN.length, -MESSAGES_CLOSE.length);
}

/** One voucher, for a TALLYMESSAGE of its own as Tally exports them. */
function voucherMessage(v: Voucher): Element {
  return {
    VOUCHER: {
      // Known to TallyPrime by this id: importing it again alters that voucher, and a voucher not yet
      // there is created, so "Create" is right for both (docs/exports.md).
      "@REMOTEID": v.remoteId,
      "@VCHTYPE": v.type,
      "@ACTION": "Create",
      "@OBJVIEW": OBJVIEW,
      DATE: tallyDate(v.date),
      VOUCHERTYPENAME: v.type,
      VOUCHERNUMBER: v.number,
      PARTYLEDGERNAME: v.party?.name,
      PERSISTEDVIEW: OBJVIEW,
      NARRATION: v.narration,
      "ALLLEDGERENTRIES.LIST": mergedLines(v).map((l) => {
        const debit = l.paise > 0n;
        return {
          LEDGERNAME: l.ledger,
          // Tally's sign convention: a debit is "deemed positive" and carries a negative amount.
          ISDEEMEDPOSITIVE: debit ? "Yes" : "No",
          ISPARTYLEDGER: l.isParty ? "Yes" : "No",
          AMOUNT: debit ? `-${rupees(l.paise)}` : rupees(l.paise),
        };
      }),
    },
  };
}

/** Vouchers per piece: not a write per voucher, not the whole file at once. */
const PIECE = 200;

/**
 * The vouchers import file, a piece at a time: the envelope's head, then the vouchers as
 * `vouchers` gives them, then the envelope's end. Nothing is kept but the piece being written.
 */
export async function* tallyVouchersXml(company: string, vouchers: AsyncIterable<Voucher> | Iterable<Voucher>): AsyncGenerator<string, void, undefined> {
  const { head, tail } = envelope("Vouchers", company);
  let piece = head;
  let pending: Element[] = [];
  for await (const v of vouchers) {
    pending.push(voucherMessage(v));
    if (pending.length === PIECE) {
      yield piece + messages(pending);
      piece = "";
      pending = [];
    }
  }
  yield piece + messages(pending) + tail;
}

export type MasterLedger = { name: string; kind: LedgerKind; gstin: string | null };

/** The masters import file: each ledger the vouchers name, under its group. */
export function tallyMastersXml(company: string, ledgers: readonly MasterLedger[]): string {
  const { head, tail } = envelope("All Masters", company);
  const bodies = ledgers.map((l): Element => {
    const dutyHead = DUTY_HEADS[l.kind];
    const gstin = l.kind === "party" && l.gstin ? l.gstin : undefined;
    return {
      LEDGER: {
        "@NAME": l.name,
        "@ACTION": "Create",
        NAME: l.name,
        PARENT: LEDGER_GROUPS[l.kind],
        TAXTYPE: dutyHead ? "GST" : undefined,
        GSTDUTYHEAD: dutyHead,
        ROUNDINGMETHOD: l.kind === "round-off" ? "Normal Rounding" : undefined,
        PARTYGSTIN: gstin,
        GSTREGISTRATIONTYPE: gstin ? "Regular" : undefined,
      },
    };
  });
  return head + messages(bodies) + tail;
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
