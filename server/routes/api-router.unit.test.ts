// The router checks a route's declared params, query and body before its handler runs:
// the handler gets the parsed values; a path naming nothing is 404, bad input 400, and in both
// cases the handler never runs. Also: no route module parses its own input.
import fs from "node:fs";
import path from "node:path";
import express from "express";
import pino from "pino";
import supertest from "supertest";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { ApiRouter } from "./api-router";
import { errorHandler } from "../middlewares/errors";
import { idParamsOf } from "../../shared/schemas/params";

function appWith(build: (api: ApiRouter) => void) {
  const api = new ApiRouter();
  build(api);
  const app = express();
  app.use(express.json());
  app.use("/api", api.router);
  app.use(errorHandler(pino({ level: "silent" })));
  return app;
}

const ID = "7b0f3c1e-2f4a-4c1b-9d3e-5a6b7c8d9e0f";

describe("ApiRouter input", () => {
  it("hands the handler the parsed params, query and body (trimmed, coerced, defaults filled)", async () => {
    const seen: unknown[] = [];
    const app = appWith((api) =>
      api.add(
        {
          method: "post",
          path: "/things/:id",
          access: "public",
          summary: "test",
          params: idParamsOf("Thing"),
          query: z.object({ page: z.coerce.number().int().min(1).default(1) }),
          body: z.object({ name: z.string().trim().min(1, "Name is required"), count: z.number().default(3) }),
        },
        (_req, _res, input) => {
          seen.push(input);
          return { ok: true };
        },
      ),
    );
    const res = await supertest(app).post(`/api/things/${ID}?page=2`).send({ name: "  Toner  ", extra: "dropped" });
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ params: { id: ID }, query: { page: 2 }, body: { name: "Toner", count: 3 } }]);
  });

  it("answers 404 for a path naming nothing and 400 for a bad query or body, without running the handler", async () => {
    let runs = 0;
    const app = appWith((api) =>
      api.add(
        {
          method: "put",
          path: "/things/:id",
          access: "public",
          summary: "test",
          params: idParamsOf("Thing"),
          query: z.object({ page: z.coerce.number({ error: "page must be a number" }).optional() }),
          body: z.object({ name: z.string({ error: "Name is required" }) }),
        },
        () => {
          runs += 1;
          return { ok: true };
        },
      ),
    );
    const notAnId = await supertest(app).put("/api/things/not-a-uuid").send({ name: "x" });
    expect(notAnId.status).toBe(404);
    expect(notAnId.body).toEqual({ message: "Thing not found", code: "not_found" });
    // The path is checked first: a bad id with a bad body is still "not found".
    expect((await supertest(app).put("/api/things/not-a-uuid").send({})).status).toBe(404);
    const badBody = await supertest(app).put(`/api/things/${ID}`).send({});
    expect(badBody.status).toBe(400);
    expect(badBody.body).toMatchObject({ message: "Name is required", code: "invalid_input", issues: [{ path: "name", message: "Name is required" }] });
    const badQuery = await supertest(app).put(`/api/things/${ID}?page=abc`).send({ name: "x" });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.issues).toEqual([{ path: "page", message: "page must be a number" }]);
    expect(runs).toBe(0);
  });

  it("leaves a body marked bodyCheckedInOrder to its handler (the emergency decision's fixed order)", async () => {
    const app = appWith((api) =>
      api.add(
        { method: "post", path: "/ordered", access: "public", summary: "test", body: z.object({ pin: z.string() }), bodyCheckedInOrder: true },
        (req, _res, input) => ({ sent: req.body, parsed: input.body ?? null }),
      ),
    );
    const res = await supertest(app).post("/api/ordered").send({ pin: 42 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: { pin: 42 }, parsed: null });
  });
});

describe("route modules", () => {
  it("parse none of their own input: no zod parse of req.body, req.query or req.params in server/routes", () => {
    const dir = path.join(__dirname);
    const offenders: string[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.includes(".test.") && !f.includes("fixtures") && f !== "api-router.ts")) {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      for (const m of text.matchAll(/\b(?:safeParse|parse|parseParams)\([^)]*req\.(?:body|query|params)/g)) offenders.push(`${file}: ${m[0]}`);
      for (const m of text.matchAll(/String\(req\.params\.|\bidParam\(/g)) offenders.push(`${file}: ${m[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});
