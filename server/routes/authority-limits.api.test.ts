// Authority (DECISIONS §11): approval limits set on the admin user APIs, the SuperAdmin's last place,
// bulk approve's skipped list and a full override deciding again, all over HTTP. What is offered in
// availableMoves is what the approve call accepts: both come from authority.ts's decideApproval.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { approvalRows, auditEntries, makeCategory, txnBody, txnRow } from "../test/transaction-fixtures";

let t: TestApp;
type Who = { user: MadeUser; api: ApiClient };
let accountant: Who;
let superAdmin: Who;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  [accountant, superAdmin] = await Promise.all([t.signIn("Accountant"), t.signIn("SuperAdmin")]);
  categoryId = (await makeCategory(t.db, { requiredApprovals: 1 })).id;
});
afterAll(async () => {
  await t?.close();
});

async function submitted(amount: string, overrides: Record<string, unknown> = {}, category = categoryId) {
  const created = await accountant.api.post("/api/transactions", txnBody(category, { amount, ...overrides }));
  expect(created.status).toBe(201);
  const res = await accountant.api.post(`/api/transactions/${created.body.id}/submit`);
  expect(res.status).toBe(200);
  return res.body as { id: string; humanReadableId: string };
}

async function approverWithLimit(limit: string | null): Promise<Who> {
  const who = await t.signIn("Approver");
  const res = await superAdmin.api.put(`/api/admin/users/${who.user.id}`, { approvalLimit: limit });
  expect(res.status).toBe(200);
  return who;
}

const moves = async (who: Who, id: string) => (await who.api.get(`/api/transactions/${id}`)).body.availableMoves as string[];
const pendingMoves = async (who: Who, id: string) => {
  const res = await who.api.get("/api/transactions/pending?limit=200");
  expect(res.status).toBe(200);
  return (res.body as { id: string; availableMoves: string[] }[]).find((r) => r.id === id)?.availableMoves;
};

describe("approval limits on the admin user APIs", () => {
  it("a SuperAdmin sets, answers and clears approvalLimit; each change audited", async () => {
    const created = await superAdmin.api.post("/api/admin/users", {
      username: `limited_${crypto.randomBytes(3).toString("hex")}`,
      name: "Limited Approver",
      role: "Approver",
      password: "a-long-enough-password",
      approvalLimit: "250000",
    });
    expect(created.status).toBe(201);
    expect(created.body.approvalLimit).toBe("250000.00");
    const id = created.body.id as string;

    const changed = await superAdmin.api.put(`/api/admin/users/${id}`, { approvalLimit: "100000.5" });
    expect(changed.status).toBe(200);
    expect(changed.body.approvalLimit).toBe("100000.50");
    const audit = await auditEntries(t.db, id, "update");
    expect(audit.at(-1)?.beforeData).toMatchObject({ approvalLimit: "250000.00" });
    expect(audit.at(-1)?.afterData).toMatchObject({ approvalLimit: "100000.50" });

    const listed = (await superAdmin.api.get("/api/admin/users")).body.find((u: { id: string }) => u.id === id);
    expect(listed.approvalLimit).toBe("100000.50");

    // Another field changed: the limit stays.
    expect((await superAdmin.api.put(`/api/admin/users/${id}`, { name: "Limited Approver Two" })).body.approvalLimit).toBe("100000.50");
    const cleared = await superAdmin.api.put(`/api/admin/users/${id}`, { approvalLimit: null });
    expect(cleared.body.approvalLimit).toBeNull();
  });

  it.each([["12.345"], ["-5"], ["lots"], [true]])("refuses approvalLimit %j with 400 and changes nothing", async (bad) => {
    const who = await approverWithLimit("5000");
    const res = await superAdmin.api.put(`/api/admin/users/${who.user.id}`, { approvalLimit: bad });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain("approvalLimit");
    expect((await superAdmin.api.get("/api/admin/users")).body.find((u: { id: string }) => u.id === who.user.id).approvalLimit).toBe("5000.00");
  });

  it("only a SuperAdmin sets it", async () => {
    const who = await t.signIn("Approver");
    expect((await who.api.put(`/api/admin/users/${who.user.id}`, { approvalLimit: null })).status).toBe(403);
  });
});

