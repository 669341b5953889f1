// Role guards every route uses. The client hiding a button is never the check (DECISIONS §2).
import type { Request, RequestHandler } from "express";
import type { Role } from "../../shared/constants";
import { EMPLOYEE_ROLE, LOCKDOWN_MESSAGE, PASSWORD_CHANGE_REQUIRED_MESSAGE, SECOND_FACTOR_SETUP_MESSAGE } from "../../shared/constants";
import type { Actor, AppDeps } from "../context";
import { systemClock, type Clock } from "../clock";
import { actingContext, type ActingContext } from "../services/context";
import { DomainError, forbidden, locked, unauthorized } from "../services/errors";
import { mayCall } from "../services/policies";
import { ABSOLUTE_SESSION_MS } from "../auth/session-lifetime";

/** The header the client puts on the calls it makes on its own: polls, refetches of polled data. */
export const BACKGROUND_HEADER = "X-Background";

/**
 * DECISIONS §10: a call the client makes on its own does not extend the idle timeout, so a tab left
 * alone signs out after 30 minutes however often it polls. express-session moves a session's expiry
 * by touching it at the end of every request; for such a call the touch keeps the expiry it had.
 */
export const backgroundCallsKeepIdleTimeout: RequestHandler = (req, _res, next) => {
  if (req.get(BACKGROUND_HEADER) === "1" && req.session) {
    req.session.touch = function keepExpiry() {
      return this;
    };
  }
  next();
};

export const requireAuth: RequestHandler = (req, _res, next) => {
  const user = req.user;
  if (!user) return next(unauthorized());
  const authenticatedAt = req.session.authenticatedAt ?? 0;
  if (clockOf(req)().getTime() - authenticatedAt > ABSOLUTE_SESSION_MS) {
    return req.session.destroy(() => next(unauthorized("Your session has expired. Please sign in again.")));
  }
  if (user.lockdownEnabled && user.role !== "SuperAdmin") {
    return req.session.destroy(() => next(locked(LOCKDOWN_MESSAGE)));
  }
  next();
};

/**
 * DECISIONS §13: a user whose role requires a second factor and who has none may do nothing but set
 * one up (the routes marked duringSecondFactorSetup) until they have. The flag is read with the
 * session (auth/signed-in-user.ts).
 */
export const requireSecondFactorSetUp: RequestHandler = (req, _res, next) => {
  if (req.user?.secondFactorSetupRequired) return next(secondFactorSetupRequiredError());
  next();
};

/**
 * DECISIONS §15: a user signed in with a one-time password may do nothing but change it (the
 * routes marked duringPasswordChange: the change itself, GET /api/auth/me, logout) until they have.
 */
export const requirePasswordChanged: RequestHandler = (req, _res, next) => {
  if (req.user?.mustChangePassword)
    return next(new DomainError("forbidden", PASSWORD_CHANGE_REQUIRED_MESSAGE, { code: "password_change_required", mustChangePassword: true }));
  next();
};

/**
 * DECISIONS §15: the Employee role opens only the "Me" pages and its account. A route open to every
 * signed-in user is closed to it unless the route says `openToEmployees`.
 */
export const refuseEmployeeRole: RequestHandler = (req, _res, next) => {
  if (req.user?.role === EMPLOYEE_ROLE) return next(forbidden("An employee login opens only your own pages"));
  next();
};

export function secondFactorSetupRequiredError() {
  return new DomainError("forbidden", SECOND_FACTOR_SETUP_MESSAGE, { code: "second_factor_setup_required", secondFactorSetupRequired: true });
}

export function requireRole(roles: readonly Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    if (!mayCall(roles, req.user)) return next(forbidden(`This action needs one of these roles: ${roles.join(", ")}`));
    next();
  };
}

export function actorOf(req: Request): Actor {
  const u = req.user;
  if (!u) throw unauthorized();
  return { id: u.id, role: u.role, name: u.name, username: u.username, visibilityWindowDays: u.visibilityWindowDays, employeeId: u.employeeId ?? null };
}

/** The service context of a signed-in person's request (server/services/context.ts). */
export function contextOf(deps: AppDeps, req: Request): ActingContext {
  return actingContext(deps, actorOf(req), req.ip);
}

/** The clock the app was built with (server/app.ts keeps it in app.locals): sign-in time and the 12-hour limit read one clock. */
function clockOf(req: Request): Clock {
  return (req.app.locals as { clock?: Clock }).clock ?? systemClock;
}
