// Parties (DECISIONS §12): an Accountant names a vendor that does not exist yet from the transaction
// form, creating it in the picker's dialog with a GSTIN checked as typed, and sees the vendor's name
// on the saved transaction in My Transactions; on a desktop and on a phone. A SuperAdmin names and
// clears a transaction's party in the Admin Override with the same picker. Screens are saved for review.
import crypto from "node:crypto";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, parties, transactions } from "../../server/db/schema";
import { uniqueGstin } from "../../server/test/factories";
import { insertTransaction } from "../../server/test/transaction-fixtures";
import { startBrowserTestEnv, type BrowserTestEnv, type ViewportName } from "./support";

const VIEWPORT_NAMES: ViewportName[] = ["desktop", "phone"];

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const SHOTS = process.env.SHOTS_DIR;
async function shot(page: import("playwright-core").Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe("a party created from the transaction form", () => {
  for (const viewport of VIEWPORT_NAMES) {
    it(`is created inline, named on the transaction and shown in the list (${viewport})`, async () => {
      const accountant = await env.makeUser("Accountant");
      const { page } = await env.newPage(viewport);
      await env.signIn(page, accountant);
      await page.goto("/create-transaction");
      await page.getByText("B - Bill").click();
      await page.getByLabel(/^Category/).selectOption({ label: "Vendor Payment (Built-in)" });
      await page.getByLabel(/^Amount/).fill("23600");
      const description = `Generator service ${crypto.randomBytes(3).toString("hex")}`;
      await page.getByLabel(/^Description/).fill(description);

      const vendor = `Shakti Power ${viewport} ${crypto.randomBytes(2).toString("hex")}`;
      const picker = page.getByRole("combobox", { name: "Vendor" });
      await picker.fill(vendor);
      await page.getByRole("option", { name: `Create “${vendor}”` }).click();
      const dialog = page.getByRole("dialog", { name: "New Party" });
      await dialog.waitFor();
      expect(await dialog.getByLabel(/^Party Name/).inputValue()).toBe(vendor);
      // A wrong check character is refused as typed, with the server's words.
      await dialog.getByLabel("GSTIN").fill("27AAPFU0939F1ZW");
      await dialog.getByText("GSTIN check character does not match").waitFor();
      // Each viewport's party has a GSTIN of its own: two parties may not share one.
      const { gstin, pan } = uniqueGstin("27");
      await dialog.getByLabel("GSTIN").fill(gstin.toLowerCase());
      await dialog.getByText(`Valid · Maharashtra (27) · PAN ${pan}`).waitFor();
      expect(await dialog.getByLabel("PAN").inputValue()).toBe(pan);
      await shot(page, `party-inline-dialog-${viewport}`);
      await dialog.getByRole("button", { name: "Create Party" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByTestId("picked-party").filter({ hasText: vendor }).waitFor();
      await shot(page, `transaction-form-party-${viewport}`);

      await page.getByRole("button", { name: "Save as Draft" }).click();
      await page.getByText("Draft Saved").first().waitFor();
      const [party] = await env.db.select().from(parties).where(eq(parties.name, vendor));
      expect(party).toMatchObject({ gstin, pan, stateCode: "27", createdBy: accountant.id });
      const [saved] = await env.db.select().from(transactions).where(eq(transactions.description, description));
      expect(saved?.partyId).toBe(party!.id);

      await page.goto("/my-transactions");
      const row = page.getByTestId("party-name").filter({ hasText: vendor }).locator("visible=true");
      await row.first().waitFor();
      await shot(page, `my-transactions-party-${viewport}`);
    });
  }

  it("shows the Parties page and the company to those who keep them (screens for review)", async () => {
    const admin = await env.makeUser("SuperAdmin");
    for (const viewport of VIEWPORT_NAMES) {
      const { page } = await env.newPage(viewport);
      await env.signIn(page, admin);
      await page.goto("/parties");
      await page.getByRole("heading", { name: /^Parties \(\d+\)$/ }).waitFor();
      await shot(page, `parties-${viewport}`);
      await page.getByRole("button", { name: "New Party" }).first().click();
      const dialog = page.getByRole("dialog", { name: "New Party" });
      // A party named like a ledger the books are exported to is refused under its name.
      await dialog.getByLabel(/^Party Name/).fill("bank transfer");
      await dialog.getByRole("button", { name: "Create Party" }).click();
      await dialog
        .getByText("A party cannot be named “bank transfer”: “Bank Transfer” is the ledger of the payment method Bank Transfer", { exact: false })
        .first()
        .waitFor();
      await shot(page, `party-ledger-clash-${viewport}`);
      await dialog.getByLabel(/^Party Name/).fill(`Ramesh Tea Stall ${viewport}`);
      await dialog.getByLabel("State").selectOption("24");
      await shot(page, `party-new-${viewport}`);
      await dialog.getByRole("button", { name: "Create Party" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByText(`Ramesh Tea Stall ${viewport}`).locator("visible=true").first().waitFor();

      await page.goto("/admin/company");
      await page.getByLabel(/^Legal Name/).fill("Sharma Textiles Pvt. Ltd.");
      await page.getByLabel("GSTIN").fill("24AAACC1206D1ZM");
      await page.getByText("Valid · Gujarat (24)", { exact: false }).waitFor();
      await page.getByRole("button", { name: "Save Company" }).click();
      await page.getByText("Company Saved").first().waitFor();
      await shot(page, `company-${viewport}`);
    }
  });
});

describe("the party in a SuperAdmin's Admin Override", () => {
  for (const viewport of VIEWPORT_NAMES) {
    it(`is named with the form's picker, then cleared, each with a reason (${viewport})`, async () => {
      const [accountant, admin] = await Promise.all([env.makeUser("Accountant"), env.makeUser("SuperAdmin")]);
      const [vendorPayment] = await env.db.select({ id: categories.id }).from(categories).where(eq(categories.name, "Vendor Payment"));
      const vendor = `Gujarat Dyes ${viewport} ${crypto.randomBytes(2).toString("hex")}`;
      const [party] = await env.db.insert(parties).values({ name: vendor, createdBy: accountant.id }).returning();
      const t = await insertTransaction(env.db, {
        createdBy: accountant.id,
        categoryId: vendorPayment!.id,
        formType: "B",
        status: "Approved",
        approvedAt: new Date(),
      });
      const partyOf = async () => (await env.db.select({ partyId: transactions.partyId }).from(transactions).where(eq(transactions.id, t.id)))[0]!.partyId;

      const { page } = await env.newPage(viewport);
      await env.signIn(page, admin);
      const openOverride = async () => {
        await page.goto(`/transactions?search=${t.humanReadableId}`);
        await page
          .getByRole("button", { name: new RegExp(t.humanReadableId) })
          .locator("visible=true")
          .first()
          .click();
        await page
          .getByRole("dialog", { name: `Transaction ${t.humanReadableId}` })
          .getByRole("button", { name: "Admin Override" })
          .click();
        return page.getByRole("dialog", { name: `Admin Override · ${t.humanReadableId}` });
      };

      let override = await openOverride();
      await override.getByRole("combobox", { name: "Vendor" }).fill(vendor.slice(0, 12));
      await override.getByRole("option", { name: new RegExp(vendor) }).click();
      await override.getByTestId("picked-party").filter({ hasText: vendor }).waitFor();
      await override.getByLabel(/^Reason for override/).fill("Vendor as on the invoice");
      await shot(page, `override-party-${viewport}`);
      await override.getByRole("button", { name: "Apply Override" }).click();
      await override.waitFor({ state: "detached" });
      await expect.poll(partyOf, { timeout: 20_000 }).toBe(party!.id);

      override = await openOverride();
      await override.getByRole("button", { name: `Remove ${vendor}` }).click();
      await override.getByRole("combobox", { name: "Vendor" }).waitFor();
      await override.getByLabel(/^Reason for override/).fill("Not this vendor's bill");
      await override.getByRole("button", { name: "Apply Override" }).click();
      await override.waitFor({ state: "detached" });
      await expect.poll(partyOf, { timeout: 20_000 }).toBeNull();
    });
  }
});
