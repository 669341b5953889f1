// Payment tracking (mark payment due, process, cancel, complete) and the SuperAdmin overrides
// (force status, change owner, full override), with their notifications and audit entries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import type { CategoryRow } from "../db/schema";
import type { TransactionStatus } from "../../shared/constants";
import { auditEntries, builtinCategory, insertTransaction, makeCategory, notificationsFor, txnRow } from "../test/transaction-fixtures";

let t: TestApp;
type Who = { user: MadeUser; api: ApiClient };
let owner: Who;
let accountant: Who;
let approver: Who;
let superAdmin: Who;
let office: CategoryRow;
const MISSING = "00000000-0000-4000-8000-000000000000";
// Fixed clock: 2026-11-20 20:00 UTC is already 2026-11-21 in Asia/Kolkata (01:30).
const NOW = new Date("2026-11-20T20:00:00Z");
// The clock stands still, except where a test walks it forward (audit entries are ordered by their time).
let now = NOW;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  [owner, accountant, approver, superAdmin] = await Promise.all([t.signIn("Accountant"), t.signIn("Accountant"), t.signIn("Approver"), t.signIn("SuperAdmin")]);
  office = await builtinCategory(t.db, "Office Expenses");
});
afterAll(async () => {
  await t?.close();
});

const inState = (status: TransactionStatus, extra: Record<string, unknown> = {}) =>
  insertTransaction(t.db, { createdBy: owner.user.id, categoryId: office.id, status, createdAt: NOW, ...extra });

describe("POST /api/transactions/:id/mark-payment-due", () => {
  it("is 401, 400 on a bad or past date, 403 for an approver, 404 unknown", async () => {
    const row = await inState("Approved");
    expect((await t.client().post(`/api/transactions/${row.id}/mark-payment-due`, {})).status).toBe(401);
    const bad = await accountant.api.post(`/api/transactions/${row.id}/mark-payment-due`, { dueDate: "2026-13-01" });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toEqual({ path: "dueDate", message: "Due date must be a valid date (YYYY-MM-DD)" });
    const past = await accountant.api.post(`/api/transactions/${row.id}/mark-payment-due`, { dueDate: "2026-11-20" });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("Due date cannot be in the past");
    expect((await approver.api.post(`/api/transactions/${row.id}/mark-payment-due`, {})).status).toBe(403);
    expect((await accountant.api.post(`/api/transactions/${MISSING}/mark-payment-due`, {})).status).toBe(404);
  });

  it.each(["Draft", "Pending", "Rejected", "PaymentDue", "Paid", "Completed"] as const)("is 409 when %s", async (status) => {
    const row = await inState(status);
    const res = await accountant.api.post(`/api/transactions/${row.id}/mark-payment-due`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Only Approved, unpaid transactions can be marked payment due/);
  });

  it("Approved → PaymentDue with the due date (today in APP_TIMEZONE is allowed); notified and audited", async () => {
    const row = await inState("Approved");
    const res = await accountant.api.post(`/api/transactions/${row.id}/mark-payment-due`, { dueDate: "2026-11-21" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "PaymentDue", paymentDueDate: "2026-11-21", isPaid: false });
    const [entry] = await auditEntries(t.db, row.id, "mark_payment_due");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: accountant.user.id });
    expect((await notificationsFor(t.db, row.id)).map((n) => n.userId)).toEqual([owner.user.id]);
    const noDate = await inState("Approved");
    const res2 = await accountant.api.post(`/api/transactions/${noDate.id}/mark-payment-due`);
    expect(res2.body).toMatchObject({ status: "PaymentDue", paymentDueDate: null });
  });
});

