// The building blocks of the API's answers: every route's answer has a strict zod schema (no key the
// contract does not name) in its resource's file under shared/schemas, beside the request schemas,
// from which the OpenAPI document is generated and against which the server checks its own answers
// outside production. The client imports only their types.
import { z } from "zod";

export const id = z.guid();
/** A full ISO instant, as Date.toISOString writes it. */
export const instant = z.iso.datetime({ offset: true });
/** A calendar day, YYYY-MM-DD. */
export const day = z.iso.date();
/** A month, YYYY-MM. */
export const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
/** Money as a decimal string with at most 2 fraction digits (DECISIONS §2). */
export const money = z.string().regex(/^-?\d+(\.\d{1,2})?$/);
/** A short answer that says what happened. */
export const messageAnswer = z.strictObject({ message: z.string() });

/** A page of a list: the rows under `key`, and where the page is. */
export const pageOf = <K extends string, T extends z.ZodType>(key: K, row: T) =>
  z.strictObject({ [key]: z.array(row), total: z.number().int(), page: z.number().int(), limit: z.number().int() } as { [P in K]: z.ZodArray<T> } & {
    total: z.ZodNumber;
    page: z.ZodNumber;
    limit: z.ZodNumber;
  });
