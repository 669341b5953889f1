// Exporting paid transactions to the books (DECISIONS §12) from /accounting/exports on a
// phone and on a desktop — the batch appears with its count and total, downloads, a SuperAdmin
// voids it with a reason and the same transactions export again; the Accountant sees no Void; the
// ledgers page renames a ledger. Screenshots go to books-exports-shots in the system's temporary directory, for review.
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTransaction } from "../../server/test/transaction-fixtures";
import { categories } from "../../server/db/schema";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";

const SHOTS = path.join(os.tmpdir(), "books-exports-shots");
let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await env?.close();
});

const LONG = { timeout: 20_000 };
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(Date.now());

async function paidToday(createdBy: string, amount: string, description: string) {
  const [office] = await env.db
    .select()
    .from(categories)
    .where(sql`${categories.name} = 'Office Expenses'`);
  return insertTransaction(env.db, {
    createdBy,
    categoryId: office!.id,
    status: "Paid",
    formType: "B",
    amount,
    paidDate: today(),
    paymentMethod: "Bank Transfer",
    paidBy: createdBy,
    description,
  });
}

describe("export to books", () => {
  it("on a phone a SuperAdmin exports, downloads, voids with a reason and exports again", async () => {
    const admin = await env.makeUser("SuperAdmin");
    await paidToday(admin.id, "11800.00", "Printer toner for the Surat office");
    await paidToday(admin.id, "450.50", "Tea and snacks for the audit team");
    const { page } = await env.newPage("phone");
    await env.signIn(page, admin);
    await page.goto("/accounting/exports");
    await page.getByText("Nothing exported yet").waitFor(LONG);
    await page.screenshot({ path: `${SHOTS}/exports-empty-phone.png`, fullPage: true });

    await page.getByLabel("Format").selectOption("tally");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const card = page
      .locator("li")
      .filter({ hasText: /Batch \d+/ })
      .first();
    await card.waitFor(LONG);
    await expect.poll(() => card.textContent()).toContain("₹12,250.50");
    expect(await card.textContent()).toContain("2 transactions");
    const href = await card.getByRole("link", { name: /^Download batch/ }).getAttribute("href");
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain("<TALLYREQUEST>Import Data</TALLYREQUEST>");
    await page.screenshot({ path: `${SHOTS}/exports-batch-phone.png`, fullPage: true });

    // Nothing left to take: the form says so.
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await page.getByText(/^Nothing to export/).waitFor(LONG);

    await card.getByRole("button", { name: /^Void batch/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Void Batch" }).click();
    await dialog.getByText("Give a reason of at least 3 characters").waitFor();
    await dialog.getByLabel("Reason").fill("Exported before the ledgers were renamed");
    await page.screenshot({ path: `${SHOTS}/exports-void-phone.png` });
    await dialog.getByRole("button", { name: "Void Batch" }).click();
    await card.getByText("Void", { exact: true }).waitFor(LONG);
    await card.getByText(/Exported before the ledgers were renamed/).waitFor();

    await page.getByLabel("Format").selectOption("csv");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await expect
      .poll(
        () =>
          page
            .locator("li")
            .filter({ hasText: /Batch \d+/ })
            .count(),
        LONG,
      )
      .toBe(2);
    await page.screenshot({ path: `${SHOTS}/exports-reexported-phone.png`, fullPage: true });
  });

  it("on a desktop an Accountant exports and may not void; the ledgers page renames a ledger", async () => {
    const accountant = await env.makeUser("Accountant");
    await paidToday(accountant.id, "2360.00", "Courier charges");
    const { page } = await env.newPage("desktop");
    await env.signIn(page, accountant);
    await page.getByRole("link", { name: "Export to Books" }).first().click();
    await page.getByText("New export").waitFor(LONG);
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const table = page.getByRole("region", { name: "Export batches" });
    const row = table.locator("tr").filter({ hasText: "₹2,360.00" });
    await row.waitFor(LONG);
    expect(await row.getByRole("button", { name: /^Void/ }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/exports-desktop.png`, fullPage: true });

    const admin = await env.makeUser("SuperAdmin");
    const s = await env.newPage("desktop");
    await env.signIn(s.page, admin);
    await s.page.goto("/admin/accounting");
    const roundOff = s.page.getByLabel("Ledger for Round off");
    await roundOff.waitFor(LONG);
    expect(await roundOff.inputValue()).toBe("Round Off");
    await roundOff.fill("Rounding Off A/c");
    await s.page.getByText("Unsaved changes").waitFor();
    await s.page.getByRole("button", { name: "Save Ledgers" }).click();
    await s.page.getByText("All ledgers saved").waitFor(LONG);
    await s.page.screenshot({ path: `${SHOTS}/ledgers-desktop.png`, fullPage: true });
    const answer = await s.page.request.get("/api/admin/ledgers");
    expect((await answer.json()).roundOff).toBe("Rounding Off A/c");
    const phone = await env.newPage("phone");
    await env.signIn(phone.page, admin);
    await phone.page.goto("/admin/accounting");
    await phone.page.getByLabel("Ledger for Round off").waitFor(LONG);
    await phone.page.screenshot({ path: `${SHOTS}/ledgers-phone.png`, fullPage: true });
  });
});
