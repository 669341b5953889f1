// The books over HTTP (DECISIONS §12): the ledger names, and export batches that never take a
// transaction twice, download as the same bytes, can be voided and exported again, and say which
// of their transactions changed after export. Each test pays its transactions on its own dates so
// the batches of one test never take another's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { assertWellFormedXml } from "../test/strict-xml";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { POSTGRES_POOL_DEFAULTS } from "../db/client";
import type { MadeUser } from "../test/factories";
import { auditLog, exportItems, parties, settings, type CategoryRow } from "../db/schema";
import { auditEntries, builtinCategory, insertTransaction, makeCategory } from "../test/transaction-fixtures";
import { NOTHING_TO_EXPORT } from "../../shared/schemas/accounting";
import { gstDetails } from "../../shared/gst";

let t: TestApp;
type Who = { user: MadeUser; api: ApiClient };
let accountant: Who;
let approver: Who;
let superAdmin: Who;
let office: CategoryRow;
const NOW = new Date("2026-11-20T06:00:00Z");
let now = NOW;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  [accountant, approver, superAdmin] = await Promise.all([t.signIn("Accountant"), t.signIn("Approver"), t.signIn("SuperAdmin")]);
  office = await builtinCategory(t.db, "Office Expenses");
});
afterAll(async () => {
  await t?.close();
});

const paid = (paidDate: string, extra: Parameters<typeof insertTransaction>[1] extends infer V ? Partial<V & object> : never = {}) =>
  insertTransaction(t.db, {
    createdBy: accountant.user.id,
    categoryId: office.id,
    status: "Paid",
    formType: "B",
    amount: "1180.00",
    paidDate,
    paymentMethod: "Bank Transfer",
    paidBy: accountant.user.id,
    createdAt: NOW,
    ...extra,
  });

const exportOf = (who: Who, from: string, to: string, format: "tally" | "csv" = "tally") => who.api.post("/api/accounting/exports", { from, to, format });
const download = (who: Who, id: string) =>
  who.api.agent
    .get(`/api/accounting/exports/${id}/file`)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => cb(null, Buffer.concat(chunks)));
    });

