// Emergency links need the approver, not just the link (DECISIONS §10): each approver code has a
// PIN of 6 to 8 digits set by a SuperAdmin (stored as an argon2id hash, never answered, audited
// without it), and POST /api/emergency-approval/:token checks, in this order: throttle 429;
// lockdown 423; unknown or used link 404, expired 410; approver code 400; missing PIN 400; no PIN
// yet 409; wrong PIN 403 (5 within 15 minutes lock the code with 429 and tell every SuperAdmin).
// A second factor required by role (DECISIONS §13) leaves this public flow as it is.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import supertest from "supertest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { waitUntil } from "../test/processes";
import {
  auditLog,
  categories,
  emergencyApproverPins,
  emergencyLinks,
  emergencyPinFailures,
  notifications,
  settings,
  transactions,
  users,
  type TransactionRow,
} from "../db/schema";
import { ROLES } from "../../shared/constants";
import type { BusEvent } from "../realtime/bus";

let t: TestApp;
let owner: Awaited<ReturnType<TestApp["signIn"]>>;
let admin: Awaited<ReturnType<TestApp["signIn"]>>;
let categoryId: string;

const PINS: Record<string, string> = { AK: "314159", RS: "27182818", VM: "1414213" };
const INVALID = "This emergency approval link is invalid, expired, or has already been used.";

async function setPin(code: string, pin = PINS[code]) {
  const res = await admin.api.put(`/api/admin/emergency-approvers/${code}/pin`, { pin });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn("Accountant");
  admin = await t.signIn("SuperAdmin");
  const [cat] = await t.db.select().from(categories).where(eq(categories.name, "Vendor Payment"));
  categoryId = cat.id;
  for (const code of ["AK", "RS", "VM"]) await setPin(code);
});
afterAll(async () => {
  await t?.close();
});

async function makeTransaction(createdBy = owner.user.id): Promise<TransactionRow> {
  const [row] = await t.db
    .insert(transactions)
    .values({
      categoryId,
      amount: "48000.00",
      transactionDate: "2026-11-20",
      description: "Transformer repair, night shift",
      status: "Pending",
      isEmergency: true,
      isPriority: true,
      createdBy,
      approvalRound: 1,
      approvalsRequired: 1,
      submittedAt: new Date(),
    })
    .returning();
  return row;
}

const tokenOf = (url: string) => url.split("/").pop()!;
async function issue(api: ApiClient, txnId: string) {
  const res = await api.post(`/api/transactions/${txnId}/emergency-links`);
  expect(res.status).toBe(200);
  return { approve: tokenOf(res.body.approveUrl), reject: tokenOf(res.body.rejectUrl) };
}
async function pendingWithLinks(api: ApiClient = owner.api) {
  const txn = await makeTransaction();
  return { txn, ...(await issue(api, txn.id)) };
}

/** Each public caller from its own address, so the 30-a-minute throttle is met only where tested. */
const publicClient = (ip = `10.${crypto.randomInt(255)}.${crypto.randomInt(255)}.${crypto.randomInt(1, 255)}`) => ({
  get: (token: string) => supertest(t.app).get(`/api/emergency-approval/${token}`).set("X-Forwarded-For", ip),
  post: (token: string, body: unknown) =>
    supertest(t.app)
      .post(`/api/emergency-approval/${token}`)
      .set("X-Forwarded-For", ip)
      .send(body as object),
});

const statusOf = async (id: string) => (await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, id)))[0]!.status;

