// The event bus every real-time feature publishes through. On PostgreSQL it is LISTEN/NOTIFY, so
// an event published by one server process reaches the sockets of every process; on embedded
// PGlite (one process by nature) it is an in-process emitter.
import { EventEmitter } from "node:events";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "../logger";
import type { Role } from "../../shared/constants";

export type BusEvent =
  /** A notification stored for these users; pushed to their sockets. */
  | { type: "notification"; userIds: string[]; message: Record<string, unknown> }
  /** These users' sessions (or just these session ids) ended (logout, disable, delete, password change): close their sockets. */
  | {
      type: "sessions-ended";
      userIds: string[];
      sids?: string[];
      reason: "logout" | "disabled" | "deleted" | "password" | "role" | "timeout" | "second-factor";
    }
  /**
   * A second factor has come to be required of these roles (DECISIONS §13): the sockets of their
   * users who have none close, as the upgrade would refuse them; their sessions stay, for the setup screen.
   */
  | { type: "second-factor-required"; roles: Role[] }
  /** Pushes or emails were queued in the outbox (DECISIONS §14): every process's worker looks for them. */
  | { type: "outbox-queued" }
  /** Lockdown turned on: every non-SuperAdmin socket gets {type: 'lockdown'} and is closed. */
  | { type: "lockdown"; enabled: boolean }
  /**
   * Sent by the database at commit (migrations/0033): these Pending transactions, or ones that were,
   * may read differently in a pending list now; null: too many to name, every list is fetched again.
   */
  | { type: "pending-rows"; ids: string[] | null }
  /** Sent by the database at commit: these users' whole pending lists may differ (window, role, limit, delegations); null: everyone's. */
  | { type: "pending-viewers"; userIds: string[] | null };

export interface EventBus {
  /** Sends an event to every process (this one included). Never throws: a failure is logged. */
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): () => void;
  /**
   * Called each time the bus is back after losing its connection: events published meanwhile by
   * other processes were lost, so a subscriber re-reads the state it keeps (lockdown, sessions).
   */
  onReconnect(handler: () => void): () => void;
  /** Whether events of other processes reach this one now (GET /api/health). */
  isConnected(): boolean;
  close(): Promise<void>;
}

const CHANNEL = "bms_events";

/**
 * One process's bus. Given the embedded database, what it NOTIFYs on the channel at commit (the
 * pending lists' changes, migrations/0033) is delivered like a published event.
 */
export function createInProcessBus(pglite?: PGlite | null): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const unlisten = pglite?.listen(CHANNEL, (payload) => {
    try {
      emitter.emit(CHANNEL, JSON.parse(payload) as BusEvent);
    } catch {
      // Only the migrations' triggers notify on the channel, always in JSON.
    }
  });
  return {
    async publish(event) {
      // Deliver asynchronously, like NOTIFY after commit.
      queueMicrotask(() => emitter.emit(CHANNEL, event));
    },
    subscribe(handler) {
      emitter.on(CHANNEL, handler);
      return () => emitter.off(CHANNEL, handler);
    },
    // One process, nothing in between: it never loses anything.
    onReconnect: () => () => {},
    isConnected: () => true,
    async close() {
      emitter.removeAllListeners();
      await (await unlisten)?.().catch(() => {});
    },
  };
}

/** Reconnection waits: 250 ms, doubling, at most 5 s, each with jitter so processes do not stampede. */
export const BUS_RECONNECT = { initialDelayMs: 250, maxDelayMs: 5_000 } as const;

/**
 * LISTEN/NOTIFY on one dedicated connection per process (DECISIONS §10). When PostgreSQL drops
 * it, the bus reconnects with capped exponential backoff, forever, never two connections at once,
 * and then tells its onReconnect handlers to re-read what they may have missed.
 */
export async function createPostgresBus(url: string, pool: pg.Pool, logger: Logger): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const reconnected = new EventEmitter();
  reconnected.setMaxListeners(0);
  let closed = false;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let attempt = 0;

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 10_000 });
    let lost = false;
    // 'error' and 'end' both come when a connection dies: only the first one counts.
    const drop = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.removeAllListeners("notification");
      client.end().catch(() => {});
      if (closed) return;
      logger.warn({ err }, "event bus connection lost; reconnecting");
      scheduleReconnect();
    };
    client.on("error", drop);
    client.on("end", () => drop());
    client.on("notification", (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        emitter.emit(CHANNEL, JSON.parse(msg.payload) as BusEvent);
      } catch (err) {
        logger.warn({ err }, "unparseable bus event");
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost = true;
      client.end().catch(() => {});
      throw err;
    }
    if (closed || lost) {
      await client.end().catch(() => {});
      if (lost) throw new Error("event bus connection lost while connecting");
      return;
    }
    listener = client;
  }

  function scheduleReconnect(): void {
    if (retry || closed || listener) return;
    const base = Math.min(BUS_RECONNECT.maxDelayMs, BUS_RECONNECT.initialDelayMs * 2 ** attempt);
    attempt++;
    retry = setTimeout(
      () => {
        connect().then(
          () => {
            retry = null;
            if (closed) return;
            // Lost again before this callback ran: keep trying.
            if (!listener) return scheduleReconnect();
            attempt = 0;
            logger.info("event bus reconnected");
            reconnected.emit("reconnected");
          },
          (err: unknown) => {
            retry = null;
            logger.warn({ err, attempt }, "event bus reconnection failed; trying again");
            scheduleReconnect();
          },
        );
      },
      base / 2 + Math.random() * (base / 2),
    );
  }

  await connect();

  return {
    async publish(event) {
      try {
        await pool.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(event)]);
      } catch (err) {
        // The change behind the event has committed; other processes re-read their state when
        // their bus comes back. This process's own sockets still get the event.
        logger.warn({ err, type: event.type }, "could not publish a bus event; delivered in this process only");
        queueMicrotask(() => emitter.emit(CHANNEL, event));
      }
    },
    subscribe(handler) {
      emitter.on(CHANNEL, handler);
      return () => emitter.off(CHANNEL, handler);
    },
    onReconnect(handler) {
      reconnected.on("reconnected", handler);
      return () => reconnected.off("reconnected", handler);
    },
    isConnected: () => listener !== null,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      emitter.removeAllListeners();
      reconnected.removeAllListeners();
      await listener?.end().catch(() => {});
    },
  };
}
