// CSRF check of DECISIONS §2: state-changing API calls must carry X-Requested-With: XMLHttpRequest
// (a header a cross-site form cannot set) and, when the browser sends an Origin, our own origin.
import type { RequestHandler } from "express";
import { CSRF_MESSAGE } from "../../shared/constants";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function csrfProtection(options: { publicUrl: string; exempt: (path: string) => boolean }): RequestHandler {
  const publicOrigin = new URL(options.publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || options.exempt(req.path)) return next();
    const header = req.get("x-requested-with");
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const originOk = !origin || origin === ownOrigin || origin === publicOrigin;
    if (header !== "XMLHttpRequest" || !originOk) {
      res.status(403).json({ message: CSRF_MESSAGE, code: "csrf" });
      return;
    }
    next();
  };
}
