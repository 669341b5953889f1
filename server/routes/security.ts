// The second factor (DECISIONS §13): each user's own passkeys, authenticator app and recovery codes
// (all open while their role's required factor is not set up yet: they are how it gets set up), and
// the SuperAdmin's requirement per role and reset of another user's factors. Every change to one's
// own factors needs a recent proof (services/recent-proof.ts): `recentProof` runs before it.
import type { Request, RequestHandler } from "express";
import { messageAnswer } from "../../shared/schemas/answer-parts";
import { idParamsOf } from "../../shared/schemas/params";
import {
  accountSecurityAnswer,
  passkeyAddedAnswer,
  passkeyRegisterSchema,
  recoveryCodesAnswer,
  secondFactorResetSchema,
  securitySettingsAnswer,
  securitySettingsSchema,
  totpConfirmAnswer,
  totpConfirmSchema,
  totpSetupAnswer,
  verifyAnswer,
  verifySchema,
  webauthnOptionsAnswer,
} from "../../shared/schemas/security";
import type { AppDeps } from "../context";
import { contextOf } from "../middlewares/auth";
import { assertRecentProof, confirmTotpAsProof, proofChallenge, proveIdentity, type ProofSession } from "../services/recent-proof";
import {
  accountSecurity,
  getSecuritySettings,
  PASSKEY_CHALLENGE_MS,
  passkeyRegistrationOptions,
  regenerateRecoveryCodes,
  registerPasskey,
  removePasskey,
  removeTotp,
  resetSecondFactor,
  setSecuritySettings,
  startTotpSetup,
} from "../services/second-factor";
import { ApiRouter } from "./api-router";
import { changeOwnPasswordSchema } from "../../shared/schemas/auth";
import { changeOwnPassword } from "../services/own-password";

const tag = "security";
const SUPERADMIN = ["SuperAdmin"] as const;
const own = { access: "signed-in", duringSecondFactorSetup: true, openToEmployees: true, tag } as const;

