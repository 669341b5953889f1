// GET /api/health: whether the database and the real-time bus answer.
import { z } from "zod";

export const healthAnswer = z.strictObject({ status: z.enum(["ok", "unavailable"]), database: z.enum(["ok", "down"]), realtime: z.enum(["ok", "down"]) });
