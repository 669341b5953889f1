// Transactions: create, edit, submit, delete, reading (list, details, pending, export) and the
// visibility window, through HTTP on a real database. Per endpoint: 401, 400, 403, 404, 409, happy path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { approvals, attachments, categories, transactions } from "../db/schema";
import type { CategoryRow } from "../db/schema";
import { rows } from "../db/sql";
import { DUPLICATES_SHOWN } from "../services/transactions/queries";
import { auditEntries, builtinCategory, insertTransaction, makeCategory, notificationsFor, txnBody, txnRow } from "../test/transaction-fixtures";

let t: TestApp;
let accountant: { user: MadeUser; api: ApiClient };
let otherAccountant: { user: MadeUser; api: ApiClient };
let approver: { user: MadeUser; api: ApiClient };
let superAdmin: { user: MadeUser; api: ApiClient };
let hrStaff: { user: MadeUser; api: ApiClient };
let office: CategoryRow;
const deletedObjects: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const realDelete = t.deps.storage.delete.bind(t.deps.storage);
  t.deps.storage.delete = async (p: string) => {
    deletedObjects.push(p);
    await realDelete(p).catch(() => {});
  };
  [accountant, otherAccountant, approver, superAdmin, hrStaff] = await Promise.all([
    t.signIn("Accountant"),
    t.signIn("Accountant"),
    t.signIn("Approver"),
    t.signIn("SuperAdmin"),
    t.signIn("HR Staff"),
  ]);
  office = await builtinCategory(t.db, "Office Expenses");
});
afterAll(async () => {
  await t?.close();
});

const MISSING = "00000000-0000-4000-8000-000000000000";

async function draft(owner = accountant, overrides: Record<string, unknown> = {}) {
  const res = await owner.api.post("/api/transactions", txnBody(office.id, overrides));
  expect(res.status).toBe(201);
  return res.body as { id: string; humanReadableId: string; status: string };
}

// ---------------------------------------------------------------- create

describe("POST /api/transactions", () => {
  it("is 401 when not signed in", async () => {
    expect((await t.client().post("/api/transactions", txnBody(office.id))).status).toBe(401);
  });

  it.each([
    ["formType", { formType: undefined }, "Form type is required"],
    ["formType", { formType: "X" }, "Form type must be R (Receipt) or B (Bill)"],
    ["categoryId", { categoryId: undefined }, "Category is required"],
    ["amount", { amount: undefined }, "Amount is required"],
    ["amount", { amount: "0" }, "Amount must be a valid positive number"],
    ["amount", { amount: "-5" }, "Amount must be a valid positive number"],
    ["amount", { amount: "12.345" }, "Amount can have at most 2 decimal places"],
    ["transactionDate", { transactionDate: undefined }, "Transaction date is required"],
    ["description", { description: "x" }, "Description must be at least 2 characters"],
    ["status", { status: "Pending" }, "A new transaction can only be saved as Draft; submit it to send it for approval"],
  ])("is 400 on %s: %j", async (path, overrides, message) => {
    const res = await accountant.api.post("/api/transactions", txnBody(office.id, overrides));
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
  });

  it("is 400 'Category is required' for an unknown category and 'This category is inactive' for an inactive one", async () => {
    const unknown = await accountant.api.post("/api/transactions", txnBody(MISSING));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Category is required");
    const inactive = await makeCategory(t.db, { isActive: false });
    const res = await accountant.api.post("/api/transactions", txnBody(inactive.id));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "This category is inactive", issues: [{ path: "categoryId", message: "This category is inactive" }] });
  });

  it.each(["Approver", "HR Admin", "HR Staff"] as const)("is 403 for %s", async (role) => {
    const { api } = await t.signIn(role);
    const res = await api.post("/api/transactions", txnBody(office.id));
    expect(res.status).toBe(403);
  });

  it("creates a Draft, with or without status 'Draft', answering the transaction", async () => {
    for (const extra of [{}, { status: "Draft" }]) {
      const res = await accountant.api.post("/api/transactions", txnBody(office.id, { amount: 1234.5, isPriority: true, ...extra }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        status: "Draft",
        amount: "1234.50",
        transactionDate: "2026-11-10",
        formType: "R",
        isPriority: true,
        isEmergency: false,
        isPaid: false,
        createdBy: accountant.user.id,
        creator: { id: accountant.user.id, name: accountant.user.name },
        category: { id: office.id, name: "Office Expenses", isBuiltin: true },
        attachmentCount: 0,
        approvalsReceived: 0,
        approvalRound: 0,
      });
      expect(res.body.humanReadableId).toMatch(/^TXN-\d{6}$/);
      expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const row = await txnRow(t.db, res.body.id);
      expect(row).toMatchObject({ status: "Draft", amount: "1234.50", createdBy: accountant.user.id });
      const [entry] = await auditEntries(t.db, res.body.id, "create");
      expect(entry).toMatchObject({ entityType: "transaction", performedBy: accountant.user.id });
      expect(entry!.afterData).toMatchObject({ amount: "1234.50", status: "Draft" });
    }
  });
});

// ---------------------------------------------------------------- custom fields

