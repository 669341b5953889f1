// A second factor for the people who move money (DECISIONS §13): passkeys (WebAuthn, checked by
// @simplewebauthn/server), an authenticator app (TOTP, auth/totp.ts) and one-time recovery codes,
// and the SuperAdmin's setting that requires one per role.
//
// Every change to a user's factors runs in one transaction that locks the user's row first, so two
// removals at once cannot both see "another factor is left" and leave a required role with none.
import crypto from "node:crypto";
import { and, count, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { ROLES, type Role, type SecondFactorMethod } from "../../shared/constants";
import type { Queryable } from "../db/client";
import { passkeys, recoveryCodes, sessions, settings, totpSecrets, users } from "../db/schema";
import { acceptedTotpStep, newTotpSecret, totpUrl } from "../auth/totp";
import { openSecret, sealSecret } from "../auth/secret-box";
import { writeAudit } from "./audit";
import { inTransaction, type AfterCommit } from "./in-transaction";
import type { ActingContext, ServiceContext } from "./context";
import { badRequest, conflict, notFound } from "./errors";
import { announceSessionsEnded, endUserSessions } from "./sessions";
import { forgetPushDevices } from "./delivery/devices";
import { getUser } from "./users";
import { recoveryCodeFrom } from "../../shared/recovery-code";

export const RECOVERY_CODE_COUNT = 10;
/** How long a half-signed-in session may take to finish the second step. */
export const SECOND_STEP_MS = 5 * 60_000;
/** How long a passkey registration's challenge stays good. */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;

const PASSKEY_NOT_VERIFIED = "The passkey could not be verified. Add it again from this site's own address.";
const LAST_FACTOR_MESSAGE = "Your role requires a second factor: add another passkey or authenticator app before removing this one.";

export type SecuritySettings = { requireSecondFactor: Role[] };

// ---------------------------------------------------------------- settings

export async function getSecuritySettings(q: Queryable): Promise<SecuritySettings> {
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, "security"));
  const roles = (row?.value as Partial<SecuritySettings> | undefined)?.requireSecondFactor ?? [];
  return { requireSecondFactor: ROLES.filter((r) => roles.includes(r)) };
}

/**
 * Whether a user must set up a second factor before doing anything else: their role requires one
 * and they have none. The same rule as signedInUserColumns' (auth/signed-in-user.ts), for answers.
 */
export async function secondFactorSetupRequired(q: Queryable, user: { id: string; role: Role }): Promise<boolean> {
  const { requireSecondFactor } = await getSecuritySettings(q);
  if (!requireSecondFactor.includes(user.role)) return false;
  return (await factorCount(q, user.id)) === 0;
}

/** PUT /api/admin/security: a SuperAdmin may not require a factor of their own role before having one. */
export async function setSecuritySettings(ctx: ActingContext, requested: Role[]): Promise<SecuritySettings> {
  const after: SecuritySettings = { requireSecondFactor: ROLES.filter((r) => requested.includes(r)) };
  return inTransaction(ctx, async (tx, afterCommit) => {
    await tx.execute(sql`select 1 from settings where key = 'security' for update`);
    await lockUser(tx, ctx.actor.id);
    const before = await getSecuritySettings(tx);
    if (
      after.requireSecondFactor.includes(ctx.actor.role) &&
      !before.requireSecondFactor.includes(ctx.actor.role) &&
      (await factorCount(tx, ctx.actor.id)) === 0
    ) {
      throw conflict(
        `Add a second factor to your own account before requiring one for ${ctx.actor.role}: you would be locked out of everything but Account security.`,
        "second_factor_missing",
      );
    }
    await tx
      .insert(settings)
      .values({ key: "security", value: after, updatedBy: ctx.actor.id })
      .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedBy: ctx.actor.id, updatedAt: sql`now()` } });
    await writeAudit(tx, ctx, {
      action: "security_settings_update",
      entityType: "system",
      entityId: "security",
      actor: ctx.actor,
      before,
      after,
      ipAddress: ctx.ip,
    });
    // Users of a newly required role who have no factor may only set one up: their open sockets close.
    const added = after.requireSecondFactor.filter((r) => !before.requireSecondFactor.includes(r));
    if (added.length > 0) afterCommit.run(() => ctx.bus.publish({ type: "second-factor-required", roles: added }));
    return after;
  });
}

