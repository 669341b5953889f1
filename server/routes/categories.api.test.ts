import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { makeUser } from "../test/factories";
import { auditLog, categories, transactions } from "../db/schema";
import { FIELD_TYPES } from "../../shared/constants";

let t: TestApp;
let superAdmin: ApiClient;
let accountant: ApiClient;
let approver: ApiClient;
let hrStaff: ApiClient;
let seq = 0;
const uniqueName = (base = "Category") => `${base} ${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.signIn("SuperAdmin")).api;
  accountant = (await t.signIn("Accountant")).api;
  approver = (await t.signIn("Approver")).api;
  hrStaff = (await t.signIn("HR Staff")).api;
});
afterAll(async () => {
  await t?.close();
});

async function createCategory(body: Record<string, unknown> = {}) {
  const res = await superAdmin.post("/api/categories", { name: uniqueName(), ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; isActive: boolean; requiredApprovals: number };
}

async function insertTransaction(categoryId: string) {
  const owner = await makeUser(t.db, { role: "Accountant" });
  await t.db
    .insert(transactions)
    .values({ categoryId, amount: "100.00", transactionDate: "2026-11-01", description: "fixture", createdBy: owner.id, status: "Draft" });
}

const issue = (res: { body: { issues?: { path: string; message: string }[] } }, path: string) => res.body.issues?.find((i) => i.path === path)?.message;

describe("GET /api/categories", () => {
  it("is 401 when not signed in", async () => {
    expect((await t.client().get("/api/categories")).status).toBe(401);
  });

  it("lists built-ins first, then by name, for every signed-in role", async () => {
    await createCategory({ name: `aaa ${uniqueName()}` });
    for (const api of [superAdmin, accountant, approver, hrStaff]) {
      const res = await api.get("/api/categories");
      expect(res.status).toBe(200);
      const list = res.body as { name: string; isBuiltin: boolean }[];
      const firstCustom = list.findIndex((c) => !c.isBuiltin);
      expect(list.slice(0, firstCustom).every((c) => c.isBuiltin)).toBe(true);
      expect(list.slice(firstCustom).every((c) => !c.isBuiltin)).toBe(true);
      const builtinNames = list.filter((c) => c.isBuiltin).map((c) => c.name);
      expect(builtinNames).toEqual([...builtinNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(builtinNames).toContain("Salary");
    }
  });

  it("shows inactive categories only to SuperAdmin and Accountant", async () => {
    const c = await createCategory({ name: uniqueName("Dormant") });
    expect((await superAdmin.put(`/api/categories/${c.id}`, { name: c.name, isActive: false })).status).toBe(200);
    const names = async (api: ApiClient) => ((await api.get("/api/categories")).body as { id: string }[]).map((x) => x.id);
    expect(await names(superAdmin)).toContain(c.id);
    expect(await names(accountant)).toContain(c.id);
    expect(await names(approver)).not.toContain(c.id);
    expect(await names(hrStaff)).not.toContain(c.id);
    expect((await approver.get(`/api/categories/${c.id}`)).status).toBe(404);
    expect((await accountant.get(`/api/categories/${c.id}`)).status).toBe(200);
  });
});

describe("GET /api/categories/:id", () => {
  it("is 401 when not signed in, 404 for an unknown or malformed id", async () => {
    const c = await createCategory();
    expect((await t.client().get(`/api/categories/${c.id}`)).status).toBe(401);
    expect((await superAdmin.get("/api/categories/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await superAdmin.get("/api/categories/not-a-uuid")).status).toBe(404);
  });

  it("answers the category", async () => {
    const c = await createCategory({ description: "Rent and lease" });
    const res = await approver.get(`/api/categories/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: c.id,
      name: c.name,
      description: "Rent and lease",
      requiredApprovals: 1,
      isBuiltin: false,
      isActive: true,
      fieldSchema: [],
    });
  });
});

