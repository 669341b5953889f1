import { afterAll, beforeAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { auditLog } from "../db/schema";
import { builtinCategory, txnBody } from "../test/transaction-fixtures";
import type { MadeUser } from "../test/factories";

let t: TestApp;
let admin: ApiClient;
let adminUser: MadeUser;
// A marker only this file's fixture entries carry, so counts do not depend on sign-in entries.
const tag = `zz${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await t.signIn("SuperAdmin");
  admin = signedIn.api;
  adminUser = signedIn.user;
  // 30 entries a second apart, the newest last: 20 on transactions, 10 on users.
  const base = Date.parse("2026-03-01T10:00:00Z");
  await t.db.insert(auditLog).values(
    Array.from({ length: 30 }, (_, i) => ({
      action: i % 3 === 0 ? `${tag}_create` : `${tag}_update`,
      entityType: i < 20 ? `${tag}_transaction` : `${tag}_user`,
      entityId: `${tag}-entity-${String(i).padStart(2, "0")}`,
      performedBy: i % 2 === 0 ? adminUser.id : null,
      performerLabel: i % 2 === 0 ? null : "AK",
      reason: i === 29 ? '=HYPERLINK("http://evil")' : null,
      beforeData: i === 5 ? { amount: "1.00" } : null,
      afterData: i === 5 ? { amount: "2.00", note: 'a,b "c"' } : null,
      timestamp: new Date(base + i * 1000),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

type Entry = {
  id: string;
  action: string;
  entityType: string;
  entityId: string;
  performer: { name: string; username: string } | null;
  performerLabel: string | null;
  beforeData: unknown;
  afterData: unknown;
  timestamp: string;
  reason: string | null;
};

describe("GET /api/audit", () => {
  it("is 401 when not signed in", async () => {
    expect((await t.client().get("/api/audit")).status).toBe(401);
  });

  it("400 for a bad page or limit", async () => {
    expect((await admin.get("/api/audit?page=0")).status).toBe(400);
    const res = await admin.get("/api/audit?limit=201");
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe("limit");
    expect((await admin.get("/api/audit?limit=abc")).status).toBe(400);
  });

  it("is 403 for every other role", async () => {
    for (const role of ["Accountant", "Approver", "HR Admin", "HR Staff"] as const) {
      const { api } = await t.signIn(role);
      expect((await api.get("/api/audit")).status).toBe(403);
      expect((await api.get("/api/audit/facets")).status).toBe(403);
      expect((await api.get("/api/audit/export.csv")).status).toBe(403);
    }
  });

  it("answers {entries, total, page, limit}, newest first, 50 by default", async () => {
    const res = await admin.get("/api/audit");
    expect(res.status).toBe(200);
    expect(res.body.page).toBe(1);
    expect(res.body.limit).toBe(50);
    expect(res.body.total).toBeGreaterThanOrEqual(30);
    const stamps = (res.body.entries as Entry[]).map((e) => e.timestamp);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it("pages through the filtered entries", async () => {
    const first = await admin.get(`/api/audit?search=${tag}&limit=12&page=1`);
    const third = await admin.get(`/api/audit?search=${tag}&limit=12&page=3`);
    expect(first.body.total).toBe(30);
    expect(first.body.entries).toHaveLength(12);
    expect(third.body.entries).toHaveLength(6);
    expect(first.body.entries[0].entityId).toBe(`${tag}-entity-29`);
    expect(third.body.entries.at(-1).entityId).toBe(`${tag}-entity-00`);
    const beyond = await admin.get(`/api/audit?search=${tag}&limit=12&page=4`);
    expect(beyond.body).toMatchObject({ entries: [], total: 30, page: 4, limit: 12 });
  });

  it("search matches action and entity type anywhere, and the entity id from its start, case-insensitively", async () => {
    const byId = await admin.get(`/api/audit?search=${tag.toUpperCase()}-ENTITY-07`);
    expect(byId.body.entries.map((e: Entry) => e.entityId)).toEqual([`${tag}-entity-07`]);
    const byType = await admin.get(`/api/audit?search=${tag}_USER&limit=200`);
    expect(byType.body.total).toBe(10);
    const byAction = await admin.get(`/api/audit?search=${tag}_create&limit=200`);
    expect(byAction.body.total).toBe(10);
    // Not the middle of an id: ids are matched as pasted, from their start.
    expect((await admin.get(`/api/audit?search=ENTITY-07`)).body.total).toBe(0);
    // % and _ are literal characters, not wildcards.
    expect((await admin.get("/api/audit?search=%25%25%25")).body.total).toBe(0);
  });

  it("filters by entity type and action, combined with search", async () => {
    const res = await admin.get(`/api/audit?entityType=${tag}_transaction&action=${tag}_create&limit=200`);
    expect(res.body.total).toBe(7); // i in 0..19 with i % 3 === 0
    expect((res.body.entries as Entry[]).every((e) => e.entityType === `${tag}_transaction` && e.action === `${tag}_create`)).toBe(true);
    const narrowed = await admin.get(`/api/audit?entityType=${tag}_transaction&search=${tag}-ENTITY-1`);
    expect(narrowed.body.total).toBe(10);
  });

  it("each entry carries its performer or performer label, and before/after data", async () => {
    const res = await admin.get(`/api/audit?search=${tag}-entity-0&limit=200`);
    const byId = new Map((res.body.entries as Entry[]).map((e) => [e.entityId, e]));
    expect(byId.get(`${tag}-entity-04`)).toMatchObject({ performer: { name: adminUser.name, username: adminUser.username }, performerLabel: null });
    expect(byId.get(`${tag}-entity-05`)).toMatchObject({
      performer: null,
      performerLabel: "AK",
      beforeData: { amount: "1.00" },
      afterData: { amount: "2.00", note: 'a,b "c"' },
    });
  });

  it("real changes appear in the trail: a budget created through the API", async () => {
    const created = await admin.post("/api/admin/budgets", { name: "Audited", amount: "10", startDate: "2026-01-01", endDate: "2026-01-31" });
    const res = await admin.get(`/api/audit?entityType=budget&search=${created.body.id}`);
    expect(res.body.entries).toHaveLength(1);
    expect(res.body.entries[0]).toMatchObject({ action: "create", performer: { username: adminUser.username } });
  });
});

describe("an auditor's reading of the trail", () => {
  it("a transaction's entries carry its TXN number (also once it is deleted, and for its attachments' entries); others carry null", async () => {
    const accountant = await t.signIn("Accountant");
    const office = await builtinCategory(t.db, "Office Expenses");
    const kept = await accountant.api.post("/api/transactions", txnBody(office.id, { transactionDate: "2026-11-20" }));
    const gone = await accountant.api.post("/api/transactions", txnBody(office.id, { transactionDate: "2026-11-20" }));
    expect((await accountant.api.delete(`/api/transactions/${gone.body.id}`)).status).toBe(200);
    const keptEntries = await admin.get(`/api/audit?entityType=transaction&search=${kept.body.id}`);
    expect(keptEntries.body.entries).toHaveLength(1);
    expect(keptEntries.body.entries[0]).toMatchObject({ action: "create", entityId: kept.body.id, humanReadableId: kept.body.humanReadableId });
    const goneEntries = await admin.get(`/api/audit?entityType=transaction&search=${gone.body.id}`);
    expect(goneEntries.body.entries.map((e: { action: string; humanReadableId: string }) => [e.action, e.humanReadableId])).toEqual([
      ["delete", gone.body.humanReadableId],
      ["create", gone.body.humanReadableId],
    ]);
    const userEntry = await admin.get(`/api/audit?search=${tag}-entity-25`);
    expect(userEntry.body.entries[0].humanReadableId).toBeNull();
    // The export says it too.
    const csv = await admin.get(`/api/audit/export.csv?entityType=transaction&search=${kept.body.id}`);
    expect(csv.text).toContain(`,${kept.body.id},${kept.body.humanReadableId},`);
  });

  it("changesOnly=true hides sign-ins, sign-outs and notification reads, in the page, its total and paging, and the CSV export", async () => {
    const someone = await t.signIn("Accountant"); // a login entry
    expect((await someone.api.post("/api/notifications/read-all")).status).toBe(200);
    expect((await someone.api.post("/api/auth/logout")).status).toBe(200);
    const marker = someone.user.id;
    const all = await admin.get(`/api/audit?search=${marker}&limit=200`);
    expect((all.body.entries as Entry[]).map((e) => e.action).sort()).toEqual(["login", "logout", "read_notifications"]);
    const changes = await admin.get(`/api/audit?search=${marker}&changesOnly=true&limit=200`);
    expect(changes.body).toMatchObject({ entries: [], total: 0 });
    // Over the whole trail: none on any page, and the total counts only changes.
    const everything = await admin.get("/api/audit?limit=200");
    const onlyChanges = await admin.get("/api/audit?changesOnly=true&limit=200");
    const hidden = (everything.body.entries as Entry[]).filter((e) =>
      ["login", "logout", "read_notifications", "clear_notifications"].includes(e.action),
    ).length;
    expect(hidden).toBeGreaterThan(0);
    expect(onlyChanges.body.total).toBe(everything.body.total - hidden);
    expect((onlyChanges.body.entries as Entry[]).some((e) => ["login", "logout", "read_notifications"].includes(e.action))).toBe(false);
    const csv = await admin.get("/api/audit/export.csv?changesOnly=true");
    expect(csv.status).toBe(200);
    const actions = csv.text
      .trim()
      .split("\n")
      .slice(1)
      .map((line: string) => line.split(",")[1]);
    expect(actions.length).toBe(onlyChanges.body.total);
    expect(actions.some((a: string) => ["login", "logout", "read_notifications"].includes(a))).toBe(false);
    expect((await admin.get("/api/audit?changesOnly=maybe")).status).toBe(400);
  });

  it("the summary cards are counted over every matching entry, not the page", async () => {
    const res = await admin.get(`/api/audit?search=${tag}&limit=5`);
    expect(res.body.entries).toHaveLength(5);
    // 10 creates (i % 3 === 0) and 20 updates among 30 entries of two entity types.
    expect(res.body.summary).toEqual({ total: 30, positive: 10, modifications: 20, entityTypes: 2 });
  });
});

describe("GET /api/audit/facets", () => {
  it("is 401 when not signed in; lists the entity types and actions present", async () => {
    expect((await t.client().get("/api/audit/facets")).status).toBe(401);
    const res = await admin.get("/api/audit/facets");
    expect(res.status).toBe(200);
    expect(res.body.entityTypes).toEqual(expect.arrayContaining([`${tag}_transaction`, `${tag}_user`, "session"]));
    expect(res.body.actions).toEqual(expect.arrayContaining([`${tag}_create`, `${tag}_update`, "login"]));
    expect(res.body.actions).toEqual([...res.body.actions].sort());
  });
});

describe("GET /api/audit/export.csv", () => {
  it("is 401 when not signed in", async () => {
    expect((await t.client().get("/api/audit/export.csv")).status).toBe(401);
  });

  it("streams the filtered trail as CSV, newest first, formula-safe and quoted", async () => {
    const res = await admin.agent
      .get(`/api/audit/export.csv?search=${tag}`)
      .buffer(true)
      .parse((r, cb) => {
        let text = "";
        r.setEncoding("utf8");
        r.on("data", (c: string) => (text += c));
        r.on("end", () => cb(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="audit_\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (res.body as string).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Timestamp,Action,Entity Type,Entity ID,Transaction,Reason,Performed By,Performer Name,IP Address,Before,After");
    expect(lines).toHaveLength(31);
    expect(lines[1]).toContain(`${tag}-entity-29`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[30]).toContain(`${tag}-entity-00`);
    const five = lines.find((l) => l.includes(`${tag}-entity-05`))!;
    // JSON in a quoted cell: quotes doubled (jsonb orders the keys its own way).
    expect(five).toContain(`""note"":""a,b \\""c\\""""`);
    expect(five).toContain(`""amount"":""2.00""`);
    expect(five).toContain(",AK,");
  });

  it("applies the entity type and action filters", async () => {
    const res = await admin.agent
      .get(`/api/audit/export.csv?entityType=${tag}_user&action=${tag}_update`)
      .buffer(true)
      .parse((r, cb) => {
        let text = "";
        r.setEncoding("utf8");
        r.on("data", (c: string) => (text += c));
        r.on("end", () => cb(null, text));
      });
    const lines = (res.body as string).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(1 + 7); // i in 20..29 with i % 3 !== 0
  });

  it("reads the trail in pages: more rows than one page come out complete and in order", async () => {
    const { auditCsvRows } = await import("../services/audit-query");
    const rows: unknown[][] = [];
    for await (const row of auditCsvRows({ db: t.db }, { search: tag, entityType: undefined, action: undefined }, 7)) rows.push(row);
    expect(rows.map((r) => r[3])).toEqual(Array.from({ length: 30 }, (_, i) => `${tag}-entity-${String(29 - i).padStart(2, "0")}`));
  });
});

describe("searching by what the books and people name (DECISIONS §7, 2026-11-28)", () => {
  type Found = { entries: (Entry & { humanReadableId: string | null })[]; total: number };
  const search = async (text: string, extra = "") => (await admin.get(`/api/audit?search=${encodeURIComponent(text)}&limit=200${extra}`)).body as Found;
  /** The CSV's rows (entity id and action) for the same search: what the screen lists, in its order. */
  const csvRows = async (text: string) => {
    const res = await admin.get(`/api/audit/export.csv?search=${encodeURIComponent(text)}`);
    expect(res.status).toBe(200);
    return (res.text as string)
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(",").slice(1, 5));
  };
  const screenRows = (found: Found) => found.entries.map((e) => [e.action, e.entityType, e.entityId, e.humanReadableId ?? ""]);
  const stamp = Date.now().toString(36);

  it("finds a transaction's entries by its TXN number, with and without the prefix and zeros, and its attachment's; a deleted one by the number it had", async () => {
    const accountant = await t.signIn("Accountant");
    const office = await builtinCategory(t.db, "Office Expenses");
    const made = (await accountant.api.post("/api/transactions", txnBody(office.id))).body as { id: string; humanReadableId: string };
    const bytes = Buffer.from("a receipt");
    const upload = (await accountant.api.post(`/api/transactions/${made.id}/attachments/upload-url`, { fileName: "receipt.txt", contentType: "text/plain" }))
      .body as { uploadURL: string; objectPath: string };
    const url = new URL(upload.uploadURL);
    expect(
      (
        await supertest(t.app)
          .put(url.pathname + url.search)
          .set("Content-Type", "text/plain")
          .send(bytes)
      ).status,
    ).toBe(200);
    expect(
      (
        await accountant.api.post(`/api/transactions/${made.id}/attachments`, {
          fileName: "receipt.txt",
          objectPath: upload.objectPath,
          fileSizeBytes: bytes.length,
          mimeType: "text/plain",
        })
      ).status,
    ).toBe(201);
    expect((await accountant.api.post(`/api/transactions/${made.id}/submit`)).status).toBe(200);
    const number = made.humanReadableId; // TXN-0000nn
    const digits = number.slice(4);
    const bare = String(Number(digits));
    const mine = ["attachment create", "transaction create", "transaction submit"];
    const own = (found: Found) =>
      found.entries
        .filter((e) => e.humanReadableId === number)
        .map((e) => `${e.entityType} ${e.action}`)
        .sort();

    const exact = await search(number);
    expect(own(exact)).toEqual(mine);
    // Nothing about another transaction comes with the full number.
    expect(exact.entries.every((e) => e.humanReadableId === number)).toBe(true);
    expect(own(await search(number.toLowerCase()))).toEqual(mine);
    expect(own(await search(digits))).toEqual(mine);
    expect(own(await search(bare))).toEqual(mine);
    expect(await csvRows(number)).toEqual(screenRows(exact));

    const gone = (await accountant.api.post("/api/transactions", txnBody(office.id))).body as { id: string; humanReadableId: string };
    expect((await accountant.api.delete(`/api/transactions/${gone.id}`)).status).toBe(200);
    const deleted = await search(gone.humanReadableId);
    expect(deleted.entries.map((e) => [e.action, e.humanReadableId])).toEqual([
      ["delete", gone.humanReadableId],
      ["create", gone.humanReadableId],
    ]);
  });

  it("finds what a person did, by part of their name or their username, and the entries about them", async () => {
    const person = await t.signIn("Approver", { name: `Vikram Zephyr${stamp}` });
    const byName = await search(`zephyr${stamp}`);
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.entries.some((e) => e.action === "login" && e.performer?.username === person.user.username)).toBe(true);
    expect(byName.entries.every((e) => e.performer?.username === person.user.username || e.entityId === person.user.id)).toBe(true);
    const byUsername = await search(person.user.username.toUpperCase());
    expect(byUsername.entries.map((e) => e.id)).toEqual(expect.arrayContaining(byName.entries.map((e) => e.id)));
    expect(await csvRows(`zephyr${stamp}`)).toEqual(screenRows(byName));
  });

  it("finds a party's entries and those of the transactions naming it, by part of the party's name", async () => {
    const accountant = await t.signIn("Accountant");
    const party = (await accountant.api.post("/api/parties", { name: `Bhiwandi Looms ${stamp} Pvt Ltd` })).body as { id: string };
    const office = await builtinCategory(t.db, "Office Expenses");
    const bill = (await accountant.api.post("/api/transactions", txnBody(office.id, { partyId: party.id }))).body as { id: string; humanReadableId: string };
    const other = (await accountant.api.post("/api/transactions", txnBody(office.id))).body as { id: string };
    const found = await search(`looms ${stamp}`);
    expect(found.entries.map((e) => [e.entityType, e.entityId, e.action])).toEqual([
      ["transaction", bill.id, "create"],
      ["party", party.id, "create"],
    ]);
    expect(found.entries[0]!.humanReadableId).toBe(bill.humanReadableId);
    expect(found.entries.some((e) => e.entityId === other.id)).toBe(false);
    expect(await csvRows(`looms ${stamp}`)).toEqual(screenRows(found));
  });

  it("finds an employee's entries, their record and what names them (a name mapping), by part of their name", async () => {
    const hr = await t.signIn("HR Admin");
    const department = (await hr.api.post("/api/hr/departments", { name: `Weaving ${stamp}` })).body as { id: string };
    const employee = await hr.api.post("/api/hr/employees", {
      employeeName: `Venkataraghavan ${stamp}`,
      departmentId: department.id,
      weeklyOff: "Sunday",
      joiningDate: "2025-01-01",
    });
    expect(employee.status).toBe(201);
    expect((await hr.api.post("/api/hr/name-mappings", { csvName: `V. Raghavan ${stamp}`, employeeId: employee.body.id })).status).toBe(201);
    const found = await search(`venkataraghavan ${stamp}`);
    expect(found.entries.map((e) => [e.entityType, e.action])).toEqual([
      ["name_mapping", "create"],
      ["employee", "create"],
    ]);
    expect(await csvRows(`venkataraghavan ${stamp}`)).toEqual(screenRows(found));
  });
});
