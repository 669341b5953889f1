import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import { ListState, type ListQuery } from "./list-state";

const pending: ListQuery = { isPending: true, isError: false, isSuccess: false, error: null };
const answered: ListQuery = { isPending: false, isError: false, isSuccess: true, error: null };
const failed = (error: unknown): ListQuery => ({ isPending: false, isError: true, isSuccess: false, error });

function render(query: ListQuery, count: number) {
  return renderToStaticMarkup(
    createElement(ListState, { query, count, loading: "LOADING", errorTitle: "Could not load transactions", empty: "EMPTY" }, "ROWS"),
  );
}

describe("a list's states (ListState)", () => {
  it("shows the loading state until the first answer, and nothing else", () => {
    expect(render(pending, 0)).toBe("LOADING");
  });

  it("shows the empty state only once the server has answered with no rows", () => {
    expect(render(answered, 0)).toBe("EMPTY");
    expect(render(answered, 3)).toBe("ROWS");
  });

  it("names a failure with the server's message, and never calls a failed list empty", () => {
    const html = render(failed(new ApiError(503, "Service Unavailable", JSON.stringify({ message: "Database unavailable" }))), 0);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Could not load transactions");
    expect(html).toContain("Database unavailable");
    expect(html).not.toContain("EMPTY");
  });

  it("keeps the rows it has when a refetch fails, under the error", () => {
    const html = render(failed(new Error("offline")), 2);
    expect(html).toContain("Could not load transactions");
    expect(html.endsWith("ROWS")).toBe(true);
  });

  it("says 'Please try again.' when the error has no message of its own", () => {
    expect(render(failed(null), 0)).toContain("Please try again.");
  });
});
