// The pending feed (DECISIONS §9 month-end herd; docs/architecture.md, "The pending feed"): an
// approver's list kept from what their socket is told equals the list the server answers, whatever
// happens, and a socket is told nothing its reader may not see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { approvals } from "../../db/schema";
import { createTestApp, CSRF_HEADER, type TestApp } from "../../test/harness";
import { makeUser, type MadeUser } from "../../test/factories";
import { insertTransaction, makeCategory, txnBody } from "../../test/transaction-fixtures";
import { startSocketInstance, sessionCookie, type SocketInstance } from "../../test/socket-instance";
import { PendingApp } from "../../test/pending-app";
import { pendingFeedMessage } from "../../../shared/schemas/transactions";
import type { Role } from "../../../shared/constants";

let t: TestApp;
let inst: SocketInstance;
let category: { id: string };
const apps: PendingApp[] = [];

/** The app's clock stands still here, so a row can be put exactly on a window's first instant. */
const NOW = Date.now();
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(NOW) });
  inst = await startSocketInstance(t.deps);
  category = await makeCategory(t.db);
});
afterAll(async () => {
  for (const a of apps) a.close();
  await inst?.stop();
  await t?.close();
});

type Person = { user: MadeUser; cookie: string; api: ReturnType<typeof apiOf> };

function apiOf(cookie: string) {
  const agent = () => supertest(inst.app);
  return {
    get: (url: string) => agent().get(url).set("Cookie", cookie),
    post: (url: string, body: object = {}) => agent().post(url).set(CSRF_HEADER).set("Cookie", cookie).send(body),
    put: (url: string, body: object = {}) => agent().put(url).set(CSRF_HEADER).set("Cookie", cookie).send(body),
    delete: (url: string, body?: object) => agent().delete(url).set(CSRF_HEADER).set("Cookie", cookie).send(body),
  };
}

async function person(role: Role, overrides: { visibilityWindowDays?: number } = {}): Promise<Person> {
  const user = await makeUser(t.db, { role, ...overrides });
  const cookie = await sessionCookie(inst, user.username);
  return { user, cookie, api: apiOf(cookie) };
}

async function appOf(p: Person): Promise<PendingApp> {
  const app = new PendingApp({ baseUrl: inst.url, cookie: p.cookie, userId: p.user.id, role: p.user.role });
  apps.push(app);
  await app.start();
  return app;
}

/** The server's answer for this reader, as the app keeps a page. */
async function serverList(p: Person) {
  const res = await p.api.get("/api/transactions/pending?page=1");
  expect(res.status).toBe(200);
  return { items: res.body, total: Number(res.headers["x-total-count"]) };
}

/** Waits until everything heard is told and the apps have nothing in flight, then until each app's page is the server's (or fails with the difference). */
async function settledEqual(pairs: [Person, PendingApp][]): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    await inst.feed.settled();
    for (const [, app] of pairs) await app.idle();
    const diffs: string[] = [];
    for (const [p, app] of pairs) {
      const want = await serverList(p);
      const got = { items: app.page?.items, total: app.page?.total };
      if (JSON.stringify(sortKeys(got)) !== JSON.stringify(sortKeys(want))) diffs.push(`${p.user.username} (${p.user.role}): ${difference(got, want)}`);
    }
    if (diffs.length === 0) return;
    if (Date.now() > deadline) expect(diffs.join("\n")).toBe("");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Where two lists differ, in words: the ids in order, the count, or the first row's differing fields. */
function difference(got: { items?: { id: string }[]; total?: number }, want: { items: { id: string }[]; total: number }): string {
  const ids = (items: { id: string }[] = []) => items.map((r) => r.id.slice(0, 8)).join(",");
  if (ids(got.items) !== ids(want.items)) return `ids ${ids(got.items)} but expected ${ids(want.items)}`;
  if (got.total !== want.total) return `total ${got.total} but expected ${want.total}`;
  for (const [i, row] of want.items.entries()) {
    const mine = got.items![i] as unknown as Record<string, unknown>;
    const fields = Object.keys(row).filter(
      (k) => JSON.stringify(sortKeys(mine[k])) !== JSON.stringify(sortKeys((row as unknown as Record<string, unknown>)[k])),
    );
    if (fields.length)
      return `row ${row.id.slice(0, 8)}: ${fields.map((k) => `${k} ${JSON.stringify(mine[k])} but expected ${JSON.stringify((row as unknown as Record<string, unknown>)[k])}`).join("; ")}`;
  }
  return "the same rows, in another form";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  return value;
}