describe("custom field values are checked against the category's fields", () => {
  const fields = [
    { id: "vendor", label: "Vendor", type: "text", required: true, validation: { min: 3, max: 10 } },
    { id: "notes", label: "Notes", type: "textarea", required: false, validation: { max: 5 } },
    { id: "qty", label: "Qty", type: "number", required: false },
    { id: "gst", label: "GST", type: "currency", required: false },
    { id: "mail", label: "Mail", type: "email", required: false },
    { id: "phone", label: "Phone", type: "phone", required: false },
    { id: "site", label: "Site", type: "url", required: false },
    { id: "due", label: "Due", type: "date", required: false },
    { id: "at", label: "At", type: "datetime", required: false },
    { id: "mode", label: "Mode", type: "select", required: false, options: ["Cash", "Card"] },
    { id: "tags", label: "Tags", type: "multiselect", required: false, options: ["a", "b"] },
    { id: "ok", label: "OK", type: "checkbox", required: false },
    { id: "doc", label: "Doc", type: "file", required: false },
  ] as const;
  let category: CategoryRow;
  beforeAll(async () => {
    category = await makeCategory(t.db, { fieldSchema: fields.map((f) => ({ placeholder: null, options: undefined, validation: null, ...f })) as never });
  });

  it("answers 400 with one issue per bad field, for every field type", async () => {
    const res = await accountant.api.post(
      "/api/transactions",
      txnBody(category.id, {
        customFieldValues: {
          vendor: "ab",
          notes: "too long",
          qty: "many",
          gst: "1.234",
          mail: "not-an-email",
          phone: "12",
          site: "ftp://x",
          due: "2026-02-30",
          at: "yesterday",
          mode: "Cheque",
          tags: ["a", "z"],
          ok: "yes",
          doc: 42,
          extra: "?",
        },
      }),
    );
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries(res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(Object.keys(byPath).sort()).toEqual(
      ["vendor", "notes", "qty", "gst", "mail", "phone", "site", "due", "at", "mode", "tags", "ok", "doc", "extra"].map((k) => `customFieldValues.${k}`).sort(),
    );
    expect(byPath["customFieldValues.vendor"]).toBe("Vendor must be at least 3 characters");
    expect(byPath["customFieldValues.notes"]).toBe("Notes must be at most 5 characters");
    expect(byPath["customFieldValues.qty"]).toBe("Qty must be a number");
    expect(byPath["customFieldValues.gst"]).toBe("GST can have at most 2 decimal places");
    expect(byPath["customFieldValues.mail"]).toBe("Mail must be a valid email address");
    expect(byPath["customFieldValues.mode"]).toBe("Mode must be one of: Cash, Card");
    expect(byPath["customFieldValues.ok"]).toBe("OK must be ticked or not (true or false)");
    expect(byPath["customFieldValues.extra"]).toBe("Unknown field");
  });

  it("a missing required field is one issue", async () => {
    const res = await accountant.api.post("/api/transactions", txnBody(category.id, { customFieldValues: {} }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "customFieldValues.vendor", message: "Vendor is required" }]);
  });

  it("stores the normalised values of good input", async () => {
    const res = await accountant.api.post(
      "/api/transactions",
      txnBody(category.id, {
        customFieldValues: {
          vendor: " Acme ",
          qty: "3",
          gst: 18,
          mail: "a@b.in",
          phone: "+91 98765 43210",
          site: "https://acme.in",
          due: "2026-12-01",
          at: "2026-12-01T10:30",
          mode: "Card",
          tags: ["b", "a", "b"],
          ok: false,
          doc: "invoice.pdf",
        },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.customFieldValues).toMatchObject({ vendor: "Acme", qty: 3, gst: "18.00", tags: ["a", "b"], ok: false, mode: "Card" });
  });

  it("editing into another category checks the stored values against its fields", async () => {
    const created = await accountant.api.post("/api/transactions", txnBody(category.id, { customFieldValues: { vendor: "Acme" } }));
    const res = await accountant.api.patch(`/api/transactions/${created.body.id}`, { categoryId: office.id });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "customFieldValues.vendor", message: "Unknown field" }]);
    const ok = await accountant.api.patch(`/api/transactions/${created.body.id}`, { categoryId: office.id, customFieldValues: {} });
    expect(ok.status).toBe(200);
    expect(ok.body.customFieldValues).toEqual({});
  });
});

// ---------------------------------------------------------------- edit

describe("PATCH /api/transactions/:id", () => {
  it("is 401 when not signed in", async () => {
    const d = await draft();
    expect((await t.client().patch(`/api/transactions/${d.id}`, { description: "New" })).status).toBe(401);
  });

  it("is 400 per bad field, unknown keys included", async () => {
    const d = await draft();
    const res = await accountant.api.patch(`/api/transactions/${d.id}`, { amount: "abc", nope: 1 });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["", "amount"].sort());
  });

  it("is 403 for anyone but the owner, SuperAdmin included", async () => {
    const d = await draft();
    for (const who of [otherAccountant, superAdmin]) {
      const res = await who.api.patch(`/api/transactions/${d.id}`, { description: "Mine now" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only the owner of this transaction can edit it");
    }
  });

  it("is 404 for an unknown id", async () => {
    expect((await accountant.api.patch(`/api/transactions/${MISSING}`, { description: "x y" })).status).toBe(404);
    expect((await accountant.api.patch(`/api/transactions/not-a-uuid`, { description: "x y" })).status).toBe(404);
  });

  it.each(["Pending", "Approved", "PaymentDue", "Paid", "Completed"] as const)("is 409 when %s", async (status) => {
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, status });
    const res = await accountant.api.patch(`/api/transactions/${row.id}`, { description: "Changed" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Only Draft or Rejected transactions can be edited/);
  });

  it("edits a Draft and a Rejected one, keeping the status, audited with before and after", async () => {
    for (const status of ["Draft", "Rejected"] as const) {
      const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, status, isPriority: true });
      const res = await accountant.api.patch(`/api/transactions/${row.id}`, { description: "Corrected", amount: 99 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status, description: "Corrected", amount: "99.00", isPriority: true });
      const [entry] = await auditEntries(t.db, row.id, "update");
      expect(entry).toMatchObject({ entityType: "transaction", performedBy: accountant.user.id });
      expect(entry!.beforeData).toMatchObject({ amount: "1000.00" });
      expect(entry!.afterData).toMatchObject({ amount: "99.00", description: "Corrected" });
    }
  });
});

