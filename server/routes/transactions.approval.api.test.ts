// Approval: approve, reject, delete an approval, rounds after a rejection, Salary's two approvals,
// bulk approval, and the notifications and audit entries of each move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { approvals, categories, type CategoryRow } from "../db/schema";
import { approvalRows, auditEntries, builtinCategory, insertTransaction, makeCategory, notificationsFor, txnBody, txnRow } from "../test/transaction-fixtures";

let t: TestApp;
type Who = { user: MadeUser; api: ApiClient };
let accountant: Who;
let approver: Who;
let approver2: Who;
let approver3: Who;
let superAdmin: Who;
let office: CategoryRow;
const MISSING = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await createTestApp();
  [accountant, approver, approver2, approver3, superAdmin] = await Promise.all([
    t.signIn("Accountant"),
    t.signIn("Approver"),
    t.signIn("Approver"),
    t.signIn("Approver"),
    t.signIn("SuperAdmin"),
  ]);
  office = await builtinCategory(t.db, "Office Expenses");
});
afterAll(async () => {
  await t?.close();
});

async function pending(overrides: Record<string, unknown> = {}, categoryId = office.id, owner = accountant) {
  const created = await owner.api.post("/api/transactions", txnBody(categoryId, overrides));
  expect(created.status).toBe(201);
  const submitted = await owner.api.post(`/api/transactions/${created.body.id}/submit`);
  expect(submitted.status).toBe(200);
  return submitted.body as { id: string; humanReadableId: string; approvalsRequired: number };
}

