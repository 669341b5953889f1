// The TDS rule (DECISIONS §12), each figure worked by hand in the test: the rate by the PAN's fourth
// character, no PAN, the single, monthly and yearly thresholds reached at equality, the shortfall on
// earlier bills, 194Q's excess, rounding to the rupee, the financial year's edge.
import { describe, expect, it } from "vitest";
import { decideTds, financialYear, netPayable, panKind, payWords, quarterBounds, rateFor, tdsPaise, type CountedBill, type TdsNatureTerms } from "./tds";
import { tdsNatureBodySchema, tdsRegisterQuerySchema } from "./schemas/tds";

const CONTRACTORS: TdsNatureTerms = {
  id: "c0000000-0000-4000-8000-000000000001",
  legacySection: "194C",
  actReference: "393(1) Table Sl. 6(i)",
  rateIndividual: 1,
  rateOther: 2,
  noPanRate: 20,
  singleThreshold: "30000.00",
  monthlyThreshold: null,
  yearlyThreshold: "100000.00",
  onlyAboveThreshold: false,
};
const PROFESSIONAL: TdsNatureTerms = {
  ...CONTRACTORS,
  id: "c0000000-0000-4000-8000-000000000002",
  legacySection: "194J",
  actReference: "393(1) Table Sl. 6(iii)",
  rateIndividual: 10,
  rateOther: 10,
  singleThreshold: null,
  yearlyThreshold: "50000.00",
};
const RENT: TdsNatureTerms = {
  ...CONTRACTORS,
  id: "c0000000-0000-4000-8000-000000000003",
  legacySection: "194-I(b)",
  actReference: "393(1) Table Sl. 2(ii)",
  rateIndividual: 10,
  rateOther: 10,
  singleThreshold: null,
  yearlyThreshold: null,
  monthlyThreshold: "50000.00",
};
const GOODS: TdsNatureTerms = {
  ...CONTRACTORS,
  id: "c0000000-0000-4000-8000-000000000004",
  legacySection: "194Q",
  actReference: "393(1) Table",
  rateIndividual: 0.1,
  rateOther: 0.1,
  noPanRate: 5,
  singleThreshold: null,
  yearlyThreshold: "5000000.00",
  onlyAboveThreshold: true,
};

const INDIVIDUAL = "ABCPK1234F"; // fourth character P: an individual
const HUF = "ABCHK1234F"; // H: a Hindu undivided family
const COMPANY = "AAACR5055K"; // C: a company

