// Screens that say what really happened (DECISIONS §2 and §4): the timeline after a
// SuperAdmin's override, read by the owner; the reason the override asks for; Cancel Payment asking
// first and saying where the transaction goes; the Overdue filter and badge and the empty state of a
// filter that matched nothing; the approver's tab bar inside a 390 × 844 phone screen; an icon
// button's tooltip after its 700 ms delay; and "today" in the company's zone for a user in Dubai.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startBrowserTestEnv, VIEWPORTS, type BrowserTestEnv } from "./support";
import { signInApi, todayInAppZone, type ApiClient } from "./api-client";
import { categories, transactions } from "../../server/db/schema";
import { insertTransaction } from "../../server/test/transaction-fixtures";
import type { MadeUser } from "../../server/test/factories";

const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 250 };

let env: BrowserTestEnv;
let accountant: MadeUser;
let admin: MadeUser;
let approver: MadeUser;
let acc: ApiClient;
let officeId: string;

beforeAll(async () => {
  env = await startBrowserTestEnv();
  [accountant, admin, approver] = await Promise.all([env.makeUser("Accountant"), env.makeUser("SuperAdmin"), env.makeUser("Approver")]);
  acc = await signInApi(env.url, accountant);
  const [office] = await env.db.select({ id: categories.id }).from(categories).where(eq(categories.name, "Office Expenses"));
  officeId = office!.id;
});
afterAll(async () => {
  await env?.close();
});

async function draft(description: string, amount = "1000.00") {
  return acc.post<{ id: string; humanReadableId: string }>("/api/transactions", {
    formType: "B",
    categoryId: officeId,
    amount,
    transactionDate: todayInAppZone(),
    description,
  });
}

describe("the timeline after an override", () => {
  it("needs a reason, then shows the owner who changed what, and why", async () => {
    const t = await draft("Toner for the Pune office", "1000.00");
    const { page: adminPage } = await env.newPage("desktop");
    await env.signIn(adminPage, admin);
    await adminPage.goto(`/transactions?search=${t.humanReadableId}`);
    await adminPage.getByRole("button", { name: t.humanReadableId }).click();
    const details = adminPage.getByRole("dialog", { name: `Transaction ${t.humanReadableId}` });
    await details.getByRole("button", { name: "Admin Override" }).click();
    const override = adminPage.getByRole("dialog", { name: `Admin Override · ${t.humanReadableId}` });
    await override.getByLabel("Amount (₹)").fill("1250.50");
    await override.getByRole("button", { name: "Apply Override" }).click();
    // No reason: the form says so and nothing is sent.
    await override.getByText("Reason is required").waitFor(WAIT);
    const [unchanged] = await env.db.select({ amount: transactions.amount }).from(transactions).where(eq(transactions.id, t.id));
    expect(unchanged!.amount).toBe("1000.00");
    await override.getByLabel(/^Reason for override/).fill("Amount as on the vendor's invoice");
    await override.getByRole("button", { name: "Apply Override" }).click();
    await override.waitFor({ state: "detached", ...WAIT });
    await expect
      .poll(async () => (await env.db.select({ amount: transactions.amount }).from(transactions).where(eq(transactions.id, t.id)))[0]!.amount, POLL)
      .toBe("1250.50");

    // The owner opens it on a phone and reads the story, oldest first.
    const { page } = await env.newPage("phone");
    await env.signIn(page, accountant);
    await page.goto("/my-transactions");
    await page.getByRole("button", { name: new RegExp(t.humanReadableId) }).click();
    const mine = page.getByRole("dialog", { name: `Transaction ${t.humanReadableId}` });
    const timeline = mine.getByRole("list", { name: "Timeline, oldest first" });
    await timeline.waitFor(WAIT);
    const entries = timeline.locator(":scope > li");
    await expect.poll(() => entries.count(), POLL).toBe(2);
    expect(await entries.nth(0).getAttribute("data-kind")).toBe("created");
    const overridden = entries.nth(1);
    expect(await overridden.getAttribute("data-kind")).toBe("overridden");
    await overridden.getByText(`Overridden by ${admin.name}`, { exact: false }).waitFor(WAIT);
    await overridden.getByText("Amount: ₹1,000.00 → ₹1,250.50").waitFor(WAIT);
    await overridden.getByText("“Amount as on the vendor's invoice”").waitFor(WAIT);
    await overridden.scrollIntoViewIfNeeded();
  });
});