describe("PATCH /api/transactions/:id/payment", () => {
  it("is 401, 400 per field, 403 for an approver, 404 unknown", async () => {
    const row = await inState("Approved");
    expect((await t.client().patch(`/api/transactions/${row.id}/payment`, { paymentMethod: "UPI" })).status).toBe(401);
    const noMethod = await accountant.api.patch(`/api/transactions/${row.id}/payment`, {});
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.issues).toContainEqual({ path: "paymentMethod", message: "Payment method is required" });
    const wrong = await accountant.api.patch(`/api/transactions/${row.id}/payment`, { paymentMethod: "Barter", paidDate: "yesterday" });
    expect(wrong.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["paidDate", "paymentMethod"]);
    const cancelWithValues = await accountant.api.patch(`/api/transactions/${row.id}/payment`, { isPaid: false, paymentMethod: "UPI" });
    expect(cancelWithValues.status).toBe(400);
    expect((await approver.api.patch(`/api/transactions/${row.id}/payment`, { paymentMethod: "UPI" })).status).toBe(403);
    expect((await accountant.api.patch(`/api/transactions/${MISSING}/payment`, { paymentMethod: "UPI" })).status).toBe(404);
  });

  it.each(["Draft", "Pending", "Rejected", "Paid", "Completed"] as const)("process is 409 when %s", async (status) => {
    const row = await inState(status);
    const res = await accountant.api.patch(`/api/transactions/${row.id}/payment`, { paymentMethod: "UPI" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Only Approved or Payment Due transactions that are not yet paid can be paid/);
  });

  it.each(["Draft", "Pending", "Approved", "Rejected", "PaymentDue", "Completed"] as const)("cancel is 409 when %s", async (status) => {
    const row = await inState(status);
    const res = await accountant.api.patch(`/api/transactions/${row.id}/payment`, { isPaid: false });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Only Paid transactions can have their payment cancelled/);
  });

  it.each(["Approved", "PaymentDue"] as const)("processes a %s one → Paid, paidBy me, paidDate today in APP_TIMEZONE", async (status) => {
    const row = await inState(status);
    const res = await accountant.api.patch(`/api/transactions/${row.id}/payment`, {
      paymentMethod: "NEFT/RTGS",
      paymentReference: "UTR123",
      paymentNotes: "First tranche",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "Paid",
      isPaid: true,
      paymentMethod: "NEFT/RTGS",
      paymentReference: "UTR123",
      paymentNotes: "First tranche",
      paidBy: accountant.user.id,
      paidDate: "2026-11-21",
    });
    const [entry] = await auditEntries(t.db, row.id, "process_payment");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: accountant.user.id });
    expect(entry!.afterData).toMatchObject({ status: "Paid", paidDate: "2026-11-21" });
    const notes = await notificationsFor(t.db, row.id);
    expect(notes).toEqual([expect.objectContaining({ userId: owner.user.id, type: "user_notification" })]);
  });

  it("keeps a given paid date", async () => {
    const row = await inState("Approved");
    const res = await accountant.api.patch(`/api/transactions/${row.id}/payment`, { paymentMethod: "Cash", paidDate: "2026-11-15" });
    expect(res.body.paidDate).toBe("2026-11-15");
  });

  it("cancel: Paid → PaymentDue when a due date is set, else Approved, clearing the payment fields", async () => {
    for (const [dueDate, expected] of [
      ["2026-12-01", "PaymentDue"],
      [null, "Approved"],
    ] as const) {
      const row = await inState("Paid", {
        isPaid: true,
        paymentDueDate: dueDate,
        paymentMethod: "UPI",
        paymentReference: "R",
        paymentNotes: "N",
        paidBy: accountant.user.id,
        paidDate: "2026-11-20",
      });
      const res = await accountant.api.patch(`/api/transactions/${row.id}/payment`, {
        isPaid: false,
        paymentMethod: null,
        paymentReference: null,
        paymentNotes: null,
        paidBy: null,
        paidDate: null,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: expected,
        isPaid: false,
        paymentMethod: null,
        paymentReference: null,
        paymentNotes: null,
        paidBy: null,
        paidDate: null,
        paymentDueDate: dueDate,
      });
      const [entry] = await auditEntries(t.db, row.id, "cancel_payment");
      expect(entry).toMatchObject({ entityType: "transaction", performedBy: accountant.user.id });
    }
  });

  it("the paid Approved of a full override may be cancelled too", async () => {
    const row = await inState("Approved", { isPaid: true });
    const res = await accountant.api.patch(`/api/transactions/${row.id}/payment`, { isPaid: false });
    expect(res.body).toMatchObject({ status: "Approved", isPaid: false });
  });
});

