// Voucher building (DECISIONS §12): each kind of paid transaction posts as an accountant would,
// every voucher sums to zero, and the Tally file read back with an XML parser names the ledgers of
// the mapping with Tally's sign convention. The golden file is the whole import file of a fixed
// small set, reviewed by hand against Tally's format (docs/exports.md says what was checked).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { computeGst } from "../../../shared/gst";
import { toPaise } from "../../../shared/money";
import { csvLines } from "../../lib/csv";
import { JOURNAL_HEADER, journalRows } from "./journal-csv";
import { LEDGER_GROUPS, ledgersNamed, sortedMasters, tallyMastersXml, tallyVouchersXml } from "./tally";
import { assertWellFormedXml } from "../../test/strict-xml";
import { DEFAULT_TAX_LEDGERS, type ExportItem, vouchersOf, voucherBalance, type Voucher } from "./vouchers";
import type { ExportGst, LedgerMap } from "../../db/schema";

const COMPANY_STATE = "29";
const OFFICE = "11111111-1111-4111-8111-111111111111";
const CONSULTING = "22222222-2222-4222-8222-222222222222";
const SALES = "33333333-3333-4333-8333-333333333333";

const MAP: LedgerMap = {
  categories: { [OFFICE]: "Office Supplies A/c", [CONSULTING]: "Professional Fees" },
  paymentMethods: { "Bank Transfer": "HDFC Bank", Cash: "Cash", UPI: "HDFC Bank" },
  ...DEFAULT_TAX_LEDGERS,
};

function gstOf(
  placeOfSupply: string,
  lines: { hsnSac: string; taxableValue: string; rate: number }[],
  extra: Partial<Pick<ExportGst, "reverseCharge" | "itcEligible">> = {},
): ExportGst {
  const reverseCharge = extra.reverseCharge ?? false;
  const breakup = computeGst({ placeOfSupply, reverseCharge, lines }, COMPANY_STATE);
  return { invoiceNumber: "INV-42", invoiceDate: "2026-11-02", reverseCharge, itcEligible: extra.itcEligible ?? true, lines: breakup.lines };
}

/** A transaction id per number, as the batch keeps it: "TXN-000101" → "00000000-0000-4000-8000-000000000101". */
const idOf = (humanReadableId: string) => `00000000-0000-4000-8000-000000${humanReadableId.slice(4)}`;

const base: ExportItem = {
  transactionId: idOf("TXN-000101"),
  humanReadableId: "TXN-000101",
  formType: "B",
  amount: "11800.00",
  transactionDate: "2026-11-03",
  paidDate: "2026-11-10",
  paymentMethod: "Bank Transfer",
  categoryId: OFFICE,
  categoryName: "Office Supplies",
  description: "Printer toner",
  party: { name: "Sharma Traders", gstin: "29ABCDE1234F1Z5" },
  gst: null,
  tds: null,
};

const intra: ExportItem = { ...base, gst: gstOf("29", [{ hsnSac: "8443", taxableValue: "10000.00", rate: 18 }]) };
const inter: ExportItem = {
  ...base,
  transactionId: idOf("TXN-000102"),
  humanReadableId: "TXN-000102",
  amount: "17050.00",
  categoryId: CONSULTING,
  categoryName: "Consulting",
  description: "Audit support, two rates",
  party: { name: "Mehta & Co", gstin: "27ABCDE1234F1Z7" },
  gst: gstOf("27", [
    { hsnSac: "998222", taxableValue: "10000.00", rate: 18 },
    { hsnSac: "4820", taxableValue: "5000.00", rate: 5 },
  ]),
};
const reverse: ExportItem = {
  ...base,
  transactionId: idOf("TXN-000103"),
  humanReadableId: "TXN-000103",
  amount: "20000.00",
  categoryId: CONSULTING,
  categoryName: "Consulting",
  description: "Legal advice",
  party: { name: "Advocate R. Iyer", gstin: null },
  gst: gstOf("29", [{ hsnSac: "998212", taxableValue: "20000.00", rate: 18 }], { reverseCharge: true }),
};
// 1,000 × 18% = 180 tax, invoice 1,180.00; the bill says 1,180.40 (the supplier rounded up).
const roundedUp: ExportItem = {
  ...base,
  transactionId: idOf("TXN-000104"),
  humanReadableId: "TXN-000104",
  amount: "1180.40",
  gst: gstOf("29", [{ hsnSac: "8443", taxableValue: "1000.00", rate: 18 }]),
};
const roundedDown: ExportItem = { ...roundedUp, transactionId: idOf("TXN-000105"), humanReadableId: "TXN-000105", amount: "1179.60" };
const noParty: ExportItem = {
  ...base,
  transactionId: idOf("TXN-000106"),
  humanReadableId: "TXN-000106",
  amount: "450.00",
  party: null,
  paymentMethod: "Cash",
  description: "Tea and snacks",
};
const noItc: ExportItem = { ...intra, transactionId: idOf("TXN-000107"), humanReadableId: "TXN-000107", gst: { ...intra.gst!, itcEligible: false } };
const receipt: ExportItem = {
  ...base,
  transactionId: idOf("TXN-000108"),
  humanReadableId: "TXN-000108",
  formType: "R",
  amount: "25000.00",
  categoryId: SALES,
  categoryName: "Scrap Sales",
  description: "Sale of old laptops",
  paymentMethod: "UPI",
  party: { name: "=cmd|' /C calc'!A0", gstin: null },
};

