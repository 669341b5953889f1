// DECISIONS §12: a bill's GST entered on the transaction form, on a phone (390 px) and on a desktop:
// the taxes show as they are typed (CGST + SGST within the company's state, IGST outside it), the
// form offers to set the amount from the invoice, and the details dialog shows the breakup the
// server computed and kept.
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings, transactions } from "../../server/db/schema";
import { startBrowserTestEnv, type BrowserTestEnv, type ViewportName } from "./support";
import { todayInAppZone } from "./api-client";

let env: BrowserTestEnv;
const WAIT = { timeout: 20_000 };
/** Where screenshots go when asked for (GST_SHOTS_DIR), for a person to look at. */
const SHOTS = process.env.GST_SHOTS_DIR;

beforeAll(async () => {
  env = await startBrowserTestEnv();
  const value = { legalName: "Sharma Textiles Pvt. Ltd.", gstin: null, stateCode: "27" };
  await env.db.insert(settings).values({ key: "company", value }).onConflictDoUpdate({ target: settings.key, set: { value } });
});
afterAll(async () => {
  await env?.close();
});

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The page is no wider than its viewport: nothing pushes it sideways. */
async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe.each(["phone", "desktop"] as ViewportName[])("a GST bill on the %s", (viewport) => {
  it("shows the taxes as typed, sets the amount from the invoice, and shows the breakup in the dialog", async () => {
    const accountant = await env.makeUser("Accountant");
    const { page } = await env.newPage(viewport);
    await env.signIn(page, accountant);
    const description = `Packaging and freight ${viewport} ${Date.now()}`;

    await page.goto("/create-transaction");
    await page.getByRole("radio", { name: /B - Bill/ }).check();
    await page.getByLabel(/^Category/).selectOption({ label: "Vendor Payment (Built-in)" });
    // A day of its own per viewport, so the second bill is not a possible duplicate of the first.
    await page.getByLabel(/^Transaction Date/).fill(todayInAppZone(viewport === "phone" ? 0 : -1));
    await page.getByLabel(/^Description \/ Purpose/).fill(description);
    await page.getByLabel("This bill has a GST invoice").check();

    await page.getByLabel(/^Invoice number/).fill("PKG/26/0042");
    await page.getByLabel(/^Invoice date/).fill(todayInAppZone(-2));
    // The place of supply starts as the company's own state.
    expect(await page.getByLabel(/^Place of supply/).inputValue()).toBe("27");

    const line1 = page.getByRole("listitem", { name: "Line 1" });
    await line1.getByLabel(/^HSN\/SAC/).fill("4819");
    await line1.getByLabel(/^Taxable value/).fill("1000");
    await line1.getByLabel(/^Rate/).selectOption("18");
    await line1.getByText("CGST ₹90.00 + SGST ₹90.00 = ₹180.00").waitFor(WAIT);

    await page.getByRole("button", { name: "Add line" }).click();
    const line2 = page.getByRole("listitem", { name: "Line 2" });
    await line2.getByLabel(/^HSN\/SAC/).fill("3920");
    await line2.getByLabel(/^Taxable value/).fill("250.50");
    await line2.getByLabel(/^Rate/).selectOption("12");
    // 250.50 × 6 % = 15.03 each.
    await line2.getByText("CGST ₹15.03 + SGST ₹15.03 = ₹30.06").waitFor(WAIT);
    await page.getByTestId("gst-invoice-total").getByText("₹1,460.56").waitFor(WAIT);

    // A supplier in another state: IGST at the whole rate.
    await page.getByLabel(/^Place of supply/).selectOption("29");
    await line1.getByText("IGST ₹180.00").waitFor(WAIT);
    await line2.getByText("IGST ₹30.06").waitFor(WAIT);

    // The amount is offered from the invoice; before it, the mismatch is named.
    await page.getByLabel(/^Amount/).fill("1400");
    await page.getByText(/the difference of ₹60\.56 is more than the ₹1\.00 round-off/).waitFor(WAIT);
    await shot(page, `${viewport}-form-mismatch`);
    await page.getByRole("button", { name: "Set amount to ₹1,460.56" }).click();
    expect(await page.getByLabel(/^Amount/).inputValue()).toBe("1460.56");
    await page.getByText("The amount matches the invoice.").waitFor(WAIT);
    if (viewport === "phone") await noSidewaysScroll(page);
    await shot(page, `${viewport}-form`);

    await page.getByRole("button", { name: "Submit for Approval" }).click();
    await page.getByRole("heading", { name: "Transaction Submitted" }).waitFor(WAIT);
    const [row] = await env.db.select().from(transactions).where(eq(transactions.description, description));
    expect(row).toMatchObject({ status: "Pending", amount: "1460.56" });
    expect(row!.gst).toMatchObject({ supply: "inter", igst: "210.06", taxableValue: "1250.50", roundOff: "0.00", invoiceNumber: "PKG/26/0042" });

    await page.goto("/my-transactions");
    const card = page
      .getByRole("button", { name: new RegExp(row!.humanReadableId) })
      .filter({ visible: true })
      .first();
    await card.waitFor(WAIT);
    await card.click();
    const dialog = page.getByRole("dialog", { name: `Transaction ${row!.humanReadableId}` });
    await dialog.waitFor(WAIT);
    const gst = dialog.getByRole("region", { name: "GST" });
    await gst.waitFor(WAIT);
    await gst.getByText("Inter-state: IGST").waitFor();
    await gst.getByText("PKG/26/0042").waitFor();
    await gst.getByText("29 Karnataka").waitFor();
    await gst.getByRole("row", { name: /4819.*₹1,000\.00.*18%.*₹180\.00/ }).waitFor();
    await gst.getByRole("row", { name: /3920.*₹250\.50.*12%.*₹30\.06/ }).waitFor();
    await gst.getByRole("row", { name: /Total.*₹1,250\.50.*₹210\.06/ }).waitFor();
    await gst.getByText("₹1,460.56").waitFor();
    if (viewport === "phone") await noSidewaysScroll(page);
    await shot(page, `${viewport}-dialog`);
  });
});

