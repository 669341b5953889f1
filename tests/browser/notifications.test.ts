// The header bell, the Pending Approvals badge and live notifications (spec 000 §2 'Header' and
// 'Sidebar', §8 real-time toasts, §9 limits; DECISIONS §4 'every move notifies', §6).
//
// Notifications are made the way the product makes them: an Accountant submits transactions
// (every active Approver and SuperAdmin hears of each), an Approver approves one of a SuperAdmin's
// (the creator hears of it). Nothing is inserted behind the app's back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { notifications } from "../../server/db/schema";
import type { MadeUser } from "../../server/test/factories";

const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 250 };

let env: BrowserTestEnv;
let accountant: MadeUser;
let accountantPage: Page;

beforeAll(async () => {
  env = await startBrowserTestEnv();
  accountant = await env.makeUser("Accountant");
  accountantPage = (await env.newPage("desktop")).page;
  await env.signIn(accountantPage, accountant);
});
afterAll(async () => {
  await env?.close();
});

type Seeded = { id: string; humanReadableId: string };

/** Creates and submits an Office Expenses transaction through the API, as the user of `page`. */
async function submitViaApi(page: Page, description: string, isPriority = false): Promise<Seeded> {
  return page.evaluate(
    async ({ description, isPriority, date }) => {
      const headers = { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" };
      const list = await (await fetch("/api/categories")).json();
      const cats: { id: string; name: string }[] = Array.isArray(list) ? list : list.categories;
      const category = cats.find((c) => c.name === "Office Expenses");
      if (!category) throw new Error("no Office Expenses category");
      const res = await fetch("/api/transactions", {
        method: "POST",
        headers,
        body: JSON.stringify({ formType: "B", categoryId: category.id, amount: "1250", transactionDate: date, description, isPriority }),
      });
      if (!res.ok) throw new Error(`create: ${res.status} ${await res.text()}`);
      const created = await res.json();
      const submit = await fetch(`/api/transactions/${created.id}/submit`, { method: "POST", headers, body: "{}" });
      if (!submit.ok) throw new Error(`submit: ${submit.status} ${await submit.text()}`);
      return { id: created.id as string, humanReadableId: created.humanReadableId as string };
    },
    { description, isPriority, date: new Date().toISOString().slice(0, 10) },
  );
}

async function approveViaApi(page: Page, transactionId: string): Promise<void> {
  const status = await page.evaluate(async (id) => {
    const res = await fetch(`/api/transactions/${id}/approve`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: "{}",
    });
    return res.status;
  }, transactionId);
  expect(status).toBe(200);
}

/** Resolves once the page's /ws socket sends (or receives) a frame holding `text`. Call before signing in. */
function socketFrame(page: Page, direction: "framesent" | "framereceived", text: string): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (ws) => {
      if (!new URL(ws.url()).pathname.endsWith("/ws")) return;
      const onFrame = (frame: { payload: string | Buffer }) => {
        if (String(frame.payload).includes(text)) resolve();
      };
      if (direction === "framesent") ws.on("framesent", onFrame);
      else ws.on("framereceived", onFrame);
    });
  });
}

/** The socket sent its {type:'auth'} message (the server then delivers to it). */
const socketAuthed = (page: Page) => socketFrame(page, "framesent", '"type":"auth"');
/** The socket follows the pending feed (its pending-ready arrived). */
const feedReady = (page: Page) => socketFrame(page, "framereceived", '"type":"pending-ready"');

async function unreadRows(userId: string, type?: string) {
  const rows = await env.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return type ? rows.filter((r) => r.type === type) : rows;
}

/** The header bell's trigger: its accessible name carries the unread count. */
const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
/** What a screen reader hears for the bell: 'Notifications' or 'Notifications, N unread'. */
const bellLabel = async (page: Page) => ((await bell(page).locator(".sr-only").textContent()) ?? "").trim();
/** The red number on the bell ('' when there is none). */
async function bellBadge(page: Page): Promise<string> {
  const badge = bell(page).locator("span[aria-hidden='true']");
  return (await badge.count()) ? ((await badge.textContent()) ?? "").trim() : "";
}
/** The visible Pending Approvals menu item (the Approver's top bar or the sidebar). */
const pendingLink = (page: Page) =>
  page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Pending Approvals/ })
    .filter({ visible: true });
async function pendingBadge(page: Page): Promise<string> {
  const badge = pendingLink(page).locator("span[aria-hidden='true']").filter({ hasText: /\S/ });
  return (await badge.count()) ? ((await badge.textContent()) ?? "").trim() : "";
}
/** The toast region (F8, label 'Notification'). */
const toasts = (page: Page) => page.getByRole("region", { name: /^Notification/ });