// ---------------------------------------------------------------- submit

describe("POST /api/transactions/:id/submit", () => {
  it("is 401 when not signed in", async () => {
    const d = await draft();
    expect((await t.client().post(`/api/transactions/${d.id}/submit`)).status).toBe(401);
  });

  it("is 403 for another accountant and for an approver", async () => {
    const d = await draft();
    for (const who of [otherAccountant, approver]) expect((await who.api.post(`/api/transactions/${d.id}/submit`)).status).toBe(403);
  });

  it("is 404 for an unknown id", async () => {
    expect((await accountant.api.post(`/api/transactions/${MISSING}/submit`)).status).toBe(404);
  });

  it.each(["Pending", "Approved", "PaymentDue", "Paid", "Completed"] as const)("is 409 when %s", async (status) => {
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, status });
    const res = await accountant.api.post(`/api/transactions/${row.id}/submit`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Only Draft or Rejected transactions can be submitted for approval/);
  });

  it("is 400 when the category has become inactive", async () => {
    const category = await makeCategory(t.db);
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id });
    await t.db.update(categories).set({ isActive: false }).where(eq(categories.id, category.id));
    const res = await accountant.api.post(`/api/transactions/${row.id}/submit`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This category is inactive");
  });

  it("makes a Draft Pending, opens round 1, notifies every active Approver and SuperAdmin but the submitter, audited", async () => {
    const disabled = await t.signIn("Approver");
    await t.db.execute(sql`update users set is_active = false where id = ${disabled.user.id}`);
    const d = await draft(accountant, { isPriority: true });
    const res = await accountant.api.post(`/api/transactions/${d.id}/submit`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Pending", approvalRound: 1, approvalsReceived: 0, approvalsRequired: 1 });
    expect(res.body.submittedAt).toBeTruthy();
    const notes = await notificationsFor(t.db, d.id);
    const recipients = notes.map((n) => n.userId);
    expect(recipients).toContain(approver.user.id);
    expect(recipients).toContain(superAdmin.user.id);
    expect(recipients).not.toContain(accountant.user.id);
    expect(recipients).not.toContain(disabled.user.id);
    expect(recipients).not.toContain(hrStaff.user.id);
    for (const n of notes)
      expect(n).toMatchObject({ type: "transaction_pending", isPriority: true, humanReadableId: d.humanReadableId, category: "Office Expenses" });
    const [entry] = await auditEntries(t.db, d.id, "submit");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: accountant.user.id });
    expect(entry!.beforeData).toMatchObject({ status: "Draft" });
    expect(entry!.afterData).toMatchObject({ status: "Pending", approvalRound: 1 });
  });

  it("publishes the notification on the bus after commit, one event for all who may see the transaction", async () => {
    const events: unknown[] = [];
    const stop = t.deps.bus.subscribe((e) => events.push(e));
    const narrow = await t.signIn("Approver", { visibilityWindowDays: 1 });
    const d = await draft();
    // Made three days ago: outside the narrow window, whose reader is stored a notification the bell will not show them.
    await t.db
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(transactions.id, d.id));
    await accountant.api.post(`/api/transactions/${d.id}/submit`);
    await new Promise((r) => setTimeout(r, 50));
    stop();
    const mine = events.filter((e) => (e as { message?: { transactionId?: string } }).message?.transactionId === d.id) as {
      type: string;
      userIds: string[];
      message: unknown;
    }[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: "notification", message: { type: "transaction_pending", humanReadableId: d.humanReadableId } });
    const stored = (await notificationsFor(t.db, d.id)).map((n) => n.userId);
    expect(stored).toContain(narrow.user.id);
    expect(mine[0]!.userIds.sort()).toEqual(stored.filter((id) => id !== narrow.user.id).sort());
  });

  it("a SuperAdmin may submit someone else's Draft", async () => {
    const d = await draft();
    const res = await superAdmin.api.post(`/api/transactions/${d.id}/submit`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("Pending");
  });
  // The emergency limits at submit: transactions.emergency-limits.api.test.ts.
});

// ---------------------------------------------------------------- delete