describe("POST /api/categories", () => {
  it("is 401 when not signed in", async () => {
    expect((await t.client().post("/api/categories", { name: uniqueName() })).status).toBe(401);
  });

  it("400: name is required", async () => {
    for (const name of [undefined, "", "   "]) {
      const res = await superAdmin.post("/api/categories", { name });
      expect(res.status).toBe(400);
      expect(issue(res, "name")).toBe("Category name is required");
    }
  });

  it("400: requiredApprovals must be 1 to 5", async () => {
    for (const requiredApprovals of [0, 6, 2.5, "many"]) {
      const res = await superAdmin.post("/api/categories", { name: uniqueName(), requiredApprovals });
      expect(res.status).toBe(400);
      expect(issue(res, "requiredApprovals")).toBe("Required approvals must be a whole number from 1 to 5");
    }
  });

  it("400: emergency limits are positive decimal amounts", async () => {
    const res = await superAdmin.post("/api/categories", { name: uniqueName(), emergencyLimitPolicy: { dailyLimit: "12.345", monthlyLimit: "abc" } });
    expect(res.status).toBe(400);
    expect(issue(res, "emergencyLimitPolicy.dailyLimit")).toBe("Limit must be a positive amount with at most 2 decimals");
    expect(issue(res, "emergencyLimitPolicy.monthlyLimit")).toBe("Limit must be a positive amount with at most 2 decimals");
  });

  it("403 for Approver and HR roles", async () => {
    for (const api of [approver, hrStaff]) expect((await api.post("/api/categories", { name: uniqueName() })).status).toBe(403);
  });

  it("403 when an Accountant sets required approvals or emergency limits; the defaults are fine", async () => {
    const approvals = await accountant.post("/api/categories", { name: uniqueName(), requiredApprovals: 3 });
    expect(approvals.status).toBe(403);
    const policy = await accountant.post("/api/categories", { name: uniqueName(), emergencyLimitPolicy: { dailyLimit: "1000", monthlyLimit: "5000" } });
    expect(policy.status).toBe(403);
    const unchanged = await accountant.post("/api/categories", { name: uniqueName(), requiredApprovals: 1, emergencyLimitPolicy: null });
    expect(unchanged.status).toBe(201);
  });

  it("409 for a name already used, compared case-insensitively", async () => {
    const res = await superAdmin.post("/api/categories", { name: "  sALARY " });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("A category with this name already exists");
    const c = await createCategory();
    expect((await accountant.post("/api/categories", { name: c.name.toUpperCase() })).status).toBe(409);
  });

  it("409 for a name that only looks different (TR39 confusable skeleton): Cyrillic а, capital I for l, zero for O", async () => {
    for (const name of ["S\u0430lary", "SaIary", "0ffice Expenses", "Ｔｒａｖｅｌ"]) {
      const res = await accountant.post("/api/categories", { name });
      expect(res.status, name).toBe(409);
      expect(res.body.message).toBe("A category with this name already exists");
    }
    const mine = await createCategory({ name: uniqueName("Courier") });
    const other = await createCategory();
    const lookalike = mine.name.replace("o", "\u043e"); // Cyrillic о
    expect((await superAdmin.put(`/api/categories/${other.id}`, { name: lookalike })).status).toBe(409);
    expect(await t.db.select().from(categories).where(eq(categories.name, lookalike))).toEqual([]);
  });

  it("two look-alike names created at the same moment: exactly one is stored", async () => {
    const base = uniqueName("Stationery");
    const answers = await Promise.all(
      [base, base.replace("a", "\u0430"), base.replace("o", "\u03bf")].map((name) => superAdmin.post("/api/categories", { name })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("creates with money limits as decimal strings and audits it", async () => {
    const name = uniqueName("Rent");
    const res = await superAdmin.post("/api/categories", {
      name,
      description: "Office rent",
      requiredApprovals: 3,
      emergencyLimitPolicy: { dailyLimit: 10000, monthlyLimit: "50000.5" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name,
      requiredApprovals: 3,
      isBuiltin: false,
      isActive: true,
      emergencyLimitPolicy: { dailyLimit: "10000.00", monthlyLimit: "50000.50" },
    });
    const [row] = await t.db.select().from(categories).where(eq(categories.id, res.body.id));
    expect(row.requiredApprovals).toBe(3);
    expect(row.emergencyLimitPolicy).toEqual({ dailyLimit: "10000.00", monthlyLimit: "50000.50" });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, "create")));
    expect(entry.entityType).toBe("category");
    expect((entry.afterData as { name: string }).name).toBe(name);
  });

  it("an Accountant creates a category with fields", async () => {
    const res = await accountant.post("/api/categories", { name: uniqueName(), fieldSchema: [{ label: "Invoice No", type: "text", required: true }] });
    expect(res.status).toBe(201);
    expect(res.body.fieldSchema).toEqual([{ id: "invoice_no", label: "Invoice No", type: "text", placeholder: null, required: true }]);
  });
});

describe("PUT /api/categories/:id", () => {
  it("is 401 when not signed in", async () => {
    const c = await createCategory();
    expect((await t.client().put(`/api/categories/${c.id}`, { name: "x" })).status).toBe(401);
  });

  it("400: name is required", async () => {
    const c = await createCategory();
    const res = await superAdmin.put(`/api/categories/${c.id}`, { description: "no name" });
    expect(res.status).toBe(400);
    expect(issue(res, "name")).toBe("Category name is required");
  });

  it("403 for Approver; 403 when an Accountant changes approvals or limits, fine when unchanged", async () => {
    const c = await createCategory({ requiredApprovals: 2, emergencyLimitPolicy: { dailyLimit: "100", monthlyLimit: "1000" } });
    expect((await approver.put(`/api/categories/${c.id}`, { name: c.name })).status).toBe(403);
    const up = await accountant.put(`/api/categories/${c.id}`, { name: c.name, requiredApprovals: 3 });
    expect(up.status).toBe(403);
    expect(up.body.message).toBe("Only a SuperAdmin can change required approvals or emergency limits");
    expect((await accountant.put(`/api/categories/${c.id}`, { name: c.name, emergencyLimitPolicy: { dailyLimit: "200", monthlyLimit: "1000" } })).status).toBe(
      403,
    );
    expect((await accountant.put(`/api/categories/${c.id}`, { name: c.name, emergencyLimitPolicy: null })).status).toBe(403);
    const same = await accountant.put(`/api/categories/${c.id}`, {
      name: c.name,
      description: "edited by accountant",
      requiredApprovals: 2,
      emergencyLimitPolicy: { dailyLimit: 100, monthlyLimit: "1000.00" },
    });
    expect(same.status).toBe(200);
    expect(same.body.description).toBe("edited by accountant");
    const [row] = await t.db.select().from(categories).where(eq(categories.id, c.id));
    expect(row.requiredApprovals).toBe(2);
  });

  it("404 for an unknown category", async () => {
    expect((await superAdmin.put("/api/categories/00000000-0000-0000-0000-000000000000", { name: uniqueName() })).status).toBe(404);
  });

  it("409 for a name another category has; 409 renaming a built-in", async () => {
    const a = await createCategory();
    const b = await createCategory();
    const res = await superAdmin.put(`/api/categories/${b.id}`, { name: a.name.toLowerCase() });
    expect(res.status).toBe(409);
    const [salary] = await t.db.select().from(categories).where(eq(categories.name, "Salary"));
    expect((await superAdmin.put(`/api/categories/${salary.id}`, { name: "Wages" })).status).toBe(409);
  });

  it("SuperAdmin edits everything; before and after are audited", async () => {
    const c = await createCategory();
    const newName = uniqueName("Renamed");
    const res = await superAdmin.put(`/api/categories/${c.id}`, {
      name: newName,
      description: "d",
      requiredApprovals: 4,
      emergencyLimitPolicy: { dailyLimit: "1.5", monthlyLimit: null },
      isActive: false,
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(categories).where(eq(categories.id, c.id));
    expect(row).toMatchObject({
      name: newName,
      description: "d",
      requiredApprovals: 4,
      isActive: false,
      emergencyLimitPolicy: { dailyLimit: "1.50", monthlyLimit: null },
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, "update")));
    expect(entry.beforeData).toMatchObject({ name: c.name, requiredApprovals: 1, isActive: true });
    expect(entry.afterData).toMatchObject({ name: newName, requiredApprovals: 4, isActive: false });
  });

  it("only a SuperAdmin may deactivate a built-in category or change its approvals (an Accountant gets 403 and nothing changes)", async () => {
    const [salary] = await t.db.select().from(categories).where(eq(categories.name, "Salary"));
    const off = await accountant.put(`/api/categories/${salary.id}`, { name: "Salary", isActive: false });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe("Only a SuperAdmin can deactivate a built-in category");
    expect((await accountant.put(`/api/categories/${salary.id}`, { name: "Salary", requiredApprovals: 1 })).status).toBe(403);
    const [after] = await t.db.select().from(categories).where(eq(categories.id, salary.id));
    expect([after.isActive, after.requiredApprovals]).toEqual([true, 2]);
    // An Accountant still edits a built-in's description, and deactivates a category of their own.
    expect((await accountant.put(`/api/categories/${salary.id}`, { name: "Salary", description: "Monthly payroll" })).status).toBe(200);
    const own = await createCategory();
    expect((await accountant.put(`/api/categories/${own.id}`, { name: own.name, isActive: false })).body.isActive).toBe(false);
    // A SuperAdmin may switch the built-in off, and on again.
    expect((await superAdmin.put(`/api/categories/${salary.id}`, { name: "Salary", isActive: false })).body.isActive).toBe(false);
    expect((await superAdmin.put(`/api/categories/${salary.id}`, { name: "Salary", isActive: true })).body.isActive).toBe(true);
  });

  it("keeps a built-in's name but lets its approvals change", async () => {
    const [travel] = await t.db.select().from(categories).where(eq(categories.name, "Travel"));
    const res = await superAdmin.put(`/api/categories/${travel.id}`, { name: "travel", description: "Trips", requiredApprovals: 2 });
    expect(res.status).toBe(200);
    expect(res.body.requiredApprovals).toBe(2);
  });
});

describe("PUT /api/categories/:id/fields", () => {
  const fieldsUrl = (id: string) => `/api/categories/${id}/fields`;

  it("is 401 when not signed in", async () => {
    const c = await createCategory();
    expect((await t.client().put(fieldsUrl(c.id), { fieldSchema: [] })).status).toBe(401);
  });

  it("400: a field label is required", async () => {
    const c = await createCategory();
    const res = await superAdmin.put(fieldsUrl(c.id), { fieldSchema: [{ label: "  ", type: "text" }] });
    expect(res.status).toBe(400);
    expect(issue(res, "fieldSchema.0.label")).toBe("Field label is required");
  });

  it("400: select and multiselect need at least one option", async () => {
    const c = await createCategory();
    for (const type of ["select", "multiselect"]) {
      const res = await superAdmin.put(fieldsUrl(c.id), { fieldSchema: [{ label: "Mode", type, options: [] }] });
      expect(res.status).toBe(400);
      expect(issue(res, "fieldSchema.0.options")).toBe("Dropdown and multiple choice fields need at least one option");
    }
    const none = await superAdmin.put(fieldsUrl(c.id), { fieldSchema: [{ label: "Mode", type: "select" }] });
    expect(none.status).toBe(400);
  });

  it("400: field ids must be unique within the category (also when derived)", async () => {
    const c = await createCategory();
    const res = await superAdmin.put(fieldsUrl(c.id), {
      fieldSchema: [
        { label: "Invoice No", type: "text" },
        { id: "field_123", label: "invoice no", type: "number" },
      ],
    });
    expect(res.status).toBe(400);
    expect(issue(res, "fieldSchema.1.id")).toBe('Field ids must be unique within a category: "invoice_no"');
  });

  it("400: at most 50 fields; 50 are fine", async () => {
    const c = await createCategory();
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `Field ${i}`, type: "text" }));
    const res = await superAdmin.put(fieldsUrl(c.id), { fieldSchema: many(51) });
    expect(res.status).toBe(400);
    expect(issue(res, "fieldSchema")).toBe("At most 50 fields");
    expect((await superAdmin.put(fieldsUrl(c.id), { fieldSchema: many(50) })).status).toBe(200);
  });

  it("400: an unknown field type", async () => {
    const c = await createCategory();
    const res = await superAdmin.put(fieldsUrl(c.id), { fieldSchema: [{ label: "Blob", type: "blob" }] });
    expect(res.status).toBe(400);
    expect(issue(res, "fieldSchema.0.type")).toBeTypeOf("string");
  });

  it("403 for Approver and HR Staff", async () => {
    const c = await createCategory();
    for (const api of [approver, hrStaff]) expect((await api.put(fieldsUrl(c.id), { fieldSchema: [] })).status).toBe(403);
  });

  it("404 for an unknown category", async () => {
    expect((await superAdmin.put(fieldsUrl("00000000-0000-0000-0000-000000000000"), { fieldSchema: [] })).status).toBe(404);
  });

  it("derives ids from labels when missing or 'field_…', keeps explicit ids, accepts all 13 types", async () => {
    const c = await createCategory();
    const fieldSchema = FIELD_TYPES.map((type, i) => ({
      id: i === 0 ? "field_1700000000000" : i === 1 ? "custom_id" : undefined,
      label: `My ${type} Field!`,
      type,
      required: i % 2 === 0,
      ...(type === "select" || type === "multiselect" ? { options: ["A", "B"] } : {}),
      ...(type === "text" ? { validation: { min: 2, max: 20, message: "2 to 20" } } : {}),
    }));
    const res = await accountant.put(fieldsUrl(c.id), { fieldSchema });
    expect(res.status).toBe(200);
    const ids = (res.body.fieldSchema as { id: string }[]).map((f) => f.id);
    expect(ids[0]).toBe("my_text_field_");
    expect(ids[1]).toBe("custom_id");
    expect(ids[2]).toBe("my_email_field_");
    expect(res.body.fieldSchema.map((f: { type: string }) => f.type)).toEqual([...FIELD_TYPES]);
    const [row] = await t.db.select().from(categories).where(eq(categories.id, c.id));
    expect(row.fieldSchema).toHaveLength(13);
    expect(row.fieldSchema.find((f) => f.type === "select")?.options).toEqual(["A", "B"]);
    expect(row.fieldSchema[0].validation).toEqual({ min: 2, max: 20, message: "2 to 20" });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, "update_fields")));
    expect((entry.afterData as { fieldSchema: unknown[] }).fieldSchema).toHaveLength(13);
  });

  it("saves a reordering", async () => {
    const c = await createCategory({
      fieldSchema: [
        { label: "A", type: "text" },
        { label: "B", type: "text" },
      ],
    });
    const current = (await superAdmin.get(`/api/categories/${c.id}`)).body.fieldSchema as unknown[];
    const res = await superAdmin.put(fieldsUrl(c.id), { fieldSchema: [current[1], current[0]] });
    expect(res.status).toBe(200);
    expect(res.body.fieldSchema.map((f: { id: string }) => f.id)).toEqual(["b", "a"]);
  });
});

