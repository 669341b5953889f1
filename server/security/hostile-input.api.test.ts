// Hostile input (DECISIONS §2): every route with a body or query schema, and the multipart import,
// is fed wrong types, missing fields, huge strings, odd numbers, control and bidi characters, SQL
// and HTML fragments, nested structures and prototype keys (fast-check, built on each route's valid
// fixture). Every refusal is a 4xx {message} without a stack or SQL, and leaves the database exactly
// as it was (a checksum of every table, the append-only audit table included). A 2xx is accepted
// only because the generated input happened to be valid for that route.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Response } from "supertest";
import { createApp } from "../app";
import type { RouteDef } from "../routes/api-router";
import { CSRF_HEADER, createTestApp } from "../test/harness";
import { ROUTE_FIXTURES, fillPath, routeKey, sendCall, World, type CallSpec } from "../test/route-fixtures";

const t = await createTestApp();
const world = await World.create(t);
const routes: RouteDef[] = createApp(t.deps).routes;
const sa = await t.signIn("SuperAdmin");
const saCaller = { role: "SuperAdmin" as const, user: sa.user };

afterAll(async () => {
  await t.close();
});

const RUNS = { body: 15, query: 12, path: 10 };

// ---------------------------------------------------------------- the database checksum

const { rows: tableRows } = (await t.db.execute(
  sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
)) as unknown as { rows: { table_name: string }[] };
/** Sessions move their expiry on every request (rolling idle timeout): not part of the checksum. */
const TABLES = tableRows.map((r) => r.table_name).filter((n) => n !== "sessions" && !n.startsWith("__drizzle"));
expect(TABLES).toContain("audit_log");

async function checksum(exclude: readonly string[] = []): Promise<Record<string, string>> {
  const parts = TABLES.filter((n) => !exclude.includes(n)).map(
    (n) => `'${n}', (select count(*)::text || ':' || coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') from "${n}" x)`,
  );
  const { rows } = (await t.db.execute(sql.raw(`select json_build_object(${parts.join(", ")})::text as sums`))) as unknown as { rows: { sums: string }[] };
  return JSON.parse(rows[0].sums) as Record<string, string>;
}

// ---------------------------------------------------------------- what an answer may be

// Markers of internals: a stack frame, a driver or database error text.
const LEAKS = [
  /\bat [\w$.<>]+ \(.*:\d+:\d+\)/,
  /node_modules/,
  /syntax error at or near/i,
  /invalid input syntax for/i,
  /violates (?:unique|foreign key|check|not-null) constraint/i,
  /relation "[^"]+"/i,
  /Failed query/i,
  /\bdrizzle\b/i,
  /\bpglite\b/i,
  /unsupported Unicode escape sequence/i,
  /invalid byte sequence/i,
];

function expectSafeAnswer(res: Response, label: string): void {
  const text = res.text ?? "";
  const detail = `${label} → ${res.status} ${text.slice(0, 400)}`;
  // Node itself answers 431 (no body) when the request line and headers pass 16 KB: the request
  // never reaches the app, and nothing can leak.
  if (res.status === 431 && text === "") return;
  expect(res.status, detail).toBeGreaterThanOrEqual(200);
  expect(res.status, detail).toBeLessThan(500);
  expect(res.status === 301 || res.status === 302, detail).toBe(false);
  for (const leak of LEAKS) expect(leak.test(text), `${detail} leaks ${leak}`).toBe(false);
  if (res.status >= 400) {
    expect(res.type, detail).toBe("application/json");
    expect(typeof res.body?.message, detail).toBe("string");
  }
}

function expectNoPollution(): void {
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted).toBeUndefined();
  expect(probe.role).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
}

// ---------------------------------------------------------------- hostile values

const HUGE = "A".repeat(100_000);
function deeplyNested(depth: number): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < depth; i++) v = i % 2 ? { k: v } : [v];
  return v;
}