describe("Cancel Payment", () => {
  it("asks first, says where the transaction goes, and Keep Payment changes nothing", async () => {
    const t = await draft("Courier charges, November");
    const ap = await signInApi(env.url, approver);
    await acc.post(`/api/transactions/${t.id}/submit`);
    await ap.post(`/api/transactions/${t.id}/approve`);
    await acc.patch(`/api/transactions/${t.id}/payment`, { paymentMethod: "UPI", paymentReference: "UTR-55" });

    const { page } = await env.newPage("desktop");
    await env.signIn(page, accountant);
    await page.goto("/my-transactions");
    await page.getByRole("button", { name: new RegExp(t.humanReadableId) }).click();
    const details = page.getByRole("dialog", { name: `Transaction ${t.humanReadableId}` });
    await details.getByRole("button", { name: "Cancel Payment" }).click();
    const confirm = page.getByRole("dialog", { name: `Cancel the payment of ${t.humanReadableId}?` });
    await confirm.getByText(/goes back to Approved/).waitFor(WAIT);
    await confirm.getByRole("button", { name: "Keep Payment" }).click();
    await confirm.waitFor({ state: "detached", ...WAIT });
    const [kept] = await env.db
      .select({ status: transactions.status, paymentReference: transactions.paymentReference })
      .from(transactions)
      .where(eq(transactions.id, t.id));
    expect(kept).toEqual({ status: "Paid", paymentReference: "UTR-55" });

    await details.getByRole("button", { name: "Cancel Payment" }).click();
    await confirm.getByRole("button", { name: "Cancel Payment" }).click();
    await expect
      .poll(
        async () =>
          (await env.db.select({ status: transactions.status, ref: transactions.paymentReference }).from(transactions).where(eq(transactions.id, t.id)))[0],
        POLL,
      )
      .toEqual({ status: "Approved", ref: null });
    await details.locator('[data-kind="payment-cancelled"]').getByText("Paid → Approved").waitFor(WAIT);
  });
});

describe("the lists", () => {
  it("filter Overdue with a badge, and an empty result says nothing matched, not that nothing exists", async () => {
    const t = await draft("Annual maintenance contract, lifts");
    await env.db
      .update(transactions)
      .set({ status: "PaymentDue", approvalRound: 1, approvalsReceived: 1, paymentDueDate: todayInAppZone(-3) })
      .where(eq(transactions.id, t.id));
    const { page } = await env.newPage("desktop");
    await env.signIn(page, accountant);
    await page.goto("/my-transactions");
    await page.getByLabel("Filter by status").selectOption("overdue");
    const row = page.getByRole("button", { name: new RegExp(t.humanReadableId) });
    await row.waitFor(WAIT);
    await row.getByText("Overdue", { exact: true }).waitFor(WAIT);
    // Every status can be chosen.
    const values = await page
      .getByLabel("Filter by status")
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(values).toEqual(["", "Draft", "Pending", "Approved", "Rejected", "PaymentDue", "Paid", "Completed", "overdue"]);

    await page.getByLabel("Search transactions").fill("no such thing anywhere");
    await page.getByText("No transactions match").waitFor(WAIT);
    expect(await page.getByText("No transactions yet").count()).toBe(0);
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await page.getByRole("button", { name: new RegExp(t.humanReadableId) }).waitFor(WAIT);
  });
});