describe("approve within and above the approver's limit", () => {
  it("exactly at the limit: offered and accepted", async () => {
    const approver = await approverWithLimit("100000");
    const txn = await submitted("100000.00");
    expect(await moves(approver, txn.id)).toContain("approve");
    expect(await pendingMoves(approver, txn.id)).toContain("approve");
    expect((await approver.api.get(`/api/transactions/${txn.id}`)).body.approveRefusal).toBeNull();
    const res = await approver.api.post(`/api/transactions/${txn.id}/approve`, {});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("Approved");
  });

  it("a paisa above: not offered, 403 'Above your approval limit of ₹…', nothing recorded; reject still allowed", async () => {
    const approver = await approverWithLimit("100000");
    const txn = await submitted("100000.01");
    const offered = await moves(approver, txn.id);
    expect(offered).not.toContain("approve");
    expect(offered).toContain("reject");
    expect(await pendingMoves(approver, txn.id)).toEqual(expect.not.arrayContaining(["approve"]));
    // The screens say why in Approve's place: the same words the call answers.
    expect((await approver.api.get(`/api/transactions/${txn.id}`)).body.approveRefusal).toBe("Above your approval limit of ₹1,00,000.00");
    const row = ((await approver.api.get("/api/transactions/pending?limit=200")).body as { id: string; approveRefusal: string | null }[]).find(
      (r) => r.id === txn.id,
    );
    expect(row?.approveRefusal).toBe("Above your approval limit of ₹1,00,000.00");
    const res = await approver.api.post(`/api/transactions/${txn.id}/approve`, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Above your approval limit of ₹1,00,000.00");
    expect(await approvalRows(t.db, txn.id)).toHaveLength(0);
    expect((await txnRow(t.db, txn.id))?.status).toBe("Pending");
    const rejected = await approver.api.post(`/api/transactions/${txn.id}/reject`, { reason: "Over my limit and the invoice is unclear" });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe("Rejected");
  });

  it("no limit: anything", async () => {
    const approver = await approverWithLimit(null);
    const txn = await submitted("99999999.99");
    expect((await approver.api.post(`/api/transactions/${txn.id}/approve`, {})).status).toBe(200);
  });
});

describe("the SuperAdmin's last place is not offered to an Approver", () => {
  it("the first Approver is offered approve; the would-be-last is not, and is refused 409", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 1 });
    const rule = await superAdmin.api.post("/api/admin/approval-rules", {
      name: `SA place ${crypto.randomBytes(3).toString("hex")}`,
      categoryId: category.id,
      formType: null,
      minAmount: "0",
      requiredApprovals: 2,
      superAdminRequired: true,
    });
    expect(rule.status).toBe(201);
    const [first, second] = await Promise.all([t.signIn("Approver"), t.signIn("Approver")]);
    const txn = await submitted("2000", {}, category.id);
    expect(await moves(first, txn.id)).toContain("approve");
    expect((await first.api.post(`/api/transactions/${txn.id}/approve`, {})).status).toBe(200);
    expect(await moves(second, txn.id)).not.toContain("approve");
    expect(await pendingMoves(second, txn.id)).toEqual(expect.not.arrayContaining(["approve"]));
    const refused = await second.api.post(`/api/transactions/${txn.id}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A SuperAdmin must approve this one");
    expect(await moves(superAdmin, txn.id)).toContain("approve");
  });
});

describe("bulk approve says what it skipped and why", () => {
  it("approves what it may; skips above the limit with the reason", async () => {
    const approver = await approverWithLimit("1000");
    const within = await submitted("1000");
    const above = await submitted("1000.01");
    const unknown = crypto.randomUUID();
    const res = await approver.api.post("/api/transactions/bulk-approve", { ids: [within.id, above.id, unknown] });
    expect(res.status).toBe(200);
    expect(res.body.approved).toEqual([{ id: within.id, humanReadableId: within.humanReadableId, status: "Approved" }]);
    expect(res.body.skipped).toEqual([
      { id: above.id, humanReadableId: above.humanReadableId, reason: "Above your approval limit of ₹1,000.00" },
      { id: unknown, humanReadableId: null, reason: expect.any(String) },
    ]);
    // The answer every client already reads stays as it was.
    expect(res.body.results.map((r: { id: string; ok: boolean }) => [r.id, r.ok])).toEqual([
      [within.id, true],
      [above.id, false],
      [unknown, false],
    ]);
    expect((await txnRow(t.db, above.id))?.status).toBe("Pending");
  });

  it("the pending list says beforehand what it will skip, in the words bulk approve answers afterwards (limit, the SuperAdmin's place, one's own)", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 1 });
    const rule = await superAdmin.api.post("/api/admin/approval-rules", {
      name: `Big ones ${crypto.randomBytes(3).toString("hex")}`,
      categoryId: category.id,
      formType: null,
      minAmount: "5000",
      requiredApprovals: 1,
      superAdminRequired: true,
    });
    expect(rule.status).toBe(201);
    // A SuperAdmin with a limit meets a limit and their own transaction; an Approver meets the SuperAdmin's place.
    const readerAdmin = await t.signIn("SuperAdmin");
    await superAdmin.api.put(`/api/admin/users/${readerAdmin.user.id}`, { approvalLimit: "3000" });
    const approver = await t.signIn("Approver");
    const fine = await submitted("1000", {}, category.id);
    const aboveLimit = await submitted("4000", {}, category.id);
    const superAdminsPlace = await submitted("6000", {}, category.id);
    const own = await (async () => {
      const created = await readerAdmin.api.post("/api/transactions", txnBody(category.id, { amount: "500" }));
      return (await readerAdmin.api.post(`/api/transactions/${created.body.id}/submit`)).body as { id: string; humanReadableId: string };
    })();
    const ids = [fine.id, aboveLimit.id, superAdminsPlace.id, own.id];
    const beforehand = async (who: Who) => {
      const rows = (await who.api.get("/api/transactions/pending?limit=200")).body as { id: string; approveRefusal: string | null; availableMoves: string[] }[];
      return new Map(ids.map((id) => [id, rows.find((r) => r.id === id)!]));
    };
    const asAdmin = await beforehand(readerAdmin);
    expect(asAdmin.get(fine.id)).toMatchObject({ approveRefusal: null, availableMoves: expect.arrayContaining(["approve"]) });
    expect(asAdmin.get(aboveLimit.id)?.approveRefusal).toBe("Above your approval limit of ₹3,000.00");
    expect(asAdmin.get(own.id)?.approveRefusal).toBe("You cannot approve your own transaction");
    const asApprover = await beforehand(approver);
    expect(asApprover.get(superAdminsPlace.id)?.approveRefusal).toBe("A SuperAdmin must approve this one");

    // Afterwards the call skips exactly those, with the same words.
    const adminRun = await readerAdmin.api.post("/api/transactions/bulk-approve", { ids: [fine.id, aboveLimit.id, own.id] });
    expect(adminRun.body.approved.map((a: { id: string }) => a.id)).toEqual([fine.id]);
    expect(adminRun.body.skipped).toEqual([aboveLimit.id, own.id].map((id) => expect.objectContaining({ id, reason: asAdmin.get(id)!.approveRefusal })));
    const approverRun = await approver.api.post("/api/transactions/bulk-approve", { ids: [superAdminsPlace.id] });
    expect(approverRun.body.skipped).toEqual([
      expect.objectContaining({ id: superAdminsPlace.id, reason: asApprover.get(superAdminsPlace.id)!.approveRefusal }),
    ]);
    // Once acted on, nothing is left to explain.
    expect((await beforehand(readerAdmin)).get(fine.id)).toBeUndefined();
  });
});

describe("a full override of a Pending transaction decides again and recomputes its status", () => {
  it("approvals already given complete the new policy: Approved, and the timeline says so", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 1 });
    const rule = await superAdmin.api.post("/api/admin/approval-rules", {
      name: `Two above ${crypto.randomBytes(3).toString("hex")}`,
      categoryId: category.id,
      formType: null,
      minAmount: "50000",
      requiredApprovals: 2,
    });
    expect(rule.status).toBe(201);
    const approver = await t.signIn("Approver");
    const txn = await submitted("60000", {}, category.id);
    expect((await approver.api.post(`/api/transactions/${txn.id}/approve`, {})).body.status).toBe("Pending");

    const lowered = await superAdmin.api.put(`/api/admin/transactions/${txn.id}/full-override`, { amount: "40000", reason: "Invoice corrected to ₹40,000" });
    expect(lowered.status).toBe(200);
    expect(lowered.body.status).toBe("Approved");
    expect(lowered.body.approvalsRequired).toBe(1);
    const timeline = (await superAdmin.api.get(`/api/transactions/${txn.id}`)).body.timeline as { kind: string; detail?: string }[];
    const entry = timeline.find((e) => e.kind === "overridden");
    expect(entry?.detail).toContain("Status: Pending → Approved");
    expect(entry?.detail).toContain("Amount: ₹60,000.00 → ₹40,000.00");
  });

  it("approvals no longer enough: stays Pending with the larger requirement", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 1 });
    await superAdmin.api.post("/api/admin/approval-rules", {
      name: `Three above ${crypto.randomBytes(3).toString("hex")}`,
      categoryId: category.id,
      formType: null,
      minAmount: "50000",
      requiredApprovals: 3,
    });
    const [a, b] = await Promise.all([t.signIn("Approver"), t.signIn("Approver")]);
    const c = await makeCategory(t.db, { requiredApprovals: 2 });
    const txn = await submitted("1000", {}, c.id);
    expect((await a.api.post(`/api/transactions/${txn.id}/approve`, {})).body.status).toBe("Pending");
    const raised = await superAdmin.api.put(`/api/admin/transactions/${txn.id}/full-override`, {
      categoryId: category.id,
      amount: "70000",
      reason: "Filed under the wrong category",
    });
    expect(raised.status).toBe(200);
    expect(raised.body.status).toBe("Pending");
    expect(raised.body.approvalsRequired).toBe(3);
    expect((await b.api.post(`/api/transactions/${txn.id}/approve`, {})).body.status).toBe("Pending");
  });
});
