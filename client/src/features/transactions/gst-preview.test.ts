import { describe, expect, it } from "vitest";
import { emptyGstForm } from "./gst-form";
import { previewGst } from "./gst-preview";

const form = (lines: { hsnSac: string; taxableValue: string; rate: string }[], placeOfSupply = "27", reverseCharge = false) => ({
  ...emptyGstForm(placeOfSupply, "2026-11-20"),
  reverseCharge,
  lines,
});

describe("previewGst: the form's taxes as typed", () => {
  it("shows nothing until the company's state is known and a line is valid", () => {
    expect(previewGst(form([{ hsnSac: "", taxableValue: "1000", rate: "18" }]), "", null)).toBeNull();
    expect(previewGst(form([{ hsnSac: "", taxableValue: "", rate: "18" }]), "", "27")).toBeNull();
  });

  it("computes the valid lines and leaves the unfinished ones out, keeping their places", () => {
    const p = previewGst(
      form([
        { hsnSac: "", taxableValue: "1000", rate: "18" },
        { hsnSac: "", taxableValue: "12.3.4", rate: "5" },
        { hsnSac: "", taxableValue: "200", rate: "5" },
      ]),
      "1190.00",
      "27",
    )!;
    expect(p.lineTaxes.map((l) => l?.cgst ?? null)).toEqual(["90.00", null, "5.00"]);
    expect(p.breakup).toMatchObject({ taxableValue: "1200.00", totalTax: "190.00", invoiceTotal: "1390.00" });
    expect(p.check).toMatchObject({ ok: false, difference: "-200.00" });
  });

  it("agrees with the server's round-off rule and reverse charge", () => {
    expect(previewGst(form([{ hsnSac: "", taxableValue: "1000", rate: "18" }], "29"), "1181", "27")!.check).toEqual({ ok: true, roundOff: "1.00" });
    expect(previewGst(form([{ hsnSac: "", taxableValue: "1000", rate: "18" }], "29", true), "1000", "27")!.check).toEqual({ ok: true, roundOff: "0.00" });
  });
});