describe("the pending feed", () => {
  it("puts a submission in every approver's list without a fetch", async () => {
    const accountant = await person("Accountant");
    const approver = await person("Approver");
    const admin = await person("SuperAdmin");
    const a = await appOf(approver);
    const s = await appOf(admin);
    const fetches = [a.fetches, s.fetches];
    const created = await accountant.api.post("/api/transactions", txnBody(category.id));
    expect(created.status).toBe(201);
    expect((await accountant.api.post(`/api/transactions/${created.body.id}/submit`)).status).toBe(200);
    await settledEqual([
      [approver, a],
      [admin, s],
    ]);
    expect(a.page!.items.map((r) => r.id)).toContain(created.body.id);
    expect([a.fetches, s.fetches]).toEqual(fetches);
    for (const text of [...a.received, ...s.received]) {
      const m = JSON.parse(text);
      if (m.type.startsWith("pending-")) expect(pendingFeedMessage.safeParse(m).error).toBeUndefined();
    }
  });
});

// ---------------------------------------------------------------- any sequence

/** What the property does, on the pool of transactions of its run (`i` picks one) and its people (`j` an approver). */
type Op =
  | { kind: "submit" | "delete" | "unapprove" | "draft"; i: number }
  | { kind: "approve" | "reject"; i: number; j: number }
  | { kind: "create"; i: number }
  | { kind: "window"; j: number; days: number }
  | { kind: "limit"; j: number; limit: string | null }
  | { kind: "role"; role: "Approver" | "Accountant" };

const POOL = 6;
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("submit" as const), i: fc.nat(POOL - 1) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom("approve" as const, "reject" as const), i: fc.nat(POOL - 1), j: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("delete" as const, "unapprove" as const, "draft" as const), i: fc.nat(POOL - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("create" as const), i: fc.nat(POOL - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("window" as const), j: fc.nat(3), days: fc.constantFrom(1, 3, 30) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("limit" as const), j: fc.nat(3), limit: fc.constantFrom(null, "150.00") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("role" as const), role: fc.constantFrom("Approver" as const, "Accountant" as const) }) },
);

describe("an approver's list built from the feed", () => {
  let boss: Person;
  let owners: Person[];
  /** Who approves: Approvers with different windows, a SuperAdmin, and one whose role the property changes. */
  let approvers: Person[];
  let toggler: Person;
  const appOfUser = new Map<string, PendingApp>();

  beforeAll(async () => {
    boss = await person("SuperAdmin");
    owners = [await person("Accountant"), await person("Accountant")];
    approvers = [
      await person("Approver"),
      await person("Approver", { visibilityWindowDays: 3 }),
      await person("SuperAdmin"),
      await person("Approver", { visibilityWindowDays: 1 }),
    ];
    toggler = approvers[3]!;
    for (const p of approvers) appOfUser.set(p.user.id, await appOf(p));
  });

  async function apply(op: Op, pool: { id: string; owner: Person }[]): Promise<void> {
    const txn = "i" in op ? pool[op.i]! : null;
    switch (op.kind) {
      case "submit":
        await txn!.owner.api.post(`/api/transactions/${txn!.id}/submit`);
        return;
      case "approve":
      case "reject":
        await approvers[op.j]!.api.post(`/api/transactions/${txn!.id}/${op.kind}`, op.kind === "reject" ? { reason: "Not this month" } : {});
        return;
      case "delete":
        await boss.api.delete(`/api/transactions/${txn!.id}`);
        return;
      case "draft":
        await boss.api.post(`/api/admin/transactions/${txn!.id}/force-status`, { status: "Draft", reason: "Back to the owner" });
        return;
      case "unapprove": {
        const [given] = await t.db.select({ id: approvals.id }).from(approvals).where(eq(approvals.transactionId, txn!.id)).limit(1);
        if (given) await boss.api.delete(`/api/approvals/${given.id}`, { reason: "Given by mistake" });
        return;
      }
      case "create":
        // Another with the same details: a possible duplicate of the pool's rows.
        await txn!.owner.api.post("/api/transactions", txnBody(category.id, { amount: "120.00", transactionDate: "2026-11-10" }));
        return;
      case "window":
        await boss.api.put(`/api/admin/users/${approvers[op.j]!.user.id}`, { visibilityWindowDays: op.days });
        return;
      case "limit":
        await boss.api.put(`/api/admin/users/${approvers[op.j]!.user.id}`, { approvalLimit: op.limit });
        return;
      case "role": {
        const res = await boss.api.put(`/api/admin/users/${toggler.user.id}`, { role: op.role });
        if (res.status !== 200 || op.role === toggler.user.role) return;
        // Their sessions ended and their sockets closed: they sign in again, with a list only as an approver.
        appOfUser.get(toggler.user.id)?.close();
        appOfUser.delete(toggler.user.id);
        toggler.user = { ...toggler.user, role: op.role };
        toggler.cookie = await sessionCookie(inst, toggler.user.username);
        toggler.api = apiOf(toggler.cookie);
        if (op.role === "Approver") appOfUser.set(toggler.user.id, await appOf(toggler));
        return;
      }
    }
  }

  /** A fresh pool each run: drafts of the two owners, made at ages around the windows, two pairs of them possible duplicates. */
  async function pool(): Promise<{ id: string; owner: Person }[]> {
    const now = NOW;
    const ages = [0, 0.5 * DAY, 2 * DAY, 5 * DAY, 40 * DAY, 10 * 60_000];
    return Promise.all(
      ages.map(async (age, i) => {
        const owner = owners[i % 2]!;
        const row = await insertTransaction(t.db, {
          createdBy: owner.user.id,
          categoryId: category.id,
          amount: i < 4 ? "120.00" : "999.00",
          transactionDate: "2026-11-10",
          isPriority: i === 2,
          createdAt: new Date(now - age),
        });
        return { id: row.id, owner };
      }),
    );
  }

  it("equals the server's answer after any sequence of submits, approvals, rejections, deletions, window, limit and role changes, several fired together", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(opArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), async (steps) => {
        const txns = await pool();
        for (const step of steps) {
          // The operations of a step race each other (a role change runs on its own: it signs the user in again).
          const roles = step.filter((op) => op.kind === "role");
          await Promise.all(step.filter((op) => op.kind !== "role").map((op) => apply(op, txns)));
          for (const op of roles) await apply(op, txns);
        }
        await settledEqual(approvers.filter((p) => appOfUser.has(p.user.id)).map((p) => [p, appOfUser.get(p.user.id)!]));
      }),
      { numRuns: 40, endOnFailure: true },
    );
    // The lists were kept from the rows told, not fetched again and again.
    const told = (app: PendingApp) => app.received.filter((x) => x.includes('"pending-changes"')).length;
    const apps = [...appOfUser.values()];
    expect(apps.reduce((n, app) => n + told(app), 0)).toBeGreaterThan(3 * apps.reduce((n, app) => n + app.fetches, 0));
    for (const app of apps) {
      for (const text of app.received) {
        const m = JSON.parse(text);
        if (m.type.startsWith("pending-")) expect(pendingFeedMessage.safeParse(m).error).toBeUndefined();
      }
    }
  }, 180_000);
});