function saveSession(req: Request): Promise<void> {
  return new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/** The request's session as the proof rule reads and writes it (services/recent-proof.ts). */
function proofSessionOf(req: Request): ProofSession {
  return {
    get provedAt() {
      return req.session.provedAt;
    },
    get challenge() {
      return req.session.proofChallenge;
    },
    async proved(at) {
      req.session.provedAt = at;
      await saveSession(req);
    },
    async holdChallenge(challenge) {
      if (challenge) req.session.proofChallenge = challenge;
      else delete req.session.proofChallenge;
      await saveSession(req);
    },
  };
}

export function securityRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => contextOf(deps, req);
  /** 403 verification_required unless the session proved itself within the last 5 minutes. */
  const recentProof: RequestHandler = (req, _res, next) => {
    assertRecentProof(ctx(req), proofSessionOf(req)).then(() => next(), next);
  };

  api.add(
    {
      method: "post",
      path: "/account/password",
      ...own,
      duringPasswordChange: true,
      summary: "Change your own password (the current one proves it is you; your other sessions end); a one-time password must be changed this way first",
      body: changeOwnPasswordSchema,
      answer: messageAnswer,
    },
    (req, _res, input) => changeOwnPassword(ctx(req), input.body, req.sessionID),
  );

  api.add(
    {
      method: "post",
      path: "/account/verify/options",
      ...own,
      summary: "A passkey challenge for proving it is you before a change to your second factor",
      answer: webauthnOptionsAnswer,
    },
    (req) => proofChallenge(ctx(req), proofSessionOf(req)),
  );

  api.add(
    {
      method: "post",
      path: "/account/verify",
      ...own,
      summary: "Prove it is you (password when you have no second factor, else a factor): changes to your second factor are open for 5 minutes",
      body: verifySchema,
      answer: verifyAnswer,
    },
    (req, _res, input) => proveIdentity(ctx(req), proofSessionOf(req), input.body),
  );

  api.add(
    { method: "get", path: "/account/security", ...own, summary: "Your passkeys, authenticator app and recovery codes left", answer: accountSecurityAnswer },
    (req) => accountSecurity(ctx(req)),
  );

  api.add(
    { method: "post", path: "/account/passkeys/options", ...own, summary: "WebAuthn registration options for a new passkey", answer: webauthnOptionsAnswer },
    recentProof,
    async (req) => {
      const options = await passkeyRegistrationOptions(ctx(req));
      req.session.passkeyRegistration = { challenge: options.challenge, startedAt: deps.clock().getTime() };
      await saveSession(req);
      return options;
    },
  );

  api.add(
    {
      method: "post",
      path: "/account/passkeys",
      ...own,
      summary: "Register a passkey (recovery codes the first time a factor is added)",
      body: passkeyRegisterSchema,
      answer: passkeyAddedAnswer,
      status: 201,
    },
    recentProof,
    async (req, res, input) => {
      const pending = req.session.passkeyRegistration;
      // The challenge answers once, and only for a few minutes.
      delete req.session.passkeyRegistration;
      await saveSession(req);
      const challenge = pending && deps.clock().getTime() - pending.startedAt <= PASSKEY_CHALLENGE_MS ? pending.challenge : null;
      const added = await registerPasskey(ctx(req), input.body.name, input.body.response as Parameters<typeof registerPasskey>[2], challenge);
      res.status(201);
      return added;
    },
  );

  api.add(
    {
      method: "delete",
      path: "/account/passkeys/:id",
      ...own,
      summary: "Remove one of your passkeys (your other sessions end)",
      params: idParamsOf("Passkey"),
      answer: messageAnswer,
    },
    recentProof,
    async (req, _res, input) => {
      await removePasskey(ctx(req), input.params.id, req.sessionID);
      return { message: "Passkey removed" };
    },
  );

  api.add(
    { method: "post", path: "/account/totp/setup", ...own, summary: "Start setting up an authenticator app: its secret, shown once", answer: totpSetupAnswer },
    recentProof,
    (req) => startTotpSetup(ctx(req)),
  );

  api.add(
    {
      method: "post",
      path: "/account/totp/confirm",
      ...own,
      summary: "Turn the authenticator app on with its first code (recovery codes the first time a factor is added)",
      body: totpConfirmSchema,
      answer: totpConfirmAnswer,
    },
    recentProof,
    (req, _res, input) => confirmTotpAsProof(ctx(req), proofSessionOf(req), input.body.code),
  );

  api.add(
    { method: "delete", path: "/account/totp", ...own, summary: "Remove the authenticator app (your other sessions end)", answer: messageAnswer },
    recentProof,
    async (req) => {
      await removeTotp(ctx(req), req.sessionID);
      return { message: "Authenticator app removed" };
    },
  );

  api.add(
    {
      method: "post",
      path: "/account/recovery-codes",
      ...own,
      summary: "New recovery codes; the old ones stop working (your other sessions end)",
      answer: recoveryCodesAnswer,
    },
    recentProof,
    (req) => regenerateRecoveryCodes(ctx(req), req.sessionID),
  );

  api.add(
    { method: "get", path: "/admin/security", access: SUPERADMIN, summary: "The roles that must use a second factor", answer: securitySettingsAnswer, tag },
    () => getSecuritySettings(deps.database.db),
  );

  api.add(
    {
      method: "put",
      path: "/admin/security",
      access: SUPERADMIN,
      summary: "Require a second factor of these roles",
      body: securitySettingsSchema,
      answer: securitySettingsAnswer,
      tag,
    },
    (req, _res, input) => setSecuritySettings(ctx(req), input.body.requireSecondFactor),
  );

  api.add(
    {
      method: "post",
      path: "/admin/users/:id/second-factor/reset",
      access: SUPERADMIN,
      summary: "Remove another user's passkeys, authenticator app and recovery codes (their sessions end)",
      params: idParamsOf("User"),
      body: secondFactorResetSchema,
      answer: messageAnswer,
      tag,
    },
    (req, _res, input) => resetSecondFactor(ctx(req), input.params.id, input.body.reason),
  );

  return api;
}
