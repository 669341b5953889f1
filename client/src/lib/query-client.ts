// Query defaults in one place (spec 000 §7 and §9).
import { MutationCache, QueryCache, QueryClient, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import { ApiError, apiRequest, readJson } from "./api";

export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * Turns a query key into a URL: string and number segments joined by '/', so
 * ['/api/transactions', id] → '/api/transactions/<id>'. A plain-object segment (our extension)
 * becomes the query string: ['/api/transactions', {status: 'Pending', page: 2}] →
 * '/api/transactions?status=Pending&page=2'; null, undefined and '' values are left out.
 */
export function queryKeyToUrl(queryKey: QueryKey): string {
  const segments: string[] = [];
  const params = new URLSearchParams();
  for (const segment of queryKey) {
    if (typeof segment === "string" || typeof segment === "number") {
      segments.push(String(segment));
    } else if (segment !== null && typeof segment === "object" && !Array.isArray(segment)) {
      for (const [key, value] of Object.entries(segment as Record<string, unknown>)) {
        if (value === undefined || value === null || value === "") continue;
        params.append(key, String(value));
      }
    }
  }
  const query = params.toString();
  return segments.join("/") + (query ? `?${query}` : "");
}

/**
 * The meta of a query the client refetches on its own (a poll). Its refetches carry `X-Background: 1`
 * so they do not extend the idle timeout (DECISIONS §10); its first fetch, made because the user
 * opened a screen, does.
 */
export const POLLED = { poll: true } as const;

/** The default fetcher: GET the key's URL, parse JSON. With on401 'returnNull' a 401 answer yields null. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal, meta, client }) => {
    const background = meta?.poll === true && client.getQueryData(queryKey) !== undefined;
    try {
      return await readJson<T>(
        await apiRequest("GET", queryKeyToUrl(queryKey), undefined, { signal, headers: background ? { "X-Background": "1" } : undefined }),
      );
    } catch (err) {
      if (on401 === "returnNull" && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}

/** What a global listener learns about a failed query or mutation. */
export type ApiErrorEvent = { error: unknown; source: "query" | "mutation"; meta: Record<string, unknown> | undefined };
type ApiErrorListener = (event: ApiErrorEvent) => void;

const errorListeners = new Set<ApiErrorListener>();

/**
 * Subscribes to every failed query and mutation (e.g. the auth feature turns a 401 into the login
 * screen and a 423 into the lockdown screen). A query or mutation with `meta: {globalErrors: false}`
 * is left out. Returns the unsubscribe function.
 */
export function subscribeToApiErrors(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

function notify(event: ApiErrorEvent) {
  if (event.meta?.globalErrors === false) return;
  for (const listener of errorListeners) listener(event);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notify({ error, source: "query", meta: query.meta }) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => notify({ error, source: "mutation", meta: mutation.meta }),
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
