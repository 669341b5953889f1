// Every foreign key that is filtered or joined on has an index whose first column is the key's
// column: without one, deleting a user (hasHistory looks in every table that names users) or a
// transaction scans whole tables. The catalogue is read from the migrated database, so a new
// foreign key without an index fails here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "../test/databases";
import { createSuiteDatabase } from "../test/harness";

// Keys never filtered or joined on, each with its reason.
const NOT_LOOKED_UP: Record<string, string> = {
  // Tables of one row or a handful: reading the table is the index.
  "attendance_policy.updated_by": "one row",
  "settings.updated_by": "a handful of rows",
  "emergency_approver_pins.updated_by": "a handful of rows",
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createSuiteDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe("foreign keys", () => {
  it("each has an index led by its column, unless it is never looked up", async () => {
    const keys = await database.query<{ key: string; indexed: boolean }>(
      `select c.conrelid::regclass::text || '.' || a.attname as key,
              exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]) as indexed
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and c.connamespace = 'public'::regnamespace
       order by 1`,
    );
    expect(keys.length).toBeGreaterThan(20);
    const missing = keys.filter((k) => !k.indexed && !(k.key in NOT_LOOKED_UP)).map((k) => k.key);
    expect(missing).toEqual([]);
    // The exceptions are real keys (a renamed column would otherwise leave a stale exception behind).
    const known = new Set(keys.map((k) => k.key));
    expect(Object.keys(NOT_LOOKED_UP).filter((k) => !known.has(k))).toEqual([]);
  });
});
