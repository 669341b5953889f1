// The request helper every screen uses (spec 000 §7, DECISIONS §2).
//
// - Cookies always go along (credentials: "include").
// - A FormData body is sent as is (the browser sets the multipart boundary); any other body is JSON.
// - Every state-changing request carries `X-Requested-With: XMLHttpRequest`, the server's CSRF check.
// - A non-OK answer throws an ApiError whose message is `${status}: ${text or statusText}`.
//
// Screens show failures with `errorMessage(err, fallback)`, which digs the server's `message` out.
// This module never shows toasts itself.

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** One entry of a 400 answer: the field path and its message (DECISIONS §2). */
export type ApiIssue = { path: string; message: string };

/** The JSON error body of the API: `{message, code?, issues?}`, plus `lockdown`/`expired` flags on 423/410. */
export type ApiErrorBody = {
  message?: string;
  code?: string;
  issues?: ApiIssue[];
  lockdown?: boolean;
  expired?: boolean;
  [key: string]: unknown;
};

/** A non-OK answer. `message` is `${status}: ${text or statusText}` as spec 000 §7 requires. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The raw response text ('' when empty). */
  readonly bodyText: string;
  /** The parsed JSON body, or null when the body is not JSON. */
  readonly body: ApiErrorBody | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.body = parseJsonObject(bodyText);
  }
}

function parseJsonObject(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** Throws an ApiError for a non-OK response; returns it unchanged otherwise. */
export async function throwIfResNotOk(res: Response): Promise<Response> {
  if (!res.ok) {
    let text = "";
    try {
      text = await res.text();
    } catch {
      // An unreadable body still gives a useful status line.
    }
    throw new ApiError(res.status, res.statusText, text);
  }
  return res;
}

export type RequestOptions = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Sends a request to the API and returns the OK response; throws ApiError otherwise. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (!SAFE_METHODS.has(method)) headers["X-Requested-With"] = "XMLHttpRequest";

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }

  const res = await fetch(url, { method, headers, body: payload, credentials: "include", signal: options.signal });
  return throwIfResNotOk(res);
}

/** Reads a JSON answer; an empty body (204, or an empty 200) gives undefined. */
export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** apiRequest + readJson: the usual way to call the API. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return readJson<T>(await apiRequest(method, url, body, options));
}

const STATUS_LINE = /^(\d{3}): ([\s\S]*)$/;

/** The parsed error body of an ApiError, or of an Error whose message has the `${status}: ${text}` shape. */
export function errorBody(err: unknown): ApiErrorBody | null {
  if (isApiError(err)) return err.body;
  if (err instanceof Error) {
    const match = STATUS_LINE.exec(err.message);
    if (match) return parseJsonObject(match[2]);
  }
  return null;
}

/** The HTTP status of a failed call, or undefined for network and other errors. */
export function errorStatus(err: unknown): number | undefined {
  if (isApiError(err)) return err.status;
  if (err instanceof Error) {
    const match = STATUS_LINE.exec(err.message);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/**
 * The text to show for a failed call: the server's JSON `message` when there is one, else a short
 * plain-text body, else the fallback (network failures, HTML error pages, empty bodies).
 */
export function errorMessage(err: unknown, fallback: string): string {
  const body = errorBody(err);
  if (body && typeof body.message === "string" && body.message.trim()) return body.message;
  if (body) return fallback;
  let text: string | undefined;
  if (isApiError(err)) text = err.bodyText;
  else if (err instanceof Error) text = STATUS_LINE.exec(err.message)?.[2];
  text = text?.trim();
  if (text && text.length <= 200 && !text.startsWith("<")) return text;
  return fallback;
}

/** The per-field issues of a 400 answer, keyed by field path (first message per field). */
export function errorIssues(err: unknown): Record<string, string> {
  const issues = errorBody(err)?.issues;
  const out: Record<string, string> = {};
  if (!Array.isArray(issues)) return out;
  for (const issue of issues) {
    if (issue && typeof issue.path === "string" && typeof issue.message === "string" && !(issue.path in out)) {
      out[issue.path] = issue.message;
    }
  }
  return out;
}
