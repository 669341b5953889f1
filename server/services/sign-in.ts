// Signing in and out (DECISIONS §3, §13), the whole sequence in one place: the password step under
// the throttle, the half-signed-in session of a user with a second factor, its one-time passkey
// challenge, the second step under the same throttle, the lockdown checked again after it, and
// the audit entry naming the method that finished it. The routes (routes/auth.ts) only carry the
// session in and out: they hand this module a SignInSession over the request's session.
//
// The order is the rule, each step before the next:
//   password:   throttle slot → lockdown (423 whatever the password) → password → slot back
//               → a user with a factor: a new half-signed-in session, nothing else
//               → a user without: signed in (a new session id), audited
//   second:     a pending sign-in not older than SECOND_STEP_MS → the user still may sign in
//               → throttle slot → the passkey challenge spent → the proof checked (it spends the
//               code) → slot back → the lockdown again (it may have come on meanwhile)
//               → signed in (a new session id), audited with the method
import { INVALID_LOGIN_MESSAGE, LOCKDOWN_MESSAGE, type Role, type SecondFactorMethod } from "../../shared/constants";
import type { z } from "zod";
import type { authAnswer, loginAnswer } from "../../shared/schemas/auth";
import type { secondFactorSchema } from "../../shared/schemas/security";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { presentUser } from "../presenters/users";
import { writeAudit } from "./audit";
import type { ActingContext, RequestContext } from "./context";
import { DomainError, locked, unauthorized } from "./errors";
import { getLockdown } from "../auth/lockdown-state";
import { verifyAgainstDummy, verifyPassword } from "../auth/passwords";
import { releaseLoginAttempt, reserveLoginAttempt } from "../auth/throttle";
import type { Actor } from "../context";
import { findUserByUsername, getUser } from "./users";
import {
  passkeyAuthenticationOptions,
  pendingUser,
  SECOND_STEP_MS,
  secondFactorSetupRequired,
  signInMethods,
  verifySecondFactor,
  type SecondFactorProof,
} from "./second-factor";
import { signsInDuringLockdown } from "./policies";
import { sessionPermissions } from "./session-permissions";

type AuthAnswer = z.output<typeof authAnswer>;
type LoginAnswer = z.output<typeof loginAnswer>;
type SecondFactorBody = z.output<typeof secondFactorSchema>;

/** A sign-in between its password and its second step, as the session keeps it. */
export type PendingSignIn = { userId: string; startedAt: number; methods: SecondFactorMethod[]; challenge?: string };

/**
 * The session as the sign-in sees it; the edge implements it over the request's session. Each
 * change is stored before the call returns, so the next request finds it.
 */
export type SignInSession = {
  /** The sign-in waiting for its second step, if any. */
  readonly pending: PendingSignIn | undefined;
  /** A new session id that holds no user, only the pending sign-in: every protected call is 401. */
  holdPending(pending: PendingSignIn): Promise<void>;
  /** The pending sign-in changed (its passkey challenge), or forgotten (undefined). */
  updatePending(pending: PendingSignIn | undefined): Promise<void>;
  /**
   * A new session id (fixation) holding the user, signed in at `at`. Signing in is also the
   * session's proof of who it is for its first minutes (DECISIONS §13, services/recent-proof.ts).
   */
  signIn(user: Actor, at: number): Promise<void>;
  /** Ends the session. */
  end(): Promise<void>;
};

/**
 * The refusal of a sign-in the lockdown forbids, answered before the password is checked
 * (DECISIONS §3): while the lockdown is on, only an active SuperAdmin's password is looked at;
 * anyone else (an unknown, disabled or deleted username too) gets the same 423 whatever the
 * password, so the answer tells neither a right password from a wrong one nor a user from a name
 * nobody has.
 */
export async function lockdownRefusal(ctx: Pick<RequestContext, "db">, user: { role: Role; isActive: boolean } | undefined): Promise<DomainError | null> {
  if (user && signsInDuringLockdown(user)) return null;
  return (await getLockdown(ctx.db)).enabled ? locked(LOCKDOWN_MESSAGE) : null;
}

const actorOf = (u: Actor): Actor => ({ id: u.id, role: u.role, name: u.name, username: u.username, visibilityWindowDays: u.visibilityWindowDays });

/**
 * The password step's check: the username's and the address's failure slot first (429 when used
 * up), the lockdown, then the password. A wrong password, an unknown or a disabled user: the same
 * 401, and the slot stays a failure. A right one gives its slot back.
 */
async function checkPassword(ctx: RequestContext, username: string, password: string): Promise<Actor> {
  const ip = ctx.ip ?? "unknown";
  const slot = await reserveLoginAttempt(ctx.db, username, ip, ctx.clock());
  let user: Awaited<ReturnType<typeof findUserByUsername>>;
  let refusal: DomainError | null;
  let ok: boolean;
  try {
    user = await findUserByUsername(ctx.db, username);
    refusal = await lockdownRefusal(ctx, user);
    ok = refusal ? false : user ? await verifyPassword(user.passwordHash, password) : (await verifyAgainstDummy(password), false);
  } catch (err) {
    // Nothing was answered about the password: the attempt does not count.
    await releaseLoginAttempt(ctx.db, slot).catch(() => {});
    throw err;
  }
  // A lockdown refusal keeps its failure slot whatever the password (it was never checked), so
  // the throttle cannot tell a right password from a wrong one either.
  if (refusal) throw refusal;
  if (!user || !ok || !user.isActive) throw unauthorized(INVALID_LOGIN_MESSAGE);
  await releaseLoginAttempt(ctx.db, slot);
  return actorOf(user);
}

