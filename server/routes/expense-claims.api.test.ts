// Expense claims (DECISIONS §15): an Employee login files its own bills for reimbursement with the
// same calls as any transaction, only in categories a SuperAdmin opened to claims, always Form B,
// without a party; it sees its own and nothing else of finance; its claims run through the same
// status machine and authority; it is told of the decisions on its own claims only; a paid claim
// exports as one Payment voucher to the employee's own ledger (Sundry Creditors in the masters).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import { XMLParser } from "fast-xml-parser";
import { eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { makeDepartment, makeEmployee } from "../test/hr-fixtures";
import { insertTransaction, makeCategory } from "../test/transaction-fixtures";
import { assertWellFormedXml } from "../test/strict-xml";
import { employees, notifications, parties, transactions, type UserRow } from "../db/schema";
import { CLAIM_ALWAYS_FORM_B, CLAIM_CATEGORY_CLOSED, CLAIM_NO_PARTY } from "../services/transactions/claims";

let t: TestApp;
let superAdmin: ApiClient;
let accountant: { user: UserRow; api: ApiClient };
let approver: { user: UserRow; api: ApiClient };
let open: { id: string; name: string };
let closed: { id: string; name: string };
let department: { id: string };

const hex = () => crypto.randomBytes(3).toString("hex");

/** A new employee with an Employee login, signed in. */
async function employeeLogin(name = `Priya Nair ${hex()}`) {
  const employee = await makeEmployee(t.db, { departmentId: department.id, employeeName: name });
  const signedIn = await t.signIn("Employee", { employeeId: employee.id, name });
  return { employee, ...signedIn };
}

const claimBody = (overrides: Record<string, unknown> = {}) => ({
  formType: "B",
  categoryId: open.id,
  amount: "1250.50",
  transactionDate: "2026-11-10",
  description: "Cab to the client's office",
  customFieldValues: { trip: "Pune visit" },
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.signIn("SuperAdmin")).api;
  accountant = await t.signIn("Accountant");
  approver = await t.signIn("Approver");
  department = await makeDepartment(t.db);
  const o = await makeCategory(t.db, { fieldSchema: [{ id: "trip", label: "Trip", type: "text", required: true }] });
  const c = await makeCategory(t.db);
  open = { id: o.id, name: o.name };
  closed = { id: c.id, name: c.name };
  const opened = await superAdmin.put(`/api/categories/${open.id}`, { name: open.name, openToClaims: true });
  expect(opened.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe("a category open to claims", () => {
  it("is set by a SuperAdmin only (an Accountant's change is 403), shown in the answers, and is all an Employee's category list holds", async () => {
    const cat = await makeCategory(t.db);
    expect((await accountant.api.put(`/api/categories/${cat.id}`, { name: cat.name, openToClaims: true })).status).toBe(403);
    expect((await superAdmin.get(`/api/categories/${cat.id}`)).body.openToClaims).toBe(false);
    const created = await superAdmin.post("/api/categories", { name: `Claims ${hex()}`, openToClaims: true });
    expect(created.status).toBe(201);
    expect(created.body.openToClaims).toBe(true);
    expect((await accountant.api.post("/api/categories", { name: `Claims ${hex()}`, openToClaims: true })).status).toBe(403);

    const { api } = await employeeLogin();
    const listed = await api.get("/api/categories");
    expect(listed.status).toBe(200);
    const ids = listed.body.map((c: { id: string }) => c.id);
    expect(ids).toContain(open.id);
    expect(ids).toContain(created.body.id);
    expect(ids).not.toContain(closed.id);
    expect(listed.body.every((c: { openToClaims: boolean }) => c.openToClaims)).toBe(true);
    expect((await api.get(`/api/categories/${closed.id}`)).status).toBe(404);
  });
});

describe("filing a claim", () => {
  it("creates a Form B Draft in an open category, with its custom fields, naming the employee it reimburses", async () => {
    const { api, user, employee } = await employeeLogin();
    const res = await api.post("/api/transactions", claimBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "Draft",
      formType: "B",
      partyId: null,
      createdBy: user.id,
      claimant: { employeeId: employee.id, name: employee.employeeName },
    });
    expect(res.body.customFieldValues).toEqual({ trip: "Pune visit" });
    // The category's custom fields are checked as for anyone.
    const missing = await api.post("/api/transactions", claimBody({ customFieldValues: {} }));
    expect(missing.status).toBe(400);
    // Renaming the employee later changes nothing of the claim's history.
    await t.db.update(employees).set({ employeeName: "Someone Else" }).where(eq(employees.id, employee.id));
    expect((await api.get(`/api/transactions/${res.body.id}`)).body.claimant.name).toBe(employee.employeeName);
  });

  it("refuses a closed category, Form R, a party, GST and an emergency (403 naming the rule), and stores nothing", async () => {
    const { api, user } = await employeeLogin();
    const [party] = await t.db
      .insert(parties)
      .values({ name: `Vendor ${hex()}`, gstin: null })
      .returning();
    const closedRes = await api.post("/api/transactions", claimBody({ categoryId: closed.id, customFieldValues: {} }));
    expect(closedRes.status).toBe(403);
    expect(closedRes.body.message).toBe(CLAIM_CATEGORY_CLOSED);
    const formR = await api.post("/api/transactions", claimBody({ formType: "R" }));
    expect(formR.status).toBe(403);
    expect(formR.body.message).toBe(CLAIM_ALWAYS_FORM_B);
    const withParty = await api.post("/api/transactions", claimBody({ partyId: party!.id }));
    expect(withParty.status).toBe(403);
    expect(withParty.body.message).toBe(CLAIM_NO_PARTY);
    expect((await api.post("/api/transactions", claimBody({ isEmergency: true }))).status).toBe(403);
    expect(await t.db.select().from(transactions).where(eq(transactions.createdBy, user.id))).toHaveLength(0);

    // An edit may not turn it into any of those either.
    const draft = await api.post("/api/transactions", claimBody());
    expect((await api.patch(`/api/transactions/${draft.body.id}`, { formType: "R" })).status).toBe(403);
    expect((await api.patch(`/api/transactions/${draft.body.id}`, { partyId: party!.id })).status).toBe(403);
    expect((await api.patch(`/api/transactions/${draft.body.id}`, { categoryId: closed.id, customFieldValues: {} })).status).toBe(403);
    const edited = await api.patch(`/api/transactions/${draft.body.id}`, { amount: "990.00" });
    expect(edited.status).toBe(200);
    expect(edited.body.amount).toBe("990.00");
  });

  it("a login linked to no employee cannot file one (404), and a claim may not take a party's ledger name (409)", async () => {
    const unlinked = await t.signIn("Employee");
    expect((await unlinked.api.post("/api/transactions", claimBody())).status).toBe(404);
    const name = `Ravi Kumar ${hex()}`;
    await t.db.insert(parties).values({ name, gstin: null });
    const { api } = await employeeLogin(name);
    const clash = await api.post("/api/transactions", claimBody());
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain(name);
  });

  it("takes a receipt: upload-url, the PUT, register, download", async () => {
    const { api } = await employeeLogin();
    const draft = await api.post("/api/transactions", claimBody());
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b1b5b20000000049454e44ae426082",
      "hex",
    );
    const url = await api.post(`/api/transactions/${draft.body.id}/attachments/upload-url`, { fileName: "receipt.png", contentType: "image/png" });
    expect(url.status).toBe(200);
    const u = new URL(url.body.uploadURL);
    const put = await supertest(t.app)
      .put(u.pathname + u.search)
      .set("Content-Type", "image/png")
      .serialize((b: unknown) => b as string)
      .send(png);
    expect(put.status).toBe(200);
    const registered = await api.post(`/api/transactions/${draft.body.id}/attachments`, {
      fileName: "receipt.png",
      objectPath: url.body.objectPath,
      fileSizeBytes: png.length,
      mimeType: "image/png",
    });
    expect(registered.status).toBe(201);
    const download = await api.agent.get(`/api/attachments/${registered.body.id}/download`).buffer(true);
    expect(download.status).toBe(200);
    expect(Buffer.from(download.body).equals(png)).toBe(true);
  });
});

describe("an employee sees their own claims and nothing else", () => {
  it("another employee's claim and another user's transaction are 404 to every call; finance lists are 403", async () => {
    const me = await employeeLogin();
    const other = await employeeLogin();
    const theirs = await other.api.post("/api/transactions", claimBody());
    const accountants = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: open.id, formType: "B" });
    for (const id of [theirs.body.id, accountants.id]) {
      expect((await me.api.get(`/api/transactions/${id}`)).status).toBe(404);
      expect((await me.api.patch(`/api/transactions/${id}`, { amount: "1.00" })).status).toBe(404);
      expect((await me.api.post(`/api/transactions/${id}/submit`, {})).status).toBe(404);
      expect((await me.api.delete(`/api/transactions/${id}`)).status).toBe(404);
      expect((await me.api.post(`/api/transactions/${id}/attachments/upload-url`, { fileName: "r.png", contentType: "image/png" })).status).toBe(404);
    }
    for (const path of [
      "/api/transactions",
      "/api/transactions/export?format=csv",
      "/api/transactions/pending",
      "/api/dashboard/stats",
      "/api/parties",
      "/api/admin/budgets",
      "/api/accounting/exports",
    ]) {
      expect((await me.api.get(path)).status, path).toBe(403);
    }
    expect((await me.api.post(`/api/transactions/${theirs.body.id}/approve`, {})).status).toBe(403);
    // Their own list holds their own claim only.
    const mine = await me.api.post("/api/transactions", claimBody({ description: "Hotel in Pune" }));
    const list = await me.api.get("/api/me/claims");
    expect(list.status).toBe(200);
    expect(list.body.claims.map((c: { id: string }) => c.id)).toEqual([mine.body.id]);
  });

  it("an owner deletes their own Draft; a submitted claim is no longer theirs to delete (409)", async () => {
    const { api } = await employeeLogin();
    const draft = await api.post("/api/transactions", claimBody());
    expect((await api.delete(`/api/transactions/${draft.body.id}`)).status).toBe(200);
    const sent = await api.post("/api/transactions", claimBody());
    expect((await api.post(`/api/transactions/${sent.body.id}/submit`, {})).status).toBe(200);
    expect((await api.delete(`/api/transactions/${sent.body.id}`)).status).toBe(409);
  });
});

