// The list's summary from transaction_daily_totals must say exactly what counting every
// visible row says: for a SuperAdmin, for people with a visibility window (whose first day is read
// row by row), with and without a status filter, after inserts, moves, amount and owner changes
// and deletes, and the totals table must always equal a regrouping of transaction_search. So must a
// filtered list's summary (a search, a category, a creator), added up from whole days kept in
// transaction_search_summaries (search-summary.ts) and today's rows: the first time, from the kept
// days, after every kind of change, and when a change commits while the first list is summing.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../../test/harness";
import type { MadeUser } from "../../test/factories";
import { answerChanges, categories, transactionSearchSummaries, transactions, users } from "../../db/schema";
import { rows } from "../../db/sql";
import { builtinCategory, insertTransaction } from "../../test/transaction-fixtures";
import { WALK_FROM_PAGES } from "./search-summary";
import type { TransactionStatus } from "../../../shared/constants";

let t: TestApp;
let admin: { user: MadeUser; api: ApiClient };
let meera: { user: MadeUser; api: ApiClient };
let ravi: { user: MadeUser; api: ApiClient };
let approver: { user: MadeUser; api: ApiClient };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  [admin, meera, ravi, approver] = await Promise.all([t.signIn("SuperAdmin"), t.signIn("Accountant"), t.signIn("Accountant"), t.signIn("Approver")]);
  // Windows whose first day falls on different hours, so the partial first day is exercised.
  await t.db.update(users).set({ visibilityWindowDays: 7 }).where(eq(users.id, approver.user.id));
  await t.db.update(users).set({ visibilityWindowDays: 30 }).where(eq(users.id, meera.user.id));
  const office = await builtinCategory(t.db, "Office Expenses");
  const statuses: TransactionStatus[] = ["Draft", "Pending", "Approved", "PaymentDue", "Paid", "Completed", "Rejected"];
  const now = Date.now();
  // Around each window's start (± 3 hours, never within minutes of it) and spread over 60 days.
  const ages = [0.1, 1, 2, 6.9, 7.1, 8, 12, 29.9, 30.1, 31, 45, 59].map((d) => d * DAY);
  const extra = [7, 30].flatMap((d) => [d * DAY - 3 * HOUR, d * DAY + 3 * HOUR, d * DAY - 20 * HOUR, d * DAY + 20 * HOUR]);
  let i = 0;
  for (const [n, age] of [...ages, ...extra].entries()) {
    for (const owner of [meera, ravi, admin]) {
      i += 1;
      await insertTransaction(t.db, {
        createdBy: owner.user.id,
        categoryId: office.id,
        status: statuses[i % statuses.length]!,
        amount: `${100 + ((i * 7919) % 90000)}.${String(i % 100).padStart(2, "0")}`,
        createdAt: new Date(now - age),
        // Every other age's rows mention Mumbai, with LIKE's own characters in it, for the search below.
        ...(n % 2 === 0 ? { description: `Taxi to MUMBAI, 50%_off #${i}` } : {}),
      });
    }
  }
  // On the UTC day a window starts, just before its start: in the window's days, not in the window.
  for (const days of [7, 30]) {
    const since = now - days * DAY;
    const dayStart = Date.UTC(new Date(since).getUTCFullYear(), new Date(since).getUTCMonth(), new Date(since).getUTCDate());
    await insertTransaction(t.db, {
      createdBy: ravi.user.id,
      categoryId: office.id,
      status: "Approved",
      amount: "777.77",
      createdAt: new Date(Math.max(dayStart, since - 3 * HOUR)),
      description: `Taxi to Mumbai before the ${days}-day window`,
    });
  }
});
afterAll(async () => {
  await t?.close();
});

type Summary = { count: number; approvedCount: number; pendingCount: number; approvedAmount: string };

/** A list's filters as the API takes them. */
type ListFilter = { status?: TransactionStatus; search?: string; categoryId?: string; createdBy?: string };