describe("GET/PUT /api/admin/ledgers", () => {
  it("answers defaults on day one, saves renames (audited), and is the SuperAdmin's alone", async () => {
    const first = await superAdmin.api.get("/api/admin/ledgers");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      inputCgst: "Input CGST",
      inputSgst: "Input SGST",
      inputIgst: "Input IGST",
      outputCgstRcm: "Output CGST (RCM)",
      roundOff: "Round Off",
    });
    expect(first.body.categories.find((c: { categoryId: string }) => c.categoryId === office.id)).toEqual({
      categoryId: office.id,
      categoryName: "Office Expenses",
      ledger: "Office Expenses",
    });
    expect(first.body.paymentMethods.map((p: { method: string }) => p.method)).toContain("NEFT/RTGS");

    const saved = await superAdmin.api.put("/api/admin/ledgers", {
      categories: [{ categoryId: office.id, ledger: "Office Expenses A/c" }],
      paymentMethods: [{ method: "Bank Transfer", ledger: "HDFC Bank" }],
      roundOff: "Rounding",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.categories.find((c: { categoryId: string }) => c.categoryId === office.id).ledger).toBe("Office Expenses A/c");
    expect(saved.body.paymentMethods.find((p: { method: string }) => p.method === "Bank Transfer").ledger).toBe("HDFC Bank");
    expect(saved.body.roundOff).toBe("Rounding");
    expect(saved.body.inputCgst).toBe("Input CGST");
    const [entry] = await auditEntries(t.db, "ledgers", "update");
    expect(entry).toMatchObject({ entityType: "setting", performedBy: superAdmin.user.id });

    for (const who of [accountant, approver]) {
      expect((await who.api.get("/api/admin/ledgers")).status).toBe(403);
      expect((await who.api.put("/api/admin/ledgers", { roundOff: "X" })).status).toBe(403);
    }
    const bad = await superAdmin.api.put("/api/admin/ledgers", { roundOff: "" });
    expect(bad.status).toBe(400);
    const unknown = await superAdmin.api.put("/api/admin/ledgers", { categories: [{ categoryId: "00000000-0000-4000-8000-000000000000", ledger: "X" }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Category not found");
    // Put back, so the files below use the names the tests expect.
    await superAdmin.api.put("/api/admin/ledgers", {
      categories: [{ categoryId: office.id, ledger: "Office Expenses" }],
      paymentMethods: [{ method: "Bank Transfer", ledger: "Bank Transfer" }],
      roundOff: "Round Off",
    });
    const back = await superAdmin.api.get("/api/admin/ledgers");
    expect(back.body).toEqual(first.body);
  });
});

describe("POST /api/accounting/exports", () => {
  it("takes every Paid or Completed transaction paid in the dates, and nothing else; 409 when there is nothing left", async () => {
    const a = await paid("2025-01-05");
    const b = await paid("2025-01-31", { status: "Completed", amount: "20.50" });
    await paid("2025-02-01"); // after the range
    await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, status: "Approved", paidDate: "2025-01-10", createdAt: NOW }); // not paid
    const res = await exportOf(accountant, "2025-01-01", "2025-01-31");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      format: "tally",
      from: "2025-01-01",
      to: "2025-01-31",
      count: 2,
      total: "1200.50",
      createdBy: { id: accountant.user.id },
      voidedAt: null,
      changedSinceExport: [],
    });
    const items = await t.db.select({ id: exportItems.transactionId }).from(exportItems).where(eq(exportItems.batchId, res.body.id));
    expect(items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    const [entry] = await auditEntries(t.db, res.body.id, "export_created");
    expect(entry).toMatchObject({ entityType: "export_batch", performedBy: accountant.user.id });

    const again = await exportOf(accountant, "2025-01-01", "2025-01-31");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(NOTHING_TO_EXPORT);
    const empty = await exportOf(accountant, "2019-01-01", "2019-12-31");
    expect(empty.status).toBe(409);
    // An export that took nothing uses up no number: batches are numbered 1, 2, 3 … without gaps.
    await paid("2025-02-14");
    const next = await exportOf(accountant, "2025-02-14", "2025-02-14");
    expect(next.body.number).toBe(res.body.number + 1);

    const list = await accountant.api.get("/api/accounting/exports");
    expect(list.status).toBe(200);
    expect(list.body.batches.map((x: { id: string }) => x.id)).toContain(res.body.id);
  });

  it("two exports at once never share a transaction", async () => {
    const made = await Promise.all(Array.from({ length: 30 }, (_, i) => paid(`2025-03-${String((i % 28) + 1).padStart(2, "0")}`)));
    const [one, two] = await Promise.all([exportOf(accountant, "2025-03-01", "2025-03-31"), exportOf(superAdmin, "2025-03-01", "2025-03-31", "csv")]);
    const statuses = [one.status, two.status].sort();
    expect(statuses).toEqual([201, 409]);
    const winner = one.status === 201 ? one : two;
    expect(winner.body.count).toBe(made.length);
    const held = await t.db.select({ id: exportItems.transactionId }).from(exportItems).where(eq(exportItems.live, true));
    const mine = held.filter((h) => made.some((m) => m.id === h.id));
    expect(mine).toHaveLength(made.length);
    expect(new Set(mine.map((m) => m.id)).size).toBe(made.length);
  });

  it("fills its batch under a 300 s statement limit, not the requests' 30 s", async () => {
    // A trigger of this test's own records the limit in force for the statement that fills a batch,
    // and for an ordinary request's statement (a new party): read by the database, nothing stubbed.
    const triggers = [
      ["export_items", "export_items_limit_seen"],
      ["parties", "parties_limit_seen"],
    ] as const;
    await t.asOwner(async (owner) => {
      await owner.query("create table statement_limit_seen (table_name text not null, limit_ms bigint not null)");
      await owner.query("grant select, insert on statement_limit_seen to public");
      await owner.query(`create function statement_limit_seen_record() returns trigger language plpgsql as $$
        begin
          insert into statement_limit_seen values (TG_TABLE_NAME, (select setting::bigint from pg_settings where name = 'statement_timeout'));
          return null;
        end $$`);
      for (const [table, name] of triggers)
        await owner.query(`create trigger ${name} after insert on ${table} for each statement execute function statement_limit_seen_record()`);
    });
    try {
      await paid("2025-05-07");
      expect((await exportOf(accountant, "2025-05-01", "2025-05-31")).status).toBe(201);
      expect((await accountant.api.post("/api/parties", { name: `Limit Traders ${Date.now()}` })).status).toBe(201);
      const seen = await t.database.query<{ table_name: string; limit_ms: string }>("select table_name, limit_ms from statement_limit_seen");
      const limitOf = (table: string) => seen.filter((r) => r.table_name === table).map((r) => Number(r.limit_ms));
      expect(limitOf("export_items")).toEqual([300_000]);
      // The requests' limit: 30 s on PostgreSQL (DECISIONS §10); the embedded database sets none.
      expect(limitOf("parties")).toEqual([t.database.kind === "postgres" ? POSTGRES_POOL_DEFAULTS.statementTimeoutMs : 0]);
      expect(POSTGRES_POOL_DEFAULTS.statementTimeoutMs).toBe(30_000);
    } finally {
      await t.asOwner(async (owner) => {
        for (const [table, name] of triggers) await owner.query(`drop trigger ${name} on ${table}`);
        await owner.query("drop function statement_limit_seen_record()");
        await owner.query("drop table statement_limit_seen");
      });
    }
  });

  it("refuses bad input with 400 and changes nothing; Approvers and HR get 403", async () => {
    expect((await exportOf(accountant, "2025-04-10", "2025-04-01")).status).toBe(400);
    expect((await accountant.api.post("/api/accounting/exports", { from: "2025-04-01", to: "2025-04-02", format: "pdf" })).status).toBe(400);
    expect((await accountant.api.post("/api/accounting/exports", { from: "yesterday", to: "2025-04-02", format: "csv" })).status).toBe(400);
    expect((await exportOf(approver, "2025-04-01", "2025-04-30")).status).toBe(403);
    expect((await approver.api.get("/api/accounting/exports")).status).toBe(403);
    const hr = await t.signIn("HR Admin");
    expect((await exportOf(hr, "2025-04-01", "2025-04-30")).status).toBe(403);
    expect((await t.client().post("/api/accounting/exports", { from: "2025-04-01", to: "2025-04-30", format: "csv" })).status).toBe(401);
  });
});

