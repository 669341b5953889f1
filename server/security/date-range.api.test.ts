// DECISIONS §10 "Dates are real dates": every date and month in a request lies between 2000-01-01
// and 2100-12-31, else 400 naming the field; no date input reaches the database and fails there.
// The routes come from createApp's own declarations and their valid fixtures: every date or month
// a fixture sends (in a body, a query, a form field, custom field values) is replaced in turn by
// one outside the window, as every caller allowed on the route.
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import type { RouteDef } from "../routes/api-router";
import { createTestApp } from "../test/harness";
import { ROUTE_FIXTURES, routeKey, sendCall, World, type CallSpec } from "../test/route-fixtures";

const t = await createTestApp();
const world = await World.create(t);
const routes: RouteDef[] = createApp(t.deps).routes;
afterAll(() => t.close());

const DAY = /^\d{4}-\d{2}-\d{2}/;
const MONTH = /^\d{4}-\d{2}$/;
const OUTSIDE = { day: ["0000-01-01", "1999-12-31", "2101-01-01", "9999-12-31"], month: ["0000-01", "1999-12", "2101-01"] };

type Spot = { where: "body" | "query" | "field"; path: string[]; kind: "day" | "month"; value: string; base?: Record<string, unknown> };

/** Every date- or month-looking string of a call, with where it sits. */
function spotsOf(spec: CallSpec): Spot[] {
  const spots: Spot[] = [];
  const walk = (value: unknown, where: Spot["where"], path: string[]) => {
    if (typeof value === "string") {
      if (MONTH.test(value)) spots.push({ where, path, kind: "month", value });
      else if (DAY.test(value)) spots.push({ where, path, kind: "day", value });
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, where, [...path, k]);
    }
  };
  walk(spec.body, "body", []);
  walk(spec.query, "query", []);
  walk(spec.multipart?.fields, "field", []);
  return spots;
}

function replaced(spec: CallSpec, spot: Spot, value: string): CallSpec {
  // The file of a multipart call stays a Buffer; only the JSON-like parts are copied.
  const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));
  const copy: CallSpec = {
    ...spec,
    body: clone(spec.body),
    query: clone(spec.query),
    multipart: spec.multipart && { ...spec.multipart, fields: clone(spec.multipart.fields) },
  };
  if (spot.base) copy.body = { ...(copy.body as object), ...clone(spot.base) };
  const root = spot.where === "body" ? copy.body : spot.where === "query" ? copy.query : copy.multipart!.fields;
  let node = root as Record<string, unknown>;
  for (const k of spot.path.slice(0, -1))
    node = (node[k] ??= k === "0" || /^\d+$/.test(spot.path[spot.path.indexOf(k) + 1] ?? "") ? [] : {}) as Record<string, unknown>;
  const last = spot.path[spot.path.length - 1];
  // A timestamp keeps its time: only the date part moves out of the window.
  node[last] = spot.kind === "day" ? value + spot.value.slice(10) : value;
  return copy;
}

/** Date fields a route takes that its valid fixture happens not to send. */
const EXTRA_SPOTS: Record<string, Spot[]> = {
  "PATCH /transactions/:id": [{ where: "body", path: ["transactionDate"], kind: "day", value: "2026-11-20" }],
  "PUT /admin/transactions/:id/full-override": ["transactionDate", "paymentDueDate", "paidDate"].map((f) => ({
    where: "body" as const,
    path: [f],
    kind: "day" as const,
    value: "2026-11-20",
  })),
  "PUT /admin/budgets/:id": ["startDate", "endDate"].map((f) => ({ where: "body" as const, path: [f], kind: "day" as const, value: "2026-11-20" })),
  "PUT /hr/employees/:id": [{ where: "body", path: ["joiningDate"], kind: "day", value: "2026-01-15" }],
  "PUT /hr/attendance-policy": [
    { where: "body", path: ["holidays", "0", "date"], kind: "day", value: "2026-01-26", base: { holidays: [{ date: "2026-01-26", name: "Republic Day" }] } },
  ],
};

const callers = await Promise.all((["SuperAdmin", "Accountant", "HR Admin"] as const).map(async (role) => ({ role, signed: await t.signIn(role) })));
const callerFor = (route: RouteDef) => {
  const allowed =
    route.access === "public" || route.access === "signed-in" ? callers : callers.filter((c) => (route.access as readonly string[]).includes(c.role));
  return allowed[0];
};

const tested: string[] = [];

describe("a date or month outside 2000-01-01 … 2100-12-31 is a 400 naming the field, on every route", () => {
  for (const route of routes) {
    const key = routeKey(route);
    it(key, async () => {
      const caller = callerFor(route);
      if (!caller) return;
      const fixture = ROUTE_FIXTURES[key];
      const valid = await fixture(world, { role: caller.role, user: caller.signed.user });
      const spots = [...spotsOf(valid).filter((s) => s.path.length > 0), ...(EXTRA_SPOTS[key] ?? [])];
      for (const spot of spots) {
        for (const value of OUTSIDE[spot.kind]) {
          // A fresh fixture each time: a refused call must not depend on the one before.
          const spec = replaced(await fixture(world, { role: caller.role, user: caller.signed.user }), spot, value);
          const res = await sendCall(caller.signed.api.agent, route, spec);
          const label = `${key} with ${spot.where}.${spot.path.join(".")} = ${value}`;
          expect(res.status, `${label} → ${res.status} ${JSON.stringify(res.body)}`).toBe(400);
          const issues = (res.body.issues ?? []) as { path: string }[];
          const field = spot.path[spot.path.length - 1];
          expect(
            issues.some((i) => i.path.split(".").includes(field)) || String(res.body.message).includes(field),
            `${label}: the answer names the field`,
          ).toBe(true);
        }
      }
      if (spots.length > 0) tested.push(key);
    });
  }

  it("covers every route that takes a date or a month", () => {
    const expected = [
      "POST /transactions",
      "PATCH /transactions/:id",
      "PATCH /transactions/:id/payment",
      "POST /transactions/:id/mark-payment-due",
      "PUT /admin/transactions/:id/full-override",
      "POST /admin/budgets",
      "PUT /admin/budgets/:id",
      "POST /hr/employees",
      "PUT /hr/employees/:id",
      "PUT /hr/attendance-policy",
      "GET /hr/attendance",
      "POST /hr/import/upload",
    ];
    expect(expected.filter((k) => !tested.includes(k))).toEqual([]);
  });
});