describe("a receipt speaks of receipts, a bill of payments (DECISIONS §16)", () => {
  it("the owner's notifications and the timeline's statuses and fields use the form type's words; the API's statuses and fields stay", async () => {
    const told = async (id: string) => (await notificationsFor(t.db, id)).map((n) => n.message);
    for (const [formType, words] of [
      [
        "R",
        {
          due: "is marked receipt due on 2026-11-30",
          settled: "has been received by UPI",
          cancelled: "The receipt of",
          status: "Received → Receipt Due",
          field: "Receipt reference: UTR1 → —",
        },
      ],
      [
        "B",
        {
          due: "is marked payment due on 2026-11-30",
          settled: "has been paid by UPI",
          cancelled: "The payment of",
          status: "Paid → Payment Due",
          field: "Payment reference: UTR1 → —",
        },
      ],
    ] as const) {
      const row = await inState("Approved", { formType });
      expect((await accountant.api.post(`/api/transactions/${row.id}/mark-payment-due`, { dueDate: "2026-11-30" })).body.status).toBe("PaymentDue");
      const paid = await accountant.api.patch(`/api/transactions/${row.id}/payment`, { paymentMethod: "UPI", paymentReference: "UTR1" });
      expect(paid.body).toMatchObject({ status: "Paid", isPaid: true, paymentMethod: "UPI", paymentReference: "UTR1" });
      expect(
        (
          await accountant.api.patch(`/api/transactions/${row.id}/payment`, {
            isPaid: false,
            paymentMethod: null,
            paymentReference: null,
            paymentNotes: null,
            paidDate: null,
          })
        ).body.status,
      ).toBe("PaymentDue");
      const messages = await told(row.id);
      expect(
        messages.some((m) => m.endsWith(words.due)),
        messages.join(" | "),
      ).toBe(true);
      expect(
        messages.some((m) => m.includes(words.settled)),
        messages.join(" | "),
      ).toBe(true);
      expect(
        messages.some((m) => m.startsWith(words.cancelled)),
        messages.join(" | "),
      ).toBe(true);
      const timeline = (await owner.api.get(`/api/transactions/${row.id}`)).body.timeline as { kind: string; detail?: string }[];
      expect(timeline.find((e) => e.kind === "payment-cancelled")?.detail).toBe(words.status);
      // A full override names the payment fields in the same words.
      expect((await accountant.api.patch(`/api/transactions/${row.id}/payment`, { paymentMethod: "UPI", paymentReference: "UTR1" })).status).toBe(200);
      expect(
        (await superAdmin.api.put(`/api/admin/transactions/${row.id}/full-override`, { paymentReference: null, reason: "Reference was a typo" })).status,
      ).toBe(200);
      const overridden = ((await owner.api.get(`/api/transactions/${row.id}`)).body.timeline as { kind: string; detail?: string }[]).find(
        (e) => e.kind === "overridden",
      );
      expect(overridden?.detail).toBe(words.field);
    }
  });
});

describe("POST /api/transactions/:id/complete", () => {
  it("is 401, 403 for an approver, 404 unknown", async () => {
    const row = await inState("Paid");
    expect((await t.client().post(`/api/transactions/${row.id}/complete`, {})).status).toBe(401);
    expect((await approver.api.post(`/api/transactions/${row.id}/complete`, {})).status).toBe(403);
    expect((await accountant.api.post(`/api/transactions/${MISSING}/complete`, {})).status).toBe(404);
  });

  it.each(["Draft", "Pending", "Approved", "Rejected", "PaymentDue", "Completed"] as const)("is 409 when %s", async (status) => {
    const row = await inState(status);
    const res = await accountant.api.post(`/api/transactions/${row.id}/complete`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Only Paid transactions can be completed/);
  });

  it("Paid → Completed; notified and audited", async () => {
    const row = await inState("Paid");
    const res = await superAdmin.api.post(`/api/transactions/${row.id}/complete`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Completed", completedAt: NOW.toISOString() });
    const [entry] = await auditEntries(t.db, row.id, "complete");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: superAdmin.user.id });
    expect((await notificationsFor(t.db, row.id)).map((n) => n.userId)).toEqual([owner.user.id]);
  });
});