describe("GET /api/accounting/exports/:id/file", () => {
  it("downloads the same bytes each time, even after the transaction, the party and the ledgers change", async () => {
    const [party] = await t.db
      .insert(parties)
      .values({ name: `Sharma Traders ${Date.now()}`, gstin: null })
      .returning();
    const row = await paid("2025-05-10", { partyId: party!.id, description: "Toner & paper <A4>" });
    const batch = await exportOf(accountant, "2025-05-01", "2025-05-31");
    expect(batch.status).toBe(201);
    const first = await download(accountant, batch.body.id);
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(first.headers["content-disposition"]).toMatch(/attachment; filename="books-batch-\d+_2025-05-01_2025-05-31\.xml"/);

    assertWellFormedXml(first.body.toString("utf8"));
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "TALLYMESSAGE" || n === "ALLLEDGERENTRIES.LIST" }).parse(
      first.body.toString("utf8"),
    );
    const vouchers = parsed.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((m: { VOUCHER: unknown }) => m.VOUCHER);
    expect(vouchers.map((v: { "@_VCHTYPE": string }) => v["@_VCHTYPE"])).toEqual(["Journal", "Payment"]);
    expect(vouchers[1].DATE).toBe(20250510);
    expect(vouchers[0].PARTYLEDGERNAME).toBe(party!.name);

    await superAdmin.api.put("/api/admin/ledgers", { paymentMethods: [{ method: "Bank Transfer", ledger: "Renamed Bank" }] });
    await t.db
      .update(parties)
      .set({ name: `${party!.name} (renamed)` })
      .where(eq(parties.id, party!.id));
    const cancelled = await accountant.api.patch(`/api/transactions/${row.id}/payment`, { isPaid: false });
    expect(cancelled.status).toBe(200);
    const second = await download(superAdmin, batch.body.id);
    expect(second.body.equals(first.body)).toBe(true);
    await superAdmin.api.put("/api/admin/ledgers", { paymentMethods: [{ method: "Bank Transfer", ledger: "Bank Transfer" }] });
  });

  it("a CSV batch is the journal, and the masters file names every ledger of the batch", async () => {
    await paid("2025-06-03", { amount: "250.00", paymentMethod: "Cash", description: '=HYPERLINK("x")' });
    const batch = await exportOf(accountant, "2025-06-01", "2025-06-30", "csv");
    const file = await download(accountant, batch.body.id);
    expect(file.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const text = file.body.toString("utf8").replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,voucher,ledger,debit,credit,narration,party,gstin,hsnSac,rate");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2025-06-03,Payment TXN-\d+,Office Expenses,250\.00,,"'=HYPERLINK/);
    expect(lines[2]).toMatch(/^2025-06-03,Payment TXN-\d+,Cash,,250\.00,/);
    const masters = await accountant.api.agent.get(`/api/accounting/exports/${batch.body.id}/masters`);
    expect(masters.status).toBe(200);
    assertWellFormedXml(masters.text);
    const ledgers = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "TALLYMESSAGE" })
      .parse(masters.text)
      .ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((m: { LEDGER: { NAME: string; PARENT: string } }) => [m.LEDGER.NAME, m.LEDGER.PARENT]);
    expect(ledgers).toEqual([
      ["Cash", "Cash-in-Hand"],
      ["Office Expenses", "Indirect Expenses"],
    ]);
    expect((await approver.api.get(`/api/accounting/exports/${batch.body.id}/file`)).status).toBe(403);
    expect((await accountant.api.get(`/api/accounting/exports/00000000-0000-4000-8000-000000000000/file`)).status).toBe(404);
  });
});

