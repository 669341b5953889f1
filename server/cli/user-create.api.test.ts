import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, withMigrationOwner, type TestDatabase } from "../test/databases";
import { runCli } from "../test/processes";
import { openPglite } from "../db/client";

// The CLI runs against the configured database: a fresh PostgreSQL database when the suite runs
// on PostgreSQL, an embedded database in a temporary DATA_DIR otherwise.
let database: TestDatabase | null = null;
let env: Record<string, string>;
const dataDir = path.join(os.tmpdir(), `bms-cli-${crypto.randomBytes(4).toString("hex")}`);

beforeAll(async () => {
  const postgresUrl = inject("postgresUrl");
  if (postgresUrl) {
    database = await createTestDatabase({ postgresUrl, pgliteDump: null, run: inject("testRun") });
    env = withMigrationOwner({ DATABASE_URL: database.url!, DATA_DIR: dataDir });
  } else {
    env = { DATABASE_URL: "", DATA_DIR: dataDir };
  }
});
afterAll(async () => {
  await database?.drop();
});

const create = (args: string[]) => runCli("server/cli/user-create.ts", args, env);

async function usernamesInDatabase(): Promise<string[]> {
  if (database) return (await database.query<{ username: string }>("select username from users order by username")).map((r) => r.username);
  const handle = await openPglite({ dataDir: path.join(dataDir, "db") });
  try {
    const rows = await handle.db.execute(sql`select username from users order by username`);
    return (rows.rows as { username: string }[]).map((r) => r.username);
  } finally {
    await handle.close();
  }
}

describe("npm run user:create", () => {
  it("creates a user of any role and prints its id; refuses a duplicate (any case) with exit code 1", async () => {
    const ok = await create(["--username", "meera.hr", "--password", "secret12", "--role", "HR Staff", "--name", "Meera Iyer"]);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);

    const dup = await create(["--username", "MEERA.HR", "--password", "secret12", "--role", "Accountant", "--name", "Someone Else"]);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/Username already exists/);

    expect(await usernamesInDatabase()).toEqual(["meera.hr"]);
  }, 90_000);

  it("refuses invalid input with exit code 1 and a clear message", async () => {
    const bad = await create(["--username", "ab", "--password", "123", "--role", "Boss", "--name", "X"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Username must be at least 3 characters/);
    expect(bad.stderr).toMatch(/Password must be at least 6 characters/);
    expect(bad.stderr).toMatch(/Role must be one of/);
  }, 60_000);
});
