import type { PassportStatic } from "passport";
import type { Request } from "express";
import { INVALID_LOGIN_MESSAGE } from "../../shared/constants";
import { loginBodySchema } from "../../shared/schemas/auth";
import { DomainError, unauthorized } from "../services/errors";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { announceSessionsEnded } from "../services/sessions";
import { currentUser, recordSignIn, recordSignOut } from "../services/sign-in";
import { contextOf, requireAuth } from "../middlewares/auth";
import { authAnswer, messageAnswer, sessionAnswer } from "../../shared/answers";

function authenticate(passport: PassportStatic, req: Request): Promise<Express.User | false> {
  return new Promise((resolve, reject) => {
    passport.authenticate("local", { session: false }, (err: unknown, user: Express.User | false) => (err ? reject(err) : resolve(user)))(req, req.res!, reject);
  });
}

export function authRoutes(deps: AppDeps, passport: PassportStatic): ApiRouter {
  const api = new ApiRouter();

  api.add({ method: "post", path: "/auth/login", access: "public", summary: "Sign in", body: loginBodySchema, answer: authAnswer, tag: "auth" }, async (req, _res, input) => {
    req.body = input.body;
    const user = await authenticate(passport, req);
    // The lockdown's refusal (423) comes from the strategy, before the password is checked.
    if (!user) throw unauthorized(INVALID_LOGIN_MESSAGE);
    // req.login regenerates the session id (fixation) before storing the user.
    await new Promise<void>((resolve, reject) => req.login(user, (err) => (err ? reject(err) : resolve())));
    req.session.authenticatedAt = deps.clock().getTime();
    // Stored before the answer goes out: otherwise express-session saves it while the body is being
    // sent, and a client quick to make its next call finds a session without its sign-in time.
    await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
    return recordSignIn(contextOf(deps, req));
  });

  api.add({ method: "post", path: "/auth/logout", access: "public", summary: "Sign out", answer: messageAnswer, tag: "auth" }, async (req, res) => {
    const user = req.user;
    const sid = req.sessionID;
    if (user) await recordSignOut(contextOf(deps, req));
    await new Promise<void>((resolve) => req.logout({ keepSessionInfo: false }, () => resolve()));
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie(SESSION_COOKIE);
    if (user) await announceSessionsEnded(deps.bus, [], "logout", [sid]).catch(() => {});
    return { message: "Signed out" };
  });

  api.add({ method: "get", path: "/auth/me", access: "signed-in", summary: "The signed-in user", answer: authAnswer, tag: "auth" }, (req) => currentUser(contextOf(deps, req)));

  // The app's own probe on every page load. Nobody signed in is an answer here, not an error: a 401
  // would be a failed request in the browser's console on every sign-in page. The session is
  // checked exactly as a protected call checks it (requireAuth: expiry, lockdown's 423).
  api.add(
    { method: "get", path: "/auth/session", access: "public", summary: "Who is signed in: {user} or {user: null}, 200 either way", answer: sessionAnswer, tag: "auth" },
    async (req, res) => {
      const failure = await new Promise<unknown>((resolve) => requireAuth(req, res, resolve));
      if (failure instanceof DomainError && failure.kind === "unauthenticated") return { user: null };
      if (failure) throw failure;
      try {
        return await currentUser(contextOf(deps, req));
      } catch (err) {
        if (err instanceof DomainError && err.kind === "unauthenticated") return { user: null };
        throw err;
      }
    },
  );

  return api;
}

export const SESSION_COOKIE = "bms.sid";
