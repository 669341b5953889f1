// The screens people live in every day: the phone review sheet walks the queue, the
// emergency reject page takes a reason and says how many PIN tries are left, the audit trail reads
// as TXN numbers and can hide sign-ins, a receipt is worded as money received, a resubmission shows
// what changed, a possible duplicate asks before it is submitted, and the small things (Force
// Status says why its button is grey, toasts never cover the form's actions, lockdown words).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { signInApi, todayInAppZone, type ApiClient } from "./api-client";
import { categories, transactions } from "../../server/db/schema";

const WAIT = { timeout: 20_000 };

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

/** Screens photographed for a person to look at, when SCREENSHOT_DIR is set. */
async function photograph(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

async function categoryId(name: string): Promise<string> {
  const [row] = await env.db.select({ id: categories.id }).from(categories).where(eq(categories.name, name));
  return row!.id;
}

type Made = { id: string; humanReadableId: string };

/** A transaction created (and submitted unless `draft`) through the API by `owner`. */
async function seed(
  owner: ApiClient,
  fields: { description: string; amount?: string; formType?: "B" | "R"; category?: string; date?: string },
  draft = false,
): Promise<Made> {
  const created = await owner.post<Made>("/api/transactions", {
    formType: fields.formType ?? "B",
    categoryId: await categoryId(fields.category ?? "Office Expenses"),
    amount: fields.amount ?? "1250.00",
    transactionDate: fields.date ?? todayInAppZone(),
    description: fields.description,
  });
  if (!draft) await owner.post(`/api/transactions/${created.id}/submit`);
  return created;
}

describe("the phone review sheet walks the queue", () => {
  it("after Approve the sheet shows the next pending transaction, and one Escape closes it though a toast is up", async () => {
    const accountant = await env.makeUser("Accountant");
    const approver = await env.makeUser("Approver");
    const owner = await signInApi(env.url, accountant);
    const stamp = Date.now();
    const made: Made[] = [];
    for (const n of [1, 2, 3]) made.push(await seed(owner, { description: `Queue item ${n} ${stamp}` }));

    const { page } = await env.newPage("phone");
    await env.signIn(page, approver);
    await page.goto("/pending-approvals");
    const first = page.getByRole("article", { name: made[0]!.humanReadableId });
    await first.getByRole("button", { name: "View Details" }).click();
    const sheet = page.getByRole("dialog");
    await sheet.getByRole("heading", { name: `Transaction ${made[0]!.humanReadableId}` }).waitFor(WAIT);
    await sheet.getByRole("button", { name: "Approve", exact: true }).click();
    await expect
      .poll(async () => (await env.db.select().from(transactions).where(eq(transactions.id, made[0]!.id)))[0]!.status, { timeout: 20_000, interval: 250 })
      .toBe("Approved");
    await page.getByText("Transaction Approved").first().waitFor(WAIT);

    // The sheet stays and moves on to the second of the queue.
    await sheet.getByRole("heading", { name: `Transaction ${made[1]!.humanReadableId}` }).waitFor(WAIT);
    await sheet.getByText(`Queue item 2 ${stamp}`).waitFor(WAIT);
    await photograph(page, "review-sheet-next-phone");
    const [row] = await env.db.select().from(transactions).where(eq(transactions.id, made[0]!.id));
    expect(row!.status).toBe("Approved");

    // The toast is still up; one Escape closes the sheet, not the toast first.
    expect(await page.getByText("Transaction Approved").first().isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached", ...WAIT });
  });

  it("after the last one the sheet says the queue is done", async () => {
    const accountant = await env.makeUser("Accountant");
    const approver = await env.makeUser("Approver");
    const owner = await signInApi(env.url, accountant);
    // Only this approver's queue matters: acting on every other pending transaction first empties it.
    const only = await seed(owner, { description: `Last in queue ${Date.now()}` });
    const { page } = await env.newPage("phone");
    await env.signIn(page, approver);
    const api = await signInApi(env.url, approver);
    const pending = await api.get<{ id: string; myAction: string | null }[]>("/api/transactions/pending?limit=200");
    for (const t of pending) if (t.id !== only.id && !t.myAction) await api.post(`/api/transactions/${t.id}/reject`, { reason: "clearing the queue" });
    await page.goto("/pending-approvals");
    await page.getByRole("article", { name: only.humanReadableId }).getByRole("button", { name: "View Details" }).click();
    const sheet = page.getByRole("dialog");
    await sheet.getByRole("heading", { name: `Transaction ${only.humanReadableId}` }).waitFor(WAIT);
    await sheet.getByRole("button", { name: "Approve", exact: true }).click();
    await sheet.getByRole("heading", { name: "Queue done" }).waitFor(WAIT);
    await sheet.getByText("All Caught Up!").waitFor();
    await sheet.getByRole("button", { name: "Back to the list" }).click();
    await sheet.waitFor({ state: "detached", ...WAIT });
  });
});

describe("the emergency reject page", () => {
  it("takes an optional reason that reaches the timeline, and a wrong PIN says how many tries are left (the last one warned)", async () => {
    const accountant = await env.makeUser("Accountant", { name: "Kavya Rao" });
    const admin = await env.makeUser("SuperAdmin");
    const adminApi = await signInApi(env.url, admin);
    await adminApi.put("/api/admin/emergency-approvers/RS/pin", { pin: "24681357" });
    const owner = await signInApi(env.url, accountant);
    const created = await owner.post<Made>("/api/transactions", {
      formType: "B",
      categoryId: await categoryId("Utilities"),
      amount: "9100.00",
      transactionDate: todayInAppZone(),
      description: `Generator diesel ${Date.now()}`,
      isEmergency: true,
    });
    await owner.post(`/api/transactions/${created.id}/submit`);
    const links = await owner.post<{ rejectUrl: string }>(`/api/transactions/${created.id}/emergency-links`);

    const { page } = await env.newPage("phone");
    await page.goto(new URL(links.rejectUrl).pathname);
    await page.getByRole("heading", { name: "Emergency Rejection" }).waitFor(WAIT);
    await page.getByLabel("Select Approver").selectOption("RS");
    const pin = page.getByLabel("PIN");
    const reject = page.getByRole("button", { name: "REJECT" });
    for (const left of [4, 3, 2]) {
      await pin.fill("11111111");
      await reject.click();
      await page.getByText(`Wrong PIN. ${left} tries left before this approver code is locked for 15 minutes.`).waitFor(WAIT);
    }
    await pin.fill("11111111");
    await reject.click();
    await page.getByText("Wrong PIN. Last try: one more wrong PIN locks this approver code for 15 minutes.").waitFor(WAIT);
    await photograph(page, "emergency-reject-last-try-phone");

    const reason = "Diesel was bought yesterday; check the log book";
    await page.getByLabel("Reason (optional)").fill(reason);
    await pin.fill("24681357");
    await reject.click();
    await page.getByRole("heading", { name: "Transaction Rejected" }).waitFor(WAIT);

    const details = await owner.get<{ status: string; timeline: { kind: string; reason?: string; actorName: string }[] }>(`/api/transactions/${created.id}`);
    expect(details.status).toBe("Rejected");
    expect(details.timeline).toContainEqual(expect.objectContaining({ kind: "emergency-rejected", actorName: "RS", reason }));
    // The owner reads the reason in the dialog's timeline.
    const ownerPage = (await env.newPage("desktop")).page;
    await env.signIn(ownerPage, accountant);
    await ownerPage.goto("/my-transactions");
    await ownerPage.getByText(created.humanReadableId).first().click();
    await ownerPage.getByRole("dialog").getByText(reason).first().waitFor(WAIT);
  });
});

describe("a receipt is worded as money received (DECISIONS §16)", () => {
  it("an approved Form R says Not received, Receipt pending, Record Receipt and Mark Receipt Due; its form asks for the receipt's method, date, reference and notes; once recorded its status is Received and its timeline says Receipt recorded", async () => {
    const accountant = await env.makeUser("Accountant");
    const approver = await env.makeUser("Approver");
    const owner = await signInApi(env.url, accountant);
    const made = await seed(owner, { description: `Rent received from tenant ${Date.now()}`, formType: "R", amount: "45000.00" });
    await (await signInApi(env.url, approver)).post(`/api/transactions/${made.id}/approve`, {});

    for (const viewport of ["desktop", "phone"] as const) {
      const { page } = await env.newPage(viewport);
      await env.signIn(page, accountant);
      await page.goto("/my-transactions");
      const row = page.getByText(made.humanReadableId).first();
      await row.waitFor(WAIT);
      // The list row: Not received, never Unpaid.
      await page.getByText("Not received").first().waitFor(WAIT);
      await row.click();
      const dialog = page.getByRole("dialog", { name: `Transaction ${made.humanReadableId}` });
      await dialog.getByText("Receipt pending").waitFor(WAIT);
      await dialog.getByRole("heading", { name: "Receipt Tracking" }).waitFor();
      await dialog.getByRole("button", { name: "Record Receipt" }).waitFor();
      await dialog.getByRole("button", { name: "Mark Receipt Due" }).waitFor();
      await photograph(page, `receipt-approved-${viewport}`);
      for (const billWord of ["Unpaid", "Payment pending", "Process Payment", "Payment Tracking", "Mark Payment Due"]) {
        expect(await dialog.getByText(billWord, { exact: true }).count(), billWord).toBe(0);
      }
      if (viewport === "phone") {
        await dialog.getByRole("button", { name: "Record Receipt" }).click();
        const form = dialog.getByRole("form", { name: "Record Receipt" });
        for (const label of ["Receipt Date", "Receipt Reference", "Receipt Notes"]) await form.getByLabel(label).waitFor(WAIT);
        await form.getByLabel(/^Receipt Method/).selectOption({ index: 1 });
        await form.getByLabel("Receipt Reference").fill("UTR 2026112800042");
        await photograph(page, `receipt-record-form-${viewport}`);
        expect(await form.getByText(/^Payment (Method|Date|Reference|Notes)/).count()).toBe(0);
        await dialog.getByRole("button", { name: "Confirm Receipt" }).click();
        await page.getByText("Receipt Recorded").first().waitFor(WAIT);
        await dialog.getByText("Received", { exact: true }).first().waitFor(WAIT);
        // The status badge itself says Received, and the timeline Receipt recorded (the API's status stays Paid).
        await dialog.getByRole("list", { name: "Timeline, oldest first" }).getByText("Receipt recorded", { exact: true }).waitFor(WAIT);
        expect(await dialog.getByText("Paid", { exact: true }).count()).toBe(0);
        expect(await dialog.getByText("Payment processed", { exact: false }).count()).toBe(0);
        const [row] = await env.db.select().from(transactions).where(eq(transactions.id, made.id));
        expect(row).toMatchObject({ status: "Paid", isPaid: true, paymentReference: "UTR 2026112800042" });
        await photograph(page, `receipt-recorded-${viewport}`);
        // The lists say it too.
        await page.keyboard.press("Escape");
        await page
          .getByRole("button", { name: new RegExp(made.humanReadableId) })
          .getByText("Received", { exact: true })
          .waitFor(WAIT);
      }
      await page.context().close();
    }
  });
});

describe("a resubmission shows what changed", () => {
  it("the approver's dialog shows the owner's edit of the Rejected transaction, each field before → after", async () => {
    const accountant = await env.makeUser("Accountant");
    const approver = await env.makeUser("Approver");
    const owner = await signInApi(env.url, accountant);
    const approverApi = await signInApi(env.url, approver);
    const made = await seed(owner, { description: "Courier charges, Pune", amount: "700.00" });
    await approverApi.post(`/api/transactions/${made.id}/reject`, { reason: "Amount does not match the docket" });
    await owner.patch(`/api/transactions/${made.id}`, { amount: "750.00", description: "Courier charges, Pune and Nashik" });
    await owner.post(`/api/transactions/${made.id}/submit`);

    const { page } = await env.newPage("desktop");
    await env.signIn(page, approver);
    await page.goto("/pending-approvals");
    await page.getByRole("article", { name: made.humanReadableId }).getByRole("button", { name: "View Details" }).click();
    const dialog = page.getByRole("dialog", { name: `Transaction ${made.humanReadableId}` });
    const edited = dialog.locator('li[data-kind="edited"]');
    await edited.waitFor(WAIT);
    await edited.getByText(`Edited`).first().waitFor();
    const text = await edited.innerText();
    expect(text).toContain(accountant.name);
    expect(text).toMatch(/Amount: ₹700(\.00)? → ₹750(\.00)?/);
    expect(text).toContain("Description: Courier charges, Pune → Courier charges, Pune and Nashik");
    await edited.scrollIntoViewIfNeeded();
    await photograph(page, "resubmission-edited-desktop");
  });
});

describe("a possible duplicate asks before it is submitted", () => {
  it("Submit for Approval asks 'Submit anyway', naming the match and linking the earlier transaction; only then is it Pending", async () => {
    const accountant = await env.makeUser("Accountant");
    const owner = await signInApi(env.url, accountant);
    const date = todayInAppZone();
    const earlier = await seed(owner, { description: "Stationery for the front desk", amount: "2345.60", category: "Office Expenses", date });
    const description = `Stationery again ${Date.now()}`;

    const { page } = await env.newPage("desktop");
    await env.signIn(page, accountant);
    await page.goto("/create-transaction");
    await page.getByLabel(/^Category/).selectOption({ label: "Office Expenses (Built-in)" });
    await page.getByLabel(/^Amount/).fill("2345.60");
    await page.getByLabel(/^Transaction Date/).fill(date);
    await page.getByLabel(/^Description \/ Purpose/).fill(description);
    // The warning shows while typing.
    await page.getByText("Possible duplicate").first().waitFor(WAIT);
    await page.getByRole("button", { name: "Submit for Approval" }).click();

    const ask = page.getByRole("dialog", { name: "Submit a possible duplicate?" });
    await ask.waitFor(WAIT);
    await ask.getByText("has the same category, amount and date").waitFor();
    const link = ask.getByRole("link", { name: earlier.humanReadableId });
    expect(await link.getAttribute("href")).toBe(`/transactions?search=${earlier.humanReadableId}`);
    await photograph(page, "duplicate-confirm-desktop");
    // Asked, not submitted: the new one is saved but not Pending.
    const mine = async () => (await env.db.select().from(transactions).where(eq(transactions.description, description)))[0];
    expect((await mine())?.status).toBe("Draft");

    await ask.getByRole("button", { name: "Submit anyway" }).click();
    await page.getByRole("heading", { name: "Transaction Submitted" }).waitFor(WAIT);
    expect((await mine())?.status).toBe("Pending");
  });
});

describe("small things", () => {
  it("Force Status, like the other override tabs, says 'Reason is required' instead of greying its button", async () => {
    const accountant = await env.makeUser("Accountant");
    const admin = await env.makeUser("SuperAdmin");
    const made = await seed(await signInApi(env.url, accountant), { description: `Override target ${Date.now()}` });
    const { page } = await env.newPage("desktop");
    await env.signIn(page, admin);
    await page.goto(`/transactions?search=${made.humanReadableId}`);
    await page.getByText(made.humanReadableId).locator("visible=true").first().click();
    const details = page.getByRole("dialog", { name: `Transaction ${made.humanReadableId}` });
    await details.getByRole("button", { name: "Admin Override" }).click();
    await page.getByRole("tab", { name: "Force Status" }).click();
    const force = page.getByRole("button", { name: "Force Status", exact: true });
    expect(await force.isEnabled()).toBe(true);
    await force.click();
    await page.getByText("Reason is required").waitFor(WAIT);
    await page.getByRole("tab", { name: "Change Owner" }).click();
    const change = page.getByRole("button", { name: "Change Owner", exact: true });
    expect(await change.isEnabled()).toBe(true);
    await change.click();
    await page.getByText("Reason is required").waitFor(WAIT);
    const [row] = await env.db.select().from(transactions).where(eq(transactions.id, made.id));
    expect(row!.status).toBe("Pending");
  });

  for (const viewport of ["desktop", "phone"] as const) {
    it(`the 'Draft Saved' toast never covers the form's actions (${viewport})`, async () => {
      const accountant = await env.makeUser("Accountant");
      const { page } = await env.newPage(viewport);
      await env.signIn(page, accountant);
      await page.goto("/create-transaction");
      await page.getByLabel(/^Category/).selectOption({ label: "Travel (Built-in)" });
      await page.getByLabel(/^Amount/).fill("310.00");
      await page.getByLabel(/^Description \/ Purpose/).fill(`Auto fare ${Date.now()}`);
      await page.getByRole("button", { name: "Save as Draft" }).click();
      const toast = page.locator("[data-toast]").filter({ hasText: "Draft Saved" });
      await toast.waitFor(WAIT);
      await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished))); // the toast's entry animation
      const box = (await toast.boundingBox())!;
      for (const name of ["Submit for Approval", "Save as Draft", "Cancel"]) {
        const button = page.getByRole("button", { name, exact: true });
        const b = (await button.boundingBox())!;
        const overlaps = box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height;
        expect(overlaps, `the toast covers ${name}`).toBe(false);
      }
      await photograph(page, `draft-saved-toast-${viewport}`);
    });
  }
});

