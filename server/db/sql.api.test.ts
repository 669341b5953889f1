// preparedStatement (db/sql.ts): a hot read is built once per database and name; outside
// production a name built with another SQL text is refused. rowsAsParsed reads such a statement's
// rows (over namedColumns) as Drizzle's own mapping would answer them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { TestDatabase } from "../test/databases";
import { createSuiteDatabase } from "../test/harness";
import { users } from "./schema";
import { namedColumns, preparedStatement, rowsAsParsed } from "./sql";
import { makeUser } from "../test/factories";

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
        return db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.username, sql.placeholder("username")))
          .prepare(name);
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

describe("rowsAsParsed", () => {
  it("answers what Drizzle maps, by the same keys, for every kind of value namedColumns allows", async () => {
    const { db } = database;
    const user = await makeUser(db, { role: "Approver", name: 'A "quoted" name' });
    await db.update(users).set({ approvalLimit: "1234.50" }).where(eq(users.id, user.id));
    const fields = {
      id: users.id,
      name: users.name,
      role: users.role,
      isActive: users.isActive,
      visibilityWindowDays: users.visibilityWindowDays,
      approvalLimit: users.approvalLimit,
      usernameKey: users.usernameKey,
      day: sql<string>`'2026-12-31'::date`,
      noDay: sql<string | null>`null::date`,
      list: sql<unknown[]>`json_build_array(1, 'two', null)`,
      policy: sql<unknown>`'{"approvalsRequired": 2, "rules": []}'::jsonb`,
    };
    const mapped = await db.select(fields).from(users).where(eq(users.id, user.id));
    const statement = preparedStatement(db, "test_rows_as_parsed", (name) =>
      db
        .select(namedColumns(fields))
        .from(users)
        .where(eq(users.id, sql.placeholder("id")))
        .prepare(name),
    );
    const parsed = await rowsAsParsed(statement, { id: user.id });
    expect(parsed).toEqual(mapped);
    expect(parsed[0]).toMatchObject({ approvalLimit: "1234.50", isActive: true, day: "2026-12-31", noDay: null, list: [1, "two", null] });
  });
});
