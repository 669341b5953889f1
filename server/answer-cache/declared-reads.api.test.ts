// Kept answers stay honest as the code changes (DECISIONS §9): each kept route declares the tables it
// reads (keptAnswer's `reads`, and `uncounted` with a reason), and
// - every table in `reads` raises the count of changes (its `answers_changed` trigger, always on);
// - every table PostgreSQL plans for the statements the route really runs, captured while the
//   route answers (its handler and the keeper's own look at the window), is declared.
// A route that reads a new table without declaring it, or declares one without the trigger, fails
// here, naming the route and the table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import supertest from "supertest";
import type { Request } from "express";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Logger as DrizzleLogger } from "drizzle-orm";
import { createApp } from "../app";
import * as schema from "../db/schema";
import type { Db } from "../db/client";
import { rows } from "../db/sql";
import type { AppDeps } from "../context";
import type { RouteDef } from "../routes/api-router";
import { createTestApp, CSRF_HEADER, type TestApp } from "../test/harness";
import { makeUser, TEST_PASSWORD, uniqueGstin, type MadeUser } from "../test/factories";
import { insertTransaction, makeCategory } from "../test/transaction-fixtures";
import { approvals, delegations, parties } from "../db/schema";

type Statement = { text: string; params: unknown[] };

let t: TestApp;
/** The app again, over the same database, its statements told to `heard` (drizzle's logger). */
let recording: { routes: RouteDef[]; app: ReturnType<typeof createApp>["app"] };
let heard: Statement[] | null = null;
const captured = new Map<string, Statement[]>();

const keyOf = (r: Pick<RouteDef, "method" | "path">) => `${r.method.toUpperCase()} ${r.path}`;

/** The table names a plan reads, at every depth (joins, subplans, init plans, CTEs). */
function relationsOf(plan: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) for (const p of plan) relationsOf(p, into);
  else if (plan && typeof plan === "object") {
    const node = plan as Record<string, unknown>;
    if (typeof node["Relation Name"] === "string") into.add(node["Relation Name"]);
    for (const value of Object.values(node)) if (value && typeof value === "object") relationsOf(value, into);
  }
  return into;
}

/** What PostgreSQL plans to read for one statement, with the values it ran with. */
async function plannedTables(s: Statement): Promise<Set<string>> {
  const [row] = await t.database.query<Record<string, unknown>>(`explain (format json) ${s.text}`, s.params);
  const plan = Object.values(row!)[0];
  return relationsOf(typeof plan === "string" ? JSON.parse(plan) : plan);
}

