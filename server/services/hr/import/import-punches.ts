// The attendance CSV import as a service call (DECISIONS §8, §10): a request that cannot be
// imported (a coveredThrough outside the month or not over, a file that is not CSV text) is
// refused before it waits; then imports run one at a time, each in one transaction
// (run-import.ts), so a refused or failed import leaves nothing behind and a dry run does all of
// it and rolls back.
import { sql } from "drizzle-orm";
import { coveredThroughProblem } from "../../../../shared/attendance-days";
import { badRequest } from "../../errors";
import { rows } from "../../../db/sql";
import { todayOf, type ActingContext } from "../../context";
import { assertImportableText } from "./check-file";
import { runImport, type ImportAnswer, type ImportInput, type ImportRequest } from "./run-import";

export type { ImportAnswer, ImportRequest } from "./run-import";

/** What an import needs of the service context (a command-line caller may bring no bus or store). */
export type ImportContext = Pick<ActingContext, "db" | "actor" | "ip" | "clock"> & { config: Pick<ActingContext["config"], "appTimezone"> };

/** Serialises imports (pg_advisory_xact_lock key): two imports never interleave their inserts and recalculations. */
const IMPORT_LOCK = 727_100;

/** How long an import waiting for another process's import sleeps between tries (no connection held meanwhile). */
export const IMPORT_RETRY_MS = 250;

class DryRunRollback extends Error {
  constructor(readonly answer: ImportAnswer) {
    super("dry run");
  }
}

class NotOurTurn extends Error {}

/** Imports of this process, one after the other: a waiting import holds a promise, not a connection. */
let turnOfThisProcess: Promise<unknown> = Promise.resolve();

/**
 * Imports run one at a time (their inserts and recalculations never interleave). Waiting costs no
 * database connection (DECISIONS §10: sign-in and reads stay fast while imports queue): imports of
 * this process wait their turn in memory; then a try of the cross-process lock takes a connection
 * only for as long as the try, and the import runs in that same transaction once it has the lock.
 */
export async function importPunches(ctx: ImportContext, request: ImportRequest): Promise<ImportAnswer> {
  const { db } = ctx;
  const today = todayOf(ctx);
  const coverageProblem = request.coveredThrough === undefined ? null : coveredThroughProblem(request.month, request.coveredThrough, today);
  if (coverageProblem) throw badRequest(coverageProblem, [{ path: "coveredThrough", message: coverageProblem }]);
  const input: ImportInput = { ...request, actor: ctx.actor, today, ipAddress: ctx.ip };
  await assertImportableText(input.filePath);
  const mine = turnOfThisProcess.then(async (): Promise<ImportAnswer> => {
    for (;;) {
      try {
        return await db.transaction(async (tx) => {
          const [lock] = await rows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${IMPORT_LOCK}) as ok`);
          if (!lock?.ok) throw new NotOurTurn();
          const answer = await runImport(tx, ctx, input);
          if (input.dryRun) throw new DryRunRollback(answer);
          return answer;
        });
      } catch (err) {
        if (err instanceof DryRunRollback) return err.answer;
        if (!(err instanceof NotOurTurn)) throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, IMPORT_RETRY_MS));
    }
  });
  turnOfThisProcess = mine.catch(() => {});
  return mine;
}
