// The permission matrix (DECISIONS §2: every route checks the role on the server): every declared
// route × every role and signed out. Signed out → 401 on every non-public route; a role outside the
// route's access → 403; an allowed role, calling with a valid fixture (server/test/route-fixtures.ts)
// → the route's happy answer, never 401, 403 or 500. The route list comes from createApp's own
// declarations, so a route added without a fixture fails here.
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ROLES, type Role } from "../../shared/constants";
import { createApp } from "../app";
import { notifications, transactions, type UserRow } from "../db/schema";
import type { RouteDef } from "../routes/api-router";
import { createTestApp, type ApiClient } from "../test/harness";
import { ROUTE_FIXTURES, routeKey, sendCall, World, DAY_MS, type Caller, type CallSpec } from "../test/route-fixtures";

const t = await createTestApp();
const world = await World.create(t);
const routes: RouteDef[] = [...createApp(t.deps).routes].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
const signedIn = {} as Record<Role, { user: UserRow; api: ApiClient }>;
for (const role of ROLES) signedIn[role] = await t.signIn(role);

afterAll(async () => {
  await t.close();
});

/**
 * Cells that fail today because of a bug in a route still being finished by its owner; they run as
 * expected failures (it.fails) so the suite stays green and flips red the day the bug is fixed.
 * Each is listed in the security report with its input and answer.
 */
const KNOWN_BUGS: Record<string, string> = {};

/** DECISIONS §15: a signed-in route is closed to the Employee role unless it says openToEmployees. */
const allows = (route: RouteDef, role: Role) =>
  route.access === "public" || (route.access === "signed-in" ? role !== "Employee" || route.openToEmployees === true : route.access.includes(role));

async function call(route: RouteDef, caller: Caller, spec: CallSpec) {
  if (caller === null) return sendCall(t.client().agent, route, spec);
  if (spec.endsSession) {
    // Sign-in and sign-out replace the session they run in: a throwaway one of the same role.
    const throwaway = await t.signIn(caller.role);
    return sendCall(throwaway.api.agent, route, spec);
  }
  return sendCall(signedIn[caller.role].api.agent, route, spec);
}

function expectHappy(res: { status: number; body: unknown }, spec: CallSpec, label: string) {
  const detail = `${label} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
  if (spec.expect !== undefined) expect(res.status, `${detail} (expected ${spec.expect}: ${spec.because ?? "the route's answer"})`).toBe(spec.expect);
  else expect(res.status >= 200 && res.status < 300, `${detail} (expected a 2xx)`).toBe(true);
}

describe("the route table", () => {
  it("every declared route has a fixture, and every fixture names a declared route", () => {
    const declared = routes.map(routeKey);
    expect(
      declared.filter((k) => !ROUTE_FIXTURES[k]),
      "routes without a fixture in server/test/route-fixtures.ts",
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_FIXTURES).filter((k) => !declared.includes(k)),
      "fixtures of routes that are not declared",
    ).toEqual([]);
  });

  it("no path is declared twice with the same method", () => {
    const keys = routes.map(routeKey);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

for (const route of routes) {
  const key = routeKey(route);
  describe(`${key} (${route.access === "public" || route.access === "signed-in" ? route.access : route.access.join(", ")})`, () => {
    const cell = (name: string, fn: () => Promise<void>) => {
      const bug = KNOWN_BUGS[`${key} | ${name}`];
      if (bug) it.fails(`${name} [known bug: ${bug}]`, fn);
      else it(name, fn);
    };

    cell("signed out", async () => {
      const fixture = ROUTE_FIXTURES[key];
      expect(fixture, `no fixture for ${key}`).toBeDefined();
      const spec = await fixture(world, null);
      const res = await call(route, null, spec);
      if (route.access === "public") {
        expectHappy(res, spec, `${key} signed out`);
      } else {
        expect(res.status, `${key} signed out → ${res.status} ${JSON.stringify(res.body)}`).toBe(401);
        expect(res.body).toMatchObject({ message: expect.any(String), code: "unauthenticated" });
      }
    });

    for (const role of ROLES) {
      cell(role, async () => {
        const fixture = ROUTE_FIXTURES[key];
        expect(fixture, `no fixture for ${key}`).toBeDefined();
        const caller = { role, user: signedIn[role].user };
        const spec = await fixture(world, caller);
        const res = await call(route, caller, spec);
        expect(res.status, `${key} as ${role} must never be a 500: ${JSON.stringify(res.body)}`).not.toBe(500);
        if (allows(route, role)) {
          expectHappy(res, spec, `${key} as ${role}`);
        } else {
          expect(res.status, `${key} as ${role} → ${res.status} ${JSON.stringify(res.body)}`).toBe(403);
          expect(res.body).toMatchObject({ message: expect.any(String), code: "forbidden" });
        }
      });
    }
  });
}

describe("visibility and ownership cells (DECISIONS §4)", () => {
  it("an Approver with a 30-day window gets 404 on a transaction created 31 days ago; a SuperAdmin gets 200", async () => {
    const old = await world.txn({ createdBy: world.accountant.id, createdAt: new Date(Date.now() - 31 * DAY_MS) });
    const approver = await t.signIn("Approver", { visibilityWindowDays: 30 });
    const hidden = await approver.api.get(`/api/transactions/${old.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ message: expect.any(String) });
    expect((await signedIn.SuperAdmin.api.get(`/api/transactions/${old.id}`)).status).toBe(200);
    // …and the hidden one is not reachable through the moves either.
    const pendingOld = await world.txn({ createdBy: world.accountant.id, status: "Pending", createdAt: new Date(Date.now() - 31 * DAY_MS) });
    expect((await approver.api.post(`/api/transactions/${pendingOld.id}/approve`, {})).status).toBe(404);
  });

  it("an Accountant always sees their own transaction, however old", async () => {
    const me = signedIn.Accountant;
    const old = await world.txn({ createdBy: me.user.id, createdAt: new Date(Date.now() - 400 * DAY_MS) });
    expect((await me.api.get(`/api/transactions/${old.id}`)).status).toBe(200);
  });

  it("an Accountant cannot edit another Accountant's Draft (403)", async () => {
    const other = await world.txn({ createdBy: world.accountant.id });
    const res = await signedIn.Accountant.api.patch(`/api/transactions/${other.id}`, { description: "Not mine to change" });
    expect(res.status).toBe(403);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, other.id));
    expect(row.description).toBe(other.description);
  });

  it("an Accountant cannot delete another Accountant's Draft (403)", async () => {
    const other = await world.txn({ createdBy: world.accountant.id });
    expect((await signedIn.Accountant.api.delete(`/api/transactions/${other.id}`)).status).toBe(403);
  });

  it("a SuperAdmin cannot approve their own transaction (403 'You cannot approve your own transaction')", async () => {
    const sa = signedIn.SuperAdmin;
    const mine = await world.txn({ createdBy: sa.user.id, status: "Pending" });
    const res = await sa.api.post(`/api/transactions/${mine.id}/approve`, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You cannot approve your own transaction");
  });

  it("an Approver cannot approve the same transaction twice (409)", async () => {
    const txn = await world.pendingOfOther({ approvalsRequired: 2 });
    const approver = signedIn.Approver.api;
    expect((await approver.post(`/api/transactions/${txn.id}/approve`, {})).status).toBe(200);
    expect((await approver.post(`/api/transactions/${txn.id}/approve`, {})).status).toBe(409);
  });

  it("a notification of another user cannot be read or cleared through my calls", async () => {
    const other = signedIn.Approver;
    const before = (await other.api.get("/api/notifications")).body.length;
    await world.db.insert(notifications).values({ userId: other.user.id, type: "user_notification", message: "For the Approver" });
    await signedIn.Accountant.api.delete("/api/notifications");
    expect((await other.api.get("/api/notifications")).body.length).toBe(before + 1);
  });
});

