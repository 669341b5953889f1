// The list and the pending list send each transaction as PostgreSQL writes it (presenters
// transactionJson); every other answer presents it in JavaScript (presenters presentTransaction).
// The two must say the same for every kind of row: nulls and set values, text that JSON must
// escape, custom fields, attachments, and instants with microseconds (cut to milliseconds the same
// way), on PostgreSQL and PGlite. Then the same through the API: a list page, the pending list and
// each transaction's details agree field by field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../../test/harness";
import { makeUser } from "../../test/factories";
import { attachments, categories, transactions, users } from "../../db/schema";
import { presentTransaction, transactionJson, viewColumns } from "../../presenters/transactions";
import { insertTransaction, makeCategory } from "../../test/transaction-fixtures";

let t: TestApp;
let approver: ApiClient;
const made: string[] = [];

// Text JSON must escape, and text it must not mangle.
const AWKWARD = `Quote " backslash \\ slash / tab \t newline \n control \u0001 \u001f, line sep \u2028, <script>, ₹ १२३ नमस्ते, emoji 🧾`;

beforeAll(async () => {
  t = await createTestApp();
  approver = (await t.signIn("Approver")).api;
  const creator = await makeUser(t.db, { role: "Accountant", name: `Ravi "RK" Kumar \\ ${AWKWARD}` });
  const category = await makeCategory(t.db, { name: `Travel "local" ${AWKWARD}` });
  const base = { createdBy: creator.id, categoryId: category.id };
  const rows = [
    // A bare draft: every optional field null.
    await insertTransaction(t.db, { ...base, status: "Draft", description: "" }),
    await insertTransaction(t.db, {
      ...base,
      status: "Pending",
      description: AWKWARD,
      amount: "0.50",
      isPriority: true,
      isEmergency: true,
      previouslyRejected: true,
      // A bill's TDS that came to nothing: the net is the amount.
      tds: {
        natureId: category.id,
        legacySection: "194Q",
        actReference: "393(1) Table",
        rate: 0.1,
        base: "0.50",
        amount: "0.00",
        shortfallFromEarlier: null,
        reason: `No TDS yet ${AWKWARD}`,
        noPan: false,
      },
    }),
    await insertTransaction(t.db, {
      ...base,
      status: "Completed",
      formType: "B",
      amount: "123456789012.05",
      customFieldValues: { 'Vendor "name"': AWKWARD, count: 3, ratio: 0.25, due: "2026-12-01", approved: true, empty: "" },
      paymentDueDate: "2026-12-31",
      paidDate: "2026-11-30",
      paymentMethod: "Bank Transfer",
      paymentReference: `UTR "9" ${AWKWARD}`,
      paymentNotes: AWKWARD,
      paidBy: creator.id,
      approvalsReceived: 2,
      approvalsRequired: 2,
      approvalRound: 3,
      // A bill's GST: nested objects, fractional rates and negative round-off written as jsonb writes them.
      gst: {
        invoiceNumber: `INV "7" \\ ₹`,
        invoiceDate: "2026-11-20",
        placeOfSupply: "29",
        reverseCharge: false,
        itcEligible: true,
        supply: "inter",
        lines: [
          { hsnSac: "7113", taxableValue: "1000.00", rate: 7.5, cgst: "0.00", sgst: "0.00", igst: "75.00", tax: "75.00" },
          { hsnSac: "998314", taxableValue: "333.33", rate: 0.25, cgst: "0.00", sgst: "0.00", igst: "0.83", tax: "0.83" },
        ],
        taxableValue: "1333.33",
        cgst: "0.00",
        sgst: "0.00",
        igst: "75.83",
        totalTax: "75.83",
        invoiceTotal: "1409.16",
        payable: "1409.16",
        roundOff: "-0.16",
      },
      // A bill's TDS with a shortfall named, kept with the register's noPan, which no answer carries.
      tds: {
        natureId: category.id,
        legacySection: "194-I(b)",
        actReference: `393(1) Table Sl. 2(ii) "x"`,
        rate: 20,
        base: "1333.33",
        amount: "6267.00",
        shortfallFromEarlier: {
          amount: "6000.00",
          bills: [{ id: creator.id, humanReadableId: "TXN-000001", date: "2026-10-01", base: "30000.00", tds: "6000.00" }],
        },
        reason: AWKWARD,
        noPan: true,
      },
    }),
  ];
  for (const row of rows) made.push(row.id);
  // Instants as PostgreSQL keeps them, with microseconds: the last microsecond of a second must not round up.
  await t.db.execute(sql`update ${transactions} set
      created_at = '2026-11-05 04:27:33.999999+00', updated_at = '2026-11-05 23:59:59.9995+05:30',
      submitted_at = '2026-11-06 00:00:00.000001+00', approved_at = '2026-11-07 10:11:12.345678+00',
      completed_at = '2026-12-31 23:59:59.999+00'
    where ${transactions.id} = ${rows[2]!.id}`);
  await t.db.execute(sql`update ${transactions} set created_at = now() - interval '1 minute 0.123456 seconds' where ${transactions.id} = ${rows[1]!.id}`);
  await t.db.insert(attachments).values(
    ["a.pdf", "b.png"].map((fileName) => ({
      transactionId: rows[2]!.id,
      fileName,
      objectPath: `j/${rows[2]!.id}/${fileName}`,
      mimeType: "application/pdf",
      fileSizeBytes: 10,
    })),
  );
  // The pending one's file is the completed one's a.pdf again: counted on the pending list, and a possible duplicate by its attachment.
  const sameFile = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  await t.db.update(attachments).set({ contentSha256: sameFile }).where(eq(attachments.fileName, "a.pdf"));
  await t.db.insert(attachments).values({
    transactionId: rows[1]!.id,
    fileName: "a-again.pdf",
    objectPath: `j/${rows[1]!.id}/a-again.pdf`,
    mimeType: "application/pdf",
    fileSizeBytes: 10,
    contentSha256: sameFile,
  });
});
afterAll(async () => {
  await t?.close();
});