let n = 0;
/** A bill of the party already counted, as it kept its TDS. */
function counted(date: string, base: string, amount = "0.00", shortfall: CountedBill["tds"]["shortfallFromEarlier"] = null): CountedBill {
  n += 1;
  return {
    id: `b0000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    humanReadableId: `TXN-${String(n).padStart(6, "0")}`,
    date,
    tds: { base, amount, shortfallFromEarlier: shortfall },
  };
}
const bill = (date: string, base: string, amount = base) => ({ id: "a0000000-0000-4000-8000-000000000001", date, amount, base });

describe("the rate by the party's PAN", () => {
  it("P (individual) and H (HUF) take rateIndividual; any other holder rateOther", () => {
    expect([panKind(INDIVIDUAL), panKind(HUF), panKind(COMPANY), panKind(null)]).toEqual(["individual", "individual", "other", "none"]);
    expect(rateFor(CONTRACTORS, INDIVIDUAL).rate).toBe(1);
    expect(rateFor(CONTRACTORS, HUF).rate).toBe(1);
    expect(rateFor(CONTRACTORS, COMPANY).rate).toBe(2);
  });

  it("without a PAN: the no-PAN rate, or twice the rate when that is higher, and says why", () => {
    // Contractors: 20 % against 2 × 2 % = 4 %: 20 %.
    expect(rateFor(CONTRACTORS, null)).toMatchObject({ rate: 20, noPan: true });
    expect(rateFor(CONTRACTORS, null).why).toContain("no PAN");
    // 194Q: its no-PAN rate of 5 % against 2 × 0.1 % = 0.2 %: 5 %.
    expect(rateFor(GOODS, null).rate).toBe(5);
    // A nature whose no-PAN rate (5 %) is below twice its rate (2 × 10 % = 20 %): 20 %.
    expect(rateFor({ ...PROFESSIONAL, noPanRate: 5 }, null)).toMatchObject({ rate: 20, noPan: true });
    expect(rateFor({ ...PROFESSIONAL, noPanRate: 5 }, null).why).toContain("twice the rate");
  });
});

describe("rounding to the rupee", () => {
  it("rounds half a rupee up and less down", () => {
    // 1 % of ₹12,345.00 = ₹123.45 → ₹123; 1 % of ₹12,350.00 = ₹123.50 → ₹124; 2 % of ₹33,333.33 = ₹666.6666 → ₹667.
    expect(tdsPaise(1_234_500n, 100n)).toBe(12_300n);
    expect(tdsPaise(1_235_000n, 100n)).toBe(12_400n);
    expect(tdsPaise(3_333_333n, 200n)).toBe(66_700n);
    // 0.1 % of ₹3,00,000.00 = ₹300.
    expect(tdsPaise(30_000_000n, 10n)).toBe(30_000n);
  });

  it("a bill's TDS is whole rupees: 2 % of ₹30,333.33 is ₹606.67 → ₹607", () => {
    const tds = decideTds(CONTRACTORS, COMPANY, bill("2026-11-10", "30333.33"), []);
    expect(tds.amount).toBe("607.00");
    expect(netPayable("30333.33", tds)).toBe("29726.33");
  });
});

describe("thresholds, reached at equality", () => {
  it("a contractor's single bill: ₹29,999.99 deducts nothing, ₹30,000.00 deducts 1 % (₹300) from an individual, 2 % (₹600) from a company", () => {
    expect(decideTds(CONTRACTORS, INDIVIDUAL, bill("2026-11-10", "29999.99"), []).amount).toBe("0.00");
    const individual = decideTds(CONTRACTORS, INDIVIDUAL, bill("2026-11-10", "30000.00"), []);
    expect(individual).toMatchObject({ amount: "300.00", rate: 1, base: "30000.00", shortfallFromEarlier: null, noPan: false, legacySection: "194C" });
    expect(individual.reason).toContain("reaches ₹30,000.00 a bill");
    expect(decideTds(CONTRACTORS, COMPANY, bill("2026-11-10", "30000.00"), []).amount).toBe("600.00");
    // Without a PAN: 20 % of ₹30,000 = ₹6,000, and the bill says why.
    const noPan = decideTds(CONTRACTORS, null, bill("2026-11-10", "30000.00"), []);
    expect(noPan).toMatchObject({ amount: "6000.00", rate: 20, noPan: true });
    expect(noPan.reason).toContain("no PAN");
  });

  it("the yearly threshold crossed: the bill deducts its own TDS and the earlier bills' that deducted nothing, naming them", () => {
    // A company contractor, 2 %. April ₹25,000 (nothing), June ₹28,000 (nothing), August ₹30,000
    // (single threshold: ₹600 deducted then). November ₹20,000 takes the year to ₹1,03,000 ≥ ₹1,00,000:
    // its own 2 % × 20,000 = ₹400, plus April's 2 % × 25,000 = ₹500 and June's 2 % × 28,000 = ₹560 = ₹1,460.
    const april = counted("2026-04-15", "25000.00");
    const june = counted("2026-06-20", "28000.00");
    const august = counted("2026-08-05", "30000.00", "600.00");
    const tds = decideTds(CONTRACTORS, COMPANY, bill("2026-11-10", "20000.00"), [june, august, april]);
    expect(tds.amount).toBe("1460.00");
    expect(tds.shortfallFromEarlier).toEqual({
      amount: "1060.00",
      bills: [
        { id: april.id, humanReadableId: april.humanReadableId, date: "2026-04-15", base: "25000.00", tds: "500.00" },
        { id: june.id, humanReadableId: june.humanReadableId, date: "2026-06-20", base: "28000.00", tds: "560.00" },
      ],
    });
    expect(tds.reason).toContain(april.humanReadableId);
    expect(tds.reason).toContain("₹1,03,000.00");

    // Below it the year deducts nothing: ₹25,000 + ₹28,000 + ₹20,000 = ₹73,000.
    expect(decideTds(CONTRACTORS, COMPANY, bill("2026-11-10", "20000.00"), [april, june]).amount).toBe("0.00");
    // Professional fees, 10 %, ₹50,000 a year: ₹20,000 then ₹29,999.99 is ₹49,999.99, below; ₹20,000
    // then ₹30,000 is ₹50,000.00 exactly, reached: ₹3,000 + the first bill's ₹2,000 = ₹5,000.
    const first = counted("2026-05-01", "20000.00");
    expect(decideTds(PROFESSIONAL, INDIVIDUAL, bill("2026-05-02", "29999.99"), [first]).amount).toBe("0.00");
    const atEquality = decideTds(PROFESSIONAL, INDIVIDUAL, bill("2026-05-02", "30000.00"), [first]);
    expect(atEquality.amount).toBe("5000.00");
    expect(atEquality.reason).toContain("reaching ₹50,000.00 a year");
  });

  it("deducts no more than the bill: what does not fit is left for the party's next bill", () => {
    // ₹49,999.99 of professional fees deducted nothing; a ₹100 bill reaches ₹50,000 a year. Its own
    // 10 % is ₹10; the earlier bill's ₹5,000 does not fit in a ₹100 bill, so it waits.
    const first = counted("2026-05-01", "49999.99");
    const small = decideTds(PROFESSIONAL, INDIVIDUAL, bill("2026-05-02", "100.00"), [first]);
    expect(small).toMatchObject({ amount: "10.00", shortfallFromEarlier: null });
    expect(small.reason).toContain("left for the party's next bill");
    // The next ₹60,000 bill deducts its ₹6,000 and the waiting ₹5,000.
    const next = decideTds(PROFESSIONAL, INDIVIDUAL, bill("2026-05-03", "60000.00"), [first, counted("2026-05-02", "100.00", "10.00")]);
    expect(next.amount).toBe("11000.00");
  });

  it("an earlier bill already deducted for is never deducted again, and says where it was", () => {
    // Professional fees, 10 %: ₹30,000 in May (nothing), then ₹30,000 in June crosses ₹50,000: ₹3,000 + ₹3,000 = ₹6,000.
    const may = counted("2026-05-10", "30000.00");
    const june = decideTds(PROFESSIONAL, INDIVIDUAL, { ...bill("2026-06-10", "30000.00"), id: "d0000000-0000-4000-8000-000000000001" }, [may]);
    expect(june.amount).toBe("6000.00");
    const juneKept = { id: "d0000000-0000-4000-8000-000000000001", humanReadableId: "TXN-900001", date: "2026-06-10", tds: june };
    // July's ₹10,000 deducts only its own ₹1,000.
    const july = decideTds(PROFESSIONAL, INDIVIDUAL, bill("2026-07-10", "10000.00"), [may, juneKept]);
    expect(july).toMatchObject({ amount: "1000.00", shortfallFromEarlier: null });
    // May's bill decided again (an override): nothing, since June deducted it.
    const mayAgain = decideTds(PROFESSIONAL, INDIVIDUAL, { id: may.id, date: may.date, amount: "30000.00", base: "30000.00" }, [juneKept]);
    expect(mayAgain.amount).toBe("0.00");
    expect(mayAgain.reason).toContain("TXN-900001");
  });

  it("rent of a month: ₹45,000 in April deducts nothing; ₹50,000 in May deducts 10 % (₹5,000); a second April bill of ₹10,000 takes April to ₹55,000 and deducts ₹1,000 + April's ₹4,500", () => {
    const april = counted("2026-04-01", "45000.00");
    expect(decideTds(RENT, INDIVIDUAL, bill("2026-04-01", "45000.00"), []).amount).toBe("0.00");
    const may = decideTds(RENT, INDIVIDUAL, bill("2026-05-01", "50000.00"), [april]);
    expect(may).toMatchObject({ amount: "5000.00", shortfallFromEarlier: null });
    expect(may.reason).toContain("reaching ₹50,000.00 a month");
    const laterApril = decideTds(RENT, INDIVIDUAL, bill("2026-04-20", "10000.00"), [april, counted("2026-05-01", "50000.00", "5000.00")]);
    expect(laterApril.amount).toBe("5500.00");
    expect(laterApril.shortfallFromEarlier?.bills.map((b) => [b.humanReadableId, b.tds])).toEqual([[april.humanReadableId, "4500.00"]]);
  });

  it("194Q deducts 0.1 % only on what the year takes above ₹50,00,000, and no shortfall arises", () => {
    // Earlier purchases ₹48,00,000; this ₹5,00,000 takes the year to ₹53,00,000: 0.1 % of ₹3,00,000 = ₹300.
    const earlier = counted("2026-06-01", "4800000.00");
    const crossing = decideTds(GOODS, COMPANY, bill("2026-09-01", "500000.00"), [earlier]);
    expect(crossing).toMatchObject({ amount: "300.00", shortfallFromEarlier: null, base: "500000.00" });
    expect(crossing.reason).toContain("₹3,00,000.00");
    // The next ₹1,00,000 is all above: ₹100.
    expect(decideTds(GOODS, COMPANY, bill("2026-10-01", "100000.00"), [earlier, counted("2026-09-01", "500000.00", "300.00")]).amount).toBe("100.00");
    // Below it: nothing.
    expect(decideTds(GOODS, COMPANY, bill("2026-09-01", "100000.00"), [earlier]).amount).toBe("0.00");
  });

  it("a nature without any threshold always deducts", () => {
    const always = { ...CONTRACTORS, singleThreshold: null, yearlyThreshold: null };
    expect(decideTds(always, COMPANY, bill("2026-11-10", "100.00"), []).amount).toBe("2.00");
  });
});

describe("the financial year, April to March", () => {
  it("31 March and 1 April are in different years, so the year's total starts again", () => {
    expect(financialYear("2027-03-31")).toEqual({ from: "2026-04-01", to: "2027-03-31", label: "2026-27" });
    expect(financialYear("2027-04-01")).toEqual({ from: "2027-04-01", to: "2028-03-31", label: "2027-28" });
    // Professional fees: ₹30,000 on 31 March 2027, then ₹30,000 on 1 April 2027: a new year, ₹30,000 < ₹50,000.
    const march = counted("2027-03-31", "30000.00");
    expect(decideTds(PROFESSIONAL, INDIVIDUAL, bill("2027-04-01", "30000.00"), [march]).amount).toBe("0.00");
    // The same second bill dated 31 March: ₹60,000 in 2026-27, ₹3,000 + ₹3,000.
    expect(decideTds(PROFESSIONAL, INDIVIDUAL, bill("2027-03-31", "30000.00"), [march]).amount).toBe("6000.00");
  });

  it("quarters: Q1 April–June … Q4 January–March of the next calendar year", () => {
    expect(quarterBounds("2026-Q1")).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(quarterBounds("2026-Q3")).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(quarterBounds("2026-Q4")).toEqual({ from: "2027-01-01", to: "2027-03-31" });
    expect(tdsRegisterQuerySchema.safeParse({ quarter: "2026-Q5" }).success).toBe(false);
    expect(tdsRegisterQuerySchema.safeParse({ quarter: "26-Q1" }).success).toBe(false);
  });
});

describe("the words of the payment screens", () => {
  it("say what is paid and what is deducted under which section", () => {
    expect(payWords("59000.00", { amount: "5000.00", legacySection: "194J" })).toBe("Pay ₹54,000.00 (TDS ₹5,000.00 deducted under 194J)");
    expect(payWords("1200.00", { amount: "0.00", legacySection: "194J" })).toBe("Pay ₹1,200.00");
    expect(payWords("1200.00", null)).toBe("Pay ₹1,200.00");
  });
});

describe("a nature's body", () => {
  it("defaults the no-PAN rate to 20 %, refuses a rate above 100 or with 3 decimals, and 194Q-style without a yearly threshold", () => {
    const base = { name: "X", legacySection: "194C", actReference: "393(1)", rateIndividual: 1, rateOther: "2", ledgerName: "TDS X" };
    expect(tdsNatureBodySchema.parse(base)).toMatchObject({
      noPanRate: 20,
      rateOther: 2,
      onlyAboveThreshold: false,
      isActive: true,
      paymentCode: null,
      singleThreshold: null,
    });
    expect(tdsNatureBodySchema.safeParse({ ...base, rateOther: 101 }).success).toBe(false);
    expect(tdsNatureBodySchema.safeParse({ ...base, rateOther: 0.125 }).success).toBe(false);
    expect(tdsNatureBodySchema.safeParse({ ...base, onlyAboveThreshold: true }).error?.issues[0]?.path).toEqual(["yearlyThreshold"]);
  });
});
