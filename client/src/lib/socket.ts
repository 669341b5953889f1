// The real-time connection (spec 000 §7 and §9, DECISIONS §6): ws(s)://<host>/ws, the session
// cookie authenticates the upgrade, the first message announces {type:'auth', userId, role}.
// Reconnects with exponential backoff (1 s doubling to 30 s, at most 10 attempts), never after a
// normal close (1000), a lockdown (4423) or a refused session (4401).
import { WS_CLOSE, WS_PATH, WS_RECONNECT, parseServerMessage, type WsServerMessage } from "@shared/ws-events";

/** The wait before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(WS_RECONNECT.initialDelayMs * 2 ** (n - 1), WS_RECONNECT.maxDelayMs);
}

/** Whether a close with this code may be followed by a reconnect. */
export function shouldReconnect(code: number): boolean {
  // 4429: this tab's socket made room for the user's newer ones; coming back would push another out.
  return code !== WS_CLOSE.normal && code !== WS_CLOSE.lockdown && code !== WS_CLOSE.unauthorized && code !== WS_CLOSE.tooMany;
}

/** ws: on http pages, wss: on https pages, same host. */
export function socketUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${WS_PATH}`;
}

export type SocketHandlers = {
  onMessage: (message: WsServerMessage) => void;
  /** The socket closed, whatever comes next (a reconnect, or none): what it was telling is no longer followed. */
  onClose?: () => void;
  /** {type:'lockdown'} arrived or the server closed with 4423. Called at most once. */
  onLockdown: () => void;
  /** The server closed with 4401: the session is over. */
  onUnauthorized?: () => void;
};

export type SocketConnection = { close(): void };

type Options = SocketHandlers & {
  userId: string;
  role: string;
  /** The feeds this app follows beyond its bell, announced with the auth message (shared/ws-events.ts PENDING_FEED). */
  follows?: readonly string[];
  url?: string;
  /** Injected in tests. */
  createSocket?: (url: string) => WebSocket;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export function connectSocket(options: Options): SocketConnection {
  const url = options.url ?? socketUrl();
  const createSocket = options.createSocket ?? ((u: string) => new WebSocket(u));
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));

  let socket: WebSocket | null = null;
  let attempts = 0;
  let timer: unknown = null;
  let stopped = false;
  let lockedDown = false;

  const lockdown = () => {
    if (lockedDown) return;
    lockedDown = true;
    stopped = true;
    options.onLockdown();
  };

  function open() {
    if (stopped) return;
    const ws = createSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempts = 0;
      ws.send(JSON.stringify({ type: "auth", userId: options.userId, role: options.role, ...(options.follows?.length ? { follows: options.follows } : {}) }));
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = typeof event.data === "string" ? parseServerMessage(event.data) : null;
      if (!message) {
        // Spec 000 §8: unparseable socket messages are only logged.
        console.log("Ignoring an unreadable real-time message", event.data);
        return;
      }
      if (message.type === "lockdown") return lockdown();
      options.onMessage(message);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket === ws) socket = null;
      options.onClose?.();
      if (event.code === WS_CLOSE.lockdown) return lockdown();
      if (event.code === WS_CLOSE.unauthorized) {
        stopped = true;
        options.onUnauthorized?.();
        return;
      }
      if (stopped || !shouldReconnect(event.code)) return;
      if (attempts >= WS_RECONNECT.maxAttempts) return;
      attempts += 1;
      timer = setTimer(() => {
        timer = null;
        open();
      }, reconnectDelay(attempts));
    };
    // An error is always followed by a close, which decides about reconnecting.
    ws.onerror = () => {};
  }

  open();

  return {
    close() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
      const ws = socket;
      socket = null;
      // 0 CONNECTING, 1 OPEN.
      if (ws && ws.readyState <= 1) ws.close(WS_CLOSE.normal, "Signed out");
    },
  };
}