describe("void, re-export and changed since export", () => {
  it("a voided batch frees its transactions for the next export; only a SuperAdmin voids, with a reason, once", async () => {
    const row = await paid("2025-07-07");
    const batch = await exportOf(accountant, "2025-07-01", "2025-07-31");
    const details = await accountant.api.get(`/api/transactions/${row.id}`);
    expect(details.body.exportedIn).toEqual({ batchId: batch.body.id, number: batch.body.number });

    expect((await accountant.api.post(`/api/accounting/exports/${batch.body.id}/void`, { reason: "Wrong ledgers" })).status).toBe(403);
    expect((await superAdmin.api.post(`/api/accounting/exports/${batch.body.id}/void`, {})).status).toBe(400);
    const voided = await superAdmin.api.post(`/api/accounting/exports/${batch.body.id}/void`, { reason: "Wrong ledgers" });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ voidReason: "Wrong ledgers", voidedBy: { id: superAdmin.user.id } });
    expect((await superAdmin.api.post(`/api/accounting/exports/${batch.body.id}/void`, { reason: "Again" })).status).toBe(409);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "export_voided"));
    expect(entry).toMatchObject({ entityId: batch.body.id, reason: "Wrong ledgers", performedBy: superAdmin.user.id });
    expect((await accountant.api.get(`/api/transactions/${row.id}`)).body.exportedIn).toBeNull();

    const again = await exportOf(accountant, "2025-07-01", "2025-07-31", "csv");
    expect(again.status).toBe(201);
    expect(again.body.count).toBe(1);
    expect(again.body.number).toBeGreaterThan(batch.body.number);
  });

  it("a cancelled payment, a forced status or an override after export flags the transaction on its batch; completing it does not", async () => {
    const [cancelled, forced, completed] = await Promise.all([paid("2025-08-01"), paid("2025-08-02"), paid("2025-08-03")]);
    const batch = await exportOf(accountant, "2025-08-01", "2025-08-31");
    expect(batch.body.changedSinceExport).toEqual([]);
    // The moves happen after the export: a later clock for them.
    now = new Date(NOW.getTime() + 60_000);
    try {
      expect((await accountant.api.patch(`/api/transactions/${cancelled.id}/payment`, { isPaid: false })).status).toBe(200);
      expect((await accountant.api.post(`/api/transactions/${completed.id}/complete`, {})).status).toBe(200);
      expect((await superAdmin.api.post(`/api/admin/transactions/${forced.id}/force-status`, { status: "Approved", reason: "Paid twice" })).status).toBe(200);
    } finally {
      now = NOW;
    }
    const list = await accountant.api.get("/api/accounting/exports");
    const mine = list.body.batches.find((b: { id: string }) => b.id === batch.body.id);
    expect(mine.changedSinceExport.map((c: { id: string }) => c.id).sort()).toEqual([cancelled.id, forced.id].sort());
  });
});

