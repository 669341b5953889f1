import { describe, expect, it } from "vitest";
import { checkGstAmount, computeGst, GST_RATES, lineTaxPaise, rateHundredths } from "./gst";
import { gstSchema, gstSummaryQuerySchema } from "./schemas/gst";

const MH = "27"; // the company's state in these tests
const line = (taxableValue: string, rate: number, hsnSac = "998314") => ({ hsnSac, taxableValue, rate });

describe("computeGst: CGST + SGST within the state, IGST across states (DECISIONS §12)", () => {
  it("splits an intra-state line into CGST and SGST at half the rate each", () => {
    const b = computeGst({ placeOfSupply: MH, reverseCharge: false, lines: [line("1000.00", 18)] }, MH);
    expect(b.supply).toBe("intra");
    expect(b.lines[0]).toMatchObject({ cgst: "90.00", sgst: "90.00", igst: "0.00", tax: "180.00" });
    expect(b).toMatchObject({
      taxableValue: "1000.00",
      cgst: "90.00",
      sgst: "90.00",
      igst: "0.00",
      totalTax: "180.00",
      invoiceTotal: "1180.00",
      payable: "1180.00",
    });
  });

  it("charges IGST at the whole rate when the place of supply is another state", () => {
    const b = computeGst({ placeOfSupply: "29", reverseCharge: false, lines: [line("1000.00", 18)] }, MH);
    expect(b.supply).toBe("inter");
    expect(b).toMatchObject({ cgst: "0.00", sgst: "0.00", igst: "180.00", totalTax: "180.00", invoiceTotal: "1180.00" });
  });

  it("adds up several lines at several rates, each line rounded on its own", () => {
    const b = computeGst(
      {
        placeOfSupply: MH,
        reverseCharge: false,
        lines: [line("1234.56", 18, "8471"), line("999.99", 5, "4820"), line("100.00", 0, "0401"), line("50.05", 28, "8703")],
      },
      MH,
    );
    // 1234.56 × 9 % = 111.1104 → 111.11 each; 999.99 × 2.5 % = 24.99975 → 25.00 each;
    // 0 % → 0; 50.05 × 14 % = 7.007 → 7.01 each.
    expect(b.lines.map((l) => [l.cgst, l.sgst, l.igst])).toEqual([
      ["111.11", "111.11", "0.00"],
      ["25.00", "25.00", "0.00"],
      ["0.00", "0.00", "0.00"],
      ["7.01", "7.01", "0.00"],
    ]);
    expect(b).toMatchObject({ taxableValue: "2384.60", cgst: "143.12", sgst: "143.12", totalTax: "286.24", invoiceTotal: "2670.84" });
  });

  it("takes the fractional rates exactly: 0.1, 0.25, 1.5 and 7.5 %", () => {
    const b = computeGst(
      { placeOfSupply: "07", reverseCharge: false, lines: [line("10000.00", 0.25), line("10000.00", 1.5), line("10000.00", 7.5), line("10000.00", 0.1)] },
      MH,
    );
    expect(b.lines.map((l) => l.igst)).toEqual(["25.00", "150.00", "750.00", "10.00"]);
    const intra = computeGst({ placeOfSupply: MH, reverseCharge: false, lines: [line("333.33", 0.25), line("333.33", 7.5), line("333.33", 1.5)] }, MH);
    // 333.33 × 0.125 % = 0.41666… → 0.42; × 3.75 % = 12.4998… → 12.50; × 0.75 % = 2.4999… → 2.50.
    expect(intra.lines.map((l) => l.cgst)).toEqual(["0.42", "12.50", "2.50"]);
    expect(intra.lines.every((l) => l.cgst === l.sgst)).toBe(true);
  });

  it("rounds half a paisa up (half up on paise), and below half down", () => {
    // 0.50 × 1 %... use 18 %: 0.25 × 9 % = 0.0225 → 0.02; 0.50 × 9 % = 0.045 → 0.05 (a half goes up).
    expect(lineTaxPaise(25n, 18, true)).toEqual({ cgst: 2n, sgst: 2n, igst: 0n });
    expect(lineTaxPaise(50n, 18, true)).toEqual({ cgst: 5n, sgst: 5n, igst: 0n });
    // 0.10 × 5 % = 0.005 → 0.01 IGST; 0.09 × 5 % = 0.0045 → 0.00.
    expect(lineTaxPaise(10n, 5, false).igst).toBe(1n);
    expect(lineTaxPaise(9n, 5, false).igst).toBe(0n);
    // 1.00 × 0.25 % / 2 = 0.00125 → 0.00; 2.00 → 0.0025 → 0.00; 4.00 → 0.005 → 0.01.
    expect(lineTaxPaise(400n, 0.25, true).cgst).toBe(1n);
    expect(lineTaxPaise(200n, 0.25, true).cgst).toBe(0n);
  });

  it("keeps the tax exact on the largest amounts (no floats)", () => {
    const b = computeGst({ placeOfSupply: "29", reverseCharge: false, lines: [line("999999999999.99", 28)] }, MH);
    expect(b.igst).toBe("280000000000.00"); // 279,999,999,999.9972 → .00
  });

  it("knows every listed rate and refuses any other", () => {
    for (const r of GST_RATES) expect(rateHundredths(r)).toBe(BigInt(Math.round(r * 100)));
    expect(() => rateHundredths(2)).toThrow(RangeError);
  });
});