async function openBell(page: Page): Promise<Locator> {
  await bell(page).click();
  const menu = page.getByRole("menu");
  await menu.waitFor(WAIT);
  return menu;
}

describe("header notifications", () => {
  it("the bell's menu loads when reached for, and opens from the keyboard as from the mouse", async () => {
    const approver = await env.makeUser("Approver");
    const { page } = await env.newPage("desktop");
    const menuCode: string[] = [];
    page.on("request", (r) => /NotificationsMenu|dropdown-menu/.test(r.url()) && menuCode.push(r.url()));
    await env.signIn(page, approver);
    await bell(page).waitFor(WAIT);
    await page.waitForLoadState("networkidle");
    // Nothing of the menu is fetched with the screen (the route's weight).
    expect(menuCode).toEqual([]);
    await bell(page).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor(WAIT);
    expect(menuCode.length).toBeGreaterThan(0);
    // The opened menu holds the focus, and Escape closes it back onto the bell.
    await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement)), POLL).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count(), POLL).toBe(0);
    await expect.poll(() => bell(page).evaluate((b) => b === document.activeElement), POLL).toBe(true);
  });

  it("the bell: more than 9 unread reads '9+', the dropdown shows the 10 newest with the alarm marker on priority ones, and Clear All empties it", async () => {
    const approver = await env.makeUser("Approver");
    const stamp = Date.now();
    const priorityAt = new Set([3, 7, 10]);
    const seeded: Seeded[] = [];
    for (let i = 0; i < 11; i++) seeded.push(await submitViaApi(accountantPage, `Stationery batch ${i + 1} ${stamp}`, priorityAt.has(i)));

    // The server stored one unread transaction_pending notification per submission for the approver.
    const stored = await unreadRows(approver.id, "transaction_pending");
    expect(stored).toHaveLength(11);
    expect(
      stored
        .filter((n) => n.isPriority)
        .map((n) => n.humanReadableId)
        .sort(),
    ).toEqual([...priorityAt].map((i) => seeded[i].humanReadableId).sort());

    const { page } = await env.newPage("desktop");
    await env.signIn(page, approver);
    await expect.poll(() => bellLabel(page), POLL).toBe("Notifications, 11 unread");
    expect(await bellBadge(page)).toBe("9+");
    // The Approver's top bar: the Pending Approvals badge counts the unread transaction_pending ones.
    await expect.poll(() => pendingLink(page).textContent(), POLL).toContain("11 unread");
    expect(await pendingBadge(page)).toBe("9+");

    // The dropdown: the 10 newest, newest first, each with its id and category; priority ones with the alarm marker.
    const menu = await openBell(page);
    const items = menu.getByRole("menuitem").filter({ hasNotText: /^(Clear All|Notification settings)$/ });
    await expect.poll(() => items.count(), POLL).toBe(10);
    const newestFirst = seeded.slice(1).reverse();
    for (let k = 0; k < 10; k++) {
      const item = items.nth(k);
      const txn = newestFirst[k];
      await item.getByText(`${txn.humanReadableId} · Office Expenses`, { exact: true }).waitFor();
      expect(await item.textContent()).toContain("is waiting for your approval");
      const index = seeded.indexOf(txn);
      expect(await item.getByRole("img", { name: "Priority" }).count(), `item ${k} (${txn.humanReadableId})`).toBe(priorityAt.has(index) ? 1 : 0);
    }
    // The oldest of the 11 is not among them.
    expect(await menu.getByText(seeded[0].humanReadableId).count()).toBe(0);
    expect(await menu.getByRole("img", { name: "Priority" }).count()).toBe(3);

    // Clear All: the server forgets them and the bell is empty.
    await menu.getByRole("menuitem", { name: "Clear All" }).click();
    await expect.poll(async () => (await env.db.select().from(notifications).where(eq(notifications.userId, approver.id))).length, POLL).toBe(0);
    await expect.poll(() => bellLabel(page), POLL).toBe("Notifications");
    expect(await bellBadge(page)).toBe("");
    await expect.poll(() => pendingBadge(page), POLL).toBe("");
    const emptied = await openBell(page);
    await emptied.getByText("No new notifications", { exact: true }).waitFor();
    expect(await emptied.getByRole("menuitem").allTextContents()).toEqual(["Notification settings"]);
    await page.keyboard.press("Escape");

    // Still empty after a reload: the server's list.
    await page.reload();
    await pendingLink(page).waitFor(WAIT);
    const reloaded = await openBell(page);
    await reloaded.getByText("No new notifications", { exact: true }).waitFor();
  });

  it("live: a submission while the pages are open raises 'New Notification' or 'Priority Transaction' and moves the Pending Approvals badges without a reload", async () => {
    // Created now: neither has heard of the first test's transactions.
    const approver = await env.makeUser("Approver");
    const admin = await env.makeUser("SuperAdmin");
    const stamp = Date.now();
    const first = await submitViaApi(accountantPage, `Printer paper ${stamp}`);

    const ap = (await env.newPage("phone")).page;
    const sa = (await env.newPage("desktop")).page;
    const apSocket = socketAuthed(ap);
    const saSocket = socketAuthed(sa);
    const apFeed = feedReady(ap);
    await env.signIn(ap, approver);
    await env.signIn(sa, admin);
    await Promise.all([apSocket, saSocket, apFeed]);
    // The Approver's home lists what waits for them, kept from here on by the socket's pending feed.
    await ap.getByText(first.humanReadableId, { exact: true }).first().waitFor(WAIT);
    const pendingFetches: string[] = [];
    ap.on("request", (r) => new URL(r.url()).pathname === "/api/transactions/pending" && pendingFetches.push(r.url()));

    // What the pages load: one unread pending notification each.
    await expect.poll(() => pendingBadge(ap), POLL).toBe("1");
    await expect.poll(() => pendingBadge(sa), POLL).toBe("1");
    await expect.poll(() => bellLabel(ap), POLL).toBe("Notifications, 1 unread");
    // No reload from here on: this mark would be gone.
    for (const p of [ap, sa]) await p.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    // A regular submission: 'New Notification', and both badges count 2.
    const second = await submitViaApi(accountantPage, `Toner cartridges ${stamp}`);
    const apToast = toasts(ap);
    await apToast.getByText("New Notification", { exact: true }).waitFor(WAIT);
    await apToast.getByText(new RegExp(`^${second.humanReadableId} \\(Office Expenses, .+\\) from ${accountant.name} is waiting for your approval$`)).waitFor();
    await toasts(sa).getByText("New Notification", { exact: true }).waitFor(WAIT);
    await expect.poll(() => pendingBadge(ap), POLL).toBe("2");
    await expect.poll(() => pendingBadge(sa), POLL).toBe("2");
    await expect.poll(() => bellLabel(ap), POLL).toBe("Notifications, 2 unread");
    // The new row is on the Approver's home at once, put there from the socket's message: the list was not fetched again (DECISIONS §9).
    await ap.getByText(second.humanReadableId, { exact: true }).first().waitFor(WAIT);
    expect(pendingFetches).toEqual([]);

    // A priority submission: 'Priority Transaction', badges 3, and it tops the bell with the alarm marker.
    const third = await submitViaApi(accountantPage, `Urgent server rack fan ${stamp}`, true);
    await apToast.getByText("Priority Transaction", { exact: true }).waitFor(WAIT);
    await apToast.getByText(new RegExp(`^Emergency: ${third.humanReadableId} `)).waitFor();
    expect(await apToast.getByText("New Notification", { exact: true }).count()).toBe(0);
    await toasts(sa).getByText("Priority Transaction", { exact: true }).waitFor(WAIT);
    await expect.poll(() => pendingBadge(ap), POLL).toBe("3");
    await expect.poll(() => pendingBadge(sa), POLL).toBe("3");
    const menu = await openBell(ap);
    const top = menu.getByRole("menuitem").first();
    await top.getByText(`${third.humanReadableId} · Office Expenses`, { exact: true }).waitFor();
    expect(await top.getByRole("img", { name: "Priority" }).count()).toBe(1);
    expect(await menu.getByRole("img", { name: "Priority" }).count()).toBe(1);
    await menu.getByText(`${first.humanReadableId} · Office Expenses`, { exact: true }).waitFor();
    await ap.keyboard.press("Escape");

    // The SuperAdmin's own transaction approved by the Approver: a user_notification for the
    // SuperAdmin. It counts on the bell, not on the Pending Approvals badge.
    const own = await submitViaApi(sa, `Conference room booking ${stamp}`);
    await approveViaApi(ap, own.id);
    await toasts(sa).getByText("New Notification", { exact: true }).waitFor(WAIT);
    await expect.poll(() => bellLabel(sa), POLL).toBe("Notifications, 4 unread");
    expect(await pendingBadge(sa)).toBe("3");
    expect(await unreadRows(admin.id, "transaction_pending")).toHaveLength(3);
    expect(await unreadRows(admin.id, "user_notification")).toHaveLength(1);

    for (const p of [ap, sa]) expect(await p.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });
});