describe("DELETE /api/categories/:id", () => {
  it("is 401 when not signed in", async () => {
    const c = await createCategory();
    expect((await t.client().delete(`/api/categories/${c.id}`)).status).toBe(401);
  });

  it("403 for Approver and HR Staff", async () => {
    const c = await createCategory();
    for (const api of [approver, hrStaff]) expect((await api.delete(`/api/categories/${c.id}`)).status).toBe(403);
  });

  it("404 for an unknown category", async () => {
    expect((await superAdmin.delete("/api/categories/00000000-0000-0000-0000-000000000000")).status).toBe(404);
  });

  it("409: built-in categories are never deleted", async () => {
    const builtins = await t.db.select().from(categories).where(eq(categories.isBuiltin, true));
    expect(builtins).toHaveLength(7);
    for (const api of [superAdmin, accountant]) {
      const res = await api.delete(`/api/categories/${builtins[0].id}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Built-in categories cannot be deleted");
    }
    expect(await t.db.select().from(categories).where(eq(categories.isBuiltin, true))).toHaveLength(7);
  });

  it("409: a category with transactions is deactivated instead, and audited so", async () => {
    const c = await createCategory();
    await insertTransaction(c.id);
    const res = await accountant.delete(`/api/categories/${c.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This category has transactions, so it was deactivated instead of deleted");
    const [row] = await t.db.select().from(categories).where(eq(categories.id, c.id));
    expect(row.isActive).toBe(false);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, "deactivate")));
    expect(entry.afterData).toEqual({ isActive: false });
  });

  it("deletes an unused category and audits it with its before data", async () => {
    const c = await createCategory();
    const res = await accountant.delete(`/api/categories/${c.id}`);
    expect(res.status).toBe(200);
    expect(await t.db.select().from(categories).where(eq(categories.id, c.id))).toHaveLength(0);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, "delete")));
    expect((entry.beforeData as { name: string }).name).toBe(c.name);
    expect((await superAdmin.get(`/api/categories/${c.id}`)).status).toBe(404);
  });

  it("counts categories case-insensitively unique also under concurrency", async () => {
    const name = uniqueName("Race");
    const results = await Promise.all([0, 1, 2, 3].map((i) => superAdmin.post("/api/categories", { name: i % 2 ? name.toUpperCase() : name })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(categories)
      .where(sql`lower(${categories.name}) = lower(${name})`);
    expect(n).toBe(1);
  });
});
