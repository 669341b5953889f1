// Text is text (DECISIONS §10) over HTTP: free text refuses control characters with a 400 naming the
// field, loses the invisible reordering characters before it is stored, and keeps the ZWJ and ZWNJ
// that Devanagari and Malayalam spell with, byte for byte, through the store, GET and the CSV exports.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { attendanceImports, auditLog, employees, leaves, parties, transactions, users } from "../db/schema";
import { insertTransaction, makeCategory, txnBody } from "../test/transaction-fixtures";
import { csv, HEADER, makeDepartment, upload } from "../test/hr-fixtures";

let t: TestApp;
let superAdmin: ApiClient;
let accountant: { user: MadeUser; api: ApiClient };
let hr: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  [superAdmin, accountant, hr] = await Promise.all([
    t.signIn("SuperAdmin").then((s) => s.api),
    t.signIn("Accountant"),
    t.signIn("HR Admin").then((s) => s.api),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const RLO = "\u202E";
/** Every character the rule drops: the bidirectional controls, the zero width space and the BOM. */
const INVISIBLE = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069", "\u200B", "\uFEFF"];
const ZWNJ = "\u200C";
const ZWJ = "\u200D";
// क्‍ष (half form, ZWJ), क्‌ष (ZWNJ), प्रिया; കാര്‍ത്തിക and the chillu ന്‍ (old encoding, with ZWJ).
const HINDI = `क्${ZWJ}ष क्${ZWNJ}ष प्रिया`;
const MALAYALAM = `കാര്${ZWJ}ത്തിക അവന്${ZWJ}`;

async function csvText(api: ApiClient, url: string): Promise<string> {
  const res = await api.agent
    .get(url)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => cb(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  const text = (res.body as Buffer).toString("utf8");
  // The one BOM an export begins with tells Excel the file is UTF-8; none may follow it.
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text.slice(1);
}

const hasInvisible = (text: string) => INVISIBLE.some((c) => text.includes(c));

describe("a transaction description", () => {
  it("loses U+202E and the other invisible characters before it is stored (answer, GET and the row)", async () => {
    const category = await makeCategory(t.db);
    const sent = `abc${RLO}gnp.exe ${INVISIBLE.join("")}toner`;
    const created = await accountant.api.post("/api/transactions", txnBody(category.id, { description: sent }));
    expect(created.status).toBe(201);
    expect(created.body.description).toBe("abcgnp.exe toner");
    const read = await accountant.api.get(`/api/transactions/${created.body.id}`);
    expect(read.body.description).toBe("abcgnp.exe toner");
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, created.body.id));
    expect(row!.description).toBe("abcgnp.exe toner");
  });

  it("is checked for its length on what remains: two letters and an override are too short", async () => {
    const category = await makeCategory(t.db);
    const res = await accountant.api.post("/api/transactions", txnBody(category.id, { description: `a${RLO}${RLO}` }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "description", message: "Description must be at least 2 characters" }]);
  });
});

describe("a user's display name", () => {
  it("with BEL (U+0007) is refused with 400 naming the field, on create and on edit, and nothing changes", async () => {
    const username = `bel_${Date.now().toString(36)}`;
    const create = await superAdmin.post("/api/admin/users", { username, name: "Ravi\u0007Kumar", role: "Accountant", password: "password123" });
    expect(create.status).toBe(400);
    expect(create.body).toMatchObject({ message: "Name cannot contain tabs, line breaks or control characters" });
    expect(create.body.issues).toEqual([{ path: "name", message: "Name cannot contain tabs, line breaks or control characters" }]);
    expect(await t.db.select().from(users).where(eq(users.username, username))).toEqual([]);

    const before = (await t.db.select().from(users).where(eq(users.id, accountant.user.id)))[0]!;
    const edit = await superAdmin.put(`/api/admin/users/${accountant.user.id}`, { name: "Ravi\u0007Kumar" });
    expect(edit.status).toBe(400);
    expect(edit.body.issues).toEqual([{ path: "name", message: "Name cannot contain tabs, line breaks or control characters" }]);
    const after = (await t.db.select().from(users).where(eq(users.id, accountant.user.id)))[0]!;
    expect(after.name).toBe(before.name);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });
});

describe("an approval rule's name", () => {
  it("with BEL is refused with 400 naming the field; with U+202E it is stored without it", async () => {
    const bell = await superAdmin.post("/api/admin/approval-rules", { name: "Above\u0007lakh", minAmount: "100000", requiredApprovals: 2 });
    expect(bell.status).toBe(400);
    expect(bell.body.issues).toEqual([{ path: "name", message: "Name cannot contain tabs, line breaks or control characters" }]);
    const made = await superAdmin.post("/api/admin/approval-rules", { name: `Above ${RLO}five lakh`, minAmount: "500000", requiredApprovals: 2 });
    expect(made.status).toBe(201);
    expect(made.body.name).toBe("Above five lakh");
  });
});

