// Emergency approval links through HTTP (DECISIONS §5, spec 001 §2).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import supertest from "supertest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { approvals, auditLog, categories, emergencyLinks, notifications, transactions, type TransactionRow } from "../db/schema";
import type { TransactionStatus } from "../../shared/constants";

let t: TestApp;
let owner: Awaited<ReturnType<TestApp["signIn"]>>;
let admin: Awaited<ReturnType<TestApp["signIn"]>>;
let vendorCategoryId: string;

/** DECISIONS §10: each approver code has a PIN; set for the three defaults before the tests. */
const PINS: Record<string, string> = { AK: "112233", RS: "445566", VM: "77889900" };
async function setPins(codes = ["AK", "RS", "VM"]) {
  for (const code of codes) expect((await admin.api.put(`/api/admin/emergency-approvers/${code}/pin`, { pin: PINS[code] })).status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://bms.example.in", EMERGENCY_LINK_TTL_HOURS: "24" } });
  owner = await t.signIn("Accountant");
  admin = await t.signIn("SuperAdmin");
  await setPins();
  const [cat] = await t.db.select().from(categories).where(eq(categories.name, "Vendor Payment"));
  vendorCategoryId = cat.id;
  await t.db
    .update(categories)
    .set({ fieldSchema: [{ id: "vendor_name", label: "Vendor Name", type: "text", required: true, placeholder: null, options: undefined, validation: null }] })
    .where(eq(categories.id, vendorCategoryId));
});
afterAll(async () => {
  await t?.close();
});

async function makeTransaction(overrides: Partial<typeof transactions.$inferInsert> = {}): Promise<TransactionRow> {
  const [row] = await t.db
    .insert(transactions)
    .values({
      categoryId: vendorCategoryId,
      amount: "123456.50",
      transactionDate: "2026-11-20",
      description: "Generator repair at the warehouse",
      status: "Pending" as TransactionStatus,
      isEmergency: true,
      isPriority: true,
      createdBy: owner.user.id,
      approvalRound: 1,
      approvalsRequired: 1,
      submittedAt: new Date(),
      customFieldValues: { vendor_name: "Shakti Power" },
      ...overrides,
    })
    .returning();
  return row;
}

/** Each public call from its own address, so the per-address throttle never gets in the way (except where tested). */
const publicClient = (ip = `10.${crypto.randomInt(255)}.${crypto.randomInt(255)}.${crypto.randomInt(1, 255)}`) => ({
  get: (token: string) => supertest(t.app).get(`/api/emergency-approval/${token}`).set("X-Forwarded-For", ip),
  post: (token: string, body: unknown) =>
    supertest(t.app)
      .post(`/api/emergency-approval/${token}`)
      .set("X-Forwarded-For", ip)
      .send(body as object),
});

const tokenOf = (url: string) => url.split("/").pop()!;

async function issue(api: ApiClient, txnId: string) {
  const res = await api.post(`/api/transactions/${txnId}/emergency-links`);
  expect(res.status).toBe(200);
  return { ...res.body, approveToken: tokenOf(res.body.approveUrl), rejectToken: tokenOf(res.body.rejectUrl) } as {
    copyPasteMessage: string;
    approveUrl: string;
    rejectUrl: string;
    expiresAt: string;
    approveToken: string;
    rejectToken: string;
  };
}