describe("DELETE /api/transactions/:id", () => {
  it("is 401 when not signed in", async () => {
    const d = await draft();
    expect((await t.client().delete(`/api/transactions/${d.id}`)).status).toBe(401);
  });

  it("is 403 for another accountant and an approver", async () => {
    const d = await draft();
    for (const who of [otherAccountant, approver]) expect((await who.api.delete(`/api/transactions/${d.id}`)).status).toBe(403);
  });

  it("is 404 for an unknown id", async () => {
    expect((await superAdmin.api.delete(`/api/transactions/${MISSING}`)).status).toBe(404);
  });

  it("is 409 for the owner once it is no longer a Draft", async () => {
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, status: "Pending" });
    const res = await accountant.api.delete(`/api/transactions/${row.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You can only delete your own transaction while it is a Draft (this one is Pending)");
  });

  it("the owner deletes a Draft", async () => {
    const d = await draft();
    const res = await accountant.api.delete(`/api/transactions/${d.id}`);
    expect(res.status).toBe(200);
    expect(await txnRow(t.db, d.id)).toBeUndefined();
    const [entry] = await auditEntries(t.db, d.id, "delete");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: accountant.user.id });
  });

  it("a SuperAdmin deletes any, with its approvals, attachment rows and stored objects", async () => {
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, status: "Paid" });
    await t.db.insert(approvals).values({ transactionId: row.id, approverId: approver.user.id, round: 1, action: "approved" });
    const objectPath = `attachments/${row.id}/fixture-object`;
    await t.db.insert(attachments).values({ transactionId: row.id, fileName: "bill.pdf", objectPath, mimeType: "application/pdf", fileSizeBytes: 10 });
    const res = await superAdmin.api.delete(`/api/transactions/${row.id}`);
    expect(res.status).toBe(200);
    expect(await txnRow(t.db, row.id)).toBeUndefined();
    expect(await t.db.select().from(approvals).where(eq(approvals.transactionId, row.id))).toEqual([]);
    expect(await t.db.select().from(attachments).where(eq(attachments.transactionId, row.id))).toEqual([]);
    expect(deletedObjects).toContain(objectPath);
    const [entry] = await auditEntries(t.db, row.id, "delete");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: superAdmin.user.id });
    expect(entry!.beforeData).toMatchObject({ status: "Paid", attachments: [{ fileName: "bill.pdf" }] });
  });
});

// ---------------------------------------------------------------- visibility

describe("the visibility window", () => {
  it("a transaction created 31 days ago is 404 to an Approver, visible to its creator and to a SuperAdmin", async () => {
    const row = await insertTransaction(t.db, {
      createdBy: accountant.user.id,
      categoryId: office.id,
      status: "Pending",
      createdAt: new Date(Date.now() - 31 * 86_400_000),
    });
    expect((await approver.api.get(`/api/transactions/${row.id}`)).status).toBe(404);
    expect((await approver.api.post(`/api/transactions/${row.id}/approve`)).status).toBe(404);
    expect((await otherAccountant.api.get(`/api/transactions/${row.id}`)).status).toBe(404);
    expect((await accountant.api.get(`/api/transactions/${row.id}`)).status).toBe(200);
    expect((await superAdmin.api.get(`/api/transactions/${row.id}`)).status).toBe(200);
    const pending = await approver.api.get("/api/transactions/pending");
    expect(pending.body.map((p: { id: string }) => p.id)).not.toContain(row.id);
    const list = await approver.api.get(`/api/transactions?search=${row.humanReadableId}`);
    expect(list.body.total).toBe(0);
    const mine = await accountant.api.get(`/api/transactions?search=${row.humanReadableId}`);
    expect(mine.body.total).toBe(1);
  });

  it("the list as it opens (every status, one status tab) counts it for its creator and a SuperAdmin, not for an Approver", async () => {
    const totals = async () =>
      Promise.all(
        [approver, accountant, superAdmin].flatMap((who) =>
          ["", "&status=Pending"].map(async (tab) => (await who.api.get(`/api/transactions?limit=1${tab}`)).body.total as number),
        ),
      );
    const before = await totals();
    await insertTransaction(t.db, {
      createdBy: accountant.user.id,
      categoryId: office.id,
      status: "Pending",
      createdAt: new Date(Date.now() - 31 * 86_400_000),
    });
    const after = await totals();
    // approver (all, Pending), accountant (all, Pending), SuperAdmin (all, Pending)
    expect(after.map((n, i) => n - before[i]!)).toEqual([0, 0, 1, 1, 1, 1]);
    // The pages hold what the total counts: past the Approver's total there is no row, the old one included.
    for (const [i, tab] of ["", "&status=Pending"].entries()) {
      const past = await approver.api.get(`/api/transactions?limit=1&page=${after[i]! + 1}${tab}`);
      expect(past.body.transactions).toEqual([]);
    }
  });

  it("a wider window shows it", async () => {
    const wide = await t.signIn("Approver", { visibilityWindowDays: 60 });
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, createdAt: new Date(Date.now() - 31 * 86_400_000) });
    expect((await wide.api.get(`/api/transactions/${row.id}`)).status).toBe(200);
  });
});

// ---------------------------------------------------------------- details

describe("GET /api/transactions/:id", () => {
  it("is 401 when not signed in and 404 for an unknown id", async () => {
    const d = await draft();
    expect((await t.client().get(`/api/transactions/${d.id}`)).status).toBe(401);
    expect((await accountant.api.get(`/api/transactions/${MISSING}`)).status).toBe(404);
  });

  it("answers category with fields, creator, approvals of every round, attachments and possible duplicates", async () => {
    const row = await insertTransaction(t.db, {
      createdBy: accountant.user.id,
      categoryId: office.id,
      status: "Pending",
      approvalRound: 2,
      amount: "777.00",
      transactionDate: "2026-11-05",
    });
    const twin = await insertTransaction(t.db, {
      createdBy: otherAccountant.user.id,
      categoryId: office.id,
      status: "Paid",
      amount: "777.00",
      transactionDate: "2026-11-05",
    });
    await t.db.insert(approvals).values([
      { transactionId: row.id, approverId: approver.user.id, round: 1, action: "rejected", reasonText: "No bill", actedAt: new Date(Date.now() - 60_000) },
      { transactionId: row.id, approverId: approver.user.id, round: 2, action: "approved" },
    ]);
    await t.db
      .insert(attachments)
      .values({ transactionId: row.id, fileName: "a.pdf", objectPath: `x/${row.id}`, mimeType: "application/pdf", fileSizeBytes: 5 });
    // Finance is closed to the HR roles (DECISIONS §4); an Approver sees the whole transaction.
    expect((await hrStaff.api.get(`/api/transactions/${row.id}`)).status).toBe(403);
    const res = await approver.api.get(`/api/transactions/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body.category).toMatchObject({ name: "Office Expenses", isBuiltin: true, fieldSchema: [] });
    expect(res.body.creator.name).toBe(accountant.user.name);
    expect(res.body.approvals).toEqual([
      expect.objectContaining({ round: 1, action: "rejected", reasonText: "No bill", approver: { name: approver.user.name }, emergencyApproverCode: null }),
      expect.objectContaining({ round: 2, action: "approved", approver: { name: approver.user.name } }),
    ]);
    expect(res.body.attachments).toEqual([expect.objectContaining({ fileName: "a.pdf", fileSizeBytes: 5, mimeType: "application/pdf" })]);
    expect(res.body.attachments[0].objectPath).toBeUndefined();
    expect(res.body.attachmentCount).toBe(1);
    expect(res.body.possibleDuplicates).toEqual([{ id: twin.id, humanReadableId: twin.humanReadableId, status: "Paid", matchedBy: "details" }]);
  });

  it("an attachment with the same content hash makes a possible duplicate", async () => {
    const a = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, amount: "1.00" });
    const b = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, amount: "2.00" });
    const hash = "ab".repeat(32);
    await t.db.insert(attachments).values([
      { transactionId: a.id, fileName: "x.pdf", objectPath: `h/${a.id}`, mimeType: "application/pdf", fileSizeBytes: 1, contentSha256: hash },
      { transactionId: b.id, fileName: "y.pdf", objectPath: `h/${b.id}`, mimeType: "application/pdf", fileSizeBytes: 1, contentSha256: hash },
    ]);
    const res = await accountant.api.get(`/api/transactions/${a.id}`);
    expect(res.body.possibleDuplicates).toEqual([{ id: b.id, humanReadableId: b.humanReadableId, status: "Draft", matchedBy: "attachment" }]);
  });

  it("names a transaction matching by both the file and the details once, as the same file (DECISIONS §4)", async () => {
    const facts = { createdBy: accountant.user.id, categoryId: office.id, amount: "77.00", transactionDate: "2026-11-03" };
    const a = await insertTransaction(t.db, facts);
    const b = await insertTransaction(t.db, facts);
    const hash = "cd".repeat(32);
    await t.db.insert(attachments).values([
      { transactionId: a.id, fileName: "x.pdf", objectPath: `h/${a.id}`, mimeType: "application/pdf", fileSizeBytes: 1, contentSha256: hash },
      { transactionId: b.id, fileName: "y.pdf", objectPath: `h/${b.id}`, mimeType: "application/pdf", fileSizeBytes: 1, contentSha256: hash },
    ]);
    const res = await accountant.api.get(`/api/transactions/${a.id}`);
    expect(res.body.possibleDuplicates).toEqual([{ id: b.id, humanReadableId: b.humanReadableId, status: "Draft", matchedBy: "attachment" }]);
  });
});

