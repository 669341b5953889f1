import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; the server applies them at start
// on PGlite and on PostgreSQL alike (server/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./migrations",
});