describe("POST /api/transactions/:id/emergency-links", () => {
  it("is 401 when not signed in", async () => {
    const txn = await makeTransaction();
    expect((await t.client().post(`/api/transactions/${txn.id}/emergency-links`)).status).toBe(401);
  });

  it("issues two links, stores only SHA-256 hashes of their tokens, and writes a readable message", async () => {
    const txn = await makeTransaction();
    const before = Date.now();
    const links = await issue(owner.api, txn.id);
    expect(links.approveUrl).toMatch(/^https:\/\/bms\.example\.in\/emergency-approve\/[A-Za-z0-9_-]{43}$/);
    expect(links.rejectUrl).toMatch(/^https:\/\/bms\.example\.in\/emergency-reject\/[A-Za-z0-9_-]{43}$/);
    const expires = new Date(links.expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 5_000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3_600_000 + 5_000);

    const rows = await t.db.select().from(emergencyLinks).where(eq(emergencyLinks.transactionId, txn.id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.pairId)).size).toBe(1);
    const hash = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
    expect(rows.find((r) => r.action === "approve")!.tokenHash).toBe(hash(links.approveToken));
    expect(rows.find((r) => r.action === "reject")!.tokenHash).toBe(hash(links.rejectToken));

    // The token itself is nowhere in the database (links, audit trail, anything).
    const dump = await t.database.query<{ dump: string }>(
      "select (select coalesce(json_agg(e)::text, '') from emergency_links e) || (select coalesce(json_agg(a)::text, '') from audit_log a) as dump",
    );
    expect(dump[0].dump).not.toContain(links.approveToken);
    expect(dump[0].dump).not.toContain(links.rejectToken);

    const m = links.copyPasteMessage;
    for (const part of [
      txn.humanReadableId,
      "₹1,23,456.50",
      "Vendor Payment",
      "Generator repair at the warehouse",
      owner.user.name,
      "AK, RS, VM",
      links.approveUrl,
      links.rejectUrl,
      "IST",
    ]) {
      expect(m).toContain(part);
    }
    expect(m.split("\n").length).toBeGreaterThan(5);
  });

  it("is also open to a SuperAdmin", async () => {
    const txn = await makeTransaction();
    await issue(admin.api, txn.id);
  });

  it("is 403 for anyone else (an Approver, another Accountant)", async () => {
    const txn = await makeTransaction();
    const approver = await t.signIn("Approver");
    const other = await t.signIn("Accountant");
    expect((await approver.api.post(`/api/transactions/${txn.id}/emergency-links`)).status).toBe(403);
    expect((await other.api.post(`/api/transactions/${txn.id}/emergency-links`)).status).toBe(403);
  });

  it("is 409 when the transaction is not marked emergency, or not Pending", async () => {
    const plain = await makeTransaction({ isEmergency: false });
    const notEmergency = await owner.api.post(`/api/transactions/${plain.id}/emergency-links`);
    expect(notEmergency.status).toBe(409);
    expect(notEmergency.body.message).toMatch(/Emergency Approval Required/);
    for (const status of ["Draft", "Approved", "Rejected"] as const) {
      const txn = await makeTransaction({ status });
      expect((await owner.api.post(`/api/transactions/${txn.id}/emergency-links`)).status).toBe(409);
    }
  });

  it("is 404 for an unknown transaction", async () => {
    expect((await owner.api.post(`/api/transactions/${crypto.randomUUID()}/emergency-links`)).status).toBe(404);
  });

  it("a new pair voids the earlier one: its links answer 404", async () => {
    const txn = await makeTransaction();
    const first = await issue(owner.api, txn.id);
    const second = await issue(owner.api, txn.id);
    const pub = publicClient();
    expect((await pub.get(first.approveToken)).status).toBe(404);
    expect((await pub.get(first.rejectToken)).status).toBe(404);
    expect((await pub.post(first.approveToken, { approverName: "AK", pin: PINS.AK })).status).toBe(404);
    expect((await pub.get(second.approveToken)).status).toBe(200);
  });
});