describe("POST /api/transactions/:id/approve", () => {
  it("is 401 when not signed in", async () => {
    const p = await pending();
    expect((await t.client().post(`/api/transactions/${p.id}/approve`, {})).status).toBe(401);
  });

  it.each(["Accountant", "HR Admin", "HR Staff"] as const)("is 403 for %s", async (role) => {
    const p = await pending();
    const { api } = await t.signIn(role);
    expect((await api.post(`/api/transactions/${p.id}/approve`, {})).status).toBe(403);
  });

  it("is 403 for the creator, even a SuperAdmin", async () => {
    const p = await pending({}, office.id, superAdmin);
    const res = await superAdmin.api.post(`/api/transactions/${p.id}/approve`, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You cannot approve your own transaction");
  });

  it("is 404 for an unknown id", async () => {
    expect((await approver.api.post(`/api/transactions/${MISSING}/approve`, {})).status).toBe(404);
  });

  it.each(["Draft", "Approved", "Rejected", "PaymentDue", "Paid", "Completed"] as const)("is 409 when %s", async (status) => {
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, status });
    const res = await approver.api.post(`/api/transactions/${row.id}/approve`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Only Pending transactions can be approved \(this one is /);
  });

  it("is 409 for a second action by the same user in the round", async () => {
    const p = await pending({}, (await makeCategory(t.db, { requiredApprovals: 2 })).id);
    expect((await approver.api.post(`/api/transactions/${p.id}/approve`, {})).status).toBe(200);
    const again = await approver.api.post(`/api/transactions/${p.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already approved this transaction");
    expect((await approver.api.post(`/api/transactions/${p.id}/reject`, {})).status).toBe(409);
    expect(await approvalRows(t.db, p.id)).toHaveLength(1);
  });

  it("approves at the requirement: Approved, approvedAt set, creator notified, audited", async () => {
    const p = await pending();
    const res = await approver.api.post(`/api/transactions/${p.id}/approve`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Approved", approvalsReceived: 1, approvalsRequired: 1 });
    expect(res.body.approvedAt).toBeTruthy();
    const rows = await approvalRows(t.db, p.id);
    expect(rows).toEqual([expect.objectContaining({ approverId: approver.user.id, round: 1, action: "approved" })]);
    const notes = (await notificationsFor(t.db, p.id)).filter((n) => n.type === "user_notification");
    expect(notes).toEqual([expect.objectContaining({ userId: accountant.user.id, humanReadableId: p.humanReadableId, category: "Office Expenses" })]);
    expect(notes[0]!.message).toMatch(/has been approved/);
    const [entry] = await auditEntries(t.db, p.id, "approve");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: approver.user.id });
    expect(entry!.beforeData).toMatchObject({ status: "Pending", approvalsReceived: 0 });
    expect(entry!.afterData).toMatchObject({ status: "Approved", approvalsReceived: 1 });
  });
});

describe("Salary needs two approvals, fixed at submit", () => {
  it("stays Pending after one approval, Approved after the second", async () => {
    const salary = await builtinCategory(t.db, "Salary");
    const p = await pending({}, salary.id);
    expect(p.approvalsRequired).toBe(2);
    const first = await approver.api.post(`/api/transactions/${p.id}/approve`, {});
    expect(first.body).toMatchObject({ status: "Pending", approvalsReceived: 1, approvalsRequired: 2 });
    const second = await approver2.api.post(`/api/transactions/${p.id}/approve`, {});
    expect(second.body).toMatchObject({ status: "Approved", approvalsReceived: 2 });
  });

  it("any category's requirement is fixed at submit: lowering it afterwards changes nothing", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 2 });
    const p = await pending({}, category.id);
    await t.db.update(categories).set({ requiredApprovals: 1 }).where(eq(categories.id, category.id));
    const first = await approver.api.post(`/api/transactions/${p.id}/approve`, {});
    expect(first.body).toMatchObject({ status: "Pending", approvalsReceived: 1, approvalsRequired: 2 });
  });

  it("changing the Salary category after submit has no effect on a submitted transaction", async () => {
    const salary = await builtinCategory(t.db, "Salary");
    const p = await pending({}, salary.id);
    await t.db.update(categories).set({ requiredApprovals: 3 }).where(eq(categories.id, salary.id));
    try {
      await approver.api.post(`/api/transactions/${p.id}/approve`, {});
      const second = await approver2.api.post(`/api/transactions/${p.id}/approve`, {});
      expect(second.body).toMatchObject({ status: "Approved", approvalsRequired: 2 });
    } finally {
      await t.db.update(categories).set({ requiredApprovals: 2 }).where(eq(categories.id, salary.id));
    }
  });
});

describe("POST /api/transactions/:id/reject", () => {
  it("is 401, 400 on a bad reason, 403 for an accountant and the creator, 404 unknown, 409 not Pending", async () => {
    const p = await pending();
    expect((await t.client().post(`/api/transactions/${p.id}/reject`, {})).status).toBe(401);
    const bad = await approver.api.post(`/api/transactions/${p.id}/reject`, { reason: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe("reason");
    expect((await accountant.api.post(`/api/transactions/${p.id}/reject`, {})).status).toBe(403);
    const own = await pending({}, office.id, superAdmin);
    expect((await superAdmin.api.post(`/api/transactions/${own.id}/reject`, {})).body.message).toBe("You cannot reject your own transaction");
    expect((await approver.api.post(`/api/transactions/${MISSING}/reject`, {})).status).toBe(404);
    const draft = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id });
    const wrong = await approver.api.post(`/api/transactions/${draft.id}/reject`, {});
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe("Only Pending transactions can be rejected (this one is Draft)");
  });

  it("rejects with an optional reason: Rejected, previouslyRejected, creator notified, audited", async () => {
    const p = await pending();
    const res = await approver.api.post(`/api/transactions/${p.id}/reject`, { reason: "No invoice attached" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Rejected", previouslyRejected: true });
    expect(await approvalRows(t.db, p.id)).toEqual([expect.objectContaining({ action: "rejected", reasonText: "No invoice attached", round: 1 })]);
    const notes = (await notificationsFor(t.db, p.id)).filter((n) => n.type === "user_notification");
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toMatch(/was rejected: No invoice attached/);
    const [entry] = await auditEntries(t.db, p.id, "reject");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: approver.user.id, reason: "No invoice attached" });
    const noReason = await pending();
    expect((await approver.api.post(`/api/transactions/${noReason.id}/reject`)).status).toBe(200);
  });

  it("resubmission opens a new round: old approvals kept, not counted, and the same approver can act again", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 2 });
    const p = await pending({}, category.id);
    expect((await approver.api.post(`/api/transactions/${p.id}/approve`, {})).status).toBe(200);
    expect((await approver2.api.post(`/api/transactions/${p.id}/reject`, { reason: "Wrong amount" })).status).toBe(200);
    expect((await accountant.api.patch(`/api/transactions/${p.id}`, { amount: "1400.00" })).status).toBe(200);
    const again = await accountant.api.post(`/api/transactions/${p.id}/submit`);
    expect(again.body).toMatchObject({ status: "Pending", approvalRound: 2, approvalsReceived: 0, previouslyRejected: true });
    const pendingList = await approver.api.get("/api/transactions/pending");
    expect(pendingList.body.find((x: { id: string }) => x.id === p.id).myAction).toBeNull();
    const first = await approver.api.post(`/api/transactions/${p.id}/approve`, {});
    expect(first.body).toMatchObject({ status: "Pending", approvalsReceived: 1 });
    // Still pending: the pending list says who has acted in this round and who has not.
    const pendingItemFor = async (who: typeof approver) => (await who.api.get("/api/transactions/pending")).body.find((x: { id: string }) => x.id === p.id);
    expect(await pendingItemFor(approver)).toMatchObject({ myAction: "approved", availableMoves: [] });
    expect(await pendingItemFor(approver2)).toMatchObject({ myAction: null, availableMoves: ["approve", "reject"] });
    const second = await approver2.api.post(`/api/transactions/${p.id}/approve`, {});
    expect(second.body).toMatchObject({ status: "Approved", approvalsReceived: 2 });
    const details = await accountant.api.get(`/api/transactions/${p.id}`);
    expect(details.body.approvals.map((a: { round: number; action: string }) => `${a.round}:${a.action}`)).toEqual([
      "1:approved",
      "1:rejected",
      "2:approved",
      "2:approved",
    ]);
  });
});

describe("DELETE /api/approvals/:id", () => {
  const why = { reason: "Approved the wrong invoice" };

  it("is 401, 403 for an approver, 404 for an unknown approval", async () => {
    const p = await pending();
    await approver.api.post(`/api/transactions/${p.id}/approve`, {});
    const [a] = await approvalRows(t.db, p.id);
    expect((await t.client().delete(`/api/approvals/${a!.id}`, why)).status).toBe(401);
    expect((await approver.api.delete(`/api/approvals/${a!.id}`, why)).status).toBe(403);
    expect((await superAdmin.api.delete(`/api/approvals/${MISSING}`, why)).status).toBe(404);
  });

  it("needs a reason (DECISIONS §4): 400 without one, and the approval stays", async () => {
    const p = await pending();
    await approver.api.post(`/api/transactions/${p.id}/approve`, {});
    const [a] = await approvalRows(t.db, p.id);
    for (const body of [undefined, {}, { reason: "   " }]) {
      const res = await superAdmin.api.delete(`/api/approvals/${a!.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: "reason", message: "Reason is required" }]);
    }
    expect(await approvalRows(t.db, p.id)).toHaveLength(1);
  });

  it("recomputes: an Approved transaction falling below its requirement goes back to Pending; audited", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 2 });
    const p = await pending({}, category.id);
    await approver.api.post(`/api/transactions/${p.id}/approve`, {});
    await approver2.api.post(`/api/transactions/${p.id}/approve`, {});
    const [first] = await approvalRows(t.db, p.id);
    const res = await superAdmin.api.delete(`/api/approvals/${first!.id}`, why);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Pending", approvalsReceived: 1, approvedAt: null });
    expect(await approvalRows(t.db, p.id)).toHaveLength(1);
    const [entry] = await auditEntries(t.db, p.id, "delete_approval");
    expect(entry).toMatchObject({ entityType: "transaction", performedBy: superAdmin.user.id, reason: why.reason });
    expect(entry!.beforeData).toMatchObject({ status: "Approved", approval: { id: first!.id } });
    expect(entry!.afterData).toMatchObject({ status: "Pending", approvalsReceived: 1 });
    // The approver whose approval was deleted may approve again in this round.
    const again = await approver.api.post(`/api/transactions/${p.id}/approve`, {});
    expect(again.body).toMatchObject({ status: "Approved", approvalsReceived: 2 });
  });

  it("deleting an approval of an earlier round changes no count", async () => {
    const p = await pending();
    await approver.api.post(`/api/transactions/${p.id}/reject`, {});
    await accountant.api.post(`/api/transactions/${p.id}/submit`);
    await approver2.api.post(`/api/transactions/${p.id}/approve`, {});
    const old = (
      await t.db
        .select()
        .from(approvals)
        .where(and(eq(approvals.transactionId, p.id), eq(approvals.round, 1)))
    )[0]!;
    const res = await superAdmin.api.delete(`/api/approvals/${old.id}`, why);
    expect(res.body).toMatchObject({ status: "Approved", approvalsReceived: 1 });
  });
});

