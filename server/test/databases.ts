// Test databases: a fresh database per test file, cloned from one migrated template.
// PostgreSQL when TEST_DATABASE_URL is set (CREATE DATABASE … TEMPLATE), PGlite otherwise
// (a data-directory dump loaded into a new in-memory instance), so no file migrates twice.
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { openPglite, openPostgres, type DatabaseHandle } from "../db/client";
import { runMigrations } from "../db/migrate";
import { appRoleGrants } from "../db/roles";

// Names carry the test run's process id, so runs on one server never touch each other's databases;
// leftovers of runs that died are dropped by the next run.
const runId = () => process.env.BMS_TEST_RUN_ID ?? String(process.pid);
export const templateName = (run = runId()) => `bms_tpl_${run}`;

function withDatabase(url: string, database: string, user?: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  if (user) {
    u.username = user;
    u.password = "";
  }
  return u.toString();
}

/**
 * TEST_DATABASE_APP_ROLE=1 (CI runs the API suite once so): every test database is owned by a role
 * that is not a superuser, migrated by it, and the app connects as a third role that owns nothing
 * and has exactly the grants of docs/operations.md (server/db/roles.ts). The test's own superuser
 * connections (fault injection, the template) stay as they are.
 */
export const APP_ROLE_MODE = process.env.TEST_DATABASE_APP_ROLE === "1";
export const TEST_OWNER_ROLE = "bms_test_owner";
export const TEST_APP_ROLE = "bms_test_app";

/**
 * The environment of a server or CLI process a test starts: in app-role mode, migrations go through
 * the owner role (MIGRATION_DATABASE_URL), as a deployment with least privilege does.
 */
export function withMigrationOwner(env: Record<string, string>): Record<string, string> {
  if (!APP_ROLE_MODE || !env.DATABASE_URL || env.MIGRATION_DATABASE_URL) return env;
  const owner = new URL(env.DATABASE_URL);
  owner.username = TEST_OWNER_ROLE;
  owner.password = "";
  return { ...env, MIGRATION_DATABASE_URL: owner.toString() };
}

async function ensureTestRoles(c: pg.Client): Promise<void> {
  for (const role of [TEST_OWNER_ROLE, TEST_APP_ROLE]) {
    // Several runs may start at once: creating a role twice is a harmless error.
    // INHERIT: a database's owner gets CREATE on its public schema through pg_database_owner.
    await c.query(`create role ${role} login nosuperuser nocreatedb nocreaterole inherit`).catch((err: { code?: string }) => {
      if (err.code !== "42710" && err.code !== "23505") throw err;
    });
  }
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
    if (APP_ROLE_MODE) await ensureTestRoles(c);
    await c.query(`create database ${templateName(run)}${APP_ROLE_MODE ? ` owner ${TEST_OWNER_ROLE}` : ""}`);
  });
  // In app-role mode the owner migrates (as a deployment would) and grants the app role its rights.
  const handle = openPostgres(withDatabase(url, templateName(run), APP_ROLE_MODE ? TEST_OWNER_ROLE : undefined), { max: 1 });
  try {
    await runMigrations(handle);
    if (APP_ROLE_MODE) for (const statement of appRoleGrants(TEST_APP_ROLE, TEST_OWNER_ROLE)) await handle.query(statement);
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

/** `ownerUrl`: a URL of the role that owns the database (PostgreSQL), for the few tests that change its schema. */
export type TestDatabase = DatabaseHandle & { ownerUrl: string | null; drop(): Promise<void> };

export async function createTestDatabase(source: { postgresUrl: string | null; pgliteDump: string | null; run?: string | null }): Promise<TestDatabase> {
  if (source.postgresUrl) {
    const run = source.run;
    if (!run) throw new Error("createTestDatabase on PostgreSQL needs the test run id (inject('testRun'))");
    const name = `bms_t_${run}_${crypto.randomBytes(6).toString("hex")}`;
    // CREATE DATABASE from one template must not run twice at once: serialise with a lock.
    await admin(source.postgresUrl, async (c) => {
      await c.query("select pg_advisory_lock(727002)");
      try {
        await c.query(`create database ${name} template ${templateName(run)}${APP_ROLE_MODE ? ` owner ${TEST_OWNER_ROLE}` : ""}`);
      } finally {
        await c.query("select pg_advisory_unlock(727002)");
      }
    });
    const handle = openPostgres(withDatabase(source.postgresUrl, name, APP_ROLE_MODE ? TEST_APP_ROLE : undefined), { max: 20 });
    return {
      ...handle,
      ownerUrl: withDatabase(source.postgresUrl, name, APP_ROLE_MODE ? TEST_OWNER_ROLE : undefined),
      async drop() {
        await handle.close();
        await admin(source.postgresUrl!, (c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const dump = new Blob([fs.readFileSync(source.pgliteDump!)]);
  const handle = await openPglite({ loadDataDir: dump });
  return { ...handle, ownerUrl: null, drop: () => handle.close() };
}
