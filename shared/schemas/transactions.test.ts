import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { LIMITS, PAYMENT_METHODS } from "../constants";
import {
  attachmentUploadUrlSchema,
  changeOwnerSchema,
  createTransactionSchema,
  editTransactionSchema,
  forceStatusSchema,
  fullOverrideSchema,
  markPaymentDueSchema,
  paymentSchema,
  registerAttachmentSchema,
  rejectTransactionSchema,
  transactionExportQuerySchema,
  transactionListQuerySchema,
} from "./transactions";

const CATEGORY = "3f2b8c1e-9d4a-4e6b-8a7c-1d2e3f4a5b6c";
const USER = "0b1c2d3e-4f5a-4b6c-9d8e-7f6a5b4c3d2e";

/** The issues of a failed parse as {path, message}, the way the API answers them. */
function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

const validCreate = {
  formType: "R",
  categoryId: CATEGORY,
  amount: "1500.5",
  transactionDate: "2026-11-21",
  description: "Office chairs",
};

describe("create transaction body (spec 000 §5)", () => {
  it("accepts the form and fills the defaults", () => {
    expect(createTransactionSchema.parse(validCreate)).toEqual({
      formType: "R",
      categoryId: CATEGORY,
      amount: "1500.50",
      transactionDate: "2026-11-21",
      description: "Office chairs",
      customFieldValues: {},
      isPriority: false,
      isEmergency: false,
      gst: null,
      partyId: null,
    });
  });

  it("accepts a number amount, a Draft status, custom values and flags", () => {
    const body = createTransactionSchema.parse({
      ...validCreate,
      formType: "B",
      amount: 250,
      status: "Draft",
      customFieldValues: { invoice_number: "INV-1" },
      isPriority: true,
      isEmergency: true,
      description: "  Taxi to client  ",
    });
    expect(body).toMatchObject({ formType: "B", amount: "250.00", status: "Draft", isPriority: true, isEmergency: true, description: "Taxi to client" });
    expect(body.customFieldValues).toEqual({ invoice_number: "INV-1" });
  });

  it("treats customFieldValues: null as none", () => {
    expect(createTransactionSchema.parse({ ...validCreate, customFieldValues: null }).customFieldValues).toEqual({});
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["formType missing", { formType: undefined }, "formType", "Form type is required"],
    ["formType empty", { formType: "" }, "formType", "Form type is required"],
    ["formType other", { formType: "X" }, "formType", "Form type must be R (Receipt) or B (Bill)"],
    ["categoryId missing", { categoryId: undefined }, "categoryId", "Category is required"],
    ["categoryId empty", { categoryId: "" }, "categoryId", "Category is required"],
    ["categoryId not an id", { categoryId: "salary" }, "categoryId", "Category is not valid"],
    ["amount missing", { amount: undefined }, "amount", "Amount is required"],
    ["amount empty", { amount: "" }, "amount", "Amount is required"],
    ["amount text", { amount: "abc" }, "amount", "Amount must be a valid positive number"],
    ["amount zero", { amount: 0 }, "amount", "Amount must be a valid positive number"],
    ["amount negative", { amount: "-10" }, "amount", "Amount must be a valid positive number"],
    ["amount exponent", { amount: "1e3" }, "amount", "Amount must be a valid positive number"],
    ["amount 3 decimals", { amount: "10.999" }, "amount", "Amount can have at most 2 decimal places"],
    ["amount too large", { amount: "1000000000000" }, "amount", "Amount cannot exceed ₹999,999,999,999.99"],
    ["date missing", { transactionDate: undefined }, "transactionDate", "Transaction date is required"],
    ["date empty", { transactionDate: "" }, "transactionDate", "Transaction date is required"],
    ["date not a day", { transactionDate: "2026-02-30" }, "transactionDate", "Transaction date must be a valid date (YYYY-MM-DD)"],
    ["date wrong format", { transactionDate: "21/11/2026" }, "transactionDate", "Transaction date must be a valid date (YYYY-MM-DD)"],
    ["description missing", { description: undefined }, "description", "Description must be at least 2 characters"],
    ["description short", { description: " a " }, "description", "Description must be at least 2 characters"],
    ["description long", { description: "x".repeat(5001) }, "description", "Description must be at most 5000 characters"],
    ["customFieldValues a list", { customFieldValues: ["a"] }, "customFieldValues", "Custom field values must be an object"],
    ["isPriority a string", { isPriority: "yes" }, "isPriority", "Mark as Emergency must be true or false"],
    ["isEmergency a number", { isEmergency: 1 }, "isEmergency", "Emergency Approval Required must be true or false"],
  ])("%s → %s", (_name, change, path, message) => {
    expect(issues(createTransactionSchema, { ...validCreate, ...change })).toEqual([{ path, message }]);
  });

  it.each(["Pending", "Approved", "Rejected", "PaymentDue", "Paid", "Completed", "draft"])("never accepts status %s on create", (status) => {
    expect(issues(createTransactionSchema, { ...validCreate, status })).toEqual([
      { path: "status", message: "A new transaction can only be saved as Draft; submit it to send it for approval" },
    ]);
  });

  it("refuses unknown keys, naming them", () => {
    expect(issues(createTransactionSchema, { ...validCreate, createdBy: USER, approvalsRequired: 1 })).toEqual([
      { path: "", message: "Unknown fields: createdBy, approvalsRequired" },
    ]);
  });

  it("reports every bad field at once", () => {
    expect(issues(createTransactionSchema, {}).map((i) => i.message)).toEqual([
      "Form type is required",
      "Category is required",
      "Amount is required",
      "Transaction date is required",
      "Description must be at least 2 characters",
    ]);
  });
});

