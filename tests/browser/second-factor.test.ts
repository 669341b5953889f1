// The second factor on screen (DECISIONS §13): a passkey registered on /account/security
// with Chromium's virtual authenticator signs in on a phone; an authenticator app set up from the
// secret on screen signs in with a code computed here; a reload during the second step resumes it;
// a role that requires a factor leads its user to the setup screen and nowhere else until done (at
// once when the rule comes into force while the app is open); the SuperAdmin's rule screen shows
// the server's refusal, and Reset second factor takes a reason.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { Secret, TOTP } from "otpauth";
import { startBrowserTestEnv, VIEWPORTS, type BrowserTestEnv, type ViewportName } from "./support";
import { signInApi } from "./api-client";
import { TEST_PASSWORD, type MadeUser } from "../../server/test/factories";
import { sql } from "drizzle-orm";

const WAIT = { timeout: 20_000 };

let env: BrowserTestEnv;
/** WebAuthn refuses IP addresses as a relying party: the pages are opened on localhost. */
let origin: string;
beforeAll(async () => {
  env = await startBrowserTestEnv();
  origin = `http://localhost:${new URL(env.url).port}`;
  // The port is known only once the server listens; the passkey ceremonies come from this origin.
  env.server.deps.config.webauthnOrigins = [origin];
  env.server.deps.config.rpId = "localhost";
});
afterAll(async () => {
  await env?.close();
});