// ---------------------------------------------------------------- reading a user's factors

async function lockUser(q: Queryable, userId: string): Promise<void> {
  await q.execute(sql`select 1 from users where id = ${userId} for update`);
}

async function passkeyCount(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row.n;
}

async function hasTotp(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ userId: totpSecrets.userId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)));
  return Boolean(row);
}

async function recoveryCodesLeft(q: Queryable, userId: string): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row.n;
}

/** Passkeys and a confirmed authenticator app; recovery codes are not a factor of their own. */
export async function factorCount(q: Queryable, userId: string): Promise<number> {
  return (await passkeyCount(q, userId)) + ((await hasTotp(q, userId)) ? 1 : 0);
}

/** The ways a user can finish signing in; empty when they have no second factor (one step then). */
export async function signInMethods(q: Queryable, userId: string): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  if ((await passkeyCount(q, userId)) > 0) methods.push("passkey");
  if (await hasTotp(q, userId)) methods.push("totp");
  if (methods.length > 0 && (await recoveryCodesLeft(q, userId)) > 0) methods.push("recovery");
  return methods;
}

/** GET /api/account/security */
export async function accountSecurity(ctx: ActingContext) {
  const rows = await ctx.db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, ctx.actor.id))
    .orderBy(passkeys.createdAt);
  const { requireSecondFactor } = await getSecuritySettings(ctx.db);
  return {
    passkeys: rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null })),
    totp: await hasTotp(ctx.db, ctx.actor.id),
    recoveryCodesLeft: await recoveryCodesLeft(ctx.db, ctx.actor.id),
    required: requireSecondFactor.includes(ctx.actor.role),
  };
}

// ---------------------------------------------------------------- sessions

/**
 * Ends every session of a user but the one making the change (and tells their sockets): a removed
 * factor or a new set of recovery codes must not leave a session that was signed in with the old ones.
 */
export async function endOtherSessions(q: Queryable, userId: string, keepSid: string | null): Promise<string[]> {
  const removed = await q
    .delete(sessions)
    .where(keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId))
    .returning({ sid: sessions.sid });
  return removed.map((r) => r.sid);
}

/** endOtherSessions for the actor, their sockets told once the change has committed. */
async function endOtherSessionsAfterCommit(tx: Queryable, ctx: ActingContext, afterCommit: AfterCommit, keepSid: string): Promise<void> {
  const ended = await endOtherSessions(tx, ctx.actor.id, keepSid);
  afterCommit.run(() => announceSessionsEnded(ctx.bus, [], "second-factor", ended));
}

// ---------------------------------------------------------------- recovery codes

/** SHA-256 of the code as typed without separators or case: the codes carry 80 random bits (see schema). */
function recoveryHash(code: string): string {
  return crypto.createHash("sha256").update(code.replace(/[\s-]/g, "").toUpperCase()).digest("hex");
}

/** Ten fresh codes of 16 base32 letters (80 bits) in four groups (shared/recovery-code.ts); the old ones stop working. */
async function replaceRecoveryCodes(q: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFrom(crypto.randomBytes(16)));
  await q.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await q.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(c) })));
  return codes;
}

/** POST /api/account/recovery-codes: new codes, the old ones void, other sessions ended. */
export async function regenerateRecoveryCodes(ctx: ActingContext, keepSid: string): Promise<{ recoveryCodes: string[] }> {
  return inTransaction(ctx, async (tx, afterCommit) => {
    await lockUser(tx, ctx.actor.id);
    if ((await factorCount(tx, ctx.actor.id)) === 0)
      throw conflict("Add a passkey or an authenticator app first: recovery codes stand in for a second factor you have.", "second_factor_missing");
    const codes = await replaceRecoveryCodes(tx, ctx.actor.id);
    await writeAudit(tx, ctx, { action: "recovery_codes_regenerate", entityType: "user", entityId: ctx.actor.id, actor: ctx.actor, ipAddress: ctx.ip });
    await endOtherSessionsAfterCommit(tx, ctx, afterCommit, keepSid);
    return { recoveryCodes: codes };
  });
}

