// What a database error means (db/errors.ts), read from real errors of the database under test:
// Drizzle wraps the driver's error, and a caller may ask about one constraint only.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { TestDatabase } from "../test/databases";
import { createSuiteDatabase } from "../test/harness";
import { departments } from "./schema";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors";

let database: TestDatabase;
beforeAll(async () => {
  database = await createSuiteDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** The error a statement fails with (the test fails if it does not). */
async function failureOf(statement: Promise<unknown>): Promise<unknown> {
  return statement.then(
    () => expect.fail("the statement was expected to fail"),
    (err: unknown) => err,
  );
}

describe("isUniqueViolation", () => {
  it("recognises a duplicate through Drizzle's wrapping, on any constraint or on the one named", async () => {
    const { db } = database;
    const name = `Dept ${crypto.randomUUID()}`;
    await db.insert(departments).values({ name });
    // departments_name_lower_key compares lower(name): the same name in capitals is a duplicate.
    const err = await failureOf(db.insert(departments).values({ name: name.toUpperCase() }));
    expect(err).toHaveProperty("cause.code", "23505");
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, "departments_name_lower_key")).toBe(true);
    expect(isUniqueViolation(err, "employees_code_key")).toBe(false);
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it("is false for another refusal of the database and for errors that are not the database's", async () => {
    const { db } = database;
    const notNull = await failureOf(db.execute(sql`insert into departments (name) values (null)`));
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error("duplicate key value violates unique constraint"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
  });

  it("ends on a cycle of causes", () => {
    const err: { code: string; cause?: unknown } = { code: "XX000" };
    err.cause = err;
    expect(isUniqueViolation(err)).toBe(false);
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