// DECISIONS §12 TDS: ₹50,000 of audit fees + 18 % GST (CGST 4,500 + SGST 4,500) = ₹59,000 owed;
// 10 % under 194J on the taxable value, ₹5,000, is kept back for the government; the firm is paid ₹54,000.
const TDS_LEDGER = "TDS on Professional Fees 194J";
const withTds: ExportItem = {
  ...base,
  transactionId: idOf("TXN-000109"),
  humanReadableId: "TXN-000109",
  amount: "59000.00",
  categoryId: CONSULTING,
  categoryName: "Consulting",
  description: "Statutory audit fee",
  party: { name: "Kapoor & Associates", gstin: "29AAFFK1234L1Z4" },
  gst: gstOf("29", [{ hsnSac: "998222", taxableValue: "50000.00", rate: 18 }]),
  tds: { amount: "5000.00", legacySection: "194J", ledgerName: TDS_LEDGER },
};

const ALL = [intra, inter, reverse, roundedUp, roundedDown, noParty, noItc, receipt, withTds];

/** A voucher's lines as "Dr ledger amount" / "Cr ledger amount" for reading. */
const shown = (v: Voucher) => v.lines.map((l) => `${l.paise > 0n ? "Dr" : "Cr"} ${l.ledger} ${(Number(l.paise < 0n ? -l.paise : l.paise) / 100).toFixed(2)}`);