/** Screens photographed for a person to look at, when SCREENSHOT_DIR is set. */
async function photograph(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

async function open(viewport: ViewportName): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext({ ...VIEWPORTS[viewport], baseURL: origin });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** Chromium's virtual authenticator on this page: a platform passkey with a fingerprint that always matches. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** The password step; resolves once either the app or the second step is on screen. */
async function enterPassword(page: Page, user: MadeUser) {
  await page.goto("/");
  await page.getByLabel("User ID").fill(user.username);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByLabel("User ID").waitFor({ state: "detached", ...WAIT });
}

async function signOut(page: Page) {
  const button = page.getByRole("button", { name: /sign out/i }).filter({ visible: true });
  if ((await button.count()) === 0) await page.getByRole("button", { name: "Open menu" }).click();
  await button.first().click();
  await page.getByLabel("User ID").waitFor(WAIT);
}

function totpFor(secret: string): TOTP {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** Sets up the authenticator app from the secret on screen; answers the secret and the recovery codes shown. */
async function setUpAuthenticatorApp(page: Page, shot?: string): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole("button", { name: "Set up authenticator app" }).click();
  const dialog = page.getByRole("dialog", { name: "Set up an authenticator app" });
  await dialog.getByRole("img", { name: "QR code for your authenticator app" }).waitFor(WAIT);
  const secret = (await dialog.getByLabel("Secret key").innerText()).replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  // The otpauth:// link is for the phone that holds the app; a desktop's camera is that phone's (DECISIONS §16).
  expect(await dialog.getByRole("link", { name: "Open in my authenticator app" }).isVisible()).toBe(page.viewportSize()!.width < 640);
  if (shot) await photograph(page, `${shot}-totp-setup`);

  // A wrong code says so and turns nothing on.
  const totp = totpFor(secret);
  const right = totp.generate();
  const wrong = right === "000000" ? "111111" : "000000";
  await dialog.getByLabel(/6-digit code/).fill(wrong);
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await dialog.getByText(/not right|invalid|wrong/i).waitFor(WAIT);
  if (shot) await photograph(page, `${shot}-totp-wrong-code`);

  await dialog.getByLabel(/6-digit code/).fill(right);
  await dialog.getByRole("button", { name: "Turn on" }).click();
  const codesDialog = page.getByRole("dialog", { name: "Save your recovery codes" });
  await codesDialog.waitFor(WAIT);
  const codes = (await codesDialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  if (shot) await photograph(page, `${shot}-recovery-codes`);
  await codesDialog.getByRole("button", { name: "I have saved them" }).click();
  await codesDialog.waitFor({ state: "hidden" });
  return { secret, codes };
}

describe("a passkey", () => {
  it("is registered on /account/security and signs in on a phone, and a recovery code works once", async () => {
    const user = await env.makeUser("Approver");
    const { context, page } = await open("phone");
    await addVirtualAuthenticator(context, page);
    await enterPassword(page, user);

    // The Approver's top bar links the security page.
    await page.getByRole("link", { name: "Account security" }).click();
    await page.getByText("No passkeys yet").waitFor(WAIT);
    await page.getByText("Only a password protects your account").waitFor();
    await photograph(page, "phone-security-empty");

    await page.getByRole("button", { name: "Add a passkey" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a passkey" });
    await dialog.getByLabel(/Passkey name/).fill("Test phone");
    await photograph(page, "phone-add-passkey");
    await dialog.getByRole("button", { name: "Continue" }).click();
    const codesDialog = page.getByRole("dialog", { name: "Save your recovery codes" });
    await codesDialog.waitFor(WAIT);
    const codes = (await codesDialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await photograph(page, "phone-recovery-codes");
    await codesDialog.getByRole("button", { name: "I have saved them" }).click();

    const list = page.getByRole("list", { name: "Your passkeys" });
    await list.getByText("Test phone").waitFor(WAIT);
    await list.getByText(/not used yet/).waitFor();
    await page.getByText("10 codes left").waitFor();
    await photograph(page, "phone-security-passkey");

    // Signed out, the password alone no longer signs in: the passkey is asked for, first.
    await signOut(page);
    await enterPassword(page, user);
    await page.getByRole("heading", { name: "Confirm it's you" }).waitFor(WAIT);
    await photograph(page, "phone-second-step-passkey");
    await page.getByRole("button", { name: "Use your passkey" }).click();
    await page.getByRole("banner").first().waitFor(WAIT);
    await page.getByRole("heading", { name: /^Hi\b/ }).waitFor(WAIT);

    await page.goto("/account/security");
    await page
      .getByRole("list", { name: "Your passkeys" })
      .getByText(/last used/)
      .waitFor(WAIT);

    // A recovery code: a wrong one is refused on screen; a right one signs in, and counts down.
    await signOut(page);
    await enterPassword(page, user);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill("not-a-code");
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /not right|invalid|wrong/i })
      .waitFor(WAIT);
    await photograph(page, "phone-second-step-recovery-wrong");
    await page.getByLabel("Recovery code").fill(codes[0]);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.getByRole("heading", { name: /^Hi\b/ }).waitFor(WAIT);
    await page.goto("/account/security");
    await page.getByText("9 codes left").waitFor(WAIT);

    // Removing it asks first, says the other devices are signed out, then says it is gone.
    await page.getByRole("button", { name: "Remove passkey Test phone" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove passkey" });
    await confirm.getByText("Remove “Test phone”? It will no longer sign you in.").waitFor(WAIT);
    await confirm.getByText("Your other signed-in devices will be signed out.").waitFor();
    await confirm.getByRole("button", { name: "Remove passkey" }).click();
    await page.getByText("Passkey removed").first().waitFor(WAIT);
    await page.getByText("No passkeys yet").waitFor(WAIT);
    await context.close();
  });
});

describe("a change to the second factor asks for a recent proof inline, then carries on (DECISIONS §13)", () => {
  /** The session's proof is older than 5 minutes, as if the cookie had been taken and used later. */
  async function proofGoesStale(user: MadeUser) {
    await env.db.execute(
      sql`update sessions set sess = jsonb_set(sess, '{provedAt}', to_jsonb(${Date.now() - 6 * 60_000}::bigint)) where user_id = ${user.id}`,
    );
  }

  it("adding a passkey asks for the password; new recovery codes ask for the passkey (a phone), and each goes on with what was asked", async () => {
    const user = await env.makeUser("Accountant");
    const { context, page } = await open("desktop");
    await addVirtualAuthenticator(context, page);
    await enterPassword(page, user);
    await page.goto("/account/security");
    await page.getByText("No passkeys yet").waitFor(WAIT);
    await proofGoesStale(user);

    // Adding a passkey: the proof comes first, in a dialog over the one that asked; a wrong password says so.
    await page.getByRole("button", { name: "Add a passkey" }).first().click();
    const adding = page.getByRole("dialog", { name: "Add a passkey" });
    await adding.getByLabel(/Passkey name/).fill("Work laptop");
    await adding.getByRole("button", { name: "Continue" }).click();
    const proof = page.getByRole("dialog", { name: "Confirm it's you" });
    await proof.getByLabel("Your password").fill("not-my-password");
    await proof.getByRole("button", { name: "Confirm" }).click();
    await proof.getByText("That password is not right.").waitFor(WAIT);
    await photograph(page, "desktop-proof-password-wrong");
    await proof.getByLabel("Your password").fill(TEST_PASSWORD);
    await proof.getByRole("button", { name: "Confirm" }).click();
    // It carries on by itself: the browser's passkey prompt (the virtual authenticator), then the codes.
    const codesDialog = page.getByRole("dialog", { name: "Save your recovery codes" });
    await codesDialog.waitFor(WAIT);
    const first = await codesDialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts();
    await codesDialog.getByRole("button", { name: "I have saved them" }).click();
    await page.getByRole("list", { name: "Your passkeys" }).getByText("Work laptop").waitFor(WAIT);

    // New recovery codes on a phone, the session's proof stale again: the passkey is offered first.
    await page.setViewportSize(VIEWPORTS.phone.viewport);
    await proofGoesStale(user);
    await page.getByRole("button", { name: "Make new codes" }).click();
    await page.getByRole("dialog", { name: "Make new recovery codes" }).getByRole("button", { name: "Make new codes" }).click();
    await proof.getByRole("button", { name: "Use your passkey" }).waitFor(WAIT);
    await proof.getByRole("button", { name: "Use a recovery code" }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await photograph(page, "phone-proof-passkey");
    await proof.getByRole("button", { name: "Use your passkey" }).click();
    await codesDialog.waitFor(WAIT);
    const second = await codesDialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts();
    expect(second).toHaveLength(10);
    expect(second).not.toEqual(first);
    await photograph(page, "phone-proof-new-codes");
    await codesDialog.getByRole("button", { name: "I have saved them" }).click();
    await page.getByText("10 codes left").waitFor(WAIT);
    await context.close();
  });
});

describe("an authenticator app", () => {
  it("is set up from the secret on screen, and a code computed here signs in; a reload keeps the second step", async () => {
    const user = await env.makeUser("Accountant");
    const { context, page } = await open("desktop");
    await enterPassword(page, user);
    await page.getByRole("link", { name: "Account Security" }).click();
    await page.getByText("No passkeys yet").waitFor(WAIT);
    await photograph(page, "desktop-security-empty");
    const { secret } = await setUpAuthenticatorApp(page, "desktop");
    await page.getByText("Second factor on").waitFor(WAIT);
    await photograph(page, "desktop-security-totp-on");

    await signOut(page);
    await enterPassword(page, user);
    // No passkey: the code field comes first.
    await page.getByLabel("Code from your authenticator app").waitFor(WAIT);
    // A reload between the steps resumes the second step (the half-signed-in session is the server's).
    await page.reload();
    await page.getByLabel("Code from your authenticator app").waitFor(WAIT);
    await page.getByLabel("Code from your authenticator app").fill("000000" === totpFor(secret).generate() ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /not right/i })
      .waitFor(WAIT);
    await photograph(page, "desktop-second-step-totp-wrong");

    // The code that turned the app on was used; the next step's code (within the ±1 window) is new.
    const code = totpFor(secret).generate({ timestamp: Date.now() + 30_000 });
    await page.getByLabel("Code from your authenticator app").fill(code);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.getByRole("heading", { name: "Dashboard" }).first().waitFor(WAIT);

    // Back to start leaves the half-signed-in session: the password form again.
    await signOut(page);
    await enterPassword(page, user);
    await page.getByRole("button", { name: "Back to sign in" }).click();
    await page.getByLabel("User ID").waitFor(WAIT);
    const session = await page.evaluate(async () => (await fetch("/api/auth/session")).json());
    expect(session).toEqual({ user: null });
    await context.close();
  });
});

describe("on a phone (DECISIONS §16)", () => {
  it("the set-up offers an otpauth:// link that opens the authenticator app, and the recovery code field shows the codes' shape", async () => {
    const user = await env.makeUser("Approver");
    const { context, page } = await open("phone");
    await enterPassword(page, user);
    await page.goto("/account/security");
    await page.getByRole("button", { name: "Set up authenticator app" }).click();
    const dialog = page.getByRole("dialog", { name: "Set up an authenticator app" });
    const link = dialog.getByRole("link", { name: "Open in my authenticator app" });
    await link.waitFor(WAIT);
    const secret = (await dialog.getByLabel("Secret key").innerText()).replace(/\s+/g, "");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(href!).searchParams.get("secret")).toBe(secret);
    await photograph(page, "phone-totp-setup-link");
    await dialog.getByLabel(/6-digit code/).fill(totpFor(secret).generate());
    await dialog.getByRole("button", { name: "Turn on" }).click();
    const codesDialog = page.getByRole("dialog", { name: "Save your recovery codes" });
    const codes = (await codesDialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts()).map((c) => c.trim());
    await codesDialog.getByRole("button", { name: "I have saved them" }).click();

    await signOut(page);
    await enterPassword(page, user);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    const field = page.getByLabel("Recovery code");
    const placeholder = await field.getAttribute("placeholder");
    expect(placeholder).toBe("XXXX-XXXX-XXXX-XXXX");
    // The placeholder has the shape of the codes the user was given.
    const shape = new RegExp(`^${placeholder!.replace(/X/g, "[A-Z2-9]")}$`);
    for (const code of codes) expect(code).toMatch(shape);
    await photograph(page, "phone-recovery-code-field");
    await context.close();
  });
});

describe("a role that requires a second factor", () => {
  it("leads its user to set one up, and nothing else opens until then", async () => {
    const admin = await env.makeUser("SuperAdmin");
    const adminApi = await signInApi(env.url, admin);
    await adminApi.put("/api/admin/security", { requireSecondFactor: ["HR Staff"] });
    const user = await env.makeUser("HR Staff");

    const { context, page } = await open("phone");
    await enterPassword(page, user);
    await page.waitForURL("**/account/security", WAIT);
    await page.getByRole("heading", { name: "Set up a second factor" }).waitFor(WAIT);
    await page.getByText("HR Staff accounts need a second factor").waitFor();
    await photograph(page, "phone-setup-required");
    // Another address leads back to the setup screen.
    await page.goto("/hr/employees");
    await page.waitForURL("**/account/security", WAIT);
    await page.getByRole("heading", { name: "Set up a second factor" }).waitFor(WAIT);
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);

    const first = await setUpAuthenticatorApp(page, "phone-setup");
    // Done: the app opens, with its menu.
    await page.getByRole("button", { name: "Open menu" }).waitFor(WAIT);
    await page.goto("/hr");
    await page.getByText("Total Employees").first().waitFor(WAIT);

    // New recovery codes replace the old ones, shown once, after a warning.
    await page.goto("/account/security");
    await page.getByText("10 codes left").waitFor(WAIT);
    await page.getByRole("button", { name: "Make new codes" }).click();
    const confirmNew = page.getByRole("dialog", { name: "Make new recovery codes" });
    await confirmNew.getByText("Your other signed-in devices will be signed out.").waitFor(WAIT);
    await confirmNew.getByRole("button", { name: "Make new codes" }).click();
    const codesDialog = page.getByRole("dialog", { name: "Save your recovery codes" });
    await codesDialog.waitFor(WAIT);
    const fresh = (await codesDialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts()).map((c) => c.trim());
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => first.codes.includes(c))).toEqual([]);
    await codesDialog.getByRole("button", { name: "I have saved them" }).click();
    await codesDialog.waitFor({ state: "hidden" });

    // The role requires a factor: the only one cannot be removed, and the page says why.
    await page.getByRole("button", { name: "Remove app" }).click();
    await page.getByRole("dialog", { name: "Remove authenticator app" }).getByRole("button", { name: "Remove app" }).click();
    await page.getByText("Authenticator app not removed").first().waitFor(WAIT);
    await page
      .getByText(/Your role requires a second factor/)
      .first()
      .waitFor();
    await photograph(page, "phone-last-factor-refused");
    await page.getByText("Second factor on").waitFor();
    await context.close();
    await adminApi.put("/api/admin/security", { requireSecondFactor: [] });
  });
});

describe("a rule that comes into force during a session", () => {
  it("turns the signed-in user's app into the setup screen at their next call, even with no socket to tell it", async () => {
    const admin = await env.makeUser("SuperAdmin");
    const adminApi = await signInApi(env.url, admin);
    const user = await env.makeUser("HR Admin");
    const { context, page } = await open("desktop");
    // The socket never reaches the server (a network that drops it): only the next call can tell the app.
    await context.routeWebSocket(/\/ws$/, () => {});
    await enterPassword(page, user);
    await page.getByText("Total Employees").first().waitFor(WAIT);

    await adminApi.put("/api/admin/security", { requireSecondFactor: ["HR Admin"] });
    // A move inside the app (no reload): its call answers 403, and the app asks the session again.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Employees" }).click();
    await page.getByRole("heading", { name: "Set up a second factor" }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe("/account/security");
    await adminApi.put("/api/admin/security", { requireSecondFactor: [] });
    await context.close();
  });
});

describe("a rule that comes into force while the app sits open", () => {
  it("turns it into the setup screen at once, without a click: the server closes the user's socket and the app asks the session again", async () => {
    const admin = await env.makeUser("SuperAdmin");
    const adminApi = await signInApi(env.url, admin);
    const user = await env.makeUser("HR Staff");
    const { context, page } = await open("phone");
    const socketAuthed = new Promise<void>((resolve) => {
      page.on("websocket", (ws) => {
        if (!new URL(ws.url()).pathname.endsWith("/ws")) return;
        ws.on("framesent", (frame) => {
          if (String(frame.payload).includes('"type":"auth"')) resolve();
        });
      });
    });
    await enterPassword(page, user);
    await page.getByRole("button", { name: "Open menu" }).waitFor(WAIT);
    await socketAuthed;

    try {
      expect(await adminApi.put("/api/admin/security", { requireSecondFactor: ["HR Staff"] })).toEqual({ requireSecondFactor: ["HR Staff"] });
      await page.getByRole("heading", { name: "Set up a second factor" }).waitFor(WAIT);
      expect(new URL(page.url()).pathname).toBe("/account/security");
      await photograph(page, "phone-rule-in-force");
    } finally {
      await adminApi.put("/api/admin/security", { requireSecondFactor: [] });
      await context.close();
    }
  });
});

describe("the SuperAdmin's screens", () => {
  it.each(["desktop", "phone"] as ViewportName[])(
    "on %s: the rule per role shows the server's 409, and Reset second factor takes a reason",
    async (viewport) => {
      const admin = await env.makeUser("SuperAdmin");
      const target = await env.makeUser("Approver");
      const { context, page } = await open(viewport);
      await enterPassword(page, admin);

      await page.goto("/admin/security");
      await page.getByText("Recommended").first().waitFor(WAIT);
      expect(await page.getByText("Recommended").count()).toBe(2);
      await page.getByRole("checkbox", { name: "SuperAdmin" }).check();
      await page.getByRole("button", { name: "Save rules" }).click();
      // The SuperAdmin has no factor yet: requiring it of their own role is refused, in the server's words.
      await page.getByRole("alert").waitFor(WAIT);
      expect(await page.getByRole("alert").innerText()).toMatch(/second factor|passkey|authenticator/i);
      await photograph(page, `${viewport}-admin-security-409`);
      await page.getByRole("checkbox", { name: "SuperAdmin" }).uncheck();
      await page.getByRole("checkbox", { name: "Approver" }).check();
      await page.getByRole("button", { name: "Save rules" }).click();
      await page.getByText("Second factor rules saved").first().waitFor(WAIT);
      await photograph(page, `${viewport}-admin-security-saved`);

      await page.goto("/users");
      await page.getByText(target.name).filter({ visible: true }).first().waitFor(WAIT);
      await page
        .getByRole("button", { name: `Reset second factor of ${target.name}` })
        .filter({ visible: true })
        .click();
      const dialog = page.getByRole("dialog", { name: "Reset second factor" });
      await dialog.getByRole("button", { name: "Reset second factor" }).click();
      await dialog.getByText("Say why, for the audit trail").waitFor();
      await dialog.getByLabel(/Reason/).fill("Lost phone, identity confirmed by a call");
      await photograph(page, `${viewport}-reset-second-factor`);
      await dialog.getByRole("button", { name: "Reset second factor" }).click();
      await page.getByText("Second factor reset").first().waitFor(WAIT);

      const adminApi = await signInApi(env.url, admin);
      await adminApi.put("/api/admin/security", { requireSecondFactor: [] });
      await context.close();
    },
  );
});
