// Changing a factor needs a recent proof (DECISIONS §13): a stolen session cookie must not be able
// to take over the second factor. Adding or removing a passkey, setting up or removing the
// authenticator app and making new recovery codes need the session to have proved who it is within
// PROOF_MS: with one of the user's factors when they have one, with their password when they have
// none. Signing in is such a proof (services/sign-in.ts), and so is confirming a new authenticator
// code. A wrong proof counts as a failed sign-in of the username (§3's throttle), checked before it.
//
// The proof lives in the session; the edge hands this module a ProofSession over it.
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { ProofMethod } from "../../shared/constants";
import type { VerifyBody } from "../../shared/schemas/security";
import { verifyPassword } from "../auth/passwords";
import { releaseLoginAttempt, reserveLoginAttempt } from "../auth/throttle";
import { writeAudit } from "./audit";
import type { ActingContext } from "./context";
import { badRequest, DomainError, unauthorized } from "./errors";
import { confirmTotp, PASSKEY_CHALLENGE_MS, passkeyAuthenticationOptions, signInMethods, verifySecondFactor } from "./second-factor";
import { getUser } from "./users";

/** How long a proof lets the session change its second factor. */
export const PROOF_MS = 5 * 60_000;

export const VERIFICATION_REQUIRED_MESSAGE =
  "Confirm it's you first: a change to how you sign in needs your password or second factor from the last 5 minutes.";

/** The session's proof as this module reads and writes it. */
export type ProofSession = {
  /** When the session last proved who it is (epoch ms). */
  readonly provedAt: number | undefined;
  /** The passkey challenge a proof was asked for. */
  readonly challenge: { challenge: string; startedAt: number } | undefined;
  proved(at: number): Promise<void>;
  holdChallenge(challenge: { challenge: string; startedAt: number } | undefined): Promise<void>;
};

/** The ways this user proves who they are now: their factors when they have one, else their password. */
export async function proofMethods(ctx: Pick<ActingContext, "db" | "actor">): Promise<ProofMethod[]> {
  const factors = await signInMethods(ctx.db, ctx.actor.id);
  return factors.length > 0 ? factors : ["password"];
}

/** Whether a proof given at `provedAt` still holds at `now`. */
export function proofHolds(provedAt: number | undefined, now: number): boolean {
  return provedAt !== undefined && provedAt <= now && now - provedAt <= PROOF_MS;
}

/** 403 `verification_required`, with the methods that would do, unless the session proved itself within PROOF_MS. */
export async function assertRecentProof(ctx: ActingContext, session: Pick<ProofSession, "provedAt">): Promise<void> {
  if (proofHolds(session.provedAt, ctx.clock().getTime())) return;
  throw new DomainError("forbidden", VERIFICATION_REQUIRED_MESSAGE, { code: "verification_required", methods: await proofMethods(ctx) });
}

/** POST /api/account/verify/options: a challenge for the user's own passkeys, good once for a few minutes. */
export async function proofChallenge(ctx: ActingContext, session: ProofSession): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await passkeyAuthenticationOptions(ctx, ctx.actor.id);
  await session.holdChallenge({ challenge: options.challenge, startedAt: ctx.clock().getTime() });
  return options;
}

function wrongMethod(methods: readonly ProofMethod[]): DomainError {
  const message = methods.includes("password")
    ? "Confirm with your password: you have no second factor yet."
    : "Confirm with your passkey, your authenticator app or a recovery code: your password alone is not enough once you have a second factor.";
  return badRequest(message, [{ path: "method", message }]);
}

const WRONG: Record<ProofMethod, string> = {
  password: "That password is not right.",
  totp: "That code is not right. Enter the current code from your app.",
  recovery: "That recovery code is not right, or was already used.",
  passkey: "The passkey was not accepted. Try again.",
};

/**
 * POST /api/account/verify: the session proves who it is. A method the user may not prove with is
 * 400 (nothing checked, nothing counted); otherwise the username's failure slot is taken first, a
 * wrong proof keeps it (401) and a right one gives it back, spends what it spends (a code, a
 * passkey's counter), and holds for PROOF_MS. Audited with the method.
 */
export async function proveIdentity(ctx: ActingContext, session: ProofSession, body: VerifyBody): Promise<{ verifiedUntil: string }> {
  const methods = await proofMethods(ctx);
  if (!methods.includes(body.method)) throw wrongMethod(methods);
  const slot = await reserveLoginAttempt(ctx.db, ctx.actor.username, ctx.ip ?? "unknown", ctx.clock());
  let ok: boolean;
  try {
    if (body.method === "password") {
      const row = await getUser(ctx.db, ctx.actor.id);
      ok = row ? await verifyPassword(row.passwordHash, body.password) : false;
    } else if (body.method === "passkey") {
      // The challenge answers once, and only for a few minutes.
      const held = session.challenge;
      if (held) await session.holdChallenge(undefined);
      const expectedChallenge = held && ctx.clock().getTime() - held.startedAt <= PASSKEY_CHALLENGE_MS ? held.challenge : null;
      ok = await verifySecondFactor(ctx, ctx.actor.id, { method: "passkey", response: body.response, expectedChallenge });
    } else {
      ok = await verifySecondFactor(ctx, ctx.actor.id, body);
    }
  } catch (err) {
    await releaseLoginAttempt(ctx.db, slot).catch(() => {});
    throw err;
  }
  if (!ok) throw unauthorized(WRONG[body.method]);
  await releaseLoginAttempt(ctx.db, slot);
  const until = await proved(ctx, session);
  await writeAudit(ctx.db, ctx, {
    action: "verify_identity",
    entityType: "session",
    entityId: ctx.actor.id,
    actor: ctx.actor,
    after: { method: body.method },
    ipAddress: ctx.ip,
  });
  return until;
}

/** POST /api/account/totp/confirm: the first right code of a new authenticator app is a proof too. */
export async function confirmTotpAsProof(ctx: ActingContext, session: ProofSession, code: string): Promise<{ recoveryCodes?: string[] }> {
  const answer = await confirmTotp(ctx, code);
  await proved(ctx, session);
  return answer;
}

async function proved(ctx: ActingContext, session: ProofSession): Promise<{ verifiedUntil: string }> {
  const at = ctx.clock().getTime();
  await session.proved(at);
  return { verifiedUntil: new Date(at + PROOF_MS).toISOString() };
}
