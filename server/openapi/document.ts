// The OpenAPI 3.1 document, generated from the routes' own declarations and their shared zod
// schemas (never written by hand): every route the server has is in it by construction.
import { z } from "zod";
import type { RouteDef } from "../routes/api-router";

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Express `/transactions/:id` → OpenAPI `/transactions/{id}`; `*name` splats become one parameter. */
export function openApiPath(expressPath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = expressPath.replace(/[:*]([A-Za-z0-9_]+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  required: ["message"],
  properties: {
    message: { type: "string" },
    code: { type: "string" },
    issues: { type: "array", items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } } },
  },
};

function errorResponses(def: RouteDef): Record<string, unknown> {
  const ref = { content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  const out: Record<string, unknown> = {};
  if (def.body || def.query) out["400"] = { description: "Invalid input: one issue per field", ...ref };
  if (def.access !== "public") out["401"] = { description: "Not signed in", ...ref };
  // Sign-in's own refusals: wrong credentials or code (or no second step waiting), the lockdown, the throttle.
  if (def.path === "/auth/login" || def.path.startsWith("/auth/second-factor")) {
    out["401"] = { description: "Wrong username, password or code; or no sign-in waits for a second step", ...ref };
    out["423"] = { description: "Emergency lockdown: only SuperAdmins sign in", ...ref };
    out["429"] = { description: "Too many failed sign-in attempts for this username or address", ...ref };
  }
  if (def.access !== "public" && def.access !== "signed-in") out["403"] = { description: `Signed in but not one of: ${def.access.join(", ")}`, ...ref };
  if (def.method !== "get") out["403"] ??= { description: "CSRF check failed", ...ref };
  if (def.path.includes(":")) out["404"] = { description: "No such thing, or not visible to you", ...ref };
  if (def.method !== "get") out["409"] = { description: "Not allowed in the current state", ...ref };
  return out;
}

export function buildOpenApiDocument(routes: RouteDef[], info: { version: string; serverUrl: string }): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const { path, params } = openApiPath(def.path);
    const declared = (def.params ? (toSchema(def.params).properties ?? {}) : {}) as Record<string, JsonSchema>;
    const parameters: unknown[] = params.map((name) => ({ name, in: "path", required: true, schema: declared[name] ?? { type: "string" } }));
    if (def.query) {
      const q = toSchema(def.query);
      const props = (q.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((q.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries(props)) parameters.push({ name, in: "query", required: required.has(name), schema });
    }
    const operation: Record<string, unknown> = {
      operationId: `${def.method}${path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: def.summary,
      tags: [def.tag ?? path.split("/")[1] ?? "api"],
      "x-access": def.access === "public" ? "public" : def.access === "signed-in" ? "any signed-in user" : def.access,
      security: def.access === "public" ? [] : [{ session: [] }],
      parameters,
      responses: {
        [String(def.status ?? 200)]: def.produces
          ? { description: "Streamed file", content: { [def.produces]: { schema: { type: "string", format: "binary" } } } }
          : {
              description: def.status === 201 ? "Created" : "OK",
              content: { "application/json": { schema: def.answer ? toSchema(def.answer, "output") : {} } },
            },
        ...errorResponses(def),
      },
    };
    if (def.body) {
      const multipart = def.produces === undefined && def.tag === "multipart";
      operation.requestBody = { required: true, content: { [multipart ? "multipart/form-data" : "application/json"]: { schema: toSchema(def.body) } } };
    }
    (paths[path] ??= {})[def.method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Business Management System API",
      version: info.version,
      description:
        "Finance & HR Management Platform. JSON in and out; money is a decimal string with at most 2 fraction digits. " +
        "Every state-changing call needs the header `X-Requested-With: XMLHttpRequest` (CSRF) and a session cookie from POST /api/auth/login.",
    },
    servers: [{ url: `${info.serverUrl}/api` }],
    components: {
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "bms.sid" } },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
}