describe("PUT /api/admin/emergency-approvers/:code/pin", () => {
  it("is for SuperAdmins only", async () => {
    expect((await t.client().put("/api/admin/emergency-approvers/AK/pin", { pin: "123456" })).status).toBe(401);
    expect((await owner.api.put("/api/admin/emergency-approvers/AK/pin", { pin: "123456" })).status).toBe(403);
    const approver = await t.signIn("Approver");
    expect((await approver.api.put("/api/admin/emergency-approvers/AK/pin", { pin: "123456" })).status).toBe(403);
  });

  it.each([["12345"], ["123456789"], ["12a456"], [" 123456"], [""], [123456], [null]])(
    "refuses the PIN %j with 400 'The PIN must be 6 to 8 digits'",
    async (pin) => {
      const res = await admin.api.put("/api/admin/emergency-approvers/AK/pin", { pin });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("The PIN must be 6 to 8 digits");
      expect(res.body.issues).toEqual([{ path: "pin", message: "The PIN must be 6 to 8 digits" }]);
    },
  );

  it("is 404 for a code that is not one of the three", async () => {
    const res = await admin.api.put("/api/admin/emergency-approvers/ZZ/pin", { pin: "123456" });
    expect(res.status).toBe(404);
    expect(await t.db.select().from(emergencyApproverPins).where(eq(emergencyApproverPins.code, "ZZ"))).toHaveLength(0);
  });

  it("sets a PIN (any case of the code): answers {code, pinSet: true}, stores only an argon2id hash, audits without the PIN", async () => {
    const pin = "90817263";
    const res = await admin.api.put("/api/admin/emergency-approvers/rs/pin", { pin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: "RS", pinSet: true });
    const [row] = await t.db.select().from(emergencyApproverPins).where(eq(emergencyApproverPins.code, "RS"));
    expect(row.pinHash).toMatch(/^\$argon2id\$/);
    expect(row.updatedBy).toBe(admin.user.id);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "set_emergency_pin"), eq(auditLog.performedBy, admin.user.id)))
      .orderBy(sql`${auditLog.timestamp} desc`)
      .limit(1);
    expect(entry).toMatchObject({
      entityType: "setting",
      entityId: "emergency_approvers",
      beforeData: { code: "RS", pinSet: true },
      afterData: { code: "RS", pinSet: true },
    });
    // The PIN is nowhere in the database, nor in any answer.
    const [{ dump }] = await t.database.query<{ dump: string }>(
      "select (select coalesce(json_agg(a)::text, '') from audit_log a) || (select coalesce(json_agg(p)::text, '') from emergency_approver_pins p) as dump",
    );
    expect(dump).not.toContain(pin);
    const list = await admin.api.get("/api/admin/emergency-approvers");
    expect(list.body).toEqual({ approvers: ["AK", "RS", "VM"], pinSet: { AK: true, RS: true, VM: true } });
    expect(JSON.stringify(list.body)).not.toContain(pin);
    // Put back the PIN the other tests use.
    await setPin("RS");
  });

  it("renaming the codes drops the PINs of codes that left; the codes that stay keep theirs", async () => {
    const res = await admin.api.put("/api/admin/emergency-approvers", { approvers: ["AK", "RS", "NEW"] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ approvers: ["AK", "RS", "NEW"], pinSet: { AK: true, RS: true, NEW: false } });
    expect((await t.db.select({ code: emergencyApproverPins.code }).from(emergencyApproverPins)).map((r) => r.code).sort()).toEqual(["AK", "RS"]);
    // Back to VM: it has no PIN any more until one is set.
    const back = await admin.api.put("/api/admin/emergency-approvers", { approvers: ["AK", "RS", "VM"] });
    expect(back.body.pinSet).toEqual({ AK: true, RS: true, VM: false });
    await setPin("VM");
  });
});

