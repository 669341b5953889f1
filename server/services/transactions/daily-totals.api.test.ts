// The list's summary from transaction_daily_totals (issue 17) must say exactly what counting every
// visible row says: for a SuperAdmin, for people with a visibility window (whose first day is read
// row by row), with and without a status filter, after inserts, moves, amount and owner changes
// and deletes, and the totals table must always equal a regrouping of transaction_search. So must a
// search's summary, which reads the matches through the window's days (queries.ts windowedSearch).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql, type SQL } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../../test/harness";
import type { MadeUser } from "../../test/factories";
import { transactions, users } from "../../db/schema";
import { rowsOf } from "./common";
import { builtinCategory, insertTransaction } from "../../routes/transactions.fixtures";
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

/**
 * What counting the rows of `transactions` finds for `viewer` through the visibility rule of
 * DECISIONS §4, optionally of one status or holding `search` (in the id, description, category name
 * or creator name, any case): the summary, and the ids newest first.
 */
async function counted(viewer: MadeUser, filter: { status?: TransactionStatus; search?: string } = {}): Promise<{ summary: Summary; ids: string[] }> {
  const [row] = await t.db.select({ window: users.visibilityWindowDays, role: users.role }).from(users).where(eq(users.id, viewer.id));
  const visible =
    row!.role === "SuperAdmin" ? sql`true` : sql`(t.created_by = ${viewer.id} or t.created_at >= now() - make_interval(days => ${row!.window}))`;
  const holds = (column: SQL) => sql`strpos(lower(${column}), lower(${filter.search})) > 0`;
  const result = await t.db.execute(sql`
    select count(*)::int as count,
      (count(*) filter (where t.status in ('Approved', 'PaymentDue', 'Paid', 'Completed')))::int as "approvedCount",
      (count(*) filter (where t.status = 'Pending'))::int as "pendingCount",
      coalesce(sum(t.amount) filter (where t.status in ('Approved', 'PaymentDue', 'Paid', 'Completed')), 0)::numeric(16,2)::text as "approvedAmount",
      coalesce(array_agg(t.id order by t.created_at desc, t.id desc), '{}') as ids
    from transactions t join categories c on c.id = t.category_id join users u on u.id = t.created_by
    where ${visible}
      ${filter.status ? sql`and t.status = ${filter.status}` : sql``}
      ${filter.search === undefined ? sql`` : sql`and (${holds(sql`t.human_readable_id`)} or ${holds(sql`t.description`)} or ${holds(sql`c.name`)} or ${holds(sql`u.name`)})`}`);
  const { ids, ...summary } = rowsOf<Summary & { ids: string[] }>(result)[0]!;
  return { summary, ids };
}

async function listed(api: ApiClient, status?: TransactionStatus): Promise<Summary> {
  const res = await api.get(`/api/transactions?limit=1${status ? `&status=${status}` : ""}`);
  expect(res.status).toBe(200);
  return res.body.summary as Summary;
}

async function expectSameEverywhere(): Promise<void> {
  for (const who of [admin, meera, ravi, approver]) {
    for (const status of [undefined, "Pending", "Approved", "Draft"] as const) {
      expect(await listed(who.api, status), `${who.user.role} ${who.user.username} ${status ?? "all"}`).toEqual((await counted(who.user, { status })).summary);
    }
  }
  const drift = await t.db.execute(sql`
    select count(*)::int as n from (
      (select (created_at at time zone 'UTC')::date as day, created_by, status, count(*)::int as count, sum(amount) as amount from transaction_search group by 1, 2, 3
       except select day, created_by, status, count, amount from transaction_daily_totals where count <> 0)
      union all
      (select day, created_by, status, count, amount from transaction_daily_totals where count <> 0
       except select (created_at at time zone 'UTC')::date, created_by, status, count(*)::int, sum(amount) from transaction_search group by 1, 2, 3)
    ) d`);
  expect(rowsOf<{ n: number }>(drift)[0]!.n).toBe(0);
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
        expect(res.body.transactions.map((r: { id: string }) => r.id), label).toEqual(ids);
      }
    }
    // The fixture reaches the cases the rewrite distinguishes: Meera's own matches from before her
    // 30-day window, and matches the Approver's 7-day window leaves out on its first day.
    const [edges] = rowsOf<{ ownOld: number; firstDayOut: number }>(
      await t.db.execute(sql`
        select (count(*) filter (where created_by = ${meera.user.id} and created_at < now() - interval '30 days'))::int as "ownOld",
               (count(*) filter (where created_at < now() - interval '7 days'
                 and (created_at at time zone 'UTC')::date >= ((now() - interval '7 days') at time zone 'UTC')::date))::int as "firstDayOut"
        from transactions where description ilike '%mumbai%'`),
    );
    expect(edges!.ownOld).toBeGreaterThan(0);
    expect(edges!.firstDayOut).toBeGreaterThan(0);
  });
});