/**
 * What counting the rows of `transactions` finds for `viewer` through the visibility rule of
 * DECISIONS §4, optionally of one status or holding `search` (in the id, description, category name
 * or creator name, any case): the summary, and the ids newest first.
 */
async function counted(viewer: MadeUser, filter: ListFilter = {}): Promise<{ summary: Summary; ids: string[] }> {
  const [row] = await t.db.select({ window: users.visibilityWindowDays, role: users.role }).from(users).where(eq(users.id, viewer.id));
  const visible = row!.role === "SuperAdmin" ? sql`true` : sql`(t.created_by = ${viewer.id} or t.created_at >= now() - make_interval(days => ${row!.window}))`;
  const holds = (column: SQL) => sql`strpos(lower(${column}), lower(${filter.search})) > 0`;
  const [first] = await rows<Summary & { ids: string[] }>(
    t.db,
    sql`
    select count(*)::int as count,
      (count(*) filter (where t.status in ('Approved', 'PaymentDue', 'Paid', 'Completed')))::int as "approvedCount",
      (count(*) filter (where t.status = 'Pending'))::int as "pendingCount",
      coalesce(sum(t.amount) filter (where t.status in ('Approved', 'PaymentDue', 'Paid', 'Completed')), 0)::numeric(16,2)::text as "approvedAmount",
      coalesce(array_agg(t.id order by t.created_at desc, t.id desc), '{}') as ids
    from transactions t join categories c on c.id = t.category_id join users u on u.id = t.created_by
    where ${visible}
      ${filter.status ? sql`and t.status = ${filter.status}` : sql``}
      ${filter.categoryId ? sql`and t.category_id = ${filter.categoryId}` : sql``}
      ${filter.createdBy ? sql`and t.created_by = ${filter.createdBy}` : sql``}
      ${filter.search === undefined ? sql`` : sql`and (${holds(sql`t.human_readable_id`)} or ${holds(sql`t.description`)} or ${holds(sql`c.name`)} or ${holds(sql`u.name`)})`}`,
  );
  const { ids, ...summary } = first!;
  return { summary, ids };
}

async function listed(api: ApiClient, status?: TransactionStatus): Promise<Summary> {
  const res = await api.get(`/api/transactions?limit=1${status ? `&status=${status}` : ""}`);
  expect(res.status).toBe(200);
  return res.body.summary as Summary;
}

/** A filtered list's summary, asked twice: the first may sum and keep days, the second reads them kept. */
/**
 * A change as the kept answers count it (answer-cache/keeper.ts), for the tests that look beneath
 * them: the next list is computed afresh, from the days kept as they are.
 */
async function setKeptAnswersAside(): Promise<void> {
  await t.db.insert(answerChanges).values({});
}

async function searched(api: ApiClient, filter: ListFilter): Promise<Summary> {
  const query = new URLSearchParams({ limit: "1", ...filter }).toString();
  const [first, second] = [await api.get(`/api/transactions?${query}`), await api.get(`/api/transactions?${query}`)];
  expect(first.status).toBe(200);
  expect(second.body.summary).toEqual(first.body.summary);
  return second.body.summary as Summary;
}

async function expectSameEverywhere(): Promise<void> {
  const travel = (await builtinCategory(t.db, "Travel")).id;
  for (const who of [admin, meera, ravi, approver]) {
    for (const status of [undefined, "Pending", "Approved", "Draft"] as const) {
      expect(await listed(who.api, status), `${who.user.role} ${who.user.username} ${status ?? "all"}`).toEqual((await counted(who.user, { status })).summary);
    }
    const filters = [
      { search: "mumbai" },
      { search: "Mumbai", status: "Approved" as const },
      { search: ravi.user.name },
      { categoryId: travel },
      { createdBy: meera.user.id },
    ];
    for (const filter of filters) {
      expect(await searched(who.api, filter), `${who.user.role} ${who.user.username} ${JSON.stringify(filter)}`).toEqual(
        (await counted(who.user, filter)).summary,
      );
    }
  }
  const [drift] = await rows<{ n: number }>(
    t.db,
    sql`
    select count(*)::int as n from (
      (select (created_at at time zone 'UTC')::date as day, created_by, status, count(*)::int as count, sum(amount) as amount from transaction_search group by 1, 2, 3
       except select day, created_by, status, count, amount from transaction_daily_totals where count <> 0)
      union all
      (select day, created_by, status, count, amount from transaction_daily_totals where count <> 0
       except select (created_at at time zone 'UTC')::date, created_by, status, count(*)::int, sum(amount) from transaction_search group by 1, 2, 3)
    ) d`,
  );
  expect(drift!.n).toBe(0);
}