describe("the payment path end to end", () => {
  it("Approved → PaymentDue → Paid → cancel → PaymentDue → Paid → Completed", async () => {
    const row = await inState("Approved");
    const u = `/api/transactions/${row.id}`;
    const step = async <T>(minute: number, call: () => Promise<T>) => {
      now = new Date(NOW.getTime() + minute * 60_000);
      return call();
    };
    try {
      expect((await step(1, () => accountant.api.post(`${u}/mark-payment-due`, { dueDate: "2026-12-05" }))).body.status).toBe("PaymentDue");
      expect((await step(2, () => accountant.api.patch(`${u}/payment`, { paymentMethod: "Check" }))).body.status).toBe("Paid");
      expect((await step(3, () => accountant.api.patch(`${u}/payment`, { isPaid: false }))).body.status).toBe("PaymentDue");
      expect((await step(4, () => accountant.api.patch(`${u}/payment`, { paymentMethod: "UPI" }))).body.status).toBe("Paid");
      expect((await step(5, () => accountant.api.post(`${u}/complete`, {}))).body.status).toBe("Completed");
    } finally {
      now = NOW;
    }
    expect((await auditEntries(t.db, row.id)).map((e) => e.action)).toEqual([
      "mark_payment_due",
      "process_payment",
      "cancel_payment",
      "process_payment",
      "complete",
    ]);
  });
});

// ---------------------------------------------------------------- SuperAdmin overrides

describe("POST /api/admin/transactions/:id/force-status", () => {
  it("is 401, 400 without a reason or with another status, 403 for others, 404 unknown", async () => {
    const row = await inState("Pending");
    const u = `/api/admin/transactions/${row.id}/force-status`;
    expect((await t.client().post(u, { status: "Approved", reason: "x" })).status).toBe(401);
    const noReason = await superAdmin.api.post(u, { status: "Approved" });
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues).toEqual([{ path: "reason", message: "Reason is required" }]);
    expect((await superAdmin.api.post(u, { status: "Approved", reason: "   " })).status).toBe(400);
    const paid = await superAdmin.api.post(u, { status: "Paid", reason: "x" });
    expect(paid.status).toBe(400);
    expect(paid.body.issues[0].path).toBe("status");
    for (const who of [owner, approver]) expect((await who.api.post(u, { status: "Approved", reason: "x" })).status).toBe(403);
    expect((await superAdmin.api.post(`/api/admin/transactions/${MISSING}/force-status`, { status: "Draft", reason: "x" })).status).toBe(404);
  });

  it.each<[TransactionStatus, "Approved" | "Rejected" | "Draft"]>([
    ["Pending", "Approved"],
    ["Completed", "Draft"],
    ["Approved", "Rejected"],
  ])("%s → %s, audited with reason, before and after", async (from, to) => {
    const row = await inState(from);
    const res = await superAdmin.api.post(`/api/admin/transactions/${row.id}/force-status`, { status: to, reason: "Board decision" });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(to);
    if (to === "Rejected") expect(res.body.previouslyRejected).toBe(true);
    if (to === "Approved") expect(res.body.approvedAt).toBe(NOW.toISOString());
    const [entry] = await auditEntries(t.db, row.id, "force_status");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: superAdmin.user.id, reason: "Board decision" });
    expect(entry!.beforeData).toMatchObject({ status: from });
    expect(entry!.afterData).toMatchObject({ status: to });
  });
});

