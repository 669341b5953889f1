// The second factor (DECISIONS §13): each user's own passkeys, authenticator app and recovery codes
// (all open while their role's required factor is not set up yet: they are how it gets set up), and
// the SuperAdmin's requirement per role and reset of another user's factors.
import type { Request } from "express";
import { messageAnswer } from "../../shared/schemas/answer-parts";
import { idParamsOf } from "../../shared/schemas/params";
import { accountSecurityAnswer, passkeyAddedAnswer, passkeyRegisterSchema, recoveryCodesAnswer, secondFactorResetSchema, securitySettingsAnswer, securitySettingsSchema, totpConfirmAnswer, totpConfirmSchema, totpSetupAnswer, webauthnOptionsAnswer } from "../../shared/schemas/security";
import type { AppDeps } from "../context";
import { contextOf } from "../middlewares/auth";
import {
  accountSecurity,
  confirmTotp,
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

const tag = "security";
const SUPERADMIN = ["SuperAdmin"] as const;
const own = { access: "signed-in", duringSecondFactorSetup: true, tag } as const;

function saveSession(req: Request): Promise<void> {
  return new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

export function securityRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => contextOf(deps, req);

  api.add({ method: "get", path: "/account/security", ...own, summary: "Your passkeys, authenticator app and recovery codes left", answer: accountSecurityAnswer }, (req) =>
    accountSecurity(ctx(req)),
  );

  api.add({ method: "post", path: "/account/passkeys/options", ...own, summary: "WebAuthn registration options for a new passkey", answer: webauthnOptionsAnswer }, async (req) => {
    const options = await passkeyRegistrationOptions(ctx(req));
    req.session.passkeyRegistration = { challenge: options.challenge, startedAt: deps.clock().getTime() };
    await saveSession(req);
    return options;
  });

  api.add(
    { method: "post", path: "/account/passkeys", ...own, summary: "Register a passkey (recovery codes the first time a factor is added)", body: passkeyRegisterSchema, answer: passkeyAddedAnswer, status: 201 },
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

  api.add({ method: "delete", path: "/account/passkeys/:id", ...own, summary: "Remove one of your passkeys (your other sessions end)", params: idParamsOf("Passkey"), answer: messageAnswer }, async (req, _res, input) => {
    await removePasskey(ctx(req), input.params.id, req.sessionID);
    return { message: "Passkey removed" };
  });

  api.add({ method: "post", path: "/account/totp/setup", ...own, summary: "Start setting up an authenticator app: its secret, shown once", answer: totpSetupAnswer }, (req) => startTotpSetup(ctx(req)));

  api.add(
    { method: "post", path: "/account/totp/confirm", ...own, summary: "Turn the authenticator app on with its first code (recovery codes the first time a factor is added)", body: totpConfirmSchema, answer: totpConfirmAnswer },
    (req, _res, input) => confirmTotp(ctx(req), input.body.code),
  );

  api.add({ method: "delete", path: "/account/totp", ...own, summary: "Remove the authenticator app (your other sessions end)", answer: messageAnswer }, async (req) => {
    await removeTotp(ctx(req), req.sessionID);
    return { message: "Authenticator app removed" };
  });

  api.add({ method: "post", path: "/account/recovery-codes", ...own, summary: "New recovery codes; the old ones stop working (your other sessions end)", answer: recoveryCodesAnswer }, (req) =>
    regenerateRecoveryCodes(ctx(req), req.sessionID),
  );

  api.add({ method: "get", path: "/admin/security", access: SUPERADMIN, summary: "The roles that must use a second factor", answer: securitySettingsAnswer, tag }, () =>
    getSecuritySettings(deps.database.db),
  );

  api.add(
    { method: "put", path: "/admin/security", access: SUPERADMIN, summary: "Require a second factor of these roles", body: securitySettingsSchema, answer: securitySettingsAnswer, tag },
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
