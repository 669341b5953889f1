// Races of authority (DECISIONS §11), fired together over HTTP: a delegate and their delegator
// approving at once count once; an approval racing a rule change is held to the policy kept at
// submit; an approval racing the end of its delegation either counts on behalf or is refused, never
// half; delegations that together would overlap or chain, recorded at once, give one 201 and one
// 409. On PostgreSQL the requests truly overlap; on PGlite (one query at a time) the outcomes must
// hold all the same.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { approvalRules, delegations } from "../db/schema";
import { approvalRows, auditEntries, makeCategory, txnBody, txnRow } from "../test/transaction-fixtures";

type Who = { user: MadeUser; api: ApiClient };
let t: TestApp;
let accountant: Who;
let superAdmin: Who;

beforeAll(async () => {
  t = await createTestApp();
  [accountant, superAdmin] = await Promise.all([t.signIn("Accountant"), t.signIn("SuperAdmin")]);
});
afterAll(async () => {
  await t?.close();
});

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: t.config.appTimezone }).format(new Date());

async function approverWithLimit(limit: string | null): Promise<Who> {
  const who = await t.signIn("Approver");
  expect((await superAdmin.api.put(`/api/admin/users/${who.user.id}`, { approvalLimit: limit })).status).toBe(200);
  return who;
}

async function submitted(categoryId: string, amount: string) {
  const created = await accountant.api.post("/api/transactions", txnBody(categoryId, { amount }));
  expect(created.status).toBe(201);
  const res = await accountant.api.post(`/api/transactions/${created.body.id}/submit`);
  expect(res.status).toBe(200);
  return res.body as { id: string; approvalsRequired: number };
}

