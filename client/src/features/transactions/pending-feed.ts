// The pending list kept from the pending feed (docs/architecture.md, "The pending feed"): pure
// functions, so the app, the API tests and the bench's simulated approvers apply the socket's
// messages to a page in exactly the same way. The server decides every row (who sees it, its
// moves, its place); this only puts what it was told where it was told to, and answers "refetch"
// whenever it cannot be sure the page is the server's: a new connection the page is older than, a
// gap in the numbering, a `pending-resync`, a page after the first, or rows it cannot fill.
import type { PendingFeedMessage, PendingListRow } from "@shared/schemas/transactions";
import type { FeedLog } from "@/lib/feed-log";

/** One page of the pending list and the whole count, as the app keeps it. */
export type PendingPage = {
  items: PendingListRow[];
  total: number;
  page: number;
  limit: number;
  /** The answer's FEED_VERSION_HEADER: the count of committed changes it holds at least (null: not said). */
  version: string | null;
  /** The last feed message taken into account: its connection (FeedLog.connection) and number. */
  seen: { connection: number; seq: number } | null;
};

export type PendingFeedLog = FeedLog<PendingFeedMessage>;

/** Where a log stands: what a fetch started after has taken into account (seq 0 on no connection: nothing). */
export function feedPosition(log: PendingFeedLog): { connection: number; seq: number } {
  if (log.readyVersion === null) return { connection: -1, seq: 0 };
  return { connection: log.connection, seq: log.messages.at(-1)?.seq ?? log.dropped.seq };
}

/**
 * A page as fetched, marked with where the log stood when the fetch started (feedPosition): every
 * message already there was sent before the page was read, so the page holds what it said.
 */
export function fetchedPendingPage(page: Omit<PendingPage, "seen">, startedAt: { connection: number; seq: number }): PendingPage {
  return { ...page, seen: startedAt };
}

/** A fetched page that is still behind the feed is fetched again, at most this many times in a row, then kept as fetched. */
export const FETCHES_TO_CATCH_UP = 3;

/**
 * The page fetched and brought up to what the feed said meanwhile, as the app's query does it: the
 * log's position is taken before the fetch begins (what came before, the page holds), and a page
 * still behind the feed is fetched again.
 */
export async function fetchCaughtUp(fetchPage: () => Promise<Omit<PendingPage, "seen">>, log: () => PendingFeedLog): Promise<PendingPage> {
  for (let attempt = 1; ; attempt++) {
    const startedAt = feedPosition(log());
    const fetched = fetchedPendingPage(await fetchPage(), startedAt);
    const caughtUp = catchUpPending(fetched, log());
    if (caughtUp !== "refetch") return caughtUp;
    if (attempt === FETCHES_TO_CATCH_UP) return fetched;
  }
}

/**
 * The page brought up to what the feed said since it was read or last brought up to date: the same
 * object when nothing is new, "refetch" when it must be read again. A page is compared with the
 * feed only while a connection follows it (otherwise the 15 s poll keeps it).
 */
export function catchUpPending(page: PendingPage, log: PendingFeedLog): PendingPage | "refetch" {
  if (log.readyVersion === null) return page;
  let seen = page.seen;
  if (!seen || seen.connection !== log.connection) {
    // Changes told before this connection's ready never reached this page, nor those of messages the
    // log let go of: it must hold them already.
    const held = (version: string | null) => version === null || (page.version !== null && BigInt(page.version) >= BigInt(version));
    if (page.version === null || !held(log.readyVersion) || !held(log.dropped.version)) return "refetch";
    seen = { connection: log.connection, seq: log.dropped.seq };
  }
  let current = page;
  for (const message of log.messages) {
    if (message.seq <= seen.seq) continue;
    // A gap: a message never came, or the log no longer reaches back to what this page saw.
    if (message.seq !== seen.seq + 1) return "refetch";
    seen = { connection: log.connection, seq: message.seq };
    if (message.type === "pending-ready") continue;
    // What the page was read at already holds every change this message counts (and may be newer).
    if (message.version !== undefined && page.version !== null && BigInt(message.version) <= BigInt(page.version)) continue;
    if (message.type === "pending-resync") return "refetch";
    const next = applyPendingChanges(current, message);
    if (!next) return "refetch";
    current = next;
  }
  if (seen === page.seen) return page;
  return { ...current, seen };
}

/**
 * The rows the server told of, put in their places: every row named leaves the page, then each
 * still in the list goes back at its index in the whole list (the first page shows indexes 0 to
 * limit - 1). Null when the page cannot be made whole this way: a later page, whose rows move
 * with every change before them, or a first page left short of rows that came after it.
 */
export function applyPendingChanges(page: PendingPage, message: Extract<PendingFeedMessage, { type: "pending-changes" }>): PendingPage | null {
  if (page.page !== 1) return null;
  const named = new Set(message.changes.map((c) => c.id));
  const items = page.items.filter((t) => !named.has(t.id));
  const placed = message.changes.flatMap((c) => (c.row ? [{ index: c.index, row: c.row }] : [])).sort((a, b) => a.index - b.index);
  for (const { index, row } of placed) {
    if (index >= page.limit) break;
    if (index > items.length) return null;
    items.splice(index, 0, row);
  }
  const kept = items.slice(0, page.limit);
  if (kept.length !== Math.min(page.limit, message.total)) return null;
  return { ...page, items: kept, total: message.total };
}
