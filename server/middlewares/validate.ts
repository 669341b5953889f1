import type { Request } from "express";
import type { z } from "zod";
import { AppError, zodIssues } from "./errors";

/** Parse a request part with a shared zod schema; a failure is a 400 with one issue per field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = zodIssues(result.error);
    throw new AppError(400, issues[0]?.message ?? "Invalid input", { code: "invalid_input", issues });
  }
  return result.data;
}

export const body = <S extends z.ZodType>(req: Request, schema: S) => parse(schema, req.body ?? {});
export const query = <S extends z.ZodType>(req: Request, schema: S) => parse(schema, req.query ?? {});
