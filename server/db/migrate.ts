import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { openPostgres, type DatabaseHandle } from "./client";
import { usernameKey } from "../lib/username-key";
import { MIGRATIONS_FOLDER } from "../paths";

// Several processes may start at once on one PostgreSQL: an advisory lock lets one migrate at a time.
const MIGRATION_LOCK = 727_001;

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    await fillUsernameKeys((text, params) => handle.query(text, params));
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    // A migration may rebuild an index over millions of rows: the requests' statement_timeout is
    // not for it (RESET below gives the connection its pool's limit back).
    await client.query("set statement_timeout = 0");
    // Migrate through the connection that holds the lock (the pool may have only one).
    await migratePg(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    await fillUsernameKeys(async (text, params) => (await client.query(text, params)).rows);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.query("reset statement_timeout").catch(() => {});
    client.release();
  }
}

type Run = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * The data step SQL cannot do (migration 0007): users created before the username_key column get
 * their key from the app's own function, never from the database's lower(). Idempotent: only rows
 * still without a key are touched, so it costs one indexed query on every later start.
 */
export async function fillUsernameKeys(run: Run): Promise<number> {
  const rows = (await run("select id, username from users where username_key is null", [])) as { id: string; username: string }[];
  for (const row of rows) await run("update users set username_key = $1 where id = $2 and username_key is null", [usernameKey(row.username), row.id]);
  return rows.length;
}

/**
 * Migrations as configured: through MIGRATION_DATABASE_URL (the owner role, while the server itself
 * connects as a role that owns nothing) when it is set, else through the server's own handle.
 */
export async function runConfiguredMigrations(config: { migrationDatabaseUrl: string | null }, database: DatabaseHandle | null): Promise<void> {
  if (!config.migrationDatabaseUrl) {
    if (!database) throw new Error("No database to migrate");
    return runMigrations(database);
  }
  const owner = openPostgres(config.migrationDatabaseUrl, { max: 1 });
  try {
    await runMigrations(owner);
  } finally {
    await owner.close();
  }
}