describe("vouchers of a paid transaction", () => {
  it("every voucher of every kind sums to zero", () => {
    for (const item of ALL) for (const v of vouchersOf(item, MAP)) expect(voucherBalance(v), `${item.humanReadableId} ${v.type}`).toBe(0n);
  });

  it("a bill naming a party: a Journal on the invoice date crediting the party, then a Payment on the paid date (intra-state CGST + SGST)", () => {
    const [journal, payment] = vouchersOf(intra, MAP);
    expect(journal!.type).toBe("Journal");
    expect(journal!.date).toBe("2026-11-02");
    expect(shown(journal!)).toEqual(["Dr Office Supplies A/c 10000.00", "Dr Input CGST 900.00", "Dr Input SGST 900.00", "Cr Sharma Traders 11800.00"]);
    expect(journal!.lines.find((l) => l.ledger === "Sharma Traders")!.isParty).toBe(true);
    expect(payment!.type).toBe("Payment");
    expect(payment!.date).toBe("2026-11-10");
    expect(shown(payment!)).toEqual(["Dr Sharma Traders 11800.00", "Cr HDFC Bank 11800.00"]);
  });

  it("without an invoice date the Journal is on the transaction date", () => {
    const [journal] = vouchersOf({ ...base, amount: "500.00" }, MAP);
    expect(journal!.date).toBe("2026-11-03");
    expect(shown(journal!)).toEqual(["Dr Office Supplies A/c 500.00", "Cr Sharma Traders 500.00"]);
  });

  it("inter-state with two rates: IGST per line, each line's HSN and rate on its rows", () => {
    const [journal] = vouchersOf(inter, MAP);
    expect(shown(journal!)).toEqual([
      "Dr Professional Fees 10000.00",
      "Dr Input IGST 1800.00",
      "Dr Professional Fees 5000.00",
      "Dr Input IGST 250.00",
      "Cr Mehta & Co 17050.00",
    ]);
  });

  it("reverse charge: the input tax debited and the RCM output ledgers credited, the party owed the taxable value", () => {
    const [journal, payment] = vouchersOf(reverse, MAP);
    expect(shown(journal!)).toEqual([
      "Dr Professional Fees 20000.00",
      "Dr Input CGST 1800.00",
      "Cr Output CGST (RCM) 1800.00",
      "Dr Input SGST 1800.00",
      "Cr Output SGST (RCM) 1800.00",
      "Cr Advocate R. Iyer 20000.00",
    ]);
    expect(shown(payment!)).toEqual(["Dr Advocate R. Iyer 20000.00", "Cr HDFC Bank 20000.00"]);
  });

  it("round-off: debited when the bill is above the invoice, credited when below", () => {
    expect(shown(vouchersOf(roundedUp, MAP)[0]!)).toContain("Dr Round Off 0.40");
    expect(shown(vouchersOf(roundedDown, MAP)[0]!)).toContain("Cr Round Off 0.40");
  });

  it("no input tax credit: the tax is part of the expense", () => {
    expect(shown(vouchersOf(noItc, MAP)[0]!)).toEqual(["Dr Office Supplies A/c 11800.00", "Cr Sharma Traders 11800.00"]);
  });

  it("a bill without a party is one Payment voucher", () => {
    const vouchers = vouchersOf(noParty, MAP);
    expect(vouchers.map((v) => v.type)).toEqual(["Payment"]);
    expect(shown(vouchers[0]!)).toEqual(["Dr Office Supplies A/c 450.00", "Cr Cash 450.00"]);
    expect(vouchers[0]!.date).toBe("2026-11-10");
  });

  it("a receipt is one Receipt voucher: the money in, the category's ledger (its name by default) credited", () => {
    const vouchers = vouchersOf(receipt, MAP);
    expect(vouchers.map((v) => v.type)).toEqual(["Receipt"]);
    expect(shown(vouchers[0]!)).toEqual(["Dr HDFC Bank 25000.00", "Cr Scrap Sales 25000.00"]);
  });

  it("a bill with TDS: the Journal credits the party with the amount less the TDS and the nature's TDS ledger with the TDS; the Payment pays the net", () => {
    const [journal, payment] = vouchersOf(withTds, MAP);
    expect(shown(journal!)).toEqual([
      "Dr Professional Fees 50000.00",
      "Dr Input CGST 4500.00",
      "Dr Input SGST 4500.00",
      "Cr Kapoor & Associates 54000.00",
      `Cr ${TDS_LEDGER} 5000.00`,
    ]);
    expect(journal!.lines.find((l) => l.ledger === TDS_LEDGER)!.kind).toBe("tds");
    expect(journal!.narration).toContain("TDS ₹5,000.00 under 194J");
    expect(shown(payment!)).toEqual(["Dr Kapoor & Associates 54000.00", "Cr HDFC Bank 54000.00"]);
    expect(voucherBalance(journal!)).toBe(0n);
    expect(voucherBalance(payment!)).toBe(0n);
  });

  it("a bill whose TDS came to nothing posts as one without TDS", () => {
    const [journal] = vouchersOf({ ...withTds, tds: { ...withTds.tds!, amount: "0.00" } }, MAP);
    expect(shown(journal!).filter((l) => l.includes(TDS_LEDGER))).toEqual([]);
    expect(shown(journal!)).toContain("Cr Kapoor & Associates 59000.00");
  });

  it("the payment method's name is its ledger until mapped; the spec's Check posts to a Cheque ledger", () => {
    const [, payment] = vouchersOf({ ...intra, paymentMethod: "NEFT/RTGS" }, MAP);
    expect(payment!.lines.at(-1)!.ledger).toBe("NEFT/RTGS");
    const [, byCheque] = vouchersOf({ ...intra, paymentMethod: "Check" }, MAP);
    expect(byCheque!.lines.at(-1)!.ledger).toBe("Cheque");
  });

  it("each voucher carries a REMOTEID made of its transaction's id and its kind, the same whenever it is built", () => {
    expect(vouchersOf(intra, MAP).map((v) => v.remoteId)).toEqual([`${intra.transactionId}-journal`, `${intra.transactionId}-payment`]);
    expect(vouchersOf(noParty, MAP).map((v) => v.remoteId)).toEqual([`${noParty.transactionId}-payment`]);
    expect(vouchersOf(receipt, MAP).map((v) => v.remoteId)).toEqual([`${receipt.transactionId}-receipt`]);
    // Renamed ledgers or a new paid date change the voucher, never its id.
    const again = vouchersOf({ ...intra, paidDate: "2026-11-12" }, { ...MAP, paymentMethods: { "Bank Transfer": "ICICI Bank" } });
    expect(again.map((v) => v.remoteId)).toEqual(vouchersOf(intra, MAP).map((v) => v.remoteId));
    expect(new Set(ALL.flatMap((i) => vouchersOf(i, MAP)).map((v) => v.remoteId)).size).toBe(ALL.flatMap((i) => vouchersOf(i, MAP)).length);
  });

  it("a category's ledger kind is the batch's decision for the category, whichever form type a transaction has", () => {
    const kinds: LedgerMap = { ...MAP, categoryKinds: { [SALES]: "income", [OFFICE]: "expense" } };
    // A bill in a receipts category, and a refund received in an expense category.
    const bill = vouchersOf({ ...noParty, categoryId: SALES, categoryName: "Scrap Sales" }, kinds)[0]!;
    expect(bill.lines.find((l) => l.ledger === "Scrap Sales")!.kind).toBe("income");
    const refund = vouchersOf({ ...receipt, categoryId: OFFICE }, kinds)[0]!;
    expect(refund.lines.find((l) => l.ledger === "Office Supplies A/c")!.kind).toBe("expense");
    const masters = sortedMasters(ledgersNamed([bill, refund]));
    expect(Object.fromEntries(masters.map((m) => [m.name, LEDGER_GROUPS[m.kind]]))).toMatchObject({
      "Scrap Sales": "Indirect Incomes",
      "Office Supplies A/c": "Indirect Expenses",
    });
  });
});

