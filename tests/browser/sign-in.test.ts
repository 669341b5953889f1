import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserTestEnv, type BrowserTestEnv, type ViewportName } from "./support";
import type { Role } from "../../shared/constants";

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

// Spec 000 §2 route table: where '/' lands for each role.
const HOMES: Record<Role, { heading: RegExp; sidebar: string | null }> = {
  Accountant: { heading: /^Dashboard$/, sidebar: "Finance System" },
  SuperAdmin: { heading: /^Dashboard$/, sidebar: "Finance System" },
  Approver: { heading: /^Hi\b/, sidebar: null },
  "HR Admin": { heading: /^HR Dashboard$/, sidebar: "HR System" },
  "HR Staff": { heading: /^HR Dashboard$/, sidebar: "HR System" },
  // DECISIONS §15: an Employee's home is My Month.
  Employee: { heading: /^My Month$/, sidebar: "My Workplace" },
};

describe.each(["desktop", "phone"] as ViewportName[])("sign-in on %s", (viewport) => {
  it.each(Object.keys(HOMES) as Role[])("%s lands on their home", async (role) => {
    const user = await env.makeUser(role);
    const { page, context } = await env.newPage(viewport);
    await env.signIn(page, user);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByRole("heading", { name: HOMES[role].heading }).filter({ visible: true }).first().waitFor();
    if (role === "Approver") {
      // The greeting is the page's heading; the frame adds no 'Dashboard' heading above it.
      expect(await page.getByText("Review pending approvals", { exact: true }).count()).toBe(1);
      expect(await page.getByRole("heading", { name: "Dashboard" }).count()).toBe(0);
    }
    const sidebarTitle = HOMES[role].sidebar;
    if (sidebarTitle) {
      // On a phone the sidebar is a drawer: the title is in the document once opened.
      if (viewport === "phone")
        await page
          .getByRole("button", { name: /open menu|menu/i })
          .first()
          .click();
      await page.getByText(sidebarTitle, { exact: true }).filter({ visible: true }).first().waitFor();
    } else {
      // Spec 000 §2: the Approver has no sidebar, and a top bar with Sign Out instead.
      expect(await page.getByRole("complementary", { name: "Sidebar" }).count()).toBe(0);
      await page
        .getByRole("button", { name: /sign out/i })
        .filter({ visible: true })
        .first()
        .waitFor();
    }
    await context.close();
  });
});

describe("the login screen", () => {
  it("shows the title, keeps Sign In disabled until both fields have text, and shows the alert on a wrong password", async () => {
    const user = await env.makeUser("Accountant");
    const { page, context } = await env.newPage("desktop");
    await page.goto("/");
    await page.getByRole("heading", { name: "Business Management System" }).waitFor();
    await page.getByText("Finance & HR Management Platform").waitFor();
    const signIn = page.getByRole("button", { name: "Sign In" });
    expect(await signIn.isDisabled()).toBe(true);
    await page.getByLabel("User ID").fill("   ");
    await page.getByLabel("Password").fill("x");
    expect(await signIn.isDisabled()).toBe(true);
    await page.getByLabel("User ID").fill(user.username);
    await page.getByLabel("Password").fill("");
    expect(await signIn.isDisabled()).toBe(true);
    await page.getByLabel("Password").fill("wrong-password");
    expect(await signIn.isDisabled()).toBe(false);
    await signIn.click();
    const alert = page.getByRole("alert").filter({ hasText: "Invalid username or password" });
    await alert.waitFor();
    expect(await alert.isVisible()).toBe(true);
    await context.close();
  });

  it("an unknown path shows the 'Page Not Found' card", async () => {
    const { page, context } = await env.newPage("phone");
    await page.goto("/no/such/page");
    await page.getByText("Page Not Found").waitFor();
    await context.close();
  });
});
