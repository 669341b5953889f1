import { describe, expect, it } from "vitest";
import type { FieldType } from "./constants";
import { type CustomFieldRule, customFieldKey, isIsoDate, isIsoDateTime, validateCustomFieldValue, validateCustomFieldValues } from "./custom-fields";
import { customFieldDefinitionSchema } from "./schemas/categories";

const field = (type: FieldType, extra: Partial<CustomFieldRule> = {}): CustomFieldRule => ({
  id: "f",
  label: "Field",
  type,
  required: false,
  ...extra,
});

const ok = (value: unknown) => ({ ok: true, value });
const bad = (message: string) => ({ ok: false, message });

describe("each field type accepts well-formed values and stores them normalised", () => {
  it.each<[FieldType, Partial<CustomFieldRule>, unknown, unknown]>([
    ["text", {}, "  Acme Traders  ", "Acme Traders"],
    ["textarea", {}, "line 1\nline 2", "line 1\nline 2"],
    ["number", {}, 42, 42],
    ["number", {}, -3.5, -3.5],
    ["number", {}, "12.75", 12.75],
    ["number", {}, " 7 ", 7],
    ["currency", {}, 1500, "1500.00"],
    ["currency", {}, "1500.5", "1500.50"],
    ["currency", {}, "0", "0.00"],
    ["email", {}, " vendor@example.co.in ", "vendor@example.co.in"],
    ["phone", {}, "9876543210", "9876543210"],
    ["phone", {}, "+91 98765 43210", "+91 98765 43210"],
    ["phone", {}, "+91-98765-43210", "+91-98765-43210"],
    ["phone", {}, "(022) 2345 6789", "(022) 2345 6789"],
    ["phone", {}, "+44 20 7946 0958", "+44 20 7946 0958"],
    ["phone", {}, "1234567", "1234567"],
    ["phone", {}, 9876543210, "9876543210"],
    ["url", {}, "https://example.com/invoice?id=7", "https://example.com/invoice?id=7"],
    ["url", {}, "http://localhost:5000", "http://localhost:5000"],
    ["date", {}, "2024-02-29", "2024-02-29"],
    ["datetime", {}, "2026-11-21T14:30", "2026-11-21T14:30"],
    ["datetime", {}, "2026-11-21T14:30:15", "2026-11-21T14:30:15"],
    ["datetime", {}, "2026-11-21T14:30:15.123Z", "2026-11-21T14:30:15.123Z"],
    ["datetime", {}, "2026-11-21T14:30+05:30", "2026-11-21T14:30+05:30"],
    ["select", { options: ["NEFT", "Cheque"] }, "Cheque", "Cheque"],
    ["select", { options: ["NEFT", "Cheque"] }, " NEFT ", "NEFT"],
    ["multiselect", { options: ["a", "b", "c"] }, ["c", "a"], ["a", "c"]],
    ["multiselect", { options: ["a", "b", "c"] }, ["b", "b"], ["b"]],
    ["checkbox", {}, true, true],
    ["checkbox", {}, false, false],
    ["file", {}, "uploads/2026/abc123", "uploads/2026/abc123"],
    ["file", {}, "invoice.pdf", "invoice.pdf"],
  ])("%s %j: %j → %j", (type, extra, value, stored) => {
    expect(validateCustomFieldValue(field(type, extra), value)).toEqual(ok(stored));
  });
});

