// DECISIONS §10: no path can make the server log SQL parameters. The errors are real ones from the
// database (PostgreSQL or PGlite), logged through the app's own logger and error handler.
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createApp } from "./app";
import { createLogger } from "./logger";
import { createTestApp, CSRF_HEADER } from "./test/harness";
import { makeUser, TEST_PASSWORD } from "./test/factories";
import supertest from "supertest";

const t = await createTestApp();
afterAll(() => t.close());

function capturingLogger() {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { logger: createLogger("debug", stream), text: () => text };
}

describe("SQL parameters never reach the logs", () => {
  it("a failed query's parameters (drizzle puts them in its message and stack) are not logged", async () => {
    const { logger, text } = capturingLogger();
    const err = await t.db.execute(sql`select ${"PARAM-SECRET-4242"}::int as n`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String(err)).toContain("PARAM-SECRET-4242"); // what would have been logged
    logger.error({ err }, "query failed");
    expect(text()).toContain("query failed");
    expect(text()).not.toContain("PARAM-SECRET-4242");
  });

  it("a unique violation's detail (the row's values) is not logged", async () => {
    const { logger, text } = capturingLogger();
    await t.db.execute(sql`create temporary table secrets_probe (v text unique)`);
    await t.db.execute(sql`insert into secrets_probe values ('DETAIL-SECRET-77')`);
    const err = await t.db.execute(sql`insert into secrets_probe values (${"DETAIL-SECRET-77"})`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    logger.warn({ err }, "duplicate");
    expect(text()).not.toContain("DETAIL-SECRET-77");
  });

  it("a request that fails in the database answers a plain 500 and its log line holds no parameter", async () => {
    const { logger, text } = capturingLogger();
    const { app } = createApp({ ...t.deps, logger });
    const admin = await makeUser(t.db, { role: "SuperAdmin" });
    const agent = supertest.agent(app);
    expect((await agent.post("/api/auth/login").set(CSRF_HEADER).send({ username: admin.username, password: TEST_PASSWORD })).status).toBe(200);
    // The budgets table is gone (a botched deploy, say): the insert fails with its values in the error.
    await t.asOwner((owner) => owner.query("alter table budgets rename to budgets_moved"));
    try {
      const res = await agent
        .post("/api/admin/budgets")
        .set(CSRF_HEADER)
        .send({ name: "BUDGET-SECRET-909", amount: "1000", startDate: "2026-11-01", endDate: "2026-11-30" });
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toMatch(/BUDGET-SECRET-909|budgets|insert|select/i);
      expect(text()).toContain("unhandled error");
      expect(text()).not.toContain("BUDGET-SECRET-909");
    } finally {
      await t.asOwner((owner) => owner.query("alter table budgets_moved rename to budgets"));
    }
  });
});

describe("the request log", () => {
  it("at info, every API request writes its line: method, path without its query, status", async () => {
    const { logger, text } = capturingLogger();
    logger.level = "info";
    const { app } = createApp({ ...t.deps, logger });
    expect((await supertest(app).get("/api/health?probe=QUERY-SECRET-1")).status).toBe(200);
    const line = text()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg?: string; req?: { method: string; url: string }; res?: { statusCode: number } })
      .find((l) => l.msg === "request completed");
    expect(line).toMatchObject({ req: { method: "GET", url: "/api/health" }, res: { statusCode: 200 } });
    expect(text()).not.toContain("QUERY-SECRET-1");
  });

  it("above info, a request writes nothing, and starts writing once the level is lowered", async () => {
    const { logger, text } = capturingLogger();
    logger.level = "warn";
    const { app } = createApp({ ...t.deps, logger });
    expect((await supertest(app).get("/api/health")).status).toBe(200);
    expect((await supertest(app).get("/api/no-such-route")).status).toBe(404);
    expect(text()).toBe("");
    logger.level = "info";
    expect((await supertest(app).get("/api/health")).status).toBe(200);
    expect(text()).toContain("request completed");
  });
});
