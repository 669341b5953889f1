// The count a kept answer stands on (schema/kept-answers.ts, routes/kept-answers.ts).
import { sql } from "drizzle-orm";
import type { Queryable } from "./client";
import { answerChanges, answerChangesFolded } from "./schema";

/**
 * How many changes to what kept answers read were committed, as this statement's snapshot sees
 * them (text: a bigint). Read with the session, the first statement of every request, so an answer
 * kept at this count was computed from no less than it counts.
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
