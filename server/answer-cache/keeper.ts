// The answer cache (docs/architecture.md "Kept answers"; README.md beside this file). Reads asked
// again with nothing changed in between (the approver's queue on every visit, focus and nudge of
// the socket; the dashboard's figures; a list page or a search paged back to) are answered with the
// bytes sent the last time, kept per user, address and encoding for as long as they would be the
// same (the reads DECISIONS §9 measures):
// - no table the read may see has changed: the count of committed changes read with the session
//   (version.ts) is the one the answer was kept at. That count is read before the answer's own
//   statements, so the answer holds at least every change it counts, and a change committed after
//   it moves the count for the next request. Each kept route declares the tables it reads
//   (keptAnswer's `reads`), and declared-reads.api.test.ts holds the declaration to the triggers
//   and to what PostgreSQL plans for the route's statements;
// - the same day in APP_TIMEZONE (overdue payments, limits and delegations turn on the date);
// - no transaction has left the user's visibility window since (window.ts).
// The role, access and second-factor guards run before the lookup, as for any request.
import type { Request } from "express";
import type { AppDeps } from "../context";
import { readWithSessionOf } from "../auth/session-store";
import { encodingFor, type EncodedJson } from "../lib/json-answer";
import { actorOf } from "../middlewares/auth";
import { windowHoldsUntil } from "./window";
import { toIsoDate } from "../../shared/format";

/** An answer kept, and what it holds for. */
type Kept = {
  answer: EncodedJson;
  /** The count of changes it was computed at. */
  version: string;
  /** The day (APP_TIMEZONE) it was computed on. */
  day: string;
  /** It holds from the end of its computing (epoch ms) to `until`, inclusive. */
  from: number;
  until: number;
};

/** What a route does with a request: answer it with what was kept, or compute it and hand it to `keep`. */
export type Keeping = { kept?: EncodedJson; keep?: (answer: EncodedJson) => Promise<void> };

export type AnswerKeeper = { open(req: Request): Keeping };

/**
 * A kept route's declaration (RouteDef `keep`): the keeper, and the tables its answer reads. Each
 * table in `reads` raises the count of changes (the `answers_changed` trigger); a table read but
 * left uncounted is named in `uncounted` with the reason its changes cannot change the answer.
 */
export type KeptRoute = AnswerKeeper & {
  readonly reads: readonly string[];
  readonly uncounted: Readonly<Record<string, string>>;
};

/** The bytes kept at most, across every user and read: the oldest used go first. */
const KEPT_BYTES = 16 * 1024 * 1024;
/** A bigger answer (an uncompressed long list) is not kept. */
const LARGEST_KEPT = 512 * 1024;

/** The kept answers of one server, least recently used first (a Map keeps insertion order). */
export class KeptAnswers {
  private readonly entries = new Map<string, Kept>();
  private bytes = 0;

  constructor(private readonly capacity = KEPT_BYTES) {}

  find(key: string, version: string, day: string, now: number): EncodedJson | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    if (kept.version !== version || kept.day !== day || now < kept.from || now > kept.until) {
      this.bytes -= kept.answer.body.length;
      return undefined;
    }
    this.entries.set(key, kept);
    return kept.answer;
  }

  put(key: string, kept: Kept): void {
    const size = kept.answer.body.length;
    if (size > LARGEST_KEPT) return;
    const before = this.entries.get(key);
    if (before) {
      this.entries.delete(key);
      this.bytes -= before.answer.body.length;
    }
    this.entries.set(key, kept);
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.capacity) break;
      this.entries.delete(oldest);
      this.bytes -= entry.answer.body.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One server's keeper of answers: the routes that declare `keep` share it. */
export function answerKeeper(deps: AppDeps, store = new KeptAnswers()): AnswerKeeper {
  const dayOf = (at: Date) => toIsoDate(at, deps.config.appTimezone);
  return {
    open(req) {
      const version = readWithSessionOf(req);
      if (version === undefined || !req.user) return {};
      const actor = actorOf(req);
      const key = `${actor.id} ${encodingFor(req) ?? "identity"} ${req.originalUrl}`;
      const started = deps.clock();
      const day = dayOf(started);
      const kept = store.find(key, version, day, started.getTime());
      if (kept) return { kept };
      // How long the window holds, asked alongside the answer's own statements.
      const holds = windowHoldsUntil(deps.database.db, actor, started).catch((err: unknown) => {
        deps.logger.warn({ err }, "could not tell how long an answer holds: not kept");
        return -Infinity;
      });
      return {
        async keep(answer) {
          // The answer's own clock read fell between `started` and `computed`: it holds from
          // `computed` on, until the window lets go of a row it held at `started`.
          const computed = deps.clock();
          const until = await holds;
          if (dayOf(computed) === day && until >= computed.getTime()) store.put(key, { answer, version, day, from: computed.getTime(), until });
        },
      };
    },
  };
}

const keepers = new WeakMap<AppDeps, AnswerKeeper>();

/** The keeper of the server built from `deps`, made on first use: every kept route of it shares one store. */
function keeperOf(deps: AppDeps): AnswerKeeper {
  let keeper = keepers.get(deps);
  if (!keeper) keepers.set(deps, (keeper = answerKeeper(deps)));
  return keeper;
}

/** A route's `keep`: its answers kept by the server's keeper, and the tables it declares it reads. */
export function keptAnswer(deps: AppDeps, declared: { reads: readonly string[]; uncounted?: Record<string, string> }): KeptRoute {
  const keeper = keeperOf(deps);
  return { open: (req) => keeper.open(req), reads: declared.reads, uncounted: declared.uncounted ?? {} };
}
