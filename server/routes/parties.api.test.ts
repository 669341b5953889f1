// Company and parties (DECISIONS §12) over HTTP: who may read and change them, the GSTIN check and
// what follows from a GSTIN, unique names, and a transaction naming a party (active ones only),
// answered with its name in the list, the details, the CSV export and the emergency page.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import { eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { uniqueGstin, type MadeUser } from "../test/factories";
import { parties, settings } from "../db/schema";
import { auditEntries, insertTransaction, makeCategory, txnBody, txnRow } from "../test/transaction-fixtures";
import { GSTIN_MESSAGES } from "../../shared/gstin";

let t: TestApp;
type Who = { user: MadeUser; api: ApiClient };
let accountant: Who;
let superAdmin: Who;
let approver: Who;

beforeAll(async () => {
  t = await createTestApp();
  [accountant, superAdmin, approver] = await Promise.all([t.signIn("Accountant"), t.signIn("SuperAdmin"), t.signIn("Approver")]);
});
afterAll(async () => {
  await t?.close();
});

const unique = (name: string) => `${name} ${crypto.randomBytes(3).toString("hex")}`;

async function party(body: Record<string, unknown> = {}) {
  const res = await accountant.api.post("/api/parties", { name: unique("Vendor"), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; gstin: string | null; pan: string | null; stateCode: string | null; isActive: boolean };
}

describe("the company", () => {
  it("is SuperAdmin's alone: 401 signed out, 403 for every other role", async () => {
    expect((await t.client().get("/api/admin/company")).status).toBe(401);
    for (const role of ["Accountant", "Approver", "HR Admin", "HR Staff"] as const) {
      const { api } = await t.signIn(role);
      expect((await api.get("/api/admin/company")).status).toBe(403);
      expect((await api.put("/api/admin/company", { legalName: "X", stateCode: "27" })).status).toBe(403);
    }
  });

  it("answers blanks before it is set, then takes the state code from the GSTIN, audited", async () => {
    const empty = await superAdmin.api.get("/api/admin/company");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ legalName: "", gstin: null, stateCode: null });

    const res = await superAdmin.api.put("/api/admin/company", { legalName: "  Sharma Traders Private Limited ", gstin: "27aapfu0939f1zv" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ legalName: "Sharma Traders Private Limited", gstin: "27AAPFU0939F1ZV", stateCode: "27" });
    expect((await superAdmin.api.get("/api/admin/company")).body).toEqual(res.body);

    const [entry] = await auditEntries(t.db, "company", "update");
    expect(entry).toMatchObject({
      entityType: "setting",
      performedBy: superAdmin.user.id,
      afterData: res.body,
      beforeData: { legalName: "", gstin: null, stateCode: null },
    });
  });

  it("refuses a wrong GSTIN with its reason, a state that disagrees with it, and no state at all; nothing changes", async () => {
    const before = (await superAdmin.api.get("/api/admin/company")).body;
    const wrongCheck = await superAdmin.api.put("/api/admin/company", { legalName: "Acme", gstin: "27AAPFU0939F1ZW" });
    expect(wrongCheck.status).toBe(400);
    expect(wrongCheck.body.message).toBe("GSTIN check character does not match");
    const disagree = await superAdmin.api.put("/api/admin/company", { legalName: "Acme", gstin: "27AAPFU0939F1ZV", stateCode: "29" });
    expect(disagree.status).toBe(400);
    expect(disagree.body.message).toBe("State code 29 does not match the GSTIN, whose state code is 27");
    const noState = await superAdmin.api.put("/api/admin/company", { legalName: "Acme", gstin: null });
    expect(noState.status).toBe(400);
    expect(noState.body.message).toBe("State is required");
    const badState = await superAdmin.api.put("/api/admin/company", { legalName: "Acme", stateCode: "40" });
    expect(badState.status).toBe(400);
    expect((await superAdmin.api.get("/api/admin/company")).body).toEqual(before);
  });

  it("keeps a company without a GSTIN with the state it names", async () => {
    const res = await superAdmin.api.put("/api/admin/company", { legalName: "Unregistered Works", gstin: "", stateCode: "29" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ legalName: "Unregistered Works", gstin: null, stateCode: "29" });
    const [row] = await t.db.select().from(settings).where(eq(settings.key, "company"));
    expect(row?.value).toEqual(res.body);
  });
});

