// DECISIONS §4 (2026-11-24): a transaction's timeline (every move, who, why, what changed) seen by
// whoever can see the transaction; availableMoves from the server's one status machine; the
// Overdue filter of the lists; change-owner only to someone who may own a transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { approvals, type CategoryRow } from "../db/schema";
import { builtinCategory, insertTransaction, txnBody } from "../test/transaction-fixtures";
import { writeAudit } from "../services/audit";
import { formatRupees } from "../../shared/format";
import supertest from "supertest";
import type { TransactionStatus } from "../../shared/constants";

// 2026-11-24 19:00 UTC is 25 Nov 00:30 in Kolkata: "today" is the company's day, not UTC's. The
// clock moves 10 ms at each reading, so each move has its own moment, as in real use.
const NOW = new Date("2026-11-24T19:00:00Z");
let ticks = 0;
let t: TestApp;
type Who = { user: MadeUser; api: ApiClient };
let accountant: Who;
let otherAccountant: Who;
let approver: Who;
let approver2: Who;
let superAdmin: Who;
let office: CategoryRow;
let salary: CategoryRow;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(NOW.getTime() + 10 * ticks++) });
  [accountant, otherAccountant, approver, approver2, superAdmin] = await Promise.all([
    t.signIn("Accountant"),
    t.signIn("Accountant"),
    t.signIn("Approver"),
    t.signIn("Approver"),
    t.signIn("SuperAdmin"),
  ]);
  office = await builtinCategory(t.db, "Office Expenses");
  salary = await builtinCategory(t.db, "Salary");
});
afterAll(async () => {
  await t?.close();
});

async function created(owner = accountant, overrides: Record<string, unknown> = {}, categoryId = office.id) {
  const res = await owner.api.post("/api/transactions", txnBody(categoryId, { transactionDate: "2026-11-20", ...overrides }));
  expect(res.status).toBe(201);
  return res.body as { id: string; humanReadableId: string };
}

type Entry = { at: string; kind: string; actorName: string; reason?: string; detail?: string };
const timelineOf = async (who: Who, id: string) => {
  const res = await who.api.get(`/api/transactions/${id}`);
  expect(res.status).toBe(200);
  return res.body.timeline as Entry[];
};

