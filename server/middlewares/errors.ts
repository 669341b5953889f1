// The HTTP edge of errors: one JSON error shape for the whole API (DECISIONS §2):
// {message, code?, issues?}, a status for each kind of DomainError (services/errors.ts), 503 when
// the database is unavailable. Nothing internal (stack, SQL) ever reaches a client.
import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import type { Logger } from "../logger";
import { DomainError, zodIssues, type ErrorKind } from "../services/errors";
import { isDatabaseUnavailable } from "../db/errors";

/** The answer's status for each kind of refusal a rule may give. */
const HTTP_STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_type: 415,
  business_rule: 422,
  locked: 423,
  throttled: 429,
  unavailable: 503,
};

export const UNAVAILABLE_MESSAGE = "The database is not available right now. Nothing was changed; please try again in a moment.";

export const notFoundApi: RequestHandler = (_req, res) => {
  res.status(404).json({ message: "No such API route", code: "not_found" });
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof DomainError) {
      res.status(HTTP_STATUS[err.kind]).json({ message: err.message, ...err.extra });
      return;
    }
    if (err instanceof ZodError) {
      const issues = zodIssues(err);
      res.status(400).json({ message: issues[0]?.message ?? "Invalid input", code: "invalid_input", issues });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err, method: req.method, url: req.originalUrl }, "database unavailable");
      res.status(503).json({ message: UNAVAILABLE_MESSAGE, code: "unavailable" });
      return;
    }
    // body-parser and multer errors carry a status and a type.
    const status = typeof err?.status === "number" ? err.status : typeof err?.statusCode === "number" ? err.statusCode : 500;
    if (err?.type === "entity.parse.failed") {
      res.status(400).json({ message: "Malformed JSON body", code: "invalid_json" });
      return;
    }
    if (err?.type === "entity.too.large" || err?.code === "LIMIT_FILE_SIZE") {
      res.status(413).json({ message: "Request body is too large", code: "too_large" });
      return;
    }
    if (status >= 400 && status < 500) {
      res.status(status).json({ message: typeof err?.expose === "boolean" && err.expose ? String(err.message) : "Bad request", code: "bad_request" });
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, "unhandled error");
    res.status(500).json({ message: "Something went wrong on our side. Please try again.", code: "internal" });
  };
}