describe("the list's summary from daily totals", () => {
  it("equals counting the visible rows, for every viewer and status filter", async () => {
    await expectSameEverywhere();
  });

  it("still does after moves, amount and owner changes, and deletes", async () => {
    const some = await t.db.select({ id: transactions.id }).from(transactions).limit(40);
    for (const [n, { id }] of some.entries()) {
      if (n % 4 === 0) await t.db.update(transactions).set({ status: "Approved" }).where(eq(transactions.id, id));
      if (n % 4 === 1) await t.db.update(transactions).set({ amount: "12345.67" }).where(eq(transactions.id, id));
      if (n % 4 === 2) await t.db.update(transactions).set({ createdBy: ravi.user.id, status: "Pending" }).where(eq(transactions.id, id));
      if (n % 4 === 3) await t.db.delete(transactions).where(eq(transactions.id, id));
    }
    // What a search sees and nothing else counts: descriptions that start or stop naming Mumbai, a new category.
    const travel = await builtinCategory(t.db, "Travel");
    // (The admin's rows: the search tests below need Meera's and Ravi's as the fixture made them.)
    const more = await t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.createdBy, admin.user.id))
      .orderBy(transactions.createdAt)
      .limit(60);
    for (const [n, { id }] of more.entries()) {
      if (n % 6 === 0)
        await t.db
          .update(transactions)
          .set({ description: `Hotel in Mumbai #${n}` })
          .where(eq(transactions.id, id));
      if (n % 6 === 1)
        await t.db
          .update(transactions)
          .set({ description: `Stationery #${n}` })
          .where(eq(transactions.id, id));
      if (n % 6 === 2) await t.db.update(transactions).set({ categoryId: travel.id }).where(eq(transactions.id, id));
    }
    // And through the API, as people do it.
    const created = await meera.api.post("/api/transactions", {
      formType: "B",
      categoryId: (await builtinCategory(t.db, "Office Expenses")).id,
      amount: "2500.50",
      transactionDate: new Date().toISOString().slice(0, 10),
      description: "Printer toner",
    });
    expect(created.status).toBe(201);
    expect((await meera.api.post(`/api/transactions/${created.body.id}/submit`, {})).status).toBe(200);
    expect((await approver.api.post(`/api/transactions/${created.body.id}/approve`, {})).status).toBe(200);
    await expectSameEverywhere();
  });
});

describe("a search's summary through the visibility window", () => {
  it("equals counting the visible matching rows, for every viewer: own rows before the window, the window's first day before and after its start, names", async () => {
    for (const text of ["mumbai", "50%_OFF", "Office", ravi.user.name, "TXN-", "no such words"]) {
      for (const who of [admin, meera, ravi, approver]) {
        const res = await who.api.get(`/api/transactions?limit=200&search=${encodeURIComponent(text)}`);
        expect(res.status).toBe(200);
        const { summary, ids } = await counted(who.user, { search: text });
        const label = `${who.user.role} ${who.user.username} '${text}'`;
        expect(res.body.summary, label).toEqual(summary);
        expect(
          res.body.transactions.map((r: { id: string }) => r.id),
          label,
        ).toEqual(ids);
      }
    }
    // The fixture reaches the cases the rewrite distinguishes: Meera's own matches from before her
    // 30-day window, and matches the Approver's 7-day window leaves out on its first day.
    const [edges] = await rows<{ ownOld: number; firstDayOut: number }>(
      t.db,
      sql`
        select (count(*) filter (where created_by = ${meera.user.id} and created_at < now() - interval '30 days'))::int as "ownOld",
               (count(*) filter (where created_at < now() - interval '7 days'
                 and (created_at at time zone 'UTC')::date >= ((now() - interval '7 days') at time zone 'UTC')::date))::int as "firstDayOut"
        from transactions where description ilike '%mumbai%'`,
    );
    expect(edges!.ownOld).toBeGreaterThan(0);
    expect(edges!.firstDayOut).toBeGreaterThan(0);
  });
});