async function text(pieces: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const p of pieces) out += p;
  return out;
}

const lenient = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) => ["TALLYMESSAGE", "ALLLEDGERENTRIES.LIST"].includes(name),
});
/** Every file is first read by the strict parser (test/strict-xml.ts), then its values by fast-xml-parser. */
const parser = {
  parse(xml: string) {
    assertWellFormedXml(xml);
    return lenient.parse(xml);
  },
};

type ParsedEntry = { LEDGERNAME: string; ISDEEMEDPOSITIVE: "Yes" | "No"; ISPARTYLEDGER: "Yes" | "No"; AMOUNT: string };
type ParsedVoucher = {
  "@REMOTEID": string;
  "@VCHTYPE": string;
  "@ACTION": string;
  "@OBJVIEW": string;
  DATE: string;
  VOUCHERTYPENAME: string;
  VOUCHERNUMBER: string;
  PARTYLEDGERNAME?: string;
  NARRATION: string;
  "ALLLEDGERENTRIES.LIST": ParsedEntry[];
};

describe("the TallyPrime vouchers file", () => {
  const vouchers = ALL.flatMap((i) => vouchersOf(i, MAP));

  it("reads back as Tally's import envelope with every voucher balanced and naming the mapping's ledgers", async () => {
    const xml = await text(tallyVouchersXml("Acme & Sons Pvt Ltd", vouchers));
    const doc = parser.parse(xml);
    expect(doc.ENVELOPE.HEADER.TALLYREQUEST).toBe("Import Data");
    const importData = doc.ENVELOPE.BODY.IMPORTDATA;
    expect(importData.REQUESTDESC.REPORTNAME).toBe("Vouchers");
    expect(importData.REQUESTDESC.STATICVARIABLES.SVCURRENTCOMPANY).toBe("Acme & Sons Pvt Ltd");
    const parsed: ParsedVoucher[] = importData.REQUESTDATA.TALLYMESSAGE.map((m: { VOUCHER: ParsedVoucher }) => m.VOUCHER);
    expect(parsed).toHaveLength(vouchers.length);
    const known = new Set([
      ...Object.values(MAP.categories),
      ...Object.values(MAP.paymentMethods),
      ...Object.values(DEFAULT_TAX_LEDGERS),
      "Scrap Sales",
      TDS_LEDGER,
    ]);
    for (const [i, v] of parsed.entries()) {
      expect(v["@ACTION"]).toBe("Create");
      expect(v["@REMOTEID"]).toBe(vouchers[i]!.remoteId);
      expect(v["@OBJVIEW"]).toBe("Accounting Voucher View");
      expect(v["@VCHTYPE"]).toBe(vouchers[i]!.type);
      expect(v.VOUCHERTYPENAME).toBe(vouchers[i]!.type);
      expect(v.DATE).toMatch(/^2026110\d$|^2026111\d$/);
      expect(v.VOUCHERNUMBER).toBe(vouchers[i]!.number);
      let sum = 0n;
      for (const e of v["ALLLEDGERENTRIES.LIST"]) {
        const amount = toPaise(e.AMOUNT);
        // Tally's sign convention: a debit is deemed positive with a negative amount.
        expect(e.ISDEEMEDPOSITIVE === "Yes", `${v.VOUCHERNUMBER} ${e.LEDGERNAME}`).toBe(amount < 0n);
        sum += amount;
        if (e.ISPARTYLEDGER === "Yes") expect(e.LEDGERNAME).toBe(v.PARTYLEDGERNAME);
        else expect(known.has(e.LEDGERNAME), e.LEDGERNAME).toBe(true);
      }
      expect(sum, v.VOUCHERNUMBER).toBe(0n);
    }
    // The inter-state bill's two lines of one ledger are one entry for Tally.
    const interJournal = parsed.find((v) => v.VOUCHERNUMBER === "TXN-000102" && v["@VCHTYPE"] === "Journal")!;
    expect(interJournal["ALLLEDGERENTRIES.LIST"].map((e) => [e.LEDGERNAME, e.AMOUNT])).toEqual([
      ["Professional Fees", "-15000.00"],
      ["Input IGST", "-2050.00"],
      ["Mehta & Co", "17050.00"],
    ]);
    // The bill with TDS, read back: the party credited with the net, the TDS ledger with the TDS, the Payment the net.
    const tdsVouchers = parsed.filter((v) => v.VOUCHERNUMBER === "TXN-000109");
    expect(
      tdsVouchers.map((v) => [v["@VCHTYPE"], v["ALLLEDGERENTRIES.LIST"].map((e) => [e.LEDGERNAME, e.ISDEEMEDPOSITIVE, e.ISPARTYLEDGER, e.AMOUNT])]),
    ).toEqual([
      [
        "Journal",
        [
          ["Professional Fees", "Yes", "No", "-50000.00"],
          ["Input CGST", "Yes", "No", "-4500.00"],
          ["Input SGST", "Yes", "No", "-4500.00"],
          ["Kapoor & Associates", "No", "Yes", "54000.00"],
          [TDS_LEDGER, "No", "No", "5000.00"],
        ],
      ],
      [
        "Payment",
        [
          ["Kapoor & Associates", "Yes", "Yes", "-54000.00"],
          ["HDFC Bank", "No", "No", "54000.00"],
        ],
      ],
    ]);
  });

  it("names no company when none is set, so Tally imports into the one it has open", async () => {
    const doc = parser.parse(await text(tallyVouchersXml("", vouchers.slice(0, 1))));
    expect(doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDESC).toEqual({ REPORTNAME: "Vouchers" });
  });

  it("escapes what names and narrations may hold, so both files read back exactly as stored", async () => {
    const name = `Rao & "Sons" <Pvt> 'Ltd'`;
    const v: Voucher = {
      type: "Payment",
      remoteId: "00000000-0000-4000-8000-000000000109-payment",
      date: "2026-11-10",
      number: "TXN-000109",
      narration: `${name} · two\nlines`,
      party: { name, gstin: null },
      lines: [
        { ledger: name, kind: "party", paise: 100n, isParty: true, hsnSac: null, rate: null },
        { ledger: "true", kind: "cash", paise: -100n, isParty: false, hsnSac: null, rate: null },
      ],
    };
    const doc = parser.parse(await text(tallyVouchersXml(name, [v])));
    expect(doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDESC.STATICVARIABLES.SVCURRENTCOMPANY).toBe(name);
    const parsed: ParsedVoucher = doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE[0].VOUCHER;
    expect([parsed.PARTYLEDGERNAME, parsed.NARRATION]).toEqual([name, v.narration]);
    expect(parsed["ALLLEDGERENTRIES.LIST"].map((e) => e.LEDGERNAME)).toEqual([name, "true"]);
    // The masters name each ledger in an attribute too.
    const masters = parser.parse(tallyMastersXml(name, sortedMasters(ledgersNamed([v]))));
    const ledgers = masters.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((m: { LEDGER: { "@NAME": string; NAME: string } }) => [
      m.LEDGER["@NAME"],
      m.LEDGER.NAME,
    ]);
    expect(ledgers).toEqual([
      ["true", "true"],
      [name, name],
    ]);
  });

  it("matches the golden file byte for byte", async () => {
    const golden = fileURLToPath(new URL("./golden/tally-vouchers.xml", import.meta.url));
    const xml = await text(tallyVouchersXml("Acme & Sons Pvt Ltd", vouchers));
    assertWellFormedXml(xml);
    if (process.env.UPDATE_GOLDEN) writeFileSync(golden, xml);
    expect(xml).toBe(readFileSync(golden, "utf8"));
  });

  it("the masters file creates each ledger named, under Tally's groups", () => {
    const xml = tallyMastersXml("Acme & Sons Pvt Ltd", sortedMasters(ledgersNamed(vouchers)));
    const doc = parser.parse(xml);
    expect(doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDESC.REPORTNAME).toBe("All Masters");
    const ledgers = doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map(
      (m: { LEDGER: { NAME: string; PARENT: string; "@ACTION": string; PARTYGSTIN?: string } }) => m.LEDGER,
    );
    const parentOf = Object.fromEntries(ledgers.map((l: { NAME: string; PARENT: string }) => [l.NAME, l.PARENT]));
    expect(parentOf).toMatchObject({
      "Sharma Traders": "Sundry Creditors",
      "Input CGST": "Duties & Taxes",
      "Output SGST (RCM)": "Duties & Taxes",
      "HDFC Bank": "Bank Accounts",
      Cash: "Cash-in-Hand",
      "Office Supplies A/c": "Indirect Expenses",
      "Scrap Sales": "Indirect Incomes",
      "Round Off": "Indirect Expenses",
      [TDS_LEDGER]: "Duties & Taxes",
    });
    // A TDS ledger is no GST duty: it carries no GST duty head.
    const tdsLedger = ledgers.find((l: { NAME: string }) => l.NAME === TDS_LEDGER);
    expect(tdsLedger.GSTDUTYHEAD).toBeUndefined();
    expect(tdsLedger.TAXTYPE).toBeUndefined();
    expect(ledgers.find((l: { NAME: string }) => l.NAME === "Sharma Traders").PARTYGSTIN).toBe("29ABCDE1234F1Z5");
    expect(new Set(ledgers.map((l: { NAME: string }) => l.NAME)).size).toBe(ledgers.length);
  });
});