export const NASTY_STRINGS = [
  "'; drop table users; --",
  '" or 1=1 --',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "\u0000",
  "abc\u0000def",
  "\u202e\u200fevil\u202c",
  "\ud800",
  "\u0007\u001b[31m",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1",
  "-0",
  "0",
  "1.005",
  "123456789012345678901234567890",
  "0x1F",
  "1,000.50",
  " ",
  "",
  "null",
  "true",
  "__proto__",
  "constructor",
  "../../../etc/passwd",
  "%00",
  "${7*7}{{7*7}}",
  "😀".repeat(500),
  "２０２６-１１-１０",
  "2026-02-30",
  "9999-99-99",
  "00000000-0000-0000-0000-000000000000",
  "------------------------------------",
  "all",
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.constant(HUGE) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.001, 1.005, 3.14159, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE, 2 ** 31, -(2 ** 31) - 1),
  fc.integer(),
  fc.double(),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constant(deeplyNested(300)) },
);

/** Raw JSON text a serializer would never write: numbers JSON.parse turns into ±Infinity or 0. */
const RAW_NUMBERS = ["1e999", "-1e999", "1e-999", "123456789012345678901234567890.123", "-0.0"];

type Mutation =
  | { kind: "whole"; value: unknown }
  | { kind: "replace"; keyIndex: number; value: unknown }
  | { kind: "replaceAll"; values: unknown[] }
  | { kind: "drop"; keyIndex: number }
  | { kind: "rawNumber"; keyIndex: number; raw: string }
  | { kind: "prototype"; which: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("whole" as const), value: hostileValue }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("replace" as const), keyIndex: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("replaceAll" as const), values: fc.array(hostileValue, { minLength: 12, maxLength: 12 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("drop" as const), keyIndex: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("rawNumber" as const), keyIndex: fc.nat(), raw: fc.constantFrom(...RAW_NUMBERS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("prototype" as const), which: fc.nat({ max: 2 }) }) },
);

/** The keys a zod object schema names (through pipes, defaults and refinements), for choosing what to break. */
function schemaKeys(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown; innerType?: unknown; options?: unknown[] } } } | undefined;
  if (!s) return [];
  if (s.shape && typeof s.shape === "object") return Object.keys(s.shape);
  const def = s._zod?.def;
  if (def?.in) return schemaKeys(def.in);
  if (def?.innerType) return schemaKeys(def.innerType);
  if (def?.options) return [...new Set(def.options.flatMap(schemaKeys))];
  return [];
}

const PROTOTYPE_BODIES = [
  (base: string) => `{"__proto__": {"polluted": true, "role": "SuperAdmin", "isAdmin": true}, ${base.slice(1)}`,
  (base: string) => `{"constructor": {"prototype": {"polluted": true}}, ${base.slice(1)}`,
  (base: string) => `{"prototype": {"polluted": true}, "__proto__": null, ${base.slice(1)}`,
];

/** The request body text of one mutation of a valid body. */
function mutate(base: Record<string, unknown>, keys: string[], m: Mutation): string {
  const key = (i: number) => keys[i % keys.length];
  switch (m.kind) {
    case "whole":
      return JSON.stringify(m.value) ?? "null";
    case "replace":
      return keys.length ? JSON.stringify({ ...base, [key(m.keyIndex)]: m.value }) : JSON.stringify({ ...base, unexpected: m.value });
    case "replaceAll":
      return JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, m.values[i % m.values.length]])));
    case "drop": {
      const copy = { ...base };
      if (keys.length) delete copy[key(m.keyIndex)];
      return JSON.stringify(copy);
    }
    case "rawNumber": {
      const k = keys.length ? key(m.keyIndex) : "amount";
      const rest = { ...base };
      delete rest[k];
      const restText = JSON.stringify(rest).slice(1);
      return `{${JSON.stringify(k)}: ${m.raw}${restText === "}" ? "}" : `, ${restText}`}`;
    }
    case "prototype": {
      const text = JSON.stringify(base);
      return text === "{}" ? PROTOTYPE_BODIES[m.which]("{}").replace(", }", "}") : PROTOTYPE_BODIES[m.which](text);
    }
  }
}

