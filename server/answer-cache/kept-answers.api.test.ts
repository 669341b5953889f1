// Kept answers (keeper.ts, DECISIONS §9): a read asked again with nothing changed is sent the
// bytes of the last time, and only then: every change to what it reads is seen by the next read,
// even one committed while that read was being answered; each user, address and encoding has its
// own; a transaction leaving the visibility window and the day turning end a kept answer as a
// change does. Every table a kept answer may read counts its changes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { answerChanges, categories, notificationOutbox, users, type CategoryRow } from "../db/schema";
import { answersVersion, foldAnswerChanges } from "./version";
import { rows } from "../db/sql";
import { sendDueNotifications } from "../services/delivery/outbox-worker";
import { announceDelegationsBeginning } from "../services/delegations";
import { serviceContext } from "../services/context";
import { insertTransaction, makeCategory } from "../test/transaction-fixtures";
import { PAGE_HEADERS } from "../../shared/constants";

type Who = { user: MadeUser; api: ApiClient };
type Item = { id: string; description: string; category: { name: string } };

const NOW = new Date("2026-11-20T12:00:00Z"); // 17:30 in Asia/Kolkata
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PENDING = "/api/transactions/pending";

let t: TestApp;
let now = NOW;
let accountant: Who;
let approver: Who;
let otherApprover: Who;
let superAdmin: Who;
let category: CategoryRow;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  [accountant, approver, otherApprover, superAdmin] = await Promise.all([
    t.signIn("Accountant"),
    t.signIn("Approver"),
    t.signIn("Approver"),
    t.signIn("SuperAdmin"),
  ]);
  await t.db.update(users).set({ visibilityWindowDays: 2 }).where(eq(users.id, approver.user.id));
  category = await makeCategory(t.db);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  now = NOW;
});

const pending = (values: Partial<Parameters<typeof insertTransaction>[1]> = {}) =>
  insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, status: "Pending", ...values });
const items = async (who: Who, url = PENDING) => {
  const res = await who.api.get(url);
  expect(res.status).toBe(200);
  return (Array.isArray(res.body) ? res.body : res.body.transactions) as Item[];
};
const ids = async (who: Who, url = PENDING) => (await items(who, url)).map((i) => i.id);
const itemOf = async (who: Who, id: string) => (await items(who)).find((i) => i.id === id);

describe("an answer kept", () => {
  it("is sent again while nothing it reads has changed, and a counted change is seen at once", async () => {
    const travel = await makeCategory(t.db, { name: "Travel (kept)" });
    const row = await pending({ categoryId: travel.id });
    expect((await itemOf(approver, row.id))?.category.name).toBe("Travel (kept)");
    // A change the count does not see (its trigger set aside): the kept answer is what comes back.
    await t.asOwner((owner) => owner.db.execute(sql`alter table categories disable trigger answers_changed`));
    try {
      await t.db.update(categories).set({ name: "Travel (renamed)" }).where(eq(categories.id, travel.id));
      expect((await itemOf(approver, row.id))?.category.name).toBe("Travel (kept)");
    } finally {
      await t.asOwner((owner) => owner.db.execute(sql`alter table categories enable always trigger answers_changed`));
    }
    await t.db.update(categories).set({ name: "Travel (renamed again)" }).where(eq(categories.id, travel.id));
    expect((await itemOf(approver, row.id))?.category.name).toBe("Travel (renamed again)");
  });

  it("keeps the page's own headers with it", async () => {
    await pending();
    const first = await approver.api.get(PENDING);
    const again = await approver.api.get(PENDING);
    expect(again.headers[PAGE_HEADERS.total.toLowerCase()]).toBe(first.headers[PAGE_HEADERS.total.toLowerCase()]);
    expect(Number(again.headers[PAGE_HEADERS.total.toLowerCase()])).toBe(again.body.length);
    expect(again.headers[PAGE_HEADERS.page.toLowerCase()]).toBe("1");
  });

  it("is each user's own: a wider window asked right after a narrower one sees its older rows", async () => {
    const older = await pending({ createdAt: new Date(NOW.getTime() - 10 * DAY) });
    expect(await ids(approver)).not.toContain(older.id);
    expect(await ids(otherApprover)).toContain(older.id);
    expect(await ids(approver)).not.toContain(older.id);
  });

  it("is each encoding's own: a client that takes no compression after one that takes brotli gets plain JSON", async () => {
    await Promise.all([pending(), pending(), pending()]);
    const br = await approver.api.get(PENDING).set("Accept-Encoding", "br");
    expect(br.headers["content-encoding"]).toBe("br");
    const plain = await approver.api.get(PENDING).set("Accept-Encoding", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.text)).toEqual(br.body);
    const gzip = await approver.api.get(PENDING).set("Accept-Encoding", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body).toEqual(br.body);
  });
});

