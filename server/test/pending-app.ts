// An approver's app as far as its pending list goes, without a browser: a socket that follows the
// pending feed and a first page kept from it by the client's own pure functions (lib/feed-log.ts,
// features/transactions/pending-feed.ts), fetched again exactly when those say so. The API tests
// compare it with GET /api/transactions/pending; the bench's herd runs hundreds of them. `refetchOnNotification`
// is the app before the feed: every transaction notification fetched the list again.
import { WebSocket } from "ws";
import { receiveFeedMessage, feedLogClosed, EMPTY_FEED_LOG } from "../../client/src/lib/feed-log";
import {
  catchUpPending,
  feedPosition,
  fetchCaughtUp,
  fetchedPendingPage,
  type PendingFeedLog,
  type PendingPage,
} from "../../client/src/features/transactions/pending-feed";
import { FEED_VERSION_HEADER, PENDING_FEED, WS_PATH } from "../../shared/ws-events";
import { PAGE_HEADERS } from "../../shared/constants";
import type { PendingFeedMessage } from "../../shared/schemas/transactions";

export type PendingAppOptions = {
  baseUrl: string;
  cookie: string;
  userId: string;
  role: string;
  /** The app before the feed: no feed followed, the list fetched again on every transaction notification. */
  refetchOnNotification?: boolean;
  /** Told after every change of the page (applied messages or a fetch), with when. */
  onPage?: (page: PendingPage, at: number) => void;
};

export class PendingApp {
  page: PendingPage | null = null;
  log: PendingFeedLog = EMPTY_FEED_LOG;
  /** Every text the socket received, in order (what a recipient was told). */
  readonly received: string[] = [];
  fetches = 0;
  private ws: WebSocket | null = null;
  private fetching: Promise<void> | null = null;
  private controller: AbortController | null = null;

  constructor(private readonly options: PendingAppOptions) {}

  /** Opens the socket, announces itself (following the feed, unless the old app), and reads the list. */
  async start(): Promise<void> {
    const { baseUrl, cookie, userId, role, refetchOnNotification } = this.options;
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}${WS_PATH}`, { headers: { Cookie: cookie } });
    this.ws = ws;
    ws.on("message", (data) => this.onMessage(data.toString()));
    ws.on("close", () => {
      this.log = feedLogClosed(this.log);
    });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
      ws.once("unexpected-response", (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
    });
    ws.send(JSON.stringify({ type: "auth", userId, role, ...(refetchOnNotification ? {} : { follows: [PENDING_FEED] }) }));
    await this.refetch();
  }

  /** Whether the socket follows the feed now (a ready arrived and it did not close since). */
  get following(): boolean {
    return this.log.readyVersion !== null;
  }

  /** Resolves once no fetch is in flight. */
  async idle(): Promise<void> {
    while (this.fetching) await this.fetching;
  }

  close(): void {
    this.ws?.close(1000, "done");
  }

  private onMessage(text: string): void {
    this.received.push(text);
    const message = JSON.parse(text) as { type: string };
    if (this.options.refetchOnNotification) {
      if (message.type === "transaction_pending" || message.type === "user_notification") void this.refetch();
      return;
    }
    if (!message.type.startsWith("pending-")) return;
    this.log = receiveFeedMessage(this.log, message as unknown as PendingFeedMessage);
    this.reconcile();
  }

  /** The page brought up to the log, or fetched again when it cannot be. */
  private reconcile(): void {
    if (!this.page || this.fetching) return;
    const next = catchUpPending(this.page, this.log);
    if (next === "refetch") void this.refetch();
    else if (next !== this.page) this.setPage(next);
  }

  /**
   * Fetches the first page as the app's query does (features/transactions/api.ts, fetchCaughtUp):
   * a page still behind the feed is fetched again, a few times at most. The app
   * before the feed cancels the fetch in flight and starts another, as TanStack Query's
   * invalidation does (the server answers the cancelled one all the same).
   */
  refetch(): Promise<void> {
    if (this.options.refetchOnNotification) this.controller?.abort();
    else if (this.fetching) return this.fetching;
    const controller = new AbortController();
    this.controller = controller;
    const run = (async () => {
      try {
        const fetch = () => this.fetchPage(controller.signal);
        this.setPage(
          this.options.refetchOnNotification ? fetchedPendingPage(await fetch(), feedPosition(this.log)) : await fetchCaughtUp(fetch, () => this.log),
        );
      } catch (err) {
        if (!controller.signal.aborted) throw err;
      } finally {
        if (this.controller === controller) this.fetching = null;
      }
    })();
    this.fetching = run;
    return run;
  }

  private async fetchPage(signal: AbortSignal): Promise<Omit<PendingPage, "seen">> {
    this.fetches += 1;
    const res = await fetch(`${this.options.baseUrl}/api/transactions/pending?page=1`, {
      headers: { cookie: this.options.cookie, "accept-encoding": "br, gzip" },
      signal,
    });
    if (!res.ok) throw new Error(`GET pending: ${res.status} ${await res.text()}`);
    const items = (await res.json()) as PendingPage["items"];
    const header = (name: string) => Number(res.headers.get(name));
    return {
      items,
      total: header(PAGE_HEADERS.total),
      page: header(PAGE_HEADERS.page),
      limit: header(PAGE_HEADERS.limit),
      version: res.headers.get(FEED_VERSION_HEADER),
    };
  }

  private setPage(page: PendingPage): void {
    this.page = page;
    this.options.onPage?.(page, performance.now());
  }
}
