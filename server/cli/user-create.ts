// npm run user:create -- --username U --password P --role R --name "N" [--visibility-window 30]
import { parseArgs } from "node:util";
import { loadConfig, loadDotEnv } from "../config";
import { systemClock } from "../clock";
import { openDatabase } from "../db/client";
import { runConfiguredMigrations } from "../db/migrate";
import { createUserSchema } from "../../shared/schemas/users";
import { createUser } from "../services/users";
import { DomainError } from "../services/errors";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        username: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        name: { type: "string" },
        "visibility-window": { type: "string" },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
  const parsed = createUserSchema.safeParse({
    username: values.username,
    password: values.password,
    role: values.role,
    name: values.name,
    visibilityWindowDays: values["visibility-window"],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${String(issue.path[0] ?? "")}: ${issue.message}`);
    console.error('Usage: npm run user:create -- --username U --password P --role R --name "N"');
    return 1;
  }
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await runConfiguredMigrations(config, database);
    const user = await createUser({ db: database.db, clock: systemClock, actor: null }, parsed.data);
    console.log(user.id);
    return 0;
  } catch (err) {
    console.error(err instanceof DomainError ? err.message : `Could not create the user: ${err instanceof Error ? err.message : err}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exit(await main());
