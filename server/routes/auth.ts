// Sign-in and sign-out over HTTP (DECISIONS §3, §13). The sequence is services/sign-in.ts's; these
// routes only carry the session in and out: sessionOf hands it a SignInSession over the request's
// express-session and passport, and passport-local reads the password step's credentials.
import type { Request, Response } from "express";
import type { PassportStatic } from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import { INVALID_LOGIN_MESSAGE, type SecondFactorMethod } from "../../shared/constants";
import { secondFactorSchema, webauthnOptionsAnswer } from "../../shared/schemas/security";
import { requestContext, serviceContext } from "../services/context";
import { SECOND_STEP_MS } from "../services/second-factor";
import { authAnswer, loginAnswer, loginBodySchema, sessionAnswer } from "../../shared/schemas/auth";
import { DomainError, unauthorized } from "../services/errors";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { announceSessionsEnded } from "../services/sessions";
import { forgetSignedOutDevice } from "../services/delivery/devices";
import { currentUser, recordSignOut, secondFactorChallenge, signInWithPassword, signInWithSecondFactor, type SignInSession } from "../services/sign-in";
import { contextOf, requireAuth } from "../middlewares/auth";
import { messageAnswer } from "../../shared/schemas/answer-parts";

function saveSession(req: Request): Promise<void> {
  return new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/** The request's session as the sign-in sequence uses it (services/sign-in.ts SignInSession). */
function sessionOf(req: Request): SignInSession {
  return {
    get pending() {
      return req.session?.secondFactor as SignInSession["pending"];
    },
    async holdPending(pending) {
      await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
      req.session.secondFactor = pending;
      await saveSession(req);
    },
    async updatePending(pending) {
      if (pending) req.session.secondFactor = pending;
      else delete req.session.secondFactor;
      await saveSession(req);
    },
    async signIn(user, at) {
      // req.login regenerates the session id (fixation) before storing the user; a pending second step goes with the old session.
      await new Promise<void>((resolve, reject) => req.login(user, (err) => (err ? reject(err) : resolve())));
      req.session.authenticatedAt = at;
      req.session.provedAt = at;
      // Stored before the answer goes out: otherwise express-session saves it while the body is being
      // sent, and a client quick to make its next call finds a session without its sign-in time.
      await saveSession(req);
    },
    end: () => new Promise<void>((resolve) => req.session.destroy(() => resolve())),
  };
}

type LoginAnswer = Awaited<ReturnType<typeof signInWithPassword>>;
type Credentials = Parameters<typeof signInWithPassword>[2];

/** The name the password step's strategy is registered under on the app's passport. */
const PASSWORD_STRATEGY = "local";

/**
 * The password step's credential adapter: passport-local reads the username and password of the
 * validated body, and its verify is the sign-in service, which applies every rule (throttle,
 * lockdown, password, second factor, the new session). What passport hands back is the service's
 * answer rather than a user, since a user with a second factor is not signed in yet.
 */
function passwordStrategy(deps: AppDeps): LocalStrategy {
  return new LocalStrategy({ passReqToCallback: true, session: false }, (req, username, password, done) => {
    signInWithPassword(requestContext(deps, req.ip), sessionOf(req), { username, password }).then(
      (answer) => done(null, answer as unknown as Express.User),
      done,
    );
  });
}

/** The password step through the app's passport (its session manager signs the user in). */
function signInWithCredentials(passport: PassportStatic, req: Request, res: Response, credentials: Credentials): Promise<LoginAnswer> {
  return new Promise<LoginAnswer>((resolve, reject) => {
    // The strategy reads the body as validated (the username trimmed).
    req.body = credentials;
    passport.authenticate(PASSWORD_STRATEGY, { session: false }, (err: unknown, answer: Express.User | false) => {
      if (err) reject(err);
      else if (answer) resolve(answer as unknown as LoginAnswer);
      // passport-local's own refusal (no username or password): the body's validation comes first,
      // so it cannot happen, and would be the same answer as wrong credentials.
      else reject(unauthorized(INVALID_LOGIN_MESSAGE));
    })(req, res, reject);
  });
}

export function authRoutes(deps: AppDeps, passport: PassportStatic): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => requestContext(deps, req.ip);
  passport.use(PASSWORD_STRATEGY, passwordStrategy(deps));

  api.add(
    {
      method: "post",
      path: "/auth/login",
      access: "public",
      summary: "Sign in (the password step; a second step when the user has a second factor)",
      body: loginBodySchema,
      answer: loginAnswer,
      tag: "auth",
    },
    (req, res, input) => signInWithCredentials(passport, req, res, input.body),
  );

  api.add(
    {
      method: "post",
      path: "/auth/second-factor/options",
      access: "public",
      summary: "A passkey challenge for the second step of sign-in",
      answer: webauthnOptionsAnswer,
      tag: "auth",
    },
    (req) => secondFactorChallenge(ctx(req), sessionOf(req)),
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
    (req, _res, input) => signInWithSecondFactor(ctx(req), sessionOf(req), input.body),
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

  api.add(
    {
      method: "get",
      path: "/auth/me",
      access: "signed-in",
      duringSecondFactorSetup: true,
      duringPasswordChange: true,
      openToEmployees: true,
      summary: "The signed-in user",
      answer: authAnswer,
      tag: "auth",
    },
    (req) => currentUser(contextOf(deps, req)),
  );

  // The app's own probe on every page load. Nobody signed in is an answer here, not an error: a 401
  // would be a failed request in the browser's console on every sign-in page. The session is
  // checked exactly as a protected call checks it (requireAuth: expiry, lockdown's 423).
  api.add(
    {
      method: "get",
      path: "/auth/session",
      access: "public",
      summary: "Who is signed in: {user} or {user: null} (with secondFactor when half signed in), 200 either way",
      answer: sessionAnswer,
      tag: "auth",
    },
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