describe("edit transaction body", () => {
  it("takes any subset of the create fields and adds no defaults", () => {
    expect(editTransactionSchema.parse({})).toEqual({});
    expect(editTransactionSchema.parse({ amount: 99.9, isPriority: true })).toEqual({ amount: "99.90", isPriority: true });
  });

  it("customFieldValues: null clears the map; absent leaves it", () => {
    expect(editTransactionSchema.parse({ customFieldValues: null })).toEqual({ customFieldValues: {} });
    expect(editTransactionSchema.parse({ description: "New text" })).not.toHaveProperty("customFieldValues");
  });

  it("accepts the full create payload, Draft status included", () => {
    expect(editTransactionSchema.parse({ ...validCreate, status: "Draft", customFieldValues: {} })).toMatchObject({ amount: "1500.50" });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ amount: null }, "amount", "Amount is required"],
    [{ amount: "0" }, "amount", "Amount must be a valid positive number"],
    [{ description: "x" }, "description", "Description must be at least 2 characters"],
    [{ status: "Pending" }, "status", "A new transaction can only be saved as Draft; submit it to send it for approval"],
    [{ categoryId: "" }, "categoryId", "Category is required"],
    [{ id: "x" }, "", "Unknown field: id"],
  ])("%j → %s", (body, path, message) => {
    expect(issues(editTransactionSchema, body)).toEqual([{ path, message }]);
  });
});

describe("list and export queries (query strings are coerced)", () => {
  it("defaults page 1 and limit 50", () => {
    expect(transactionListQuerySchema.parse({})).toEqual({ page: 1, limit: LIMITS.listLimitDefault });
  });

  it("reads every filter", () => {
    expect(
      transactionListQuerySchema.parse({ search: "  TXN-0001 ", status: "Pending", categoryId: CATEGORY, createdBy: USER, page: "3", limit: "20" }),
    ).toEqual({ search: "TXN-0001", status: "Pending", categoryId: CATEGORY, createdBy: USER, page: 3, limit: 20 });
  });

  it.each([
    [{ search: "" }],
    [{ search: "  " }],
    [{ status: "all" }],
    [{ status: "All" }],
    [{ status: "" }],
    [{ categoryId: "all" }],
    [{ createdBy: "" }],
    [{ page: "" }],
    [{ limit: "" }],
  ])("%j means no filter", (q) => {
    expect(transactionListQuerySchema.parse(q)).toEqual({ page: 1, limit: 50 });
  });

  it("clamps limit to 200", () => {
    expect(transactionListQuerySchema.parse({ limit: "1000" }).limit).toBe(LIMITS.listLimitMax);
    expect(transactionListQuerySchema.parse({ limit: "200" }).limit).toBe(200);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ page: "0" }, "page"],
    [{ page: "-1" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ page: "abc" }, "page"],
    [{ limit: "0" }, "limit"],
    [{ limit: "ten" }, "limit"],
    [{ status: "Lost" }, "status"],
    [{ categoryId: "nope" }, "categoryId"],
    [{ createdBy: "1234" }, "createdBy"],
    [{ search: "x".repeat(201) }, "search"],
  ])("%j is refused on %s", (q, path) => {
    expect(issues(transactionListQuerySchema, q).map((i) => i.path)).toEqual([path]);
  });

  it("export takes the same filters and format csv", () => {
    expect(transactionExportQuerySchema.parse({ format: "csv", status: "Approved" })).toEqual({ format: "csv", status: "Approved" });
    expect(transactionExportQuerySchema.parse({})).toEqual({ format: "csv" });
    expect(issues(transactionExportQuerySchema, { format: "xlsx" })).toEqual([{ path: "format", message: "format must be csv" }]);
  });
});