// ---------------------------------------------------------------- what a socket is told

describe("a socket is told only what its reader may see", () => {
  it("an Approver's socket never hears of a transaction outside their window, in the feed or the bell, not even as another's possible duplicate; others' sockets hear nothing of the feed", async () => {
    const accountant = await person("Accountant");
    const narrow = await person("Approver", { visibilityWindowDays: 1 });
    const wide = await person("Approver");
    const hr = await person("HR Staff");
    const narrowApp = await appOf(narrow);
    const wideApp = await appOf(wide);
    // Sockets that ask to follow the feed without being allowed a pending list.
    const outsiders = [accountant, hr].map((p) => new PendingApp({ baseUrl: inst.url, cookie: p.cookie, userId: p.user.id, role: p.user.role }));
    for (const o of outsiders) apps.push(o);
    await Promise.all(outsiders.map((o) => o.start().catch(() => {})));

    const old = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, amount: "777.00", createdAt: new Date(NOW - 5 * DAY) });
    const fresh = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, amount: "777.00" });
    const other = await insertTransaction(t.db, {
      createdBy: accountant.user.id,
      categoryId: category.id,
      amount: "778.00",
      createdAt: new Date(NOW - 5 * DAY),
    });
    for (const row of [old, fresh, other]) expect((await accountant.api.post(`/api/transactions/${row.id}/submit`)).status).toBe(200);
    expect((await wide.api.post(`/api/transactions/${other.id}/reject`, { reason: "No" })).status).toBe(200);
    expect((await wide.api.post(`/api/transactions/${old.id}/approve`)).status).toBe(200);
    await settledEqual([
      [narrow, narrowApp],
      [wide, wideApp],
    ]);

    // The wide window sees the old one, and names it as the fresh one's possible duplicate; the narrow one does neither.
    const freshFor = (app: PendingApp) => app.page!.items.find((r) => r.id === fresh.id)!;
    expect(freshFor(wideApp).possibleDuplicates.map((d) => d.id)).toContain(old.id);
    expect(freshFor(narrowApp).possibleDuplicates).toEqual([]);
    expect(wideApp.received.join("\n")).toContain(old.id);
    for (const hidden of [old, other]) {
      const told = narrowApp.received.join("\n");
      expect(told).not.toContain(hidden.id);
      expect(told).not.toContain(hidden.humanReadableId);
    }
    for (const o of outsiders) expect(o.received.filter((x) => x.includes('"pending-'))).toEqual([]);
  });

  it("a row made at the very first instant of a reader's window is told them, one a microsecond older is not: the server list's own rule", async () => {
    const accountant = await person("Accountant");
    const approver = await person("Approver", { visibilityWindowDays: 1 });
    const app = await appOf(approver);
    const edge = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, createdAt: new Date(NOW - DAY) });
    const older = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id });
    await t.db.execute(
      sql`update transactions set created_at = ${new Date(NOW - DAY).toISOString()}::timestamptz - interval '1 microsecond' where id = ${older.id}`,
    );
    for (const row of [edge, older]) expect((await accountant.api.post(`/api/transactions/${row.id}/submit`)).status).toBe(200);
    await settledEqual([[approver, app]]);
    const ids = app.page!.items.map((r) => r.id);
    expect(ids).toContain(edge.id);
    expect(ids).not.toContain(older.id);
  });

  it("a socket that does not follow the feed (the app before it) hears only its bell", async () => {
    const approver = await person("Approver");
    const accountant = await person("Accountant");
    const before = new PendingApp({
      baseUrl: inst.url,
      cookie: approver.cookie,
      userId: approver.user.id,
      role: approver.user.role,
      refetchOnNotification: true,
    });
    apps.push(before);
    await before.start();
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id });
    expect((await accountant.api.post(`/api/transactions/${row.id}/submit`)).status).toBe(200);
    await settledEqual([[approver, before]]);
    expect(before.received.map((x) => JSON.parse(x).type)).toEqual(["transaction_pending"]);
    expect(before.fetches).toBe(2);
  });
});

