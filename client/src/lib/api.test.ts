import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiJson, apiRequest, errorIssues, errorMessage, errorStatus } from "./api";
import { createQueryClient, POLLED, queryKeyToUrl } from "./query-client";

type Call = { url: string; init: RequestInit };

function mockFetch(response: Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return response;
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const headersOf = (call: Call) => call.init.headers as Record<string, string>;

describe("apiRequest (spec 000 §7, DECISIONS §2)", () => {
  it("GET sends cookies and no CSRF header", async () => {
    const calls = mockFetch(new Response("{}", { status: 200 }));
    await apiRequest("GET", "/api/categories");
    expect(calls[0].init.credentials).toBe("include");
    expect(headersOf(calls[0])["X-Requested-With"]).toBeUndefined();
    expect(calls[0].init.body).toBeUndefined();
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("%s carries X-Requested-With: XMLHttpRequest", async (method) => {
    const calls = mockFetch(new Response(null, { status: 204 }));
    await apiRequest(method, "/api/x");
    expect(headersOf(calls[0])["X-Requested-With"]).toBe("XMLHttpRequest");
    expect(calls[0].init.credentials).toBe("include");
  });

  it("a plain body is JSON with a JSON content type", async () => {
    const calls = mockFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/auth/login", { username: "a", password: "b" });
    expect(headersOf(calls[0])["Content-Type"]).toBe("application/json");
    expect(calls[0].init.body).toBe('{"username":"a","password":"b"}');
  });

  it("FormData is sent as is, without a content type of ours", async () => {
    const calls = mockFetch(new Response("{}", { status: 200 }));
    const form = new FormData();
    form.append("month", "2026-07");
    await apiRequest("POST", "/api/hr/import/upload", form);
    expect(calls[0].init.body).toBe(form);
    expect(headersOf(calls[0])["Content-Type"]).toBeUndefined();
  });

  it("a non-OK answer throws `${status}: ${text}`", async () => {
    mockFetch(new Response('{"message":"Invalid username or password"}', { status: 401, statusText: "Unauthorized" }));
    const err = await apiRequest("POST", "/api/auth/login", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('401: {"message":"Invalid username or password"}');
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).body).toEqual({ message: "Invalid username or password" });
  });

  it("an empty error body falls back to the status text", async () => {
    mockFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("500: Internal Server Error");
  });

  it("apiJson reads JSON, and nothing from a 204", async () => {
    mockFetch(new Response('{"user":{"id":"1"}}', { status: 200 }));
    await expect(apiJson("GET", "/api/auth/me")).resolves.toEqual({ user: { id: "1" } });
    mockFetch(new Response(null, { status: 204 }));
    await expect(apiJson("DELETE", "/api/x")).resolves.toBeUndefined();
  });
});

describe("errorMessage: the server's message for toasts", () => {
  it.each([
    ["an ApiError with a JSON message", new ApiError(409, "Conflict", '{"message":"Already approved"}'), "Already approved"],
    ["a plain Error in the status-line shape", new Error('400: {"message":"Amount is required"}'), "Amount is required"],
    ["a short text body", new ApiError(429, "Too Many Requests", "Too many attempts"), "Too many attempts"],
    ["an HTML body", new ApiError(502, "Bad Gateway", "<html>bad</html>"), "Fallback"],
    ["JSON without a message", new ApiError(500, "Error", '{"code":"X"}'), "Fallback"],
    ["an empty body", new ApiError(500, "Internal Server Error", ""), "Fallback"],
    ["a network failure", new TypeError("Failed to fetch"), "Fallback"],
    ["not an error", "boom", "Fallback"],
  ])("%s", (_label, err, expected) => {
    expect(errorMessage(err, "Fallback")).toBe(expected);
  });

  it("errorStatus reads the status of either shape", () => {
    expect(errorStatus(new ApiError(423, "Locked", ""))).toBe(423);
    expect(errorStatus(new Error("404: nope"))).toBe(404);
    expect(errorStatus(new Error("nope"))).toBeUndefined();
  });

  it("errorIssues maps the 400 issues by field", () => {
    const err = new ApiError(
      400,
      "Bad Request",
      JSON.stringify({
        message: "Invalid",
        issues: [
          { path: "amount", message: "Amount is required" },
          { path: "amount", message: "second" },
          { path: "description", message: "Description must be at least 2 characters" },
        ],
      }),
    );
    expect(errorIssues(err)).toEqual({ amount: "Amount is required", description: "Description must be at least 2 characters" });
    expect(errorIssues(new Error("x"))).toEqual({});
  });
});

describe("queryKeyToUrl: the default fetcher's URL", () => {
  it.each([
    [["/api/auth/me"], "/api/auth/me"],
    [["/api/transactions", "abc"], "/api/transactions/abc"],
    [["/api/transactions", 7, "attachments"], "/api/transactions/7/attachments"],
    [["/api/transactions", { status: "Pending", page: 2, search: "", x: undefined, y: null }], "/api/transactions?status=Pending&page=2"],
  ])("%j → %s", (key, url) => {
    expect(queryKeyToUrl(key)).toBe(url);
  });
});

describe("polls do not extend the idle timeout (DECISIONS §10)", () => {
  it("a polled query's refetches carry X-Background: 1; its first fetch and other queries do not", async () => {
    const client = createQueryClient();
    const calls: Call[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => (calls.push({ url, init }), new Response("{}", { status: 200 }))),
    );
    await client.fetchQuery({ queryKey: ["/api/transactions/pending"], meta: POLLED });
    await client.fetchQuery({ queryKey: ["/api/transactions/pending"], meta: POLLED, staleTime: 0 });
    await client.fetchQuery({ queryKey: ["/api/categories"] });
    await client.fetchQuery({ queryKey: ["/api/categories"], staleTime: 0 });
    expect(calls.map((c) => [c.url, headersOf(c)["X-Background"]])).toEqual([
      ["/api/transactions/pending", undefined],
      ["/api/transactions/pending", "1"],
      ["/api/categories", undefined],
      ["/api/categories", undefined],
    ]);
  });
});