describe("the books as an accountant keeps them (DECISIONS §16)", () => {
  type ParsedVoucher = {
    "@_REMOTEID": string;
    "@_VCHTYPE": string;
    "@_ACTION": string;
    VOUCHERNUMBER: string;
    "ALLLEDGERENTRIES.LIST": { LEDGERNAME: string; AMOUNT: number }[];
  };
  const vouchersIn = (xml: Buffer): ParsedVoucher[] =>
    new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "TALLYMESSAGE" || n === "ALLLEDGERENTRIES.LIST" })
      .parse(xml.toString("utf8"))
      .ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((m: { VOUCHER: ParsedVoucher }) => m.VOUCHER);
  const mastersOf = async (id: string) =>
    Object.fromEntries(
      new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "TALLYMESSAGE" })
        .parse((await accountant.api.agent.get(`/api/accounting/exports/${id}/masters`)).text)
        .ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((m: { LEDGER: { NAME: string; PARENT: string } }) => [m.LEDGER.NAME, m.LEDGER.PARENT]),
    ) as Record<string, string>;

  it("every voucher carries REMOTEID = its transaction's id and kind: the same batch downloaded twice has the same ids, and a re-export after a void keeps each voucher's", async () => {
    const [party] = await t.db
      .insert(parties)
      .values({ name: `Kothari Mills ${Date.now()}`, gstin: null })
      .returning();
    const billed = await paid("2025-09-04", { partyId: party!.id });
    const cash = await paid("2025-09-05", { paymentMethod: "Cash", amount: "90.00" });
    const received = await paid("2025-09-06", { formType: "R", amount: "5000.00" });
    const batch = await exportOf(accountant, "2025-09-01", "2025-09-30");
    expect(batch.status).toBe(201);
    const first = vouchersIn((await download(accountant, batch.body.id)).body);
    const ids = first.map((v) => [v.VOUCHERNUMBER, v["@_VCHTYPE"], v["@_REMOTEID"]]);
    expect(ids).toEqual([
      [billed.humanReadableId, "Journal", `${billed.id}-journal`],
      [billed.humanReadableId, "Payment", `${billed.id}-payment`],
      [cash.humanReadableId, "Payment", `${cash.id}-payment`],
      [received.humanReadableId, "Receipt", `${received.id}-receipt`],
    ]);
    // TallyPrime creates a voucher it does not know and alters one it holds under the same REMOTEID.
    expect(first.every((v) => v["@_ACTION"] === "Create")).toBe(true);
    const again = vouchersIn((await download(superAdmin, batch.body.id)).body);
    expect(again.map((v) => v["@_REMOTEID"])).toEqual(ids.map((i) => i[2]));

    // Corrected after export (a new amount), voided and exported again: the same ids, so the import alters.
    expect((await superAdmin.api.put(`/api/admin/transactions/${cash.id}/full-override`, { amount: "95.00", reason: "Receipt said 95" })).status).toBe(200);
    expect((await superAdmin.api.post(`/api/accounting/exports/${batch.body.id}/void`, { reason: "Cash amount corrected" })).status).toBe(200);
    const redone = await exportOf(accountant, "2025-09-01", "2025-09-30");
    expect(redone.status).toBe(201);
    expect(redone.body.id).not.toBe(batch.body.id);
    const second = vouchersIn((await download(accountant, redone.body.id)).body);
    expect(second.map((v) => v["@_REMOTEID"])).toEqual(ids.map((i) => i[2]));
    expect(second.find((v) => v["@_REMOTEID"] === `${cash.id}-payment`)!["ALLLEDGERENTRIES.LIST"].map((e) => e.AMOUNT)).toEqual([-95, 95]);
  });

  it("the masters file puts a receipt category's ledger under Indirect Incomes and a bill category's under Indirect Expenses, whichever comes first; Check posts to a Cheque ledger", async () => {
    const scrap = await makeCategory(t.db, { name: `Scrap Sales ${Date.now()}` });
    // The receipt category takes one bill too (a carriage cost), and the bill category one refund: the kind is what most of each category's transactions are.
    await paid("2025-10-02", { formType: "R", categoryId: scrap.id, amount: "4000.00", paymentMethod: "Check" });
    await paid("2025-10-03", { formType: "R", categoryId: scrap.id, amount: "6000.00" });
    await paid("2025-10-04", { formType: "B", categoryId: scrap.id, amount: "300.00" });
    await paid("2025-10-01", { formType: "R", amount: "150.00" });
    const batch = await exportOf(accountant, "2025-10-01", "2025-10-31");
    expect(batch.status).toBe(201);
    const groups = await mastersOf(batch.body.id);
    expect(groups).toMatchObject({ [scrap.name]: "Indirect Incomes", "Office Expenses": "Indirect Expenses", Cheque: "Bank Accounts" });
    expect(groups.Check).toBeUndefined();
    // The method keeps its name everywhere else: the API and the ledger screen name the method Check, its ledger Cheque.
    const ledgers = await superAdmin.api.get("/api/admin/ledgers");
    expect(ledgers.body.paymentMethods.find((p: { method: string }) => p.method === "Check")).toEqual({ method: "Check", ledger: "Cheque" });
    const vouchers = vouchersIn((await download(accountant, batch.body.id)).body);
    expect(vouchers[1]!["ALLLEDGERENTRIES.LIST"].map((e) => e.LEDGERNAME)).toEqual(["Cheque", scrap.name]);
  });
});