// ---------------------------------------------------------------- authenticator app

/** POST /api/account/totp/setup: a new pending secret (replacing a pending one); nothing is on until confirmed. */
export async function startTotpSetup(ctx: ActingContext): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = newTotpSecret();
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, ctx.actor.id);
    if (await hasTotp(tx, ctx.actor.id)) throw conflict("An authenticator app is already set up: remove it first to set up another.", "totp_exists");
    await tx
      .insert(totpSecrets)
      .values({ userId: ctx.actor.id, secret: sealSecret(secret, ctx.config.secondFactorKey) })
      .onConflictDoUpdate({
        target: totpSecrets.userId,
        set: { secret: sealSecret(secret, ctx.config.secondFactorKey), createdAt: ctx.clock(), lastUsedStep: null },
      });
  });
  return { secret, otpauthUrl: totpUrl(secret, ctx.actor.username) };
}

/** POST /api/account/totp/confirm: the first code turns the app on; recovery codes when it is the first factor. */
export async function confirmTotp(ctx: ActingContext, code: string): Promise<{ recoveryCodes?: string[] }> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, ctx.actor.id);
    const [row] = await tx.select().from(totpSecrets).where(eq(totpSecrets.userId, ctx.actor.id));
    if (!row) throw conflict("Start the authenticator app's setup first.", "totp_not_started");
    if (row.confirmedAt) throw conflict("The authenticator app is already set up.", "totp_exists");
    const step = acceptedTotpStep(openSecret(row.secret, ctx.config.secondFactorKey), code, ctx.clock(), row.lastUsedStep);
    if (step === null) throw badRequest("That code is not right. Enter the 6-digit code your app shows now.", [{ path: "code", message: "Wrong code" }]);
    const first = (await factorCount(tx, ctx.actor.id)) === 0;
    // The confirming code is spent: it cannot sign anyone in afterwards.
    await tx.update(totpSecrets).set({ confirmedAt: ctx.clock(), lastUsedStep: step }).where(eq(totpSecrets.userId, ctx.actor.id));
    await writeAudit(tx, ctx, { action: "totp_enable", entityType: "user", entityId: ctx.actor.id, actor: ctx.actor, ipAddress: ctx.ip });
    return first ? { recoveryCodes: await replaceRecoveryCodes(tx, ctx.actor.id) } : {};
  });
}

/**
 * Removes a factor inside the caller's transaction and checks what is left: nobody removes their
 * own last factor while their role requires one (409); with no factor left the recovery codes go
 * too (they stand in for a factor, and the next first factor brings new ones).
 */
async function afterRemoval(tx: Queryable, ctx: ActingContext): Promise<void> {
  if ((await factorCount(tx, ctx.actor.id)) > 0) return;
  const { requireSecondFactor } = await getSecuritySettings(tx);
  if (requireSecondFactor.includes(ctx.actor.role)) throw conflict(LAST_FACTOR_MESSAGE, "last_second_factor");
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.actor.id));
}

/** DELETE /api/account/totp */
export async function removeTotp(ctx: ActingContext, keepSid: string): Promise<void> {
  await inTransaction(ctx, async (tx, afterCommit) => {
    await lockUser(tx, ctx.actor.id);
    const removed = await tx.delete(totpSecrets).where(eq(totpSecrets.userId, ctx.actor.id)).returning({ confirmedAt: totpSecrets.confirmedAt });
    if (removed.length === 0 || !removed[0].confirmedAt) {
      if (removed.length === 0) throw notFound("No authenticator app is set up.");
      return; // a pending setup abandoned: nothing was on
    }
    await afterRemoval(tx, ctx);
    await writeAudit(tx, ctx, { action: "totp_remove", entityType: "user", entityId: ctx.actor.id, actor: ctx.actor, ipAddress: ctx.ip });
    await endOtherSessionsAfterCommit(tx, ctx, afterCommit, keepSid);
  });
}