describe("the audit trail reads as an auditor expects", () => {
  it("shows the TXN number beside the 8-character id, and 'Changes only' hides sign-ins and notification reads", async () => {
    const accountant = await env.makeUser("Accountant");
    const admin = await env.makeUser("SuperAdmin");
    const owner = await signInApi(env.url, accountant);
    await owner.post("/api/notifications/read-all");
    const made = await seed(owner, { description: `Audited purchase ${Date.now()}` }, true);

    for (const viewport of ["desktop", "phone"] as const) {
      const { page } = await env.newPage(viewport);
      await env.signIn(page, admin);
      await page.goto("/audit");
      await page.getByLabel("Search audit logs").fill(made.id);
      const entry = page
        .locator("li")
        .filter({ hasText: made.id.slice(0, 8) })
        .first();
      await entry.waitFor(WAIT);
      await entry.getByText(made.humanReadableId, { exact: true }).waitFor(WAIT);
      await photograph(page, `audit-txn-number-${viewport}`);

      // The accountant's own sign-in and notification read are in the trail, until 'Changes only'.
      await page.getByLabel("Search audit logs").fill(accountant.id);
      const rows = page.locator("li");
      await rows.filter({ hasText: "read_notifications" }).first().waitFor(WAIT);
      await rows.filter({ hasText: "login" }).first().waitFor(WAIT);
      await page.getByLabel("Changes only").check();
      await page.getByText("No audit logs found").waitFor(WAIT);
      expect(await rows.filter({ hasText: "read_notifications" }).count()).toBe(0);
      expect(await rows.filter({ hasText: "login" }).count()).toBe(0);
      await page.getByLabel("Search audit logs").fill("");
      await page.getByText("Matching the filters").first().waitFor(WAIT);
      await page.context().close();
    }
  });
});