describe("a transaction as PostgreSQL writes it", () => {
  it("is presentTransaction's answer, key for key, for every kind of row", async () => {
    const found = await t.db
      .select({ ...viewColumns, json: transactionJson() })
      .from(transactions)
      .innerJoin(categories, eq(categories.id, transactions.categoryId))
      .innerJoin(users, eq(users.id, transactions.createdBy))
      .where(sql`${transactions.id} = any(${`{${made.join(",")}}`}::uuid[])`);
    expect(found).toHaveLength(made.length);
    for (const { json, ...view } of found) {
      const written = JSON.parse(json) as Record<string, unknown>;
      const presented = presentTransaction(view);
      expect(written, view.humanReadableId).toEqual(presented);
      // The same keys, no more and no fewer (toEqual would pass a key that is undefined on one side).
      expect(Object.keys(written).sort()).toEqual(Object.keys(presented).sort());
    }
    const completed = found.find((r) => r.status === "Completed")!;
    expect(JSON.parse(completed.json)).toMatchObject({
      createdAt: "2026-11-05T04:27:33.999Z",
      updatedAt: "2026-11-05T18:29:59.999Z",
      attachmentCount: 2,
      amount: "123456789012.05",
      netPayable: "123456782745.05",
    });
    expect(JSON.parse(completed.json).tds).not.toHaveProperty("noPan");
  });

  it("reads the same through the API: a list page, the pending list and the details agree", async () => {
    const list = await approver.get("/api/transactions?limit=200");
    expect(list.status).toBe(200);
    const pending = await approver.get("/api/transactions/pending");
    expect(pending.status).toBe(200);
    for (const id of made) {
      const details = await approver.get(`/api/transactions/${id}`);
      expect(details.status).toBe(200);
      const {
        approvals: _a,
        attachments: _b,
        possibleDuplicates,
        availableMoves,
        timeline: _c,
        exportedIn: _d,
        superAdminApproved: _e,
        approveRefusal: _f,
        approveOnBehalfOf: _g,
        category,
        ...fields
      } = details.body;
      const listed = list.body.transactions.find((x: { id: string }) => x.id === id);
      expect(listed).toEqual({ ...fields, category: { id: category.id, name: category.name, isBuiltin: category.isBuiltin } });
      const queued = pending.body.find((x: { id: string }) => x.id === id);
      if (fields.status === "Pending") {
        expect(queued).toEqual({
          ...listed,
          myAction: null,
          availableMoves,
          possibleDuplicates,
          superAdminApproved: false,
          approveRefusal: null,
          approveOnBehalfOf: null,
        });
        expect(queued).toMatchObject({ attachmentCount: 1, possibleDuplicates: [{ id: made[2], matchedBy: "attachment" }] });
      } else expect(queued).toBeUndefined();
    }
  });
});