describe("GET /api/emergency-approval/:token (public)", () => {
  it("shows the link's action, the transaction, the category's fields and the three approvers, and never uses the link up", async () => {
    const txn = await makeTransaction();
    const links = await issue(owner.api, txn.id);
    const pub = publicClient();
    for (let i = 0; i < 3; i++) {
      const res = await pub.get(links.approveToken);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        approvalLink: { expiresAt: links.expiresAt, action: "approve" },
        transaction: {
          humanReadableId: txn.humanReadableId,
          amount: "123456.50",
          description: "Generator repair at the warehouse",
          category: "Vendor Payment",
          createdBy: owner.user.name,
          formType: "R",
          transactionDate: "2026-11-20",
          customFieldValues: { vendor_name: "Shakti Power" },
        },
        category: { name: "Vendor Payment", fieldSchema: [expect.objectContaining({ id: "vendor_name", label: "Vendor Name" })] },
        approvers: ["AK", "RS", "VM"],
      });
    }
    expect((await pub.get(links.rejectToken)).body.approvalLink.action).toBe("reject");
    const rows = await t.db.select().from(emergencyLinks).where(eq(emergencyLinks.transactionId, txn.id));
    expect(rows.every((r) => r.usedAt === null)).toBe(true);
  });

  it("is 404 with a message for an unknown token", async () => {
    const res = await publicClient().get(crypto.randomBytes(32).toString("base64url"));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("This emergency approval link is invalid, expired, or has already been used.");
  });

  it("is 410 {expired: true} once the link has expired", async () => {
    const txn = await makeTransaction();
    const links = await issue(owner.api, txn.id);
    await t.db
      .update(emergencyLinks)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(emergencyLinks.transactionId, txn.id));
    const pub = publicClient();
    const res = await pub.get(links.approveToken);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ message: "This emergency approval link has expired and can no longer be used.", expired: true });
    expect((await pub.post(links.approveToken, { approverName: "AK", pin: PINS.AK })).status).toBe(410);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, txn.id));
    expect(row.status).toBe("Pending");
  });
});

