// The real app on a fresh test database, plus signed-in HTTP clients per role.
import { systemClock } from "../clock";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { inject } from "vitest";
import supertest from "supertest";
import type { Express } from "express";
import { createApp } from "../app";
import { loadConfig, type Config } from "../config";
import { createLogger } from "../logger";
import { createInProcessBus, createPostgresBus, type EventBus } from "../realtime/bus";
import type { AppDeps } from "../context";
import type { Clock } from "../clock";
import { createObjectStore } from "../storage";
import { createTestDatabase, type TestDatabase } from "./databases";
import { openPostgres, type DatabaseHandle } from "../db/client";
import { makeUser, TEST_PASSWORD, type MadeUser } from "./factories";
import type { Role } from "../../shared/constants";

export const CSRF_HEADER = { "X-Requested-With": "XMLHttpRequest" } as const;

export type TestApp = {
  app: Express;
  deps: AppDeps;
  database: TestDatabase;
  db: TestDatabase["db"];
  config: Config;
  /** A cookie-keeping client that sends the CSRF header on every state-changing call. */
  client(): ApiClient;
  /**
   * Runs `fn` on a connection of the role that owns the test database: the few tests that change the
   * schema or run migrations need it when the app connects as the least-privileged role
   * (TEST_DATABASE_APP_ROLE=1). On PGlite, and otherwise, it is the app's own database handle.
   */
  asOwner<T>(fn: (owner: DatabaseHandle) => Promise<T>): Promise<T>;
  /** A new user of this role, signed in. */
  signIn(role: Role, overrides?: Partial<Parameters<typeof makeUser>[1]>): Promise<{ user: MadeUser; api: ApiClient }>;
  close(): Promise<void>;
};

export type ApiClient = ReturnType<typeof apiClient>;

function apiClient(app: Express) {
  const agent = supertest.agent(app);
  return {
    agent,
    get: (url: string) => agent.get(url),
    post: (url: string, body?: unknown) =>
      agent
        .post(url)
        .set(CSRF_HEADER)
        .send(body as object),
    put: (url: string, body?: unknown) =>
      agent
        .put(url)
        .set(CSRF_HEADER)
        .send(body as object),
    patch: (url: string, body?: unknown) =>
      agent
        .patch(url)
        .set(CSRF_HEADER)
        .send(body as object),
    delete: (url: string, body?: unknown) =>
      body === undefined
        ? agent.delete(url).set(CSRF_HEADER)
        : agent
            .delete(url)
            .set(CSRF_HEADER)
            .send(body as object),
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: path.join(os.tmpdir(), `bms-test-${crypto.randomBytes(4).toString("hex")}`),
    SESSION_SECRET: "test-session-secret",
    UPLOAD_SIGNING_KEY: "test-upload-signing-key",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...overrides,
  });
}

/** A fresh copy of the migrated test database of this run: PostgreSQL when the run has one, else PGlite. */
export function createSuiteDatabase(): Promise<TestDatabase> {
  return createTestDatabase({ postgresUrl: inject("postgresUrl"), pgliteDump: inject("pgliteDump"), run: inject("testRun") });
}

export async function createTestApp(options: { clock?: Clock; env?: Record<string, string>; clientDir?: string } = {}): Promise<TestApp> {
  const database = await createSuiteDatabase();
  const config = testConfig(options.env);
  const logger = createLogger(config.logLevel);
  const bus: EventBus = database.kind === "postgres" ? await createPostgresBus(database.url!, database.pool!, logger) : createInProcessBus(database.pglite);
  const deps: AppDeps = { database, bus, config, logger, clock: options.clock ?? systemClock, storage: createObjectStore(config) };
  const { app } = createApp(deps, { clientDir: options.clientDir ?? null });

  return {
    app,
    deps,
    database,
    db: database.db,
    config,
    client: () => apiClient(app),
    async asOwner(fn) {
      if (!database.ownerUrl) return fn(database);
      const owner = openPostgres(database.ownerUrl, { max: 1 });
      try {
        return await fn(owner);
      } finally {
        await owner.close();
      }
    },
    async signIn(role, overrides = {}) {
      const user = await makeUser(database.db, { role, ...overrides });
      const api = apiClient(app);
      const res = await api.post("/api/auth/login", { username: user.username, password: TEST_PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { user, api };
    },
    async close() {
      await bus.close();
      await database.drop();
    },
  };
}