describe("every change to what a kept answer reads is seen by the next read", () => {
  it("a transaction approved: gone from the queue and from the dashboard's count", async () => {
    const row = await pending();
    expect(await ids(approver)).toContain(row.id);
    const before = (await accountant.api.get("/api/dashboard/stats")).body.pendingTransactions as number;
    expect((await otherApprover.api.post(`/api/transactions/${row.id}/approve`)).status).toBe(200);
    expect(await ids(approver)).not.toContain(row.id);
    expect((await accountant.api.get("/api/dashboard/stats")).body.pendingTransactions).toBe(before - 1);
  });

  it("a category renamed in the database", async () => {
    const row = await pending();
    expect((await itemOf(approver, row.id))?.category.name).toBe(category.name);
    await t.db
      .update(categories)
      .set({ name: `${category.name} (travel)` })
      .where(eq(categories.id, category.id));
    expect((await itemOf(approver, row.id))?.category.name).toBe(`${category.name} (travel)`);
    await t.db.update(categories).set({ name: category.name }).where(eq(categories.id, category.id));
  });

  it("a user's visibility window widened in the database", async () => {
    const older = await pending({ createdAt: new Date(NOW.getTime() - 5 * DAY) });
    expect(await ids(approver)).not.toContain(older.id);
    await t.db.update(users).set({ visibilityWindowDays: 7 }).where(eq(users.id, approver.user.id));
    try {
      expect(await ids(approver)).toContain(older.id);
    } finally {
      await t.db.update(users).set({ visibilityWindowDays: 2 }).where(eq(users.id, approver.user.id));
    }
  });

  it("a change committed while the answer is being computed, fired together with the reads", async () => {
    for (let round = 0; round < 5; round++) {
      const row = await pending();
      expect(await ids(approver)).toContain(row.id);
      const [approved] = await Promise.all([
        otherApprover.api.post(`/api/transactions/${row.id}/approve`),
        ...Array.from({ length: 4 }, () => approver.api.get(PENDING)),
      ]);
      expect(approved.status).toBe(200);
      expect(await ids(approver)).not.toContain(row.id);
    }
  });
});

describe("time ends a kept answer", () => {
  it("when a transaction leaves the visibility window, though nothing changed", async () => {
    // In the 2-day window for 30 more minutes; an hour on is the same day in Asia/Kolkata.
    const leaving = await pending({ createdAt: new Date(NOW.getTime() - 2 * DAY + 30 * 60_000) });
    expect(await ids(approver)).toContain(leaving.id);
    now = new Date(NOW.getTime() + HOUR);
    expect(await ids(approver)).not.toContain(leaving.id);
  });

  it("when the day turns: a payment due today is overdue tomorrow (a SuperAdmin's view has no window)", async () => {
    const due = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, status: "PaymentDue", paymentDueDate: "2026-11-20" });
    const overdue = "/api/transactions?overdue=true&limit=100";
    expect(await ids(superAdmin, overdue)).not.toContain(due.id);
    now = new Date("2026-11-20T18:45:00Z"); // 00:15 on the 21st in Asia/Kolkata
    expect(await ids(superAdmin, overdue)).toContain(due.id);
  });
});

