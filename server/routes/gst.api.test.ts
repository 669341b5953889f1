// DECISIONS §12: GST on a bill. The server computes every tax from what was entered, refuses an
// amount that does not match (naming the difference), keeps the round-off, refuses ITC without a
// party that has a GSTIN and GST on a receipt, and adds a month's bills up by rate.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { parties, settings, transactions, type CategoryRow } from "../db/schema";
import { auditEntries, builtinCategory, txnBody, txnRow } from "../test/transaction-fixtures";
import { computeGst } from "../../shared/gst";
import { paiseToString, toPaise } from "../../shared/money";
import type { TransactionStatus } from "../../shared/constants";

const NOW = new Date("2026-11-24T09:00:00Z");
let t: TestApp;
type Who = { user: MadeUser; api: ApiClient };
let accountant: Who;
let approver: Who;
let superAdmin: Who;
let vendor: CategoryRow;

const COMPANY_STATE = "27"; // Maharashtra

async function setCompanyState(stateCode: string | null) {
  const value = { legalName: "Acme Exports Pvt Ltd", gstin: null, stateCode };
  await t.db.insert(settings).values({ key: "company", value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

const gstOf = (overrides: Record<string, unknown> = {}) => ({
  invoiceNumber: "INV/26/101",
  invoiceDate: "2026-11-18",
  placeOfSupply: COMPANY_STATE,
  reverseCharge: false,
  itcEligible: false,
  lines: [{ hsnSac: "998314", taxableValue: "1000.00", rate: 18 }],
  ...overrides,
});

const bill = (amount: string, gst: Record<string, unknown> | null, overrides: Record<string, unknown> = {}) =>
  txnBody(vendor.id, { formType: "B", amount, transactionDate: "2026-11-20", description: "Consulting invoice", gst, ...overrides });

async function count(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  [accountant, approver, superAdmin] = await Promise.all([t.signIn("Accountant"), t.signIn("Approver"), t.signIn("SuperAdmin")]);
  vendor = await builtinCategory(t.db, "Vendor Payment");
});
beforeEach(async () => {
  await setCompanyState(COMPANY_STATE);
});
afterAll(async () => {
  await t?.close();
});

describe("GST on a bill: computed by the server", () => {
  it("splits an intra-state bill into CGST and SGST, keeps it, and answers the breakup on GET", async () => {
    const res = await accountant.api.post("/api/transactions", bill("1180.00", gstOf()));
    expect(res.status).toBe(201);
    const details = await accountant.api.get(`/api/transactions/${res.body.id}`);
    expect(details.status).toBe(200);
    expect(details.body.gst).toEqual({
      invoiceNumber: "INV/26/101",
      invoiceDate: "2026-11-18",
      placeOfSupply: "27",
      reverseCharge: false,
      itcEligible: false,
      supply: "intra",
      lines: [{ hsnSac: "998314", taxableValue: "1000.00", rate: 18, cgst: "90.00", sgst: "90.00", igst: "0.00", tax: "180.00" }],
      taxableValue: "1000.00",
      cgst: "90.00",
      sgst: "90.00",
      igst: "0.00",
      totalTax: "180.00",
      invoiceTotal: "1180.00",
      payable: "1180.00",
      roundOff: "0.00",
    });
    expect((await txnRow(t.db, res.body.id))?.gst?.cgst).toBe("90.00");
    // The list carries it too, in the same shape.
    const list = await accountant.api.get("/api/transactions?limit=200");
    expect(list.body.transactions.find((x: { id: string }) => x.id === res.body.id).gst).toEqual(details.body.gst);
  });

  it("charges IGST when the place of supply is another state, over several lines and fractional rates", async () => {
    const lines = [
      { hsnSac: "7113", taxableValue: "10000.00", rate: 3 },
      { hsnSac: "7102", taxableValue: "333.33", rate: 0.25 },
      { hsnSac: "996511", taxableValue: "2000", rate: "7.5" },
    ];
    // 300.00 + 0.83 (0.833325) + 150.00 = 450.83; total 12333.33 + 450.83 = 12784.16
    const res = await accountant.api.post("/api/transactions", bill("12784.16", gstOf({ placeOfSupply: "29", lines })));
    expect(res.status).toBe(201);
    expect(res.body.gst).toMatchObject({ supply: "inter", cgst: "0.00", sgst: "0.00", igst: "450.83", taxableValue: "12333.33", invoiceTotal: "12784.16" });
    expect(res.body.gst.lines.map((l: { igst: string }) => l.igst)).toEqual(["300.00", "0.83", "150.00"]);
  });

  it("refuses a mismatch with a 400 naming the difference, and stores nothing", async () => {
    const before = await count();
    const res = await accountant.api.post("/api/transactions", bill("1200.00", gstOf()));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("₹20.00");
    expect(res.body.message).toContain("₹1,180.00");
    expect(res.body.issues).toEqual([{ path: "amount", message: res.body.message }]);
    expect(await count()).toBe(before);
  });

  it("accepts a round-off of ₹1.00 either way and keeps it; refuses ₹1.01", async () => {
    const up = await accountant.api.post("/api/transactions", bill("1181.00", gstOf()));
    expect(up.status).toBe(201);
    expect(up.body.gst.roundOff).toBe("1.00");
    const down = await accountant.api.post("/api/transactions", bill("1179.00", gstOf()));
    expect(down.status).toBe(201);
    expect(down.body.gst.roundOff).toBe("-1.00");
    for (const amount of ["1181.01", "1178.99"]) {
      const res = await accountant.api.post("/api/transactions", bill(amount, gstOf()));
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("₹1.01");
    }
  });

  it("under reverse charge the amount is the taxable value; the tax is the company's, shown apart", async () => {
    const ok = await accountant.api.post("/api/transactions", bill("1000.00", gstOf({ reverseCharge: true, placeOfSupply: "07" })));
    expect(ok.status).toBe(201);
    expect(ok.body.gst).toMatchObject({ reverseCharge: true, igst: "180.00", totalTax: "180.00", payable: "1000.00", roundOff: "0.00" });
    const paidTax = await accountant.api.post("/api/transactions", bill("1180.00", gstOf({ reverseCharge: true })));
    expect(paidTax.status).toBe(400);
    expect(paidTax.body.message).toContain("reverse charge");
    expect(paidTax.body.message).toContain("₹180.00");
  });

  it("never takes the client's taxes: a line with cgst is refused", async () => {
    const res = await accountant.api.post(
      "/api/transactions",
      bill("1180.00", gstOf({ lines: [{ hsnSac: "998314", taxableValue: "1000.00", rate: 18, cgst: "500.00" }] })),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("cgst");
  });

  it("refuses GST on a receipt (Form R), on create and when an edit turns a GST bill into a receipt", async () => {
    const before = await count();
    const receipt = await accountant.api.post("/api/transactions", bill("1180.00", gstOf(), { formType: "R" }));
    expect(receipt.status).toBe(400);
    expect(receipt.body.message).toContain("Form B");
    expect(await count()).toBe(before);
    const made = await accountant.api.post("/api/transactions", bill("1180.00", gstOf()));
    const toReceipt = await accountant.api.patch(`/api/transactions/${made.body.id}`, { formType: "R" });
    expect(toReceipt.status).toBe(400);
    expect((await txnRow(t.db, made.body.id))?.formType).toBe("B");
    // Removing the GST with it is fine.
    const both = await accountant.api.patch(`/api/transactions/${made.body.id}`, { formType: "R", gst: null });
    expect(both.status).toBe(200);
    expect(both.body.gst).toBeNull();
  });

  it("refuses ITC without a party that has a GSTIN; accepts it once the bill names one", async () => {
    const none = await accountant.api.post("/api/transactions", bill("1180.00", gstOf({ itcEligible: true })));
    expect(none.status).toBe(400);
    expect(none.body.message).toContain("GSTIN");
    const made = await accountant.api.post("/api/transactions", bill("1180.00", gstOf()));
    const [noGstin] = await t.db
      .insert(parties)
      .values({ name: `Cash vendor ${made.body.id}` })
      .returning();
    await t.db.update(transactions).set({ partyId: noGstin!.id }).where(eq(transactions.id, made.body.id));
    const stillNone = await accountant.api.patch(`/api/transactions/${made.body.id}`, { gst: gstOf({ itcEligible: true }) });
    expect(stillNone.status).toBe(400);
    expect(stillNone.body.message).toContain("GSTIN");
    const [registered] = await t.db
      .insert(parties)
      .values({ name: `Registered ${made.body.id}`, gstin: "27AAPFU0939F1ZV", stateCode: "27", pan: "AAPFU0939F" })
      .returning();
    await t.db.update(transactions).set({ partyId: registered!.id }).where(eq(transactions.id, made.body.id));
    const ok = await accountant.api.patch(`/api/transactions/${made.body.id}`, { gst: gstOf({ itcEligible: true }) });
    expect(ok.status).toBe(200);
    expect(ok.body.gst.itcEligible).toBe(true);
    // The party losing its GSTIN before the bill is submitted: submit checks again.
    await t.db.update(parties).set({ gstin: null, pan: null }).where(eq(parties.id, registered!.id));
    const submit = await accountant.api.post(`/api/transactions/${made.body.id}/submit`, {});
    expect(submit.status).toBe(400);
    expect(submit.body.message).toContain("GSTIN");
    expect((await txnRow(t.db, made.body.id))?.status).toBe("Draft");
  });

  it("takes ITC on a bill created naming a party with a GSTIN", async () => {
    const [registered] = await t.db
      .insert(parties)
      .values({ name: "Named at create", gstin: "27AAPFU0939F1ZV", stateCode: "27", pan: "AAPFU0939F" })
      .returning();
    const res = await accountant.api.post("/api/transactions", bill("1180.00", gstOf({ itcEligible: true }), { partyId: registered!.id }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.gst.itcEligible).toBe(true);
  });

  it("needs the company's state to tell CGST + SGST from IGST", async () => {
    await setCompanyState(null);
    const res = await accountant.api.post("/api/transactions", bill("1180.00", gstOf()));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("company's state");
  });

  it("checks an edit's new amount against the stored GST, keeping the new round-off, and tells it on the timeline", async () => {
    const made = await accountant.api.post("/api/transactions", bill("1180.00", gstOf()));
    const far = await accountant.api.patch(`/api/transactions/${made.body.id}`, { amount: "1190.00" });
    expect(far.status).toBe(400);
    expect(far.body.message).toContain("₹10.00");
    const near = await accountant.api.patch(`/api/transactions/${made.body.id}`, { amount: "1180.40" });
    expect(near.status).toBe(200);
    expect(near.body.gst.roundOff).toBe("0.40");
    const timeline = (await accountant.api.get(`/api/transactions/${made.body.id}`)).body.timeline as { kind: string; detail?: string }[];
    expect(timeline.find((e) => e.kind === "edited")?.detail).toContain(
      "GST: invoice INV/26/101, ₹1,000.00 + GST ₹180.00 → invoice INV/26/101, ₹1,000.00 + GST ₹180.00, round-off ₹0.40",
    );
  });

  it("re-checks a full override, and audits the GST before and after", async () => {
    const made = await accountant.api.post("/api/transactions", bill("1180.00", gstOf()));
    const bad = await superAdmin.api.put(`/api/admin/transactions/${made.body.id}/full-override`, { amount: "2000.00", reason: "Typo" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("₹820.00");
    const good = await superAdmin.api.put(`/api/admin/transactions/${made.body.id}/full-override`, {
      amount: "2360.00",
      gst: gstOf({ lines: [{ hsnSac: "998314", taxableValue: "2000", rate: 18 }] }),
      reason: "Invoice was for two months",
    });
    expect(good.status).toBe(200);
    expect(good.body.gst).toMatchObject({ taxableValue: "2000.00", cgst: "180.00", sgst: "180.00" });
    const [entry] = await auditEntries(t.db, made.body.id, "full_override");
    expect((entry!.beforeData as { gst: { taxableValue: string } }).gst.taxableValue).toBe("1000.00");
    expect((entry!.afterData as { gst: { taxableValue: string } }).gst.taxableValue).toBe("2000.00");
  });
});

describe("GET /api/gst/summary", () => {
  const MONTH = "2026-10";
  async function billIn(status: TransactionStatus, amount: string, gst: Record<string, unknown>, partyId?: string) {
    const res = await accountant.api.post("/api/transactions", bill(amount, { ...gst, itcEligible: false }));
    expect(res.status).toBe(201);
    if (partyId) {
      await t.db.update(transactions).set({ partyId }).where(eq(transactions.id, res.body.id));
      const itc = await accountant.api.patch(`/api/transactions/${res.body.id}`, { gst });
      expect(itc.status, JSON.stringify(itc.body)).toBe(200);
    }
    await t.db.update(transactions).set({ status }).where(eq(transactions.id, res.body.id));
    return res.body.id as string;
  }

  it("adds up the month's accepted bills by rate, reverse charge and ITC apart; the sums match the rows", async () => {
    const [registered] = await t.db
      .insert(parties)
      .values({ name: "Summary vendor", gstin: "29AAGCB7383J1Z4", stateCode: "29", pan: "AAGCB7383J" })
      .returning();
    const twoRates = {
      invoiceDate: "2026-10-03",
      lines: [
        { hsnSac: "8471", taxableValue: "1000", rate: 18 },
        { hsnSac: "4820", taxableValue: "200", rate: 5 },
      ],
    };
    const a = await billIn("Approved", "1390.00", gstOf({ ...twoRates, invoiceNumber: "A-1" })); // 180 + 10
    const b = await billIn(
      "Paid",
      "590.00",
      gstOf({
        invoiceDate: "2026-10-31",
        placeOfSupply: "29",
        invoiceNumber: "B-1",
        itcEligible: true,
        lines: [{ hsnSac: "8471", taxableValue: "500", rate: 18 }],
      }),
      registered!.id,
    );
    const c = await billIn(
      "Completed",
      "5000.00",
      gstOf({ invoiceDate: "2026-10-15", reverseCharge: true, invoiceNumber: "C-1", lines: [{ hsnSac: "996511", taxableValue: "5000", rate: 5 }] }),
    );
    // Not counted: a Draft, a Pending, a Rejected bill, and one dated in the next or the previous month.
    await billIn("Draft", "1180.00", gstOf({ invoiceDate: "2026-10-10" }));
    await billIn("Pending", "1180.00", gstOf({ invoiceDate: "2026-10-10" }));
    await billIn("Rejected", "1180.00", gstOf({ invoiceDate: "2026-10-10" }));
    await billIn("Paid", "1180.00", gstOf({ invoiceDate: "2026-11-01" }));
    await billIn("Paid", "1180.00", gstOf({ invoiceDate: "2026-09-30" }));

    const res = await accountant.api.get(`/api/gst/summary?month=${MONTH}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      month: MONTH,
      from: "2026-10-01",
      to: "2026-10-31",
      forwardCharge: {
        rows: [
          { rate: 5, lines: 1, bills: 1, taxableValue: "200.00", cgst: "5.00", sgst: "5.00", igst: "0.00", totalTax: "10.00" },
          { rate: 18, lines: 2, bills: 2, taxableValue: "1500.00", cgst: "90.00", sgst: "90.00", igst: "90.00", totalTax: "270.00" },
        ],
        total: { bills: 2, taxableValue: "1700.00", cgst: "95.00", sgst: "95.00", igst: "90.00", totalTax: "280.00" },
      },
      reverseCharge: {
        rows: [{ rate: 5, lines: 1, bills: 1, taxableValue: "5000.00", cgst: "125.00", sgst: "125.00", igst: "0.00", totalTax: "250.00" }],
        total: { bills: 1, taxableValue: "5000.00", cgst: "125.00", sgst: "125.00", igst: "0.00", totalTax: "250.00" },
      },
      inputTaxCredit: { bills: 1, taxableValue: "500.00", cgst: "0.00", sgst: "0.00", igst: "90.00", totalTax: "90.00" },
    });
    // The same sums straight from the stored bills.
    const rows = await t.db
      .select({ gst: transactions.gst })
      .from(transactions)
      .where(sql`${transactions.id} in (${a}, ${b}, ${c})`);
    const taxes = rows.map((r) => computeGst(r.gst!, COMPANY_STATE));
    expect(paiseToString(taxes.reduce((s, x) => s + toPaise(x.totalTax), 0n))).toBe("530.00");

    const csv = await accountant.api.get(`/api/gst/summary/export?month=${MONTH}`);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="gst_summary_${MONTH}.csv"`);
    expect(csv.text.replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      "section,rate,bills,taxable value,cgst,sgst,igst,total tax",
      "Forward charge,5%,1,200.00,5.00,5.00,0.00,10.00",
      "Forward charge,18%,2,1500.00,90.00,90.00,90.00,270.00",
      "Forward charge,Total,2,1700.00,95.00,95.00,90.00,280.00",
      "Reverse charge,5%,1,5000.00,125.00,125.00,0.00,250.00",
      "Reverse charge,Total,1,5000.00,125.00,125.00,0.00,250.00",
      "Input tax credit,Total,1,500.00,0.00,0.00,90.00,90.00",
      "",
    ]);
  });

  it("answers an empty month with zeros", async () => {
    const res = await superAdmin.api.get("/api/gst/summary?month=2020-01");
    expect(res.status).toBe(200);
    expect(res.body.forwardCharge).toEqual({ rows: [], total: { bills: 0, taxableValue: "0.00", cgst: "0.00", sgst: "0.00", igst: "0.00", totalTax: "0.00" } });
  });

  it("tells the form the company's state", async () => {
    expect((await accountant.api.get("/api/gst/context")).body).toEqual({ companyStateCode: "27" });
    await setCompanyState(null);
    expect((await accountant.api.get("/api/gst/context")).body).toEqual({ companyStateCode: null });
    expect((await approver.api.get("/api/gst/context")).status).toBe(403);
  });

  it("is for Accountant and SuperAdmin; a month is required and well-formed", async () => {
    expect((await approver.api.get("/api/gst/summary?month=2026-10")).status).toBe(403);
    const bad = await accountant.api.get("/api/gst/summary?month=2026-13");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("YYYY-MM");
    expect((await accountant.api.get("/api/gst/summary")).status).toBe(400);
  });
});
