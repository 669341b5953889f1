// DECISIONS §12 TDS on bills, through HTTP on a real database: the natures the SuperAdmin keeps (seeded
// by the migration), a party's usual nature, a bill's TDS decided at create, edit, submit and override
// with the figures worked by hand here, the net payable, the books posting the TDS, the quarter's
// register, the races. Each test uses parties of its own, so no threshold carries from one to another.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { settings, tdsNatures, transactions, type CategoryRow } from "../db/schema";
import { auditEntries, builtinCategory, makeCategory, txnBody, txnRow } from "../test/transaction-fixtures";
import { ledgerNamesExportsWrite } from "../services/books/ledgers";
import { TDS_MESSAGES, type TdsNature } from "../../shared/schemas/tds";

// 17:30 on 24 November 2026 in Asia/Kolkata.
const NOW = new Date("2026-11-24T12:00:00Z");
let now = NOW;
let t: TestApp;
type Who = { user: MadeUser; api: ApiClient };
let accountant: Who;
let approver: Who;
let superAdmin: Who;
let hrAdmin: Who;
let vendor: CategoryRow;
let natures: Record<string, TdsNature>;

const INDIVIDUAL = "ABCPK1234F"; // fourth character P: an individual
const COMPANY = "AAACR5055K"; // C: a company

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  [accountant, approver, superAdmin, hrAdmin] = await Promise.all([t.signIn("Accountant"), t.signIn("Approver"), t.signIn("SuperAdmin"), t.signIn("HR Admin")]);
  vendor = await builtinCategory(t.db, "Vendor Payment");
  const value = { legalName: "Acme Exports Pvt Ltd", gstin: null, stateCode: "27" };
  await t.db.insert(settings).values({ key: "company", value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  const list = await superAdmin.api.get("/api/admin/tds-natures");
  natures = Object.fromEntries((list.body as TdsNature[]).map((n) => [n.name, n]));
});
beforeEach(() => {
  now = NOW;
});
afterAll(async () => {
  await t?.close();
});

const hex = () => crypto.randomBytes(3).toString("hex");