describe("checkGstAmount: the amount is the invoice within ±₹1.00 of round-off", () => {
  const bill = (reverseCharge = false) => computeGst({ placeOfSupply: MH, reverseCharge, lines: [line("1000.00", 18)] }, MH);

  it("accepts the exact total with a round-off of 0", () => {
    expect(checkGstAmount("1180.00", bill(), false)).toEqual({ ok: true, roundOff: "0.00" });
  });

  it("accepts ₹1.00 either way and keeps it as the round-off", () => {
    expect(checkGstAmount("1181.00", bill(), false)).toEqual({ ok: true, roundOff: "1.00" });
    expect(checkGstAmount("1179.00", bill(), false)).toEqual({ ok: true, roundOff: "-1.00" });
  });

  it("refuses ₹1.01 either way, naming the difference", () => {
    const over = checkGstAmount("1181.01", bill(), false);
    expect(over).toMatchObject({ ok: false, difference: "1.01" });
    expect(over.ok === false && over.message).toContain("₹1.01");
    expect(over.ok === false && over.message).toContain("₹1,180.00");
    const under = checkGstAmount("1178.99", bill(), false);
    expect(under).toMatchObject({ ok: false, difference: "-1.01" });
  });

  it("under reverse charge the amount is the taxable value alone; the tax is the company's", () => {
    const b = bill(true);
    expect(b).toMatchObject({ payable: "1000.00", totalTax: "180.00", invoiceTotal: "1180.00" });
    expect(checkGstAmount("1000.00", b, true)).toEqual({ ok: true, roundOff: "0.00" });
    const paidTax = checkGstAmount("1180.00", b, true);
    expect(paidTax).toMatchObject({ ok: false, difference: "180.00" });
    expect(paidTax.ok === false && paidTax.message).toContain("reverse charge");
  });
});

describe("gst body schema", () => {
  const valid = {
    invoiceNumber: " INV/2026/001 ",
    invoiceDate: "2026-11-20",
    placeOfSupply: "27",
    lines: [{ hsnSac: "998314", taxableValue: 1000, rate: "7.5" }],
  };

  it("accepts a bill's GST and normalises it", () => {
    expect(gstSchema.parse(valid)).toEqual({
      invoiceNumber: "INV/2026/001",
      invoiceDate: "2026-11-20",
      placeOfSupply: "27",
      reverseCharge: false,
      itcEligible: false,
      lines: [{ hsnSac: "998314", taxableValue: "1000.00", rate: 7.5 }],
    });
  });

  it.each([
    [{ invoiceNumber: "" }, "Invoice number is required"],
    [{ invoiceNumber: "A".repeat(17) }, "Invoice number must be at most 16 characters"],
    [{ invoiceNumber: "INV\n1" }, "line break"],
    [{ invoiceDate: "2026-02-30" }, "Invoice date must be a valid date (YYYY-MM-DD)"],
    [{ placeOfSupply: "39" }, "Place of supply must be a state code"],
    [{ lines: [] }, "Add at least one GST line"],
    [{ lines: [{ hsnSac: "123", taxableValue: "1", rate: 18 }] }, "HSN/SAC must be 4 to 8 digits"],
    [{ lines: [{ hsnSac: "123456789", taxableValue: "1", rate: 18 }] }, "HSN/SAC must be 4 to 8 digits"],
    [{ lines: [{ hsnSac: "1234", taxableValue: "1.001", rate: 18 }] }, "Taxable value can have at most 2 decimal places"],
    [{ lines: [{ hsnSac: "1234", taxableValue: "0", rate: 18 }] }, "Taxable value must be a valid positive number"],
    [{ lines: [{ hsnSac: "1234", taxableValue: "1", rate: 2 }] }, "GST rate must be one of: 0, 0.1, 0.25, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40"],
    [{ cgst: "90.00" }, "Unknown GST field: cgst"],
  ])("refuses %j", (change, message) => {
    const result = gstSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(" | ")).toContain(message);
  });

  it("takes a month as YYYY-MM for the summary", () => {
    expect(gstSummaryQuerySchema.parse({ month: "2026-11" })).toEqual({ month: "2026-11" });
    expect(gstSummaryQuerySchema.safeParse({ month: "2026-13" }).success).toBe(false);
    expect(gstSummaryQuerySchema.safeParse({}).success).toBe(false);
  });
});