describe("POST /api/transactions/bulk-approve", () => {
  it("is 401, 400 per field, 403 for an accountant", async () => {
    expect((await t.client().post("/api/transactions/bulk-approve", { ids: [MISSING] })).status).toBe(401);
    for (const ids of [[], ["x"], Array.from({ length: 51 }, () => MISSING), undefined]) {
      const res = await approver.api.post("/api/transactions/bulk-approve", { ids });
      expect(res.status).toBe(400);
    }
    expect((await accountant.api.post("/api/transactions/bulk-approve", { ids: [MISSING] })).status).toBe(403);
  });

  it("approves each by the same rules and reports one by one", async () => {
    const a = await pending();
    const b = await pending();
    const draft = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id });
    await approver3.api.post(`/api/transactions/${b.id}/approve`, {});
    const res = await approver3.api.post("/api/transactions/bulk-approve", { ids: [a.id, b.id, draft.id, MISSING] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: a.id, humanReadableId: a.humanReadableId, ok: true, status: "Approved" },
      { id: b.id, ok: false, message: "Only Pending transactions can be approved (this one is Approved)" },
      { id: draft.id, ok: false, message: "Only Pending transactions can be approved (this one is Draft)" },
      { id: MISSING, ok: false, message: "Transaction not found" },
    ]);
    expect((await txnRow(t.db, a.id))!.status).toBe("Approved");
    expect(await auditEntries(t.db, a.id, "approve")).toHaveLength(1);
  });
});
