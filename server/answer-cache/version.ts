// The count a kept answer stands on (migrations/0032, the tables in db/schema/kept-answers.ts): every
// transaction that changes a table a kept answer may read adds one row to answer_changes (a
// statement trigger per table); the rows are folded into answer_changes_folded every
// FOLD_EVERY_MS by each server process, so the count read with every request stays a count of a
// few rows.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { answerChanges, answerChangesFolded } from "../db/schema";
import type { Logger } from "../logger";

/** How often each process folds the rows of answer_changes into the count. */
export const FOLD_EVERY_MS = 15_000;

/**
 * How many changes to what kept answers read were committed, as this statement's snapshot sees
 * them (text: a bigint). The session store reads it with the session, the first statement of every
 * request (app.ts hands it over; auth/session-store.ts `readWithSessionOf`), so an answer kept at
 * this count was computed from no less than it counts.
 */
export const answersVersion = sql<string>`(select (${answerChangesFolded.count} + (select count(*) from ${answerChanges}))::text from ${answerChangesFolded})`;

/**
 * Moves the rows of answer_changes into the folded count, in one statement: any snapshot sees the
 * same sum before and after, and the count each request reads stays a count of a few rows. Rows of
 * statements not yet committed are not seen here, and stay for the next time.
 */
export async function foldAnswerChanges(q: Queryable): Promise<void> {
  await q.execute(sql`with gone as (delete from ${answerChanges} returning 1)
    update ${answerChangesFolded} set count = count + (select count(*) from gone)`);
}

/** Folds at once and then every FOLD_EVERY_MS (server/main.ts); `stop` waits for a fold under way. */
export function foldAnswerChangesEvery(q: Queryable, logger: Logger): { stop(): Promise<void> } {
  let folding: Promise<unknown> = Promise.resolve();
  const fold = () => (folding = foldAnswerChanges(q).catch((err: unknown) => logger.warn({ err }, "could not fold the answer changes")));
  void fold();
  const timer = setInterval(() => void fold(), FOLD_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await folding;
    },
  };
}
