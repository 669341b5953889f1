// The screens people live in every day: the HR menu lists every HR screen its role may
// open, on a desktop's sidebar and in a phone's drawer (DECISIONS §8); money keeps its paisa on
// every screen it appears (DECISIONS §2, `₹1,234.50`, never `₹1,234.5`); the bell says what it is;
// an accountant's phone has one create button, not two; and a signed-out page logs no failed
// request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv, type ViewportName } from "./support";
import { signInApi, todayInAppZone } from "./api-client";
import type { Role } from "../../shared/constants";

const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 250 };

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const HR_MENU = ["HR Dashboard", "Employees", "Attendance", "Leave", "Requests", "Import", "Reports", "Policies"];

/** The labels of the main menu as shown: the sidebar on a desktop, the drawer (opened) on a phone. */
async function menuLabels(page: Page, viewport: ViewportName): Promise<string[]> {
  if (viewport === "phone") {
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.waitFor(WAIT);
    return drawer.getByRole("navigation", { name: "Main" }).getByRole("link").allInnerTexts();
  }
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.waitFor(WAIT);
  return nav.getByRole("link").allInnerTexts();
}

describe("the HR menu (DECISIONS §8, 2026-11-27)", () => {
  it.each([
    ["HR Staff", "desktop"],
    ["HR Admin", "desktop"],
    ["HR Staff", "phone"],
    ["HR Admin", "phone"],
    ["SuperAdmin", "desktop"],
    ["SuperAdmin", "phone"],
  ] as [Role, ViewportName][])("%s on a %s lists every HR screen it may open, each leading to its screen", async (role, viewport) => {
    const user = await env.makeUser(role);
    const { page } = await env.newPage(viewport);
    await env.signIn(page, user);
    const labels = (await menuLabels(page, viewport)).map((l) => l.trim());
    const hr = labels.slice(labels.indexOf("HR Dashboard"));
    expect(hr).toEqual(HR_MENU);
    if (role !== "SuperAdmin") expect(labels).toEqual(HR_MENU);

    // Attendance, the item a clerk could not find, opens its screen (the drawer closes on a phone).
    const scope = viewport === "phone" ? page.getByRole("dialog", { name: "Menu" }) : page.getByRole("navigation", { name: "Main" });
    await scope.getByRole("link", { name: "Attendance" }).click();
    await page.waitForURL(/\/hr\/attendance$/, WAIT);
    await page.getByRole("region", { name: "Summary" }).waitFor(WAIT);
    if (viewport === "phone") await page.getByRole("dialog", { name: "Menu" }).waitFor({ state: "detached", ...WAIT });
  });
});

describe("money keeps its paisa (DECISIONS §2)", () => {
  it("a transaction of 1234.5 shows ₹1,234.50 on the submitted card, the lists, the details and the timeline", async () => {
    const accountant = await env.makeUser("Accountant");
    const admin = await env.makeUser("SuperAdmin");
    const description = `Stationery ${Date.now()}`;
    const { page } = await env.newPage("desktop");
    await env.signIn(page, accountant);

    await page.goto("/create-transaction");
    await page.getByRole("radio", { name: /B - Bill/ }).check();
    await page.getByLabel(/^Category/).selectOption({ label: "Office Expenses (Built-in)" });
    await page.getByLabel(/^Amount/).fill("1234.5");
    await page.getByLabel(/^Transaction Date/).fill(todayInAppZone());
    await page.getByLabel(/^Description \/ Purpose/).fill(description);
    await page.getByRole("button", { name: "Submit for Approval" }).click();
    await page.getByRole("heading", { name: "Transaction Submitted" }).waitFor(WAIT);
    const submitted = page
      .getByRole("status")
      .filter({ hasText: /TXN-\d{6}/ })
      .first();
    expect(await submitted.textContent()).toContain("for ₹1,234.50 has been");
    const hrid = /TXN-\d{6}/.exec((await submitted.textContent()) ?? "")![0];

    // My Transactions (cards) and the details dialog.
    await page.goto("/my-transactions");
    const card = page.getByRole("button", { name: new RegExp(hrid) });
    await card.waitFor(WAIT);
    expect(await card.textContent()).toContain("₹1,234.50");
    await card.click();
    const details = page.getByRole("dialog", { name: `Transaction ${hrid}` });
    await details.getByText("₹1,234.50", { exact: true }).waitFor(WAIT);

    // All Transactions (table), as the SuperAdmin, who then overrides the amount.
    const { page: adminPage } = await env.newPage("desktop");
    await env.signIn(adminPage, admin);
    await adminPage.goto(`/transactions?search=${hrid}`);
    const row = adminPage.locator("tr", { hasText: hrid });
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain("₹1,234.50");
    const adminApi = await signInApi(env.url, admin);
    const list = await adminApi.get<{ transactions: { id: string; humanReadableId: string }[] }>(`/api/transactions?search=${hrid}`);
    const id = list.transactions.find((t) => t.humanReadableId === hrid)!.id;
    await adminApi.put(`/api/admin/transactions/${id}/full-override`, { amount: "1300", reason: "Invoice total with courier" });

    // The owner's timeline names both amounts with two decimals.
    await page.reload();
    await page.getByRole("button", { name: new RegExp(hrid) }).click();
    const timeline = page.getByRole("dialog", { name: `Transaction ${hrid}` }).getByRole("list", { name: "Timeline, oldest first" });
    await timeline.getByText("Amount: ₹1,234.50 → ₹1,300.00").waitFor(WAIT);
  });
});

describe("small things", () => {
  it("the bell has a title; an accountant's phone shows one create button on the dashboard", async () => {
    const accountant = await env.makeUser("Accountant");
    const { page } = await env.newPage("phone");
    await env.signIn(page, accountant);
    await page.goto("/");
    const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute("title"), POLL).toBe("Notifications");
    // Header '+' and the floating button both led to /create-transaction; a phone keeps the header's.
    await page.getByRole("heading", { name: "Recent Transactions" }).waitFor(WAIT);
    const visibleCreateLinks = await page
      .locator('a[href="/create-transaction"]')
      .evaluateAll((links) => links.filter((l) => l.getClientRects().length > 0).length);
    expect(visibleCreateLinks).toBe(1);

    // On a desktop both stay (spec 000: the header's New Transaction and the floating button).
    const { page: desk } = await env.newPage("desktop");
    await env.signIn(desk, accountant);
    await desk.getByRole("heading", { name: "Recent Transactions" }).waitFor(WAIT);
    await desk.getByRole("link", { name: "Create Transaction" }).last().waitFor(WAIT);
    const desktopLinks = await desk.locator('a[href="/create-transaction"]').evaluateAll((links) => links.filter((l) => l.getClientRects().length > 0).length);
    expect(desktopLinks).toBeGreaterThanOrEqual(2);
  });

  it("the sign-in page logs no console error (no failed request for the session probe)", async () => {
    const { page } = await env.newPage("desktop");
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("/");
    await page.getByLabel("User ID").waitFor(WAIT);
    await page.goto("/hr/attendance");
    await page.getByLabel("User ID").waitFor(WAIT);
    expect(errors).toEqual([]);
  });
});