describe("a claim runs through the approvals, and its employee is told", () => {
  it("submit → in the approver's pending list → approved → paid: the employee's bell has its decisions and nothing else of finance; /me/claims shows what was paid", async () => {
    const me = await employeeLogin();
    const other = await employeeLogin();
    const claim = (await me.api.post("/api/transactions", claimBody({ amount: "2400.00" }))).body;
    const theirs = (await other.api.post("/api/transactions", claimBody())).body;
    expect((await me.api.post(`/api/transactions/${claim.id}/submit`, {})).status).toBe(200);
    expect((await other.api.post(`/api/transactions/${theirs.id}/submit`, {})).status).toBe(200);

    const pending = await approver.api.get("/api/transactions/pending");
    const row = pending.body.find((p: { id: string }) => p.id === claim.id);
    expect(row).toMatchObject({ claimant: { name: me.employee.employeeName }, creator: { id: me.user.id } });

    expect((await approver.api.post(`/api/transactions/${claim.id}/approve`, {})).body.status).toBe("Approved");
    expect((await approver.api.post(`/api/transactions/${theirs.id}/reject`, { reason: "No receipt" })).body.status).toBe("Rejected");
    const paid = await accountant.api.patch(`/api/transactions/${claim.id}/payment`, { paymentMethod: "Bank Transfer", paidDate: "2025-03-14" });
    expect(paid.status).toBe(200);

    // A finance notification stored for the employee about something else is never shown.
    const stranger = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: open.id, status: "Pending" });
    await t.db.insert(notifications).values({
      userId: me.user.id,
      type: "transaction_pending",
      message: "TXN waiting",
      isPriority: false,
      transactionId: stranger.id,
      humanReadableId: stranger.humanReadableId,
      category: open.name,
    });
    await t.db.insert(notifications).values({
      userId: me.user.id,
      type: "user_notification",
      message: "about theirs",
      isPriority: false,
      transactionId: theirs.id,
      humanReadableId: theirs.humanReadableId,
      category: open.name,
    });

    const bell = await me.api.get("/api/notifications");
    expect(bell.status).toBe(200);
    const about = bell.body.map((n: { transactionId: string | null }) => n.transactionId);
    expect(about.length).toBeGreaterThanOrEqual(2);
    expect(new Set(about)).toEqual(new Set([claim.id]));
    const otherBell = await other.api.get("/api/notifications");
    expect(otherBell.body.map((n: { transactionId: string }) => n.transactionId)).toEqual([theirs.id]);

    const mine = (await me.api.get("/api/me/claims")).body.claims[0];
    expect(mine).toMatchObject({ id: claim.id, status: "Paid", amount: "2400.00", amountPaid: "2400.00", paidDate: "2025-03-14" });
    const theirsListed = (await other.api.get("/api/me/claims")).body.claims[0];
    expect(theirsListed).toMatchObject({ status: "Rejected", amountPaid: "0.00" });

    // The timeline is theirs to read.
    const details = await me.api.get(`/api/transactions/${claim.id}`);
    expect(details.body.timeline.map((e: { kind: string }) => e.kind)).toEqual(["created", "submitted", "approved", "paid"]);
  });
});

