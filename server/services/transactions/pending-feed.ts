// The pending feed (docs/architecture.md, "The pending feed"): the sockets of Approvers and
// SuperAdmins that follow it are told how their reader's pending list changes, so a submission
// costs one read of the rows it touched, not one fresh pending list per approver online.
//
// The database names what changed, at commit (migrations/0033: `pending-rows` and
// `pending-viewers` on the bus). Each server process works through what it hears one batch at a
// time, in order, reading the committed state once per batch for every reader, then tells each
// socket of its own, numbered, only the rows that reader may see now (or saw before: they are taken
// out), each as GET /api/transactions/pending would answer it, with its place in their whole list
// and how many the list holds. What cannot be told row by row (a reader's window, role, limit or
// delegations changed; a bulk change; the bus lost events) is a `pending-resync`: fetch the list.
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { users } from "../../db/schema";
import { answersVersion } from "../../answer-cache/version";
import type { EventBus, BusEvent } from "../../realtime/bus";
import type { FeedSocket, SocketHub } from "../../realtime/hub";
import type { Clock } from "../../clock";
import type { Logger } from "../../logger";
import { isApproverRole, type Role } from "../../../shared/constants";
import { PENDING_FEED } from "../../../shared/ws-events";
import { toIsoDate } from "../../../shared/format";
import { withFields } from "../../lib/json-answer";
import type { ApprovalPolicy, Authority } from "./authority";
import { standingColumns, standingFrom, type RoundEntry } from "./authority-reads";
import { pendingDuplicatesFor, pendingItemFields, pendingQueueJson, pendingRowsOf, type DuplicateCandidate } from "./queries";
import { seesTransaction } from "../policies";
import type { TransactionState } from "./status-machine";
import { rows } from "../../db/sql";

export type PendingFeedOptions = {
  db: Db;
  bus: EventBus;
  hub: Pick<SocketHub, "watch">;
  clock: Clock;
  config: { appTimezone: string };
  logger: Logger;
};

