// The pending list (spec 000 §4, DECISIONS §9's month-end herd), apart from the other finance
// calls so only the screens that show it load the pending feed's code.
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PAGE_HEADERS, POLL } from "@shared/constants";
import { FEED_VERSION_HEADER } from "@shared/ws-events";
import { apiRequest, readJson } from "@/lib/api";
import { POLLED } from "@/lib/query-client";
import { pendingFeed } from "@/lib/feed-log";
import { transactionKeys, type PendingItem } from "./api";
import { catchUpPending, fetchCaughtUp, type PendingPage } from "./pending-feed";

export type { PendingPage };

/** One page of the pending list, the whole count and the count of changes it was read at (PAGE_HEADERS, FEED_VERSION_HEADER). */
export async function fetchPendingPage(page: number, signal?: AbortSignal): Promise<Omit<PendingPage, "seen">> {
  const res = await apiRequest("GET", `/api/transactions/pending?page=${page}`, undefined, { signal });
  const items = (await readJson<PendingItem[]>(res)) ?? [];
  const header = (name: string, fallback: number) => {
    const n = Number(res.headers.get(name));
    return Number.isFinite(n) && res.headers.has(name) ? n : fallback;
  };
  return {
    items: items as PendingPage["items"],
    total: header(PAGE_HEADERS.total, items.length),
    page: header(PAGE_HEADERS.page, page),
    limit: header(PAGE_HEADERS.limit, items.length),
    version: res.headers.get(FEED_VERSION_HEADER),
  };
}

/**
 * The pending list a page at a time. While the socket follows the pending feed, the page is kept
 * from what it is told (pending-feed.ts) and fetched only when that cannot be done; while it does
 * not (closed, reconnecting), it is polled every 15 s, also in the background (spec 000 §4). With
 * 200 approvers online, polling a list that changes twice a second would cost 13 fresh lists a
 * second (DECISIONS §9, month-end herd).
 */
export function usePendingTransactions(page = 1) {
  const queryClient = useQueryClient();
  const log = useSyncExternalStore(pendingFeed.subscribe, pendingFeed.snapshot);
  const queryKey = useMemo(() => [...transactionKeys.pending(), page], [page]);
  const query = useQuery<PendingPage>({
    queryKey,
    queryFn: ({ signal }) => fetchCaughtUp(() => fetchPendingPage(page, signal), pendingFeed.snapshot),
    meta: POLLED,
    refetchInterval: log.readyVersion === null ? POLL.pendingMs : false,
    refetchIntervalInBackground: true,
  });
  // Each message applied to the page kept (a fetch in flight applies them itself when it lands).
  const { isFetching, dataUpdatedAt } = query;
  useEffect(() => {
    const kept = queryClient.getQueryData<PendingPage>(queryKey);
    if (!kept || isFetching) return;
    const next = catchUpPending(kept, log);
    if (next === "refetch") void queryClient.invalidateQueries({ queryKey, exact: true });
    else if (next !== kept) queryClient.setQueryData(queryKey, next);
  }, [log, isFetching, dataUpdatedAt, queryClient, queryKey]);
  return query;
}
