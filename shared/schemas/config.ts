// GET /api/config (DECISIONS §2): the server's APP_TIMEZONE. The client shows every date, "today"
// and "this month" in that zone, never the browser's.
import type { z } from "zod";
import type { configAnswer } from "../answers/people";

export type AppConfig = z.output<typeof configAnswer>;
