// Input checks shared by the router (params, query, body) and the services that validate what a
// change makes (a budget after a partial edit): a zod parse that fails as DomainError "invalid"
// with one issue per field, or "not_found" for path parameters that name nothing.
import type { z } from "zod";
import { DomainError, notFound, zodIssues, type Issue } from "./errors";

export const NUL_MESSAGE = "Text cannot contain NUL (\\u0000) characters";

/**
 * The path of the first string (or object key) holding U+0000, or null. PostgreSQL can store that
 * character neither in text nor in jsonb, so such input would otherwise fail in the database (a 500).
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNulCharacter(value: unknown): string | null {
  // Each entry links to its parent instead of copying the path, so deep nesting stays linear.
  type Entry = { value: unknown; key: string; parent: Entry | null };
  const pathOf = (entry: Entry | null, last?: string): string => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let e = entry; e && e.parent; e = e.parent) keys.push(e.key);
    return keys.reverse().join(".").slice(0, 200);
  };
  const stack: Entry[] = [{ value, key: "", parent: null }];
  while (stack.length) {
    const entry = stack.pop()!;
    const v = entry.value;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return pathOf(entry);
    } else if (v !== null && typeof v === "object") {
      for (const [key, child] of Object.entries(v)) {
        if (key.includes("\u0000")) return pathOf(entry, key.replaceAll("\u0000", ""));
        stack.push({ value: child, key, parent: entry });
      }
    }
  }
  return null;
}

/** Parse a request part with a shared zod schema; a failure is a 400 with one issue per field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const nulAt = findNulCharacter(value);
  if (nulAt !== null) {
    const issues: Issue[] = [{ path: nulAt, message: NUL_MESSAGE }];
    throw new DomainError("invalid", NUL_MESSAGE, { code: "invalid_input", issues });
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = zodIssues(result.error);
    throw new DomainError("invalid", issues[0]?.message ?? "Invalid input", { code: "invalid_input", issues });
  }
  return result.data;
}

/** Parse path parameters: a path whose parameters name nothing is a 404 with the schema's message. */
export function parseParams<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw notFound(zodIssues(result.error)[0]?.message ?? "Not found");
  return result.data;
}
