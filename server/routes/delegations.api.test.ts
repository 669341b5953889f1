// Delegation while away (DECISIONS §11) over HTTP: the refusals (self, overlap, chain, length, before
// the app's today, a delegate who cannot approve), who sees and ends what, and what a delegate's
// approval does: on the delegator's behalf only where their own authority falls short, never for the
// delegator's own transaction, once per person per round, and only on the app's days it covers.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { makeUser, type MadeUser } from "../test/factories";
import { auditLog, notifications } from "../db/schema";
import { approvalRows, auditEntries, makeCategory, txnBody } from "../test/transaction-fixtures";
import { announceDelegationsBeginning } from "../services/delegations";
import { serviceContext } from "../services/context";

// 2026-11-27 17:30 in Kolkata (APP_TIMEZONE of the tests); the tests move the clock themselves.
let now = new Date("2026-11-27T12:00:00Z");
let t: TestApp;
type Who = { user: MadeUser; api: ApiClient };
let accountant: Who;
let superAdmin: Who;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  [accountant, superAdmin] = await Promise.all([t.signIn("Accountant"), t.signIn("SuperAdmin")]);
  categoryId = (await makeCategory(t.db, { requiredApprovals: 1 })).id;
});
afterAll(async () => {
  await t?.close();
});

const TODAY = "2026-11-27";
const reason = "Annual leave";

async function approverWithLimit(limit: string | null, role: "Approver" | "SuperAdmin" = "Approver", name?: string): Promise<Who> {
  const who = await t.signIn(role, name ? { name } : {});
  const res = await superAdmin.api.put(`/api/admin/users/${who.user.id}`, { approvalLimit: limit });
  expect(res.status).toBe(200);
  return who;
}

async function submitted(amount: string, by: Who = accountant) {
  const created = await by.api.post("/api/transactions", txnBody(categoryId, { amount }));
  expect(created.status).toBe(201);
  const res = await by.api.post(`/api/transactions/${created.body.id}/submit`);
  expect(res.status).toBe(200);
  return res.body as { id: string; humanReadableId: string };
}

const delegate = (by: Who, body: Record<string, unknown>) => by.api.post("/api/delegations", { from: TODAY, to: "2026-11-30", reason, ...body });
const moves = async (who: Who, id: string) => (await who.api.get(`/api/transactions/${id}`)).body.availableMoves as string[];
const approve = (who: Who, id: string) => who.api.post(`/api/transactions/${id}/approve`, {});