// ---------------------------------------------------------------- the routes

const isMultipart = (r: RouteDef) => r.path === "/hr/import/upload";
const bodyRoutes = routes.filter((r) => r.body && !isMultipart(r));
const queryRoutes = routes.filter((r) => r.query);
const idRoutes = routes.filter((r) => /:(id|token)\b/.test(r.path));

/** Tables a refused call may still write by design. */
const MAY_WRITE_WHEN_REFUSED: Record<string, string[]> = {
  // A failed sign-in is counted for throttling (DECISIONS §3).
  "POST /auth/login": ["login_failures"],
  // So is a wrong proof of who one is (DECISIONS §13), and a wrong current password (DECISIONS §15).
  "POST /account/verify": ["login_failures"],
  "POST /account/password": ["login_failures"],
  // Every public emergency call is counted for throttling (DECISIONS §5), refused or not.
  "GET /emergency-approval/:token": ["request_hits"],
  // A wrong PIN is counted for its code; the 5th tells every SuperAdmin (DECISIONS §10).
  "POST /emergency-approval/:token": ["request_hits", "emergency_pin_failures", "notifications"],
};

function agentFor(route: RouteDef) {
  return route.access === "public" ? t.client().agent : sa.api.agent;
}

async function resetLockdown() {
  await sa.api.post("/api/admin/emergency-toggle", { enabled: false });
}

