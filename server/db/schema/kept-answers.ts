import { sql } from "drizzle-orm";
import { bigint, boolean, check, pgTable } from "drizzle-orm/pg-core";

// What a kept answer stands on (answer-cache/keeper.ts). Every transaction that changes a table a
// kept answer may read adds one row to answer_changes (a trigger per table, migrations/0032),
// and answer_changes_folded holds how many such rows were folded away. Their sum, read in one
// snapshot, counts the changes committed by then: an answer kept at one count still holds while the
// count is the same. Writers only insert, so they never wait on each other for it.
export const answerChanges = pgTable("answer_changes", {
  id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity().primaryKey(),
});

export const answerChangesFolded = pgTable(
  "answer_changes_folded",
  {
    only: boolean("only").primaryKey().default(true),
    count: bigint("count", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("answer_changes_folded_one_row", sql`${t.only}`)],
);