describe("a GST bill", () => {
  it("posts the GST kept on the bill: the party credited, the taxable value and the input CGST and SGST debited, the round-off", async () => {
    const [party] = await t.db
      .insert(parties)
      .values({ name: `Gupta Stationers ${Date.now()}`, gstin: "29ABCDE1234F1Z5", stateCode: "29" })
      .returning();
    const entered = {
      invoiceNumber: "GS/118",
      invoiceDate: "2025-10-02",
      placeOfSupply: "29",
      reverseCharge: false,
      itcEligible: true,
      lines: [{ hsnSac: "4820", taxableValue: "1000.00", rate: 18 }],
    };
    const decided = gstDetails(entered, "1180.40", "29");
    if (!decided.ok) throw new Error(decided.message);
    await paid("2025-10-05", { amount: "1180.40", partyId: party!.id, gst: decided.gst, transactionDate: "2025-10-03" });
    const batch = await exportOf(accountant, "2025-10-01", "2025-10-31", "csv");
    const file = await download(accountant, batch.body.id);
    const rows = (file.body as Buffer)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(","));
    const journal = rows.filter((r) => r[1]!.startsWith("Journal ")).map((r) => [r[0], r[2], r[3], r[4], r[8], r[9]]);
    expect(journal).toEqual([
      ["2025-10-02", "Office Expenses", "1000.00", "", "4820", "18"],
      ["2025-10-02", "Input CGST", "90.00", "", "4820", "18"],
      ["2025-10-02", "Input SGST", "90.00", "", "4820", "18"],
      ["2025-10-02", "Round Off", "0.40", "", "", ""],
      ["2025-10-02", party!.name, "", "1180.40", "", ""],
    ]);
    const payment = rows.filter((r) => r[1]!.startsWith("Payment ")).map((r) => [r[0], r[2], r[3], r[4]]);
    expect(payment).toEqual([
      ["2025-10-05", party!.name, "1180.40", ""],
      ["2025-10-05", "Bank Transfer", "", "1180.40"],
    ]);
    expect(rows.every((r) => r[7] === "29ABCDE1234F1Z5")).toBe(true);
  });
});