describe("POST /api/emergency-approval/:token (public)", () => {
  it("'Please select an approver' (400) without a name or with a name that is not one of the three", async () => {
    const txn = await makeTransaction();
    const links = await issue(owner.api, txn.id);
    const pub = publicClient();
    for (const body of [{}, { approverName: "" }, { approverName: "ZZ", pin: PINS.AK }, { pin: PINS.AK }]) {
      const res = await pub.post(links.approveToken, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please select an approver");
    }
    expect((await pub.get(links.approveToken)).status).toBe(200);
  });

  it("approve: the transaction is Approved at once, with an approval by the code, an audit entry and a notification to the creator", async () => {
    const txn = await makeTransaction({ approvalsRequired: 2 });
    const links = await issue(owner.api, txn.id);
    const res = await publicClient().post(links.approveToken, { approverName: "rs", pin: PINS.RS });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ approver: "RS", action: "approve", transaction: { humanReadableId: txn.humanReadableId, status: "Approved" } });

    const [after] = await t.db.select().from(transactions).where(eq(transactions.id, txn.id));
    expect(after.status).toBe("Approved");
    expect(after.approvalsReceived).toBe(1);
    expect(after.approvedAt).not.toBeNull();
    const [approval] = await t.db.select().from(approvals).where(eq(approvals.transactionId, txn.id));
    expect(approval).toMatchObject({ approverId: null, emergencyApproverCode: "RS", round: 1, action: "approved" });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, txn.id), eq(auditLog.action, "emergency_approve")));
    expect(audit.performerLabel).toBe("RS");
    expect(audit.performedBy).toBeNull();
    const [note] = await t.db.select().from(notifications).where(eq(notifications.transactionId, txn.id));
    expect(note).toMatchObject({ userId: owner.user.id, type: "user_notification", humanReadableId: txn.humanReadableId, category: "Vendor Payment" });
    expect(note.message).toContain("RS");

    // The pair is used up: both links are 404 now.
    const rows = await t.db.select().from(emergencyLinks).where(eq(emergencyLinks.transactionId, txn.id));
    expect(rows.every((r) => r.usedAt !== null && r.usedByCode === "RS")).toBe(true);
    expect((await publicClient().get(links.rejectToken)).status).toBe(404);
    expect((await publicClient().post(links.approveToken, { approverName: "AK", pin: PINS.AK })).status).toBe(404);
  });

  it("reject: the transaction is Rejected and flagged previouslyRejected", async () => {
    const txn = await makeTransaction();
    const links = await issue(owner.api, txn.id);
    const res = await publicClient().post(links.rejectToken, { approverName: "VM", pin: PINS.VM });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ approver: "VM", action: "reject", transaction: { humanReadableId: txn.humanReadableId, status: "Rejected" } });
    const [after] = await t.db.select().from(transactions).where(eq(transactions.id, txn.id));
    expect(after).toMatchObject({ status: "Rejected", previouslyRejected: true, approvalsReceived: 0 });
    const [approval] = await t.db.select().from(approvals).where(eq(approvals.transactionId, txn.id));
    expect(approval).toMatchObject({ emergencyApproverCode: "VM", action: "rejected" });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, txn.id), eq(auditLog.action, "emergency_reject")));
    expect(audit.performerLabel).toBe("VM");
  });

  it("of two concurrent calls on one pair exactly one succeeds; the other gets 404", async () => {
    for (let round = 0; round < 3; round++) {
      const txn = await makeTransaction();
      const links = await issue(owner.api, txn.id);
      const results = await Promise.all([
        publicClient().post(links.approveToken, { approverName: "AK", pin: PINS.AK }),
        publicClient().post(links.rejectToken, { approverName: "RS", pin: PINS.RS }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
      const winner = results.find((r) => r.status === 200)!;
      const [after] = await t.db.select().from(transactions).where(eq(transactions.id, txn.id));
      expect(after.status).toBe(winner.body.transaction.status);
      const acted = await t.db.select().from(approvals).where(eq(approvals.transactionId, txn.id));
      expect(acted).toHaveLength(1);
    }
  });

  it("is 404 (void) once the transaction is no longer Pending, even when it comes back to Pending", async () => {
    const txn = await makeTransaction();
    const links = await issue(owner.api, txn.id);
    await t.db.update(transactions).set({ status: "Approved" }).where(eq(transactions.id, txn.id));
    const res = await publicClient().post(links.approveToken, { approverName: "AK", pin: PINS.AK });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("This emergency approval link is invalid, expired, or has already been used.");
    // Back to Pending in the same round (as a deleted approval does): the link stays void.
    await t.db.update(transactions).set({ status: "Pending" }).where(eq(transactions.id, txn.id));
    expect((await publicClient().get(links.approveToken)).status).toBe(404);
    const rows = await t.db.select().from(emergencyLinks).where(eq(emergencyLinks.transactionId, txn.id));
    expect(rows.every((r) => r.usedAt === null && r.voidedAt !== null)).toBe(true);
  });

  it("both public calls answer 423 during a lockdown", async () => {
    const txn = await makeTransaction();
    const links = await issue(owner.api, txn.id);
    expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: true })).status).toBe(200);
    try {
      const pub = publicClient();
      const get = await pub.get(links.approveToken);
      expect(get.status).toBe(423);
      expect(get.body.lockdown).toBe(true);
      expect((await pub.post(links.approveToken, { approverName: "AK", pin: PINS.AK })).status).toBe(423);
    } finally {
      expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: false })).status).toBe(200);
      // The lockdown ended the owner's session; sign in again for the tests after this one.
      owner = await t.signIn("Accountant");
    }
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, txn.id));
    expect(row.status).toBe("Pending");
  });

  it("throttles each address: 30 calls a minute, then 429", async () => {
    const pub = publicClient("10.250.250.250");
    const token = crypto.randomBytes(32).toString("base64url");
    for (let i = 0; i < 30; i++) expect((await (i % 2 ? pub.get(token) : pub.post(token, { approverName: "AK" }))).status).not.toBe(429);
    expect((await pub.get(token)).status).toBe(429);
    expect((await pub.post(token, { approverName: "AK" })).status).toBe(429);
    // Another address is not affected.
    expect((await publicClient("10.250.250.251").get(token)).status).toBe(404);
  });

  it("counts concurrent calls exactly: of 40 at once from one address, 30 get through", async () => {
    const pub = publicClient("10.250.250.252");
    const token = crypto.randomBytes(32).toString("base64url");
    const answers = await Promise.all(Array.from({ length: 40 }, () => pub.get(token)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("needs no CSRF header (the token authorises it)", async () => {
    const txn = await makeTransaction();
    const links = await issue(owner.api, txn.id);
    const res = await supertest(t.app)
      .post(`/api/emergency-approval/${links.approveToken}`)
      .set("X-Forwarded-For", "10.1.2.3")
      .send({ approverName: "AK", pin: PINS.AK });
    expect(res.status).toBe(200);
  });
});

describe("GET/PUT /api/admin/emergency-approvers", () => {
  it("is for SuperAdmins only", async () => {
    const approver = await t.signIn("Approver");
    expect((await t.client().get("/api/admin/emergency-approvers")).status).toBe(401);
    expect((await approver.api.get("/api/admin/emergency-approvers")).status).toBe(403);
    expect((await owner.api.put("/api/admin/emergency-approvers", { approvers: ["AB", "CD", "EF"] })).status).toBe(403);
  });

  it("defaults to AK, RS, VM", async () => {
    const res = await admin.api.get("/api/admin/emergency-approvers");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ approvers: ["AK", "RS", "VM"], pinSet: { AK: true, RS: true, VM: true } });
  });

  it.each([
    [{ approvers: ["AK", "RS"] }, /three/],
    [{ approvers: ["AK", "RS", "VM", "PQ"] }, /three/],
    [{ approvers: ["AK", "ak", "VM"] }, /different/],
    [{ approvers: ["A", "RS", "VM"] }, /2 to 6 letters/],
    [{ approvers: ["ABCDEFG", "RS", "VM"] }, /2 to 6 letters/],
    [{ approvers: ["A1", "RS", "VM"] }, /2 to 6 letters/],
    [{}, /three/],
  ])("refuses %j with 400", async (body, message) => {
    const res = await admin.api.put("/api/admin/emergency-approvers", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it("stores three codes upper-case, audits the change, and the links use them", async () => {
    const res = await admin.api.put("/api/admin/emergency-approvers", { approvers: ["pk", " Nsr ", "TEJAS"] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ approvers: ["PK", "NSR", "TEJAS"], pinSet: { PK: false, NSR: false, TEJAS: false } });
    expect((await admin.api.get("/api/admin/emergency-approvers")).body.approvers).toEqual(["PK", "NSR", "TEJAS"]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "setting"), eq(auditLog.entityId, "emergency_approvers"), eq(auditLog.action, "update")));
    expect(audit.afterData).toEqual(["PK", "NSR", "TEJAS"]);
    // The codes that left lost their PINs.
    expect(audit.reason).toBe("PINs dropped for AK, RS, VM");

    const txn = await makeTransaction();
    const links = await issue(owner.api, txn.id);
    expect(links.copyPasteMessage).toContain("PK, NSR, TEJAS");
    expect((await publicClient().get(links.approveToken)).body.approvers).toEqual(["PK", "NSR", "TEJAS"]);
    expect((await publicClient().post(links.approveToken, { approverName: "AK", pin: PINS.AK })).status).toBe(400);
    expect((await admin.api.put("/api/admin/emergency-approvers/TEJAS/pin", { pin: "24682468" })).status).toBe(200);
    expect((await publicClient().post(links.approveToken, { approverName: "TEJAS", pin: "24682468" })).status).toBe(200);
    await t.db.execute(sql`delete from settings where key = 'emergency_approvers'`);
    await setPins();
  });
});
