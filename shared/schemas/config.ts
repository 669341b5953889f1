// GET /api/config (DECISIONS §2): the server's APP_TIMEZONE. The client shows every date, "today"
// and "this month" in that zone, never the browser's.
import { z } from "zod";

export type AppConfig = z.output<typeof configAnswer>;

// ---------------------------------------------------------------- answers

export const configAnswer = z.strictObject({ timeZone: z.string() });
