// Runs around every browser test: a Content-Security-Policy violation seen on any watched page
// fails the test it happened in (tests/browser/support.ts collects them).
import { afterEach, expect } from "vitest";
import { cspViolations } from "./support";

afterEach(() => {
  const seen = cspViolations.splice(0);
  expect(seen, "Content-Security-Policy violations on the screens of this test").toEqual([]);
});
