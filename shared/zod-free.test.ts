// The shared modules that screens use only to show things (amounts, dates, statuses, custom field
// values) stay free of zod, so the Approver's dashboard, Pending Approvals and the transaction
// lists load without it (about 28 KB gzipped; docs/performance-history.md). The zod schemas live in
// shared/schemas/, which only the form screens and the server load.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ZOD_FREE = ["constants.ts", "format.ts", "money.ts", "custom-fields.ts", "approval-words.ts"];

/** The modules a file imports at run time (type-only imports are erased by the build). */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(path.join(import.meta.dirname, file), "utf8");
  return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)";/gms)].map((m) => m[1]);
}

/** Every module reached from `file` through run-time imports inside shared/. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const spec of runtimeImports(file)) {
    if (!spec.startsWith(".")) {
      seen.add(spec);
      continue;
    }
    reachable(path.normalize(path.join(path.dirname(file), spec)) + ".ts", seen);
  }
  return seen;
}

describe("display-only shared modules", () => {
  it.each(ZOD_FREE)("%s reaches no zod through its run-time imports", (file) => {
    expect([...reachable(file)].filter((m) => m === "zod" || m.startsWith("schemas/"))).toEqual([]);
  });
});