describe("each field type refuses malformed values with a readable message", () => {
  it.each<[FieldType, Partial<CustomFieldRule>, unknown, string]>([
    ["text", {}, 12, "Field must be text"],
    ["text", {}, "x".repeat(1001), "Field must be at most 1000 characters"],
    ["textarea", {}, "x".repeat(10_001), "Field must be at most 10000 characters"],
    ["number", {}, "twelve", "Field must be a number"],
    ["number", {}, "1e5", "Field must be a number"],
    ["number", {}, "1,000", "Field must be a number"],
    ["number", {}, Number.NaN, "Field must be a number"],
    ["number", {}, Number.POSITIVE_INFINITY, "Field must be a number"],
    ["number", {}, true, "Field must be a number"],
    ["number", {}, [1], "Field must be a number"],
    ["currency", {}, "abc", "Field must be a number"],
    ["currency", {}, "12.345", "Field can have at most 2 decimal places"],
    ["currency", {}, 12.345, "Field can have at most 2 decimal places"],
    ["currency", {}, "-5", "Field cannot be negative"],
    ["currency", {}, "1000000000000", "Field cannot exceed 999,999,999,999.99"],
    ["email", {}, "not-an-email", "Field must be a valid email address"],
    ["email", {}, "a@b", "Field must be a valid email address"],
    ["email", {}, "a b@example.com", "Field must be a valid email address"],
    ["email", {}, "a@@example.com", "Field must be a valid email address"],
    ["phone", {}, "12345", "Field must be a valid phone number (7 to 15 digits)"],
    ["phone", {}, "1234567890123456", "Field must be a valid phone number (7 to 15 digits)"],
    ["phone", {}, "98765abc10", "Field must be a valid phone number (7 to 15 digits)"],
    ["phone", {}, "98765+43210", "Field must be a valid phone number (7 to 15 digits)"],
    ["phone", {}, "++919876543210", "Field must be a valid phone number (7 to 15 digits)"],
    ["url", {}, "example.com", "Field must be a valid web address starting with http:// or https://"],
    ["url", {}, "ftp://example.com", "Field must be a valid web address starting with http:// or https://"],
    ["url", {}, "javascript:alert(1)", "Field must be a valid web address starting with http:// or https://"],
    ["url", {}, "https://exa mple.com", "Field must be a valid web address starting with http:// or https://"],
    ["date", {}, "2023-02-29", "Field must be a valid date (YYYY-MM-DD)"],
    ["date", {}, "2026-13-01", "Field must be a valid date (YYYY-MM-DD)"],
    ["date", {}, "21/11/2026", "Field must be a valid date (YYYY-MM-DD)"],
    ["date", {}, 20261121, "Field must be a valid date (YYYY-MM-DD)"],
    ["datetime", {}, "2026-11-21", "Field must be a valid date and time (YYYY-MM-DDTHH:MM)"],
    ["datetime", {}, "2026-11-21T24:00", "Field must be a valid date and time (YYYY-MM-DDTHH:MM)"],
    ["datetime", {}, "2026-11-21T10:60", "Field must be a valid date and time (YYYY-MM-DDTHH:MM)"],
    ["datetime", {}, "2026-02-30T10:00", "Field must be a valid date and time (YYYY-MM-DDTHH:MM)"],
    ["datetime", {}, "2026-11-21T10:00+15:00", "Field must be a valid date and time (YYYY-MM-DDTHH:MM)"],
    ["select", { options: ["NEFT", "Cheque"] }, "Cash", "Field must be one of: NEFT, Cheque"],
    ["select", { options: ["NEFT", "Cheque"] }, ["NEFT"], "Field must be one of: NEFT, Cheque"],
    ["select", { options: [] }, "x", "Field must be one of: (no options defined)"],
    ["multiselect", { options: ["a", "b"] }, "a", "Field must be a list of choices"],
    ["multiselect", { options: ["a", "b"] }, ["a", 2], "Field must be a list of choices"],
    ["multiselect", { options: ["a", "b"] }, ["a", "z"], 'Field has a choice that is not offered: "z" (choose from: a, b)'],
    ["checkbox", {}, "true", "Field must be ticked or not (true or false)"],
    ["checkbox", {}, 1, "Field must be ticked or not (true or false)"],
    ["file", {}, { name: "x.pdf" }, "Field must be a file name or path"],
    ["file", {}, "bad\u0000name", "Field must be a file name or path"],
  ])("%s %j: %j → %s", (type, extra, value, message) => {
    expect(validateCustomFieldValue(field(type, extra), value)).toEqual(bad(message));
  });
});

