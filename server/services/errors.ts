// What a rule says when it refuses: a kind in the product's words, a message for the
// person, and details when there are some (issues per field, a code). Services throw these and
// know nothing of HTTP; the edge (middlewares/errors.ts) gives each kind its status, the one JSON
// error shape of DECISIONS §2.

import type { ZodError } from "zod";

export type Issue = { path: string; message: string };

/** One issue per field, as the error shape names them. */
export function zodIssues(err: ZodError): Issue[] {
  return err.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

export type ErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "gone"
  | "too_large"
  | "unsupported_type"
  | "business_rule"
  | "locked"
  | "throttled"
  | "unavailable";

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly extra: { code?: string; issues?: Issue[]; [key: string]: unknown } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new DomainError("invalid", message, { code: "invalid_input", issues });
export const unauthorized = (message = "Not signed in") => new DomainError("unauthenticated", message, { code: "unauthenticated" });
export const forbidden = (message = "You are not allowed to do this") => new DomainError("forbidden", message, { code: "forbidden" });
export const notFound = (message = "Not found") => new DomainError("not_found", message, { code: "not_found" });
export const conflict = (message: string, code = "conflict") => new DomainError("conflict", message, { code });
export const gone = (message: string, extra: Record<string, unknown> = {}) => new DomainError("gone", message, { code: "gone", ...extra });
export const tooLarge = (message: string) => new DomainError("too_large", message, { code: "too_large" });
export const unprocessable = (message: string, code = "business_rule") => new DomainError("business_rule", message, { code });
export const locked = (message: string) => new DomainError("locked", message, { code: "lockdown", lockdown: true });
export const tooManyRequests = (message: string) => new DomainError("throttled", message, { code: "throttled" });
