// Authority (DECISIONS §11): approval rules over HTTP, the policy decided once at submit by
// authority.ts, a SuperAdmin's approval, the emergency link's override, and the preview.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { TEST_PASSWORD, type MadeUser } from "../test/factories";
import { eq } from "drizzle-orm";
import { approvalRules, approvals } from "../db/schema";
import { auditEntries, builtinCategory, makeCategory, txnBody, txnRow } from "../test/transaction-fixtures";

let t: TestApp;
type Who = { user: MadeUser; api: ApiClient };
let accountant: Who;
let approvers: Who[];
let superAdmin: Who;
let superAdmin2: Who;

beforeAll(async () => {
  t = await createTestApp();
  [accountant, superAdmin, superAdmin2, ...approvers] = await Promise.all([
    t.signIn("Accountant"),
    t.signIn("SuperAdmin"),
    t.signIn("SuperAdmin"),
    t.signIn("Approver"),
    t.signIn("Approver"),
    t.signIn("Approver"),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const unique = (name: string) => `${name} ${crypto.randomBytes(3).toString("hex")}`;

async function rule(body: Record<string, unknown>) {
  const res = await superAdmin.api.post("/api/admin/approval-rules", {
    name: unique("Rule"),
    categoryId: null,
    formType: null,
    superAdminRequired: false,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}

async function submitted(categoryId: string, overrides: Record<string, unknown> = {}) {
  const created = await accountant.api.post("/api/transactions", txnBody(categoryId, overrides));
  expect(created.status).toBe(201);
  const res = await accountant.api.post(`/api/transactions/${created.body.id}/submit`);
  expect(res.status).toBe(200);
  return res.body as {
    id: string;
    approvalsRequired: number;
    approvalPolicy: { approvalsRequired: number; superAdminRequired: boolean; rules: { id: string; name: string }[] };
  };
}

const approve = (who: Who, id: string) => who.api.post(`/api/transactions/${id}/approve`, {});

describe("approval rules: who may manage them", () => {
  it("is 401 signed out and 403 for every role but SuperAdmin", async () => {
    expect((await t.client().get("/api/admin/approval-rules")).status).toBe(401);
    for (const role of ["Accountant", "Approver", "HR Admin", "HR Staff"] as const) {
      const { api } = await t.signIn(role);
      expect((await api.get("/api/admin/approval-rules")).status).toBe(403);
      expect((await api.post("/api/admin/approval-rules", { name: unique("X"), minAmount: "1", requiredApprovals: 2 })).status).toBe(403);
    }
    const r = await rule({ minAmount: "999999999", requiredApprovals: 1, isActive: false });
    const { api } = await t.signIn("Approver");
    expect((await api.put(`/api/admin/approval-rules/${r.id}`, { requiredApprovals: 2 })).status).toBe(403);
    expect((await api.delete(`/api/admin/approval-rules/${r.id}`)).status).toBe(403);
  });

  it.each<[string, Record<string, unknown>]>([
    ["name", { name: "" }],
    ["categoryId", { categoryId: "not-a-uuid" }],
    ["categoryId", { categoryId: crypto.randomUUID() }],
    ["formType", { formType: "X" }],
    ["minAmount", { minAmount: "12.345" }],
    ["minAmount", { minAmount: undefined }],
    ["requiredApprovals", { requiredApprovals: 0 }],
    ["requiredApprovals", { requiredApprovals: 6 }],
    ["superAdminRequired", { superAdminRequired: "yes" }],
  ])("is 400 naming %s", async (field, bad) => {
    const res = await superAdmin.api.post("/api/admin/approval-rules", {
      name: unique("Bad"),
      categoryId: null,
      formType: null,
      minAmount: "100",
      requiredApprovals: 2,
      ...bad,
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
  });

  it("names are unique case-insensitively (409), on create and on rename; every change is audited", async () => {
    const name = unique("Above");
    const first = await rule({ name, minAmount: "999999999", requiredApprovals: 2, isActive: false });
    const dup = await superAdmin.api.post("/api/admin/approval-rules", { name: name.toUpperCase(), minAmount: "1", requiredApprovals: 2 });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("A rule with this name already exists");
    const other = await rule({ minAmount: "999999999", requiredApprovals: 2, isActive: false });
    expect((await superAdmin.api.put(`/api/admin/approval-rules/${other.id}`, { name: name.toLowerCase() })).status).toBe(409);
    const changed = await superAdmin.api.put(`/api/admin/approval-rules/${first.id}`, { requiredApprovals: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body.requiredApprovals).toBe(3);
    expect((await auditEntries(t.db, first.id)).map((a) => a.action)).toEqual(["create", "update"]);
    const gone = await superAdmin.api.delete(`/api/admin/approval-rules/${other.id}`);
    expect(gone.body).toEqual({ message: "Approval rule deleted", deactivated: false });
    expect((await auditEntries(t.db, other.id)).map((a) => a.action)).toEqual(["create", "delete"]);
    expect((await superAdmin.api.get("/api/admin/approval-rules")).body.map((r: { id: string }) => r.id)).toContain(first.id);
  });
});

describe("what a submission needs (decided at submit)", () => {
  it("matches by category (null or the same), form type and an inclusive minimum; the largest wins; inactive rules are ignored", async () => {
    const cat = await makeCategory(t.db);
    const other = await makeCategory(t.db);
    const everyCategory = await rule({ minAmount: "700000.00", requiredApprovals: 2 });
    const mine = await rule({ categoryId: cat.id, minAmount: "700000.00", requiredApprovals: 3 });
    await rule({ categoryId: other.id, minAmount: "1", requiredApprovals: 5 });
    await rule({ categoryId: cat.id, formType: "B", minAmount: "1", requiredApprovals: 4 });
    await rule({ categoryId: cat.id, minAmount: "1", requiredApprovals: 5, isActive: false });

    const below = await submitted(cat.id, { amount: "699999.99" });
    expect(below.approvalPolicy).toEqual({ approvalsRequired: 1, superAdminRequired: false, rules: [] });
    const atMin = await submitted(cat.id, { amount: "700000.00" });
    expect(atMin.approvalsRequired).toBe(3);
    expect(atMin.approvalPolicy.rules.map((r) => r.id).sort()).toEqual([everyCategory.id, mine.id].sort());
    const formB = await submitted(cat.id, { amount: "10", formType: "B" });
    expect(formB.approvalsRequired).toBe(4);
    const elsewhere = await submitted((await makeCategory(t.db)).id, { amount: "700000.00" });
    expect(elsewhere.approvalsRequired).toBe(2);
    // GET and the pending list answer the policy kept.
    const got = await approvers[0]!.api.get(`/api/transactions/${atMin.id}`);
    expect(got.body.approvalPolicy).toEqual(atMin.approvalPolicy);
    const pending = await approvers[0]!.api.get("/api/transactions/pending?limit=200");
    expect(pending.body.find((p: { id: string }) => p.id === atMin.id).approvalPolicy).toEqual(atMin.approvalPolicy);
  });

  it("the built-in Salary still needs 2", async () => {
    const salary = await builtinCategory(t.db, "Salary");
    expect((await submitted(salary.id, { amount: "10" })).approvalsRequired).toBe(2);
  });
});

describe("the look-alike case: a SuperAdmin's approval", () => {
  it("an Accountant's 'Salary.' category with ₹8,50,000 under 'Above ₹5,00,000: 2 and a SuperAdmin's'", async () => {
    const made = await accountant.api.post("/api/categories", { name: "Salary." });
    expect(made.status).toBe(201);
    const r = await rule({ name: unique("Above ₹5,00,000"), minAmount: "500000", requiredApprovals: 2, superAdminRequired: true });
    const p = await submitted(made.body.id, { amount: "850000.00" });
    expect(p.approvalPolicy).toMatchObject({ approvalsRequired: 2, superAdminRequired: true });
    expect(p.approvalPolicy.rules.map((x) => x.id)).toContain(r.id);

    expect((await approve(approvers[0]!, p.id)).body.status).toBe("Pending");
    const second = await approve(approvers[1]!, p.id);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("A SuperAdmin must approve this one");
    expect((await txnRow(t.db, p.id))!.approvalsReceived).toBe(1);
    const done = await approve(superAdmin, p.id);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("Approved");
    // The timeline's submitted entry names the rule.
    const detail = await accountant.api.get(`/api/transactions/${p.id}`);
    const submittedEntry = detail.body.timeline.find((e: { kind: string }) => e.kind === "submitted");
    expect(submittedEntry.detail).toContain(`rule '${r.name}'`);
    await superAdmin.api.delete(`/api/admin/approval-rules/${r.id}`);
  });

  it("a rule changed or deleted after submit changes neither the policy nor the outcome; a rule applied is deactivated, not deleted", async () => {
    const cat = await makeCategory(t.db);
    const r = await rule({ categoryId: cat.id, minAmount: "100", requiredApprovals: 2 });
    const p = await submitted(cat.id, { amount: "150" });
    expect(p.approvalsRequired).toBe(2);
    expect((await superAdmin.api.put(`/api/admin/approval-rules/${r.id}`, { requiredApprovals: 1, superAdminRequired: true })).status).toBe(200);
    expect((await approve(approvers[0]!, p.id)).body.status).toBe("Pending");
    const del = await superAdmin.api.delete(`/api/admin/approval-rules/${r.id}`);
    expect(del.body).toMatchObject({ deactivated: true, message: "A transaction applied this rule, so it was deactivated instead of deleted" });
    expect((await t.db.select().from(approvalRules)).find((x) => x.id === r.id)?.isActive).toBe(false);
    const last = await approve(approvers[1]!, p.id);
    expect(last.status).toBe(200);
    expect(last.body.status).toBe("Approved");
    expect(last.body.approvalPolicy).toEqual(p.approvalPolicy);
  });

  it("deleting the SuperAdmin's approval sends an Approved one back to Pending even when the count still holds, and keeps the last place for a SuperAdmin again", async () => {
    const cat = await makeCategory(t.db);
    await rule({ categoryId: cat.id, minAmount: "1", requiredApprovals: 2, superAdminRequired: true });
    const p = await submitted(cat.id, { amount: "10" });
    expect((await approve(approvers[0]!, p.id)).status).toBe(200);
    expect((await approve(superAdmin, p.id)).body.status).toBe("Approved");
    // A SuperAdmin lowers the count to one: the Approver's approval alone would reach it.
    expect(
      (await superAdmin2.api.put(`/api/admin/transactions/${p.id}/full-override`, { approvalsRequired: 1, reason: "One approval is enough for this vendor" }))
        .body.status,
    ).toBe("Approved");
    const detail = (await superAdmin2.api.get(`/api/transactions/${p.id}`)).body as { approvals: { id: string; approverId: string | null }[] };
    const theirs = detail.approvals.find((a) => a.approverId === superAdmin.user.id)!;
    const res = await superAdmin2.api.delete(`/api/approvals/${theirs.id}`, { reason: "Approved the wrong batch" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Pending", approvalsReceived: 1, approvalsRequired: 1 });
    expect((await approvers[1]!.api.get(`/api/transactions/${p.id}`)).body).toMatchObject({
      superAdminApproved: false,
      availableMoves: ["reject"],
      approveRefusal: "A SuperAdmin must approve this one",
    });
    const refused = await approve(approvers[1]!, p.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A SuperAdmin must approve this one");
    expect((await approve(superAdmin2, p.id)).body.status).toBe("Approved");
  });

  it("two approvals at once count once each, and the transaction is Approved once", async () => {
    const cat = await makeCategory(t.db);
    await rule({ categoryId: cat.id, minAmount: "1", requiredApprovals: 2 });
    const p = await submitted(cat.id, { amount: "10" });
    const answers = await Promise.all([approve(approvers[0]!, p.id), approve(approvers[1]!, p.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const row = (await txnRow(t.db, p.id))!;
    expect(row.approvalsReceived).toBe(2);
    expect(row.status).toBe("Approved");
    expect((await auditEntries(t.db, p.id, "approve")).filter((a) => (a.afterData as { status: string }).status === "Approved")).toHaveLength(1);
  });

  it("an approval racing a rule change uses the policy kept at submit", async () => {
    const cat = await makeCategory(t.db);
    const r = await rule({ categoryId: cat.id, minAmount: "1", requiredApprovals: 1 });
    const p = await submitted(cat.id, { amount: "10" });
    const [approved, changed] = await Promise.all([
      approve(approvers[0]!, p.id),
      superAdmin.api.put(`/api/admin/approval-rules/${r.id}`, { requiredApprovals: 3, superAdminRequired: true }),
    ]);
    expect(changed.status).toBe(200);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("Approved");
  });

  it("a full override of a Pending transaction's amount decides again, and the timeline says what changed", async () => {
    const cat = await makeCategory(t.db);
    const r = await rule({ categoryId: cat.id, minAmount: "1000", requiredApprovals: 3 });
    const p = await submitted(cat.id, { amount: "10" });
    expect(p.approvalsRequired).toBe(1);
    const res = await superAdmin.api.put(`/api/admin/transactions/${p.id}/full-override`, { amount: "1000.00", reason: "Typo in amount" });
    expect(res.status).toBe(200);
    expect(res.body.approvalsRequired).toBe(3);
    expect(res.body.approvalPolicy.rules.map((x: { id: string }) => x.id)).toEqual([r.id]);
    const detail = await accountant.api.get(`/api/transactions/${p.id}`);
    const overridden = detail.body.timeline.find((e: { kind: string }) => e.kind === "overridden");
    expect(overridden.detail).toContain("Approvals required: 1 → 3");
    expect(overridden.detail).toContain(`rule '${r.name}'`);
  });

  it("a full override of only the form type, or only the category, decides again too", async () => {
    const cat = await makeCategory(t.db);
    const bills = await rule({ categoryId: cat.id, formType: "B", minAmount: "1", requiredApprovals: 3 });
    const p = await submitted(cat.id, { amount: "10", formType: "R" });
    expect(p.approvalsRequired).toBe(1);
    const asBill = await superAdmin.api.put(`/api/admin/transactions/${p.id}/full-override`, { formType: "B", reason: "It is a vendor's bill" });
    expect(asBill.status).toBe(200);
    expect(asBill.body.approvalsRequired).toBe(3);
    expect(asBill.body.approvalPolicy.rules.map((x: { id: string }) => x.id)).toEqual([bills.id]);

    const elsewhere = await makeCategory(t.db);
    const moved = await superAdmin.api.put(`/api/admin/transactions/${p.id}/full-override`, {
      categoryId: elsewhere.id,
      reason: "Filed under the wrong category",
    });
    expect(moved.status).toBe(200);
    expect(moved.body.approvalsRequired).toBe(1);
    expect(moved.body.approvalPolicy.rules).toEqual([]);
    const timeline = (await accountant.api.get(`/api/transactions/${p.id}`)).body.timeline as { kind: string; detail?: string }[];
    expect(timeline.filter((e) => e.kind === "overridden").map((e) => e.detail)).toEqual([
      expect.stringContaining("Approvals required: 1 → 3"),
      expect.stringContaining("Approvals required: 3 → 1"),
    ]);
  });

  it("a resubmit decides again with the rules of now, and its timeline entry says the policy changed", async () => {
    const cat = await makeCategory(t.db);
    const r = await rule({ categoryId: cat.id, minAmount: "1000", requiredApprovals: 3 });
    const p = await submitted(cat.id, { amount: "10" });
    expect(p.approvalsRequired).toBe(1);
    expect((await approvers[0]!.api.post(`/api/transactions/${p.id}/reject`, { reason: "The invoice says ₹1,000" })).status).toBe(200);
    expect((await accountant.api.patch(`/api/transactions/${p.id}`, txnBody(cat.id, { amount: "1000.00" }))).status).toBe(200);
    const again = await accountant.api.post(`/api/transactions/${p.id}/submit`);
    expect(again.status).toBe(200);
    expect(again.body.approvalsRequired).toBe(3);
    expect(again.body.approvalPolicy.rules.map((x: { id: string }) => x.id)).toEqual([r.id]);

    // A rule changed while the transaction was Rejected applies to the next round, with nothing edited.
    expect((await approvers[0]!.api.post(`/api/transactions/${p.id}/reject`, { reason: "Needs the MD's sign-off" })).status).toBe(200);
    expect((await superAdmin.api.put(`/api/admin/approval-rules/${r.id}`, { requiredApprovals: 2, superAdminRequired: true })).status).toBe(200);
    const third = await accountant.api.post(`/api/transactions/${p.id}/submit`);
    expect(third.status).toBe(200);
    expect(third.body.approvalPolicy).toMatchObject({ approvalsRequired: 2, superAdminRequired: true });

    const entries = ((await accountant.api.get(`/api/transactions/${p.id}`)).body.timeline as { kind: string; detail?: string }[]).filter(
      (e) => e.kind === "submitted",
    );
    expect(entries.map((e) => e.detail)).toEqual([
      undefined,
      `Round 2; Approval policy: Needs 1 approval → Needs 3 approvals: rule '${r.name}' (from ₹1,000.00: 3 approvals)`,
      `Round 3; Approval policy: Needs 3 approvals: rule '${r.name}' (from ₹1,000.00: 3 approvals) → Needs 2 approvals, one of them a SuperAdmin's: rule '${r.name}' (from ₹1,000.00: 2 approvals and a SuperAdmin's)`,
    ]);
  });
});

describe("what an approval counted as is fixed when it is given (DECISIONS §11)", () => {
  /** `who` given another role by a SuperAdmin; their sessions end, so they sign in again. */
  async function makeRole(who: Who, role: "Approver" | "SuperAdmin"): Promise<Who> {
    expect((await superAdmin.api.put(`/api/admin/users/${who.user.id}`, { role })).status).toBe(200);
    const api = t.client();
    expect((await api.post("/api/auth/login", { username: who.user.username, password: TEST_PASSWORD })).status).toBe(200);
    return { user: { ...who.user, role }, api };
  }
  const keptAs = async (id: string) =>
    (await t.db.select({ approverId: approvals.approverId, asSuperAdmin: approvals.asSuperAdmin }).from(approvals).where(eq(approvals.transactionId, id))).sort(
      (a, b) => String(a.approverId).localeCompare(String(b.approverId)),
    );

  it("an Approver's approval given while a SuperAdmin's place was kept does not become a SuperAdmin's when they are promoted", async () => {
    const cat = await makeCategory(t.db);
    await rule({ categoryId: cat.id, minAmount: "1", requiredApprovals: 3, superAdminRequired: true });
    const rising = await t.signIn("Approver");
    const p = await submitted(cat.id, { amount: "10" });
    expect((await approve(rising, p.id)).status).toBe(200);
    const promoted = await makeRole(rising, "SuperAdmin");
    try {
      expect((await approvers[0]!.api.get(`/api/transactions/${p.id}`)).body.superAdminApproved).toBe(false);
      expect((await approve(approvers[0]!, p.id)).status).toBe(200);
      // The last place is still a SuperAdmin's: the promoted user's earlier approval was an Approver's.
      const refused = await approve(approvers[1]!, p.id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("A SuperAdmin must approve this one");
      expect(await keptAs(p.id)).toEqual(expect.arrayContaining([{ approverId: rising.user.id, asSuperAdmin: false }]));
      expect((await approve(superAdmin2, p.id)).body.status).toBe("Approved");
    } finally {
      await makeRole(promoted, "Approver");
    }
  });

  it("a SuperAdmin's approval keeps the SuperAdmin's place when they are demoted afterwards", async () => {
    const cat = await makeCategory(t.db);
    await rule({ categoryId: cat.id, minAmount: "1", requiredApprovals: 2, superAdminRequired: true });
    const falling = await t.signIn("SuperAdmin");
    const p = await submitted(cat.id, { amount: "10" });
    expect((await approve(falling, p.id)).status).toBe(200);
    await makeRole(falling, "Approver");
    expect((await approvers[0]!.api.get(`/api/transactions/${p.id}`)).body.superAdminApproved).toBe(true);
    const last = await approve(approvers[0]!, p.id);
    expect(last.status).toBe(200);
    expect(last.body.status).toBe("Approved");
    expect(await keptAs(p.id)).toEqual(expect.arrayContaining([{ approverId: falling.user.id, asSuperAdmin: true }]));
  });
});

describe("a full override that changes amount, category or form type decides the policy again, whatever the status (DECISIONS §11)", () => {
  const timelineOf = async (id: string) =>
    (await accountant.api.get(`/api/transactions/${id}`)).body.timeline as { kind: string; detail?: string; reason?: string }[];

  it("an Approved transaction whose approval no longer meets the new policy goes back to Pending, and the timeline says why", async () => {
    const cat = await makeCategory(t.db);
    const r = await rule({ categoryId: cat.id, minAmount: "5000", requiredApprovals: 2, superAdminRequired: true });
    const p = await submitted(cat.id, { amount: "1000" });
    expect((await approve(approvers[0]!, p.id)).body.status).toBe("Approved");
    const res = await superAdmin.api.put(`/api/admin/transactions/${p.id}/full-override`, { amount: "6000", reason: "The invoice was ₹6,000" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Pending", approvalsRequired: 2, approvalsReceived: 1, approvedAt: null });
    expect(res.body.approvalPolicy).toMatchObject({ superAdminRequired: true });
    const overridden = (await timelineOf(p.id)).find((e) => e.kind === "overridden")!;
    expect(overridden.reason).toBe("The invoice was ₹6,000");
    expect(overridden.detail).toContain("Status: Approved → Pending");
    expect(overridden.detail).toContain(
      `Back to Pending: its 1 approval no longer meets the new policy (Needs 2 approvals, one of them a SuperAdmin's: rule '${r.name}'`,
    );
    // The round goes on: the SuperAdmin's approval completes it.
    expect((await approve(superAdmin2, p.id)).body.status).toBe("Approved");
  });

  it("a Payment Due one likewise; one whose approvals still meet the new policy stays as it was", async () => {
    const cat = await makeCategory(t.db);
    await rule({ categoryId: cat.id, minAmount: "5000", requiredApprovals: 2 });
    const due = await submitted(cat.id, { amount: "1000" });
    expect((await approve(approvers[0]!, due.id)).body.status).toBe("Approved");
    expect((await accountant.api.post(`/api/transactions/${due.id}/mark-payment-due`, { dueDate: "2026-12-31" })).status).toBe(200);
    const reopened = await superAdmin.api.put(`/api/admin/transactions/${due.id}/full-override`, { amount: "7000", reason: "Second invoice added" });
    expect(reopened.body).toMatchObject({ status: "Pending", approvalsRequired: 2 });

    const met = await submitted(cat.id, { amount: "1000" });
    expect((await approve(approvers[0]!, met.id)).body.status).toBe("Approved");
    const smaller = await superAdmin.api.put(`/api/admin/transactions/${met.id}/full-override`, { amount: "900", reason: "Discount" });
    expect(smaller.body).toMatchObject({ status: "Approved", approvalsRequired: 1 });
  });

  it("unless the same override sets the status: the SuperAdmin's word stands, with the new policy recorded", async () => {
    const cat = await makeCategory(t.db);
    await rule({ categoryId: cat.id, minAmount: "5000", requiredApprovals: 3 });
    const p = await submitted(cat.id, { amount: "1000" });
    expect((await approve(approvers[0]!, p.id)).body.status).toBe("Approved");
    const res = await superAdmin.api.put(`/api/admin/transactions/${p.id}/full-override`, {
      amount: "6000",
      status: "Approved",
      reason: "Board approved the higher amount",
    });
    expect(res.body).toMatchObject({ status: "Approved", approvalsRequired: 3 });
    expect((await timelineOf(p.id)).find((e) => e.kind === "overridden")!.detail).not.toContain("Back to Pending");
  });
});

describe("what the screens read: a rule in use, a SuperAdmin's approval given", () => {
  const listed = async (id: string) => (await superAdmin.api.get("/api/admin/approval-rules")).body.find((x: { id: string }) => x.id === id);

  it("a rule says it is in use once a submitted transaction keeps it, and not before", async () => {
    const cat = await makeCategory(t.db);
    const r = await rule({ categoryId: cat.id, minAmount: "1000", requiredApprovals: 2 });
    expect((await listed(r.id)).inUse).toBe(false);
    const unused = await rule({ categoryId: cat.id, minAmount: "999999999", requiredApprovals: 2 });
    await submitted(cat.id, { amount: "1000" });
    expect((await listed(r.id)).inUse).toBe(true);
    expect((await listed(unused.id)).inUse).toBe(false);
    const changed = await superAdmin.api.put(`/api/admin/approval-rules/${r.id}`, { requiredApprovals: 3 });
    expect(changed.body.inUse).toBe(true);
  });

  it("the pending row and GET say whether a SuperAdmin's approval is among this round's", async () => {
    const cat = await makeCategory(t.db);
    await rule({ categoryId: cat.id, minAmount: "1", requiredApprovals: 3, superAdminRequired: true });
    const p = await submitted(cat.id, { amount: "10" });
    const row = async () => (await approvers[2]!.api.get("/api/transactions/pending?limit=200")).body.find((x: { id: string }) => x.id === p.id);
    const detail = async () => (await approvers[2]!.api.get(`/api/transactions/${p.id}`)).body;
    expect((await row()).superAdminApproved).toBe(false);
    expect((await approve(approvers[0]!, p.id)).status).toBe(200);
    expect((await row()).superAdminApproved).toBe(false);
    expect((await detail()).superAdminApproved).toBe(false);
    expect((await approve(superAdmin, p.id)).status).toBe(200);
    expect((await row()).superAdminApproved).toBe(true);
    expect((await detail()).superAdminApproved).toBe(true);
    expect((await row()).approvalsReceived).toBe(2);
  });
});

describe("emergency links keep the spec's rule", () => {
  it("approve makes it Approved at once, and the timeline names the rules it overrode", async () => {
    expect((await superAdmin.api.put("/api/admin/emergency-approvers/AK/pin", { pin: "112233" })).status).toBe(200);
    const cat = await makeCategory(t.db);
    const r = await rule({ categoryId: cat.id, minAmount: "1", requiredApprovals: 3, superAdminRequired: true });
    const p = await submitted(cat.id, { amount: "10", isEmergency: true });
    const links = await accountant.api.post(`/api/transactions/${p.id}/emergency-links`);
    expect(links.status).toBe(200);
    const token = String(links.body.approveUrl).split("/").pop()!;
    const res = await supertest(t.app).post(`/api/emergency-approval/${token}`).set("X-Forwarded-For", "10.9.8.7").send({ approverName: "AK", pin: "112233" });
    expect(res.status).toBe(200);
    expect(res.body.transaction.status).toBe("Approved");
    const detail = await accountant.api.get(`/api/transactions/${p.id}`);
    const entry = detail.body.timeline.find((e: { kind: string }) => e.kind === "emergency-approved");
    expect(entry.detail).toBe(`1 of 3 approvals; Pending → Approved; the link overrode rule '${r.name}' (from ₹1.00: 3 approvals and a SuperAdmin's)`);
  });
});

describe("POST /api/approval-rules/preview", () => {
  it("answers the policy a submission would get now, to every finance role only", async () => {
    const cat = await makeCategory(t.db);
    const r = await rule({ categoryId: cat.id, minAmount: "500000", requiredApprovals: 2, superAdminRequired: true });
    for (const who of [accountant, approvers[0]!, superAdmin2]) {
      const res = await who.api.post("/api/approval-rules/preview", { categoryId: cat.id, formType: "R", amount: "500000" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        approvalsRequired: 2,
        superAdminRequired: true,
        rules: [{ id: r.id, name: r.name, minAmount: "500000.00", requiredApprovals: 2, superAdminRequired: true }],
      });
    }
    expect((await accountant.api.post("/api/approval-rules/preview", { categoryId: cat.id, formType: "R", amount: "499999.99" })).body.rules).toEqual([]);
    expect((await (await t.signIn("HR Admin")).api.post("/api/approval-rules/preview", { categoryId: cat.id, formType: "R", amount: "1" })).status).toBe(403);
    expect((await t.client().post("/api/approval-rules/preview", { categoryId: cat.id, formType: "R", amount: "1" })).status).toBe(401);
    expect((await accountant.api.post("/api/approval-rules/preview", { categoryId: cat.id, formType: "R" })).status).toBe(400);
  });
});
