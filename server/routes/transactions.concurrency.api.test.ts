// Concurrent approvals on PostgreSQL (DECISIONS §4): each approval counted exactly once, a user
// never acts twice in a round, and a transaction becomes Approved once. PGlite runs one query at a
// time, so these only mean something on a real server.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { approvalRows, auditEntries, insertTransaction, makeCategory, txnRow } from "../test/transaction-fixtures";

describe.runIf(inject("postgresUrl"))("concurrent approvals on PostgreSQL", () => {
  let t: TestApp;
  let accountant: { user: MadeUser; api: ApiClient };
  beforeAll(async () => {
    t = await createTestApp();
    accountant = await t.signIn("Accountant");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("20 approvers at once on a transaction needing 2: exactly 2 succeed, Approved once, the rest 409", async () => {
    const approvers = [];
    for (let i = 0; i < 20; i++) approvers.push(await t.signIn("Approver"));
    const category = await makeCategory(t.db, { requiredApprovals: 2 });
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, status: "Pending", approvalsRequired: 2 });
    const results = await Promise.all(approvers.map((a) => a.api.post(`/api/transactions/${row.id}/approve`, {})));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(2);
    expect(refused).toHaveLength(18);
    for (const r of refused) expect(r.body.message).toBe("Only Pending transactions can be approved (this one is Approved)");
    const after = await txnRow(t.db, row.id);
    expect(after).toMatchObject({ status: "Approved", approvalsReceived: 2 });
    expect((await approvalRows(t.db, row.id)).filter((a) => a.round === 1)).toHaveLength(2);
    const transitions = (await auditEntries(t.db, row.id, "approve")).filter(
      (e) => (e.beforeData as { status: string }).status === "Pending" && (e.afterData as { status: string }).status === "Approved",
    );
    expect(transitions).toHaveLength(1);
  });

  it("10 approvals at once by the same approver on a transaction needing 3: one stored, the others 409", async () => {
    const me = await t.signIn("Approver");
    const category = await makeCategory(t.db, { requiredApprovals: 3 });
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, status: "Pending", approvalsRequired: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, () => me.api.post(`/api/transactions/${row.id}/approve`, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.body.message).toMatch(/already approved|already acted/);
    expect(await approvalRows(t.db, row.id)).toHaveLength(1);
    expect(await txnRow(t.db, row.id)).toMatchObject({ status: "Pending", approvalsReceived: 1 });
  });
});