describe("the company on the file", () => {
  it("names the company's legal name as SVCURRENTCOMPANY", async () => {
    await t.db
      .insert(settings)
      .values({ key: "company", value: { legalName: "Acme & Sons Pvt Ltd", gstin: null, stateCode: "29" } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { legalName: "Acme & Sons Pvt Ltd", gstin: null, stateCode: "29" } } });
    await paid("2025-09-09");
    const batch = await exportOf(accountant, "2025-09-01", "2025-09-30");
    const file = await download(accountant, batch.body.id);
    expect(file.body.toString("utf8")).toContain("<SVCURRENTCOMPANY>Acme &amp; Sons Pvt Ltd</SVCURRENTCOMPANY>");
  });
});

describe("an export that would write two ledgers under one name (DECISIONS §12)", () => {
  it("is refused with 409 listing each clash, and writes nothing; once the party is renamed it exports", async () => {
    // Parties named like a ledger before the rule refused them, stored as they were.
    const [bankTransfer] = await t.db.insert(parties).values({ name: "Bank Transfer" }).returning();
    const [cash] = await t.db.insert(parties).values({ name: "CASH" }).returning();
    const a = await paid("2024-03-05", { partyId: bankTransfer!.id, paymentMethod: "Bank Transfer" });
    const b = await paid("2024-03-06", { partyId: cash!.id, paymentMethod: "Cash" });
    const batchesBefore = (await accountant.api.get("/api/accounting/exports")).body.batches.length;

    const refused = await exportOf(accountant, "2024-03-01", "2024-03-31");
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("ledger_name_clash");
    expect(refused.body.clashes).toEqual([
      { name: "Bank Transfer", ledgers: ["the party “Bank Transfer”", "the payment method ledger “Bank Transfer”"] },
      { name: "CASH", ledgers: ["the party “CASH”", "the payment method ledger “Cash”"] },
    ]);
    expect(refused.body.message).toContain("“Bank Transfer”: the party “Bank Transfer” and the payment method ledger “Bank Transfer”");
    expect(refused.body.message).toContain("“CASH”: the party “CASH” and the payment method ledger “Cash”");
    // Nothing kept: no batch, no item, no audit entry.
    expect((await accountant.api.get("/api/accounting/exports")).body.batches).toHaveLength(batchesBefore);
    expect(await t.db.select().from(exportItems).where(eq(exportItems.transactionId, a.id))).toEqual([]);
    expect(await t.db.select().from(exportItems).where(eq(exportItems.transactionId, b.id))).toEqual([]);

    expect((await accountant.api.patch(`/api/parties/${bankTransfer!.id}`, { name: "Bank Transfer Services Pvt Ltd" })).status).toBe(200);
    expect((await accountant.api.patch(`/api/parties/${cash!.id}`, { name: "Cash & Carry Stores" })).status).toBe(200);
    const exported = await exportOf(accountant, "2024-03-01", "2024-03-31");
    expect(exported.status).toBe(201);
    expect(exported.body.count).toBe(2);
  });

  it("two payment methods posting to one bank ledger on purpose are one ledger, not a clash", async () => {
    const saved = await superAdmin.api.put("/api/admin/ledgers", {
      paymentMethods: [
        { method: "UPI", ledger: "HDFC Bank" },
        { method: "NEFT/RTGS", ledger: "hdfc bank" },
      ],
    });
    expect(saved.status).toBe(200);
    try {
      await paid("2024-04-02", { paymentMethod: "UPI" });
      await paid("2024-04-03", { paymentMethod: "NEFT/RTGS" });
      // Two spellings of one name are two ledgers to this product and one to TallyPrime: refused.
      const spelled = await exportOf(accountant, "2024-04-01", "2024-04-30");
      expect(spelled.status).toBe(409);
      expect(spelled.body.clashes).toEqual([
        { name: "HDFC Bank", ledgers: ["the payment method ledger “HDFC Bank”", "the payment method ledger “hdfc bank”"] },
      ]);
      expect((await superAdmin.api.put("/api/admin/ledgers", { paymentMethods: [{ method: "NEFT/RTGS", ledger: "HDFC Bank" }] })).status).toBe(200);
      expect((await exportOf(accountant, "2024-04-01", "2024-04-30")).status).toBe(201);
    } finally {
      await superAdmin.api.put("/api/admin/ledgers", {
        paymentMethods: [
          { method: "UPI", ledger: "UPI" },
          { method: "NEFT/RTGS", ledger: "NEFT/RTGS" },
        ],
      });
    }
  });
});
