// An Approver reviews and approves a pending transaction on Pending Approvals with the keyboard
// alone (Tab, Shift+Tab, Enter, Space; no mouse): open View Details, read it, close the dialog,
// land back on View Details, move to Approve and press it. The database then has it Approved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { approvals, transactions } from "../../server/db/schema";

const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 250 };

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses `key` until `target` has the focus (at most `max` presses); fails otherwise. */
async function pressUntilFocused(page: Page, target: Locator, key: "Tab" | "Shift+Tab", max = 80): Promise<number> {
  await target.waitFor(WAIT);
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return i;
  }
  const where = await page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 60)}` : "nothing";
  });
  throw new Error(`${key} never reached the target within ${max} presses; the focus is on ${where}`);
}

describe("approving with the keyboard alone", () => {
  it("an Approver opens the details, closes them, and approves from the Pending Approvals card with Tab, Shift+Tab, Enter and Space", async () => {
    const accountant = await env.makeUser("Accountant");
    const approver = await env.makeUser("Approver");
    const description = `Printer toner ${Date.now()}`;

    // Seed: the Accountant creates and submits a transaction through the API (one approval needed).
    const acc = (await env.newPage("desktop")).page;
    await env.signIn(acc, accountant);
    const seeded = await acc.evaluate(
      async ({ description, date }) => {
        const headers = { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" };
        const list = await (await fetch("/api/categories")).json();
        const cats: { id: string; name: string }[] = Array.isArray(list) ? list : list.categories;
        const category = cats.find((c) => c.name === "Office Expenses");
        if (!category) throw new Error("no Office Expenses category");
        const res = await fetch("/api/transactions", {
          method: "POST",
          headers,
          body: JSON.stringify({ formType: "B", categoryId: category.id, amount: "1250.75", transactionDate: date, description }),
        });
        if (!res.ok) throw new Error(`create: ${res.status} ${await res.text()}`);
        const created = await res.json();
        const submit = await fetch(`/api/transactions/${created.id}/submit`, { method: "POST", headers, body: "{}" });
        if (!submit.ok) throw new Error(`submit: ${submit.status} ${await submit.text()}`);
        return { id: created.id as string, humanReadableId: created.humanReadableId as string };
      },
      { description, date: new Date().toISOString().slice(0, 10) },
    );
    const [pending] = await env.db.select().from(transactions).where(eq(transactions.id, seeded.id));
    expect(pending).toMatchObject({ status: "Pending", approvalsRequired: 1, approvalsReceived: 0 });

    // The Approver, on Pending Approvals.
    const page = (await env.newPage("desktop")).page;
    await env.signIn(page, approver);
    await page.goto("/pending-approvals");
    const card = page.getByRole("article", { name: seeded.humanReadableId });
    await card.waitFor(WAIT);
    await card.getByText(description).waitFor();
    const viewDetails = card.getByRole("button", { name: "View Details" });
    const approve = card.getByRole("button", { name: "Approve", exact: true });
    const reject = card.getByRole("button", { name: "Reject", exact: true });

    // Review: Tab to View Details, open it with Enter.
    await pressUntilFocused(page, viewDetails, "Tab");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Transaction ${seeded.humanReadableId}` });
    await dialog.waitFor(WAIT);
    await dialog.getByText(description).waitFor(WAIT);
    await dialog.getByText("Office Expenses").first().waitFor();
    await dialog.getByText("Form B (Bill)").waitFor();
    await dialog.getByText("0/1 approvals").waitFor();
    // The dialog keeps the focus inside; Shift+Tab reaches its Close button, Enter closes it.
    const close = dialog.getByRole("button", { name: "Close" });
    await pressUntilFocused(page, close, "Shift+Tab", 40);
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached", ...WAIT });
    // The focus goes back to where it was: View Details of the same card.
    await expect.poll(() => isFocused(viewDetails), POLL).toBe(true);

    // Approve: Tab past Reject to Approve, Shift+Tab back onto Reject and Tab again, then Space.
    await pressUntilFocused(page, approve, "Tab", 10);
    await page.keyboard.press("Shift+Tab");
    expect(await isFocused(reject)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await isFocused(approve)).toBe(true);
    await page.keyboard.press("Space");

    await page.getByText("Transaction Approved").first().waitFor(WAIT);
    // Approved with its one approval: it leaves the list.
    await card.waitFor({ state: "detached", ...WAIT });
    await page.getByText("All Caught Up!").waitFor(WAIT);
    // Nothing was rejected on the way.
    expect(await page.getByText("Reason for rejection (optional)").count()).toBe(0);

    const [row] = await env.db.select().from(transactions).where(eq(transactions.id, seeded.id));
    expect(row).toMatchObject({ status: "Approved", approvalsReceived: 1, previouslyRejected: false });
    const acts = await env.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.transactionId, seeded.id), eq(approvals.approverId, approver.id)));
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ action: "approved", round: 1 });
  });
});