describe("text and textarea lengths follow the designer's validation", () => {
  const name = field("text", { label: "Vendor Name", validation: { min: 3, max: 10 } });

  it.each<[unknown, ReturnType<typeof ok> | ReturnType<typeof bad>]>([
    ["Abc", ok("Abc")],
    ["Abcdefghij", ok("Abcdefghij")],
    ["  Ab  ", bad("Vendor Name must be at least 3 characters")],
    ["Abcdefghijk", bad("Vendor Name must be at most 10 characters")],
    ["दसअक्षर", ok("दसअक्षर")], // counted in code points, not UTF-16 units
  ])("%j", (value, expected) => {
    expect(validateCustomFieldValue(name, value)).toEqual(expected);
  });

  it("a max of 1 says 'character'", () => {
    expect(validateCustomFieldValue(field("textarea", { validation: { max: 1 } }), "ab")).toEqual(bad("Field must be at most 1 character"));
  });

  it("the designer's message replaces ours for rule failures", () => {
    const custom = field("text", { label: "PAN", required: true, validation: { min: 10, max: 10, message: "PAN must be 10 characters" } });
    expect(validateCustomFieldValue(custom, "ABC")).toEqual(bad("PAN must be 10 characters"));
    const phone = field("phone", { validation: { message: "Enter a 10-digit mobile number" } });
    expect(validateCustomFieldValue(phone, "12")).toEqual(bad("Enter a 10-digit mobile number"));
  });

  it("but never for 'required'", () => {
    const custom = field("text", { label: "PAN", required: true, validation: { message: "PAN must be 10 characters" } });
    expect(validateCustomFieldValue(custom, "")).toEqual(bad("PAN is required"));
  });

  it("a blank custom message falls back to ours", () => {
    const custom = field("number", { validation: { message: "  " } });
    expect(validateCustomFieldValue(custom, "x")).toEqual(bad("Field must be a number"));
  });
});

describe("required and empty values", () => {
  const types: FieldType[] = ["text", "number", "email", "phone", "date", "datetime", "file", "textarea", "select", "multiselect", "currency", "url"];

  it.each(types.flatMap((t) => [undefined, null, "", "   ", []].map((v) => [t, v] as const)))("required %s with %j is '<Label> is required'", (type, value) => {
    expect(validateCustomFieldValue(field(type, { label: "Invoice No", required: true }), value)).toEqual(bad("Invoice No is required"));
  });

  it.each(types.flatMap((t) => [undefined, null, "", "   ", []].map((v) => [t, v] as const)))("optional %s with %j is left out", (type, value) => {
    expect(validateCustomFieldValue(field(type), value)).toEqual(ok(undefined));
  });

  it.each<[boolean, unknown, ReturnType<typeof ok> | ReturnType<typeof bad>]>([
    [true, true, ok(true)],
    [true, false, bad("Terms must be checked")],
    [true, undefined, bad("Terms must be checked")],
    [false, false, ok(false)],
    [false, undefined, ok(undefined)],
  ])("checkbox required=%s with %j", (required, value, expected) => {
    expect(validateCustomFieldValue(field("checkbox", { label: "Terms", required }), value)).toEqual(expected);
  });
});