export type PendingFeed = {
  /** Sockets following the feed now (tests and diagnostics). */
  followers(): number;
  /** Resolves once everything heard so far has been told (tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
};

/** A row of the queue: its id, creator, creation instant in µs and priority, in the list's order. */
type QueueRow = [id: string, createdBy: string, createdUs: string, isPriority: boolean];

/** A touched row still Pending, as pendingRowsOf reads it through json_agg. */
type FeedRow = TransactionState & {
  id: string;
  json: string;
  amount: string;
  approvalRound: number;
  approvalsRequired: number;
  approvalPolicy: ApprovalPolicy | null;
  round: RoundEntry[] | null;
  duplicates: DuplicateCandidate[];
};

/** A reader as the feed judges their rows: role, window and standing, read when they join and again when they change. */
type Reader = { id: string; role: Role; name: string; visibilityWindowDays: number; standing: ReturnType<typeof standingFrom> };

type Follower = { socket: FeedSocket; seq: number };

/**
 * What is yet to be told: rows touched, readers whose standing changed (or everything), sockets that
 * joined; `wake` when only time moved (a row left a window), `newDay` when the day turned.
 */
type Work = { rows: Set<string>; allRows: boolean; readers: Set<string>; allReaders: boolean; joins: Set<FeedSocket>; wake: boolean; newDay: boolean };

const emptyWork = (): Work => ({ rows: new Set(), allRows: false, readers: new Set(), allReaders: false, joins: new Set(), wake: false, newDay: false });

/** A failed batch (the database away) is tried again after this, doubling, at most the cap. */
const RETRY = { initialMs: 250, maxMs: 10_000 };

/** How often the feed looks whether the day has turned in APP_TIMEZONE (delegations begin and end by the day). */
const DAY_CHECK_MS = 60_000;

export function startPendingFeed(options: PendingFeedOptions): PendingFeed {
  const { db, bus, hub, clock, config, logger } = options;
  const followers = new Map<FeedSocket, Follower>();
  const readers = new Map<string, Reader>();
  let work = emptyWork();
  let running: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryMs = RETRY.initialMs;
  let agingTimer: NodeJS.Timeout | null = null;
  let closed = false;
  /** The queue as the last batch read it, and when: who saw which row before this batch. */
  let before: { at: Date; rows: Map<string, QueueRow> } | null = null;
  let day = toIsoDate(clock(), config.appTimezone);

  /** Sockets that closed: one that closes while its join is being read is not taken in after it. */
  const gone = new WeakSet<FeedSocket>();
  const follows = (socket: FeedSocket) => socket.follows.includes(PENDING_FEED) && isApproverRole(socket.role);

  const unwatch = hub.watch({
    authenticated(socket) {
      if (!follows(socket)) return;
      work.joins.add(socket);
      kick();
    },
    closed(socket) {
      gone.add(socket);
      work.joins.delete(socket);
      followers.delete(socket);
    },
  });

  const unsubscribe = bus.subscribe((event: BusEvent) => {
    if (event.type === "pending-rows") {
      if (event.ids === null) work.allRows = true;
      else for (const id of event.ids) work.rows.add(id);
    } else if (event.type === "pending-viewers") {
      if (event.userIds === null) work.allReaders = true;
      else for (const id of event.userIds) work.readers.add(id);
    } else return;
    kick();
  });
  // Events of other processes were lost while the bus was away: every list is fetched again.
  const offReconnect = bus.onReconnect(() => {
    work.allRows = true;
    kick();
  });

  // Delegations begin and end with the day: every reader's standing is read again when it turns.
  const dayTimer = setInterval(() => {
    const today = toIsoDate(clock(), config.appTimezone);
    if (today === day) return;
    day = today;
    work.newDay = true;
    kick();
  }, DAY_CHECK_MS);
  dayTimer.unref();

  function hasWork(): boolean {
    return work.rows.size > 0 || work.allRows || work.readers.size > 0 || work.allReaders || work.joins.size > 0 || work.wake || work.newDay;
  }

  function kick(): void {
    if (closed || running || retryTimer || !hasWork()) return;
    running = run().finally(() => {
      running = null;
      kick();
    });
  }

  async function run(): Promise<void> {
    while (!closed && hasWork()) {
      const batch = work;
      work = emptyWork();
      try {
        await tell(batch);
        retryMs = RETRY.initialMs;
      } catch (err) {
        logger.warn({ err }, "the pending feed could not read a batch; trying again");
        // What was heard stays to be told; nothing was sent, so no socket's numbering has a gap.
        for (const id of batch.rows) work.rows.add(id);
        for (const id of batch.readers) work.readers.add(id);
        for (const s of batch.joins) work.joins.add(s);
        work.allRows ||= batch.allRows;
        work.allReaders ||= batch.allReaders;
        work.wake ||= batch.wake;
        work.newDay ||= batch.newDay;
        retryTimer = setTimeout(() => {
          retryTimer = null;
          kick();
        }, retryMs);
        retryTimer.unref();
        retryMs = Math.min(retryMs * 2, RETRY.maxMs);
        return;
      }
    }
  }

  /** Tells one batch: the committed state read once, then each follower's own message. */
  async function tell(batch: Work): Promise<void> {
    // Nobody to tell: nothing is read (the next follower's first batch starts afresh, its readers too).
    if (followers.size === 0 && batch.joins.size === 0) {
      before = null;
      readers.clear();
      return;
    }
    const now = clock();
    const everyone = batch.allRows || batch.allReaders;
    const joining = [...batch.joins].filter((s) => !followers.has(s));
    // Readers read anew: those who joined (if not known), those whose standing changed, and on a
    // new day all of them (a delegation began or ended: those whose standing differs start again).
    const resynced = new Set(batch.readers);
    // Told without a version: a page read before the day turned holds yesterday's standing whatever it counts.
    const newDay = new Set<string>();
    const yesterday = batch.newDay ? new Map(readers) : null;
    for (const id of batch.readers) readers.delete(id);
    if (batch.allReaders || batch.newDay) readers.clear();
    const readerIds = new Set([...followers.keys(), ...joining].map((s) => s.userId).filter((id) => !readers.has(id)));
    // The rows aged out of a window since the last batch: a time, not a change, takes them out.
    const aged = before && !everyone ? agedOut(before, now) : [];
    const notified = everyone ? [] : [...batch.rows, ...aged];
    const read = await readBatch(db, notified, [...readerIds], toIsoDate(now, config.appTimezone), everyone ? null : (before?.rows ?? null));
    // Every row that entered, left or moved in the queue since the last batch is told with the
    // ones named: a message's count and places then hold with the rows told so far, even when a
    // change committed before this read is yet to be heard of.
    const ids = [...new Set([...notified, ...read.moved])];
    for (const r of read.readers) {
      const was = yesterday?.get(r.id);
      if (was && JSON.stringify(was.standing) !== JSON.stringify(r.standing)) newDay.add(r.id);
      readers.set(r.id, r);
    }
    const queue = new Map(read.queue.map((q) => [q[0], q]));

    for (const socket of joining) {
      if (gone.has(socket)) continue;
      followers.set(socket, { socket, seq: 0 });
      socket.send(JSON.stringify({ type: "pending-ready", seq: 0, version: read.version }));
    }
    const previous = before;
    before = { at: now, rows: queue };
    scheduleAging(now, read.queue);

    for (const follower of followers.values()) {
      const reader = readers.get(follower.socket.userId);
      // A reader who no longer approves, or is gone: their sockets are being closed (sessions-ended).
      if (!reader || reader.role !== follower.socket.role || !isApproverRole(reader.role)) continue;
      if (newDay.has(reader.id)) {
        send(follower, (seq) => `{"type":"pending-resync","seq":${seq}}`);
        continue;
      }
      if (everyone || resynced.has(reader.id)) {
        send(follower, (seq) => `{"type":"pending-resync","seq":${seq},"version":"${read.version}"}`);
        continue;
      }
      if (ids.length === 0) continue;
      const changes = changesFor(reader, now, ids, read.rows, read.queue, previous);
      if (!changes) continue;
      send(
        follower,
        (seq) => `{"type":"pending-changes","seq":${seq},"version":"${read.version}","total":${changes.total},"changes":[${changes.items.join(",")}]}`,
      );
    }
  }

  function send(follower: Follower, message: (seq: number) => string): void {
    follower.seq += 1;
    follower.socket.send(message(follower.seq));
  }

  /** The rows a window let go of between the last batch and now: told as changes (they leave the lists). */
  function agedOut(last: { at: Date; rows: Map<string, QueueRow> }, now: Date): string[] {
    const windows = new Set(
      [...followers.values()]
        .map((f) => readers.get(f.socket.userId))
        .filter((r): r is Reader => !!r && r.role !== "SuperAdmin")
        .map((r) => r.visibilityWindowDays),
    );
    const out: string[] = [];
    for (const [id, , createdUs] of last.rows.values()) {
      const at = Number(createdUs);
      for (const days of windows) {
        const start = (t: Date) => (t.getTime() - days * 86_400_000) * 1000;
        if (at >= start(last.at) && at < start(now)) {
          out.push(id);
          break;
        }
      }
    }
    return out;
  }

  /** Wakes the feed when the next row leaves some follower's window. */
  function scheduleAging(now: Date, queue: readonly QueueRow[]): void {
    if (agingTimer) clearTimeout(agingTimer);
    agingTimer = null;
    let next = Infinity;
    const windows = new Set([...readers.values()].filter((r) => r.role !== "SuperAdmin").map((r) => r.visibilityWindowDays));
    for (const days of windows) {
      const startUs = (now.getTime() - days * 86_400_000) * 1000;
      for (const [, , createdUs] of queue) {
        const at = Number(createdUs);
        if (at >= startUs) next = Math.min(next, Math.floor(at / 1000) + days * 86_400_000 + 1);
      }
    }
    if (next === Infinity) return;
    // setTimeout holds at most about 24 days; a later aging is found again by a later batch or wake.
    agingTimer = setTimeout(
      () => {
        agingTimer = null;
        work.wake = true;
        kick();
      },
      Math.min(Math.max(next - now.getTime(), 1_000), 2 ** 31 - 1),
    );
    agingTimer.unref();
  }

  return {
    followers: () => followers.size,
    async settled() {
      while (running || hasWork() || retryTimer) {
        await (running ?? new Promise((r) => setTimeout(r, 20)));
      }
    },
    async close() {
      closed = true;
      unwatch();
      unsubscribe();
      offReconnect();
      clearInterval(dayTimer);
      if (agingTimer) clearTimeout(agingTimer);
      if (retryTimer) clearTimeout(retryTimer);
      await running;
    },
  };
}

/**
 * What one batch reads, in one snapshot (a read-only repeatable-read transaction): the count of
 * changes, the queue, the rows named, the readers not yet known; then, from the same snapshot, the
 * rows that moved in the queue since `previous` (the last batch's) without being named.
 */
async function readBatch(db: Db, ids: string[], readerIds: string[], today: string, previous: ReadonlyMap<string, QueueRow> | null) {
  return db.transaction(
    async (tx) => {
      const viewer = alias(users, "viewer");
      const standing = standingColumns(tx, viewer.id, today);
      const readersJson = sql`(select coalesce(json_agg(json_build_object('id', ${viewer.id}, 'role', ${viewer.role}, 'name', ${viewer.name},
          'visibilityWindowDays', ${viewer.visibilityWindowDays}, 'active', ${viewer.isActive} and ${viewer.deletedAt} is null,
          'standingLimit', ${standing.standingLimit}, 'standingDelegators', ${standing.standingDelegators})), '[]')
        from ${users} viewer where ${viewer.id} = any(${uuids(readerIds)}))`;
      const [row] = await rows<{
        version: string;
        queue: QueueRow[];
        rows: FeedRow[];
        readers: (Omit<Reader, "standing"> & { active: boolean; standingLimit: string | null; standingDelegators: Authority[] })[];
      }>(tx, sql`select ${answersVersion} as version, ${pendingQueueJson()} as queue, ${rowsJson(tx, ids)} as rows, ${readersJson} as readers`);
      const feedRows = new Map(row!.rows.map((r) => [r.id, r]));
      const moved = previous ? movedInQueue(previous, row!.queue) : [];
      const unread = moved.filter((id) => !feedRows.has(id) && !ids.includes(id));
      if (unread.length) {
        const [more] = await rows<{ rows: FeedRow[] }>(tx, sql`select ${rowsJson(tx, unread)} as rows`);
        for (const r of more!.rows) feedRows.set(r.id, r);
      }
      return {
        version: row!.version,
        queue: row!.queue,
        rows: feedRows,
        moved,
        readers: row!.readers
          .filter((r) => r.active)
          .map((r): Reader => ({ id: r.id, role: r.role, name: r.name, visibilityWindowDays: r.visibilityWindowDays, standing: standingFrom(r, r) })),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

const uuids = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;
const rowsJson = (q: Tx, ids: readonly string[]) => sql`(select coalesce(json_agg(r), '[]') from (${pendingRowsOf(q, uuids(ids))}) r)`;

/** The rows that entered or left the queue, or whose place-deciding facts (creator, creation, priority) changed. */
function movedInQueue(previous: ReadonlyMap<string, QueueRow>, queue: readonly QueueRow[]): string[] {
  const out: string[] = [];
  const now = new Set<string>();
  for (const q of queue) {
    now.add(q[0]);
    const was = previous.get(q[0]);
    if (!was || was[1] !== q[1] || was[2] !== q[2] || was[3] !== q[3]) out.push(q[0]);
  }
  for (const id of previous.keys()) if (!now.has(id)) out.push(id);
  return out;
}

/**
 * What `reader` is told of the touched rows: each they see now, as their pending list would answer
 * it, with its place among the rows they see; each they saw in the last batch's queue but no longer
 * see (approved, rejected, deleted, out of their window), as gone. Null when none of it is theirs.
 */
function changesFor(
  reader: Reader,
  now: Date,
  ids: readonly string[],
  rows: ReadonlyMap<string, FeedRow>,
  queue: readonly QueueRow[],
  previous: { at: Date; rows: Map<string, QueueRow> } | null,
): { total: number; items: string[] } | null {
  const sees = (at: Date) => (createdBy: string, createdUs: string) => seesTransaction(reader, at, { createdBy, createdAtMicros: Number(createdUs) });
  const seesNow = sees(now);
  const touched = new Set(ids);
  const places = new Map<string, number>();
  let total = 0;
  for (const [id, createdBy, createdUs] of queue) {
    if (!seesNow(createdBy, createdUs)) continue;
    if (touched.has(id)) places.set(id, total);
    total += 1;
  }
  const gone: string[] = [];
  const put: [number, string][] = [];
  for (const id of touched) {
    const place = places.get(id);
    const row = rows.get(id);
    if (place !== undefined && row) {
      const fields = pendingItemFields(reader, reader.standing, row, row.round ?? []);
      const possibleDuplicates = pendingDuplicatesFor(row.duplicates, ({ createdBy, createdAtMicros }) =>
        seesTransaction(reader, now, { createdBy, createdAtMicros }),
      );
      put.push([place, `{"id":"${id}","index":${place},"row":${withFields(row.json, { possibleDuplicates, ...fields })}}`]);
      continue;
    }
    const was = previous?.rows.get(id);
    if (was && sees(previous!.at)(was[1], was[2])) gone.push(`{"id":"${id}","row":null}`);
  }
  if (gone.length === 0 && put.length === 0) return null;
  put.sort((a, b) => a[0] - b[0]);
  return { total, items: [...gone, ...put.map(([, text]) => text)] };
}