describe("recording a delegation: the refusals", () => {
  it("to oneself is 400", async () => {
    const me = await t.signIn("Approver");
    const res = await delegate(me, { delegateId: me.user.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("You cannot delegate your approvals to yourself");
  });

  it("a delegate who is not an active Approver or SuperAdmin is 400", async () => {
    const me = await t.signIn("Approver");
    const res = await delegate(me, { delegateId: accountant.user.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The delegate must be an active Approver or SuperAdmin");
    const disabled = await t.signIn("Approver");
    await superAdmin.api.patch(`/api/admin/users/${disabled.user.id}/status`, { isActive: false });
    expect((await delegate(me, { delegateId: disabled.user.id })).status).toBe(400);
  });

  it("an Accountant cannot delegate (403); an Approver cannot record one for someone else (403)", async () => {
    const other = await t.signIn("Approver");
    expect((await delegate(accountant, { delegateId: other.user.id })).status).toBe(403);
    const me = await t.signIn("Approver");
    const third = await t.signIn("Approver");
    const res = await delegate(me, { delegatorId: third.user.id, delegateId: other.user.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Only a SuperAdmin can record a delegation for someone else");
  });

  it("before today in the app's time zone is 400, though the UTC date is still yesterday's", async () => {
    const saved = now;
    now = new Date("2026-11-27T20:00:00Z"); // 01:30 on the 28th in Kolkata
    try {
      const [me, other] = await Promise.all([t.signIn("Approver"), t.signIn("Approver")]);
      const res = await delegate(me, { delegateId: other.user.id, from: "2026-11-27", to: "2026-11-29" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("A delegation cannot start before today (28 Nov 2026)");
      expect((await delegate(me, { delegateId: other.user.id, from: "2026-11-28", to: "2026-11-29" })).status).toBe(201);
    } finally {
      now = saved;
    }
  });

  it("90 days is allowed, 91 is 400; the last day before the first is 400", async () => {
    const [me, other] = await Promise.all([t.signIn("Approver"), t.signIn("Approver")]);
    const long = await delegate(me, { delegateId: other.user.id, from: "2026-12-01", to: "2027-03-01" });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("at most 90 days");
    expect((await delegate(me, { delegateId: other.user.id, from: "2026-12-03", to: "2026-12-01" })).status).toBe(400);
    expect((await delegate(me, { delegateId: other.user.id, from: "2026-12-01", to: "2027-02-28" })).status).toBe(201);
  });

  it("overlapping another delegation of the same delegator is 409; the next days are fine", async () => {
    const [me, a, b] = await Promise.all([t.signIn("Approver"), t.signIn("Approver"), t.signIn("Approver")]);
    expect((await delegate(me, { delegateId: a.user.id, from: "2026-12-01", to: "2026-12-05" })).status).toBe(201);
    const overlap = await delegate(me, { delegateId: b.user.id, from: "2026-12-05", to: "2026-12-08" });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toContain("already delegates");
    expect((await delegate(me, { delegateId: b.user.id, from: "2026-12-06", to: "2026-12-08" })).status).toBe(201);
  });

  it("chains are 409: a delegate away and delegating then, or a delegator covering for someone then", async () => {
    const [x, y, z] = await Promise.all([t.signIn("Approver"), t.signIn("Approver"), t.signIn("Approver")]);
    expect((await delegate(y, { delegateId: z.user.id, from: "2026-12-10", to: "2026-12-12" })).status).toBe(201);
    const toAway = await delegate(x, { delegateId: y.user.id, from: "2026-12-12", to: "2026-12-14" });
    expect(toAway.status).toBe(409);
    expect(toAway.body.message).toContain("do not pass on");
    const fromCovering = await delegate(z, { delegateId: x.user.id, from: "2026-12-11", to: "2026-12-11" });
    expect(fromCovering.status).toBe(409);
    // On other days nothing chains.
    expect((await delegate(x, { delegateId: y.user.id, from: "2026-12-13", to: "2026-12-14" })).status).toBe(201);
  });

  it.each<[string, Record<string, unknown>]>([
    ["delegateId", { delegateId: "nope" }],
    ["from", { from: "27/11/2026" }],
    ["to", { to: "" }],
    ["reason", { reason: "" }],
    ["reason", { reason: "a\u0007b" }],
  ])("bad %s is 400", async (field, bad) => {
    const [me, other] = await Promise.all([t.signIn("Approver"), t.signIn("Approver")]);
    const res = await delegate(me, { delegateId: other.user.id, ...bad });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
  });
});

describe("listing, notifying, ending", () => {
  it("the delegate is notified with the days; both parties list it, others do not, a SuperAdmin sees all; ending is audited", async () => {
    const [me, other, stranger] = await Promise.all([
      t.signIn("Approver", { name: "Rajesh Sharma" }),
      t.signIn("Approver", { name: "Anita Desai" }),
      t.signIn("Approver"),
    ]);
    const res = await delegate(me, { delegateId: other.user.id, from: "2026-12-02", to: "2026-12-04" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      delegator: { id: me.user.id, name: "Rajesh Sharma" },
      delegate: { id: other.user.id, name: "Anita Desai" },
      from: "2026-12-02",
      to: "2026-12-04",
      state: "upcoming",
      endedAt: null,
    });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, other.user.id));
    expect(notes.map((n) => n.message)).toEqual(["Rajesh Sharma has delegated their approvals to you from 02 Dec 2026 to 04 Dec 2026: Annual leave"]);
    expect((await auditEntries(t.db, res.body.id, "create")).map((a) => a.entityType)).toEqual(["delegation"]);

    const ids = async (who: Who) => ((await who.api.get("/api/delegations")).body as { id: string }[]).map((d) => d.id);
    expect(await ids(me)).toContain(res.body.id);
    expect(await ids(other)).toContain(res.body.id);
    expect(await ids(stranger)).not.toContain(res.body.id);
    expect(await ids(superAdmin)).toContain(res.body.id);
    expect((await accountant.api.get("/api/delegations")).status).toBe(403);

    expect((await stranger.api.delete(`/api/delegations/${res.body.id}`, { reason: "Not mine" })).status).toBe(404);
    expect((await me.api.delete(`/api/delegations/${res.body.id}`, {})).status).toBe(400);
    const ended = await me.api.delete(`/api/delegations/${res.body.id}`, { reason: "Trip cancelled" });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ state: "ended", endReason: "Trip cancelled", endedBy: { id: me.user.id } });
    // The delegate is told, the delegator named once and nobody's gender guessed (DECISIONS §16).
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, other.user.id))).map((n) => n.message).at(-1)).toBe(
      "Rajesh Sharma ended the delegation of their approvals to Anita Desai: Trip cancelled",
    );
    expect((await me.api.delete(`/api/delegations/${res.body.id}`, { reason: "Again" })).status).toBe(409);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, res.body.id), eq(auditLog.action, "end")));
    expect(audit).toMatchObject({ entityType: "delegation", reason: "Trip cancelled" });
    // Ended, the days are free again.
    expect((await delegate(me, { delegateId: stranger.user.id, from: "2026-12-02", to: "2026-12-04" })).status).toBe(201);
  });

  it("the delegate is told again on the first day of one recorded for later, once however many processes look; never for one ended before it began", async () => {
    const [rajesh, anita] = await Promise.all([t.signIn("Approver", { name: "Rajesh Sharma" }), t.signIn("Approver", { name: "Anita Desai" })]);
    const [away, cover, today, coverToday] = await Promise.all([t.signIn("Approver"), t.signIn("Approver"), t.signIn("Approver"), t.signIn("Approver")]);
    expect((await delegate(rajesh, { delegateId: anita.user.id, from: "2026-11-29", to: "2026-12-01", reason: "Statutory audit in Mumbai" })).status).toBe(201);
    const cancelled = await delegate(away, { delegateId: cover.user.id, from: "2026-11-29", to: "2026-11-30" });
    expect((await away.api.delete(`/api/delegations/${cancelled.body.id}`, { reason: "Trip cancelled" })).status).toBe(200);
    expect((await delegate(today, { delegateId: coverToday.user.id, from: TODAY, to: TODAY })).status).toBe(201);
    const messages = async (who: Who) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, who.user.id)).orderBy(notifications.createdAt)).map((n) => n.message);
    const told = { anita: await messages(anita), cover: await messages(cover), coverToday: await messages(coverToday) };
    expect(told.anita).toEqual(["Rajesh Sharma has delegated their approvals to you from 29 Nov 2026 to 01 Dec 2026: Statutory audit in Mumbai"]);
    expect(told.coverToday).toEqual([expect.stringContaining("from today")]);

    const announce = () => announceDelegationsBeginning(serviceContext(t.deps));
    await announce();
    expect(await messages(anita)).toEqual(told.anita);
    const saved = now;
    try {
      now = new Date("2026-11-28T18:31:00Z"); // 00:01 on the 29th in Kolkata, still the 28th in UTC
      await Promise.all([announce(), announce(), announce()]);
      expect(await messages(anita)).toEqual([...told.anita, "From today to 01 Dec 2026 you approve on behalf of Rajesh Sharma: Statutory audit in Mumbai"]);
      await announce();
      expect(await messages(anita)).toHaveLength(2);
      expect(await messages(cover)).toEqual(told.cover);
      expect(await messages(coverToday)).toEqual(told.coverToday);
    } finally {
      now = saved;
    }
  });

  it("a first day that passed with no server running is announced late, by its dates; a one-day delegation says 'Today'", async () => {
    const [x, y, oneDay, cover] = await Promise.all([
      t.signIn("Approver", { name: "Sunil Rao" }),
      t.signIn("Approver"),
      t.signIn("Approver", { name: "Farah Khan" }),
      t.signIn("Approver"),
    ]);
    expect((await delegate(x, { delegateId: y.user.id, from: "2026-12-08", to: "2026-12-10", reason: "Site visit" })).status).toBe(201);
    expect((await delegate(oneDay, { delegateId: cover.user.id, from: "2026-12-09", to: "2026-12-09", reason: "Medical appointment" })).status).toBe(201);
    const last = async (who: Who) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, who.user.id)).orderBy(notifications.createdAt)).at(-1)?.message;
    const saved = now;
    try {
      now = new Date("2026-12-09T04:00:00Z");
      await announceDelegationsBeginning(serviceContext(t.deps));
      expect(await last(y)).toBe("From 08 Dec 2026 to 10 Dec 2026 you approve on behalf of Sunil Rao: Site visit");
      expect(await last(cover)).toBe("Today you approve on behalf of Farah Khan: Medical appointment");
    } finally {
      now = saved;
    }
  });

  it("a SuperAdmin records one for an Approver, who is told", async () => {
    const [away, cover] = await Promise.all([t.signIn("Approver"), t.signIn("Approver")]);
    const res = await delegate(superAdmin, { delegatorId: away.user.id, delegateId: cover.user.id, from: "2026-12-20", to: "2026-12-21" });
    expect(res.status).toBe(201);
    expect(res.body.createdBy.id).toBe(superAdmin.user.id);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, away.user.id));
    expect(told).toHaveLength(1);
  });
});