describe("POST /api/emergency-approval/:token: the checks, in order", () => {
  it("1. throttle (429) comes first: an address over 30 calls a minute gets 429 even during a lockdown and with a good PIN", async () => {
    const { approve } = await pendingWithLinks(admin.api);
    const pub = publicClient();
    for (let i = 0; i < 30; i++) expect((await pub.get(crypto.randomBytes(32).toString("base64url"))).status).toBe(404);
    expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: true })).status).toBe(200);
    try {
      expect((await pub.post(approve, { approverName: "AK", pin: PINS.AK })).status).toBe(429);
    } finally {
      expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: false })).status).toBe(200);
      owner = await t.signIn("Accountant");
    }
  });

  it("2. lockdown (423) wins over a bad approver code, a missing PIN and a wrong PIN", async () => {
    const { txn, approve } = await pendingWithLinks(admin.api);
    expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: true })).status).toBe(200);
    try {
      for (const body of [{ approverName: "ZZ" }, {}, { approverName: "AK" }, { approverName: "AK", pin: "000000" }, { approverName: "AK", pin: PINS.AK }]) {
        const res = await publicClient().post(approve, body);
        expect(res.status).toBe(423);
        expect(res.body).toMatchObject({ message: "System is in emergency lockdown mode", lockdown: true });
      }
      // Even a garbage token is 423, not 404.
      expect((await publicClient().post(crypto.randomBytes(32).toString("base64url"), { approverName: "ZZ" })).status).toBe(423);
    } finally {
      expect((await admin.api.post("/api/admin/emergency-toggle", { enabled: false })).status).toBe(200);
      owner = await t.signIn("Accountant");
    }
    expect(await statusOf(txn.id)).toBe("Pending");
    expect(await t.db.select().from(emergencyPinFailures).where(eq(emergencyPinFailures.code, "AK"))).toHaveLength(0);
  });

  it("3. an unknown or used link (404) comes before the approver code and the PIN", async () => {
    const res = await publicClient().post(crypto.randomBytes(32).toString("base64url"), { approverName: "ZZ" });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(INVALID);
    const { approve, reject } = await pendingWithLinks();
    expect((await publicClient().post(approve, { approverName: "AK", pin: PINS.AK })).status).toBe(200);
    expect((await publicClient().post(reject, {})).status).toBe(404);
  });

  it("4. an expired link (410) comes before the approver code and the PIN", async () => {
    const { txn, approve } = await pendingWithLinks();
    await t.db
      .update(emergencyLinks)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(emergencyLinks.transactionId, txn.id));
    const res = await publicClient().post(approve, { approverName: "ZZ" });
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ expired: true, message: "This emergency approval link has expired and can no longer be used." });
  });

  it("5. a code that is not one of the three: 400 'Please select an approver', before the PIN", async () => {
    const { txn, approve } = await pendingWithLinks();
    for (const body of [{}, { approverName: "" }, { approverName: "ZZ" }, { approverName: 42, pin: PINS.AK }, { approverName: ["AK"], pin: PINS.AK }]) {
      const res = await publicClient().post(approve, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please select an approver");
    }
    expect(await statusOf(txn.id)).toBe("Pending");
  });

  it("6. no PIN: 400 'Enter your PIN' (before 'no PIN yet')", async () => {
    const { txn, approve } = await pendingWithLinks();
    for (const body of [
      { approverName: "AK" },
      { approverName: "AK", pin: "" },
      { approverName: "AK", pin: "   " },
      { approverName: "AK", pin: null },
      { approverName: "AK", pin: { pin: PINS.AK } },
    ]) {
      const res = await publicClient().post(approve, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Enter your PIN");
      expect(res.body.issues).toEqual([{ path: "pin", message: "Enter your PIN" }]);
    }
    expect(await statusOf(txn.id)).toBe("Pending");
  });

  it("7. a code with no PIN yet: 409 with the message naming the emergency page", async () => {
    await t.db.delete(emergencyApproverPins).where(eq(emergencyApproverPins.code, "VM"));
    try {
      const { txn, approve } = await pendingWithLinks();
      const res = await publicClient().post(approve, { approverName: "VM", pin: "123456" });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("This approver has no PIN yet: a SuperAdmin sets it on the emergency page");
      expect(await statusOf(txn.id)).toBe("Pending");
    } finally {
      await setPin("VM");
    }
  });

  it("8. a wrong PIN: 403 'Wrong PIN', and the link stays usable for the right one", async () => {
    const { txn, approve } = await pendingWithLinks();
    for (const pin of ["000000", "27182819", "12345", "abcdef"]) {
      const res = await publicClient().post(approve, { approverName: "RS", pin });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Wrong PIN");
    }
    expect(await statusOf(txn.id)).toBe("Pending");
    expect((await t.db.select().from(emergencyLinks).where(eq(emergencyLinks.transactionId, txn.id))).every((l) => l.usedAt === null)).toBe(true);
    const res = await publicClient().post(approve, { approverName: "RS", pin: PINS.RS });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ approver: "RS", action: "approve", transaction: { humanReadableId: txn.humanReadableId, status: "Approved" } });
    // The decision's audit entry names the code, as before PINs.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, txn.id), eq(auditLog.action, "emergency_approve")));
    expect(entry).toMatchObject({ performerLabel: "RS", performedBy: null });
    // A new PIN for RS starts a clean count (the 4 wrong ones above are forgotten).
    await setPin("RS");
    expect(await t.db.select().from(emergencyPinFailures).where(eq(emergencyPinFailures.code, "RS"))).toHaveLength(0);
  });
});

