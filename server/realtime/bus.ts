// The event bus every real-time feature publishes through. On PostgreSQL it is LISTEN/NOTIFY, so
// an event published by one server process reaches the sockets of every process; on embedded
// PGlite (one process by nature) it is an in-process emitter.
import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "../logger";

export type BusEvent =
  /** A notification stored for these users; pushed to their sockets. */
  | { type: "notification"; userIds: string[]; message: Record<string, unknown> }
  /** These users' sessions (or just these session ids) ended (logout, disable, delete, password change): close their sockets. */
  | { type: "sessions-ended"; userIds: string[]; sids?: string[]; reason: "logout" | "disabled" | "deleted" | "password" | "timeout" }
  /** Lockdown turned on: every non-SuperAdmin socket gets {type: 'lockdown'} and is closed. */
  | { type: "lockdown"; enabled: boolean };

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = "bms_events";

export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      // Deliver asynchronously, like NOTIFY after commit.
      queueMicrotask(() => emitter.emit(CHANNEL, event));
    },
    subscribe(handler) {
      emitter.on(CHANNEL, handler);
      return () => emitter.off(CHANNEL, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export async function createPostgresBus(url: string, pool: pg.Pool, logger: Logger): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let closed = false;
  let listener: pg.Client | null = null;

  // A dedicated connection holds the LISTEN; it reconnects if PostgreSQL drops it.
  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        emitter.emit(CHANNEL, JSON.parse(msg.payload) as BusEvent);
      } catch (err) {
        logger.warn({ err }, "unparseable bus event");
      }
    });
    client.on("error", (err) => {
      logger.warn({ err }, "event bus connection lost; reconnecting");
      listener = null;
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  await connect();

  return {
    async publish(event) {
      await pool.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(event)]);
    },
    subscribe(handler) {
      emitter.on(CHANNEL, handler);
      return () => emitter.off(CHANNEL, handler);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await listener?.end().catch(() => {});
    },
  };
}