describe("reject and mark-payment-due", () => {
  it.each([
    [{}, null],
    [{ reason: "" }, null],
    [{ reason: "   " }, null],
    [{ reason: null }, null],
    [{ reason: " Duplicate bill " }, "Duplicate bill"],
  ])("reject %j → reason %j", (body, reason) => {
    expect(rejectTransactionSchema.parse(body)).toEqual({ reason });
  });

  it("a reject reason is text of at most 2000 characters", () => {
    expect(issues(rejectTransactionSchema, { reason: 5 })).toEqual([{ path: "reason", message: "Reason must be text" }]);
    expect(issues(rejectTransactionSchema, { reason: "x".repeat(2001) })).toEqual([{ path: "reason", message: "Reason must be at most 2000 characters" }]);
  });

  it.each([
    [{}, null],
    [{ dueDate: "" }, null],
    [{ dueDate: null }, null],
    [{ dueDate: "2026-12-01" }, "2026-12-01"],
  ])("mark-payment-due %j → dueDate %j", (body, dueDate) => {
    expect(markPaymentDueSchema.parse(body)).toEqual({ dueDate });
  });

  it("a due date must be a real date", () => {
    expect(issues(markPaymentDueSchema, { dueDate: "2026-11-31" })).toEqual([{ path: "dueDate", message: "Due date must be a valid date (YYYY-MM-DD)" }]);
  });
});

describe("payment: process or cancel, one schema", () => {
  it.each(PAYMENT_METHODS)("processes a payment by %s", (paymentMethod) => {
    expect(paymentSchema.parse({ paymentMethod })).toEqual({
      action: "process",
      paymentMethod,
      paymentReference: null,
      paymentNotes: null,
      paidDate: null,
    });
  });

  it("keeps reference, notes and date", () => {
    expect(
      paymentSchema.parse({ paymentMethod: "UPI", paymentReference: " UTR123 ", paymentNotes: "paid from HDFC", paidDate: "2026-11-20", isPaid: true }),
    ).toEqual({ action: "process", paymentMethod: "UPI", paymentReference: "UTR123", paymentNotes: "paid from HDFC", paidDate: "2026-11-20" });
  });

  it("the client's empty form fields mean none", () => {
    expect(paymentSchema.parse({ paymentMethod: "Cash", paymentReference: "", paymentNotes: "", paidDate: "" })).toEqual({
      action: "process",
      paymentMethod: "Cash",
      paymentReference: null,
      paymentNotes: null,
      paidDate: null,
    });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{}, "paymentMethod", "Payment method is required"],
    [{ paymentMethod: "" }, "paymentMethod", "Payment method is required"],
    [{ paymentMethod: "Bitcoin" }, "paymentMethod", `Payment method must be one of: ${PAYMENT_METHODS.join(", ")}`],
    [{ paymentMethod: "Cash", paidDate: "yesterday" }, "paidDate", "Payment date must be a valid date (YYYY-MM-DD)"],
    [{ paymentMethod: "Cash", paymentReference: "x".repeat(201) }, "paymentReference", "Payment reference must be at most 200 characters"],
    [{ isPaid: "no", paymentMethod: "Cash" }, "isPaid", "isPaid must be false (cancel) or absent (process)"],
  ])("%j → %s", (body, path, message) => {
    expect(issues(paymentSchema, body)).toEqual([{ path, message }]);
  });

  it("cancels with the spec's payload (spec 000 §7)", () => {
    expect(paymentSchema.parse({ isPaid: false, paymentMethod: null, paymentReference: null, paymentNotes: null, paidBy: null, paidDate: null })).toEqual({
      action: "cancel",
    });
    expect(paymentSchema.parse({ isPaid: false })).toEqual({ action: "cancel" });
  });

  it("a cancel carrying payment details is refused", () => {
    expect(issues(paymentSchema, { isPaid: false, paymentMethod: "Cash" })).toEqual([
      { path: "paymentMethod", message: "paymentMethod must be null when cancelling a payment" },
    ]);
  });
});