/** Statements that read or write rows (not BEGIN, SET LOCAL, a lock function alone …). */
const isQuery = (text: string) => /^\s*(\(?\s*select|with|insert|update|delete)\b/i.test(text);

/** Who asks what: each kept route is visited in the shapes its statements take (role, filters, page). */
type Visit = { who: "accountant" | "approver" | "superAdmin"; url: string };
let visits: Record<string, Visit[]>;
let agents: Record<Visit["who"], supertest.Agent>;

beforeAll(async () => {
  t = await createTestApp();
  const logger: DrizzleLogger = {
    logQuery(text, params) {
      heard?.push({ text, params });
    },
  };
  const db = (t.database.kind === "postgres"
    ? drizzlePg(t.database.pool!, { schema, logger })
    : drizzlePglite(t.database.pglite!, { schema, logger })) as unknown as Db;
  const deps: AppDeps = { ...t.deps, database: { ...t.database, db } };
  const built = createApp(deps);
  recording = { routes: built.routes, app: built.app };
  // Each kept route's statements are heard from the keeper's open (before the handler) to its keep
  // (the answer computed): not the session's read before, nor its touch after.
  for (const route of recording.routes) {
    const kept = route.keep;
    if (!kept) continue;
    route.keep = {
      ...kept,
      open(req: Request) {
        const list: Statement[] = [];
        heard = list;
        const keeping = kept.open(req);
        expect(keeping.kept, `${keyOf(route)} ${req.originalUrl} was answered from the cache: nothing to hear`).toBeUndefined();
        return {
          keep: async (answer) => {
            heard = null;
            captured.set(keyOf(route), [...(captured.get(keyOf(route)) ?? []), ...list]);
            await keeping.keep?.(answer);
          },
        };
      },
    };
  }

  const [accountant, approver, superAdmin] = await Promise.all((["Accountant", "Approver", "SuperAdmin"] as const).map((role) => makeUser(t.db, { role })));
  const signIn = async (user: MadeUser) => {
    const agent = supertest.agent(recording.app);
    expect((await agent.post("/api/auth/login").set(CSRF_HEADER).send({ username: user.username, password: TEST_PASSWORD })).status).toBe(200);
    return agent;
  };
  agents = { accountant: await signIn(accountant!), approver: await signIn(approver!), superAdmin: await signIn(superAdmin!) };

  // A little of everything the answers show: a party, approvals, a delegation, overdue and paid rows.
  const category = await makeCategory(t.db);
  const [party] = await t.db
    .insert(parties)
    .values({ name: "Kaveri Traders", ...uniqueGstin("29") })
    .returning();
  const pending = await insertTransaction(t.db, {
    createdBy: accountant!.id,
    categoryId: category.id,
    status: "Pending",
    partyId: party!.id,
    description: "Tyres for the van",
    approvalsRequired: 2,
    approvalsReceived: 1,
  });
  await t.db
    .insert(approvals)
    .values({ transactionId: pending.id, approverId: superAdmin!.id, round: pending.approvalRound, action: "approved", asSuperAdmin: true });
  await insertTransaction(t.db, { createdBy: accountant!.id, categoryId: category.id, status: "PaymentDue", paymentDueDate: "2020-01-01" });
  await insertTransaction(t.db, {
    createdBy: accountant!.id,
    categoryId: category.id,
    status: "Paid",
    paidDate: "2026-01-02",
    paymentMethod: "UPI",
    paidBy: accountant!.id,
  });
  await insertTransaction(t.db, { createdBy: accountant!.id, categoryId: category.id, status: "Pending", createdAt: new Date(Date.now() - 40 * 86_400_000) });
  await t.db
    .insert(delegations)
    .values({ delegatorId: superAdmin!.id, delegateId: approver!.id, fromDate: "2020-01-01", toDate: "2099-12-31", reason: "Away", createdBy: superAdmin!.id });

  const list = (query: string) => `/api/transactions${query}`;
  visits = {
    "GET /transactions/pending": [
      { who: "approver", url: "/api/transactions/pending" },
      { who: "superAdmin", url: "/api/transactions/pending" },
      { who: "approver", url: "/api/transactions/pending?page=2&limit=1" },
    ],
    "GET /transactions": [
      { who: "accountant", url: list("") },
      { who: "approver", url: list("") },
      { who: "superAdmin", url: list("") },
      { who: "approver", url: list("?status=Pending") },
      { who: "superAdmin", url: list("?overdue=true") },
      { who: "accountant", url: list("?search=tyres") },
      { who: "approver", url: list("?search=kaveri&status=Pending") },
      { who: "superAdmin", url: list(`?categoryId=${category.id}&createdBy=${accountant!.id}`) },
      { who: "approver", url: list(`?search=TXN-0&categoryId=${category.id}`) },
      { who: "accountant", url: list("?page=2&limit=1") },
    ],
    "GET /dashboard/stats": [
      { who: "accountant", url: "/api/dashboard/stats" },
      { who: "approver", url: "/api/dashboard/stats" },
      { who: "superAdmin", url: "/api/dashboard/stats" },
    ],
  };
  for (const [route, list] of Object.entries(visits)) {
    for (const v of list) {
      const res = await agents[v.who].get(v.url);
      expect(res.status, `${route} ${v.url}`).toBe(200);
    }
  }
});
afterAll(async () => {
  await t?.close();
});

const keptRoutes = () => recording.routes.filter((r) => r.keep);

describe("each kept route declares what it reads", () => {
  it("every kept route is visited here, in the shapes its statements take", () => {
    expect(keptRoutes().map(keyOf).sort()).toEqual(Object.keys(visits).sort());
  });

  it("every table a kept route declares raises the count of changes: its answers_changed trigger is on, whatever the replication mode", async () => {
    const counted = new Set(
      (
        await rows<{ name: string }>(
          t.db,
          sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_trigger g on g.tgrelid = c.oid
              where n.nspname = 'public' and g.tgname = 'answers_changed' and g.tgenabled = 'A'`,
        )
      ).map((r) => r.name),
    );
    const missing = keptRoutes().flatMap((r) => r.keep!.reads.filter((table) => !counted.has(table)).map((table) => `${keyOf(r)}: ${table}`));
    expect(missing).toEqual([]);
  });

  it("every table PostgreSQL plans for the route's statements, as it answers, is declared", async () => {
    const undeclared: string[] = [];
    for (const route of keptRoutes()) {
      const statements = (captured.get(keyOf(route)) ?? []).filter((s) => isQuery(s.text));
      expect(statements.length, `${keyOf(route)} ran no statement while answering`).toBeGreaterThan(0);
      const declared = new Set([...route.keep!.reads, ...Object.keys(route.keep!.uncounted)]);
      const planned = new Set<string>();
      for (const s of statements) for (const table of await plannedTables(s)) planned.add(table);
      for (const table of [...planned].sort()) if (!declared.has(table)) undeclared.push(`${keyOf(route)}: ${table}`);
    }
    expect(undeclared).toEqual([]);
  });
});