/** POST /api/auth/login: signed in, or half signed in when the user has a second factor. */
export async function signInWithPassword(
  ctx: RequestContext,
  session: SignInSession,
  credentials: { username: string; password: string },
): Promise<LoginAnswer> {
  const user = await checkPassword(ctx, credentials.username, credentials.password);
  const methods = await signInMethods(ctx.db, user.id);
  if (methods.length > 0) {
    await session.holdPending({ userId: user.id, startedAt: ctx.clock().getTime(), methods });
    return { secondFactor: "required", methods };
  }
  return completeSignIn(ctx, session, user);
}

/** The half-signed-in session's pending sign-in, or 401 when there is none or it took too long (and it is forgotten). */
async function livePending(ctx: RequestContext, session: SignInSession): Promise<PendingSignIn> {
  const pending = session.pending;
  if (!pending) throw unauthorized("Sign in with your password first.");
  if (ctx.clock().getTime() - pending.startedAt > SECOND_STEP_MS) {
    await session.updatePending(undefined);
    throw unauthorized("The sign-in took too long. Sign in again with your password.");
  }
  return pending;
}

/** POST /api/auth/second-factor/options: a passkey challenge for the pending sign-in, good once. */
export async function secondFactorChallenge(ctx: RequestContext, session: SignInSession): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const pending = await livePending(ctx, session);
  const options = await passkeyAuthenticationOptions(ctx, pending.userId);
  await session.updatePending({ ...pending, challenge: options.challenge });
  return options;
}

/** POST /api/auth/second-factor: the second step; wrong is 401 and counts as a failed sign-in. */
export async function signInWithSecondFactor(ctx: RequestContext, session: SignInSession, body: SecondFactorBody): Promise<AuthAnswer> {
  const pending = await livePending(ctx, session);
  const row = await pendingUser(ctx.db, pending.userId);
  if (!row) {
    await session.updatePending(undefined);
    throw unauthorized(INVALID_LOGIN_MESSAGE);
  }
  const user = actorOf(row);
  // A wrong code is a failed sign-in of that username (DECISIONS §3, §10): it takes its failure
  // slot before the code is checked, so parallel guesses cannot pass the limit either.
  const slot = await reserveLoginAttempt(ctx.db, user.username, ctx.ip ?? "unknown", ctx.clock());
  let ok: boolean;
  try {
    // A passkey challenge answers once, right or wrong.
    const challenge = pending.challenge ?? null;
    if (challenge) await session.updatePending({ ...pending, challenge: undefined });
    const proof: SecondFactorProof = body.method === "passkey" ? { method: "passkey", response: body.response, expectedChallenge: challenge } : body;
    ok = await verifySecondFactor(ctx, user.id, proof);
  } catch (err) {
    await releaseLoginAttempt(ctx.db, slot).catch(() => {});
    throw err;
  }
  if (!ok) throw unauthorized(body.method === "passkey" ? "The passkey was not accepted. Try again." : "That code is not right. Try again.");
  await releaseLoginAttempt(ctx.db, slot);
  // The lockdown applies as at the password step: it may have come on in between, or while the
  // proof was being checked.
  const refusal = await lockdownRefusal(ctx, row);
  if (refusal) {
    await session.end();
    throw refusal;
  }
  return completeSignIn(ctx, session, user, body.method);
}

/**
 * The session becomes the user's, then the sign-in is audited with the second factor that
 * finished it (so a sign-in by a recovery code stands out in the trail). A sign-in the trail could
 * not record does not stand: the session ends.
 */
async function completeSignIn(ctx: RequestContext, session: SignInSession, user: Actor, secondFactor?: SecondFactorMethod): Promise<AuthAnswer> {
  await session.signIn(user, ctx.clock().getTime());
  const acting: ActingContext = { ...ctx, actor: user };
  try {
    await writeAudit(ctx.db, ctx, {
      action: "login",
      entityType: "session",
      entityId: user.id,
      actor: user,
      after: secondFactor ? { secondFactor } : undefined,
      ipAddress: ctx.ip,
    });
  } catch (err) {
    await session.end().catch(() => {});
    throw err;
  }
  return currentUser(acting);
}

/** POST /api/auth/logout of a signed-in user. */
export async function recordSignOut(ctx: ActingContext): Promise<void> {
  await writeAudit(ctx.db, ctx, { action: "logout", entityType: "session", entityId: ctx.actor.id, actor: ctx.actor, ipAddress: ctx.ip });
}

/** GET /api/auth/me */
export async function currentUser(ctx: ActingContext): Promise<AuthAnswer> {
  const row = await getUser(ctx.db, ctx.actor.id);
  if (!row) throw new DomainError("unauthenticated", "Not signed in");
  return {
    user: presentUser(row),
    permissions: sessionPermissions(row),
    secondFactorSetupRequired: await secondFactorSetupRequired(ctx.db, row),
    ...(row.mustChangePassword ? { mustChangePassword: true as const } : {}),
  };
}