describe("the link and its PIN beside a second factor (DECISIONS §13)", () => {
  it("a second factor required of every role changes nothing for the link: the approver's code and PIN decide, no session asked for", async () => {
    const { txn, approve } = await pendingWithLinks();
    const every = { requireSecondFactor: [...ROLES] };
    await t.db
      .insert(settings)
      .values({ key: "security", value: every })
      .onConflictDoUpdate({ target: settings.key, set: { value: every } });
    try {
      expect((await publicClient().get(approve)).status).toBe(200);
      expect((await publicClient().post(approve, { approverName: "AK", pin: "000000" })).status).toBe(403);
      const res = await publicClient().post(approve, { approverName: "AK", pin: PINS.AK });
      expect(res.status).toBe(200);
      expect(res.body.transaction).toEqual({ humanReadableId: txn.humanReadableId, status: "Approved" });
    } finally {
      await t.db.delete(settings).where(eq(settings.key, "security"));
      await setPin("AK");
    }
  });
});

describe("a wrong PIN says how many tries are left; the reject link takes a reason (DECISIONS §10)", () => {
  it("each wrong PIN answers triesLeft, counting down from 4 to 0 before the code is locked", async () => {
    await setPin("VM");
    const { approve } = await pendingWithLinks();
    const left: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await publicClient().post(approve, { approverName: "VM", pin: "000000" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Wrong PIN");
      left.push(res.body.triesLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect((await publicClient().post(approve, { approverName: "VM", pin: PINS.VM })).status).toBe(429);
    await setPin("VM");
  });

  it("the reason of a reject goes to the approval, the audit entry, the timeline and the owner's notification", async () => {
    const { txn, reject } = await pendingWithLinks();
    const reason = "Invoice is for last quarter; raise it against Q3";
    const res = await publicClient().post(reject, { approverName: "RS", pin: PINS.RS, reason: `  ${reason} ` });
    expect(res.status).toBe(200);
    expect(await statusOf(txn.id)).toBe("Rejected");
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, txn.id), eq(auditLog.action, "emergency_reject")));
    expect(entry).toMatchObject({ performerLabel: "RS", reason });
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.transactionId, txn.id), eq(notifications.userId, owner.user.id)));
    expect(note!.message).toBe(`Transaction ${txn.humanReadableId} was rejected by emergency approver RS: ${reason}`);
    const details = await owner.api.get(`/api/transactions/${txn.id}`);
    expect(details.status).toBe(200);
    expect(details.body.timeline).toContainEqual(expect.objectContaining({ kind: "emergency-rejected", actorName: "RS", reason }));
    expect(details.body.approvals).toContainEqual(expect.objectContaining({ emergencyApproverCode: "RS", action: "rejected", reasonText: reason }));
  });

  it("a reason over 500 characters is 400 and costs no PIN try; without a reason the reject still works", async () => {
    const { txn, reject } = await pendingWithLinks();
    const before = await t.db.select().from(emergencyPinFailures).where(eq(emergencyPinFailures.code, "AK"));
    const long = await publicClient().post(reject, { approverName: "AK", pin: "000000", reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.issues).toEqual([{ path: "reason", message: "The reason can be at most 500 characters" }]);
    expect(await t.db.select().from(emergencyPinFailures).where(eq(emergencyPinFailures.code, "AK"))).toHaveLength(before.length);
    const ok = await publicClient().post(reject, { approverName: "AK", pin: PINS.AK, reason: "x".repeat(500) });
    expect(ok.status).toBe(200);
    const plain = await pendingWithLinks();
    expect((await publicClient().post(plain.reject, { approverName: "AK", pin: PINS.AK })).status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, plain.txn.id), eq(auditLog.action, "emergency_reject")));
    expect(entry!.reason).toBeNull();
    expect(await statusOf(txn.id)).toBe("Rejected");
  });
});

describe("the reject reason is text (DECISIONS §10)", () => {
  it("a control character is 400 and costs no PIN try; a bidirectional override is dropped before it is stored", async () => {
    const { txn, reject } = await pendingWithLinks();
    const before = await t.db.select().from(emergencyPinFailures).where(eq(emergencyPinFailures.code, "AK"));
    const bell = await publicClient().post(reject, { approverName: "AK", pin: "000000", reason: "ok\u0007" });
    expect(bell.status).toBe(400);
    expect(bell.body.issues).toEqual([{ path: "reason", message: "Reason cannot contain control characters" }]);
    expect(await t.db.select().from(emergencyPinFailures).where(eq(emergencyPinFailures.code, "AK"))).toHaveLength(before.length);
    const res = await publicClient().post(reject, { approverName: "AK", pin: PINS.AK, reason: "abc\u202Egnp.exe" });
    expect(res.status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, txn.id), eq(auditLog.action, "emergency_reject")));
    expect(entry!.reason).toBe("abcgnp.exe");
  });
});

