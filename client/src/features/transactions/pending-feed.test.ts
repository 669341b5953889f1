import { describe, expect, it } from "vitest";
import type { PendingFeedMessage, PendingListRow } from "@shared/schemas/transactions";
import { EMPTY_FEED_LOG, feedLogClosed, LOG_KEPT, receiveFeedMessage } from "@/lib/feed-log";
import { applyPendingChanges, catchUpPending, feedPosition, fetchCaughtUp, fetchedPendingPage, type PendingFeedLog, type PendingPage } from "./pending-feed";

const row = (id: string) => ({ id, humanReadableId: `TXN-${id}` }) as unknown as PendingListRow;
const ids = (page: PendingPage | "refetch") => (page === "refetch" ? page : page.items.map((r) => r.id).join(","));

type Changes = Extract<PendingFeedMessage, { type: "pending-changes" }>;
const changes = (seq: number, version: string, total: number, list: ([string, number] | string)[]): Changes => ({
  type: "pending-changes",
  seq,
  version,
  total,
  changes: list.map((c) => (typeof c === "string" ? { id: c, row: null } : { id: c[0], index: c[1], row: row(c[0]) })),
});

function logOf(version: string, ...messages: PendingFeedMessage[]): PendingFeedLog {
  let log: PendingFeedLog = receiveFeedMessage(EMPTY_FEED_LOG as PendingFeedLog, { type: "pending-ready", seq: 0, version });
  for (const m of messages) log = receiveFeedMessage(log, m);
  return log;
}

/** A page fetched at `version`, after the log stood at `startedAt`. */
const page = (items: string[], total: number, version: string, startedAt = { connection: 1, seq: 0 }, limit = 200, n = 1): PendingPage =>
  fetchedPendingPage({ items: items.map(row), total, page: n, limit, version }, startedAt);

describe("a pending page kept from the feed (DECISIONS §9)", () => {
  it("puts a new row at the place the server gave, takes a row that left out, and sets the count", () => {
    const log = logOf("10", changes(1, "11", 4, [["n", 1]]), changes(2, "12", 3, ["b"]));
    const next = catchUpPending(page(["a", "b", "c"], 3, "10"), log);
    expect(ids(next)).toBe("a,n,c");
    expect(next !== "refetch" && next.total).toBe(3);
    expect(next !== "refetch" && next.seen).toEqual({ connection: 1, seq: 2 });
  });

  it("places several rows of one message by their final indexes, and moves a row whose place changed", () => {
    const next = applyPendingChanges(page(["a", "b", "c", "d"], 4, "1"), changes(1, "2", 4, [["d", 0], ["x", 2], "b"]));
    expect(next && ids(next)).toBe("d,a,x,c");
  });

  it("skips what the page already holds: a message counted at or below the page's version, or sent before its fetch began", () => {
    const log = logOf("10", changes(1, "10", 4, [["n", 0]]), changes(2, "11", 4, [["m", 0]]));
    expect(ids(catchUpPending(page(["a"], 1, "11"), log))).toBe("a");
    // Fetched after message 2 arrived: it holds both.
    expect(ids(catchUpPending(page(["a"], 1, "9", { connection: 1, seq: 2 }), log))).toBe("a");
  });

  it("a row after a full first page only counts; a row before it pushes the last one out", () => {
    const full = page(["a", "b"], 5, "1", undefined, 2);
    const after = applyPendingChanges(full, changes(1, "2", 6, [["z", 5]]));
    expect(after && [ids(after), after.total]).toEqual(["a,b", 6]);
    const before = applyPendingChanges(full, changes(1, "2", 6, [["p", 0]]));
    expect(before && ids(before)).toBe("p,a");
  });

  it("fetches again when it cannot be sure: a row leaving a full page, a later page, a gap, a resync, a newer connection", () => {
    // A row leaves a full first page: the next one is not known here.
    expect(catchUpPending(page(["a", "b"], 3, "1", undefined, 2), logOf("1", changes(1, "2", 2, ["a"])))).toBe("refetch");
    // A page after the first: every row before it moves.
    expect(catchUpPending(page(["c"], 3, "1", undefined, 2, 2), logOf("1", changes(1, "2", 4, [["x", 0]])))).toBe("refetch");
    // A message never came.
    expect(catchUpPending(page(["a"], 1, "1"), logOf("1", changes(2, "3", 2, [["x", 0]])))).toBe("refetch");
    // The server could not tell it row by row.
    expect(catchUpPending(page(["a"], 1, "1"), logOf("1", { type: "pending-resync", seq: 1, version: "2" }))).toBe("refetch");
    expect(catchUpPending(page(["a"], 1, "1"), logOf("1", { type: "pending-resync", seq: 1 }))).toBe("refetch");
    // A page read before this connection began, older than its ready: changes may have been missed in between.
    expect(catchUpPending(page(["a"], 1, "4", { connection: 0, seq: 0 }), logOf("5"))).toBe("refetch");
    // A page with no version cannot be compared.
    expect(catchUpPending(page(["a"], 1, null as unknown as string, { connection: 0, seq: 0 }), logOf("5"))).toBe("refetch");
  });

  it("a resync of a version the page already holds, and a new connection the page is as new as, change nothing", () => {
    const p = page(["a"], 1, "5", { connection: 0, seq: 0 });
    expect(ids(catchUpPending(p, logOf("5", { type: "pending-resync", seq: 1, version: "5" })))).toBe("a");
  });

  it("keeps the page as it is while no connection follows the feed (the poll keeps it then)", () => {
    const p = page(["a"], 1, "1");
    expect(catchUpPending(p, feedLogClosed(logOf("1", changes(1, "2", 2, [["x", 0]]))))).toBe(p);
  });

  it("a page fetched after messages the log let go of: held when its version covers them, fetched again when not", () => {
    let log = logOf("1");
    for (let seq = 1; seq <= LOG_KEPT + 5; seq++) log = receiveFeedMessage(log, changes(seq, String(seq + 1), 1, [["a", 0]]));
    expect(log.messages).toHaveLength(LOG_KEPT);
    expect(log.dropped).toEqual({ seq: 5, version: "6" });
    expect(catchUpPending(page(["a"], 1, "3", { connection: 0, seq: 0 }), log)).toBe("refetch");
    const held = catchUpPending(page(["a"], 1, String(LOG_KEPT + 6), { connection: 0, seq: 0 }), log);
    expect(held !== "refetch" && held.seen).toEqual({ connection: 1, seq: LOG_KEPT + 5 });
  });

  it("the position a fetch starts from: the last message of a followed connection, nothing otherwise", () => {
    expect(feedPosition(logOf("1", changes(1, "2", 1, [["a", 0]])))).toEqual({ connection: 1, seq: 1 });
    expect(feedPosition(feedLogClosed(logOf("1")))).toEqual({ connection: -1, seq: 0 });
  });

  it("a fetch takes what the socket said before it began as held, and applies what it says while the page is on its way", async () => {
    let log = logOf("10", changes(1, "11", 2, [["early", 0]]));
    const page = await fetchCaughtUp(
      async () => {
        // Told while the request is out: the answer was read at version 11, before this change.
        log = receiveFeedMessage(log, changes(2, "12", 3, [["during", 2]]));
        return { items: [row("early"), row("a")], total: 2, page: 1, limit: 200, version: "11" };
      },
      () => log,
    );
    expect(ids(page)).toBe("early,a,during");
    expect(page.seen).toEqual({ connection: 1, seq: 2 });
  });
});