// ---------------------------------------------------------------- passkeys

function relyingParty(ctx: Pick<ServiceContext, "config">) {
  return { rpID: ctx.config.rpId, origins: ctx.config.webauthnOrigins };
}

/** POST /api/account/passkeys/options: the caller keeps the challenge (in the session) for the answer. */
export async function passkeyRegistrationOptions(ctx: ActingContext): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, ctx.actor.id));
  return generateRegistrationOptions({
    rpName: "Business Management System",
    rpID: relyingParty(ctx).rpID,
    userName: ctx.actor.username,
    userDisplayName: ctx.actor.name,
    // The user handle: the user's id, so no name is stored on the authenticator beyond what it shows.
    userID: new TextEncoder().encode(ctx.actor.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

export type PasskeyAnswer = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** POST /api/account/passkeys: a verified registration stored under its name; recovery codes when it is the first factor. */
export async function registerPasskey(
  ctx: ActingContext,
  name: string,
  response: RegistrationResponseJSON,
  expectedChallenge: string | null,
): Promise<{ passkey: PasskeyAnswer; recoveryCodes?: string[] }> {
  if (!expectedChallenge) throw conflict("Ask for registration options first (the challenge is missing or has expired).", "passkey_challenge_missing");
  const { rpID, origins } = relyingParty(ctx);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: origins, expectedRPID: rpID, requireUserVerification: false });
  } catch (err) {
    // The verifier's words name this server's origins and RP ID: for the log (a wrong RP_ID or
    // ORIGIN shows there), not for the person adding the passkey.
    ctx.logger.warn({ reason: (err as Error).message, userId: ctx.actor.id }, "passkey registration not verified");
    throw badRequest(PASSKEY_NOT_VERIFIED);
  }
  if (!verified.verified) throw badRequest(PASSKEY_NOT_VERIFIED);
  const { credential } = verified.registrationInfo;
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, ctx.actor.id);
    const first = (await factorCount(tx, ctx.actor.id)) === 0;
    const [taken] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id));
    if (taken) throw conflict("This passkey is already registered.", "passkey_exists");
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: ctx.actor.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: ctx.clock(),
      })
      .returning();
    await writeAudit(tx, ctx, {
      action: "passkey_add",
      entityType: "user",
      entityId: ctx.actor.id,
      actor: ctx.actor,
      after: { passkeyId: row.id, name },
      ipAddress: ctx.ip,
    });
    const passkey = { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
    return first ? { passkey, recoveryCodes: await replaceRecoveryCodes(tx, ctx.actor.id) } : { passkey };
  });
}

/** DELETE /api/account/passkeys/:id (only the caller's own). */
export async function removePasskey(ctx: ActingContext, id: string, keepSid: string): Promise<void> {
  await inTransaction(ctx, async (tx, afterCommit) => {
    await lockUser(tx, ctx.actor.id);
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, ctx.actor.id)))
      .returning();
    if (!row) throw notFound("Passkey not found");
    await afterRemoval(tx, ctx);
    await writeAudit(tx, ctx, {
      action: "passkey_remove",
      entityType: "user",
      entityId: ctx.actor.id,
      actor: ctx.actor,
      before: { passkeyId: id, name: row.name },
      ipAddress: ctx.ip,
    });
    await endOtherSessionsAfterCommit(tx, ctx, afterCommit, keepSid);
  });
}

// ---------------------------------------------------------------- the second step of sign-in

/** POST /api/auth/second-factor/options: a challenge for the user's own passkeys. */
export async function passkeyAuthenticationOptions(ctx: Pick<ServiceContext, "db" | "config">, userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rows = await ctx.db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  if (rows.length === 0) throw conflict("You have no passkey: use your authenticator app or a recovery code.", "no_passkey");
  return generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    allowCredentials: rows.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
    userVerification: "preferred",
  });
}

