// One database handle for the whole server: embedded PGlite in DATA_DIR/db when DATABASE_URL is
// unset, a node-postgres pool otherwise. Both speak through the same Drizzle API and run the
// same migrations (./migrate.ts).
import path from "node:path";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that can run a query: the database itself or an open transaction. */
export type Queryable = Db | Tx;

export type DatabaseHandle = {
  db: Db;
  kind: "postgres" | "pglite";
  /** Run raw SQL with parameters; answers the rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  pool: pg.Pool | null;
  pglite: PGlite | null;
  /** The URL this handle was opened with (PostgreSQL only); used by the event bus's LISTEN client. */
  url: string | null;
  close(): Promise<void>;
};

// node-postgres returns numeric/date as strings already; keep `date` as 'YYYY-MM-DD' strings
// rather than JS Dates shifted by the server's zone.
pg.types.setTypeParser(1082, (v) => v);

export type PostgresPoolOptions = {
  /** Connections in the pool. */
  max: number;
  /** How long a caller waits for a free connection before giving up (a 503 for a request). */
  waitMs: number;
  /** The longest any one query may run (PostgreSQL's statement_timeout). */
  statementTimeoutMs: number;
};

/** DECISIONS §10: a request waits at most 10 s for a connection; a query runs at most 30 s. */
export const POSTGRES_POOL_DEFAULTS: PostgresPoolOptions = { max: 10, waitMs: 10_000, statementTimeoutMs: 30_000 };

/** Told when a connection is lost (the pool replaces it); the process itself goes on. */
export type ConnectionErrorListener = (err: Error) => void;

export function openPostgres(url: string, options: Partial<PostgresPoolOptions> & { onConnectionError?: ConnectionErrorListener } = {}): DatabaseHandle {
  const { max, waitMs, statementTimeoutMs } = { ...POSTGRES_POOL_DEFAULTS, ...options };
  const onConnectionError = options.onConnectionError ?? (() => {});
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: waitMs, statement_timeout: statementTimeoutMs, keepAlive: true });
  // PostgreSQL may end any connection (pg_terminate_backend, a restart, a failover,
  // idle_in_transaction_session_timeout). node-postgres reports it as an 'error' event, and an
  // event nobody listens to ends the process: the pool listens on idle connections, and every
  // connection gets its own listener for the time it is checked out. The query in flight fails
  // (the request answers 503, middlewares/errors.ts) and the pool drops the broken connection.
  pool.on("error", onConnectionError);
  pool.on("connect", (client) => client.on("error", onConnectionError));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    pool,
    pglite: null,
    url,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await pool.query(text, params as unknown[]);
      return r.rows as T[];
    },
    close: () => pool.end(),
  };
}

export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * The embedded database's buffer cache. PGlite's WebAssembly memory holds it whole and never gives
 * memory back, so it is most of the server's resident size: PostgreSQL's default would keep an idle
 * server large and take the large punch import over DECISIONS §9's memory bound.
 * The data files stay in the operating system's page cache either way.
 */
export const PGLITE_SHARED_BUFFERS_MB = 32;

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File; sharedBuffersMb?: number } = {}): Promise<DatabaseHandle> {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB}MB`],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pool: null,
    pglite: client,
    url: null,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await client.query(text, params as unknown[]);
      return r.rows as T[];
    },
    close: () => client.close(),
  };
}

export async function openDatabase(
  config: { databaseUrl: string | null; dataDir: string; pgliteSharedBuffersMb?: number; databasePool?: PostgresPoolOptions },
  onConnectionError?: ConnectionErrorListener,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { ...config.databasePool, onConnectionError });
  return openPglite({ dataDir: path.join(config.dataDir, "db"), sharedBuffersMb: config.pgliteSharedBuffersMb });
}