describe("a filtered list's pages (search-summary.ts)", () => {
  it("are the rows counting finds, in order, whether found by walking the newest rows (many matches) or gathered through the indexes (few)", async () => {
    const office = (await builtinCategory(t.db, "Office Expenses")).id;
    const filters: ListFilter[] = [
      { search: "mumbai" },
      { search: "Taxi", status: "Approved" },
      { search: ravi.user.name },
      { search: "TXN-" },
      { categoryId: office },
      { createdBy: meera.user.id },
    ];
    let walked = 0;
    let gathered = 0;
    for (const who of [admin, meera, ravi, approver]) {
      for (const filter of filters) {
        const { summary, ids } = await counted(who.user, filter);
        for (const [limit, page] of [
          [1, 1],
          [1, 2],
          [2, 3],
          [5, 2],
          [200, 1],
        ] as const) {
          const res = await who.api.get(`/api/transactions?${new URLSearchParams({ ...filter, limit: String(limit), page: String(page) })}`);
          const label = `${who.user.role} ${who.user.username} ${JSON.stringify(filter)} limit ${limit} page ${page}`;
          expect(res.status, label).toBe(200);
          expect(res.body.summary, label).toEqual(summary);
          expect(
            res.body.transactions.map((r: { id: string }) => r.id),
            label,
          ).toEqual(ids.slice((page - 1) * limit, page * limit));
          if (summary.count >= limit * page * WALK_FROM_PAGES) walked += 1;
          else gathered += 1;
        }
      }
    }
    // The fixture reaches both ways many times.
    expect(walked).toBeGreaterThan(10);
    expect(gathered).toBeGreaterThan(10);
  });

  it("of every status, or one, are the rows counting finds, in order, within the first 200 rows and past them", async () => {
    for (const who of [admin, meera, approver]) {
      for (const status of [undefined, "Approved"] as const) {
        const { ids } = await counted(who.user, { status });
        for (const [limit, page] of [
          [1, 1],
          [1, 3],
          [2, 5],
          [50, 1],
          [50, 2],
          [200, 1],
          [100, 3],
          [200, 2],
          [1, 201],
        ] as const) {
          const res = await who.api.get(
            `/api/transactions?${new URLSearchParams({ ...(status ? { status } : {}), limit: String(limit), page: String(page) })}`,
          );
          const label = `${who.user.role} ${who.user.username} ${status ?? "all"} limit ${limit} page ${page}`;
          expect(res.status, label).toBe(200);
          expect(
            res.body.transactions.map((r: { id: string }) => r.id),
            label,
          ).toEqual(ids.slice((page - 1) * limit, page * limit));
        }
      }
    }
  });

  it("walk past the window to the viewer's own older rows when the window holds too few matches", async () => {
    const zed = await t.signIn("Accountant");
    await t.db.update(users).set({ visibilityWindowDays: 1 }).where(eq(users.id, zed.user.id));
    const office = (await builtinCategory(t.db, "Office Expenses")).id;
    // One match in the window (someone else's, an hour old), 45 of Zed's own from days before it.
    await insertTransaction(t.db, {
      createdBy: ravi.user.id,
      categoryId: office,
      createdAt: new Date(Date.now() - HOUR),
      description: "Zanzibar ferry, recent",
    });
    for (let n = 0; n < 45; n += 1) {
      await insertTransaction(t.db, {
        createdBy: zed.user.id,
        categoryId: office,
        createdAt: new Date(Date.now() - (2 + n / 2) * DAY),
        description: `Zanzibar ferry #${n}`,
      });
    }
    const { summary, ids } = await counted(zed.user, { search: "zanzibar" });
    expect(summary.count).toBe(46);
    for (const page of [1, 2]) {
      // Enough matches to walk for either page (46 ≥ 2 × WALK_FROM_PAGES); the second is Zed's newest older row.
      expect(summary.count).toBeGreaterThanOrEqual(page * WALK_FROM_PAGES);
      const res = await zed.api.get(`/api/transactions?search=zanzibar&limit=1&page=${page}`);
      expect(
        res.body.transactions.map((r: { id: string }) => r.id),
        `page ${page}`,
      ).toEqual(ids.slice(page - 1, page));
    }
  });
});