describe("possible duplicates, on the details and the pending list alike", () => {
  const DAY = 86_400_000;
  const named = (list: { id: string }[]) => list.map((d) => d.id).sort();
  const pendingItem = async (who: { api: ApiClient }, id: string) =>
    ((await who.api.get("/api/transactions/pending")).body as { id: string; possibleDuplicates: { id: string; matchedBy: string }[] }[]).find(
      (x) => x.id === id,
    )!;

  it("names only transactions the viewer may see: a twin outside an Approver's window is left out, a SuperAdmin sees it (DECISIONS §4)", async () => {
    const category = await makeCategory(t.db);
    const facts = { categoryId: category.id, amount: "61.00", transactionDate: "2026-11-04" };
    const row = await insertTransaction(t.db, { ...facts, createdBy: accountant.user.id, status: "Pending" });
    const recentTwin = await insertTransaction(t.db, { ...facts, createdBy: otherAccountant.user.id });
    const oldTwin = await insertTransaction(t.db, { ...facts, createdBy: otherAccountant.user.id, createdAt: new Date(Date.now() - 40 * DAY) });
    expect(named((await approver.api.get(`/api/transactions/${row.id}`)).body.possibleDuplicates)).toEqual([recentTwin.id]);
    expect(named((await pendingItem(approver, row.id)).possibleDuplicates)).toEqual([recentTwin.id]);
    expect(named((await superAdmin.api.get(`/api/transactions/${row.id}`)).body.possibleDuplicates)).toEqual(named([recentTwin, oldTwin]));
    expect(named((await pendingItem(superAdmin, row.id)).possibleDuplicates)).toEqual(named([recentTwin, oldTwin]));
  });

  it(`names at most ${DUPLICATES_SHOWN}, the same file first, each once`, async () => {
    const category = await makeCategory(t.db);
    const facts = { categoryId: category.id, amount: "62.00", transactionDate: "2026-11-05" };
    const row = await insertTransaction(t.db, { ...facts, createdBy: accountant.user.id, status: "Pending" });
    for (let i = 0; i < DUPLICATES_SHOWN + 2; i++) await insertTransaction(t.db, { ...facts, createdBy: accountant.user.id });
    const sameFile = await insertTransaction(t.db, { categoryId: category.id, createdBy: accountant.user.id, amount: "9.00" });
    const hash = "ef".repeat(32);
    await t.db.insert(attachments).values(
      [row, sameFile].map((x) => ({
        transactionId: x.id,
        fileName: "bill.pdf",
        objectPath: `cap/${x.id}`,
        mimeType: "application/pdf",
        fileSizeBytes: 1,
        contentSha256: hash,
      })),
    );
    const details = (await approver.api.get(`/api/transactions/${row.id}`)).body.possibleDuplicates as { id: string; matchedBy: string }[];
    expect(details).toHaveLength(DUPLICATES_SHOWN);
    expect(details[0]).toMatchObject({ id: sameFile.id, matchedBy: "attachment" });
    expect(details.slice(1).every((d) => d.matchedBy === "details")).toBe(true);
    expect(new Set(details.map((d) => d.id)).size).toBe(DUPLICATES_SHOWN);
    expect(details.map((d) => d.id)).not.toContain(row.id);
    expect((await pendingItem(approver, row.id)).possibleDuplicates).toEqual(details);
  });
});

