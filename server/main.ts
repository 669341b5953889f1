// The server process: database, migrations, first SuperAdmin, event bus, HTTP app (+ sockets), listen.
import { systemClock } from "./clock";
import { serviceContext } from "./services/context";
import http from "node:http";
import path from "node:path";
import { loadConfig, loadDotEnv, type Config } from "./config";
import { createLogger } from "./logger";
import { openDatabase } from "./db/client";
import { runConfiguredMigrations } from "./db/migrate";
import { createInProcessBus, createPostgresBus, type EventBus } from "./realtime/bus";
import { createApp } from "./app";
import { ensureFirstSuperAdmin } from "./services/bootstrap";
import type { AppDeps } from "./context";
import { createObjectStore } from "./storage";
import { attachSocketHub } from "./realtime/hub";
import { startPendingFeed } from "./services/transactions/pending-feed";
import { sweepUnregisteredUploads, UPLOAD_SWEEP_INTERVAL_MS } from "./services/uploads/attachment-sweep";
import { removeOrphanedUploads } from "./services/uploads/import-files";
import { pruneExpired, PRUNE_INTERVAL_MS } from "./services/prune";
import { announceDelegationsBeginning, DELEGATION_ANNOUNCE_INTERVAL_MS } from "./services/delegations";
import { CLIENT_DIR } from "./paths";
import { foldAnswerChangesEvery } from "./answer-cache/version";
import { startOutboxWorker } from "./services/delivery/outbox-worker";
import { ensureVapidKeys } from "./services/delivery/push";

export type RunningServer = { server: http.Server; deps: AppDeps; url: string; stop(): Promise<void> };

export async function startServer(config: Config = loadConfig(), options: { clientDir?: string } = {}): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  // A lost connection fails only the query it carried (a 503 for a request); the pool replaces it.
  const database = await openDatabase(config, (err) => logger.warn({ err }, "database connection lost"));
  await runConfiguredMigrations(config, database);
  await ensureFirstSuperAdmin({ db: database.db, clock: systemClock, config }, (line) => console.log(line));
  // DECISIONS §14: the Web Push key pair is made at the first start (unless the environment gives one).
  await ensureVapidKeys(database.db, config);
  // A process killed in the middle of an import leaves its upload behind (its database work was
  // rolled back with its transaction); nothing else does.
  const orphans = await removeOrphanedUploads().catch((err: unknown) => (logger.warn({ err }, "could not remove orphaned uploads"), 0));
  if (orphans > 0) logger.info({ files: orphans }, "removed uploads left by killed imports");
  const bus: EventBus = database.kind === "postgres" ? await createPostgresBus(database.url!, database.pool!, logger) : createInProcessBus(database.pglite);
  const deps: AppDeps = { database, bus, config, logger, clock: systemClock, storage: createObjectStore(config) };
  const { app, sessionStore, sessionMiddleware } = createApp(deps, { clientDir: options.clientDir ?? CLIENT_DIR });

  const server = http.createServer(app);
  const hub = attachSocketHub({ server, sessionMiddleware, bus, db: database.db, config, logger, clock: deps.clock });
  // Approvers' and SuperAdmins' apps keep their pending lists from what it tells their sockets.
  const pendingFeed = startPendingFeed({ db: database.db, bus, hub, clock: deps.clock, config, logger });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  // PORT=0 binds a free port: a default PUBLIC_URL ('http://localhost:0') then names the port
  // actually bound, so the links in emergency approval messages open this server.
  if (config.port === 0 && config.publicUrl === "http://localhost:0") config.publicUrl = url;
  logger.info({ port, database: database.kind }, "server listening");

  const pruneTimer = setInterval(() => void pruneExpired(database.db, sessionStore, deps.clock()), PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  const sweepUploads = () =>
    sweepUnregisteredUploads(serviceContext(deps)).then(
      (deleted) => deleted > 0 && logger.info({ deleted }, "deleted unregistered uploads"),
      (err) => logger.warn({ err }, "sweep of unregistered uploads failed"),
    );
  const firstSweep = setTimeout(() => void sweepUploads(), 60_000);
  const sweepTimer = setInterval(() => void sweepUploads(), UPLOAD_SWEEP_INTERVAL_MS);
  firstSweep.unref();
  sweepTimer.unref();
  // A delegation recorded for a later day is announced to its delegate on its first day; nothing
  // else runs at midnight, so each process looks at start and every few minutes (once per delegation).
  let announcing: Promise<unknown> = Promise.resolve();
  const announce = () =>
    (announcing = announceDelegationsBeginning(serviceContext(deps)).catch((err: unknown) =>
      logger.warn({ err }, "could not announce the delegations beginning today"),
    ));
  void announce();
  const announceTimer = setInterval(() => void announce(), DELEGATION_ANNOUNCE_INTERVAL_MS);
  announceTimer.unref();

  // Every request counts the rows of answer_changes with its session (answer-cache/version.ts):
  // folding them often keeps that a count of a few rows, however busy the writing.
  const folding = foldAnswerChangesEvery(database.db, logger);

  // Pushes and emails queued by changes (on this process or another) are sent after commit.
  const outbox = startOutboxWorker(serviceContext(deps), { exclusive: database.kind === "pglite" });

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(pruneTimer);
      clearTimeout(firstSweep);
      clearInterval(sweepTimer);
      clearInterval(announceTimer);
      await Promise.all([announcing, folding.stop(), outbox.stop()]);
      await pendingFeed.close();
      await hub.close();
      server.closeIdleConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await bus.close();
      await database.close();
    })());
  return { server, deps, url, stop };
}

// Run directly: `tsx server/main.ts` or, built, `node dist/server/main.js` (npm start goes through
// scripts/start.mjs, which builds what is missing or stale first).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  void runFromCommandLine();
}

export async function runFromCommandLine(): Promise<void> {
  try {
    loadDotEnv();
    const running = await startServer();
    // The last line of defence (DECISIONS §10: losing the database never ends the server): a promise
    // nobody awaited is logged, not fatal. Each known path handles its own failures.
    process.on("unhandledRejection", (reason) => running.deps.logger.error({ err: reason }, "unhandled promise rejection"));
    console.log(`Business Management System is running at ${running.deps.config.publicUrl}`);
    const shutdown = (signal: string) => {
      running.deps.logger.info({ signal }, "shutting down");
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      running.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once("SIGTERM", () => shutdown("SIGTERM"));
    process.once("SIGINT", () => shutdown("SIGINT"));
  } catch (err) {
    console.error("Could not start the server:", err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
