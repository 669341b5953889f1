// Test databases: a fresh database per test file, cloned from one migrated template.
// PostgreSQL when TEST_DATABASE_URL is set (CREATE DATABASE … TEMPLATE), PGlite otherwise
// (a data-directory dump loaded into a new in-memory instance), so no file migrates twice.
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { openPglite, openPostgres, type DatabaseHandle } from "../db/client";
import { runMigrations } from "../db/migrate";

// Names carry the test run's process id, so runs on one server never touch each other's databases;
// leftovers of runs that died are dropped by the next run.
const runId = () => process.env.BMS_TEST_RUN_ID ?? String(process.pid);
export const templateName = (run = runId()) => `bms_tpl_${run}`;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Run once per test run (global setup): migrate this run's template. Answers its cleanup. */
export async function preparePostgresTemplate(url: string): Promise<{ run: string; cleanup: () => Promise<void> }> {
  const run = String(process.pid);
  await admin(url, async (c) => {
    const old = await c.query<{ datname: string }>("select datname from pg_database where datname ~ '^bms_(tpl|t)_[0-9]+'");
    for (const { datname } of old.rows) {
      const pid = Number(/^bms_(?:tpl|t)_(\d+)/.exec(datname)![1]);
      if (String(pid) === run || !isAlive(pid)) await c.query(`drop database if exists "${datname}" with (force)`);
    }
    await c.query(`create database ${templateName(run)}`);
  });
  const handle = openPostgres(withDatabase(url, templateName(run)), { max: 1 });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  const cleanup = () =>
    admin(url, async (c) => {
      const mine = await c.query<{ datname: string }>("select datname from pg_database where datname ~ $1", [`^bms_(tpl|t)_${run}(_|$)`]);
      for (const { datname } of mine.rows) await c.query(`drop database if exists "${datname}" with (force)`);
    });
  return { run, cleanup };
}

export async function preparePgliteTemplate(file: string): Promise<void> {
  const handle = await openPglite();
  await runMigrations(handle);
  const dump = await handle.pglite!.dumpDataDir("none");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

export type TestDatabase = DatabaseHandle & { drop(): Promise<void> };

export async function createTestDatabase(source: { postgresUrl: string | null; pgliteDump: string | null; run?: string | null }): Promise<TestDatabase> {
  if (source.postgresUrl) {
    const run = source.run;
    if (!run) throw new Error("createTestDatabase on PostgreSQL needs the test run id (inject('testRun'))");
    const name = `bms_t_${run}_${crypto.randomBytes(6).toString("hex")}`;
    // CREATE DATABASE from one template must not run twice at once: serialise with a lock.
    await admin(source.postgresUrl, async (c) => {
      await c.query("select pg_advisory_lock(727002)");
      try {
        await c.query(`create database ${name} template ${templateName(run)}`);
      } finally {
        await c.query("select pg_advisory_unlock(727002)");
      }
    });
    const handle = openPostgres(withDatabase(source.postgresUrl, name), { max: 20 });
    return {
      ...handle,
      async drop() {
        await handle.close();
        await admin(source.postgresUrl!, (c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const dump = new Blob([fs.readFileSync(source.pgliteDump!)]);
  const handle = await openPglite({ loadDataDir: dump });
  return { ...handle, drop: () => handle.close() };
}