describe("parties: who may manage them", () => {
  it("is Accountants' and SuperAdmins': 401 signed out, 403 for Approvers and HR", async () => {
    expect((await t.client().get("/api/parties")).status).toBe(401);
    const p = await party();
    for (const role of ["Approver", "HR Admin", "HR Staff"] as const) {
      const { api } = await t.signIn(role);
      expect((await api.get("/api/parties")).status).toBe(403);
      expect((await api.post("/api/parties", { name: unique("X") })).status).toBe(403);
      expect((await api.patch(`/api/parties/${p.id}`, { name: unique("Y") })).status).toBe(403);
    }
    expect((await superAdmin.api.post("/api/parties", { name: unique("By SuperAdmin") })).status).toBe(201);
  });
});

describe("parties: creating and changing", () => {
  it("derives the PAN and state from a GSTIN and audits the creation", async () => {
    const p = await party({ gstin: " 29aagcb7383j1z4", email: "accounts@bharat.example", phone: "+91 80 4000 1000" });
    expect(p).toMatchObject({ gstin: "29AAGCB7383J1Z4", pan: "AAGCB7383J", stateCode: "29", isActive: true });
    const [row] = await t.db.select().from(parties).where(eq(parties.id, p.id));
    expect(row).toMatchObject({ gstin: "29AAGCB7383J1Z4", pan: "AAGCB7383J", stateCode: "29", createdBy: accountant.user.id });
    const [entry] = await auditEntries(t.db, p.id, "create");
    expect(entry).toMatchObject({ entityType: "party", performedBy: accountant.user.id });
  });

  it.each([
    ["27AAPFU0939F1ZW", GSTIN_MESSAGES.check],
    ["27AAPFU0939F1Z", GSTIN_MESSAGES.length],
    ["40AAPFU0939F1ZV", GSTIN_MESSAGES.stateCode],
    ["27AAPF00939F1ZV", GSTIN_MESSAGES.pan],
    ["27AAPFU0939F1YV", GSTIN_MESSAGES.z],
  ])("refuses the GSTIN %s with 400 '%s' and stores nothing", async (gstin, message) => {
    const name = unique("Refused");
    const res = await accountant.api.post("/api/parties", { name, gstin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.issues).toEqual([{ path: "gstin", message }]);
    expect(await t.db.select().from(parties).where(eq(parties.name, name))).toEqual([]);
  });

  it("refuses a PAN or state that disagrees with the GSTIN, and a malformed PAN", async () => {
    const pan = await accountant.api.post("/api/parties", { name: unique("P"), gstin: "27AAPFU0939F1ZV", pan: "AAPFU0939G" });
    expect(pan.status).toBe(400);
    expect(pan.body.message).toBe("PAN AAPFU0939G does not match the GSTIN, whose PAN is AAPFU0939F");
    const state = await accountant.api.post("/api/parties", { name: unique("S"), gstin: "27AAPFU0939F1ZV", stateCode: "24" });
    expect(state.status).toBe(400);
    expect(state.body.message).toBe("State code 24 does not match the GSTIN, whose state code is 27");
    const shape = await accountant.api.post("/api/parties", { name: unique("Q"), pan: "ABCDE12345" });
    expect(shape.status).toBe(400);
    expect(shape.body.message).toBe("PAN must be 5 letters, 4 digits and a letter");
    // The same PAN and state as the GSTIN's are welcome.
    expect((await accountant.api.post("/api/parties", { name: unique("Same"), gstin: "27AAPFU0939F1ZV", pan: "aapfu0939f", stateCode: "27" })).status).toBe(
      201,
    );
  });

  it("keeps a party without a GSTIN with the PAN and state it names", async () => {
    const p = await party({ pan: "AABCT1332L", stateCode: "33" });
    expect(p).toMatchObject({ gstin: null, pan: "AABCT1332L", stateCode: "33" });
  });

  it("refuses a name taken in any case with 409, also when two creations race", async () => {
    const p = await party();
    const again = await accountant.api.post("/api/parties", { name: p.name.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("A party with this name already exists");
    const name = unique("Race");
    const results = await Promise.all([accountant.api.post("/api/parties", { name }), superAdmin.api.post("/api/parties", { name: name.toLowerCase() })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const other = await party();
    const rename = await accountant.api.patch(`/api/parties/${other.id}`, { name: p.name });
    expect(rename.status).toBe(409);
  });

  it("refuses control characters in the name (singleLineText)", async () => {
    const res = await accountant.api.post("/api/parties", { name: "Bad\nName" });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe("name");
  });

  it("changes what is sent: a new GSTIN brings its PAN and state; deactivation is audited", async () => {
    const p = await party({ pan: "AABCT1332L", stateCode: "33" });
    const res = await accountant.api.patch(`/api/parties/${p.id}`, { gstin: "07AAACR5055K1Z9" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: p.name, gstin: "07AAACR5055K1Z9", pan: "AAACR5055K", stateCode: "07" });
    const wrongPan = await accountant.api.patch(`/api/parties/${p.id}`, { pan: "AABCT1332L" });
    expect(wrongPan.status).toBe(400);
    expect(wrongPan.body.message).toBe("PAN AABCT1332L does not match the GSTIN, whose PAN is AAACR5055K");
    const off = await superAdmin.api.patch(`/api/parties/${p.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect(await auditEntries(t.db, p.id, "deactivate")).toHaveLength(1);
    const missing = await accountant.api.patch(`/api/parties/${crypto.randomUUID()}`, { name: unique("Nobody") });
    expect(missing.status).toBe(404);
  });

  it("lists by name, searches by a part of the name or of the GSTIN, one page at a time", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const a = await party({ name: `Alpha ${tag} Traders`, gstin: "24AAACC1206D1ZM" });
    const b = await party({ name: `Beta ${tag} Stores` });
    const c = await party({ name: `Gamma ${tag} Works` });
    await accountant.api.patch(`/api/parties/${c.id}`, { isActive: false });
    const all = await accountant.api.get(`/api/parties?search=${tag}`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    // Active ones first, each group by name.
    expect(all.body.parties.map((p: { id: string }) => p.id)).toEqual([a.id, b.id, c.id]);
    const byGstin = await accountant.api.get("/api/parties?search=aaacc1206d");
    expect(byGstin.body.parties.map((p: { id: string }) => p.id)).toContain(a.id);
    const active = await accountant.api.get(`/api/parties?search=${tag}&active=true`);
    expect(active.body.parties.map((p: { id: string }) => p.id)).toEqual([a.id, b.id]);
    const page2 = await accountant.api.get(`/api/parties?search=${tag}&limit=2&page=2`);
    expect(page2.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.body.parties.map((p: { id: string }) => p.id)).toEqual([c.id]);
    // LIKE's own characters match only themselves.
    expect((await accountant.api.get(`/api/parties?search=${encodeURIComponent("%")}`)).body.parties.every((p: { name: string }) => p.name.includes("%"))).toBe(
      true,
    );
  });
});

describe("a transaction naming a party", () => {
  it("is created and edited with an active party and answered with its name and GSTIN", async () => {
    const category = await makeCategory(t.db);
    const p = await party({ gstin: "33AABCT1332L1ZL" });
    const created = await accountant.api.post("/api/transactions", txnBody(category.id, { partyId: p.id }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ partyId: p.id, party: { id: p.id, name: p.name, gstin: "33AABCT1332L1ZL", stateCode: "33" } });
    expect((await txnRow(t.db, created.body.id))?.partyId).toBe(p.id);

    const details = await accountant.api.get(`/api/transactions/${created.body.id}`);
    expect(details.body.party).toEqual({ id: p.id, name: p.name, gstin: "33AABCT1332L1ZL", stateCode: "33" });
    const list = await accountant.api.get(`/api/transactions?categoryId=${category.id}`);
    expect(list.body.transactions[0].party.name).toBe(p.name);

    const other = await party();
    const edited = await accountant.api.patch(`/api/transactions/${created.body.id}`, { partyId: other.id });
    expect(edited.status).toBe(200);
    expect(edited.body.party).toEqual({ id: other.id, name: other.name, gstin: null, stateCode: null });
    const timeline = (await accountant.api.get(`/api/transactions/${created.body.id}`)).body.timeline as { kind: string; detail?: string }[];
    expect(timeline.find((e) => e.kind === "edited")?.detail).toBe(`Party: ${p.name} → ${other.name}`);

    const cleared = await accountant.api.patch(`/api/transactions/${created.body.id}`, { partyId: null });
    expect(cleared.body).toMatchObject({ partyId: null, party: null });
  });

  it("refuses an inactive or unknown party with 400 and stores nothing", async () => {
    const category = await makeCategory(t.db);
    const p = await party();
    await accountant.api.patch(`/api/parties/${p.id}`, { isActive: false });
    const inactive = await accountant.api.post("/api/transactions", txnBody(category.id, { partyId: p.id, description: "Inactive vendor" }));
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toBe("This party is inactive; choose an active party");
    const unknown = await accountant.api.post("/api/transactions", txnBody(category.id, { partyId: crypto.randomUUID() }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Party not found");
    const malformed = await accountant.api.post("/api/transactions", txnBody(category.id, { partyId: "nope" }));
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("Party must be a party id or null");
    const list = await accountant.api.get(`/api/transactions?categoryId=${category.id}`);
    expect(list.body.total).toBe(0);

    const draft = await accountant.api.post("/api/transactions", txnBody(category.id));
    const edit = await accountant.api.patch(`/api/transactions/${draft.body.id}`, { partyId: p.id });
    expect(edit.status).toBe(400);
    expect((await txnRow(t.db, draft.body.id))?.partyId).toBeNull();
  });

  it("keeps a party deactivated after it was named: the draft still edits", async () => {
    const category = await makeCategory(t.db);
    const p = await party();
    const created = await accountant.api.post("/api/transactions", txnBody(category.id, { partyId: p.id }));
    await accountant.api.patch(`/api/parties/${p.id}`, { isActive: false });
    const edit = await accountant.api.patch(`/api/transactions/${created.body.id}`, { partyId: p.id, description: "Still this vendor" });
    expect(edit.status).toBe(200);
    expect(edit.body.party.name).toBe(p.name);
  });

  it("names the party in the CSV export and on the emergency page and its message", async () => {
    const category = await makeCategory(t.db);
    const p = await party({ gstin: "09AAACH7409R1ZZ" });
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, partyId: p.id, description: "Tyres" });
    const res = await superAdmin.api
      .get(`/api/transactions/export?categoryId=${category.id}`)
      .buffer(true)
      .parse((r, cb) => {
        let data = "";
        r.setEncoding("utf8");
        r.on("data", (c: string) => (data += c));
        r.on("end", () => cb(null, data));
      });
    const lines = (res.body as string)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Description,Party,Party GSTIN,Category");
    expect(lines[1]).toContain(`Tyres,${p.name},09AAACH7409R1ZZ,${category.name}`);

    for (const code of ["AK", "RS", "VM"]) await superAdmin.api.put(`/api/admin/emergency-approvers/${code}/pin`, { pin: "135790" });
    const pending = await insertTransaction(t.db, {
      createdBy: accountant.user.id,
      categoryId: category.id,
      partyId: p.id,
      status: "Pending",
      isEmergency: true,
      submittedAt: new Date(),
    });
    const links = await accountant.api.post(`/api/transactions/${pending.id}/emergency-links`);
    expect(links.status, JSON.stringify(links.body)).toBe(200);
    expect(links.body.copyPasteMessage).toContain(`Vendor: ${p.name}`);
    const view = await supertest(t.app).get(`/api/emergency-approval/${String(links.body.approveUrl).split("/").pop()}`);
    expect(view.status).toBe(200);
    expect(view.body.transaction.party).toBe(p.name);
    expect(row.partyId).toBe(p.id);
  });

  it("is set, changed and cleared by a SuperAdmin's full override, audited and told on the timeline; an unknown or inactive party is refused with 400", async () => {
    const category = await makeCategory(t.db);
    const tamilNadu = uniqueGstin("33");
    const [first, second] = [await party({ gstin: tamilNadu.gstin }), await party()];
    const made = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, status: "Approved", approvedAt: new Date() });
    const override = (body: Record<string, unknown>) =>
      superAdmin.api.put(`/api/admin/transactions/${made.id}/full-override`, { reason: "Vendor on the invoice", ...body });

    const set = await override({ partyId: first.id });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({
      partyId: first.id,
      party: { id: first.id, name: first.name, gstin: tamilNadu.gstin, stateCode: "33" },
      status: "Approved",
    });
    const [audited] = await auditEntries(t.db, made.id, "full_override");
    expect((audited!.beforeData as { partyId: unknown }).partyId).toBeNull();
    expect((audited!.afterData as { partyId: unknown }).partyId).toBe(first.id);

    const changed = await override({ partyId: second.id });
    expect(changed.body.party).toEqual({ id: second.id, name: second.name, gstin: null, stateCode: null });
    const timeline = (await superAdmin.api.get(`/api/transactions/${made.id}`)).body.timeline as { kind: string; detail?: string }[];
    expect(timeline.filter((e) => e.kind === "overridden").map((e) => e.detail)).toEqual([`Party: — → ${first.name}`, `Party: ${first.name} → ${second.name}`]);

    const cleared = await override({ partyId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ partyId: null, party: null });

    const unknown = await override({ partyId: crypto.randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: "Party not found", issues: [{ path: "partyId", message: "Party not found" }] });
    await accountant.api.patch(`/api/parties/${second.id}`, { isActive: false });
    const inactive = await override({ partyId: second.id });
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toBe("This party is inactive; choose an active party");
    const malformed = await override({ partyId: "nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("Party must be a party id or null");
    expect((await txnRow(t.db, made.id))?.partyId).toBeNull();
    expect(await auditEntries(t.db, made.id, "full_override")).toHaveLength(3);
  });

  it("is not visible to an Approver as a party list, but an Approver sees the party on the transaction", async () => {
    const category = await makeCategory(t.db);
    const p = await party();
    const created = await insertTransaction(t.db, {
      createdBy: accountant.user.id,
      categoryId: category.id,
      partyId: p.id,
      status: "Pending",
      submittedAt: new Date(),
    });
    const seen = await approver.api.get(`/api/transactions/${created.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.party.name).toBe(p.name);
    expect((await approver.api.get("/api/parties")).status).toBe(403);
  });
});

describe("searching transactions by their party", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
  const search = (who: Who, categoryId: string, text: string) => who.api.get(`/api/transactions?categoryId=${categoryId}&search=${encodeURIComponent(text)}`);
  const ids = (res: { body: { transactions: { id: string }[] } }) => res.body.transactions.map((x) => x.id).sort();

  it("finds a party's bills by a part of its name or GSTIN, in any case, and nothing across two fields", async () => {
    const category = await makeCategory(t.db);
    const upGstin = uniqueGstin("09");
    const p = await party({ name: unique("Ganesh Tyres"), gstin: upGstin.gstin });
    const billed = await accountant.api.post("/api/transactions", txnBody(category.id, { partyId: p.id, description: "Four tyres" }));
    const old = await insertTransaction(t.db, {
      createdBy: accountant.user.id,
      categoryId: category.id,
      partyId: p.id,
      createdAt: daysAgo(3),
      description: "Puncture",
    });
    await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, description: "Tea for the office" });
    const both = [billed.body.id, old.id].sort();

    expect(ids(await search(superAdmin, category.id, p.name))).toEqual(both);
    expect(ids(await search(superAdmin, category.id, "gAnEsH tYrEs"))).toEqual(both);
    expect(ids(await search(superAdmin, category.id, upGstin.gstin.slice(0, 11).toLowerCase()))).toEqual(both);
    expect((await search(superAdmin, category.id, p.name)).body.summary).toMatchObject({ count: 2 });
    // The description and the party's name are matched apart, like the id and the description.
    expect((await search(superAdmin, category.id, "puncture ganesh")).body.total).toBe(0);
    // Naming a party later, or another one, is searched at once.
    const later = await accountant.api.post("/api/transactions", txnBody(category.id, { description: "Wheel alignment" }));
    expect((await search(superAdmin, category.id, "ganesh")).body.total).toBe(2);
    await accountant.api.patch(`/api/transactions/${later.body.id}`, { partyId: p.id });
    expect((await search(superAdmin, category.id, "ganesh")).body.total).toBe(3);
    await accountant.api.patch(`/api/transactions/${later.body.id}`, { partyId: null });
    expect((await search(superAdmin, category.id, "ganesh")).body.total).toBe(2);
  });

  it("finds them by the new name after a rename, and no longer by the old one, summaries included", async () => {
    const category = await makeCategory(t.db);
    const p = await party({ name: unique("Sri Balaji Couriers") });
    const made = await Promise.all(
      [1, 2, 5].map((n) =>
        insertTransaction(t.db, {
          createdBy: accountant.user.id,
          categoryId: category.id,
          partyId: p.id,
          createdAt: daysAgo(n),
          status: "Approved",
          amount: "100.00",
        }),
      ),
    );
    const all = made.map((m) => m.id).sort();
    // Asked once under the old name, so the whole days' summaries are kept under it.
    expect((await search(superAdmin, category.id, "balaji")).body).toMatchObject({
      total: 3,
      summary: { count: 3, approvedCount: 3, approvedAmount: "300.00" },
    });

    const renamed = unique("Speedpost Logistics");
    const maharashtra = uniqueGstin("27");
    const res = await accountant.api.patch(`/api/parties/${p.id}`, { name: renamed, gstin: maharashtra.gstin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byOld = await search(superAdmin, category.id, "balaji");
    expect(byOld.body).toMatchObject({ total: 0, transactions: [], summary: { count: 0, approvedCount: 0, approvedAmount: "0.00" } });
    const byNew = await search(superAdmin, category.id, "speedpost");
    expect(ids(byNew)).toEqual(all);
    expect(byNew.body.summary).toMatchObject({ count: 3, approvedCount: 3, approvedAmount: "300.00" });
    expect(ids(await search(superAdmin, category.id, maharashtra.gstin.slice(0, 7).toLowerCase()))).toEqual(all);
    expect(byNew.body.transactions[0].party.name).toBe(renamed);
  });

  it("finds only what the viewer may see: an Approver's window, an Accountant's own older bills", async () => {
    const category = await makeCategory(t.db);
    const p = await party({ name: unique("Kaveri Stationers") });
    const recent = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, partyId: p.id, createdAt: daysAgo(2) });
    const beyond = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, partyId: p.id, createdAt: daysAgo(40) });
    const otherAccountant = await t.signIn("Accountant");

    // Approvers and Accountants see 30 days by default; an Accountant's own transactions always.
    for (const who of [approver, otherAccountant]) {
      const res = await search(who, category.id, "kaveri");
      expect(ids(res)).toEqual([recent.id]);
      expect(res.body.summary.count).toBe(1);
    }
    expect(ids(await search(accountant, category.id, "kaveri"))).toEqual([recent.id, beyond.id].sort());
    expect(ids(await search(superAdmin, category.id, "kaveri"))).toEqual([recent.id, beyond.id].sort());
  });
});

describe("one namespace for ledger names (DECISIONS §12)", () => {
  it.each([
    ["Bank Transfer", "the ledger of the payment method Bank Transfer"],
    ["bank  TRANSFER", "the ledger of the payment method Bank Transfer"],
    ["BankTransfer", "the ledger of the payment method Bank Transfer"],
    ["input igst", "the input IGST ledger"],
    ["Round Off", "the round-off ledger"],
    ["Output CGST (RCM)", "the reverse-charge CGST ledger"],
    ["Travel", "the ledger of the category Travel"],
  ])("a party cannot be named “%s”, case and spaces aside: 409 naming %s, nothing stored", async (name, what) => {
    const res = await accountant.api.post("/api/parties", { name });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("ledger_name_clash");
    expect(res.body.message).toContain(what);
    expect(res.body.message).toContain(`A party cannot be named “${name}”`);
    expect(await t.db.select().from(parties).where(eq(parties.name, name))).toEqual([]);
  });

  it("nor renamed onto a ledger's or another party's name, spaces aside", async () => {
    const p = await party({ name: unique("Mehta & Co") });
    const onto = await accountant.api.patch(`/api/parties/${p.id}`, { name: "UPI" });
    expect(onto.status).toBe(409);
    expect(onto.body.message).toContain("the ledger of the payment method UPI");
    const other = await party();
    const spaced = await accountant.api.patch(`/api/parties/${other.id}`, { name: p.name.replace(" & ", "  &") });
    expect(spaced.status).toBe(409);
    expect(spaced.body).toMatchObject({ code: "duplicate_name", message: "A party with this name already exists" });
    expect((await t.db.select().from(parties).where(eq(parties.id, other.id)))[0]!.name).toBe(other.name);
  });

  it("no ledger is renamed onto a party's name (409 naming the party), a category neither; unchanged names still save", async () => {
    const p = await party({ name: unique("Sharma Traders") });
    const category = await makeCategory(t.db);
    const before = (await superAdmin.api.get("/api/admin/ledgers")).body;
    const upi = await superAdmin.api.put("/api/admin/ledgers", { paymentMethods: [{ method: "UPI", ledger: p.name.toUpperCase() }] });
    expect(upi.status).toBe(409);
    expect(upi.body).toMatchObject({ code: "ledger_name_clash" });
    expect(upi.body.message).toBe(
      `The ledger of the payment method UPI cannot be named “${p.name.toUpperCase()}”: the party “${p.name}” has that name, and TallyPrime keeps one name for one ledger, whatever its case and spaces.`,
    );
    const roundOff = await superAdmin.api.put("/api/admin/ledgers", { roundOff: p.name.replace(/ /g, "") });
    expect(roundOff.status).toBe(409);
    const categoryLedger = await superAdmin.api.put("/api/admin/ledgers", { categories: [{ categoryId: category.id, ledger: p.name }] });
    expect(categoryLedger.status).toBe(409);
    expect((await superAdmin.api.get("/api/admin/ledgers")).body).toEqual(before);

    const created = await superAdmin.api.post("/api/categories", { name: p.name });
    expect(created.status).toBe(409);
    expect(created.body.message).toContain(`the party “${p.name}” has that name`);
    const renamed = await superAdmin.api.put(`/api/categories/${category.id}`, { name: p.name.toLowerCase() });
    expect(renamed.status).toBe(409);

    // The whole form sent back unchanged saves: only a rename is checked.
    expect((await superAdmin.api.put("/api/admin/ledgers", { paymentMethods: before.paymentMethods, roundOff: before.roundOff })).status).toBe(200);
  });

  it("a party made and a ledger renamed onto its name at the same moment: exactly one of them is refused", async () => {
    for (let round = 0; round < 3; round++) {
      const name = unique("Kaveri Mills");
      const [made, renamed] = await Promise.all([accountant.api.post("/api/parties", { name }), superAdmin.api.put("/api/admin/ledgers", { roundOff: name })]);
      expect([made.status, renamed.status].sort()).toEqual(made.status === 201 ? [201, 409] : [200, 409]);
      await superAdmin.api.put("/api/admin/ledgers", { roundOff: "Round Off" });
      if (made.status === 201)
        await t.db
          .update(parties)
          .set({ name: `${name} (done)` })
          .where(eq(parties.id, made.body.id));
    }
  });
});

describe("two parties may not share a GSTIN (DECISIONS §12)", () => {
  it("on create and on change: 409 naming the other party; nothing stored", async () => {
    const { gstin } = uniqueGstin("24");
    const first = await party({ gstin });
    const second = await accountant.api.post("/api/parties", { name: unique("Copy"), gstin: gstin.toLowerCase() });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: "duplicate_gstin", party: { id: first.id, name: first.name } });
    expect(second.body.message).toBe(`GSTIN ${gstin} already belongs to the party “${first.name}”: two parties may not share a GSTIN.`);
    const other = await party();
    const changed = await accountant.api.patch(`/api/parties/${other.id}`, { gstin });
    expect(changed.status).toBe(409);
    expect(changed.body.party).toEqual({ id: first.id, name: first.name });
    expect((await t.db.select().from(parties).where(eq(parties.gstin, gstin))).map((p) => p.id)).toEqual([first.id]);
    // Its own GSTIN sent again is no clash.
    expect((await accountant.api.patch(`/api/parties/${first.id}`, { gstin, email: "gst@example.com" })).status).toBe(200);
  });

  it("two parties made with one GSTIN at the same moment: one 201, one 409; the database refuses a second row too", async () => {
    const { gstin, pan, stateCode } = uniqueGstin("29");
    const answers = await Promise.all([
      accountant.api.post("/api/parties", { name: unique("Twin"), gstin }),
      superAdmin.api.post("/api/parties", { name: unique("Twin"), gstin }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    await expect(t.db.insert(parties).values({ name: unique("Direct"), gstin, pan, stateCode })).rejects.toThrow();
  });
});
