import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Express } from "express";
import { createTestApp, type TestApp } from "../test/harness";
import { createApp } from "../app";
import { openApiPath } from "./document";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Layer = { route?: { path: string | RegExp; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/** Every method+path Express itself will answer under /api, read from its router stack. */
function expressApiRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === "string") {
        for (const m of Object.keys(layer.route.methods)) found.push(`${m} ${layer.route.path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  // The SPA fallback and the docs pages are not API operations.
  return found.filter((r) => !/ \/(openapi\.json|docs|docs\/init\.js)$/.test(r) && r.split(" ")[1].startsWith("/"));
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 and lists every route the server has, with its access rule", async () => {
    const res = await t.client().get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const documented = new Set<string>();
    for (const [p, ops] of Object.entries(res.body.paths as Record<string, Record<string, { "x-access": unknown }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        documented.add(`${method} ${p}`);
        expect(op["x-access"], `${method} ${p}`).toBeDefined();
      }
    }
    const { app, routes } = createApp(t.deps);
    const served = expressApiRoutes(app).map((r) => {
      const [method, p] = r.split(" ");
      return `${method} ${openApiPath(p).path}`;
    });
    expect(served.length).toBeGreaterThan(50);
    for (const r of served) expect(documented.has(r), `${r} is served but missing from the OpenAPI document`).toBe(true);
    expect(documented.size).toBe(new Set(routes.map((r) => `${r.method} ${openApiPath(r.path).path}`)).size);
  });

  it("describes request bodies from the shared zod schemas", async () => {
    const res = await t.client().get("/api/openapi.json");
    const login = res.body.paths["/auth/login"].post;
    const schema = login.requestBody.content["application/json"].schema;
    expect(schema.properties).toHaveProperty("username");
    expect(schema.properties).toHaveProperty("password");
    expect(login.security).toEqual([]);
  });

  it("is browsable at /api/docs without inline scripts", async () => {
    const res = await t.client().get("/api/docs");
    expect(res.status).toBe(200);
    expect(res.text).toContain("swagger-ui");
    expect(res.text).not.toMatch(/<script>(?!<\/script>)/);
    const init = await t.client().get("/api/docs/init.js");
    expect(init.status).toBe(200);
    expect(init.text).toContain("/api/openapi.json");
  });
});
