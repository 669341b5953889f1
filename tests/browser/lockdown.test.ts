import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { TEST_PASSWORD } from "../../server/test/factories";

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

describe("emergency lockdown", () => {
  it("ends an accountant's session live, refuses their calls and sign-ins, and restores access", async () => {
    const accountant = await env.makeUser("Accountant");
    const admin = await env.makeUser("SuperAdmin");
    const a = await env.newPage("desktop");
    const s = await env.newPage("phone");
    await env.signIn(a.page, accountant);
    await env.signIn(s.page, admin);

    // The SuperAdmin activates the lockdown on the control page, with its two-step confirm.
    await s.page.goto("/admin/emergency");
    await s.page.getByRole("button", { name: "Activate Emergency Lockdown" }).click();
    await s.page.getByRole("button", { name: "Confirm Lockdown" }).click();
    await s.page.getByText("Emergency Lockdown Active").first().waitFor();

    // The accountant's open page shows the lockdown screen without reloading.
    await a.page.getByText("Emergency System Lockdown").waitFor();
    await a.page.getByText("Access Restricted").waitFor();
    // Their session really was ended, and the screen says so.
    await a.page.getByText("Your session has been terminated for security").waitFor();

    // Their next API call is refused, and signing in again gets the lockdown answer.
    const me = await a.page.evaluate(async () => (await fetch("/api/auth/me")).status);
    expect(me).toBe(401);
    const fresh = await env.newPage("desktop");
    await fresh.page.goto("/");
    await fresh.page.getByLabel("User ID").fill(accountant.username);
    await fresh.page.getByLabel("Password").fill(TEST_PASSWORD);
    await fresh.page.getByRole("button", { name: "Sign In" }).click();
    await fresh.page.getByText("Emergency System Lockdown").waitFor();
    // Someone who was only signing in had no session to end: sign-in is paused, nothing was terminated.
    await fresh.page.getByText("Sign-in is paused while the system is in lockdown").waitFor();
    await fresh.page.getByText("System is in emergency lockdown mode").waitFor();
    expect(await fresh.page.getByText(/terminated/i).count()).toBe(0);

    // The SuperAdmin keeps working and restores access.
    await s.page.getByRole("button", { name: "Restore System Access" }).click();
    await s.page.getByRole("button", { name: "Confirm Restore" }).click();
    await s.page.getByText("System Normal").first().waitFor();

    const again = await env.newPage("desktop");
    await env.signIn(again.page, accountant);
    const meAfter = await again.page.evaluate(async () => (await fetch("/api/auth/me")).status);
    expect(meAfter).toBe(200);
  });
});
