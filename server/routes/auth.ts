import type { PassportStatic } from "passport";
import type { Request } from "express";
import { INVALID_LOGIN_MESSAGE, type SecondFactorMethod } from "../../shared/constants";
import { secondFactorSchema, webauthnOptionsAnswer } from "../../shared/schemas/security";
import { serviceContext } from "../services/context";
import { passkeyAuthenticationOptions, pendingUser, SECOND_STEP_MS, signInMethods, verifySecondFactor } from "../services/second-factor";
import { lockdownRefusal } from "../services/sign-in";
import { releaseLoginAttempt, reserveLoginAttempt } from "../auth/throttle";
import { authAnswer, loginAnswer, loginBodySchema, sessionAnswer } from "../../shared/schemas/auth";
import { DomainError, unauthorized } from "../services/errors";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { announceSessionsEnded } from "../services/sessions";
import { forgetSignedOutDevice } from "../services/delivery/devices";
import { currentUser, recordSignIn, recordSignOut } from "../services/sign-in";
import { contextOf, requireAuth } from "../middlewares/auth";
import { messageAnswer } from "../../shared/schemas/answer-parts";

function authenticate(passport: PassportStatic, req: Request): Promise<Express.User | false> {
  return new Promise((resolve, reject) => {
    passport.authenticate("local", { session: false }, (err: unknown, user: Express.User | false) => (err ? reject(err) : resolve(user)))(req, req.res!, reject);
  });
}