describe("force-status and change-owner need a reason", () => {
  it.each(["Approved", "Rejected", "Draft"])("forces %s", (status) => {
    expect(forceStatusSchema.parse({ status, reason: " Board decision " })).toEqual({ status, reason: "Board decision" });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ status: "Approved" }, "reason", "Reason is required"],
    [{ status: "Approved", reason: "" }, "reason", "Reason is required"],
    [{ status: "Approved", reason: "   " }, "reason", "Reason is required"],
    [{ status: "Approved", reason: null }, "reason", "Reason is required"],
    [{ status: "Paid", reason: "x" }, "status", "Status must be one of: Approved, Rejected, Draft"],
    [{ status: "Pending", reason: "x" }, "status", "Status must be one of: Approved, Rejected, Draft"],
    [{ reason: "x" }, "status", "Status is required"],
  ])("force-status %j → %s", (body, path, message) => {
    expect(issues(forceStatusSchema, body)).toEqual([{ path, message }]);
  });

  it("changes owner", () => {
    expect(changeOwnerSchema.parse({ newOwnerId: USER, reason: "Left the company" })).toEqual({ newOwnerId: USER, reason: "Left the company" });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ newOwnerId: USER }, "reason", "Reason is required"],
    [{ newOwnerId: USER, reason: " " }, "reason", "Reason is required"],
    [{ reason: "x" }, "newOwnerId", "New owner is required"],
    [{ newOwnerId: "", reason: "x" }, "newOwnerId", "New owner is required"],
    [{ newOwnerId: "bob", reason: "x" }, "newOwnerId", "New owner is not valid"],
  ])("change-owner %j → %s", (body, path, message) => {
    expect(issues(changeOwnerSchema, body)).toEqual([{ path, message }]);
  });
});

describe("full override (SuperAdmin): any field optional, the reason required", () => {
  const why = { reason: "Audit correction" };
  it("an override of no field changes nothing, but still says why", () => {
    expect(fullOverrideSchema.parse(why)).toEqual(why);
  });

  it.each([{}, { amount: 5 }, { amount: 5, reason: "   " }])("%j without a reason is refused (DECISIONS §4, 2026-11-24)", (body) => {
    expect(issues(fullOverrideSchema, body)).toContainEqual({ path: "reason", message: "Reason is required" });
  });

  it("takes every field, null clearing the nullable ones", () => {
    expect(
      fullOverrideSchema.parse({
        formType: "B",
        categoryId: CATEGORY,
        amount: 10.5,
        transactionDate: "2026-01-31",
        description: "Corrected",
        status: "Paid",
        isPaid: true,
        isPriority: false,
        isEmergency: false,
        customFieldValues: { a: 1 },
        paymentDueDate: null,
        paidDate: "2026-02-01",
        paymentMethod: "NEFT/RTGS",
        paymentReference: null,
        paymentNotes: "",
        approvalsRequired: 3,
        reason: "Audit correction",
      }),
    ).toEqual({
      formType: "B",
      categoryId: CATEGORY,
      amount: "10.50",
      transactionDate: "2026-01-31",
      description: "Corrected",
      status: "Paid",
      isPaid: true,
      isPriority: false,
      isEmergency: false,
      customFieldValues: { a: 1 },
      paymentDueDate: null,
      paidDate: "2026-02-01",
      paymentMethod: "NEFT/RTGS",
      paymentReference: null,
      paymentNotes: null,
      approvalsRequired: 3,
      reason: "Audit correction",
    });
  });

  it("leaves absent fields absent, so they stay as they are", () => {
    expect(fullOverrideSchema.parse({ status: "Completed", ...why })).toEqual({ status: "Completed", ...why });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ amount: 0 }, "amount", "Amount must be a valid positive number"],
    [{ status: "Lost" }, "status", "Status must be one of: Draft, Pending, Approved, Rejected, PaymentDue, Paid, Completed"],
    [{ approvalsRequired: 0 }, "approvalsRequired", "Approvals required must be a whole number from 1 to 5"],
    [{ approvalsRequired: 6 }, "approvalsRequired", "Approvals required must be a whole number from 1 to 5"],
    [{ approvalsRequired: 1.5 }, "approvalsRequired", "Approvals required must be a whole number from 1 to 5"],
    [{ paymentMethod: "Gold" }, "paymentMethod", `Payment method must be one of: ${PAYMENT_METHODS.join(", ")}`],
    [{ paymentDueDate: "soon" }, "paymentDueDate", "Payment due date must be a valid date (YYYY-MM-DD)"],
    [{ humanReadableId: "TXN-1" }, "", "Unknown field: humanReadableId"],
  ])("%j → %s", (body, path, message) => {
    expect(issues(fullOverrideSchema, { ...body, ...why })).toEqual([{ path, message }]);
  });
});

