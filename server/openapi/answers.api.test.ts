// The published contract holds for what the server really answers: every route of the
// permission matrix is called by a role it allows, with its fixture, and the live answer is
// validated against /api/openapi.json by a third-party JSON Schema validator (Ajv, draft 2020-12),
// not by the project's own zod. The document itself describes every answer: no JSON success
// response with an empty schema, every error answer in the DECISIONS §2 shape.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../shared/constants";
import { createApp } from "../app";
import type { RouteDef } from "../routes/api-router";
import { createTestApp } from "../test/harness";
import { ROUTE_FIXTURES, routeKey, sendCall, World } from "../test/route-fixtures";
import { openApiPath } from "./document";

const t = await createTestApp();
const world = await World.create(t);
const routes: RouteDef[] = [...createApp(t.deps).routes].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
const doc = (await t.client().get("/api/openapi.json")).body as {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>>;
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(doc, "openapi.json");
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

afterAll(async () => {
  await t.close();
});

const allows = (route: RouteDef, role: Role) => route.access === "public" || route.access === "signed-in" || route.access.includes(role);

describe("the document", () => {
  it("describes every JSON answer: no success response has an empty schema", () => {
    const empty: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(op.responses)) {
          const schema = response.content?.["application/json"]?.schema;
          if (status.startsWith("2") && schema && Object.keys(schema).length === 0) empty.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(empty).toEqual([]);
  });

  it("describes every error answer with the one error shape of DECISIONS §2", () => {
    const others: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (!/^[45]/.test(status)) continue;
          if (response.content?.["application/json"]?.schema?.$ref !== "#/components/schemas/Error") others.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(others).toEqual([]);
  });
});

describe("every live answer matches the document", () => {
  for (const route of routes) {
    const key = routeKey(route);
    const role = ROLES.find((r) => allows(route, r))!;
    it(`${key} as ${route.access === "public" ? "anyone" : role}`, async () => {
      const spec = await ROUTE_FIXTURES[key]!(world, route.access === "public" ? null : { role, user: (await signedIn(role)).user });
      const agent = route.access === "public" || spec.endsSession ? (await t.signIn(role)).api.agent : (await signedIn(role)).api.agent;
      const res = await sendCall(agent, route, spec);
      const { path } = openApiPath(route.path);
      const responses = doc.paths[path]?.[route.method]?.responses ?? {};
      expect(Object.keys(responses), `${key} answered ${res.status}, a status its document does not name`).toContain(String(res.status));
      const type = String(res.headers["content-type"] ?? "");
      if (!type.startsWith("application/json")) {
        expect(route.produces, `${key} answered ${type} but declares JSON`).toBeDefined();
        return;
      }
      const validate = ajv.getSchema(
        `openapi.json#/${pointer("paths", path, route.method, "responses", String(res.status), "content", "application/json", "schema")}`,
      );
      expect(validate, `${key}: no schema for ${res.status}`).toBeDefined();
      const ok = validate!(res.body);
      expect(ok, `${key} ${res.status}: ${ajv.errorsText(validate!.errors)}\n${JSON.stringify(res.body).slice(0, 400)}`).toBe(true);
    });
  }
});

const sessions = new Map<Role, Awaited<ReturnType<typeof t.signIn>>>();
async function signedIn(role: Role) {
  if (!sessions.has(role)) sessions.set(role, await t.signIn(role));
  return sessions.get(role)!;
}
