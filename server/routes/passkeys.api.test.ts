// Passkeys through the API (DECISIONS §13) with a software authenticator (server/test/soft-authenticator.ts):
// registration with the session's challenge, the second step of sign-in with an assertion, and the
// refusals: a replayed assertion, a wrong signature, another origin, no challenge.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { TEST_PASSWORD } from "../test/factories";
import { passkeys, settings, totpSecrets, type UserRow } from "../db/schema";
import { totpCodeAt } from "../auth/totp";
import { SoftAuthenticator } from "../test/soft-authenticator";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const authenticator = () => new SoftAuthenticator(t.config.rpId, t.config.webauthnOrigins[0]);
const login = (api: ApiClient, user: UserRow) => api.post("/api/auth/login", { username: user.username, password: TEST_PASSWORD });

async function register(api: ApiClient, device: SoftAuthenticator, name = "Phone") {
  const options = await api.post("/api/account/passkeys/options");
  expect(options.status).toBe(200);
  return api.post("/api/account/passkeys", { name, response: device.register(options.body) });
}

describe("passkeys", () => {
  it("registers with the options' challenge (recovery codes the first time), then signs in as the second step", async () => {
    const { user, api } = await t.signIn("Approver");
    const options = await api.post("/api/account/passkeys/options");
    expect(options.body).toMatchObject({ rp: { id: t.config.rpId }, user: { name: user.username }, attestation: "none" });
    const device = authenticator();
    // The name is free text (DECISIONS §10): a control character is a 400 naming it; the challenge stays usable.
    const bell = await api.post("/api/account/passkeys", { name: "Asha\u0007", response: device.register(options.body) });
    expect(bell.status).toBe(400);
    expect(bell.body.issues.map((i: { path: string }) => i.path)).toEqual(["name"]);
    const created = await api.post("/api/account/passkeys", { name: " Asha's\u202E phone ", response: device.register(options.body) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.passkey).toMatchObject({ name: "Asha's phone", lastUsedAt: null });
    expect(created.body.recoveryCodes).toHaveLength(10);
    // A second passkey brings no new codes.
    const second = await register(api, authenticator(), "Laptop");
    expect(second.status).toBe(201);
    expect(second.body.recoveryCodes).toBeUndefined();
    const security = await api.get("/api/account/security");
    expect(security.body.passkeys.map((p: { name: string }) => p.name)).toEqual(["Asha's phone", "Laptop"]);

    const other = t.client();
    expect((await login(other, user)).body).toEqual({ secondFactor: "required", methods: ["passkey", "recovery"] });
    const challenge = await other.post("/api/auth/second-factor/options");
    expect(challenge.status).toBe(200);
    expect(challenge.body.allowCredentials).toHaveLength(2);
    const assertion = device.authenticate(challenge.body);
    const signedIn = await other.post("/api/auth/second-factor", { method: "passkey", response: assertion });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user.id).toBe(user.id);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, created.body.passkey.id));
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.counter).toBe(1);

    // The same assertion again, in a new half-signed-in session: refused (its challenge was another's, and spent).
    const replay = t.client();
    await login(replay, user);
    await replay.post("/api/auth/second-factor/options");
    expect((await replay.post("/api/auth/second-factor", { method: "passkey", response: assertion })).status).toBe(401);
  });

  it("refuses a registration without options, from another origin, or of a credential already registered", async () => {
    const { api } = await t.signIn("Accountant");
    const device = authenticator();
    const noOptions = await api.post("/api/account/passkeys", { name: "Phone", response: device.register({ challenge: "AAAA" }) });
    expect(noOptions.status).toBe(409);
    const options = await api.post("/api/account/passkeys/options");
    const elsewhere = await api.post("/api/account/passkeys", { name: "Phone", response: device.register(options.body, { origin: "https://evil.example" }) });
    expect(elsewhere.status).toBe(400);
    // In words for the person adding it: what the verifier found stays in the server's log.
    expect(elsewhere.body.message).toBe("The passkey could not be verified. Add it again from this site's own address.");
    expect(JSON.stringify(elsewhere.body)).not.toMatch(/evil|localhost|expected/);
    expect((await register(api, device)).status).toBe(201);
    const again = await register(api, device);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already registered/);
  });

  it("refuses an assertion signed by another key, and one without a challenge", async () => {
    const { user, api } = await t.signIn("Approver");
    const device = authenticator();
    expect((await register(api, device)).status).toBe(201);
    const other = t.client();
    await login(other, user);
    const noChallenge = await other.post("/api/auth/second-factor", { method: "passkey", response: device.authenticate({ challenge: "AAAA" }) });
    expect(noChallenge.status).toBe(401);
    const challenge = await other.post("/api/auth/second-factor/options");
    const forged = device.authenticate(challenge.body, { signWith: crypto.generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey });
    expect((await other.post("/api/auth/second-factor", { method: "passkey", response: forged })).status).toBe(401);
    expect((await other.get("/api/auth/me")).status).toBe(401);
  });

  it("removes only one's own passkey", async () => {
    const { api } = await t.signIn("Approver");
    const created = await register(api, authenticator());
    const { api: stranger } = await t.signIn("Approver");
    expect((await stranger.delete(`/api/account/passkeys/${created.body.passkey.id}`)).status).toBe(404);
    expect((await api.delete(`/api/account/passkeys/${created.body.passkey.id}`)).status).toBe(200);
    expect((await api.get("/api/account/security")).body).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
  });

  it("removing a passkey ends the user's other sessions, not this one", async () => {
    const { user, api } = await t.signIn("Accountant");
    const device = authenticator();
    const created = await register(api, device);
    expect(created.status).toBe(201);
    const other = t.client();
    await login(other, user);
    const challenge = await other.post("/api/auth/second-factor/options");
    expect((await other.post("/api/auth/second-factor", { method: "passkey", response: device.authenticate(challenge.body) })).status).toBe(200);
    expect((await other.get("/api/auth/me")).status).toBe(200);

    expect((await api.delete(`/api/account/passkeys/${created.body.passkey.id}`)).status).toBe(200);
    expect((await other.get("/api/auth/me")).status).toBe(401);
    expect((await api.get("/api/auth/me")).status).toBe(200);
  });

  it("while the role requires a factor, removing every factor at once leaves exactly one: the last removal is 409", async () => {
    const { user, api } = await t.signIn("Approver");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await register(api, authenticator(), `Key ${i}`)).body.passkey.id);
    const setup = await api.post("/api/account/totp/setup");
    const confirmed = await api.post("/api/account/totp/confirm", { code: totpCodeAt(setup.body.secret, new Date()) });
    expect(confirmed.status).toBe(200);
    // Not the first factor: no new recovery codes.
    expect(confirmed.body).toEqual({});
    await t.db
      .insert(settings)
      .values({ key: "security", value: { requireSecondFactor: ["Approver"] } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { requireSecondFactor: ["Approver"] } } });
    try {
      const answers = await Promise.all([api.delete("/api/account/totp"), ...ids.map((id) => api.delete(`/api/account/passkeys/${id}`))]);
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(1);
      const left =
        (await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).length +
        (await t.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id))).length;
      expect(left).toBe(1);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, "security"));
    }
  });
});