describe.each(["desktop", "phone"] as ViewportName[])("the GST Summary on the %s", (viewport) => {
  it("adds up the month's accepted bills and downloads them as CSV", async () => {
    // The bills the tests above entered, accepted now: the summary counts Approved bills and later.
    await env.db
      .update(transactions)
      .set({ status: "Approved" })
      .where(sql`${transactions.gst} is not null`);
    const [{ n }] = (await env.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(sql`${transactions.gst} is not null`)) as [{ n: number }];
    const accountant = await env.makeUser("Accountant");
    const { page } = await env.newPage(viewport);
    await env.signIn(page, accountant);
    await page.goto("/accounting/gst-summary");
    const month = todayInAppZone(-2).slice(0, 7);
    await page.getByLabel("Month", { exact: true }).fill(month);
    await page.getByText("Tax charged by suppliers").first().waitFor(WAIT);
    // Each bill: IGST 210.06 on 1,250.50.
    await page.getByText(`${n} bills`).first().waitFor(WAIT);
    const total = (Math.round(210.06 * 100) * n) / 100;
    await page
      .getByText(`₹${total.toLocaleString("en-IN", { minimumFractionDigits: 2 })}`)
      .first()
      .waitFor(WAIT);
    if (viewport === "phone") await noSidewaysScroll(page);
    await shot(page, `${viewport}-summary`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`gst_summary_${month}.csv`);
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text).toContain(`Forward charge,18%,${n},`);

    // A month without bills says so.
    await page.getByLabel("Month", { exact: true }).fill("2020-01");
    await page.getByText("No GST bills in January 2020").waitFor(WAIT);
    await shot(page, `${viewport}-summary-empty`);
  });
});