describe("a filtered list's kept days (search-summary.ts)", () => {
  /** A day of Meera's, some days back, with a transaction matching 'mumbai' on it. */
  async function keptDayWithMatch(): Promise<{ day: string; id: string }> {
    const [row] = await rows<{ day: string; id: string }>(
      t.db,
      sql`
        select to_char(created_day, 'YYYY-MM-DD') as day, transaction_id as id from transaction_search
        where search_text like '%mumbai%' and created_by = ${meera.user.id} and created_at < now() - interval '3 days' and status = 'Approved'
        order by created_at desc limit 1`,
    );
    if (!row) throw new Error("the fixture has no older approved Mumbai transaction of Meera's");
    return row;
  }

  it("are read, not summed again, while their day is unchanged; a change on the day makes them summed afresh", async () => {
    const before = await searched(admin.api, { search: "mumbai" });
    expect(before).toEqual((await counted(admin.user, { search: "mumbai" })).summary);
    const { day, id } = await keptDayWithMatch();
    // Tampered on purpose: the list adds what is kept for the day as it is. (The kept days are derived
    // and not counted as a change: the answer kept of the last list is set aside by hand.)
    const tampered = await t.db.execute(
      sql`update transaction_search_summaries set count = count + 1000 where scope = '' and day = ${day}::date and count > 0`,
    );
    await setKeptAnswersAside();
    expect(
      (tampered as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (tampered as { affectedRows?: number }).affectedRows,
    ).toBeGreaterThan(0);
    expect((await searched(admin.api, { search: "mumbai" })).count).toBeGreaterThan(before.count + 999);
    // Any change of a row on that day raises its version: the kept day is no longer taken, and the figures are exact again.
    await t.db.update(transactions).set({ amount: "4321.09" }).where(eq(transactions.id, id));
    const after = await searched(admin.api, { search: "mumbai" });
    expect(after).toEqual((await counted(admin.user, { search: "mumbai" })).summary);
    expect(after.approvedAmount).not.toEqual(before.approvedAmount);
  });

  it("add up a window of one day, which leaves no whole day between its first day and today", async () => {
    const short = await t.signIn("Approver");
    await t.db.update(users).set({ visibilityWindowDays: 1 }).where(eq(users.id, short.user.id));
    for (const filter of [
      { search: "mumbai" },
      { search: "Taxi", status: "Approved" as const },
      { categoryId: (await builtinCategory(t.db, "Office Expenses")).id },
    ]) {
      expect(await searched(short.api, filter), JSON.stringify(filter)).toEqual((await counted(short.user, filter)).summary);
    }
  });

  it("are filed anew when a person or category the search names is renamed", async () => {
    const office = await builtinCategory(t.db, "Office Expenses");
    const kestrel = await insertTransaction(t.db, {
      createdBy: ravi.user.id,
      categoryId: office.id,
      status: "Approved",
      createdAt: new Date(Date.now() - 5 * DAY),
    });
    // Nothing holds the word yet: no rows, and the days are kept with that answer.
    expect((await searched(admin.api, { search: "kestrel" })).count).toBe(0);
    // Ravi renamed: his transactions now match by his name, kept days or not.
    await t.db.update(users).set({ name: "Ravi Kestrel" }).where(eq(users.id, ravi.user.id));
    const byPerson = await searched(admin.api, { search: "kestrel" });
    expect(byPerson).toEqual((await counted(admin.user, { search: "kestrel" })).summary);
    expect(byPerson.count).toBeGreaterThan(1);
    await t.db.update(users).set({ name: ravi.user.name }).where(eq(users.id, ravi.user.id));
    // A category renamed to it: its transactions match, Ravi's no longer do.
    await t.db.update(categories).set({ name: "Kestrel Office" }).where(eq(categories.id, office.id));
    const byCategory = await searched(admin.api, { search: "kestrel" });
    expect(byCategory).toEqual((await counted(admin.user, { search: "kestrel" })).summary);
    expect((await admin.api.get("/api/transactions?search=kestrel&limit=200")).body.transactions.map((r: { id: string }) => r.id)).toContain(kestrel.id);
    await t.db.update(categories).set({ name: "Office Expenses" }).where(eq(categories.id, office.id));
    expect((await searched(admin.api, { search: "kestrel" })).count).toBe(0);
  });

  it("hold nothing of the search's words but a digest", async () => {
    await searched(admin.api, { search: "Taxi to MUMBAI" });
    const filed = await t.db.selectDistinct({ filters: transactionSearchSummaries.filters }).from(transactionSearchSummaries);
    expect(filed.length).toBeGreaterThan(0);
    for (const { filters } of filed) expect(filters).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("are dropped a day after they were summed, when the next list keeps days", async () => {
    await searched(admin.api, { search: "mumbai" });
    const aged = await t.db
      .update(transactionSearchSummaries)
      .set({ computedAt: new Date(Date.now() - 25 * 3_600_000) })
      .returning({ day: transactionSearchSummaries.day });
    expect(aged.length).toBeGreaterThan(0);
    // A search nobody made before: its days are summed and kept, and the aged ones go.
    await searched(admin.api, { search: "Taxi" });
    const left = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactionSearchSummaries)
      .where(sql`${transactionSearchSummaries.computedAt} < now() - interval '1 day'`);
    expect(left[0]!.n).toBe(0);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(transactionSearchSummaries))[0]!.n).toBeGreaterThan(0);
  });

  // A second connection holds the change open while the list sums the day (PGlite has one connection).
  it.runIf(inject("postgresUrl"))("are never taken for current when a change commits while the first list is summing the day", async () => {
    const { day, id } = await keptDayWithMatch();
    await t.db.delete(transactionSearchSummaries);
    await setKeptAnswersAside();
    await t.db.transaction(async (tx) => {
      await tx.update(transactions).set({ amount: "8765.43" }).where(eq(transactions.id, id));
      // The list sums the day without the change (not committed yet) and keeps it with the version it saw.
      expect(await searched(admin.api, { search: "mumbai" })).toEqual((await counted(admin.user, { search: "mumbai" })).summary);
      const kept = await t.db
        .select()
        .from(transactionSearchSummaries)
        .where(and(eq(transactionSearchSummaries.scope, ""), eq(transactionSearchSummaries.day, day)));
      expect(kept).toHaveLength(1);
    });
    // Committed: the day's version moved past the kept one, so the list sums the day again.
    const after = await searched(admin.api, { search: "mumbai" });
    expect(after).toEqual((await counted(admin.user, { search: "mumbai" })).summary);
    const [row] = await t.db.select({ amount: transactions.amount }).from(transactions).where(eq(transactions.id, id));
    expect(row!.amount).toBe("8765.43");
  });
});
