// DECISIONS §12 TDS on bills, as people use it: on a phone, an Accountant picks a vendor whose usual
// nature is professional fees and sees, as the amount is typed, what the server would deduct
// (including an earlier bill's) and what the vendor is paid; the submitted bill's dialog says "Pay
// ₹X (TDS ₹Y deducted under 194J)". On a desktop, the SuperAdmin's TDS Natures page asks before it
// deactivates one (§16), and the Accountant's TDS Register lists the quarter with its challan totals.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { signInApi, todayInAppZone } from "./api-client";

let env: BrowserTestEnv;
const WAIT = { timeout: 20_000 };

beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

type Nature = { id: string; name: string; legacySection: string; isActive: boolean };

describe("TDS on a bill", () => {
  it("a phone: the vendor's nature starts the bill, the form previews the TDS, the dialog says what is paid", async () => {
    const accountant = await env.makeUser("Accountant");
    const api = await signInApi(env.url, accountant);
    const natures = await api.get<Nature[]>("/api/tds/natures");
    const professional = natures.find((n) => n.name === "Professional fees")!;
    const vendorName = `Kapoor Associates ${crypto.randomBytes(2).toString("hex")}`;
    const party = await api.post<{ id: string }>("/api/parties", { name: vendorName, pan: "AAFFK1234L", tdsNatureId: professional.id });
    const categories = await api.get<{ id: string; name: string }[]>("/api/categories");
    const vendorCategory = categories.find((c) => c.name === "Vendor Payment")!;
    // An earlier bill of ₹30,000 this year deducted nothing (below ₹50,000 a year).
    const earlier = await api.post<{ id: string }>("/api/transactions", {
      formType: "B",
      categoryId: vendorCategory.id,
      partyId: party.id,
      amount: "30000",
      transactionDate: todayInAppZone(-1),
      description: "Audit fee, first part",
    });
    const submitted = await api.post<{ tds: { amount: string } }>(`/api/transactions/${earlier.id}/submit`);
    expect(submitted.tds.amount).toBe("0.00");

    const { page } = await env.newPage("phone");
    await env.signIn(page, accountant);
    await page.goto("/create-transaction");
    await page.getByText("B - Bill").click();
    await page.getByLabel(/^Category/).selectOption({ label: "Vendor Payment (Built-in)" });
    await page.getByLabel(/^Description/).fill("Audit fee, second part");
    await page.getByText("Choose the vendor above").waitFor(WAIT);
    await page.getByRole("combobox", { name: "Vendor" }).fill(vendorName);
    await page.getByRole("option", { name: new RegExp(vendorName) }).click();
    // The vendor's usual nature is chosen for the bill.
    const nature = page.getByLabel("TDS nature");
    await nature.waitFor(WAIT);
    await nature.locator("option", { hasText: "Professional fees (194J)" }).waitFor({ state: "attached", ...WAIT });
    expect(await nature.inputValue()).toBe(professional.id);
    // ₹30,000 now takes the year to ₹60,000: ₹3,000 + the earlier bill's ₹3,000; the firm is paid ₹24,000.
    await page.getByLabel(/^Amount/).fill("30000");
    const preview = page.locator("[data-tds-preview]");
    await preview.getByText("TDS ₹6,000.00 under 194J at 10 %: pay ₹24,000.00").waitFor(WAIT);
    await noSidewaysScroll(page);

    await page.getByRole("button", { name: "Submit for Approval" }).click();
    await page.getByText("Transaction Submitted").first().waitFor(WAIT);

    await page.goto("/my-transactions");
    await page.getByLabel("Search transactions").fill("Audit fee, second part");
    await page
      .getByRole("button", { name: /Audit fee, second part/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Pay ₹24,000.00 (TDS ₹6,000.00 deducted under 194J)").first().waitFor(WAIT);
    const tds = dialog.getByRole("region", { name: "TDS" });
    await tds.getByText("Includes ₹3,000.00 not deducted on the vendor's earlier bills of the year:").waitFor(WAIT);
    await noSidewaysScroll(page);
  });

  it("a desktop: deactivating a nature asks first; the register lists the quarter with the challan totals", async () => {
    const admin = await env.makeUser("SuperAdmin");
    const api = await signInApi(env.url, admin);
    const name = `Brokerage ${crypto.randomBytes(2).toString("hex")}`;
    await api.post("/api/admin/tds-natures", {
      name,
      legacySection: "194H",
      actReference: "393(1) Table Sl. 1(ii)",
      rateIndividual: 2,
      rateOther: 2,
      yearlyThreshold: "20000",
      ledgerName: `TDS ${name}`,
    });
    const { page } = await env.newPage("desktop");
    await env.signIn(page, admin);
    await page.goto("/admin/tds");
    await page.getByRole("button", { name: `Deactivate ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Deactivate ${name} (194H)?` });
    await confirm.getByText("New bills can no longer name it").waitFor(WAIT);
    // Nothing changed yet: one tap never deactivates.
    expect((await api.get<Nature[]>("/api/admin/tds-natures")).find((n) => n.name === name)!.isActive).toBe(true);
    await confirm.getByRole("button", { name: "Deactivate nature" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.getByText("TDS Nature Deactivated").first().waitFor(WAIT);
    expect((await api.get<Nature[]>("/api/admin/tds-natures")).find((n) => n.name === name)!.isActive).toBe(false);

    // A contractor's bill approved this quarter: the register lists it and totals it for the challan.
    const natures = await api.get<Nature[]>("/api/tds/natures");
    const contractors = natures.find((n) => n.name === "Contractors")!;
    const vendorName = `Kiran Services ${crypto.randomBytes(2).toString("hex")}`;
    const party = await api.post<{ id: string }>("/api/parties", { name: vendorName, pan: "BQKPK7261M", tdsNatureId: contractors.id });
    const categories = await api.get<{ id: string; name: string }[]>("/api/categories");
    const bill = await api.post<{ id: string }>("/api/transactions", {
      formType: "B",
      categoryId: categories.find((c) => c.name === "Vendor Payment")!.id,
      partyId: party.id,
      amount: "40000",
      transactionDate: todayInAppZone(),
      description: "Housekeeping for the month",
    });
    await api.post(`/api/transactions/${bill.id}/submit`);
    const approver = await signInApi(env.url, await env.makeUser("Approver"));
    await approver.post(`/api/transactions/${bill.id}/approve`);

    await page.goto("/accounting/tds");
    await page.getByText("For the challans").waitFor(WAIT);
    const row = page.getByRole("row", { name: new RegExp(vendorName) });
    await row.getByText("₹400.00").waitFor(WAIT);
    await page.getByRole("listitem").filter({ hasText: "Contractors" }).first().waitFor(WAIT);
    await noSidewaysScroll(page);
  });
});