describe("reasons", () => {
  it("a force-status reason with U+202E is stored without it (audit entry, timeline)", async () => {
    const category = await makeCategory(t.db);
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, status: "Pending" });
    const res = await superAdmin.post(`/api/admin/transactions/${row.id}/force-status`, { status: "Approved", reason: `Board ${RLO}said so\nin writing` });
    expect(res.status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, "force_status")));
    expect(entry!.reason).toBe("Board said so\nin writing");
    const detail = await superAdmin.get(`/api/transactions/${row.id}`);
    expect(JSON.stringify(detail.body.timeline)).toContain("Board said so\\nin writing");
    expect(hasInvisible(JSON.stringify(detail.body))).toBe(false);
  });

  it("a leave reason and a leave cancel reason with U+202E are stored without it", async () => {
    const department = await makeDepartment(t.db);
    const [employee] = await t.db
      .insert(employees)
      .values({ employeeName: `Leave ${Date.now()}`, departmentId: department.id, joiningDate: "2025-01-01", weeklyOff: "Sunday" })
      .returning();
    const recorded = await hr.post("/api/hr/leaves", {
      employeeId: employee!.id,
      type: "LWP",
      from: "2026-11-03",
      to: "2026-11-03",
      reason: `Sister's wedding ${RLO}in Nashik`,
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body.leave.reason).toBe("Sister's wedding in Nashik");
    const cancelled = await hr.delete(`/api/hr/leaves/${recorded.body.leave.id}`, { reason: `Plans ${RLO}changed` });
    expect(cancelled.status).toBe(200);
    const [row] = await t.db.select().from(leaves).where(eq(leaves.id, recorded.body.leave.id));
    expect(row).toMatchObject({ reason: "Sister's wedding in Nashik", cancelReason: "Plans changed" });
  });
});

describe("a custom text field", () => {
  it("with a C1 character (U+0085) is refused with 400 naming the field, and no transaction is stored", async () => {
    const category = await makeCategory(t.db, { fieldSchema: [{ id: "po", label: "PO number", type: "text", placeholder: null, required: false }] });
    const res = await accountant.api.post("/api/transactions", txnBody(category.id, { customFieldValues: { po: "PO\u0085123" } }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "customFieldValues.po", message: "PO number cannot contain tabs, line breaks or control characters" }]);
    expect(await t.db.select().from(transactions).where(eq(transactions.categoryId, category.id))).toEqual([]);
  });
});

describe("what no XML file may hold (U+FFFE, U+FFFF, a lone surrogate) is refused with 400 naming the field, and nothing is stored", () => {
  const FFFE = "\uFFFE";
  const notText = (label: string, codePoint = "U+FFFE") => `${label} contains a character that is not text (${codePoint}): retype it`;

  it("a transaction's description and a text custom field", async () => {
    const category = await makeCategory(t.db, { fieldSchema: [{ id: "po", label: "PO number", type: "text", placeholder: null, required: false }] });
    const description = await accountant.api.post("/api/transactions", txnBody(category.id, { description: `Toner${FFFE} cartridges` }));
    expect(description.status).toBe(400);
    expect(description.body.issues).toEqual([{ path: "description", message: notText("Description") }]);
    const field = await accountant.api.post("/api/transactions", txnBody(category.id, { customFieldValues: { po: "PO\uFFFF1" } }));
    expect(field.status).toBe(400);
    expect(field.body.issues).toEqual([{ path: "customFieldValues.po", message: notText("PO number", "U+FFFF") }]);
    expect(await t.db.select().from(transactions).where(eq(transactions.categoryId, category.id))).toEqual([]);
  });

  it("the names that reach the TallyPrime files: a party, a category, a ledger, the company", async () => {
    const party = await superAdmin.post("/api/parties", { name: `Bank${FFFE}Transfer` });
    expect(party.status).toBe(400);
    expect(party.body.issues).toEqual([{ path: "name", message: notText("Party name") }]);
    const lone = await superAdmin.post("/api/parties", { name: "Mehta \uD800 & Co" });
    expect(lone.status).toBe(400);
    expect(lone.body.issues).toEqual([{ path: "name", message: notText("Party name", "U+D800") }]);
    expect(await t.db.select().from(parties)).toEqual([]);

    const category = await superAdmin.post("/api/categories", { name: `Fuel${FFFE}` });
    expect(category.status).toBe(400);
    expect(category.body.issues).toEqual([{ path: "name", message: notText("Category name") }]);

    const before = (await superAdmin.get("/api/admin/ledgers")).body;
    const ledger = await superAdmin.put("/api/admin/ledgers", { roundOff: `Round${FFFE}Off` });
    expect(ledger.status).toBe(400);
    expect(ledger.body.issues).toEqual([{ path: "roundOff", message: notText("Ledger name") }]);
    expect((await superAdmin.get("/api/admin/ledgers")).body).toEqual(before);

    const company = await superAdmin.put("/api/admin/company", { legalName: `Acme${FFFE} Pvt Ltd` });
    expect(company.status).toBe(400);
    expect(company.body.issues).toEqual([{ path: "legalName", message: notText("Legal name") }]);
  });

  it("a user's display name", async () => {
    const edit = await superAdmin.put(`/api/admin/users/${accountant.user.id}`, { name: "Ravi \uFDD0 Kumar" });
    expect(edit.status).toBe(400);
    expect(edit.body.issues).toEqual([{ path: "name", message: notText("Name", "U+FDD0") }]);
  });
});