describe("validateCustomFieldValues: the whole map, one issue per field", () => {
  const schema: CustomFieldRule[] = [
    { id: "invoice_number", label: "Invoice Number", type: "text", required: true },
    { id: "field_1712345", label: "Vendor GSTIN", type: "text" }, // id derived from the label
    { label: "Tax Amount", type: "currency" }, // no id at all
    { id: "mode", label: "Mode", type: "select", options: ["NEFT", "UPI"], required: true },
    { id: "tags", label: "Tags", type: "multiselect", options: ["urgent", "recurring"] },
  ];

  it("derives keys from the label when the id is missing or auto-generated (spec 001 §3)", () => {
    expect(schema.map(customFieldKey)).toEqual(["invoice_number", "vendor_gstin", "tax_amount", "mode", "tags"]);
  });

  it("accepts a complete map and answers the values to store, in schema order", () => {
    const result = validateCustomFieldValues(schema, {
      mode: "UPI",
      tax_amount: 180,
      invoice_number: " INV-7 ",
      vendor_gstin: "",
      tags: ["recurring"],
    });
    expect(result).toEqual({ ok: true, values: { invoice_number: "INV-7", tax_amount: "180.00", mode: "UPI", tags: ["recurring"] } });
    if (result.ok) expect(Object.keys(result.values)).toEqual(["invoice_number", "tax_amount", "mode", "tags"]);
  });

  it("reports every bad field at once, with paths customFieldValues.<fieldId>", () => {
    const result = validateCustomFieldValues(schema, { tax_amount: "12.345", mode: "Cash", color: "red", field_1712345: "x" });
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: "customFieldValues.invoice_number", message: "Invoice Number is required" },
        { path: "customFieldValues.tax_amount", message: "Tax Amount can have at most 2 decimal places" },
        { path: "customFieldValues.mode", message: "Mode must be one of: NEFT, UPI" },
        { path: "customFieldValues.color", message: "Unknown field" },
        { path: "customFieldValues.field_1712345", message: "Unknown field" },
      ],
    });
  });

  it.each([[undefined], [null], [{}]])("no values (%j) against no fields is fine", (values) => {
    expect(validateCustomFieldValues([], values)).toEqual({ ok: true, values: {} });
  });

  it.each([["a string"], [42], [["invoice_number"]], [true]])("%j is not a map of values", (values) => {
    expect(validateCustomFieldValues(schema, values)).toEqual({
      ok: false,
      issues: [{ path: "customFieldValues", message: "Custom field values must be an object" }],
    });
  });

  it("any key against a category without fields is unknown", () => {
    expect(validateCustomFieldValues([], { anything: 1 })).toEqual({
      ok: false,
      issues: [{ path: "customFieldValues.anything", message: "Unknown field" }],
    });
  });

  it("inherited and prototype keys are neither read nor written", () => {
    const values = JSON.parse('{"__proto__": {"polluted": true}, "invoice_number": "A1", "mode": "NEFT"}');
    const result = validateCustomFieldValues(schema, values);
    expect(result).toEqual({ ok: false, issues: [{ path: "customFieldValues.__proto__", message: "Unknown field" }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const toString = validateCustomFieldValues([{ id: "toString", label: "toString", type: "text", required: true }], {});
    expect(toString.ok).toBe(false);
  });

  it("reads a definition straight from the categories schema", () => {
    const def = customFieldDefinitionSchema.parse({ label: "Bill Date", type: "date", required: true });
    expect(validateCustomFieldValues([def], { bill_date: "2026-02-30" })).toEqual({
      ok: false,
      issues: [{ path: "customFieldValues.bill_date", message: "Bill Date must be a valid date (YYYY-MM-DD)" }],
    });
  });
});

describe("date helpers", () => {
  it.each([
    ["2024-02-29", true],
    ["2023-02-28", true],
    ["2000-02-29", true],
    ["1900-02-29", false],
    ["2023-02-29", false],
    ["2026-04-31", false],
    ["2026-00-10", false],
    ["2026-1-10", false],
    ["2026-01-10T00:00", false],
    ["", false],
  ])("isIsoDate(%j) = %s", (text, expected) => {
    expect(isIsoDate(text)).toBe(expected);
  });

  it.each([
    ["2026-11-21T00:00", true],
    ["2026-11-21T23:59:59", true],
    ["2026-11-21T23:59:59.999999", true],
    ["2026-11-21T09:30-04:00", true],
    ["2026-11-21T09:30+0530", true],
    ["2026-11-21 09:30", false],
    ["2026-11-21T9:30", false],
    ["2026-11-21T09:30:60", false],
    ["2026-11-21T09:30+05:60", false],
  ])("isIsoDateTime(%j) = %s", (text, expected) => {
    expect(isIsoDateTime(text)).toBe(expected);
  });
});
