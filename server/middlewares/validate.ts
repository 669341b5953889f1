import type { Request } from "express";
import type { z } from "zod";
import { AppError, zodIssues, type Issue } from "./errors";

export const NUL_MESSAGE = "Text cannot contain NUL (\\u0000) characters";

/**
 * The path of the first string (or object key) holding U+0000, or null. PostgreSQL can store that
 * character neither in text nor in jsonb, so such input would otherwise fail in the database (a 500).
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNulCharacter(value: unknown): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return path.join(".");
    } else if (v !== null && typeof v === "object") {
      for (const [key, child] of Object.entries(v)) {
        if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "")].join(".");
        stack.push({ value: child, path: [...path, key] });
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
    throw new AppError(400, NUL_MESSAGE, { code: "invalid_input", issues });
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = zodIssues(result.error);
    throw new AppError(400, issues[0]?.message ?? "Invalid input", { code: "invalid_input", issues });
  }
  return result.data;
}

export const body = <S extends z.ZodType>(req: Request, schema: S) => parse(schema, req.body ?? {});
export const query = <S extends z.ZodType>(req: Request, schema: S) => parse(schema, req.query ?? {});