async function delegation(from: Who, to: Who): Promise<string> {
  const res = await from.api.post("/api/delegations", { delegateId: to.user.id, from: today(), to: today(), reason: "Travelling" });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe("races of authority", () => {
  it("a delegate (for X) and X approving together: one counts, the other is refused, one row", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 3 });
    for (let i = 0; i < 3; i++) {
      const x = await approverWithLimit(null);
      const d = await approverWithLimit("100");
      await delegation(x, d);
      const txn = await submitted(category.id, "5000");
      const results = await Promise.all([x.api.post(`/api/transactions/${txn.id}/approve`, {}), d.api.post(`/api/transactions/${txn.id}/approve`, {})]);
      // X second: already acted through the delegate (409). The delegate second: X's authority is
      // spent for the round and their own is below the amount (403).
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.find((r) => r.status !== 200)?.status).toBe(results[0]!.status === 200 ? 403 : 409);
      const rows = await approvalRows(t.db, txn.id);
      expect(rows).toHaveLength(1);
      expect((await txnRow(t.db, txn.id))?.approvalsReceived).toBe(1);
    }
  });

  it("two overlapping delegations of one delegator recorded at once: one 201, one 409, one row", async () => {
    for (let i = 0; i < 3; i++) {
      const [x, a, b] = await Promise.all([approverWithLimit(null), approverWithLimit(null), approverWithLimit(null)]);
      const results = await Promise.all(
        [a, b].map((to) => x.api.post("/api/delegations", { delegateId: to.user.id, from: today(), to: today(), reason: "Travelling" })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await t.db.select().from(delegations).where(eq(delegations.delegatorId, x.user.id))).toHaveLength(1);
    }
  });

  it("a chain recorded from both ends at once (X to Y, Y to Z): one 201, one 409", async () => {
    for (let i = 0; i < 3; i++) {
      const [x, y, z] = await Promise.all([approverWithLimit(null), approverWithLimit(null), approverWithLimit(null)]);
      const results = await Promise.all([
        x.api.post("/api/delegations", { delegateId: y.user.id, from: today(), to: today(), reason: "Travelling" }),
        y.api.post("/api/delegations", { delegateId: z.user.id, from: today(), to: today(), reason: "Travelling" }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)?.body.code).toBe("delegation_chain");
    }
  });

  it("a submit racing the deletion of a rule it applies: the rule is kept (deactivated) whenever the submission names it", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 1 });
    for (let i = 0; i < 8; i++) {
      const rule = await superAdmin.api.post("/api/admin/approval-rules", {
        name: `Race delete ${crypto.randomBytes(3).toString("hex")}`,
        categoryId: category.id,
        formType: null,
        minAmount: "0",
        requiredApprovals: 2,
      });
      expect(rule.status).toBe(201);
      const created = await accountant.api.post("/api/transactions", txnBody(category.id, { amount: "700" }));
      const [submit, removed] = await Promise.all([
        accountant.api.post(`/api/transactions/${created.body.id}/submit`),
        superAdmin.api.delete(`/api/admin/approval-rules/${rule.body.id}`),
      ]);
      expect(submit.status).toBe(200);
      expect(removed.status).toBe(200);
      const [kept] = await t.db.select().from(approvalRules).where(eq(approvalRules.id, rule.body.id));
      if (submit.body.approvalPolicy.rules.length) {
        expect(removed.body.deactivated).toBe(true);
        expect(kept).toMatchObject({ isActive: false });
      } else {
        expect(removed.body.deactivated).toBe(false);
        expect(kept).toBeUndefined();
      }
    }
  });

  it("the same approver twice at once: counted once", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 2 });
    const a = await approverWithLimit(null);
    const txn = await submitted(category.id, "800");
    const results = await Promise.all([1, 2, 3].map(() => a.api.post(`/api/transactions/${txn.id}/approve`, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await approvalRows(t.db, txn.id)).toHaveLength(1);
    expect((await txnRow(t.db, txn.id))?.approvalsReceived).toBe(1);
  });

  it("an approval racing a rule change is held to the policy kept at submit", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 1 });
    const rule = await superAdmin.api.post("/api/admin/approval-rules", {
      name: `Race ${crypto.randomBytes(3).toString("hex")}`,
      categoryId: category.id,
      formType: null,
      minAmount: "0",
      requiredApprovals: 1,
    });
    expect(rule.status).toBe(201);
    const a = await approverWithLimit(null);
    const txn = await submitted(category.id, "3000");
    const [approved, changed] = await Promise.all([
      a.api.post(`/api/transactions/${txn.id}/approve`, {}),
      superAdmin.api.put(`/api/admin/approval-rules/${rule.body.id}`, { requiredApprovals: 3, superAdminRequired: true }),
    ]);
    expect(changed.status).toBe(200);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("Approved");
    expect(await txnRow(t.db, txn.id)).toMatchObject({ status: "Approved", approvalsRequired: 1 });
  });

  it("an approval racing the end of its delegation counts on behalf or is refused, never half", async () => {
    const category = await makeCategory(t.db, { requiredApprovals: 1 });
    const outcomes = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const x = await approverWithLimit(null);
      const d = await approverWithLimit("100");
      const id = await delegation(x, d);
      const txn = await submitted(category.id, "5000");
      const [approved, ended] = await Promise.all([
        d.api.post(`/api/transactions/${txn.id}/approve`, {}),
        x.api.delete(`/api/delegations/${id}`, { reason: "Back early" }),
      ]);
      expect(ended.status).toBe(200);
      outcomes.add(approved.status);
      const rows = await approvalRows(t.db, txn.id);
      const [end] = await t.db.select().from(delegations).where(eq(delegations.id, id));
      if (approved.status === 200) {
        // Counted on X's behalf, before the delegation ended.
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ approverId: d.user.id, onBehalfOf: x.user.id });
        expect(rows[0]!.actedAt.getTime()).toBeLessThanOrEqual(end!.endedAt!.getTime());
        expect((await txnRow(t.db, txn.id))?.status).toBe("Approved");
        expect((await auditEntries(t.db, txn.id, "approve"))[0]?.afterData).toMatchObject({ onBehalfOf: { id: x.user.id } });
      } else {
        expect(approved.status).toBe(403);
        expect(rows).toHaveLength(0);
        expect(await txnRow(t.db, txn.id)).toMatchObject({ status: "Pending", approvalsReceived: 0 });
        expect(await auditEntries(t.db, txn.id, "approve")).toHaveLength(0);
      }
    }
    expect([...outcomes].every((s) => s === 200 || s === 403)).toBe(true);
  });
});