describe("a paid claim in the books", () => {
  it("is one Payment voucher to the employee's own ledger, under Sundry Creditors in the masters; a party may not take that name", async () => {
    const me = await employeeLogin(`Anita Desai ${hex()}`);
    const claim = (await me.api.post("/api/transactions", claimBody({ amount: "780.00" }))).body;
    await me.api.post(`/api/transactions/${claim.id}/submit`, {});
    await approver.api.post(`/api/transactions/${claim.id}/approve`, {});
    expect((await accountant.api.patch(`/api/transactions/${claim.id}/payment`, { paymentMethod: "Cash", paidDate: "2025-02-11" })).status).toBe(200);

    const batch = await accountant.api.post("/api/accounting/exports", { from: "2025-02-01", to: "2025-02-28", format: "tally" });
    expect(batch.status).toBe(201);
    expect(batch.body.count).toBe(1);
    const file = await accountant.api.agent
      .get(`/api/accounting/exports/${batch.body.id}/file`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => cb(null, Buffer.concat(chunks)));
      });
    const xml = (file.body as Buffer).toString("utf8");
    assertWellFormedXml(xml);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "TALLYMESSAGE" || n === "ALLLEDGERENTRIES.LIST" }).parse(xml);
    const vouchers = parsed.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((m: { VOUCHER: unknown }) => m.VOUCHER);
    expect(vouchers).toHaveLength(1);
    const v = vouchers[0];
    expect(v["@_VCHTYPE"]).toBe("Payment");
    expect(v.PARTYLEDGERNAME).toBe(me.employee.employeeName);
    const lines = v["ALLLEDGERENTRIES.LIST"].map((l: { LEDGERNAME: string; ISDEEMEDPOSITIVE: string; ISPARTYLEDGER: string; AMOUNT: number }) => [
      l.LEDGERNAME,
      l.ISDEEMEDPOSITIVE,
      l.ISPARTYLEDGER,
      Number(l.AMOUNT),
    ]);
    expect(lines).toEqual([
      [open.name, "Yes", "No", -780],
      [me.employee.employeeName, "No", "Yes", 780],
      [me.employee.employeeName, "Yes", "Yes", -780],
      ["Cash", "No", "No", 780],
    ]);

    const masters = await accountant.api.agent.get(`/api/accounting/exports/${batch.body.id}/masters`);
    assertWellFormedXml(masters.text);
    const ledgers = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "TALLYMESSAGE" })
      .parse(masters.text)
      .ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((m: { LEDGER: { NAME: string; PARENT: string } }) => [m.LEDGER.NAME, m.LEDGER.PARENT]);
    expect(ledgers).toContainEqual([me.employee.employeeName, "Sundry Creditors"]);

    // One namespace of ledger names: a party may not be named like the employee's ledger.
    const party = await accountant.api.post("/api/parties", { name: me.employee.employeeName.toUpperCase() });
    expect(party.status).toBe(409);
    expect(party.body.message).toContain(me.employee.employeeName);
  });
});