describe("the approver's phone", () => {
  it("shows every tab of the menu inside a 390 × 844 screen", async () => {
    const { page } = await env.newPage("phone");
    await env.signIn(page, approver);
    const nav = page.getByRole("navigation", { name: "Main" });
    const tabs = nav.getByRole("link");
    await expect.poll(() => tabs.count(), POLL).toBeGreaterThanOrEqual(3);
    const width = VIEWPORTS.phone.viewport.width;
    for (const tab of await tabs.all()) {
      const box = await tab.boundingBox();
      expect(box, (await tab.textContent()) ?? "").not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORTS.phone.viewport.height);
    }
    expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

describe("tooltips (spec 000 §9)", () => {
  it("an icon button's tooltip appears after 700 ms, not before", async () => {
    const t = await draft("Stationery with a quote attached");
    await acc.attach(t.id, "quote.txt", "Quote 4411");
    const { page } = await env.newPage("desktop");
    await env.signIn(page, accountant);
    await page.goto("/my-transactions");
    await page.getByRole("button", { name: new RegExp(t.humanReadableId) }).click();
    const download = page.getByRole("button", { name: "Download quote.txt" });
    await download.waitFor(WAIT);
    // Time is the page's fake clock from here: the delay is measured, not waited for.
    await page.clock.install();
    await download.hover();
    await page.clock.runFor(500);
    expect(await page.getByRole("tooltip").count()).toBe(0);
    await page.clock.runFor(400);
    await expect.poll(() => page.getByRole("tooltip").textContent(), POLL).toBe("Download quote.txt");
    // It describes its button and sits inside the window.
    const tip = page.getByRole("tooltip");
    expect(await download.getAttribute("aria-describedby")).toBe(await tip.getAttribute("id"));
    const box = (await tip.boundingBox())!;
    const view = page.viewportSize()!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(view.width);
    // Leaving closes it; coming back within the 300 ms skip delay shows it at once.
    await page.mouse.move(5, 5);
    await page.clock.runFor(50);
    expect(await tip.count()).toBe(0);
    await download.hover();
    await page.clock.runFor(10);
    await expect.poll(() => tip.count(), POLL).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => tip.count(), POLL).toBe(0);
  });
});

describe("the company's day (DECISIONS §2)", () => {
  it("is 'today' on the form for a user in Dubai at 23:00 there, 00:30 in Kolkata", async () => {
    const context = await env.browser.newContext({ ...VIEWPORTS.desktop, baseURL: env.url, timezoneId: "Asia/Dubai" });
    try {
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date("2026-11-24T19:00:00Z"));
      await env.signIn(page, accountant);
      expect(await page.evaluate(() => new Date().toString())).toContain("GMT+0400");
      await page.goto("/create-transaction");
      await expect.poll(() => page.getByLabel(/^Transaction Date/).inputValue(), POLL).toBe("2026-11-25");
    } finally {
      await context.close();
    }
  });
});

describe("the pending list", () => {
  it("leaves nothing out: the count is the whole queue and the rest is a page away", async () => {
    const rows = Array.from({ length: 205 }, (_, i) => ({
      createdBy: accountant.id,
      categoryId: officeId,
      status: "Pending" as const,
      description: `Queue item ${i + 1}`,
    }));
    for (let i = 0; i < rows.length; i += 41) await Promise.all(rows.slice(i, i + 41).map((r) => insertTransaction(env.db, r)));
    const pendingCount = async () => (await env.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.status, "Pending"))).length;
    const total = await pendingCount();
    expect(total).toBeGreaterThanOrEqual(205);
    const { page } = await env.newPage("desktop");
    await env.signIn(page, approver);
    await page.goto("/pending-approvals");
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await pager.getByText(`Showing 1–200 of ${total}`).waitFor(WAIT);
    await page.getByText("Total Pending").locator("..").getByText(String(total), { exact: true }).waitFor(WAIT);
    await pager.getByRole("button", { name: /Next/ }).click();
    await pager.getByText(`Showing 201–${total} of ${total}`).waitFor(WAIT);
    await expect.poll(async () => page.getByRole("button", { name: "View Details" }).count(), POLL).toBe(total - 200);
    // The approver's home lists the first page and says where the rest is.
    await page.goto("/");
    await page.getByText(`The 200 first of ${total} are shown here`).waitFor(WAIT);
    await page.getByRole("link", { name: "see them all in Pending Approvals" }).waitFor(WAIT);
  });
});