describe("5 wrong PINs for one code within 15 minutes", () => {
  it("refuse that code with 429 for 15 minutes (its right PIN too), other codes still work, and every active SuperAdmin is told once (bell row and socket push)", async () => {
    const secondAdmin = await t.signIn("SuperAdmin");
    const disabledAdmin = await t.signIn("SuperAdmin");
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, disabledAdmin.user.id));
    const events: BusEvent[] = [];
    const stop = t.deps.bus.subscribe((e) => void events.push(e));
    try {
      const { txn, approve, reject } = await pendingWithLinks();
      const pub = publicClient();
      // Truly parallel guesses: exactly 5 get an answer about the PIN.
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => pub.post(approve, { approverName: "AK", pin: String(100000 + i) })));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 403)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      const refused = await publicClient().post(reject, { approverName: "AK", pin: PINS.AK });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many wrong PINs for AK\. This approver can try again in 1[45] minutes\.$/);
      expect(await statusOf(txn.id)).toBe("Pending");

      // One notification per active SuperAdmin, none for the disabled one or anyone else.
      const activeAdmins = await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "SuperAdmin"), eq(users.isActive, true), sql`${users.deletedAt} is null`));
      expect(activeAdmins.map((a) => a.id)).toEqual(expect.arrayContaining([admin.user.id, secondAdmin.user.id]));
      const rows = await t.db.select().from(notifications).where(eq(notifications.transactionId, txn.id));
      expect(rows.map((r) => r.userId).sort()).toEqual(activeAdmins.map((a) => a.id).sort());
      for (const row of rows) {
        expect(row).toMatchObject({ type: "user_notification", isPriority: true, humanReadableId: txn.humanReadableId, category: "Vendor Payment" });
        expect(row.message).toBe(`Emergency approver AK is locked for 15 minutes after 5 wrong PINs on the link for ${txn.humanReadableId}`);
      }
      // The same rows go out on the bus for the sockets (one event for all who are told the same words).
      const pushed = await waitUntil(
        "the socket pushes",
        async () => {
          const mine = events.filter((e) => e.type === "notification" && (e.message as { transactionId?: string }).transactionId === txn.id);
          return mine.flatMap((e) => (e.type === "notification" ? e.userIds : [])).length >= rows.length ? mine : null;
        },
        { timeoutMs: 20_000 },
      );
      expect(pushed.flatMap((e) => (e.type === "notification" ? e.userIds : [])).sort()).toEqual(rows.map((r) => r.userId).sort());

      // Another code decides on the same link.
      const ok = await publicClient().post(reject, { approverName: "VM", pin: PINS.VM });
      expect(ok.status).toBe(200);
      expect(await statusOf(txn.id)).toBe("Rejected");
    } finally {
      stop();
      // A SuperAdmin setting a new PIN lifts the lock.
      await setPin("AK");
    }
    const { approve } = await pendingWithLinks();
    expect((await publicClient().post(approve, { approverName: "AK", pin: PINS.AK })).status).toBe(200);
  });

  it("failures older than 15 minutes no longer count", async () => {
    const old = new Date(Date.now() - 16 * 60_000);
    await t.db.insert(emergencyPinFailures).values(Array.from({ length: 5 }, () => ({ code: "RS", ipAddress: "10.1.1.1", at: old })));
    const { approve } = await pendingWithLinks();
    expect((await publicClient().post(approve, { approverName: "RS", pin: PINS.RS })).status).toBe(200);
  });
});

describe("the owner receives the links", () => {
  it("cannot approve their own bill through them without an approver's PIN", async () => {
    const { txn, approve } = await pendingWithLinks(owner.api);
    const pub = publicClient();
    // What the owner can try: any code, no PIN, or guesses.
    expect((await pub.post(approve, { approverName: "AK" })).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await pub.post(approve, { approverName: "VM", pin: String(555000 + i) })).status).toBe(403);
    expect((await pub.post(approve, { approverName: "VM", pin: "555005" })).status).toBe(429);
    expect(await statusOf(txn.id)).toBe("Pending");
    expect((await t.db.select().from(emergencyLinks).where(eq(emergencyLinks.transactionId, txn.id))).every((l) => l.usedAt === null)).toBe(true);
    await setPin("VM");
  });
});