function saveSession(req: Request): Promise<void> {
  return new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

export function authRoutes(deps: AppDeps, passport: PassportStatic): ApiRouter {
  const api = new ApiRouter();

  /** The session becomes the user's: audited, answered with the stored user. */
  async function signIn(req: Request, user: Express.User, secondFactor?: SecondFactorMethod) {
    // req.login regenerates the session id (fixation) before storing the user; a pending second step goes with the old session.
    await new Promise<void>((resolve, reject) => req.login(user, (err) => (err ? reject(err) : resolve())));
    req.session.authenticatedAt = deps.clock().getTime();
    // Stored before the answer goes out: otherwise express-session saves it while the body is being
    // sent, and a client quick to make its next call finds a session without its sign-in time.
    await saveSession(req);
    return recordSignIn(contextOf(deps, req), secondFactor);
  }

  api.add({ method: "post", path: "/auth/login", access: "public", summary: "Sign in (the password step; a second step when the user has a second factor)", body: loginBodySchema, answer: loginAnswer, tag: "auth" }, async (req, _res, input) => {
    req.body = input.body;
    const user = await authenticate(passport, req);
    // The lockdown's refusal (423) comes from the strategy, before the password is checked.
    if (!user) throw unauthorized(INVALID_LOGIN_MESSAGE);
    const methods = await signInMethods(deps.database.db, user.id);
    if (methods.length > 0) {
      // Half signed in (DECISIONS §13): a new session id that holds no user, only who is to finish
      // and when they started, so every protected call answers 401 until the second step.
      await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
      req.session.secondFactor = { userId: user.id, startedAt: deps.clock().getTime(), methods };
      await saveSession(req);
      return { secondFactor: "required" as const, methods };
    }
    return signIn(req, user);
  });

  /** The half-signed-in session's pending sign-in, or 401 when there is none or it took too long. */
  async function pendingSignIn(req: Request) {
    const pending = req.session?.secondFactor;
    if (!pending) throw unauthorized("Sign in with your password first.");
    if (deps.clock().getTime() - pending.startedAt > SECOND_STEP_MS) {
      delete req.session.secondFactor;
      await saveSession(req);
      throw unauthorized("The sign-in took too long. Sign in again with your password.");
    }
    return pending;
  }

  api.add(
    { method: "post", path: "/auth/second-factor/options", access: "public", summary: "A passkey challenge for the second step of sign-in", answer: webauthnOptionsAnswer, tag: "auth" },
    async (req) => {
      const pending = await pendingSignIn(req);
      const options = await passkeyAuthenticationOptions(serviceContext(deps), pending.userId);
      req.session.secondFactor = { ...pending, challenge: options.challenge };
      await saveSession(req);
      return options;
    },
  );

  api.add(
    {
      method: "post",
      path: "/auth/second-factor",
      access: "public",
      summary: "The second step of sign-in: a passkey, an authenticator code or a recovery code",
      body: secondFactorSchema,
      answer: authAnswer,
      tag: "auth",
    },
    async (req, _res, input) => {
      const pending = await pendingSignIn(req);
      const db = deps.database.db;
      const user = await pendingUser(db, pending.userId);
      if (!user) {
        delete req.session.secondFactor;
        await saveSession(req);
        throw unauthorized(INVALID_LOGIN_MESSAGE);
      }
      // A wrong code is a failed sign-in of that username (DECISIONS §3, §10): it takes its failure
      // slot before the code is checked, so parallel guesses cannot pass the limit either.
      const slot = await reserveLoginAttempt(db, user.username, req.ip ?? "unknown", deps.clock());
      let ok: boolean;
      try {
        const body = input.body;
        // A passkey challenge answers once.
        const challenge = pending.challenge ?? null;
        if (challenge) {
          req.session.secondFactor = { ...pending, challenge: undefined };
          await saveSession(req);
        }
        ok = await verifySecondFactor(serviceContext(deps), user.id, body.method === "passkey" ? { method: "passkey", response: body.response, expectedChallenge: challenge } : body);
      } catch (err) {
        await releaseLoginAttempt(db, slot).catch(() => {});
        throw err;
      }
      if (!ok) throw unauthorized(input.body.method === "passkey" ? "The passkey was not accepted. Try again." : "That code is not right. Try again.");
      await releaseLoginAttempt(db, slot);
      // The lockdown applies as at the password step: it may have come on in between.
      const refusal = await lockdownRefusal({ db }, user);
      if (refusal) {
        await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
        throw refusal;
      }
      return signIn(req, { id: user.id, role: user.role, name: user.name, username: user.username, visibilityWindowDays: user.visibilityWindowDays }, input.body.method);
    },
  );

  api.add({ method: "post", path: "/auth/logout", access: "public", summary: "Sign out", answer: messageAnswer, tag: "auth" }, async (req, res) => {
    const user = req.user;
    const sid = req.sessionID;
    if (user) await recordSignOut(contextOf(deps, req));
    // DECISIONS §14: signing out on a device stops its pushes.
    if (user) await forgetSignedOutDevice(serviceContext(deps), sid);
    await new Promise<void>((resolve) => req.logout({ keepSessionInfo: false }, () => resolve()));
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie(SESSION_COOKIE);
    if (user) await announceSessionsEnded(deps.bus, [], "logout", [sid]).catch(() => {});
    return { message: "Signed out" };
  });

  api.add({ method: "get", path: "/auth/me", access: "signed-in", duringSecondFactorSetup: true, summary: "The signed-in user", answer: authAnswer, tag: "auth" }, (req) =>
    currentUser(contextOf(deps, req)),
  );

  // The app's own probe on every page load. Nobody signed in is an answer here, not an error: a 401
  // would be a failed request in the browser's console on every sign-in page. The session is
  // checked exactly as a protected call checks it (requireAuth: expiry, lockdown's 423).
  api.add(
    { method: "get", path: "/auth/session", access: "public", summary: "Who is signed in: {user} or {user: null} (with secondFactor when half signed in), 200 either way", answer: sessionAnswer, tag: "auth" },
    async (req, res) => {
      const failure = await new Promise<unknown>((resolve) => requireAuth(req, res, resolve));
      if (failure instanceof DomainError && failure.kind === "unauthenticated") return halfSignedIn(req);
      if (failure) throw failure;
      try {
        return await currentUser(contextOf(deps, req));
      } catch (err) {
        if (err instanceof DomainError && err.kind === "unauthenticated") return halfSignedIn(req);
        throw err;
      }
    },
  );

  /** {user: null}, with the second step's methods and deadline when the session is half signed in. */
  function halfSignedIn(req: Request) {
    const pending = req.session?.secondFactor;
    if (!pending) return { user: null };
    const expiresAt = pending.startedAt + SECOND_STEP_MS;
    if (deps.clock().getTime() > expiresAt) return { user: null };
    return { user: null, secondFactor: { methods: pending.methods as SecondFactorMethod[], expiresAt: new Date(expiresAt).toISOString() } };
  }

  return api;
}

export const SESSION_COOKIE = "bms.sid";
