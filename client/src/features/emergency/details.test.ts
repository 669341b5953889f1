import { describe, expect, it } from "vitest";
import { displayFieldValue, filledCustomFields, formTypeLabel } from "./details";

describe("emergency page details (spec 001 §2)", () => {
  it("lists filled custom fields with their labels from the field schema", () => {
    const rows = filledCustomFields({
      transaction: { customFieldValues: { vendor_name: "Shakti Power", po: "", tags: ["a", "b"], paid_in_advance: false, extra_note: "x" } } as never,
      category: {
        name: "Vendor Payment",
        fieldSchema: [
          { id: "vendor_name", label: "Vendor Name", type: "text", required: true },
          { id: "po", label: "PO Number", type: "text", required: false },
          { id: "tags", label: "Tags", type: "multiselect", required: false, options: ["a", "b"] },
          { id: "paid_in_advance", label: "Paid in Advance", type: "checkbox", required: false },
        ] as never,
      },
    });
    expect(rows).toEqual([
      { label: "Vendor Name", value: "Shakti Power" },
      { label: "Tags", value: "a, b" },
      { label: "Paid in Advance", value: "No" },
      { label: "extra note", value: "x" },
    ]);
  });

  it("shows currency in rupees and dates as dd MMM yyyy", () => {
    expect(displayFieldValue("150000", { type: "currency" })).toBe("₹1,50,000.00");
    expect(displayFieldValue("2026-11-21", { type: "date" })).toBe("21 Nov 2026");
    expect(displayFieldValue(null)).toBe("");
  });

  it("names the form types", () => {
    expect(formTypeLabel("R")).toBe("Form R (Receipt)");
    expect(formTypeLabel("B")).toBe("Form B (Bill)");
  });
});