describe("POST /api/transactions/check-duplicates", () => {
  it("is 401, 400 per field, 403 for an approver", async () => {
    expect((await t.client().post("/api/transactions/check-duplicates", {})).status).toBe(401);
    const bad = await accountant.api.post("/api/transactions/check-duplicates", {});
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["amount", "categoryId", "transactionDate"]);
    expect((await approver.api.post("/api/transactions/check-duplicates", { categoryId: office.id, amount: 1, transactionDate: "2026-11-01" })).status).toBe(
      403,
    );
  });

  it("names visible transactions with the same category, amount and date", async () => {
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, amount: "4321.10", transactionDate: "2026-11-02" });
    const res = await otherAccountant.api.post("/api/transactions/check-duplicates", { categoryId: office.id, amount: 4321.1, transactionDate: "2026-11-02" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ duplicates: [{ id: row.id, humanReadableId: row.humanReadableId, status: "Draft", matchedBy: "details" }] });
    const none = await otherAccountant.api.post("/api/transactions/check-duplicates", {
      categoryId: office.id,
      amount: "4321.11",
      transactionDate: "2026-11-02",
    });
    expect(none.body).toEqual({ duplicates: [] });
  });
});

// ---------------------------------------------------------------- list

describe("GET /api/transactions", () => {
  let listCategory: CategoryRow;
  let owner: { user: MadeUser; api: ApiClient };
  beforeAll(async () => {
    listCategory = await makeCategory(t.db, { name: `Zeta_100% ${Date.now()}` });
    owner = await t.signIn("Accountant", { name: "Meera Krishnan" });
    const base = { createdBy: owner.user.id, categoryId: listCategory.id };
    const day = 60_000;
    const now = Date.now();
    await insertTransaction(t.db, { ...base, status: "Approved", amount: "100.10", description: "Alpha", createdAt: new Date(now - 5 * day) });
    await insertTransaction(t.db, { ...base, status: "Paid", amount: "200.20", description: "Beta", createdAt: new Date(now - 4 * day) });
    await insertTransaction(t.db, { ...base, status: "Pending", amount: "300.30", description: "Gamma 50%", createdAt: new Date(now - 3 * day) });
    await insertTransaction(t.db, { ...base, status: "Rejected", amount: "400.40", description: "Delta_x", createdAt: new Date(now - 2 * day) });
    await insertTransaction(t.db, { ...base, status: "Draft", amount: "500.50", description: "Epsilon", createdAt: new Date(now - 1 * day) });
  });

  it("is 401 when not signed in and 400 on a bad filter", async () => {
    expect((await t.client().get("/api/transactions")).status).toBe(401);
    const res = await accountant.api.get("/api/transactions?status=Nope&page=0&categoryId=x");
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["categoryId", "page", "status"]);
  });

  it("filters, pages newest first and summarises the whole filtered set", async () => {
    const res = await superAdmin.api.get(`/api/transactions?categoryId=${listCategory.id}&limit=2&page=1`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.page).toBe(1);
    expect(res.body.limit).toBe(2);
    expect(res.body.transactions.map((x: { description: string }) => x.description)).toEqual(["Epsilon", "Delta_x"]);
    expect(res.body.summary).toEqual({ count: 5, approvedCount: 2, pendingCount: 1, approvedAmount: "300.30" });
    const row = res.body.transactions[0];
    expect(row).toMatchObject({
      category: { name: listCategory.name, isBuiltin: false },
      creator: { name: "Meera Krishnan" },
      attachmentCount: 0,
      approvalsReceived: 0,
      approvalsRequired: 1,
    });
    const page3 = await superAdmin.api.get(`/api/transactions?categoryId=${listCategory.id}&limit=2&page=3`);
    expect(page3.body.transactions.map((x: { description: string }) => x.description)).toEqual(["Alpha"]);
    expect(page3.body.summary.count).toBe(5);
    const pending = await superAdmin.api.get(`/api/transactions?categoryId=${listCategory.id}&status=Pending`);
    expect(pending.body.total).toBe(1);
    const byCreator = await superAdmin.api.get(`/api/transactions?createdBy=${owner.user.id}&status=all`);
    expect(byCreator.body.total).toBe(5);
  });

  it("limit defaults to 50 and is clamped to 200", async () => {
    expect((await superAdmin.api.get("/api/transactions")).body.limit).toBe(50);
    expect((await superAdmin.api.get("/api/transactions?limit=5000")).body.limit).toBe(200);
  });

  it("search matches id, description, category name and creator name, case-insensitively, with % and _ taken literally", async () => {
    const q = (s: string) => superAdmin.api.get(`/api/transactions?categoryId=${listCategory.id}&search=${encodeURIComponent(s)}`);
    expect((await q("gamma")).body.total).toBe(1);
    expect((await q("50%")).body.total).toBe(1);
    expect((await q("a_x")).body.total).toBe(1);
    expect((await q("_")).body.total).toBe(5); // the category name has a _
    expect((await q("meera KRISH")).body.total).toBe(5);
    expect((await q(listCategory.name.toUpperCase())).body.total).toBe(5);
    const first = (await q("Alpha")).body.transactions[0];
    expect((await superAdmin.api.get(`/api/transactions?search=${first.humanReadableId.toLowerCase()}`)).body.total).toBe(1);
    expect((await q("nothing-like-this")).body).toMatchObject({ total: 0, transactions: [], summary: { count: 0, approvedAmount: "0.00" } });
    // Each field is matched on its own: the end of the id and the start of the description together match nothing,
    // and neither does a search holding the separator the database keeps between them.
    expect((await q(`${first.humanReadableId.slice(-3)}alp`)).body.total).toBe(0);
    expect((await q(`${first.humanReadableId.slice(-3)}\u001falp`)).body.total).toBe(0);
    expect((await q("\u001f")).body.total).toBe(0);
  });
});

