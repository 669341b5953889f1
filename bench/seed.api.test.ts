// DECISIONS §9: the bench's seeding and preparing are not bound by the statement_timeout its
// server's requests keep (on a slow machine one seeding statement ran 47 s against the 30 s).
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openPostgres } from "../server/db/client";
import { openSeedingPostgres } from "./seed";

const postgresUrl = inject("postgresUrl");
const DB = `bms_bench_seed_${crypto.randomBytes(4).toString("hex")}`;

async function asSuperuser<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: postgresUrl! });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const dbUrl = () => {
  const u = new URL(postgresUrl!);
  u.pathname = `/${DB}`;
  return u.toString();
};

afterAll(async () => {
  if (postgresUrl) await asSuperuser((c) => c.query(`drop database if exists ${DB} with (force)`));
});

describe.runIf(postgresUrl)("the bench's seeding connections", () => {
  it("run a statement past the limit the database and the server's requests set, which the server's pool still cancels", async () => {
    // The database itself sets a short limit, as a host could: only the connection's own setting lifts it.
    await asSuperuser(async (c) => {
      await c.query(`create database ${DB}`);
      await c.query(`alter database ${DB} set statement_timeout = '200ms'`);
    });
    const seeding = openSeedingPostgres(dbUrl());
    try {
      expect(await seeding.query("show statement_timeout")).toEqual([{ statement_timeout: "0" }]);
      expect(await seeding.query("select pg_sleep(0.5)::text as slept")).toEqual([{ slept: "" }]);
    } finally {
      await seeding.close();
    }
    const requests = openPostgres(dbUrl(), { max: 1, statementTimeoutMs: 300 });
    try {
      await expect(requests.query("select pg_sleep(0.5)")).rejects.toMatchObject({ code: "57014" });
    } finally {
      await requests.close();
    }
  });
});
