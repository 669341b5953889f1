// Housekeeping every server process runs every 10 minutes (server/main.ts): expired sessions, the
// throttling rows of sign-in and of emergency PINs that have left their 15-minute window, and the
// outbox's settled rows older than 30 days.
// Each part is independent; a failure only waits for the next run.
import type { Db } from "../db/client";
import type { DatabaseSessionStore } from "../auth/session-store";
import { pruneLoginFailures } from "../auth/throttle";
import { prunePinFailures } from "./emergency-approvers";
import { pruneOutbox } from "./reach/outbox";

export const PRUNE_INTERVAL_MS = 10 * 60_000;

export async function pruneExpired(
  db: Db,
  sessionStore: Pick<DatabaseSessionStore, "prune">,
  now: Date,
): Promise<{ sessions: number; loginFailures: number; pinFailures: number; outbox: number }> {
  const [sessions, loginFailures, pinFailures, outbox] = await Promise.all([
    sessionStore.prune().catch(() => 0),
    pruneLoginFailures(db, now).catch(() => 0),
    prunePinFailures(db, now).catch(() => 0),
    pruneOutbox(db, now).catch(() => 0),
  ]);
  return { sessions, loginFailures, pinFailures, outbox };
}