describe("the list follows every change of a transaction (transaction_search, kept by a trigger)", () => {
  it("description edits, moves, owner changes, amount overrides and deletion show in search, filters and summary at once", async () => {
    const word = `zq${Date.now().toString(36)}`;
    const list = (search: string, extra = "") => superAdmin.api.get(`/api/transactions?search=${encodeURIComponent(search)}${extra}`);
    const d = await draft(accountant, { description: `Courier to Pune ${word}`, amount: "1000.00" });
    expect((await list(word)).body).toMatchObject({ total: 1, summary: { count: 1, pendingCount: 0, approvedCount: 0, approvedAmount: "0.00" } });

    // An edit: the old words no longer match, the new ones do.
    expect((await accountant.api.patch(`/api/transactions/${d.id}`, { description: `Courier to Nagpur ${word}` })).status).toBe(200);
    expect((await list(`pune ${word}`)).body.total).toBe(0);
    expect((await list(`NAGPUR ${word}`)).body.total).toBe(1);

    // Submitted, then approved by force: the summary's counts and amount follow the status.
    expect((await accountant.api.post(`/api/transactions/${d.id}/submit`)).status).toBe(200);
    expect((await list(word)).body.summary).toMatchObject({ pendingCount: 1, approvedCount: 0 });
    expect((await superAdmin.api.post(`/api/admin/transactions/${d.id}/force-status`, { status: "Approved", reason: "Signed off" })).status).toBe(200);
    expect((await list(word, "&status=Approved")).body).toMatchObject({ total: 1, summary: { approvedCount: 1, approvedAmount: "1000.00" } });

    // A new amount and a new owner: the summary and the creator filter follow. (The new amount decides
    // the policy again, which the forced approval does not meet, so the override keeps it Approved itself.)
    expect(
      (await superAdmin.api.put(`/api/admin/transactions/${d.id}/full-override`, { amount: "2500.75", status: "Approved", reason: "Amount on the invoice" }))
        .status,
    ).toBe(200);
    expect((await list(word)).body.summary.approvedAmount).toBe("2500.75");
    expect(
      (await superAdmin.api.post(`/api/admin/transactions/${d.id}/change-owner`, { newOwnerId: otherAccountant.user.id, reason: "Handover" })).status,
    ).toBe(200);
    expect((await list(word, `&createdBy=${accountant.user.id}`)).body.total).toBe(0);
    expect((await list(word, `&createdBy=${otherAccountant.user.id}`)).body.total).toBe(1);

    // Deleted: gone from the list and its summary.
    expect((await superAdmin.api.delete(`/api/transactions/${d.id}`)).status).toBe(200);
    expect((await list(word)).body).toMatchObject({ total: 0, summary: { count: 0, approvedAmount: "0.00" } });
    const [{ n }] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from transaction_search where transaction_id = ${d.id}`);
    expect(n).toBe(0);
  });
});

// ---------------------------------------------------------------- pending

describe("GET /api/transactions/pending", () => {
  it("is 401 when not signed in and 403 for Accountant and HR", async () => {
    expect((await t.client().get("/api/transactions/pending")).status).toBe(401);
    expect((await accountant.api.get("/api/transactions/pending")).status).toBe(403);
    expect((await hrStaff.api.get("/api/transactions/pending")).status).toBe(403);
  });

  it("lists Pending ones, priority first then oldest first, with myAction of this round", async () => {
    const me = await t.signIn("Approver");
    const now = Date.now();
    const category = await makeCategory(t.db);
    const base = { createdBy: accountant.user.id, categoryId: category.id, status: "Pending" as const };
    // One of its two approvals received, as approving leaves it (the approval row below).
    const old = await insertTransaction(t.db, { ...base, createdAt: new Date(now - 3000), approvalsRequired: 2, approvalsReceived: 1 });
    const urgent = await insertTransaction(t.db, { ...base, isPriority: true, createdAt: new Date(now - 1000) });
    const fresh = await insertTransaction(t.db, { ...base, createdAt: new Date(now - 2000), approvalRound: 2 });
    await insertTransaction(t.db, { ...base, status: "Approved" });
    await t.db.insert(approvals).values([
      { transactionId: old.id, approverId: me.user.id, round: 1, action: "approved" },
      { transactionId: fresh.id, approverId: me.user.id, round: 1, action: "rejected" },
    ]);
    const res = await me.api.get("/api/transactions/pending");
    expect(res.status).toBe(200);
    const mine = res.body.filter((x: { categoryId: string }) => x.categoryId === category.id);
    expect(mine.map((x: { id: string }) => x.id)).toEqual([urgent.id, old.id, fresh.id]);
    expect(mine.map((x: { myAction: string | null }) => x.myAction)).toEqual([null, "approved", null]);
    expect(mine[0]).toMatchObject({ customFieldValues: {}, attachmentCount: 0, creator: { name: accountant.user.name }, category: { name: category.name } });
    expect(mine[0].possibleDuplicates).toEqual(expect.any(Array));
    // The three share category, amount and date: each names the others.
    expect(mine[1].possibleDuplicates.map((d: { id: string }) => d.id).sort()).toEqual(
      [urgent.id, fresh.id, ...(await t.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.categoryId, category.id))).map((r) => r.id)]
        .filter((id, i, all) => id !== old.id && all.indexOf(id) === i)
        .sort(),
    );
  });
});

describe("GET /api/transactions/pending, a page at a time", () => {
  it("leaves nothing out: the pages hold every pending transaction once, the headers give the count and the page", async () => {
    const me = await t.signIn("Approver");
    const category = await makeCategory(t.db);
    const base = { createdBy: accountant.user.id, categoryId: category.id, status: "Pending" as const };
    const made: string[] = [];
    for (let i = 0; i < 120; i += 20) {
      const rows = await Promise.all(Array.from({ length: 20 }, (_, j) => insertTransaction(t.db, { ...base, isPriority: (i + j) % 17 === 0 })));
      made.push(...rows.map((r) => r.id));
    }
    const first = await me.api.get("/api/transactions/pending?limit=50");
    expect(first.status).toBe(200);
    const total = Number(first.headers["x-total-count"]);
    expect(total).toBeGreaterThanOrEqual(120);
    expect(first.headers["x-page"]).toBe("1");
    expect(first.headers["x-page-size"]).toBe("50");
    expect(first.body).toHaveLength(50);
    const seen: string[] = first.body.map((x: { id: string }) => x.id);
    for (let page = 2; page <= Math.ceil(total / 50); page++) {
      const res = await me.api.get(`/api/transactions/pending?limit=50&page=${page}`);
      expect(res.headers["x-total-count"]).toBe(String(total));
      expect(res.headers["x-page"]).toBe(String(page));
      seen.push(...res.body.map((x: { id: string }) => x.id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(made.every((id) => seen.includes(id))).toBe(true);
    // Past the last page: an empty page, the count still right.
    const beyond = await me.api.get(`/api/transactions/pending?limit=50&page=${Math.ceil(total / 50) + 1}`);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers["x-total-count"]).toBe(String(total));
  });

  it("defaults to the most a page holds (200) and refuses a page that is not a whole number", async () => {
    const me = await t.signIn("Approver");
    const res = await me.api.get("/api/transactions/pending");
    expect(res.headers["x-page-size"]).toBe("200");
    expect(res.body.length).toBe(Math.min(200, Number(res.headers["x-total-count"])));
    const bad = await me.api.get("/api/transactions/pending?page=0");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("page must be a whole number of at least 1");
  });
});

// ---------------------------------------------------------------- export

describe("GET /api/transactions/export", () => {
  it("is 401 when not signed in and 400 for another format", async () => {
    expect((await t.client().get("/api/transactions/export?format=csv")).status).toBe(401);
    expect((await accountant.api.get("/api/transactions/export?format=xlsx")).status).toBe(400);
  });

  it("streams the filtered, visible rows as transactions_YYYY-MM-DD.csv with formula cells neutralised", async () => {
    const category = await makeCategory(t.db);
    await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, description: '=HYPERLINK("http://evil","x")', amount: "10.00" });
    await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, description: "+cmd", amount: "20.00" });
    await insertTransaction(t.db, {
      createdBy: accountant.user.id,
      categoryId: category.id,
      description: "Old one",
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const res = await approver.api
      .get(`/api/transactions/export?format=csv&categoryId=${category.id}`)
      .buffer(true)
      .parse((r, cb) => {
        let data = "";
        r.setEncoding("utf8");
        r.on("data", (c: string) => (data += c));
        r.on("end", () => cb(null, data));
      });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="transactions_\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (res.body as string).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Transaction ID,Form Type,Transaction Date,Description,Party,Party GSTIN,Category,Amount,Status/);
    expect(lines).toHaveLength(3); // header + 2 visible rows; the 40-day-old one is outside the approver's window
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(text).toContain(",'+cmd,");
    expect(text).not.toContain("Old one");
  });

  it("pages through more rows than one batch, each row once", async () => {
    const category = await makeCategory(t.db);
    const created = Date.now();
    await t.db.insert(transactions).values(
      Array.from({ length: 1203 }, (_, i) => ({
        createdBy: accountant.user.id,
        categoryId: category.id,
        amount: "1.00",
        transactionDate: "2026-11-01",
        description: `Row ${i}`,
        // Pairs share a createdAt, so the keyset's id tiebreak is exercised.
        createdAt: new Date(created - Math.floor(i / 2) * 1000),
      })),
    );
    const res = await superAdmin.api
      .get(`/api/transactions/export?categoryId=${category.id}`)
      .buffer(true)
      .parse((r, cb) => {
        let data = "";
        r.setEncoding("utf8");
        r.on("data", (c: string) => (data += c));
        r.on("end", () => cb(null, data));
      });
    const rows = (res.body as string).trim().split("\r\n").slice(1);
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((r) => r.split(",")[0])).size).toBe(1203);
  });

  it("with a search exports exactly the rows the list finds", async () => {
    const word = `xq${Date.now().toString(36)}`;
    const found = [await draft(accountant, { description: `Toner ${word}` }), await draft(accountant, { description: `${word.toUpperCase()} cables` })];
    await draft(accountant, { description: "Nothing to find here" });
    const listed = await superAdmin.api.get(`/api/transactions?search=${word}`);
    expect(listed.body.total).toBe(2);
    const res = await superAdmin.api
      .get(`/api/transactions/export?search=${word}`)
      .buffer(true)
      .parse((r, cb) => {
        let data = "";
        r.setEncoding("utf8");
        r.on("data", (c: string) => (data += c));
        r.on("end", () => cb(null, data));
      });
    const ids = (res.body as string)
      .trim()
      .split("\r\n")
      .slice(1)
      .map((r) => r.split(",")[0]);
    expect(ids.sort()).toEqual(found.map((f) => f.humanReadableId).sort());
  });
});
