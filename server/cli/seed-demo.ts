// npm run seed:demo: demo users (one per role), categories, three months of transactions, budgets,
// employees and two months of attendance in the configured database (DECISIONS §1). Refuses to run
// with NODE_ENV=production; a second run finds the demo and changes nothing.
import { loadConfig, loadDotEnv } from "../config";
import { openDatabase } from "../db/client";
import { runConfiguredMigrations } from "../db/migrate";
import { createObjectStore } from "../storage";
import { ALREADY_PRESENT_MESSAGE, formatSummary, seedDemo, seedRefusal } from "../demo";

async function main(): Promise<number> {
  loadDotEnv();
  const refusal = seedRefusal(process.env);
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
  const database = await openDatabase(config);
  try {
    await runConfiguredMigrations(config, database);
    console.log(`Seeding demo data into ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite (${config.dataDir})`}…`);
    const summary = await seedDemo(database, createObjectStore(config), { config, log: (line) => console.log(`  ${line}`) });
    if (summary.alreadyPresent) console.log(`${ALREADY_PRESENT_MESSAGE}; nothing was changed.`);
    console.log("");
    console.log(formatSummary(summary, performance.now() - started, database.kind === "postgres" ? "PostgreSQL" : "PGlite"));
    return 0;
  } catch (err) {
    console.error(`Could not seed the demo data: ${err instanceof Error ? err.message : String(err)}`);
    if (process.env.DEBUG) console.error(err);
    return 1;
  } finally {
    await database.close();
  }
}

process.exit(await main());