describe("the count kept answers stand on", () => {
  // The tables no kept answer reads, and why each is left out (migrations/0032).
  const NOT_COUNTED = [
    ["answer_changes", "the count itself"],
    ["answer_changes_folded", "the count itself"],
    ["audit_log", "the audit trail: written by every change, read only by its own screen"],
    ["notifications", "the bell, read on its own"],
    ["notification_outbox", "pushes and emails waiting or sent (DECISIONS §14): written beside the bell, read by the worker and its own page"],
    ["push_subscriptions", "a person's devices for push, read by the worker and the account screen"],
    ["notification_preferences", "what a person is told, read when a notification is queued and by the account screen"],
    ["sessions", "signing in"],
    ["login_failures", "signing in"],
    ["request_hits", "throttling"],
    ["passkeys", "second factor"],
    ["totp_secrets", "second factor"],
    ["recovery_codes", "second factor"],
    ["emergency_pin_failures", "emergency PIN throttling"],
    ["upload_grants", "uploads in flight"],
    ["transaction_search_summaries", "the search's kept days, written while a list is read"],
    ["tds_natures", "read when a bill's TDS is decided and on their own screens; a bill keeps its TDS, so the list, pending list and stats never read them"],
    ["departments", "HR"],
    ["employees", "HR"],
    ["attendance_policy", "HR"],
    ["leaves", "HR"],
    ["holidays", "HR"],
    ["attendance_imports", "HR"],
    ["punch_days", "HR"],
    ["attendance_days", "HR"],
    ["name_mappings", "HR"],
    ["leave_requests", "HR: employees' requests (DECISIONS §15)"],
    ["regularisations", "HR: employees' requests (DECISIONS §15)"],
  ] as const;

  it("is raised by every other table, whatever replication mode a session is in", async () => {
    const uncounted = await rows<{ name: string }>(
      t.db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
            and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'answers_changed' and g.tgenabled = 'A')
          order by 1`,
    );
    expect(uncounted.map((r) => r.name)).toEqual(NOT_COUNTED.map(([name]) => name).sort());
  });

  it("is not moved by the look for delegations to announce, every few minutes, when there are none", async () => {
    const read = async () => (await rows<{ v: string }>(t.db, sql`select ${answersVersion} as v`))[0]!.v;
    const before = await read();
    expect(await announceDelegationsBeginning(serviceContext(t.deps))).toBe(0);
    expect(await read()).toBe(before);
  });

  it("is not moved by the outbox worker's rounds, nor by a push's outcome", async () => {
    const read = async () => (await rows<{ v: string }>(t.db, sql`select ${answersVersion} as v`))[0]!.v;
    const message = { title: "Test notification", body: "", url: "/", tag: "test", priority: false, urgent: true, headline: "" };
    const [row] = await t.db
      .insert(notificationOutbox)
      .values({ channel: "email", kind: "test", userId: superAdmin.user.id, message, nextAttemptAt: t.deps.clock() })
      .returning();
    const before = await read();
    await sendDueNotifications(serviceContext(t.deps), { exclusive: t.database.kind === "pglite" });
    // Settled (this app has no SMTP_URL), and what kept answers stand on did not move.
    expect((await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, row!.id)))[0]!.status).toBe("skipped");
    expect(await read()).toBe(before);
  });

  it("counts one change per writing transaction, however many statements, drops a rolled-back one, and stays the same when folded", async () => {
    const read = async () => BigInt((await rows<{ v: string }>(t.db, sql`select ${answersVersion} as v`))[0]!.v);
    const start = await read();
    await t.db.update(categories).set({ isActive: true }).where(eq(categories.id, category.id));
    expect(await read()).toBe(start + 1n);
    // Three statements on counted tables, and a transaction row whose triggers write the search tables row by row.
    await t.db.transaction(async (tx) => {
      await tx.update(categories).set({ isActive: true }).where(eq(categories.id, category.id));
      await tx.update(users).set({ visibilityWindowDays: 2 }).where(eq(users.id, approver.user.id));
      await insertTransaction(tx as unknown as typeof t.db, { createdBy: accountant.user.id, categoryId: category.id });
    });
    expect(await read()).toBe(start + 2n);
    await t.db
      .transaction(async (tx) => {
        await tx.update(categories).set({ isActive: true }).where(eq(categories.id, category.id));
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect(await read()).toBe(start + 2n);
    // A savepoint rolled back takes its row with it, and the next change of the transaction counts.
    await t.db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await inner.update(categories).set({ isActive: true }).where(eq(categories.id, category.id));
          inner.rollback();
        })
        .catch(() => {});
      await tx.update(categories).set({ isActive: true }).where(eq(categories.id, category.id));
    });
    expect(await read()).toBe(start + 3n);
    await foldAnswerChanges(t.db);
    expect(await read()).toBe(start + 3n);
    expect(await t.db.$count(answerChanges)).toBe(0);
  });
});