async function party(pan: string | null, nature: string | null, who: Who = accountant): Promise<string> {
  const res = await who.api.post("/api/parties", { name: `Vendor ${hex()}`, pan, tdsNatureId: nature ? natures[nature]!.id : null });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const bill = (partyId: string | null, amount: string, extra: Record<string, unknown> = {}) =>
  txnBody(vendor.id, { formType: "B", partyId, amount, transactionDate: "2026-11-10", description: "Vendor bill", ...extra });

async function created(who: Who, body: Record<string, unknown>) {
  const res = await who.api.post("/api/transactions", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function submitted(body: Record<string, unknown>, who: Who = accountant) {
  const draft = await created(who, body);
  const res = await who.api.post(`/api/transactions/${draft.id}/submit`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function approvedAndPaid(id: string, paidDate: string) {
  expect((await approver.api.post(`/api/transactions/${id}/approve`, {})).status).toBe(200);
  const paid = await accountant.api.patch(`/api/transactions/${id}/payment`, { paymentMethod: "Bank Transfer", paidDate });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

describe("TDS natures: /api/admin/tds-natures", () => {
  it("the first start carries the seven natures of vendor bills, with both acts' words, rates, thresholds and ledgers; payment codes blank; 194Q inactive", () => {
    expect(
      Object.values(natures)
        .map((n) => [
          n.name,
          n.legacySection,
          n.actReference,
          n.rateIndividual,
          n.rateOther,
          n.noPanRate,
          n.singleThreshold,
          n.yearlyThreshold,
          n.monthlyThreshold,
          n.onlyAboveThreshold,
          n.isActive,
          n.paymentCode,
        ])
        .sort(),
    ).toEqual(
      [
        ["Commission or brokerage", "194H", "393(1) Table Sl. 1(ii)", 2, 2, 20, null, "20000.00", null, false, true, null],
        ["Contractors", "194C", "393(1) Table Sl. 6(i)", 1, 2, 20, "30000.00", "100000.00", null, false, true, null],
        ["Professional fees", "194J", "393(1) Table Sl. 6(iii)", 10, 10, 20, null, "50000.00", null, false, true, null],
        ["Purchase of goods", "194Q", "393(1) Table", 0.1, 0.1, 5, null, "5000000.00", null, true, false, null],
        ["Rent of land or building", "194-I(b)", "393(1) Table Sl. 2(ii)", 10, 10, 20, null, null, "50000.00", false, true, null],
        ["Rent of plant or machinery", "194-I(a)", "393(1) Table Sl. 2(ii)", 2, 2, 20, null, null, "50000.00", false, true, null],
        ["Technical services", "194J", "393(1) Table Sl. 6(iii)", 2, 2, 20, null, "50000.00", null, false, true, null],
      ].sort(),
    );
    expect(Object.values(natures).every((n) => n.ledgerName.startsWith("TDS on "))).toBe(true);
  });

  it("names every nature's ledger among the ledgers an export may write, one namespace with the parties' names (§12)", async () => {
    const names = (await ledgerNamesExportsWrite(t.db)).map((l) => l.name);
    for (const n of Object.values(natures)) expect(names).toContain(n.ledgerName);
    // A party may not take a TDS ledger's name, whatever its case and spaces…
    const taken = await accountant.api.post("/api/parties", { name: "tds on  CONTRACTORS 194c" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain("TDS on Contractors 194C");
    // …and no nature's ledger may be named, or renamed, onto a party's name.
    const party = await accountant.api.post("/api/parties", { name: `Vendor ${hex()}` });
    expect(party.status).toBe(201);
    const good = {
      name: `Brokerage ${hex()}`,
      legacySection: "194H",
      actReference: "393(1) Table Sl. 1(ii)",
      rateIndividual: 2,
      rateOther: 2,
      ledgerName: party.body.name.toUpperCase(),
    };
    const made = await superAdmin.api.post("/api/admin/tds-natures", good);
    expect(made.status).toBe(409);
    expect(made.body.message).toContain(party.body.name);
    const renamed = await superAdmin.api.put(`/api/admin/tds-natures/${natures["Contractors"]!.id}`, { ledgerName: party.body.name });
    expect(renamed.status).toBe(409);
    expect((await t.db.select().from(tdsNatures).where(eq(tdsNatures.id, natures["Contractors"]!.id)))[0]!.ledgerName).toBe("TDS on Contractors 194C");
  });

  it("is the SuperAdmin's: 401 signed out, 403 for Accountants, Approvers and HR; the active ones are read by the accountants' forms", async () => {
    const signedOut = t.client();
    const id = natures["Contractors"]!.id;
    expect((await signedOut.get("/api/admin/tds-natures")).status).toBe(401);
    expect((await signedOut.post("/api/admin/tds-natures", {})).status).toBe(401);
    expect((await signedOut.get("/api/tds/natures")).status).toBe(401);
    for (const who of [accountant, approver, hrAdmin]) {
      expect((await who.api.get("/api/admin/tds-natures")).status).toBe(403);
      expect((await who.api.post("/api/admin/tds-natures", { name: "X" })).status).toBe(403);
      expect((await who.api.put(`/api/admin/tds-natures/${id}`, { paymentCode: "1" })).status).toBe(403);
      expect((await who.api.delete(`/api/admin/tds-natures/${id}`)).status).toBe(403);
    }
    for (const who of [approver, hrAdmin]) expect((await who.api.get("/api/tds/natures")).status).toBe(403);
    const active = await accountant.api.get("/api/tds/natures");
    expect(active.status).toBe(200);
    expect(active.body.map((n: TdsNature) => n.name)).not.toContain("Purchase of goods");
    expect(active.body.map((n: TdsNature) => n.name)).toContain("Professional fees");
  });

  it("refuses bad input with 400 naming the field, and changes nothing", async () => {
    const good = {
      name: `Nature ${hex()}`,
      legacySection: "194C",
      actReference: "393(1) Table Sl. 6(i)",
      rateIndividual: 1,
      rateOther: 2,
      ledgerName: `TDS ${hex()}`,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, name: "" }, "name"],
      [{ ...good, legacySection: undefined }, "legacySection"],
      [{ ...good, actReference: "" }, "actReference"],
      [{ ...good, rateIndividual: 0 }, "rateIndividual"],
      [{ ...good, rateOther: 150 }, "rateOther"],
      [{ ...good, noPanRate: "twenty" }, "noPanRate"],
      [{ ...good, rateOther: 5e-324 }, "rateOther"],
      [{ ...good, rateIndividual: 0.004 }, "rateIndividual"],
      [{ ...good, singleThreshold: "-5" }, "singleThreshold"],
      [{ ...good, onlyAboveThreshold: true }, "yearlyThreshold"],
      [{ ...good, ledgerName: "" }, "ledgerName"],
      [{ ...good, isActive: "yes" }, "isActive"],
      [{ ...good, name: "Bad\u0007name" }, "name"],
      [{ ...good, extra: 1 }, ""],
    ];
    const before = (await t.db.select().from(tdsNatures)).length;
    for (const [body, path] of cases) {
      const res = await superAdmin.api.post("/api/admin/tds-natures", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (path) expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await t.db.select().from(tdsNatures)).length).toBe(before);
    const clash = await superAdmin.api.post("/api/admin/tds-natures", { ...good, name: "CONTRACTORS" });
    expect(clash.status).toBe(409);
    const unknown = await superAdmin.api.put("/api/admin/tds-natures/00000000-0000-4000-8000-000000000000", { paymentCode: "1" });
    expect(unknown.status).toBe(404);
    // Turning on "only above the threshold" on a nature without a yearly one.
    const rent = natures["Rent of land or building"]!;
    const noYearly = await superAdmin.api.put(`/api/admin/tds-natures/${rent.id}`, { onlyAboveThreshold: true });
    expect(noYearly.status).toBe(400);
    expect(noYearly.body.issues[0].path).toBe("yearlyThreshold");
  });

  it("creates, changes and deletes one no bill used, each audited; one a bill used is deactivated instead", async () => {
    const body = {
      name: `Brokerage ${hex()}`,
      legacySection: "194H",
      actReference: "393(1) Table Sl. 1(ii)",
      rateIndividual: 2,
      rateOther: "2",
      yearlyThreshold: "20000",
      ledgerName: `TDS Brokerage ${hex()}`,
    };
    const made = await superAdmin.api.post("/api/admin/tds-natures", body);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      rateIndividual: 2,
      rateOther: 2,
      noPanRate: 20,
      yearlyThreshold: "20000.00",
      singleThreshold: null,
      paymentCode: null,
      isActive: true,
      inUse: false,
    });
    expect((await auditEntries(t.db, made.body.id, "create"))[0]).toMatchObject({ entityType: "tds_nature", performedBy: superAdmin.user.id });

    const changed = await superAdmin.api.put(`/api/admin/tds-natures/${made.body.id}`, { paymentCode: "1004", rateOther: 5 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ paymentCode: "1004", rateOther: 5, rateIndividual: 2 });
    const [update] = await auditEntries(t.db, made.body.id, "update");
    expect(update!.beforeData).toMatchObject({ paymentCode: null, rateOther: 2 });
    expect(update!.afterData).toMatchObject({ paymentCode: "1004", rateOther: 5 });

    const deleted = await superAdmin.api.delete(`/api/admin/tds-natures/${made.body.id}`);
    expect(deleted.body).toEqual({ message: "TDS nature deleted", deactivated: false });
    expect(await t.db.select().from(tdsNatures).where(eq(tdsNatures.id, made.body.id))).toEqual([]);
    expect((await auditEntries(t.db, made.body.id, "delete")).length).toBe(1);

    // One a bill names.
    const used = await superAdmin.api.post("/api/admin/tds-natures", { ...body, name: `Used ${hex()}` });
    const p = await party(COMPANY, null);
    await created(accountant, bill(p, "1000.00", { tds: { natureId: used.body.id } }));
    const kept = await superAdmin.api.delete(`/api/admin/tds-natures/${used.body.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ deactivated: true, message: TDS_MESSAGES.deactivatedInstead, nature: { isActive: false, inUse: true } });
    expect((await auditEntries(t.db, used.body.id, "deactivate")).length).toBe(1);
  });
});

describe("a party's usual nature", () => {
  it("is set on the party and starts every new bill naming it; tds: null says none; an inactive or unknown nature is refused", async () => {
    const p = await party(INDIVIDUAL, "Professional fees");
    const listed = await accountant.api.get("/api/parties?limit=100");
    expect(listed.body.parties.find((x: { id: string }) => x.id === p).tdsNatureId).toBe(natures["Professional fees"]!.id);
    const withDefault = await created(accountant, bill(p, "10000.00"));
    expect(withDefault.tds).toMatchObject({
      natureId: natures["Professional fees"]!.id,
      legacySection: "194J",
      actReference: "393(1) Table Sl. 6(iii)",
      rate: 10,
    });
    const none = await created(accountant, bill(p, "10000.00", { tds: null }));
    expect(none.tds).toBeNull();
    expect(none.netPayable).toBe("10000.00");

    const goods = natures["Purchase of goods"]!.id;
    const inactive = await accountant.api.post("/api/parties", { name: `Vendor ${hex()}`, tdsNatureId: goods });
    expect(inactive.status).toBe(400);
    expect(inactive.body.issues).toEqual([{ path: "tdsNatureId", message: TDS_MESSAGES.inactive }]);
    const unknown = await accountant.api.patch(`/api/parties/${p}`, { tdsNatureId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(400);
    const cleared = await accountant.api.patch(`/api/parties/${p}`, { tdsNatureId: null });
    expect(cleared.body.tdsNatureId).toBeNull();
  });

  it("a receipt carries no TDS, a bill without a party cannot name one, and an inactive nature is refused on a bill", async () => {
    const p = await party(COMPANY, "Contractors");
    const receipt = await accountant.api.post("/api/transactions", bill(p, "50000.00", { formType: "R", tds: { natureId: natures["Contractors"]!.id } }));
    expect(receipt.status).toBe(400);
    expect(receipt.body.message).toBe(TDS_MESSAGES.onReceipt);
    // A receipt from a party with a usual nature simply carries none.
    expect((await created(accountant, bill(p, "50000.00", { formType: "R" }))).tds).toBeNull();
    const noParty = await accountant.api.post("/api/transactions", bill(null, "50000.00", { tds: { natureId: natures["Contractors"]!.id } }));
    expect(noParty.status).toBe(400);
    expect(noParty.body.message).toBe(TDS_MESSAGES.needsParty);
    const inactive = await accountant.api.post("/api/transactions", bill(p, "50000.00", { tds: { natureId: natures["Purchase of goods"]!.id } }));
    expect(inactive.status).toBe(400);
    expect(inactive.body.issues).toEqual([{ path: "tds.natureId", message: TDS_MESSAGES.inactive }]);
    const malformed = await accountant.api.post("/api/transactions", bill(p, "50000.00", { tds: { natureId: natures["Contractors"]!.id, rate: 1 } }));
    expect(malformed.status).toBe(400);
  });
});

describe("a bill's TDS, worked by hand", () => {
  it("rate by PAN: 1 % from an individual contractor, 2 % from a company, 20 % without a PAN (and the bill says why)", async () => {
    // ₹40,000 reaches ₹30,000 a bill: 1 % = ₹400; 2 % = ₹800; no PAN 20 % = ₹8,000.
    const individual = await submitted(bill(await party(INDIVIDUAL, "Contractors"), "40000.00"));
    expect(individual.tds).toMatchObject({ rate: 1, base: "40000.00", amount: "400.00", shortfallFromEarlier: null });
    expect(individual.netPayable).toBe("39600.00");
    const company = await submitted(bill(await party(COMPANY, "Contractors"), "40000.00"));
    expect(company.tds).toMatchObject({ rate: 2, amount: "800.00" });
    const noPan = await submitted(bill(await party(null, "Contractors"), "40000.00"));
    expect(noPan.tds).toMatchObject({ rate: 20, amount: "8000.00" });
    expect(noPan.tds.reason).toContain("no PAN");
    expect(noPan.netPayable).toBe("32000.00");
    // The answer carries exactly the contract's keys; the list the same as the details.
    expect(Object.keys(noPan.tds).sort()).toEqual(["actReference", "amount", "base", "legacySection", "natureId", "rate", "reason", "shortfallFromEarlier"]);
    const list = await accountant.api.get("/api/transactions?limit=200");
    const row = list.body.transactions.find((x: { id: string }) => x.id === noPan.id);
    expect([row.tds, row.netPayable]).toEqual([noPan.tds, "32000.00"]);
  });

  it("GST is left out of the base: ₹50,000 of fees + 18 % GST = ₹59,000; 10 % of ₹50,000 = ₹5,000; the vendor is paid ₹54,000", async () => {
    const gst = {
      invoiceNumber: "KA/26/77",
      invoiceDate: "2026-11-05",
      placeOfSupply: "27",
      reverseCharge: false,
      itcEligible: false,
      lines: [{ hsnSac: "998222", taxableValue: "50000.00", rate: 18 }],
    };
    const b = await submitted(bill(await party(INDIVIDUAL, "Professional fees"), "59000.00", { gst }));
    expect(b.tds).toMatchObject({ base: "50000.00", amount: "5000.00", rate: 10 });
    expect(b.netPayable).toBe("54000.00");
  });

  it("rounds to the rupee: 2 % of ₹30,333.33 = ₹606.67 → ₹607", async () => {
    const b = await submitted(bill(await party(COMPANY, "Contractors"), "30333.33"));
    expect(b.tds.amount).toBe("607.00");
    expect(b.netPayable).toBe("29726.33");
  });

  it("the yearly threshold crossed: the crossing bill deducts the earlier bills' TDS too and names them; a rejected or deleted bill does not count", async () => {
    // A company contractor, 2 %, ₹1,00,000 a year. ₹25,000 (Apr), ₹28,000 (Jun) deduct nothing;
    // a ₹40,000 bill rejected and a ₹40,000 draft deleted count for nothing; ₹30,000 (Aug) reaches the
    // single threshold and deducts ₹600; ₹20,000 (Nov) takes the year to ₹1,03,000: ₹400 + ₹500 + ₹560.
    const p = await party(COMPANY, "Contractors");
    const april = await submitted(bill(p, "25000.00", { transactionDate: "2026-04-15" }));
    const june = await submitted(bill(p, "28000.00", { transactionDate: "2026-06-20" }));
    const rejected = await submitted(bill(p, "40000.00", { transactionDate: "2026-07-01", tds: { natureId: natures["Contractors"]!.id } }));
    expect((await approver.api.post(`/api/transactions/${rejected.id}/reject`, { reason: "Duplicate" })).status).toBe(200);
    expect([april.tds.amount, june.tds.amount]).toEqual(["0.00", "0.00"]);
    expect(april.tds.reason).toContain("No TDS yet");
    const august = await submitted(bill(p, "30000.00", { transactionDate: "2026-08-05" }));
    expect(august.tds.amount).toBe("600.00");
    const november = await submitted(bill(p, "20000.00", { transactionDate: "2026-11-10" }));
    expect(november.tds.amount).toBe("1460.00");
    expect(november.tds.shortfallFromEarlier).toEqual({
      amount: "1060.00",
      bills: [
        { id: april.id, humanReadableId: april.humanReadableId, date: "2026-04-15", base: "25000.00", tds: "500.00" },
        { id: june.id, humanReadableId: june.humanReadableId, date: "2026-06-20", base: "28000.00", tds: "560.00" },
      ],
    });
    expect(november.tds.reason).toContain(april.humanReadableId);
    expect(november.netPayable).toBe("18540.00");
    // The next bill deducts only its own: ₹10,000 × 2 % = ₹200.
    expect((await submitted(bill(p, "10000.00", { transactionDate: "2026-11-20" }))).tds).toMatchObject({ amount: "200.00", shortfallFromEarlier: null });
  });

  it("rent of a month: ₹45,000 deducts nothing; ₹50,000 in the next month deducts 10 % = ₹5,000 (reached at equality)", async () => {
    const p = await party(INDIVIDUAL, "Rent of land or building");
    const october = await submitted(bill(p, "45000.00", { transactionDate: "2026-10-01" }));
    expect(october.tds.amount).toBe("0.00");
    const november = await submitted(bill(p, "50000.00", { transactionDate: "2026-11-01" }));
    expect(november.tds).toMatchObject({ amount: "5000.00", shortfallFromEarlier: null });
    expect(november.tds.reason).toContain("a month");
  });

  it("194Q, once turned on: 0.1 % of what the year's purchases take above ₹50,00,000 (₹48,00,000 then ₹5,00,000: ₹300)", async () => {
    const goods = natures["Purchase of goods"]!;
    expect((await superAdmin.api.put(`/api/admin/tds-natures/${goods.id}`, { isActive: true })).status).toBe(200);
    try {
      const p = await party(COMPANY, "Purchase of goods");
      const first = await submitted(bill(p, "4800000.00", { transactionDate: "2026-06-01" }), superAdmin);
      expect(first.tds.amount).toBe("0.00");
      const second = await submitted(bill(p, "500000.00", { transactionDate: "2026-09-01" }), superAdmin);
      expect(second.tds).toMatchObject({ amount: "300.00", shortfallFromEarlier: null, rate: 0.1 });
      expect(second.netPayable).toBe("499700.00");
    } finally {
      await superAdmin.api.put(`/api/admin/tds-natures/${goods.id}`, { isActive: false });
    }
  });

  it("the financial year ends on 31 March and starts again on 1 April (bill dates are APP_TIMEZONE's calendar days; the clock sits at 01:00 on 1 April there, still 31 March in UTC)", async () => {
    now = new Date("2027-03-31T19:30:00Z");
    // Signed in at that moment: the suite's own sessions would have expired by then.
    const acc = await t.signIn("Accountant");
    const p = await party(INDIVIDUAL, "Professional fees", acc);
    // ₹30,000 on 31 March 2027; ₹30,000 on 1 April 2027 is in 2027-28: ₹30,000 < ₹50,000, nothing.
    const march = await submitted(bill(p, "30000.00", { transactionDate: "2027-03-31" }), acc);
    const april = await submitted(bill(p, "30000.00", { transactionDate: "2027-04-01" }), acc);
    expect([march.tds.amount, april.tds.amount]).toEqual(["0.00", "0.00"]);
    // A second ₹30,000 dated 31 March is in 2026-27 with the first: ₹60,000, ₹3,000 + ₹3,000.
    const lateMarch = await submitted(bill(p, "30000.00", { transactionDate: "2027-03-31" }), acc);
    expect(lateMarch.tds.amount).toBe("6000.00");
    expect(lateMarch.tds.shortfallFromEarlier.bills.map((b: { id: string }) => b.id)).toEqual([march.id]);
    // The GST invoice date counts, not the transaction date: an invoice of 1 April entered on 31 March is 2027-28's.
    const gst = {
      invoiceNumber: "AP/1",
      invoiceDate: "2027-04-01",
      placeOfSupply: "27",
      reverseCharge: false,
      itcEligible: false,
      lines: [{ hsnSac: "998222", taxableValue: "20000.00", rate: 18 }],
    };
    const invoiced = await submitted(bill(p, "23600.00", { transactionDate: "2027-03-31", gst }), acc);
    // 2027-28: ₹30,000 + ₹20,000 = ₹50,000 reached: ₹2,000 + April's ₹3,000.
    expect(invoiced.tds.amount).toBe("5000.00");
    expect(invoiced.tds.shortfallFromEarlier.bills.map((b: { id: string }) => b.id)).toEqual([april.id]);
  });
});

describe("decided again", () => {
  it("an edit recomputes it (the timeline says so), and a resubmit decides it from the bills counted then", async () => {
    const p = await party(INDIVIDUAL, "Professional fees");
    const draft = await created(accountant, bill(p, "20000.00"));
    expect(draft.tds.amount).toBe("0.00");
    const edited = await accountant.api.patch(`/api/transactions/${draft.id}`, { amount: "60000.00" });
    expect(edited.status).toBe(200);
    expect(edited.body.tds).toMatchObject({ base: "60000.00", amount: "6000.00" });
    const details = await accountant.api.get(`/api/transactions/${draft.id}`);
    expect(details.body.timeline.find((e: { kind: string }) => e.kind === "edited").detail).toContain(
      "TDS: ₹0.00 under 194J (10 %) → ₹6,000.00 under 194J (10 %)",
    );

    // Submitted at ₹20,000 (nothing), rejected, then a ₹40,000 bill is submitted (nothing: the
    // rejected one does not count); the resubmission makes ₹60,000: ₹2,000 + the ₹40,000 bill's ₹4,000.
    const first = await submitted(bill(p, "20000.00", { transactionDate: "2026-11-01" }));
    expect((await approver.api.post(`/api/transactions/${first.id}/reject`, {})).status).toBe(200);
    const second = await submitted(bill(p, "40000.00", { transactionDate: "2026-11-02" }));
    expect(second.tds.amount).toBe("0.00");
    const resubmitted = await accountant.api.post(`/api/transactions/${first.id}/submit`, {});
    expect(resubmitted.body.tds).toMatchObject({ amount: "6000.00", shortfallFromEarlier: { amount: "4000.00" } });
    expect((await txnRow(t.db, first.id))!.tds!.amount).toBe("6000.00");
  });

  it("choosing another nature or none on an edit; a new party brings its own usual nature", async () => {
    const prof = await party(INDIVIDUAL, "Professional fees");
    const tech = await party(INDIVIDUAL, "Technical services");
    const draft = await created(accountant, bill(prof, "60000.00"));
    expect(draft.tds.legacySection).toBe("194J");
    const other = await accountant.api.patch(`/api/transactions/${draft.id}`, { partyId: tech });
    expect(other.body.tds).toMatchObject({ natureId: natures["Technical services"]!.id, rate: 2, amount: "1200.00" });
    const none = await accountant.api.patch(`/api/transactions/${draft.id}`, { tds: null });
    expect(none.body.tds).toBeNull();
    // Changing the amount afterwards keeps "none".
    expect((await accountant.api.patch(`/api/transactions/${draft.id}`, { amount: "70000.00" })).body.tds).toBeNull();
  });

  it("a full override recomputes it, and flags an exported bill as changed since export", async () => {
    const p = await party(COMPANY, "Contractors");
    const b = await submitted(bill(p, "40000.00", { transactionDate: "2026-11-03" }));
    await approvedAndPaid(b.id, "2026-11-05");
    const batch = await accountant.api.post("/api/accounting/exports", { from: "2026-11-05", to: "2026-11-05", format: "tally" });
    expect(batch.status).toBe(201);
    now = new Date(NOW.getTime() + 60_000);
    const overridden = await superAdmin.api.put(`/api/admin/transactions/${b.id}/full-override`, { amount: "50000.00", reason: "Invoice corrected" });
    expect(overridden.status).toBe(200);
    // 2 % of ₹50,000 = ₹1,000.
    expect(overridden.body.tds).toMatchObject({ base: "50000.00", amount: "1000.00" });
    expect(overridden.body.netPayable).toBe("49000.00");
    const batches = await accountant.api.get("/api/accounting/exports");
    const mine = batches.body.batches.find((x: { id: string }) => x.id === batch.body.id);
    expect(mine.changedSinceExport.map((c: { id: string }) => c.id)).toEqual([b.id]);
    // The override may also set the nature, or none.
    const none = await superAdmin.api.put(`/api/admin/transactions/${b.id}/full-override`, { tds: null, reason: "No TDS: lower deduction certificate" });
    expect(none.body.tds).toBeNull();
  });
});

describe("the preview the form shows before submitting", () => {
  it("answers what a submission would deduct now, leaving the bill itself out of its earlier bills; Approvers and HR get 403", async () => {
    const p = await party(INDIVIDUAL, "Professional fees");
    const earlier = await submitted(bill(p, "30000.00"));
    const body = { partyId: p, natureId: natures["Professional fees"]!.id, amount: "23600.00", taxableValue: "20000.00", date: "2026-11-15" };
    const res = await accountant.api.post("/api/tds/preview", body);
    expect(res.status).toBe(200);
    // ₹30,000 + ₹20,000 = ₹50,000: ₹2,000 + ₹3,000; paid ₹23,600 − ₹5,000 = ₹18,600.
    expect(res.body).toMatchObject({ tds: { base: "20000.00", amount: "5000.00" }, netPayable: "18600.00" });
    const self = await accountant.api.post("/api/tds/preview", { ...body, transactionId: earlier.id });
    expect(self.body.tds.amount).toBe("0.00");
    for (const who of [approver, hrAdmin]) expect((await who.api.post("/api/tds/preview", body)).status).toBe(403);
    expect((await t.client().post("/api/tds/preview", body)).status).toBe(401);
    expect((await accountant.api.post("/api/tds/preview", { ...body, amount: "x" })).status).toBe(400);
  });
});

describe("in the books", () => {
  it("the Journal credits the party with the amount less TDS and the TDS ledger with TDS; the Payment pays the net; the masters put the TDS ledger under Duties & Taxes; the CSV journal the same", async () => {
    const p = await party(INDIVIDUAL, "Professional fees");
    const partyName = (await accountant.api.get(`/api/transactions/${(await created(accountant, bill(p, "1.00", { tds: null }))).id}`)).body.party.name;
    const b = await submitted(bill(p, "60000.00", { transactionDate: "2026-11-06" }));
    expect(b.tds.amount).toBe("6000.00");
    await approvedAndPaid(b.id, "2026-11-07");
    const batch = await accountant.api.post("/api/accounting/exports", { from: "2026-11-07", to: "2026-11-07", format: "tally" });
    expect(batch.status).toBe(201);
    const file = await accountant.api.get(`/api/accounting/exports/${batch.body.id}/file`);
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "@",
      parseTagValue: false,
      isArray: (name) => ["TALLYMESSAGE", "ALLLEDGERENTRIES.LIST"].includes(name),
    });
    const vouchers = parser.parse(file.text).ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((m: { VOUCHER: unknown }) => m.VOUCHER) as {
      "@VCHTYPE": string;
      "ALLLEDGERENTRIES.LIST": { LEDGERNAME: string; AMOUNT: string }[];
    }[];
    const ledger = natures["Professional fees"]!.ledgerName;
    expect(vouchers.map((v) => [v["@VCHTYPE"], v["ALLLEDGERENTRIES.LIST"].map((e) => [e.LEDGERNAME, e.AMOUNT])])).toEqual([
      [
        "Journal",
        [
          ["Vendor Payment", "-60000.00"],
          [partyName, "54000.00"],
          [ledger, "6000.00"],
        ],
      ],
      [
        "Payment",
        [
          [partyName, "-54000.00"],
          ["Bank Transfer", "54000.00"],
        ],
      ],
    ]);
    const masters = await accountant.api.get(`/api/accounting/exports/${batch.body.id}/masters`);
    const ledgers = parser
      .parse(masters.text)
      .ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((m: { LEDGER: { NAME: string; PARENT: string } }) => m.LEDGER);
    expect(ledgers.find((l: { NAME: string }) => l.NAME === ledger)).toMatchObject({ PARENT: "Duties & Taxes" });

    // A renamed TDS ledger: the batch keeps the name it was made with.
    await superAdmin.api.put(`/api/admin/tds-natures/${natures["Professional fees"]!.id}`, { ledgerName: "TDS Payable 194J" });
    try {
      expect((await accountant.api.get(`/api/accounting/exports/${batch.body.id}/file`)).text).toBe(file.text);
    } finally {
      await superAdmin.api.put(`/api/admin/tds-natures/${natures["Professional fees"]!.id}`, { ledgerName: ledger });
    }

    const c = await submitted(bill(p, "10000.00", { transactionDate: "2026-11-08" }));
    await approvedAndPaid(c.id, "2026-11-09");
    const csv = await accountant.api.post("/api/accounting/exports", { from: "2026-11-09", to: "2026-11-09", format: "csv" });
    const text = (await accountant.api.get(`/api/accounting/exports/${csv.body.id}/file`)).text;
    const lines = text.split("\r\n").map((l) => l.split(",").slice(1, 5).join(","));
    expect(lines).toContain(`Journal ${c.humanReadableId},${partyName},,9000.00`);
    expect(lines).toContain(`Journal ${c.humanReadableId},${ledger},,1000.00`);
    expect(lines).toContain(`Payment ${c.humanReadableId},${partyName},9000.00,`);
  });
});

describe("the TDS register of a quarter", () => {
  it("lists the deductions of bills Approved or later dated in the quarter, with the totals by nature for the challans; CSV the same", async () => {
    const prof = await party(INDIVIDUAL, "Professional fees");
    const contractor = await party(null, "Contractors");
    // Q4 of 2025-26 is January to March 2026: dates there are this test's alone.
    const a = await submitted(bill(prof, "60000.00", { transactionDate: "2026-01-10" }));
    const b = await submitted(bill(contractor, "40000.00", { transactionDate: "2026-03-31" }));
    const pending = await submitted(bill(prof, "10000.00", { transactionDate: "2026-02-01" }));
    const outside = await submitted(bill(prof, "10000.00", { transactionDate: "2026-04-01" }));
    for (const x of [a, b, outside]) expect((await approver.api.post(`/api/transactions/${x.id}/approve`, {})).status).toBe(200);
    expect(pending.tds.amount).toBe("1000.00");

    const res = await accountant.api.get("/api/tds/register?quarter=2025-Q4");
    expect(res.status).toBe(200);
    const profName = (await accountant.api.get(`/api/transactions/${a.id}`)).body.party.name;
    const contractorName = (await accountant.api.get(`/api/transactions/${b.id}`)).body.party.name;
    expect(res.body.rows).toEqual([
      {
        party: profName,
        pan: INDIVIDUAL,
        natureName: "Professional fees",
        legacySection: "194J",
        actReference: "393(1) Table Sl. 6(iii)",
        paymentCode: null,
        creditedOn: "2026-01-10",
        amount: "60000.00",
        rate: 10,
        tds: "6000.00",
        noPan: false,
      },
      {
        party: contractorName,
        pan: null,
        natureName: "Contractors",
        legacySection: "194C",
        actReference: "393(1) Table Sl. 6(i)",
        paymentCode: null,
        creditedOn: "2026-03-31",
        amount: "40000.00",
        rate: 20,
        tds: "8000.00",
        noPan: true,
      },
    ]);
    expect(res.body.totals).toEqual([
      { natureId: natures["Contractors"]!.id, natureName: "Contractors", legacySection: "194C", tds: "8000.00" },
      { natureId: natures["Professional fees"]!.id, natureName: "Professional fees", legacySection: "194J", tds: "6000.00" },
    ]);
    const csv = await accountant.api.get("/api/tds/register/export?quarter=2025-Q4");
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toContain("tds_register_2025-Q4.csv");
    const lines = csv.text
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("party,pan,nature,legacySection,actReference,paymentCode,creditedOn,amount,rate,tds,noPan");
    expect(lines.slice(1)).toEqual([
      `${profName},${INDIVIDUAL},Professional fees,194J,393(1) Table Sl. 6(iii),,2026-01-10,60000.00,10,6000.00,no`,
      `${contractorName},,Contractors,194C,393(1) Table Sl. 6(i),,2026-03-31,40000.00,20,8000.00,yes`,
    ]);
  });

  it("the crossing bill's amount is the base its deduction was worked on: its own and the earlier bills'", async () => {
    const p = await party(INDIVIDUAL, "Professional fees");
    const first = await submitted(bill(p, "30000.00", { transactionDate: "2025-04-10" }));
    const second = await submitted(bill(p, "30000.00", { transactionDate: "2025-04-20" }));
    for (const x of [first, second]) expect((await approver.api.post(`/api/transactions/${x.id}/approve`, {})).status).toBe(200);
    const res = await accountant.api.get("/api/tds/register?quarter=2025-Q1");
    expect(res.body.rows.map((r: { amount: string; tds: string }) => [r.amount, r.tds])).toEqual([["60000.00", "6000.00"]]);
  });

  it("is for Accountants and SuperAdmins: 401 signed out, 403 for Approvers and HR, 400 for a bad quarter", async () => {
    expect((await t.client().get("/api/tds/register?quarter=2026-Q1")).status).toBe(401);
    expect((await t.client().get("/api/tds/register/export?quarter=2026-Q1")).status).toBe(401);
    for (const who of [approver, hrAdmin]) {
      expect((await who.api.get("/api/tds/register?quarter=2026-Q1")).status).toBe(403);
      expect((await who.api.get("/api/tds/register/export?quarter=2026-Q1")).status).toBe(403);
    }
    for (const quarter of ["2026-Q5", "2026Q1", "", "1999-Q1"]) {
      const res = await accountant.api.get(`/api/tds/register?quarter=${quarter}`);
      expect(res.status, quarter).toBe(400);
      expect(res.body.issues[0].path).toBe("quarter");
    }
    expect((await superAdmin.api.get("/api/tds/register?quarter=2026-Q1")).status).toBe(200);
  });
});

describe("races", () => {
  it("two bills of one party submitted at once that together cross the yearly threshold deduct the shortfall exactly once", async () => {
    // Different categories, so the submit's category lock does not serialise them: only the lock per
    // party and nature does. Professional fees, 10 %: ₹30,000 submitted before; then ₹15,000 and
    // ₹15,000 at once make ₹60,000: whichever is second deducts ₹1,500 + ₹1,500 + ₹3,000 = ₹6,000.
    for (let round = 0; round < 3; round++) {
      const p = await party(INDIVIDUAL, "Professional fees");
      const [one, two] = await Promise.all([makeCategory(t.db), makeCategory(t.db)]);
      const earlier = await submitted(bill(p, "30000.00", { transactionDate: "2026-11-01" }));
      const drafts = await Promise.all([
        created(accountant, txnBody(one.id, { formType: "B", partyId: p, amount: "15000.00", transactionDate: "2026-11-02" })),
        created(accountant, txnBody(two.id, { formType: "B", partyId: p, amount: "15000.00", transactionDate: "2026-11-03" })),
      ]);
      const results = await Promise.all(drafts.map((d) => accountant.api.post(`/api/transactions/${d.id}/submit`, {})));
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      const rows = await Promise.all([earlier.id, ...drafts.map((d) => d.id)].map((id) => txnRow(t.db, id)));
      const amounts = rows.map((r) => r!.tds!.amount).sort();
      expect(amounts).toEqual(["0.00", "0.00", "6000.00"]);
      // The earlier bill and the first of the two are each deducted for once, on the second.
      const covering = rows.find((r) => r!.tds!.amount === "6000.00")!;
      const coveredIds = covering.tds!.shortfallFromEarlier!.bills.map((b) => b.id).sort();
      expect(coveredIds).toEqual(
        rows
          .filter((r) => r !== covering)
          .map((r) => r!.id)
          .sort(),
      );
      const total = (await t.db.select({ tds: transactions.tds }).from(transactions).where(eq(transactions.partyId, p))).reduce(
        (s, r) => s + Number(r.tds?.amount ?? 0),
        0,
      );
      expect(total).toBe(6000);
    }
  });
});
