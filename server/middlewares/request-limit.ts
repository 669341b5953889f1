// The HTTP edge of services/rate-limit.ts: 429 once the caller's address has made a limit's calls
// within its window.
import type { RequestHandler } from "express";
import { serviceContext } from "../services/context";
import { sweepRequestHits, takeRequestSlot, type RequestLimit } from "../services/rate-limit";
import { tooManyRequests } from "../services/errors";
import type { AppDeps } from "../context";

export function requestLimiter(deps: AppDeps, limit: RequestLimit): RequestHandler {
  const ctx = serviceContext(deps);
  let lastSweep = 0;
  return async (req, _res, next) => {
    const now = ctx.clock().getTime();
    if (now - lastSweep > limit.windowMs) {
      lastSweep = now;
      await sweepRequestHits(ctx, limit);
    }
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    if (await takeRequestSlot(ctx, limit, client)) return next();
    next(tooManyRequests("Too many requests. Please wait a minute and try again."));
  };
}