describe("attachments", () => {
  it("asks for an upload URL", () => {
    expect(attachmentUploadUrlSchema.parse({ fileName: " bill.pdf ", contentType: "application/pdf" })).toEqual({
      fileName: "bill.pdf",
      contentType: "application/pdf",
    });
  });

  const registeredName = { objectPath: "uploads/abc", fileSizeBytes: 1024, mimeType: "application/pdf" };
  it.each<[string, string]>([
    ["a\r\nSet-Cookie: x.pdf", "aSet-Cookie: x.pdf"],
    ["invoice\u202efdp.exe", "invoicefdp.exe"],
    ["\u2066report\u2069\u200f.pdf\u0085", "report.pdf"],
    ["bill\u0000.pdf", "bill.pdf"],
    ["रसीद नवंबर.pdf", "रसीद नवंबर.pdf"],
  ])("file name %j loses its control and bidirectional characters: %j (DECISIONS §10)", (fileName, stored) => {
    expect(attachmentUploadUrlSchema.parse({ fileName, contentType: "text/plain" }).fileName).toBe(stored);
    expect(registerAttachmentSchema.parse({ ...registeredName, fileName }).fileName).toBe(stored);
  });

  it.each([[""], [null], [undefined]])("an unknown content type (%j) is stored as application/octet-stream", (contentType) => {
    expect(attachmentUploadUrlSchema.parse({ fileName: "x.bin", contentType }).contentType).toBe("application/octet-stream");
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ contentType: "text/plain" }, "fileName", "File name is required"],
    [{ fileName: "  ", contentType: "text/plain" }, "fileName", "File name is required"],
    [{ fileName: "\u202e\u0007 ", contentType: "text/plain" }, "fileName", "File name is required"],
    [{ fileName: "x".repeat(256), contentType: "text/plain" }, "fileName", "File name must be at most 255 characters"],
    [{ fileName: "a.pdf", contentType: "pdf" }, "contentType", "Content type is not a valid type (like application/pdf)"],
    [{ fileName: "a.pdf", contentType: "text/html\r\nX: y" }, "contentType", "Content type is not a valid type (like application/pdf)"],
  ])("upload-url %j → %s", (body, path, message) => {
    expect(issues(attachmentUploadUrlSchema, body)).toEqual([{ path, message }]);
  });

  const registered = { fileName: "bill.pdf", objectPath: "uploads/abc", fileSizeBytes: 1024, mimeType: "application/pdf" };

  it("registers an uploaded file, up to 20 MB", () => {
    expect(registerAttachmentSchema.parse(registered)).toEqual(registered);
    expect(registerAttachmentSchema.parse({ ...registered, fileSizeBytes: 0 }).fileSizeBytes).toBe(0);
    expect(registerAttachmentSchema.parse({ ...registered, fileSizeBytes: LIMITS.fileMaxBytes }).fileSizeBytes).toBe(20 * 1024 * 1024);
    expect(registerAttachmentSchema.parse({ ...registered, mimeType: "text/csv; charset=utf-8" }).mimeType).toBe("text/csv; charset=utf-8");
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ fileSizeBytes: LIMITS.fileMaxBytes + 1 }, "fileSizeBytes", "File is too large (max 20 MB)"],
    [{ fileSizeBytes: -1 }, "fileSizeBytes", "File size must be a whole number of bytes"],
    [{ fileSizeBytes: 1.5 }, "fileSizeBytes", "File size must be a whole number of bytes"],
    [{ fileSizeBytes: "1024" }, "fileSizeBytes", "File size must be a whole number of bytes"],
    [{ objectPath: "" }, "objectPath", "Object path is required"],
    [{ fileName: undefined }, "fileName", "File name is required"],
  ])("register %j → %s", (change, path, message) => {
    expect(issues(registerAttachmentSchema, { ...registered, ...change })).toEqual([{ path, message }]);
  });
});