// ---------------------------------------------------------------- when rows cannot be placed

describe("the app fetches its list again when the feed cannot keep it", () => {
  it("past the first page: a row after it only counts, a priority row goes first and pushes the last out, one leaving the page has the page fetched", async () => {
    const accountant = await person("Accountant");
    const approver = await person("Approver");
    const app = await appOf(approver);
    const cat = await makeCategory(t.db);
    // A queue longer than a page (one bulk insert: too many rows to name, every list is fetched again).
    await t.db
      .execute(sql`insert into transactions (form_type, category_id, amount, transaction_date, description, status, created_by, approvals_required, approval_round, submitted_at, created_at)
      select 'R', ${cat.id}, 100 + g, '2026-11-10', 'Queue ' || g, 'Pending', ${accountant.user.id}, 1, 1, now(), now() - make_interval(secs => 1000 - g) from generate_series(1, 205) g`);
    await settledEqual([[approver, app]]);
    expect(app.page!.total).toBeGreaterThan(200);

    const fetches = app.fetches;
    const last = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: cat.id, amount: "1.00" });
    expect((await accountant.api.post(`/api/transactions/${last.id}/submit`)).status).toBe(200);
    const urgent = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: cat.id, amount: "2.00", isPriority: true });
    expect((await accountant.api.post(`/api/transactions/${urgent.id}/submit`)).status).toBe(200);
    await settledEqual([[approver, app]]);
    expect(app.page!.items.map((r) => r.id)).toContain(urgent.id);
    expect(app.page!.items.map((r) => r.id)).not.toContain(last.id);
    expect(app.fetches).toBe(fetches);

    expect((await approver.api.post(`/api/transactions/${app.page!.items[5]!.id}/approve`)).status).toBe(200);
    await settledEqual([[approver, app]]);
    expect(app.fetches).toBe(fetches + 1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)("after the bus lost its connection every follower is told to fetch again, and the list is the server's", async () => {
    const accountant = await person("Accountant");
    const approver = await person("Approver");
    const app = await appOf(approver);
    // A priority one, so it is on the first page however long the queue the other tests left.
    const row = await insertTransaction(t.db, { createdBy: accountant.user.id, categoryId: category.id, isPriority: true });
    const resyncs = () => app.received.filter((x) => x.includes('"pending-resync"')).length;
    const before = resyncs();
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
    // Made while the bus may be away: its NOTIFY may be lost, the resync makes up for it.
    expect((await accountant.api.post(`/api/transactions/${row.id}/submit`)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (resyncs() === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(resyncs()).toBe(before + 1);
    await settledEqual([[approver, app]]);
    expect(app.page!.items.map((r) => r.id)).toContain(row.id);
  });
});
