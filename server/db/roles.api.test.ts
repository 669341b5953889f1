// Least privilege in the database (DECISIONS §10), on a real PostgreSQL: the owner migrates, the app
// role gets exactly docs/operations.md's grants (server/db/roles.ts), and then the app role cannot
// touch the audit trail's history, change the schema or switch triggers off, while it can do what
// serving needs. (CI also runs the whole API suite as such a role: TEST_DATABASE_APP_ROLE=1.)
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openPostgres } from "./client";
import { runMigrations } from "./migrate";
import { appRoleGrants } from "./roles";

const postgresUrl = inject("postgresUrl");
const suffix = crypto.randomBytes(4).toString("hex");
const OWNER = `bms_owner_${suffix}`;
const APP = `bms_app_${suffix}`;
const DB = `bms_roles_${suffix}`;

const urlFor = (user: string) => {
  const u = new URL(postgresUrl!);
  u.pathname = `/${DB}`;
  u.username = user;
  u.password = "";
  return u.toString();
};

async function asSuperuser<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: postgresUrl! });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  if (!postgresUrl) return;
  await asSuperuser(async (c) => {
    await c.query(`drop database if exists ${DB} with (force)`);
    await c.query(`drop role if exists ${APP}`);
    await c.query(`drop role if exists ${OWNER}`);
  });
});

describe.runIf(postgresUrl)("the app role of docs/operations.md", () => {
  it("reads and writes what serving needs, and cannot alter the audit trail, the schema or the triggers", async () => {
    await asSuperuser(async (c) => {
      await c.query(`create role ${OWNER} login nosuperuser`);
      await c.query(`create role ${APP} login nosuperuser`);
      await c.query(`create database ${DB} owner ${OWNER}`);
    });
    const owner = openPostgres(urlFor(OWNER), { max: 1 });
    await runMigrations(owner);
    for (const statement of appRoleGrants(APP, OWNER)) await owner.query(statement);
    await owner.close();

    const app = new pg.Client({ connectionString: urlFor(APP) });
    await app.connect();
    try {
      const privilege = async (table: string, what: string) =>
        (await app.query<{ ok: boolean }>("select has_table_privilege(current_user, $1, $2) as ok", [table, what])).rows[0].ok;
      expect(await privilege("audit_log", "INSERT")).toBe(true);
      expect(await privilege("audit_log", "SELECT")).toBe(true);
      for (const what of ["UPDATE", "DELETE", "TRUNCATE"]) expect(await privilege("audit_log", what), `audit_log ${what}`).toBe(false);
      for (const table of ["users", "transactions", "sessions", "punch_days", "attendance_days"]) {
        for (const what of ["SELECT", "INSERT", "UPDATE", "DELETE"]) expect(await privilege(table, what), `${table} ${what}`).toBe(true);
      }
      const refused = (text: string) =>
        app.query(text).then(
          () => "allowed",
          (err: Error) => err.message,
        );
      expect(await refused("update audit_log set action = 'x'")).toMatch(/permission denied/);
      expect(await refused("delete from audit_log")).toMatch(/permission denied/);
      expect(await refused("truncate audit_log")).toMatch(/permission denied/);
      // Not a superuser: it cannot switch the triggers off, not even for its own transaction.
      expect(await refused("set session_replication_role = replica")).toMatch(/permission denied/);
      expect(await refused("alter table audit_log disable trigger all")).toMatch(/must be owner/);
      expect(await refused("create table sneaky (x int)")).toMatch(/permission denied/);
      // What serving needs: the transaction number sequence, rows written (the search copy's trigger included).
      expect((await app.query("select nextval('transaction_number_seq') as n")).rows[0].n).toBeDefined();
      const [category] = (await app.query("select id from categories where name = 'Travel'")).rows;
      const [user] = (
        await app.query(
          "insert into users (username, username_key, name, role, password_hash) values ('rolecheck', 'rolecheck', 'Role Check', 'Accountant', 'x') returning id",
        )
      ).rows;
      await app.query(
        "insert into transactions (category_id, amount, transaction_date, description, created_by) values ($1, '10.00', '2026-11-20', 'Taxi', $2)",
        [category.id, user.id],
      );
      expect((await app.query("select count(*)::int as n from transaction_search")).rows[0].n).toBe(1);
      await app.query("insert into audit_log (action, entity_type, entity_id) values ('check', 'system', 'roles')");
    } finally {
      await app.end();
    }
  });
});

describe("docs/operations.md shows the grants the code applies", () => {
  it("every statement of server/db/roles.ts, for bms_app and bms_owner, is in the document", () => {
    const doc = fs.readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");
    for (const statement of appRoleGrants("bms_app", "bms_owner")) expect(doc, statement).toContain(statement);
  });
});
