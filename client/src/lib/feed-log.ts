// What a socket feed said on its current connection (the pending list's feed: shared/ws-events.ts
// PENDING_FEED): the socket hands each message over here, and the screens that keep a list from
// the feed read the log (features/transactions/pending-feed.ts). Pure functions, and one small
// store per feed for React to subscribe to.

import type { PendingFeedMessage } from "@shared/schemas/transactions";

/** A feed message as the log keeps it: numbered on its connection, `…-ready` first with seq 0. */
export type FeedMessage = { type: string; seq: number; version?: string };

export type FeedLog<M extends FeedMessage = FeedMessage> = {
  /** Counts the connections whose ready arrived (0: none yet), so a reader knows a new one from the last. */
  connection: number;
  /** The ready's version; null while no connection follows the feed (closed, or not ready yet). */
  readyVersion: string | null;
  /** The messages since the ready, in order; the oldest are let go of beyond LOG_KEPT. */
  messages: readonly M[];
  /** The last message let go of (seq 0: none) and the highest version among those let go of. */
  dropped: { seq: number; version: string | null };
};

/** Messages kept: a screen mounted later catches up from them, or fetches when they no longer reach back. */
export const LOG_KEPT = 200;

const NONE_DROPPED = { seq: 0, version: null };

export const EMPTY_FEED_LOG: FeedLog<never> = { connection: 0, readyVersion: null, messages: [], dropped: NONE_DROPPED };

/** The log after `message`: a ready starts a new connection's log, any other is added to it. */
export function receiveFeedMessage<M extends FeedMessage>(log: FeedLog<M>, message: M): FeedLog<M> {
  if (message.seq === 0) return { connection: log.connection + 1, readyVersion: message.version ?? null, messages: [], dropped: NONE_DROPPED };
  if (log.readyVersion === null) return log;
  if (log.messages.length < LOG_KEPT) return { ...log, messages: [...log.messages, message] };
  const [oldest, ...rest] = log.messages;
  const version =
    oldest!.version !== undefined && (log.dropped.version === null || BigInt(oldest!.version) > BigInt(log.dropped.version))
      ? oldest!.version
      : log.dropped.version;
  return { ...log, messages: [...rest, message], dropped: { seq: oldest!.seq, version } };
}

/** The log once its socket closed: nothing follows the feed until the next ready. */
export function feedLogClosed<M extends FeedMessage>(log: FeedLog<M>): FeedLog<M> {
  return log.readyVersion === null ? log : { ...log, readyVersion: null, messages: [], dropped: NONE_DROPPED };
}

/** One feed's log for the app: the socket writes it, screens subscribe (useSyncExternalStore). */
export function feedStore<M extends FeedMessage>() {
  let log: FeedLog<M> = EMPTY_FEED_LOG;
  const listeners = new Set<() => void>();
  const set = (next: FeedLog<M>) => {
    if (next === log) return;
    log = next;
    for (const l of listeners) l();
  };
  return {
    snapshot: (): FeedLog<M> => log,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive: (message: M) => set(receiveFeedMessage(log, message)),
    closed: () => set(feedLogClosed(log)),
  };
}

/** The pending list's feed: written by the socket (features/notifications), read by the pending pages (features/transactions). */
export const pendingFeed = feedStore<PendingFeedMessage>();
