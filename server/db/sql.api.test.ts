// preparedStatement (db/sql.ts): a hot read is built once per database and name; outside
// production a name built with another SQL text is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { TestDatabase } from "../test/databases";
import { createSuiteDatabase } from "../test/harness";
import { users } from "./schema";
import { preparedStatement } from "./sql";

let database: TestDatabase;
beforeAll(async () => {
  database = await createSuiteDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe("preparedStatement", () => {
  it("builds a statement once per name and runs it with each call's values", async () => {
    const { db } = database;
    let builds = 0;
    const byUsername = () =>
      preparedStatement(db, "test_user_by_username", (name) => {
        builds++;
        return db.select({ id: users.id }).from(users).where(eq(users.username, sql.placeholder("username"))).prepare(name);
      });
    const first = byUsername();
    expect(await first.execute({ username: "nobody-at-all" })).toEqual([]);
    expect(byUsername()).toBe(first);
    expect(await byUsername().execute({ username: "nobody-else" })).toEqual([]);
    // Outside production each call builds again to compare the SQL; the statement kept is the first.
    expect(builds).toBe(3);
  });

  it("refuses a name built with another SQL text (a shape the name forgot)", () => {
    const { db } = database;
    const shaped = (byRole: boolean) =>
      preparedStatement(db, "test_users_shaped", (name) =>
        db
          .select({ id: users.id })
          .from(users)
          .where(byRole ? eq(users.role, sql.placeholder("role")) : undefined)
          .prepare(name),
      );
    shaped(false);
    expect(() => shaped(true)).toThrow(/test_users_shaped.*another SQL text/);
  });
});