describe("a delegate who is deleted", () => {
  it("is deleted softly: the delegation keeps naming them", async () => {
    const me = await t.signIn("Approver");
    // Never signed in, so the delegation is their only trace.
    const cover = await makeUser(t.db, { role: "Approver" });
    const res = await delegate(superAdmin, { delegatorId: me.user.id, delegateId: cover.id, from: "2026-12-24", to: "2026-12-25" });
    expect(res.status).toBe(201);
    const deleted = await superAdmin.api.delete(`/api/admin/users/${cover.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe("soft");
  });
});

describe("approving on a delegator's behalf", () => {
  it("above the delegate's own limit, up to the delegator's: recorded onBehalfOf and shown 'Anita Desai for Rajesh Sharma'", async () => {
    const rajesh = await approverWithLimit("500000", "Approver", "Rajesh Sharma");
    const anita = await approverWithLimit("10000", "Approver", "Anita Desai");
    expect((await delegate(rajesh, { delegateId: anita.user.id })).status).toBe(201);

    const own = await submitted("9000");
    expect((await approve(anita, own.id)).status).toBe(200);
    expect((await approvalRows(t.db, own.id))[0]?.onBehalfOf).toBeNull();

    const big = await submitted("400000");
    expect(await moves(anita, big.id)).toContain("approve");
    const res = await approve(anita, big.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("Approved");
    const [row] = await approvalRows(t.db, big.id);
    expect(row).toMatchObject({ approverId: anita.user.id, onBehalfOf: rajesh.user.id });
    const detail = (await superAdmin.api.get(`/api/transactions/${big.id}`)).body;
    expect(detail.approvals[0]).toMatchObject({
      approver: { name: "Anita Desai" },
      onBehalfOf: { id: rajesh.user.id, name: "Rajesh Sharma" },
      approverDisplay: "Anita Desai for Rajesh Sharma",
    });
    expect(detail.timeline.find((e: { kind: string }) => e.kind === "approved").actorName).toBe("Anita Desai for Rajesh Sharma");
    const [audit] = await auditEntries(t.db, big.id, "approve");
    expect(audit?.afterData).toMatchObject({ onBehalfOf: { id: rajesh.user.id, name: "Rajesh Sharma" } });
    // The audit trail's screen and its export say it the same way; the delegate's own approval stays hers alone.
    const trail = async (id: string) =>
      (
        (await superAdmin.api.get(`/api/audit?entityType=transaction&action=approve&search=${id}`)).body.entries as {
          performer: { name: string };
          onBehalfOf: unknown;
        }[]
      )[0];
    expect(await trail(big.id)).toMatchObject({ performer: { name: "Anita Desai" }, onBehalfOf: { name: "Rajesh Sharma" } });
    expect(await trail(own.id)).toMatchObject({ performer: { name: "Anita Desai" }, onBehalfOf: null });
    const csv = await superAdmin.api.get(`/api/audit/export.csv?entityType=transaction&action=approve&search=${big.id}`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`,${anita.user.username},Anita Desai for Rajesh Sharma,`);

    // Above the delegator's limit too: refused with the delegate's own limit.
    const huge = await submitted("500000.01");
    expect(await moves(anita, huge.id)).not.toContain("approve");
    const refused = await approve(anita, huge.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Above your approval limit of ₹10,000.00");
  });

  it("the delegate is told before approving: approveOnBehalfOf names the delegator only when the approval would use their authority", async () => {
    const rajesh = await approverWithLimit("500000", "Approver", "Rajesh Sharma");
    const anita = await approverWithLimit("10000", "Approver", "Anita Desai");
    expect((await delegate(rajesh, { delegateId: anita.user.id })).status).toBe(201);
    const own = await submitted("9000");
    const big = await submitted("400000");
    const huge = await submitted("500000.01");
    const detail = async (id: string) => (await anita.api.get(`/api/transactions/${id}`)).body as { approveOnBehalfOf: unknown; approveRefusal: unknown };
    const queued = async (id: string) =>
      ((await anita.api.get("/api/transactions/pending?limit=200")).body as { id: string; approveOnBehalfOf: unknown; approveRefusal: unknown }[]).find(
        (r) => r.id === id,
      )!;
    // Within her own limit: her own approval.
    expect(await detail(own.id)).toMatchObject({ approveOnBehalfOf: null, approveRefusal: null });
    expect(await queued(own.id)).toMatchObject({ approveOnBehalfOf: null, approveRefusal: null });
    // Above it, within Rajesh's: "Approve for Rajesh Sharma", on the details and the pending list alike.
    expect(await detail(big.id)).toMatchObject({ approveOnBehalfOf: { id: rajesh.user.id, name: "Rajesh Sharma" }, approveRefusal: null });
    expect(await queued(big.id)).toMatchObject({ approveOnBehalfOf: { id: rajesh.user.id, name: "Rajesh Sharma" } });
    // Above both: nobody's authority, and the refusal says why.
    expect(await detail(huge.id)).toMatchObject({ approveOnBehalfOf: null, approveRefusal: "Above your approval limit of ₹10,000.00" });
    // Once she has approved for him, nothing more is offered in either name.
    expect((await approve(anita, big.id)).status).toBe(200);
    expect(await detail(big.id)).toMatchObject({ approveOnBehalfOf: null, approveRefusal: null });
  });

  it("one approval per person per round: after the delegate approves for X, neither X nor the delegate may approve again", async () => {
    const x = await approverWithLimit(null);
    const d = await approverWithLimit("100");
    expect((await delegate(x, { delegateId: d.user.id })).status).toBe(201);
    const c = await makeCategory(t.db, { requiredApprovals: 3 });
    const created = await accountant.api.post("/api/transactions", txnBody(c.id, { amount: "5000" }));
    await accountant.api.post(`/api/transactions/${created.body.id}/submit`);
    const id = created.body.id as string;
    expect((await approve(d, id)).status).toBe(200);
    expect(await moves(x, id)).not.toContain("approve");
    expect((await approve(x, id)).status).toBe(409);
    expect(await moves(d, id)).not.toContain("approve");
    expect((await approve(d, id)).status).toBe(409);
    expect(await approvalRows(t.db, id)).toHaveLength(1);
  });

  it("after X approves himself, the delegate cannot use X's authority that round", async () => {
    const x = await approverWithLimit(null);
    const d = await approverWithLimit("100");
    expect((await delegate(x, { delegateId: d.user.id })).status).toBe(201);
    const c = await makeCategory(t.db, { requiredApprovals: 3 });
    const created = await accountant.api.post("/api/transactions", txnBody(c.id, { amount: "5000" }));
    await accountant.api.post(`/api/transactions/${created.body.id}/submit`);
    expect((await approve(x, created.body.id)).status).toBe(200);
    expect(await moves(d, created.body.id)).not.toContain("approve");
    expect((await approve(d, created.body.id)).status).toBe(403);
  });

  it("the SuperAdmin's place, when the delegator is a SuperAdmin", async () => {
    const boss = await approverWithLimit(null, "SuperAdmin");
    const d = await approverWithLimit(null);
    expect((await delegate(boss, { delegateId: d.user.id })).status).toBe(201);
    const c = await makeCategory(t.db, { requiredApprovals: 1 });
    await superAdmin.api.post("/api/admin/approval-rules", {
      name: `SA ${crypto.randomBytes(3).toString("hex")}`,
      categoryId: c.id,
      formType: null,
      minAmount: "0",
      requiredApprovals: 1,
      superAdminRequired: true,
    });
    const created = await accountant.api.post("/api/transactions", txnBody(c.id, { amount: "7000" }));
    await accountant.api.post(`/api/transactions/${created.body.id}/submit`);
    const res = await approve(d, created.body.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("Approved");
    expect((await approvalRows(t.db, created.body.id))[0]?.onBehalfOf).toBe(boss.user.id);
  });

  it("never for a transaction the delegator created", async () => {
    const boss = await approverWithLimit(null, "SuperAdmin");
    const d = await approverWithLimit("100");
    expect((await delegate(boss, { delegateId: d.user.id })).status).toBe(201);
    const own = await submitted("5000", boss);
    expect(await moves(d, own.id)).not.toContain("approve");
    const res = await approve(d, own.id);
    expect(res.status).toBe(403);
    expect(await approvalRows(t.db, own.id)).toHaveLength(0);
  });

  it("only on the days it covers, by the app's day: active at 23:59 of its last day, gone at 00:01 the next", async () => {
    const x = await approverWithLimit(null);
    const d = await approverWithLimit("100");
    expect((await delegate(x, { delegateId: d.user.id, from: TODAY, to: TODAY })).status).toBe(201);
    const txn = await submitted("5000");
    const saved = now;
    try {
      now = new Date("2026-11-27T18:29:00Z"); // 23:59 in Kolkata
      expect(await moves(d, txn.id)).toContain("approve");
      now = new Date("2026-11-27T18:31:00Z"); // 00:01 on the 28th in Kolkata, still the 27th in UTC
      expect(await moves(d, txn.id)).not.toContain("approve");
      expect((await approve(d, txn.id)).status).toBe(403);
      const listed = ((await d.api.get("/api/delegations")).body as { delegator: { id: string }; state: string }[]).find((r) => r.delegator.id === x.user.id);
      expect(listed?.state).toBe("over");
    } finally {
      now = saved;
    }
  });

  it("an upcoming delegation gives nothing yet; an ended one nothing any more", async () => {
    const x = await approverWithLimit(null);
    const d = await approverWithLimit("100");
    const later = await delegate(x, { delegateId: d.user.id, from: "2026-11-28", to: "2026-11-29" });
    expect(later.status).toBe(201);
    const txn = await submitted("5000");
    expect(await moves(d, txn.id)).not.toContain("approve");
    await x.api.delete(`/api/delegations/${later.body.id}`, { reason: "Back early" });
    const today = await delegate(x, { delegateId: d.user.id, from: TODAY, to: TODAY });
    expect(await moves(d, txn.id)).toContain("approve");
    expect((await d.api.delete(`/api/delegations/${today.body.id}`, { reason: "Handing back" })).status).toBe(200);
    // Ended by the delegate: the delegator is told, each named once.
    const told = (await t.db.select().from(notifications).where(eq(notifications.userId, x.user.id))).map((n) => n.message);
    expect(told).toContain(`${d.user.name} ended the delegation of ${x.user.name}'s approvals to them: Handing back`);
    expect(await moves(d, txn.id)).not.toContain("approve");
    expect((await approve(d, txn.id)).status).toBe(403);
  });
});