describe("the journal CSV", () => {
  it("one row per ledger line, debits equal credits per voucher, formulas neutralised", async () => {
    const rows = ALL.flatMap((i) => vouchersOf(i, MAP)).flatMap(journalRows);
    let csv = "";
    for await (const l of csvLines(JOURNAL_HEADER, rows)) csv += l;
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,voucher,ledger,debit,credit,narration,party,gstin,hsnSac,rate");
    const byVoucher = new Map<string, bigint>();
    for (const r of rows) {
      const key = String(r[1]);
      byVoucher.set(key, (byVoucher.get(key) ?? 0n) + (r[3] ? toPaise(String(r[3])) : 0n) - (r[4] ? toPaise(String(r[4])) : 0n));
    }
    for (const [key, sum] of byVoucher) expect(sum, key).toBe(0n);
    expect(lines.some((l) => l.includes("2026-11-02,Journal TXN-000102,Professional Fees,5000.00,,") && l.endsWith(",4820,5"))).toBe(true);
    // The bill with TDS: the party credited with the net, the TDS ledger with the TDS, the Payment the net.
    const tdsRows = rows.filter((r) => String(r[1]).endsWith("TXN-000109")).map((r) => r.slice(1, 5));
    expect(tdsRows).toEqual([
      ["Journal TXN-000109", "Professional Fees", "50000.00", ""],
      ["Journal TXN-000109", "Input CGST", "4500.00", ""],
      ["Journal TXN-000109", "Input SGST", "4500.00", ""],
      ["Journal TXN-000109", "Kapoor & Associates", "", "54000.00"],
      ["Journal TXN-000109", "TDS on Professional Fees 194J", "", "5000.00"],
      ["Payment TXN-000109", "Kapoor & Associates", "54000.00", ""],
      ["Payment TXN-000109", "HDFC Bank", "", "54000.00"],
    ]);
    // The receipt's party name starts a formula: written with a leading quote.
    expect(csv).toContain(`'=cmd|' /C calc'!A0`);
    expect(csv).not.toMatch(/,=cmd/);
  });
});
