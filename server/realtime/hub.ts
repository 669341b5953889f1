// The socket hub (DECISIONS §6): WebSockets on /ws of the same HTTP server, authenticated at the
// upgrade with the session cookie through the app's own session middleware. It turns bus events
// into socket traffic: notifications to their users, closes when sessions end, and the lockdown
// message then close 4423 to every non-SuperAdmin. On PostgreSQL the bus is LISTEN/NOTIFY, so an
// event published by any server process reaches the sockets held by this one.
import type { Clock } from "../clock";
import http from "node:http";
import type { Duplex } from "node:stream";
import type { RequestHandler } from "express";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { WebSocketServer, type WebSocket, type RawData } from "ws";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { signedInUserColumns } from "../auth/signed-in-user";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { Role } from "../../shared/constants";
import { WS_CLOSE, WS_HEARTBEAT_MS, WS_PATH } from "../../shared/ws-events";
import { ABSOLUTE_SESSION_MS } from "../auth/session-lifetime";
import type { BusEvent, EventBus } from "./bus";
import { getLockdown } from "../auth/lockdown-state";
import { isDatabaseUnavailable } from "../db/errors";

export type HubOptions = {
  server: http.Server;
  sessionMiddleware: RequestHandler;
  bus: EventBus;
  db: Db;
  config: Pick<Config, "publicUrl">;
  logger: Logger;
  /** The app's clock: a session's sign-in time was stamped by it. */
  clock: Clock;
  /** Ping interval; tests shorten it. */
  heartbeatMs?: number;
  /** How long a new socket has to send its {type:'auth'} message. */
  authTimeoutMs?: number;
};

type Connection = {
  ws: WebSocket;
  userId: string;
  role: Role;
  sid: string;
  authed: boolean;
  alive: boolean;
  authTimer: NodeJS.Timeout | null;
  /** What the client asked to follow in its auth message (a feed, such as the pending list's). */
  follows: readonly string[];
};

/** An authenticated socket as a feed sees it: whose it is, what it follows, and a way to write to it. */
export type FeedSocket = {
  readonly userId: string;
  readonly role: Role;
  readonly follows: readonly string[];
  send(payload: string): void;
};

/** Told of each socket once its auth message is accepted, and when it closes. */
export type SocketWatcher = { authenticated(socket: FeedSocket): void; closed(socket: FeedSocket): void };

export type SocketHub = {
  /** Open sockets, all or of one user (tests and diagnostics). */
  connectionCount(userId?: string): number;
  /** Watches the authenticated sockets (the feeds built on the hub); answers the way to stop. */
  watch(watcher: SocketWatcher): () => void;
  /** Closes every socket (1001), stops the heartbeat and the bus subscription, detaches from the server. */
  close(): Promise<void>;
};

type SessionRequest = http.IncomingMessage & {
  session?: { passport?: { user?: unknown }; authenticatedAt?: number } & Record<string, unknown>;
  sessionID?: string;
  originalUrl?: string;
};

/** DECISIONS §10: one user's sockets at a time. */
export const MAX_SOCKETS_PER_USER = 20;

function reject(socket: Duplex, status: number, text: string): void {
  if (!socket.writable) return void socket.destroy();
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  socket.destroy();
}

/** A browser sends Origin; it must be our own (the Host it talks to) or PUBLIC_URL's. Non-browser clients send none. */
function originAllowed(req: http.IncomingMessage, publicOrigin: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (origin === publicOrigin) return true;
  const host = req.headers.host;
  if (!host) return false;
  return origin === `http://${host}` || origin === `https://${host}`;
}

