// Least privilege in the database (DECISIONS §10). Two roles: an owner that runs the migrations
// and owns every table, and an app role that serves requests. The app role reads and writes rows
// but owns nothing: it cannot change the schema, switch triggers off (session_replication_role is
// a superuser's), or UPDATE, DELETE or TRUNCATE the audit table, by privilege and not only by the
// trigger. docs/operations.md shows these statements (a unit test keeps the two the same).

/** Run once per database, as its owner, after the first migration (the default privileges cover later tables). */
export function appRoleGrants(app: string, owner: string): string[] {
  return [
    `GRANT USAGE ON SCHEMA public TO ${app};`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app};`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${app};`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app};`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${app};`,
    `REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${app};`,
  ];
}