export type SecondFactorProof =
  | { method: "totp"; code: string }
  | { method: "recovery"; code: string }
  | { method: "passkey"; response: AuthenticationResponseJSON; expectedChallenge: string | null };

/**
 * Whether the proof is right for this user, spending what it spends in the same statement that
 * checks it: a TOTP step is recorded only when newer than the last one, a recovery code is marked
 * used only when unused. Two requests with the same code: one wins, the other is refused.
 */
export async function verifySecondFactor(ctx: Pick<ServiceContext, "db" | "config" | "clock">, userId: string, proof: SecondFactorProof): Promise<boolean> {
  const now = ctx.clock();
  if (proof.method === "totp") {
    const [row] = await ctx.db
      .select()
      .from(totpSecrets)
      .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)));
    if (!row) return false;
    const step = acceptedTotpStep(openSecret(row.secret, ctx.config.secondFactorKey), proof.code, now, row.lastUsedStep);
    if (step === null) return false;
    const spent = await ctx.db
      .update(totpSecrets)
      .set({ lastUsedStep: step })
      .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt), sql`coalesce(${totpSecrets.lastUsedStep}, -1) < ${step}`))
      .returning({ userId: totpSecrets.userId });
    return spent.length === 1;
  }
  if (proof.method === "recovery") {
    if ((await factorCount(ctx.db, userId)) === 0) return false;
    const spent = await ctx.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryHash(proof.code)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return spent.length === 1;
  }
  if (!proof.expectedChallenge) return false;
  const [row] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, proof.response.id)));
  if (!row) return false;
  const { rpID, origins } = relyingParty(ctx);
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: proof.response,
      expectedChallenge: proof.expectedChallenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: false,
      credential: {
        id: row.credentialId,
        publicKey: isoBase64URL.toBuffer(row.publicKey),
        counter: row.counter,
        transports: row.transports as AuthenticatorTransport[],
      },
    });
  } catch {
    return false;
  }
  if (!result.verified) return false;
  // The counter only moves forward: an assertion replayed with the counter it had is refused above
  // by the library, and two at once cannot both store theirs.
  const moved = await ctx.db
    .update(passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now })
    .where(
      and(eq(passkeys.id, row.id), result.authenticationInfo.newCounter > 0 ? sql`${passkeys.counter} < ${result.authenticationInfo.newCounter}` : sql`true`),
    )
    .returning({ id: passkeys.id });
  return moved.length === 1;
}

// ---------------------------------------------------------------- an administrator's reset

/** POST /api/admin/users/:id/second-factor/reset: every factor and code of another user goes, and their sessions end. */
export async function resetSecondFactor(ctx: ActingContext, userId: string, reason: string): Promise<{ message: string }> {
  if (userId === ctx.actor.id) throw conflict("Manage your own second factor on Account security.", "own_second_factor");
  await inTransaction(ctx, async (tx, afterCommit) => {
    const user = await getUser(tx, userId);
    if (!user || user.deletedAt) throw notFound("User not found");
    await lockUser(tx, userId);
    const before = { passkeys: await passkeyCount(tx, userId), totp: await hasTotp(tx, userId), recoveryCodesLeft: await recoveryCodesLeft(tx, userId) };
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await writeAudit(tx, ctx, {
      action: "second_factor_reset",
      entityType: "user",
      entityId: userId,
      actor: ctx.actor,
      reason,
      before,
      after: { passkeys: 0, totp: false, recoveryCodesLeft: 0 },
      ipAddress: ctx.ip,
    });
    await endUserSessions(tx, [userId]);
    await forgetPushDevices(tx, [userId]);
    afterCommit.run(() => announceSessionsEnded(ctx.bus, [userId], "second-factor"));
  });
  return { message: "Second factor reset" };
}

/** The user a half-signed-in session is for, when they may still sign in. */
export async function pendingUser(q: Queryable, userId: string) {
  const [row] = await q
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt)));
  return row;
}
