// GET /api/config (DECISIONS §2): the server's APP_TIMEZONE. The client shows every date, "today"
// and "this month" in that zone, never the browser's.
export type AppConfig = { timeZone: string };