describe("hostile JSON bodies: every refusal is a clean 4xx and changes nothing", () => {
  for (const route of bodyRoutes) {
    const key = routeKey(route);
    it(key, async () => {
      const keys0 = schemaKeys(route.body);
      await fc.assert(
        fc.asyncProperty(mutation, async (m) => {
          const spec: CallSpec = await ROUTE_FIXTURES[key](world, saCaller);
          const base = (spec.body ?? {}) as Record<string, unknown>;
          const keys = [...new Set([...Object.keys(base), ...keys0])];
          const text = mutate(base, keys, m);
          const exclude = MAY_WRITE_WHEN_REFUSED[key] ?? [];
          const before = await checksum(exclude);
          const res = await sendCall(agentFor(route), route, { ...spec, body: undefined, raw: { contentType: "application/json", data: text } });
          expectSafeAnswer(res, `${key} ${text.slice(0, 200)}`);
          expectNoPollution();
          if (res.status >= 400)
            expect(await checksum(exclude), `${key} refused (${res.status}) but changed the database: ${text.slice(0, 200)}`).toEqual(before);
        }),
        { numRuns: RUNS.body, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
      );
      if (key === "POST /admin/emergency-toggle") await resetLockdown();
    });
  }
});

describe("malformed and oversized JSON", () => {
  const MALFORMED = ['{"a":', "[1, 2", "{'a': 1}", "NaN", "undefined", '{"a": 1} trailing', "\u0000", '{"a": "\\uZZZZ"}', "{".repeat(5000)];

  for (const route of bodyRoutes) {
    const key = routeKey(route);
    it(`${key}: malformed JSON → 400, 1.1 MB → 413`, async () => {
      const spec = await ROUTE_FIXTURES[key](world, saCaller);
      const before = await checksum(MAY_WRITE_WHEN_REFUSED[key]);
      for (const text of MALFORMED) {
        const res = await sendCall(agentFor(route), route, { ...spec, body: undefined, raw: { contentType: "application/json", data: text } });
        expectSafeAnswer(res, `${key} ${JSON.stringify(text.slice(0, 40))}`);
        expect(res.status, `${key} ${JSON.stringify(text.slice(0, 40))}`).toBe(400);
      }
      const big = JSON.stringify({ ...(spec.body as object), padding: "x".repeat(1_100_000) });
      const res = await sendCall(agentFor(route), route, { ...spec, body: undefined, raw: { contentType: "application/json", data: big } });
      expectSafeAnswer(res, `${key} 1.1 MB`);
      expect(res.status).toBe(413);
      expect(await checksum(MAY_WRITE_WHEN_REFUSED[key])).toEqual(before);
    });
  }
});

/** encodeURIComponent, except that a lone surrogate goes out as the invalid UTF-8 bytes it would be. */
function enc(v: string): string {
  const marked = v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\u0001LONE\u0001");
  return encodeURIComponent(marked).replaceAll("%01LONE%01", "%ED%A0%80");
}

describe("hostile query strings", () => {
  type QueryPart = { key: number; shape: "one" | "repeated" | "bracket" | "absent"; values: string[] };
  const queryString = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 2000)) },
    { weight: 1, arbitrary: fc.constant("A".repeat(5000)) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%FF", "%E0%A4%A", "%u0000") },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  );
  const part: fc.Arbitrary<QueryPart> = fc.record({
    key: fc.nat(),
    shape: fc.constantFrom("one" as const, "repeated" as const, "bracket" as const, "absent" as const),
    values: fc.array(queryString, { minLength: 2, maxLength: 2 }),
  });

  for (const route of queryRoutes) {
    const key = routeKey(route);
    it(key, async () => {
      const keys0 = schemaKeys(route.query);
      await fc.assert(
        fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), async (parts) => {
          const spec = await ROUTE_FIXTURES[key](world, saCaller);
          const keys = [...new Set([...Object.keys(spec.query ?? {}), ...keys0])];
          const q = new Map(Object.entries(spec.query ?? {}).map(([k, v]) => [k, [`${enc(k)}=${enc(v)}`]]));
          for (const p of parts) {
            const k = keys[p.key % keys.length];
            const e = enc;
            if (p.shape === "absent") q.delete(k);
            else if (p.shape === "one") q.set(k, [`${e(k)}=${e(p.values[0])}`]);
            else if (p.shape === "repeated")
              q.set(
                k,
                p.values.map((v) => `${e(k)}=${e(v)}`),
              );
            else q.set(k, [`${e(k)}[${e(p.values[0])}]=${e(p.values[1])}`, `${e(k)}[]=${e(p.values[1])}`]);
          }
          const url = `/api${fillPath(route.path, spec.params)}?${[...q.values()].flat().join("&")}`;
          const before = await checksum();
          const res = await agentFor(route).get(url);
          expectSafeAnswer(res, `${key} ${url.slice(0, 300)}`);
          if (res.status >= 400) expect(await checksum()).toEqual(before);
        }),
        { numRuns: RUNS.query },
      );
    });
  }
});

const DASHES_ID = "------------------------------------";

