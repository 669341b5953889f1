// Role guards every route uses. The client hiding a button is never the check (DECISIONS §2).
import type { Request, RequestHandler } from "express";
import type { Role } from "../../shared/constants";
import { LOCKDOWN_MESSAGE } from "../../shared/constants";
import type { Actor } from "../context";
import { forbidden, locked, unauthorized } from "./errors";

export const ABSOLUTE_SESSION_MS = 12 * 60 * 60_000;
export const IDLE_SESSION_MS = 30 * 60_000;

export const requireAuth: RequestHandler = (req, _res, next) => {
  const user = req.user;
  if (!user) return next(unauthorized());
  const authenticatedAt = req.session.authenticatedAt ?? 0;
  if (Date.now() - authenticatedAt > ABSOLUTE_SESSION_MS) {
    return req.session.destroy(() => next(unauthorized("Your session has expired. Please sign in again.")));
  }
  if (user.lockdownEnabled && user.role !== "SuperAdmin") {
    return req.session.destroy(() => next(locked(LOCKDOWN_MESSAGE)));
  }
  next();
};

export function requireRole(roles: readonly Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    if (!roles.includes(req.user.role)) return next(forbidden(`This action needs one of these roles: ${roles.join(", ")}`));
    next();
  };
}

export function actorOf(req: Request): Actor {
  const u = req.user;
  if (!u) throw unauthorized();
  return { id: u.id, role: u.role, name: u.name, username: u.username, visibilityWindowDays: u.visibilityWindowDays };
}