describe("GET /api/transactions/:id timeline", () => {
  it("tells every move oldest first, with who acted, reasons, and an override's fields before → after; the owner sees it all", async () => {
    const { id } = await created(accountant, { amount: "1000" }, salary.id);
    expect((await accountant.api.post(`/api/transactions/${id}/submit`)).status).toBe(200);
    expect((await approver.api.post(`/api/transactions/${id}/reject`, { reason: "No payslip attached" })).status).toBe(200);
    expect((await accountant.api.post(`/api/transactions/${id}/submit`)).status).toBe(200);
    expect((await approver.api.post(`/api/transactions/${id}/approve`, {})).status).toBe(200);
    expect((await approver2.api.post(`/api/transactions/${id}/approve`, {})).status).toBe(200);
    const [mine] = await t.db.select().from(approvals).where(eq(approvals.approverId, approver2.user.id));
    expect((await superAdmin.api.delete(`/api/approvals/${mine!.id}`, { reason: "Approved the wrong month" })).status).toBe(200);
    expect((await superAdmin.api.post(`/api/admin/transactions/${id}/force-status`, { status: "Approved", reason: "Confirmed by the CFO" })).status).toBe(200);
    expect((await accountant.api.post(`/api/transactions/${id}/mark-payment-due`, { dueDate: "2026-11-30" })).status).toBe(200);
    expect(
      (await accountant.api.patch(`/api/transactions/${id}/payment`, { paymentMethod: "UPI", paymentReference: "UTR77", paidDate: "2026-11-24" })).status,
    ).toBe(200);
    expect(
      (
        await accountant.api.patch(`/api/transactions/${id}/payment`, {
          isPaid: false,
          paymentMethod: null,
          paymentReference: null,
          paymentNotes: null,
          paidDate: null,
        })
      ).status,
    ).toBe(200);
    const override = await superAdmin.api.put(`/api/admin/transactions/${id}/full-override`, {
      amount: "1250.50",
      description: "Salary for Ravi, November",
      reason: "Amount as on the payslip",
    });
    expect(override.status).toBe(200);
    expect(
      (await superAdmin.api.post(`/api/admin/transactions/${id}/change-owner`, { newOwnerId: otherAccountant.user.id, reason: "Accountant moved team" }))
        .status,
    ).toBe(200);

    // The new owner reads the whole story, including what happened before it was theirs.
    const timeline = await timelineOf(otherAccountant, id);
    expect(timeline.map((e) => e.kind)).toEqual([
      "created",
      "submitted",
      "rejected",
      "submitted",
      "approved",
      "approved",
      "approval-deleted",
      "status-forced",
      "payment-due",
      "paid",
      "payment-cancelled",
      "overridden",
      "owner-changed",
    ]);
    const [createdEntry, , rejected, resubmitted, , secondApproval, deleted, forced, due, paid, cancelled, overridden, ownerChanged] = timeline;
    expect(createdEntry).toMatchObject({ actorName: accountant.user.name });
    expect(rejected).toMatchObject({ actorName: approver.user.name, reason: "No payslip attached" });
    expect(resubmitted!.detail).toBe("Round 2");
    expect(secondApproval).toMatchObject({ actorName: approver2.user.name, detail: "2 of 2 approvals" });
    expect(deleted).toMatchObject({ actorName: superAdmin.user.name, reason: "Approved the wrong month" });
    expect(deleted!.detail).toBe(`${approver2.user.name}'s approval of round 2 removed; Approved → Pending`);
    expect(forced).toMatchObject({ reason: "Confirmed by the CFO", detail: "Pending → Approved" });
    expect(due!.detail).toBe("Due 30 Nov 2026");
    expect(paid!.detail).toBe("UPI · ref UTR77 · 24 Nov 2026");
    // A receipt (Form R) in a receipt's words (DECISIONS §16): its Paid is Received.
    expect(cancelled!.detail).toBe("Received → Receipt Due");
    expect(overridden).toMatchObject({ actorName: superAdmin.user.name, reason: "Amount as on the payslip" });
    // The new amount decides the policy again (DECISIONS §11): Salary's 2 approvals, and the round
    // holds one since the deletion (the forced status had stood in for the other), so it waits again.
    expect(overridden!.detail).toBe(
      "Amount: ₹1,000.00 → ₹1,250.50; Description: Printer cartridges → Salary for Ravi, November; Status: Receipt Due → Pending. Back to Pending: its 1 approval no longer meets the new policy (Needs 2 approvals)",
    );
    expect(ownerChanged).toMatchObject({ reason: "Accountant moved team", detail: `${accountant.user.name} → ${otherAccountant.user.name}` });
    // Oldest first, every entry a full ISO instant.
    const times = timeline.map((e) => Date.parse(e.at));
    expect(times.every((x) => Number.isFinite(x))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // An Approver who can see it sees the same story.
    expect((await timelineOf(approver, id)).map((e) => e.kind)).toEqual(timeline.map((e) => e.kind));
  });

  it("names an emergency approver by their code", async () => {
    const { id } = await created(accountant, { isEmergency: true });
    expect((await accountant.api.post(`/api/transactions/${id}/submit`)).status).toBe(200);
    // An emergency decision as the link writes it (the link flow itself is tested in emergency*.api.test.ts).
    await t.asOwner(async (owner) => {
      await writeAudit(owner.db, t.deps, {
        action: "emergency_approve",
        entityType: "transaction",
        entityId: id,
        performerLabel: "AK",
        before: { status: "Pending", approvalsReceived: 0 },
        after: { status: "Approved", approvalsReceived: 1 },
      });
    });
    const last = (await timelineOf(accountant, id)).at(-1);
    expect(last).toMatchObject({ kind: "emergency-approved", actorName: "AK", detail: "1 approval; Pending → Approved" });
  });
});

describe("the owner's edits (DECISIONS §4 `edited`)", () => {
  /** Attaches a small file through the real upload-url → PUT → register journey. */
  async function attach(who: Who, id: string, fileName: string) {
    const url = await who.api.post(`/api/transactions/${id}/attachments/upload-url`, { fileName, contentType: "application/pdf" });
    expect(url.status).toBe(200);
    const bytes = Buffer.from(`%PDF ${fileName}`);
    const u = new URL(url.body.uploadURL);
    const put = await supertest(t.app)
      .put(u.pathname + u.search)
      .set("Content-Type", "application/pdf")
      .serialize((b: unknown) => b as string)
      .send(bytes);
    expect(put.status).toBe(200);
    const res = await who.api.post(`/api/transactions/${id}/attachments`, {
      fileName,
      objectPath: url.body.objectPath,
      fileSizeBytes: bytes.length,
      mimeType: "application/pdf",
    });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  }

  it("an edit of a Rejected transaction is on the timeline naming each changed field before → after, and the approver of the resubmission sees it", async () => {
    const { id } = await created(accountant, { amount: "1000", description: "Toner for the 3rd floor" });
    const old = await attach(accountant, id, "quote.pdf");
    expect((await accountant.api.post(`/api/transactions/${id}/submit`)).status).toBe(200);
    expect((await approver.api.post(`/api/transactions/${id}/reject`, { reason: "Wrong amount, and attach the invoice" })).status).toBe(200);

    const edit = await accountant.api.patch(`/api/transactions/${id}`, { amount: "1500", description: "Toner for the 3rd and 4th floors" });
    expect(edit.status).toBe(200);
    await attach(accountant, id, "invoice-4471.pdf");
    expect((await accountant.api.delete(`/api/attachments/${old.id}`)).status).toBe(200);
    // An edit that changes nothing adds nothing.
    expect((await accountant.api.patch(`/api/transactions/${id}`, { amount: "1500" })).status).toBe(200);
    expect((await accountant.api.post(`/api/transactions/${id}/submit`)).status).toBe(200);

    const timeline = await timelineOf(approver, id);
    expect(timeline.map((e) => e.kind)).toEqual(["created", "edited", "submitted", "rejected", "edited", "edited", "edited", "submitted"]);
    const edits = timeline.filter((e) => e.kind === "edited");
    expect(edits[0]).toMatchObject({ actorName: accountant.user.name, detail: "Attachment added: quote.pdf" });
    expect(edits[1]).toMatchObject({
      actorName: accountant.user.name,
      detail: `Amount: ${formatRupees("1000")} → ${formatRupees("1500")}; Description: Toner for the 3rd floor → Toner for the 3rd and 4th floors`,
    });
    expect(edits[2]!.detail).toBe("Attachment added: invoice-4471.pdf");
    expect(edits[3]!.detail).toBe("Attachment removed: quote.pdf");
  });

  it("names a changed category, date and emergency flag", async () => {
    const travel = await builtinCategory(t.db, "Travel");
    const { id } = await created(accountant, { amount: "800" });
    const edit = await accountant.api.patch(`/api/transactions/${id}`, { categoryId: travel.id, transactionDate: "2026-11-21", isPriority: true });
    expect(edit.status).toBe(200);
    const last = (await timelineOf(accountant, id)).at(-1)!;
    expect(last.kind).toBe("edited");
    expect(last.detail).toBe("Category: Office Expenses → Travel; Transaction date: 20 Nov 2026 → 21 Nov 2026; Emergency: No → Yes");
  });
});

describe("availableMoves", () => {
  type Case = [string, () => Promise<{ id: string }>, () => Who, string[]];
  const inState =
    (status: TransactionStatus, extra: Record<string, unknown> = {}) =>
    async () =>
      insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: office.id, status, ...extra });

  it.each<Case>([
    ["the owner of a Draft", inState("Draft"), () => accountant, ["edit", "submit", "delete", "add-attachment"]],
    ["another Accountant on a Draft", inState("Draft"), () => otherAccountant, []],
    ["the owner of a Pending one", inState("Pending"), () => accountant, []],
    ["the owner of a Pending emergency one", inState("Pending", { isEmergency: true }), () => accountant, ["issue-emergency-links"]],
    ["an Approver on a Pending one", inState("Pending"), () => approver, ["approve", "reject"]],
    ["an Accountant on an Approved one", inState("Approved"), () => otherAccountant, ["mark-payment-due", "process-payment"]],
    ["an Approver on an Approved one", inState("Approved"), () => approver, []],
    ["an Accountant on a Paid one", inState("Paid", { paidDate: "2026-11-20", paymentMethod: "UPI" }), () => otherAccountant, ["cancel-payment", "complete"]],
    ["an Accountant on a Completed one", inState("Completed"), () => otherAccountant, []],
    [
      "a SuperAdmin on a Pending one",
      inState("Pending"),
      () => superAdmin,
      ["submit", "approve", "reject", "delete-approval", "delete", "force-status", "change-owner", "full-override", "add-attachment"].filter(
        (m) => m !== "submit",
      ),
    ],
  ])("%s: the status machine's moves, nothing else", async (_who, make, who, expected) => {
    const { id } = await make();
    const res = await who().api.get(`/api/transactions/${id}`);
    expect(res.status).toBe(200);
    expect([...res.body.availableMoves].sort()).toEqual([...expected].sort());
  });

  it("drops approve and reject once this approver acted in the round, on the detail and the pending list", async () => {
    const { id } = await created();
    expect((await accountant.api.post(`/api/transactions/${id}/submit`)).status).toBe(200);
    const before = (await approver.api.get("/api/transactions/pending")).body.find((p: { id: string }) => p.id === id);
    expect(before.availableMoves).toEqual(["approve", "reject"]);
    const other = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: salary.id, status: "Pending", approvalsRequired: 2 });
    expect((await approver.api.post(`/api/transactions/${other.id}/approve`, {})).status).toBe(200);
    expect((await approver.api.get(`/api/transactions/${other.id}`)).body.availableMoves).toEqual([]);
    const after = (await approver.api.get("/api/transactions/pending")).body.find((p: { id: string }) => p.id === other.id);
    expect(after).toMatchObject({ myAction: "approved", availableMoves: [] });
  });
});