describe("POST /api/admin/transactions/:id/change-owner", () => {
  it("is 401, 400 per field, 403 for others, 404 unknown", async () => {
    const row = await inState("Draft");
    const u = `/api/admin/transactions/${row.id}/change-owner`;
    expect((await t.client().post(u, { newOwnerId: accountant.user.id, reason: "x" })).status).toBe(401);
    const bad = await superAdmin.api.post(u, {});
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["newOwnerId", "reason"]);
    for (const who of [owner, approver]) expect((await who.api.post(u, { newOwnerId: accountant.user.id, reason: "x" })).status).toBe(403);
    expect((await superAdmin.api.post(`/api/admin/transactions/${MISSING}/change-owner`, { newOwnerId: accountant.user.id, reason: "x" })).status).toBe(404);
  });

  it("refuses an owner who is unknown, disabled, deleted or cannot own transactions", async () => {
    const row = await inState("Draft");
    const disabled = await t.signIn("Accountant");
    const deleted = await t.signIn("Accountant");
    await t.db.execute(sql`update users set is_active = false where id = ${disabled.user.id}`);
    await t.db.execute(sql`update users set deleted_at = now() where id = ${deleted.user.id}`);
    for (const id of [MISSING, disabled.user.id, deleted.user.id, approver.user.id]) {
      const res = await superAdmin.api.post(`/api/admin/transactions/${row.id}/change-owner`, { newOwnerId: id, reason: "Handover" });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: "newOwnerId", message: "The new owner must be an active Accountant or SuperAdmin" }]);
    }
    expect((await txnRow(t.db, row.id))!.createdBy).toBe(owner.user.id);
  });

  it("gives the transaction to the new owner, audited with reason, before and after", async () => {
    const row = await inState("Rejected");
    const res = await superAdmin.api.post(`/api/admin/transactions/${row.id}/change-owner`, { newOwnerId: accountant.user.id, reason: "Handover" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ createdBy: accountant.user.id, creator: { name: accountant.user.name } });
    const [entry] = await auditEntries(t.db, row.id, "change_owner");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: superAdmin.user.id, reason: "Handover" });
    expect(entry!.beforeData).toMatchObject({ createdBy: owner.user.id });
    expect(entry!.afterData).toMatchObject({ createdBy: accountant.user.id });
    // The new owner may now edit it; the old one may not.
    expect((await accountant.api.patch(`/api/transactions/${row.id}`, { description: "Mine" })).status).toBe(200);
    expect((await owner.api.patch(`/api/transactions/${row.id}`, { description: "Mine" })).status).toBe(403);
  });
});

describe("PUT /api/admin/transactions/:id/full-override", () => {
  it("is 401, 400 per field and on unknown keys, 403 for others, 404 unknown", async () => {
    const row = await inState("Approved");
    const u = `/api/admin/transactions/${row.id}/full-override`;
    const ok = { amount: 5, reason: "Typo in the amount" };
    expect((await t.client().put(u, ok)).status).toBe(401);
    const bad = await superAdmin.api.put(u, { amount: -1, status: "Lost", whatever: true });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["", "amount", "reason", "status"]);
    for (const who of [owner, approver]) expect((await who.api.put(u, ok)).status).toBe(403);
    expect((await superAdmin.api.put(`/api/admin/transactions/${MISSING}/full-override`, ok)).status).toBe(404);
  });

  it("overrides any field in any state, audited with before and after", async () => {
    const other = await makeCategory(t.db, {
      fieldSchema: [{ id: "ref", label: "Ref", type: "text", required: true, placeholder: null, options: undefined, validation: null }],
    });
    const row = await inState("Completed");
    const body = {
      amount: "2500.75",
      description: "Corrected by audit",
      categoryId: other.id,
      customFieldValues: { ref: "PO-9" },
      status: "Paid",
      isPaid: true,
      paymentMethod: "Cash",
      paymentDueDate: null,
      approvalsRequired: 3,
      formType: "B",
      reason: "Audit correction",
    };
    const res = await superAdmin.api.put(`/api/admin/transactions/${row.id}/full-override`, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      amount: "2500.75",
      description: "Corrected by audit",
      categoryId: other.id,
      customFieldValues: { ref: "PO-9" },
      status: "Paid",
      paymentMethod: "Cash",
      approvalsRequired: 3,
      formType: "B",
    });
    const [entry] = await auditEntries(t.db, row.id, "full_override");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: superAdmin.user.id, reason: "Audit correction" });
    expect(entry!.beforeData).toMatchObject({ amount: "1000.00", status: "Completed", categoryId: office.id });
    expect(entry!.afterData).toMatchObject({ amount: "2500.75", status: "Paid", categoryId: other.id });
  });

  it("checks custom field values against the category", async () => {
    const other = await makeCategory(t.db, {
      fieldSchema: [{ id: "ref", label: "Ref", type: "text", required: true, placeholder: null, options: undefined, validation: null }],
    });
    const row = await inState("Draft");
    const res = await superAdmin.api.put(`/api/admin/transactions/${row.id}/full-override`, { categoryId: other.id, reason: "Wrong category" });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "customFieldValues.ref", message: "Ref is required" }]);
  });
});
