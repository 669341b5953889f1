// A change and what it leaves for after commit. The change runs in one database transaction; what
// must not happen unless it commits (telling sockets, other processes, deleting stored objects) is
// handed to `afterCommit` and runs once it has. A rolled-back change tells nobody.
import type { Tx } from "../db/client";
import type { NotificationRow } from "../db/schema";
import type { ServiceContext } from "./context";
import { publishNotifications } from "./notifications";

/** What a change hands over to happen after its commit. */
export type AfterCommit = {
  /** Notification rows the change stored (notifyUsers): pushed to their users' sockets. */
  publish(rows: readonly NotificationRow[]): void;
  /** Any other step (a bus event, deleting stored objects), in the order given. */
  run(step: () => Promise<void>): void;
};

/**
 * Runs `change` in one database transaction and answers what it answered; once committed, publishes
 * the notifications it stored, then runs its other steps. The change is done by then, so a failed
 * step is logged, never turned into a failed request.
 */
export async function inTransaction<T>(
  ctx: Pick<ServiceContext, "db" | "bus" | "clock" | "logger">,
  change: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const rows: NotificationRow[] = [];
  const steps: (() => Promise<void>)[] = [];
  const afterCommit: AfterCommit = { publish: (stored) => void rows.push(...stored), run: (step) => void steps.push(step) };
  const answer = await ctx.db.transaction((tx) => change(tx, afterCommit));
  await publishNotifications(ctx, rows);
  for (const step of steps) {
    await step().catch((err: unknown) => ctx.logger.warn({ err }, "after-commit step failed"));
  }
  return answer;
}