describe("SuperAdmin reasons (DECISIONS §4)", () => {
  it("a full override without a reason is 400 and changes nothing", async () => {
    const { id } = await created();
    for (const body of [{ amount: "5" }, { amount: "5", reason: "  " }]) {
      const res = await superAdmin.api.put(`/api/admin/transactions/${id}/full-override`, body);
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: "reason", message: "Reason is required" }]);
    }
    expect((await accountant.api.get(`/api/transactions/${id}`)).body.amount).not.toBe("5.00");
  });

  it.each(["Approver", "HR Admin", "HR Staff"] as const)("change-owner refuses a %s as the new owner: they cannot own a transaction", async (role) => {
    const { id } = await created();
    const { user } = await t.signIn(role);
    const res = await superAdmin.api.post(`/api/admin/transactions/${id}/change-owner`, { newOwnerId: user.id, reason: "Handover" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Accountant or SuperAdmin/);
    expect((await accountant.api.get(`/api/transactions/${id}`)).body.createdBy).toBe(accountant.user.id);
  });
});

describe("GET /api/transactions?overdue=true", () => {
  it("lists Payment Due, unpaid transactions due before today in APP_TIMEZONE, and the export follows", async () => {
    const mark = `Overdue-${Date.now()}`;
    const make = (dueDate: string, status: TransactionStatus = "PaymentDue", isPaid = false) =>
      insertTransaction(t.db, {
        createdBy: accountant.user.id,
        categoryId: office.id,
        status,
        paymentDueDate: dueDate,
        isPaid,
        description: `${mark} ${dueDate} ${status}`,
      });
    const late = await make("2026-11-24"); // yesterday in Kolkata (it is 25 Nov 00:30 there)
    await make("2026-11-25"); // today: not overdue yet
    await make("2026-12-01");
    await make("2026-11-01", "Paid", true);
    await make("2026-11-01", "Approved");
    const res = await accountant.api.get(`/api/transactions?overdue=true&search=${mark}`);
    expect(res.status).toBe(200);
    expect(res.body.transactions.map((x: { id: string }) => x.id)).toEqual([late.id]);
    expect(res.body.total).toBe(1);
    const csv = await accountant.api.get(`/api/transactions/export?format=csv&overdue=true&search=${mark}`);
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split("\n")).toHaveLength(2);
    expect(csv.text).toContain(late.humanReadableId);
    const all = await accountant.api.get(`/api/transactions?overdue=false&search=${mark}`);
    expect(all.body.total).toBe(5);
    expect((await accountant.api.get("/api/transactions?overdue=yes")).status).toBe(400);
  });
});