describe("Hindi and Malayalam keep their ZWJ and ZWNJ byte for byte", () => {
  it("through the store, GET, the transactions export and the audit export", async () => {
    // The accountant's display name, set through the API, is the export's Creator and the audit's Performer Name.
    const renamed = await superAdmin.put(`/api/admin/users/${accountant.user.id}`, { name: `${MALAYALAM}${RLO}` });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe(MALAYALAM);
    const [userRow] = await t.db.select().from(users).where(eq(users.id, accountant.user.id));
    expect(Buffer.from(userRow!.name)).toEqual(Buffer.from(MALAYALAM));

    const category = await makeCategory(t.db, { fieldSchema: [{ id: "vendor", label: "Vendor", type: "text", placeholder: null, required: false }] });
    const description = `${HINDI}\n${MALAYALAM}`;
    const created = await accountant.api.post(
      "/api/transactions",
      txnBody(category.id, { description: `${RLO}${description}\u2069`, customFieldValues: { vendor: `${MALAYALAM}\u200B` } }),
    );
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const read = await accountant.api.get(`/api/transactions/${id}`);
    expect(Buffer.from(read.body.description)).toEqual(Buffer.from(description));
    expect(Buffer.from(read.body.customFieldValues.vendor)).toEqual(Buffer.from(MALAYALAM));
    expect(Buffer.from(read.body.creator.name)).toEqual(Buffer.from(MALAYALAM));
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
    expect(Buffer.from(row!.description)).toEqual(Buffer.from(description));

    const forced = await superAdmin.post(`/api/admin/transactions/${id}/force-status`, { status: "Approved", reason: `${HINDI} ${RLO}ठीक है` });
    expect(forced.status).toBe(200);

    const exported = await csvText(superAdmin, `/api/transactions/export?categoryId=${category.id}`);
    expect(exported).toContain(`"${description}"`);
    expect(exported).toContain(`,${MALAYALAM},`);
    expect(exported).toContain(ZWJ);
    expect(exported).toContain(ZWNJ);
    expect(hasInvisible(exported)).toBe(false);

    const audit = await csvText(superAdmin, `/api/audit/export.csv?search=${id}`);
    expect(audit).toContain(`,${HINDI} ठीक है,`);
    expect(audit).toContain(`,${MALAYALAM},`);
    expect(audit).toContain(ZWJ);
    expect(audit).toContain(ZWNJ);
    expect(hasInvisible(audit)).toBe(false);
  });

  it("in department and employee names, through the store and GET", async () => {
    const department = await hr.post("/api/hr/departments", { name: `${HINDI}${RLO}` });
    expect(department.status).toBe(201);
    expect(Buffer.from(department.body.name)).toEqual(Buffer.from(HINDI));
    const created = await hr.post("/api/hr/employees", { employeeName: `${MALAYALAM}\uFEFF`, departmentId: department.body.id, joiningDate: "2025-01-01" });
    expect(created.status).toBe(201);
    const read = await hr.get(`/api/hr/employees/${created.body.id}`);
    expect(Buffer.from(read.body.employeeName)).toEqual(Buffer.from(MALAYALAM));
    const [row] = await t.db.select().from(employees).where(eq(employees.id, created.body.id));
    expect(Buffer.from(row!.employeeName)).toEqual(Buffer.from(MALAYALAM));
  });

  it("refuses a control character in an employee name with 400 naming the field", async () => {
    const department = await makeDepartment(t.db);
    const res = await hr.post("/api/hr/employees", { employeeName: `${MALAYALAM}\u009b`, departmentId: department.id, joiningDate: "2025-01-01" });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "employeeName", message: "Employee name cannot contain tabs, line breaks or control characters" }]);
  });
});

describe("a body not described by a shared schema", () => {
  it("the punch import's file name loses control and bidirectional characters, and keeps its Indian script, before it is stored and audited", async () => {
    const res = await upload(hr, csv([[...HEADER]]), { month: "2026-10", dryRun: "false" }, `${HINDI}${RLO}vsc.csv`);
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(attendanceImports);
    expect(Buffer.from(row!.fileName)).toEqual(Buffer.from(`${HINDI}vsc.csv`));
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "import"), eq(auditLog.entityId, row!.id)));
    expect((entry!.afterData as { fileName: string }).fileName).toBe(`${HINDI}vsc.csv`);
  });
});