export function attachSocketHub(options: HubOptions): SocketHub {
  const { server, sessionMiddleware, bus, db, logger, clock } = options;
  const heartbeatMs = options.heartbeatMs ?? WS_HEARTBEAT_MS;
  const authTimeoutMs = options.authTimeoutMs ?? 15_000;
  const publicOrigin = new URL(options.config.publicUrl).origin;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });

  const connections = new Set<Connection>();
  const watchers = new Set<SocketWatcher>();
  const feedSockets = new WeakMap<Connection, FeedSocket>();
  const feedSocketOf = (c: Connection): FeedSocket => {
    let socket = feedSockets.get(c);
    if (!socket) feedSockets.set(c, (socket = { userId: c.userId, role: c.role, follows: c.follows, send: (payload) => send(c, payload) }));
    return socket;
  };
  const byUser = new Map<string, Set<Connection>>();
  const bySid = new Map<string, Set<Connection>>();

  const index = (map: Map<string, Set<Connection>>, key: string, c: Connection) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(c);
  };
  const unindex = (map: Map<string, Set<Connection>>, key: string, c: Connection) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(c);
    if (set.size === 0) map.delete(key);
  };

  function closeConnection(c: Connection, code: number, reason: string): void {
    if (c.ws.readyState === c.ws.CLOSING || c.ws.readyState === c.ws.CLOSED) return;
    c.ws.close(code, reason);
    // A peer that never answers the close frame is cut off.
    setTimeout(() => c.ws.terminate(), 5_000).unref();
  }

  function send(c: Connection, payload: string): void {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(payload);
  }

  /** The session of an upgrade request: its id and its user (active, not deleted), or null. */
  async function authenticate(req: SessionRequest): Promise<{ sid: string; userId: string; role: Role } | null> {
    req.originalUrl ??= req.url;
    const res = new http.ServerResponse(req);
    await new Promise<void>((resolve, rejectPromise) =>
      sessionMiddleware(req as never, res as never, (err?: unknown) => (err ? rejectPromise(err) : resolve())),
    );
    const session = req.session;
    const userId = session?.passport?.user;
    if (!session || typeof userId !== "string" || !req.sessionID) return null;
    if (clock().getTime() - (session.authenticatedAt ?? 0) > ABSOLUTE_SESSION_MS) return null;
    const [row] = await db
      .select({
        id: users.id,
        role: users.role,
        lockdown: sql<boolean>`coalesce((select (value->>'enabled')::boolean from settings where key = 'lockdown'), false)`,
        secondFactorSetupRequired: signedInUserColumns.secondFactorSetupRequired,
      })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt)))
      .limit(1);
    if (!row) return null;
    if (row.lockdown && row.role !== "SuperAdmin") return null;
    // DECISIONS §13: a user who must set up a second factor first hears nothing until they have.
    if (row.secondFactorSetupRequired) return null;
    return { sid: req.sessionID, userId: row.id, role: row.role };
  }

  function register(ws: WebSocket, who: { sid: string; userId: string; role: Role }): void {
    const c: Connection = { ws, ...who, authed: false, alive: true, authTimer: null, follows: [] };
    connections.add(c);
    index(byUser, c.userId, c);
    index(bySid, c.sid, c);
    // DECISIONS §10: at most 20 sockets per user; the oldest (first in the set) makes room.
    const mine = byUser.get(c.userId)!;
    if (mine.size > MAX_SOCKETS_PER_USER) {
      const oldest = mine.values().next().value!;
      unindex(byUser, oldest.userId, oldest);
      closeConnection(oldest, WS_CLOSE.tooMany, "Too many open connections");
    }
    c.authTimer = setTimeout(() => {
      if (!c.authed) closeConnection(c, WS_CLOSE.unauthorized, "No auth message");
    }, authTimeoutMs);
    c.authTimer.unref();

    ws.on("pong", () => {
      c.alive = true;
    });
    ws.on("message", (data: RawData) => onMessage(c, data));
    ws.on("error", (err) => logger.debug({ err }, "socket error"));
    ws.on("close", () => {
      if (c.authTimer) clearTimeout(c.authTimer);
      connections.delete(c);
      unindex(byUser, c.userId, c);
      unindex(bySid, c.sid, c);
      if (c.authed) for (const w of watchers) w.closed(feedSocketOf(c));
    });
  }

  function onMessage(c: Connection, data: RawData): void {
    let message: { type?: unknown; userId?: unknown; role?: unknown; follows?: unknown };
    try {
      message = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (!message || typeof message !== "object" || message.type !== "auth") return;
    // The announcement must be the session's own user and role (DECISIONS §6).
    if (message.userId !== c.userId || message.role !== c.role) {
      closeConnection(c, WS_CLOSE.unauthorized, "Authentication mismatch");
      return;
    }
    if (c.authed) return;
    c.authed = true;
    if (c.authTimer) clearTimeout(c.authTimer);
    c.authTimer = null;
    c.follows = Array.isArray(message.follows) ? message.follows.filter((f): f is string => typeof f === "string").slice(0, 8) : [];
    if (c.ws.readyState === c.ws.OPEN) for (const w of watchers) w.authenticated(feedSocketOf(c));
  }

  function onUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    if (pathname !== WS_PATH) {
      // Another upgrade handler (the Vite dev server's HMR) may own this path.
      if (server.listenerCount("upgrade") <= 1) reject(socket, 404, "Not Found");
      return;
    }
    socket.on("error", () => socket.destroy());
    if (!originAllowed(req, publicOrigin)) return reject(socket, 403, "Forbidden");
    authenticate(req as SessionRequest).then(
      (who) => {
        if (!who) return reject(socket, 401, "Unauthorized");
        wss.handleUpgrade(req, socket, head, (ws) => register(ws, who));
      },
      (err) => {
        logger.warn({ err }, "socket upgrade failed");
        if (isDatabaseUnavailable(err)) reject(socket, 503, "Service Unavailable");
        else reject(socket, 500, "Internal Server Error");
      },
    );
  }

  function onBusEvent(event: BusEvent): void {
    switch (event.type) {
      case "notification": {
        const payload = JSON.stringify(event.message);
        for (const userId of event.userIds) for (const c of byUser.get(userId) ?? []) send(c, payload);
        return;
      }
      case "sessions-ended": {
        const targets = new Set<Connection>();
        for (const userId of event.userIds) for (const c of byUser.get(userId) ?? []) targets.add(c);
        for (const sid of event.sids ?? []) for (const c of bySid.get(sid) ?? []) targets.add(c);
        for (const c of targets) closeConnection(c, WS_CLOSE.unauthorized, `Session ended: ${event.reason}`);
        return;
      }
      case "second-factor-required": {
        closeUsersWithoutSecondFactor(event.roles).catch((err) => logger.warn({ err }, "socket second-factor check failed"));
        return;
      }
      case "lockdown": {
        if (!event.enabled) return;
        const payload = JSON.stringify({ type: "lockdown" });
        for (const c of [...connections]) {
          if (c.role === "SuperAdmin") continue;
          send(c, payload);
          closeConnection(c, WS_CLOSE.lockdown, "Emergency lockdown");
        }
        return;
      }
    }
  }

  /**
   * Sessions can also end without an event (the idle timeout, the 12-hour limit, or an event
   * published while this process was not listening): each heartbeat checks the sessions still exist.
   */
  async function closeExpiredSessions(): Promise<void> {
    const sids = [...bySid.keys()];
    if (sids.length === 0) return;
    const alive = await db.execute<{ sid: string }>(
      sql`select sid from sessions where sid in (${sql.join(
        sids.map((s) => sql`${s}`),
        sql`, `,
      )})
          and expires_at > now()
          and coalesce((sess->>'authenticatedAt')::bigint, 0) > ${clock().getTime() - ABSOLUTE_SESSION_MS}`,
    );
    const rows = (Array.isArray(alive) ? alive : (alive as { rows: { sid: string }[] }).rows) as { sid: string }[];
    const live = new Set(rows.map((r) => r.sid));
    for (const sid of sids) {
      if (live.has(sid)) continue;
      for (const c of bySid.get(sid) ?? []) closeConnection(c, WS_CLOSE.unauthorized, "Session ended: timeout");
    }
  }

  /**
   * DECISIONS §13: a user who must set up a second factor hears nothing until they have. A rule that
   * comes into force while their socket is open closes it (the client then asks the session again
   * and shows the setup screen). `roles` null: every open socket is checked (after a missed event).
   */
  async function closeUsersWithoutSecondFactor(roles: readonly Role[] | null): Promise<void> {
    const userIds = [...byUser.entries()].filter(([, set]) => [...set].some((c) => roles === null || roles.includes(c.role))).map(([id]) => id);
    if (userIds.length === 0) return;
    const gated = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, userIds), signedInUserColumns.secondFactorSetupRequired));
    for (const { id } of gated) for (const c of [...(byUser.get(id) ?? [])]) closeConnection(c, WS_CLOSE.unauthorized, "Second factor required");
  }

  const heartbeat = setInterval(() => {
    for (const c of connections) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      try {
        c.ws.ping();
      } catch {
        c.ws.terminate();
      }
    }
    closeExpiredSessions().catch((err) => logger.warn({ err }, "socket session check failed"));
  }, heartbeatMs);
  heartbeat.unref();

  /**
   * After the bus lost its connection, events of other processes may have been missed: act on the
   * lockdown as it stands now, and close the sockets whose sessions ended meanwhile.
   */
  async function resync(): Promise<void> {
    if ((await getLockdown(db)).enabled) onBusEvent({ type: "lockdown", enabled: true });
    await closeExpiredSessions();
    await closeUsersWithoutSecondFactor(null);
  }

  const unsubscribe = bus.subscribe(onBusEvent);
  const offReconnect = bus.onReconnect(() => void resync().catch((err) => logger.warn({ err }, "socket resync after the bus came back failed")));
  server.on("upgrade", onUpgrade);

  return {
    connectionCount(userId) {
      return userId ? (byUser.get(userId)?.size ?? 0) : connections.size;
    },
    watch(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    async close() {
      clearInterval(heartbeat);
      unsubscribe();
      offReconnect();
      server.off("upgrade", onUpgrade);
      for (const c of connections) c.ws.close(WS_CLOSE.goingAway, "Server shutting down");
      await new Promise<void>((resolve) => setTimeout(resolve, 50));
      for (const c of connections) c.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