describe("the Employee role (DECISIONS §15)", () => {
  it("opens only the Me pages, its account, the bell and its session: every other route is closed to it", () => {
    const open = routes.filter((r) => allows(r, "Employee")).map(routeKey);
    const elsewhere = open.filter(
      (k) => !/^[A-Z]+ \/(me\b|account\/|notifications\b|push\/public-key$|auth\/)/.test(k) && !routes.find((r) => routeKey(r) === k && r.access === "public"),
    );
    // Its own expense claims (DECISIONS §15): the calls of a transaction's owner, its receipts, and the categories it may claim in.
    expect(elsewhere.sort()).toEqual(
      [
        "DELETE /attachments/:id",
        "DELETE /transactions/:id",
        "GET /attachments/:id/download",
        "GET /categories",
        "GET /categories/:id",
        "GET /transactions/:id",
        "PATCH /transactions/:id",
        "POST /transactions",
        "POST /transactions/:id/attachments",
        "POST /transactions/:id/attachments/upload-url",
        "POST /transactions/:id/submit",
      ].sort(),
    );
  });
});

describe("public routes answer without a session", () => {
  const anon = () => t.client();

  it("GET /api/health", async () => {
    const res = await anon().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "ok", realtime: "ok" });
  });

  it("GET /api/config names the server's time zone (DECISIONS §2)", async () => {
    const res = await anon().get("/api/config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ timeZone: t.config.appTimezone });
  });

  it("GET /api/openapi.json lists every declared route", async () => {
    const res = await anon().get("/api/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const missing = routes.filter((r) => !paths[r.path.replace(/[:*]([A-Za-z0-9_]+)/g, "{$1}")]?.[r.method]).map(routeKey);
    expect(missing).toEqual([]);
  });

  it("the public routes are exactly health, config, login, the second step of sign-in (it holds a half-signed-in session, no user), logout, the session probe, GET/POST /api/emergency-approval/:token and PUT /api/uploads/* need no session (see the matrix's signed-out cells)", () => {
    const publicKeys = routes
      .filter((r) => r.access === "public")
      .map(routeKey)
      .sort();
    expect(publicKeys).toEqual(
      [
        "GET /auth/session",
        "GET /config",
        "GET /emergency-approval/:token",
        "GET /health",
        "POST /auth/login",
        "POST /auth/second-factor",
        "POST /auth/second-factor/options",
        "POST /auth/logout",
        "POST /emergency-approval/:token",
        "PUT /uploads/*objectPath",
      ].sort(),
    );
  });
});
