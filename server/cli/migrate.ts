// npm run db:migrate: apply the migrations and stop (a deployment's first step, as the owner role:
// MIGRATION_DATABASE_URL when set, else DATABASE_URL, else the embedded database). npm start runs
// them too; this is for setting up the app role's grants before the first start (docs/operations.md).
import { loadConfig, loadDotEnv } from "../config";
import { openDatabase } from "../db/client";
import { runConfiguredMigrations } from "../db/migrate";

loadDotEnv();
const config = loadConfig();
const database = config.migrationDatabaseUrl ? null : await openDatabase(config);
try {
  await runConfiguredMigrations(config, database);
  console.log("Migrations applied.");
} catch (err) {
  console.error("Could not apply the migrations:", err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database?.close();
}
