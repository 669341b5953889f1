// How long a session lasts (DECISIONS §3, OWASP ASVS level 2). The server enforces both on
// requests (middlewares/auth.ts, the session cookie in app.ts) and on sockets (realtime/hub.ts).
export const ABSOLUTE_SESSION_MS = 12 * 60 * 60_000;
export const IDLE_SESSION_MS = 30 * 60_000;