describe("hostile path ids: 404 (or 400), never a 500", () => {
  const ids = fc.oneof(
    fc.constantFrom(
      "'; drop table users; --",
      "------------------------------------",
      "00000000-0000-0000-0000-00000000000g",
      "00000000-0000-0000-0000-000000000000",
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "1",
      "-1",
      "NaN",
      "null",
      "<script>",
      "\u0000",
      "\u202e",
      "%",
      "..",
      "a".repeat(3000),
      "😀",
    ),
    fc.string({ unit: "binary", minLength: 1, maxLength: 40 }),
  );

  for (const route of idRoutes) {
    const key = routeKey(route);
    it(key, async () => {
      await fc.assert(
        fc.asyncProperty(ids, async (id) => {
          const spec = await ROUTE_FIXTURES[key](world, saCaller);
          const name = route.path.includes(":token") ? "token" : "id";
          const params = { ...spec.params, [name]: id };
          const before = await checksum(MAY_WRITE_WHEN_REFUSED[key]);
          const res = await sendCall(agentFor(route), route, { ...spec, params });
          expectSafeAnswer(res, `${key} id=${JSON.stringify(id.slice(0, 60))}`);
          expect([400, 404, 429], `${key} id=${JSON.stringify(id.slice(0, 60))} → ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
          expect(await checksum(MAY_WRITE_WHEN_REFUSED[key])).toEqual(before);
        }),
        { numRuns: RUNS.path },
      );
    });
    it(`${key}: an id of 36 dashes is a 404`, async () => {
      const spec = await ROUTE_FIXTURES[key](world, saCaller);
      const name = route.path.includes(":token") ? "token" : "id";
      const res = await sendCall(agentFor(route), route, { ...spec, params: { ...spec.params, [name]: DASHES_ID } });
      expectSafeAnswer(res, `${key} id=${DASHES_ID}`);
      // The public emergency calls are throttled per address (30 a minute): by now this file may have spent them.
      expect(route.access === "public" ? [404, 429] : [404]).toContain(res.status);
    });
  }
});

describe("the multipart import (POST /api/hr/import/upload)", () => {
  const importRoute = routes.find(isMultipart)!;
  const upload = () => sa.api.agent.post("/api/hr/import/upload").set(CSRF_HEADER);

  it("hostile fields and files are refused cleanly and store nothing", async () => {
    const files = fc.oneof(
      fc.constant(null),
      fc.record({
        name: fc.constantFrom("punches.csv", "../../etc/passwd", "<script>.csv", "evil\u202ecsv.exe", "a".repeat(300) + ".csv", "photo.png"),
        contentType: fc.constantFrom("text/csv", "image/png", "application/octet-stream", "text/html"),
        data: fc.oneof(
          fc.constant(Buffer.from("")),
          fc.constant(Buffer.from("\u0000\u0001\u0002binary\u00ff")),
          fc.constant(Buffer.from("not,a,punch,file\n1,2,3,4\n")),
          fc.constant(Buffer.from("<html><script>alert(1)</script></html>")),
          fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
        ),
        field: fc.constantFrom("csvFile", "file", "csvFile[]"),
      }),
    );
    const month = fc.oneof(
      hostileString.filter((s) => s.length <= 2000),
      fc.constant("A".repeat(5000)),
      fc.constant(undefined),
    );
    await fc.assert(
      fc.asyncProperty(files, month, fc.option(hostileString.filter((s) => s.length < 100)), async (file, m, dryRun) => {
        const before = await checksum();
        let req = upload();
        if (m !== undefined) req = req.field("month", m);
        if (dryRun !== null) req = req.field("dryRun", dryRun);
        if (file) req = req.attach(file.field, file.data, { filename: file.name, contentType: file.contentType });
        else req = req.field("note", "no file");
        const res = await req;
        const label = `${routeKey(importRoute)} month=${JSON.stringify(String(m).slice(0, 40))} file=${file ? `${file.field}:${file.name.slice(0, 30)}` : "none"}`;
        expectSafeAnswer(res, label);
        if (res.status >= 400) expect(await checksum(), label).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });

  it("a JSON body, or no body, is a 400 (the file is required)", async () => {
    for (const res of [await upload().send({ month: "2026-11" }), await upload()]) {
      expectSafeAnswer(res, "import without a file");
      expect(res.status).toBe(400);
    }
  });

  it("a CSV full of injections is read as data: a clean answer, the bad rows reported", async () => {
    // A nonce keeps the names from matching an employee an earlier fuzzed call created (an HTML
    // fragment is a valid employee name: it is data).
    const n = `${Date.now()}`;
    const rows = [
      `=cmd|' /C calc'!A0 ${n},2026-11-03,09:20,IN`,
      `'; drop table users; -- ${n},2026-11-03,09:20,IN`,
      `<script>alert(1)</script>${n},2026-11-03,18:00,OUT`,
      "x,2026-13-45,25:99,SIDEWAYS",
      `${"N".repeat(10_000)},2026-11-04,09:00,IN`,
      `\u202e\u200f${n},2026-11-05,09:00,in`,
    ];
    const data = Buffer.from(["Employee Name,Date,Time,Event Type", ...rows].join("\r\n"));
    const res = await upload().field("month", "2026-11").attach("csvFile", data, { filename: "punches.csv", contentType: "text/csv" });
    expectSafeAnswer(res, "import of injections");
    expect(res.status).toBe(200);
    expect(res.body.totalRows).toBe(rows.length);
    expect(res.body.processedEvents).toBe(0);
  });
});

describe("text with NUL characters (PostgreSQL stores U+0000 in neither text nor jsonb)", () => {
  // Found by this suite: each of these was a 500 before server/services/validation.ts refused NUL.
  const cases: { key: string; mutate: (body: Record<string, unknown>) => unknown }[] = [
    { key: "POST /auth/login", mutate: (b) => ({ ...b, username: "admin\u0000" }) },
    { key: "POST /transactions", mutate: (b) => ({ ...b, description: "Printer\u0000ink" }) },
    { key: "POST /categories", mutate: (b) => ({ ...b, name: "Travel\u0000" }) },
    { key: "POST /admin/users", mutate: (b) => ({ ...b, name: "Asha\u0000" }) },
    { key: "POST /admin/budgets", mutate: (b) => ({ ...b, name: "Q4\u0000" }) },
    { key: "POST /hr/employees", mutate: (b) => ({ ...b, employeeName: "Ravi\u0000" }) },
    { key: "POST /hr/departments", mutate: () => ({ name: "Sales\u0000" }) },
    { key: "PUT /hr/attendance/:id", mutate: (b) => ({ ...b, reason: "late\u0000" }) },
    { key: "POST /hr/name-mappings", mutate: (b) => ({ ...b, csvName: "RAVI\u0000K" }) },
    { key: "PUT /admin/transactions/:id/full-override", mutate: (b) => ({ ...b, customFieldValues: { "gst\u0000in": "x" } }) },
  ];
  for (const c of cases) {
    it(`${c.key}: a NUL in a field is a 400 naming the field`, async () => {
      const route = routes.find((r) => routeKey(r) === c.key)!;
      const spec = await ROUTE_FIXTURES[c.key](world, saCaller);
      const before = await checksum(MAY_WRITE_WHEN_REFUSED[c.key]);
      const res = await sendCall(agentFor(route), route, { ...spec, body: c.mutate(spec.body as Record<string, unknown>) });
      expectSafeAnswer(res, c.key);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "invalid_input", issues: [{ path: expect.any(String), message: expect.stringContaining("NUL") }] });
      expect(await checksum(MAY_WRITE_WHEN_REFUSED[c.key])).toEqual(before);
    });
  }

  for (const url of [
    "/api/transactions?search=ab%00c",
    "/api/transactions/export?search=ab%00c",
    "/api/audit?action=a%00",
    "/api/audit/export.csv?search=%00",
    "/api/hr/employees?search=%00",
  ]) {
    it(`GET ${url} is a 400, not a 500 (nor a cut stream)`, async () => {
      const res = await sa.api.get(url);
      expectSafeAnswer(res, url);
      expect(res.status).toBe(400);
    });
  }

  it("a NUL deep inside a nested body is found too", async () => {
    const text = `{"approvers": ${"[".repeat(10_000)}"x\\u0000"${"]".repeat(10_000)}}`;
    const res = await sa.api.agent.put("/api/admin/emergency-approvers").set(CSRF_HEADER).set("Content-Type", "application/json").send(text);
    expectSafeAnswer(res, "deep NUL");
    expect(res.status).toBe(400);
  });
});

describe("deeply nested JSON", () => {
  it("100,000 levels of arrays is a clean 4xx", async () => {
    const text = `{"approvers": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const res = await sa.api.agent.put("/api/admin/emergency-approvers").set(CSRF_HEADER).set("Content-Type", "application/json").send(text);
    expectSafeAnswer(res, "100k nesting");
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
