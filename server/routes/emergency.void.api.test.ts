// A link decides only the transaction as it was sent (DECISIONS §10): it is void (404, the
// invalid-link message) once the transaction leaves Pending, is edited (amount, description,
// category, custom fields, attachments, also by a SuperAdmin's full override), is resubmitted in a
// later round, or once its issuer is disabled, deleted or no longer allowed to issue links. Each
// cause goes through the product's own calls, then both public calls are tried with a right PIN.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import supertest from "supertest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { approvals, categories, emergencyLinks, transactions, users } from "../db/schema";

let t: TestApp;
let owner: Awaited<ReturnType<TestApp["signIn"]>>;
let admin: Awaited<ReturnType<TestApp["signIn"]>>;
let approver: Awaited<ReturnType<TestApp["signIn"]>>;
let vendorCategoryId: string;
let officeCategoryId: string;

const PIN = "80604020";
const INVALID = "This emergency approval link is invalid, expired, or has already been used.";

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn("Accountant");
  admin = await t.signIn("SuperAdmin");
  approver = await t.signIn("Approver");
  const cats = await t.db.select().from(categories);
  vendorCategoryId = cats.find((c) => c.name === "Vendor Payment")!.id;
  officeCategoryId = cats.find((c) => c.name === "Office Expenses")!.id;
  await t.db
    .update(categories)
    .set({ fieldSchema: [{ id: "vendor_name", label: "Vendor Name", type: "text", required: false }] })
    .where(eq(categories.id, vendorCategoryId));
  expect((await admin.api.put("/api/admin/emergency-approvers/AK/pin", { pin: PIN })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** A Pending emergency transaction made and submitted through the API by `api`'s user. */
async function submitted(api: ApiClient = owner.api, overrides: Record<string, unknown> = {}) {
  const created = await api.post("/api/transactions", {
    formType: "B",
    categoryId: vendorCategoryId,
    amount: "36500.00",
    transactionDate: new Date().toISOString().slice(0, 10),
    description: "Chiller compressor replacement",
    isEmergency: true,
    isPriority: true,
    customFieldValues: { vendor_name: "Arctic Cooling" },
    ...overrides,
  });
  expect(created.status).toBe(201);
  const sub = await api.post(`/api/transactions/${created.body.id}/submit`);
  expect(sub.status).toBe(200);
  return created.body as { id: string; humanReadableId: string };
}

const tokenOf = (url: string) => url.split("/").pop()!;
async function issue(api: ApiClient, txnId: string) {
  const res = await api.post(`/api/transactions/${txnId}/emergency-links`);
  expect(res.status).toBe(200);
  return { approve: tokenOf(res.body.approveUrl), reject: tokenOf(res.body.rejectUrl) };
}

const publicClient = () => {
  const ip = `10.${crypto.randomInt(255)}.${crypto.randomInt(255)}.${crypto.randomInt(1, 255)}`;
  return {
    get: (token: string) => supertest(t.app).get(`/api/emergency-approval/${token}`).set("X-Forwarded-For", ip),
    post: (token: string) => supertest(t.app).post(`/api/emergency-approval/${token}`).set("X-Forwarded-For", ip).send({ approverName: "AK", pin: PIN }),
  };
};

/** Both links of the pair: the page says invalid and neither decides; the transaction is untouched by them. */
async function expectVoid(links: { approve: string; reject: string }, txnId: string) {
  const pub = publicClient();
  for (const token of [links.approve, links.reject]) {
    const view = await pub.get(token);
    expect(view.status).toBe(404);
    expect(view.body.message).toBe(INVALID);
    const decide = await pub.post(token);
    expect(decide.status).toBe(404);
    expect(decide.body.message).toBe(INVALID);
  }
  const codes = await t.db.select({ code: approvals.emergencyApproverCode }).from(approvals).where(eq(approvals.transactionId, txnId));
  expect(codes.filter((c) => c.code !== null)).toHaveLength(0);
  expect((await t.db.select().from(emergencyLinks).where(eq(emergencyLinks.transactionId, txnId))).every((l) => l.usedAt === null)).toBe(true);
}

async function expectUsable(token: string) {
  expect((await publicClient().get(token)).status).toBe(200);
}

describe("a link is void once its transaction", () => {
  it("is rejected, and stays void after the owner edits and resubmits it (a later round); new links for the new round work", async () => {
    const txn = await submitted();
    const links = await issue(owner.api, txn.id);
    await expectUsable(links.approve);
    expect((await approver.api.post(`/api/transactions/${txn.id}/reject`, { reason: "Quote missing" })).status).toBe(200);
    await expectVoid(links, txn.id);
    expect((await owner.api.patch(`/api/transactions/${txn.id}`, { description: "Chiller compressor replacement (quote attached)" })).status).toBe(200);
    expect((await owner.api.post(`/api/transactions/${txn.id}/submit`)).status).toBe(200);
    await expectVoid(links, txn.id);
    const fresh = await issue(owner.api, txn.id);
    const res = await publicClient().post(fresh.approve);
    expect(res.status).toBe(200);
    expect(res.body.transaction.status).toBe("Approved");
  });

  it("is resubmitted in a later round even with nothing edited", async () => {
    const txn = await submitted();
    const links = await issue(owner.api, txn.id);
    // Round 2 without leaving a trace in the fields: only the round tells.
    await t.db.update(transactions).set({ approvalRound: 2 }).where(eq(transactions.id, txn.id));
    await expectVoid(links, txn.id);
  });

  it.each([
    ["the amount", { amount: "36500.01" }],
    ["the description", { description: "Chiller compressor replacement and gas refill" }],
    ["the category", { categoryId: "office" }],
    ["a custom field", { customFieldValues: { vendor_name: "Polar Cooling" } }],
    ["the transaction date", { transactionDate: "2026-10-01" }],
  ])("is changed by a SuperAdmin's full override (%s) while it stays Pending", async (_what, change) => {
    const txn = await submitted();
    const links = await issue(owner.api, txn.id);
    await expectUsable(links.approve);
    const body = {
      ...change,
      ...("categoryId" in change ? { categoryId: officeCategoryId, customFieldValues: {} } : {}),
      reason: "Corrected from the vendor's invoice",
    };
    const res = await admin.api.put(`/api/admin/transactions/${txn.id}/full-override`, body);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("Pending");
    await expectVoid(links, txn.id);
  });

  it("gets an attachment (a SuperAdmin may add one while it is Pending)", async () => {
    const txn = await submitted();
    const links = await issue(owner.api, txn.id);
    const bytes = Buffer.from("%PDF-1.7\nrevised quote\n%%EOF\n");
    const url = await admin.api.post(`/api/transactions/${txn.id}/attachments/upload-url`, { fileName: "quote.pdf", contentType: "application/pdf" });
    expect(url.status).toBe(200);
    const u = new URL(url.body.uploadURL);
    const put = await supertest(t.app)
      .put(u.pathname + u.search)
      .set("Content-Type", "application/pdf")
      .serialize((b: unknown) => b as string)
      .send(bytes);
    expect(put.status).toBe(200);
    const reg = await admin.api.post(`/api/transactions/${txn.id}/attachments`, {
      fileName: "quote.pdf",
      objectPath: url.body.objectPath,
      fileSizeBytes: bytes.length,
      mimeType: "application/pdf",
    });
    expect(reg.status).toBe(201);
    await expectVoid(links, txn.id);
  });

  it("has its status forced by a SuperAdmin, and stays void when a deleted approval brings it back to Pending", async () => {
    const txn = await submitted();
    const links = await issue(owner.api, txn.id);
    expect((await approver.api.post(`/api/transactions/${txn.id}/approve`)).status).toBe(200);
    await expectVoid(links, txn.id);
    // Back to Pending in the same round, with the same fields.
    const [approval] = await t.db.select().from(approvals).where(eq(approvals.transactionId, txn.id));
    const back = await admin.api.delete(`/api/approvals/${approval.id}`, { reason: "Approved by mistake" });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe("Pending");
    await expectVoid(links, txn.id);

    const other = await submitted();
    const otherLinks = await issue(owner.api, other.id);
    expect((await admin.api.post(`/api/admin/transactions/${other.id}/force-status`, { status: "Approved", reason: "Approved on the phone" })).status).toBe(
      200,
    );
    await expectVoid(otherLinks, other.id);
  });

  it("is changed in the database by any other path (the check is at use, not in each route)", async () => {
    const txn = await submitted();
    const links = await issue(owner.api, txn.id);
    await t.db.update(transactions).set({ amount: "99999.00" }).where(eq(transactions.id, txn.id));
    await expectVoid(links, txn.id);
  });

  it("is not void for what does not change it: an approval of a two-approval transaction keeps it Pending and the link decides", async () => {
    const txn = await submitted();
    await t.db.update(transactions).set({ approvalsRequired: 2 }).where(eq(transactions.id, txn.id));
    const links = await issue(owner.api, txn.id);
    expect((await approver.api.post(`/api/transactions/${txn.id}/approve`)).body.status).toBe("Pending");
    const res = await publicClient().post(links.approve);
    expect(res.status).toBe(200);
    expect(res.body.transaction.status).toBe("Approved");
  });
});

describe("a link is void once its issuer", () => {
  it("is disabled, and stays void when enabled again", async () => {
    const issuer = await t.signIn("Accountant");
    const txn = await submitted(issuer.api);
    const links = await issue(issuer.api, txn.id);
    expect((await admin.api.patch(`/api/admin/users/${issuer.user.id}/status`, { isActive: false })).status).toBe(200);
    await expectVoid(links, txn.id);
    expect((await admin.api.patch(`/api/admin/users/${issuer.user.id}/status`, { isActive: true })).status).toBe(200);
    await expectVoid(links, txn.id);
  });

  it("is deleted", async () => {
    const issuer = await t.signIn("Accountant");
    const txn = await submitted(issuer.api);
    const links = await issue(issuer.api, txn.id);
    const res = await admin.api.delete(`/api/admin/users/${issuer.user.id}`);
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, issuer.user.id));
    expect(row.deletedAt).not.toBeNull();
    await expectVoid(links, txn.id);
  });

  it("is demoted: a SuperAdmin's links for someone else's transaction", async () => {
    const issuer = await t.signIn("SuperAdmin");
    const txn = await submitted();
    const links = await issue(issuer.api, txn.id);
    await expectUsable(links.approve);
    expect((await admin.api.put(`/api/admin/users/${issuer.user.id}`, { role: "Approver" })).status).toBe(200);
    await expectVoid(links, txn.id);
  });

  it("is no longer the owner: the transaction was given to someone else", async () => {
    const txn = await submitted();
    const links = await issue(owner.api, txn.id);
    const newOwner = await t.signIn("Accountant");
    expect((await admin.api.post(`/api/admin/transactions/${txn.id}/change-owner`, { newOwnerId: newOwner.user.id, reason: "Owner on leave" })).status).toBe(
      200,
    );
    await expectVoid(links, txn.id);
  });
});
