// One JSON error shape for the whole API (DECISIONS §2): {message, code?, issues?}.
// Nothing internal (stack, SQL) ever reaches a client.
import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import type { Logger } from "../logger";

export type Issue = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { code?: string; issues?: Issue[]; [key: string]: unknown } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new AppError(400, message, { code: "invalid_input", issues });
export const unauthorized = (message = "Not signed in") => new AppError(401, message, { code: "unauthenticated" });
export const forbidden = (message = "You are not allowed to do this") => new AppError(403, message, { code: "forbidden" });
export const notFound = (message = "Not found") => new AppError(404, message, { code: "not_found" });
export const conflict = (message: string, code = "conflict") => new AppError(409, message, { code });
export const gone = (message: string, extra: Record<string, unknown> = {}) => new AppError(410, message, { code: "gone", ...extra });
export const tooLarge = (message: string) => new AppError(413, message, { code: "too_large" });
export const unprocessable = (message: string, code = "business_rule") => new AppError(422, message, { code });
export const locked = (message: string) => new AppError(423, message, { code: "lockdown", lockdown: true });
export const tooManyRequests = (message: string) => new AppError(429, message, { code: "throttled" });

export function zodIssues(err: ZodError): Issue[] {
  return err.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

export const notFoundApi: RequestHandler = (_req, res) => {
  res.status(404).json({ message: "No such API route", code: "not_found" });
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof AppError) {
      res.status(err.status).json({ message: err.message, ...err.extra });
      return;
    }
    if (err instanceof ZodError) {
      const issues = zodIssues(err);
      res.status(400).json({ message: issues[0]?.message ?? "Invalid input", code: "invalid_input", issues });
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
