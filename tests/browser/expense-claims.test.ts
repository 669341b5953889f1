// DECISIONS §15 part B: an employee on a 390 px phone files an expense claim from My Claims with a
// photo of the receipt and submits it; the claim lists as Pending with nothing paid yet, and the
// server holds it as a Form B bill reimbursing that employee, with the receipt attached.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachments, categories, departments, employees, transactions } from "../../server/db/schema";
import { startBrowserTestEnv, type BrowserTestEnv, type ViewportName } from "./support";
import { signInApi, todayInAppZone } from "./api-client";

let env: BrowserTestEnv;
const WAIT = { timeout: 20_000 };
/** Where screenshots go when asked for (CLAIM_SHOTS_DIR), for a person to look at. */
const SHOTS = process.env.CLAIM_SHOTS_DIR;
/** A 1×1 PNG: the receipt's photo. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b1b5b20000000049454e44ae426082",
  "hex",
);

beforeAll(async () => {
  env = await startBrowserTestEnv();
  await env.db.update(categories).set({ openToClaims: true }).where(eq(categories.name, "Travel"));
});
afterAll(async () => {
  await env?.close();
});

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe.each((SHOTS ? ["phone", "desktop"] : ["phone"]) as ViewportName[])("an expense claim on the %s", (viewport) => {
  it("is filed from My Claims with a receipt photo and submitted", async () => {
    const [department] = await env.db
      .insert(departments)
      .values({ name: `Sales ${viewport} ${Date.now()}` })
      .returning();
    const name = `Sunil Patil ${viewport} ${Date.now()}`;
    const [employee] = await env.db.insert(employees).values({ employeeName: name, departmentId: department!.id, joiningDate: "2025-01-01" }).returning();
    const user = await env.makeUser("Employee", { employeeId: employee!.id, name });
    const { page } = await env.newPage(viewport);
    await env.signIn(page, user);

    await page.goto("/me/claims");
    await page.getByText("No claims yet").waitFor(WAIT);
    await shot(page, `claims-empty-${viewport}`);
    await page.getByRole("link", { name: "New claim" }).click();
    await page.getByRole("button", { name: /Submit for Approval/ }).waitFor(WAIT);
    // No form type to choose and no vendor: a claim is always a bill that reimburses its employee.
    expect(await page.getByRole("radio", { name: /R - Receipt/ }).count()).toBe(0);
    expect(await page.getByText("Vendor", { exact: true }).count()).toBe(0);
    const options = await page
      .getByLabel(/^Category/)
      .locator("option")
      .allTextContents();
    expect(options.filter((o) => o && o !== "Select a category")).toEqual(["Travel (Built-in)"]);

    const description = `Cab to the Pune client ${viewport} ${Date.now()}`;
    await page.getByLabel(/^Category/).selectOption({ label: "Travel (Built-in)" });
    await page.getByLabel(/^Amount/).fill("845.50");
    await page.getByLabel(/^Transaction Date/).fill(todayInAppZone(-1));
    await page.getByLabel(/^Description \/ Purpose/).fill(description);
    await page.locator('input[type="file"]').first().setInputFiles({ name: "cab-receipt.png", mimeType: "image/png", buffer: PNG });
    await page.getByText("cab-receipt.png").first().waitFor(WAIT);
    await noSidewaysScroll(page);
    await shot(page, `claim-form-${viewport}`);

    await page.getByRole("button", { name: /Submit for Approval/ }).click();
    await page.getByRole("heading", { name: "Claim Submitted" }).waitFor(WAIT);
    await page.getByRole("link", { name: "View My Claims" }).click();
    const row = page.getByTestId("my-claims").getByRole("button", { name: new RegExp(description) });
    await row.waitFor(WAIT);
    await row.getByText("Pending").waitFor(WAIT);
    await row.getByText("Paid back ₹0.00").waitFor(WAIT);
    await noSidewaysScroll(page);
    await shot(page, `claims-list-${viewport}`);

    // The dialog: who it reimburses, the receipt and the timeline.
    await row.click();
    await page.getByRole("dialog").getByText(name).first().waitFor(WAIT);
    await page.getByRole("dialog").getByText("cab-receipt.png").first().waitFor(WAIT);
    await shot(page, `claim-dialog-${viewport}`);

    const [saved] = await env.db.select().from(transactions).where(eq(transactions.description, description));
    expect(saved).toMatchObject({
      status: "Pending",
      formType: "B",
      partyId: null,
      amount: "845.50",
      createdBy: user.id,
      claimantEmployeeId: employee!.id,
      claimantName: name,
    });
    const files = await env.db.select().from(attachments).where(eq(attachments.transactionId, saved!.id));
    expect(files.map((f) => [f.fileName, f.mimeType, f.fileSizeBytes])).toEqual([["cab-receipt.png", "image/png", PNG.length]]);
  });
});

describe("a rejected claim on the phone", () => {
  it("is opened from the bell on My Claims, edited at /me/claims/new?edit= and submitted again", async () => {
    const [department] = await env.db
      .insert(departments)
      .values({ name: `Support ${Date.now()}` })
      .returning();
    const name = `Kavya Iyer ${Date.now()}`;
    const [employee] = await env.db.insert(employees).values({ employeeName: name, departmentId: department!.id, joiningDate: "2025-01-01" }).returning();
    const user = await env.makeUser("Employee", { employeeId: employee!.id, name });
    const approver = await signInApi(env.url, await env.makeUser("Approver"));
    const [travel] = await env.db.select().from(categories).where(eq(categories.name, "Travel"));
    const mine = await signInApi(env.url, user);
    const description = `Hotel in Nashik ${Date.now()}`;
    const claim = await mine.post<{ id: string; humanReadableId: string }>("/api/transactions", {
      formType: "B",
      categoryId: travel!.id,
      amount: "2400.00",
      transactionDate: todayInAppZone(-2),
      description,
    });
    await mine.post(`/api/transactions/${claim.id}/submit`, {});
    await approver.post(`/api/transactions/${claim.id}/reject`, { reason: "Attach the hotel's bill" });

    const { page } = await env.newPage("phone");
    await env.signIn(page, user);
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click();
    await page.getByRole("menuitem", { name: new RegExp(claim.humanReadableId) }).click();
    await page.waitForURL(new RegExp(`/me/claims\\?open=${claim.id}$`), WAIT);
    // Her own claim is called a claim, as on My Claims.
    const dialog = page.getByRole("dialog", { name: `Claim ${claim.humanReadableId}` });
    await dialog.getByText("Attach the hotel's bill").first().waitFor(WAIT);

    await dialog.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(new RegExp(`/me/claims/new\\?edit=${claim.id}$`), WAIT);
    const amount = page.getByLabel(/^Amount/);
    await expect.poll(() => amount.inputValue(), WAIT).toMatch(/^2,?400(\.00)?$/);
    expect(await page.getByLabel(/^Description \/ Purpose/).inputValue()).toBe(description);
    await amount.fill("2150");
    await page.getByRole("button", { name: /Submit for Approval/ }).click();
    await expect
      .poll(async () => (await env.db.select().from(transactions).where(eq(transactions.id, claim.id)))[0], WAIT)
      .toMatchObject({ status: "Pending", amount: "2150.00", claimantEmployeeId: employee!.id });
    await page.getByRole("heading", { name: "Claim Submitted" }).waitFor(WAIT);
    await page.getByRole("link", { name: "View My Claims" }).click();
    await page
      .getByTestId("my-claims")
      .getByRole("button", { name: new RegExp(description) })
      .getByText("Pending")
      .waitFor(WAIT);

    // A wrong address leads her back to her own home, not a dashboard she cannot open.
    await page.goto("/no/such/page");
    await page.getByText("Page Not Found").waitFor(WAIT);
    expect(await page.getByRole("link", { name: "Go to My Month" }).getAttribute("href")).toBe("/");
  });

  it("an accountant's rejected bill opens at /create-transaction?edit= with what was saved, and another's is refused", async () => {
    const accountant = await env.makeUser("Accountant");
    const other = await signInApi(env.url, await env.makeUser("Accountant"));
    const approver = await signInApi(env.url, await env.makeUser("Approver"));
    const [travel] = await env.db.select().from(categories).where(eq(categories.name, "Travel"));
    const own = await signInApi(env.url, accountant);
    const description = `Courier to Surat ${Date.now()}`;
    const bill = await own.post<{ id: string }>("/api/transactions", {
      formType: "B",
      categoryId: travel!.id,
      amount: "780.00",
      transactionDate: todayInAppZone(-1),
      description,
    });
    await own.post(`/api/transactions/${bill.id}/submit`, {});
    await approver.post(`/api/transactions/${bill.id}/reject`, { reason: "Wrong amount" });
    const theirs = await other.post<{ id: string }>("/api/transactions", {
      formType: "B",
      categoryId: travel!.id,
      amount: "99.00",
      transactionDate: todayInAppZone(-1),
      description: "Not yours",
    });

    const { page } = await env.newPage("desktop");
    await env.signIn(page, accountant);
    await page.goto(`/create-transaction?edit=${theirs.id}`);
    await page.getByText("cannot be edited", { exact: false }).first().waitFor(WAIT);

    await page.goto(`/create-transaction?edit=${bill.id}`);
    const amount = page.getByLabel(/^Amount/);
    await expect.poll(() => amount.inputValue(), WAIT).toMatch(/^780(\.00)?$/);
    expect(await page.getByLabel(/^Description \/ Purpose/).inputValue()).toBe(description);
    await amount.fill("870");
    await page.getByRole("button", { name: /Submit for Approval/ }).click();
    await page.getByRole("heading", { name: "Transaction Submitted" }).waitFor(WAIT);
    await expect
      .poll(async () => (await env.db.select().from(transactions).where(eq(transactions.id, bill.id)))[0], WAIT)
      .toMatchObject({ status: "Pending", amount: "870.00" });
  });
});
