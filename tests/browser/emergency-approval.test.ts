// Emergency approval through public links (spec 000 §4 'Emergency Approval Required', spec 001 §2
// 'Public emergency approval and rejection pages', DECISIONS §5 and §10).
//
// A SuperAdmin sets the approvers' PINs on /admin/emergency (never shown back).
// An Accountant creates an emergency transaction on Create Transaction; the success panel shows the
// copy-paste message with its approve and reject links and copies it to the clipboard. Signed out,
// on a phone, an emergency approver opens the approve link from that message, reads the request,
// picks their code, types a wrong PIN ('Wrong PIN', nothing decided), then theirs, and approves:
// the database has the transaction Approved at once and the pair
// used up, and both links then say 'Link Invalid'. Then the reject path, an expired link and a
// garbage token. Tokens only ever come from the message or from the emergency-links answer the
// client itself receives.
import crypto from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { VIEWPORTS, startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { approvals, auditLog, categories, emergencyApproverPins, emergencyLinks, notifications, transactions } from "../../server/db/schema";
import { setApproverPin } from "../../server/services/emergency-approvers";
import { systemClock } from "../../server/clock";
import { verifyPassword } from "../../server/auth/passwords";
import type { MadeUser } from "../../server/test/factories";
import { formatDate, formatInTimeZone, formatRupees } from "../../shared/format";

const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 250 };
const INVALID_TEXT = "This emergency approval link is invalid, expired, or has already been used.";
const EXPIRED_TEXT = "This emergency approval link has expired and can no longer be used.";
/** DECISIONS §5: the three approver codes until a SuperAdmin changes them. */
const DEFAULT_CODES = ["AK", "RS", "VM"];
/** A zone far from Asia/Kolkata: the page must show the expiry in IST whatever the phone's zone. */
const PHONE_TIME_ZONE = "America/New_York";
/** DECISIONS §10: AK and VM get theirs before the tests; RS's is set on the admin screen. */
const PINS: Record<string, string> = { AK: "864209", RS: "50607080", VM: "1357911" };

let env: BrowserTestEnv;
let accountant: MadeUser;
let accountantPage: Page;

/** Screens photographed for a person to look at, when SCREENSHOT_DIR is set. */
async function photograph(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  env = await startBrowserTestEnv();
  // Vendor Payment gets three custom fields; the third is left empty on purpose.
  const updated = await env.db
    .update(categories)
    .set({
      fieldSchema: [
        { id: "vendor_name", label: "Vendor Name", type: "text", required: true },
        { id: "payment_mode", label: "Payment Mode", type: "select", required: false, options: ["NEFT", "Cheque", "UPI"] },
        { id: "po_number", label: "PO Number", type: "text", required: false },
      ],
    })
    .where(eq(categories.name, "Vendor Payment"))
    .returning({ id: categories.id });
  expect(updated).toHaveLength(1);
  accountant = await env.makeUser("Accountant", { name: "Meera Pillai" });
  const setter = await env.makeUser("SuperAdmin", { name: "PIN Setter" });
  const actor = { id: setter.id, role: setter.role, name: setter.name, username: setter.username, visibilityWindowDays: setter.visibilityWindowDays };
  for (const code of ["AK", "VM"]) await setApproverPin({ db: env.db, clock: systemClock, actor, ip: null }, code, PINS[code]!);
  const ctx = await env.newPage("desktop");
  accountantPage = ctx.page;
  await env.signIn(accountantPage, accountant);
});
afterAll(async () => {
  await env?.close();
});

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

const sha256 = (token: string) => crypto.createHash("sha256").update(token, "utf8").digest("hex");

/** A link of the copy-paste message, split into its URL, path and token. */
function linkIn(message: string, kind: "approve" | "reject") {
  const url = new RegExp(`https?://[^\\s]+/emergency-${kind}/([A-Za-z0-9_-]+)`).exec(message);
  if (!url) throw new Error(`no ${kind} link in the message:\n${message}`);
  return { url: url[0], token: url[1], path: new URL(url[0]).pathname };
}

async function txnRow(humanReadableId: string) {
  const [row] = await env.db.select().from(transactions).where(eq(transactions.humanReadableId, humanReadableId));
  return row;
}

async function linkRows(transactionId: string) {
  return env.db.select().from(emergencyLinks).where(eq(emergencyLinks.transactionId, transactionId));
}

/** A signed-out phone, in another time zone than India: how an emergency approver opens the link. */
async function approverPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext({ ...VIEWPORTS.phone, timezoneId: PHONE_TIME_ZONE });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * What the client does for an emergency transaction, through the API from the Accountant's page:
 * create, submit, then POST /api/transactions/:id/emergency-links. Answers that call's answer.
 */
async function emergencyTransactionViaApi(description: string, amount: string) {
  return accountantPage.evaluate(
    async ({ description, amount, date }) => {
      const headers = { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" };
      const list = await (await fetch("/api/categories")).json();
      const cats: { id: string; name: string }[] = Array.isArray(list) ? list : list.categories;
      const category = cats.find((c) => c.name === "Vendor Payment");
      if (!category) throw new Error("no Vendor Payment category");
      const res = await fetch("/api/transactions", {
        method: "POST",
        headers,
        body: JSON.stringify({
          formType: "R",
          categoryId: category.id,
          amount,
          transactionDate: date,
          description,
          isEmergency: true,
          customFieldValues: { vendor_name: "Deccan Couriers" },
        }),
      });
      if (!res.ok) throw new Error(`create: ${res.status} ${await res.text()}`);
      const created = await res.json();
      const submit = await fetch(`/api/transactions/${created.id}/submit`, { method: "POST", headers, body: "{}" });
      if (!submit.ok) throw new Error(`submit: ${submit.status} ${await submit.text()}`);
      const links = await fetch(`/api/transactions/${created.id}/emergency-links`, { method: "POST", headers, body: "{}" });
      if (!links.ok) throw new Error(`emergency-links: ${links.status} ${await links.text()}`);
      const answer = (await links.json()) as { copyPasteMessage: string; approveUrl: string; rejectUrl: string; expiresAt: string };
      return { id: created.id as string, humanReadableId: created.humanReadableId as string, ...answer };
    },
    { description, amount, date: today() },
  );
}

/** The public page shows no decision form: no approver choice and no APPROVE/REJECT button. */
async function expectNoForm(page: Page) {
  expect(await page.getByLabel("Select Approver").count()).toBe(0);
  expect(await page.getByRole("button", { name: /^(APPROVE|REJECT)$/ }).count()).toBe(0);
}

/** What the public API answers for a token, from outside any browser session. */
async function publicView(token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${env.url}/api/emergency-approval/${token}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

// Shared by the first two tests: the transaction created on the screen and its message.
let created: { humanReadableId: string; description: string; message: string } | null = null;

describe("emergency approval", () => {
  it("a SuperAdmin sets and replaces the approver PINs on /admin/emergency: 'PIN set' or 'No PIN yet', the PIN never shown back", async () => {
    const admin = await env.makeUser("SuperAdmin", { name: "Rajesh Sharma" });
    const { page } = await env.newPage("desktop");
    await env.signIn(page, admin);
    await page.goto("/admin/emergency");
    await page.getByRole("heading", { name: "Approver PINs" }).waitFor(WAIT);
    const row = (code: string) => page.getByRole("form", { name: `PIN of ${code}` });
    await row("AK").getByText("PIN set", { exact: true }).waitFor();
    await row("VM").getByText("PIN set", { exact: true }).waitFor();
    await row("RS").getByText("No PIN yet", { exact: true }).waitFor();
    await photograph(page, "emergency-pins-desktop-before");

    // A PIN too short is refused on the screen, and nothing is stored.
    const rsInput = row("RS").getByLabel("PIN for RS");
    expect(await rsInput.getAttribute("type")).toBe("password");
    expect(await rsInput.getAttribute("inputmode")).toBe("numeric");
    await rsInput.fill("12345");
    await row("RS").getByRole("button", { name: "Set PIN" }).click();
    await row("RS").getByText("The PIN must be 6 to 8 digits", { exact: true }).waitFor();
    expect(await env.db.select().from(emergencyApproverPins).where(eq(emergencyApproverPins.code, "RS"))).toHaveLength(0);

    // RS's PIN set: the row says so, the field is empty again, the PIN is nowhere on the page.
    await rsInput.fill(PINS.RS!);
    await row("RS").getByRole("button", { name: "Set PIN" }).click();
    await row("RS").getByText("PIN set", { exact: true }).waitFor(WAIT);
    expect(await rsInput.inputValue()).toBe("");
    await row("RS").getByRole("button", { name: "Replace PIN" }).waitFor();
    const [stored] = await env.db.select().from(emergencyApproverPins).where(eq(emergencyApproverPins.code, "RS"));
    expect(await verifyPassword(stored!.pinHash, PINS.RS!)).toBe(true);
    expect(stored!.updatedBy).toBe(admin.id);

    // Replacing AK's PIN (then putting the one the other tests use back).
    const akInput = row("AK").getByLabel("New PIN for AK");
    await akInput.fill("24242424");
    await row("AK").getByRole("button", { name: "Replace PIN" }).click();
    await page.getByText("AK has a new PIN.").first().waitFor(WAIT);
    let [ak] = await env.db.select().from(emergencyApproverPins).where(eq(emergencyApproverPins.code, "AK"));
    expect(await verifyPassword(ak!.pinHash, "24242424")).toBe(true);
    await akInput.fill(PINS.AK!);
    await row("AK").getByRole("button", { name: "Replace PIN" }).click();
    await expect
      .poll(async () => {
        [ak] = await env.db.select().from(emergencyApproverPins).where(eq(emergencyApproverPins.code, "AK"));
        return verifyPassword(ak!.pinHash, PINS.AK!);
      }, POLL)
      .toBe(true);

    // After a reload: every code has its PIN, none is shown.
    await page.reload();
    for (const code of DEFAULT_CODES) await row(code).getByText("PIN set", { exact: true }).waitFor(WAIT);
    const text = await page.locator("body").innerText();
    for (const pin of [...Object.values(PINS), "24242424"]) expect(text).not.toContain(pin);
    const values = await page.locator("input").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    for (const pin of Object.values(PINS)) expect(values).not.toContain(pin);
    await photograph(page, "emergency-pins-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await photograph(page, "emergency-pins-phone");
  });

  it("Create Transaction with 'Emergency Approval Required' shows the copy-paste message with both links, and Copy Message copies it", async () => {
    const { context, page } = await env.newPage("desktop");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.url });
    await env.signIn(page, accountant);
    const description = `Generator repair at the Surat warehouse ${Date.now()}`;

    await page.goto("/create-transaction");
    await page.getByRole("radio", { name: /B - Bill/ }).check();
    await page.getByLabel(/^Category/).selectOption({ label: "Vendor Payment (Built-in)" });
    await page.getByLabel(/^Vendor Name/).fill("Kaveri Generators");
    await page.getByLabel(/^Payment Mode/).selectOption("NEFT");
    await page.getByLabel(/^Amount/).fill("18750.25");
    await page.getByLabel(/^Transaction Date/).fill(today());
    await page.getByLabel(/^Description \/ Purpose/).fill(description);
    await page.getByLabel("Emergency Approval Required", { exact: true }).check();
    await page.getByText("After you submit, you get a message with approve and reject links").waitFor();
    await page.getByRole("button", { name: "Submit for Approval" }).click();

    // The success panel: the message, Copy Message and Close & Reset Form.
    await page.getByRole("heading", { name: "Emergency Transaction Created" }).waitFor(WAIT);
    const messageBox = page.getByLabel("Approval message");
    await messageBox.waitFor();
    const message = await messageBox.inputValue();
    const hrid = /Transaction: (TXN-\d{6})/.exec(message)?.[1];
    expect(hrid, message).toBeTruthy();
    await page.getByText(`${hrid} is pending.`).waitFor();
    const approve = linkIn(message, "approve");
    const reject = linkIn(message, "reject");
    // Each link opens this very server, with its own 32-byte token.
    expect(new URL(approve.url).port).toBe(new URL(env.url).port);
    expect(new URL(reject.url).port).toBe(new URL(env.url).port);
    expect(approve.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reject.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(approve.token).not.toBe(reject.token);
    for (const part of [
      formatRupees("18750.25"),
      "Category: Vendor Payment",
      description,
      `Requested by: ${accountant.name}`,
      `Approvers: ${DEFAULT_CODES.join(", ")}`,
    ]) {
      expect(message).toContain(part);
    }
    // The whole message is on view, both links included: the box does not need scrolling.
    expect(await messageBox.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    const closeButton = page.getByRole("button", { name: "Close & Reset Form" });
    await closeButton.waitFor();
    expect(await page.getByRole("link", { name: "View My Transactions" }).getAttribute("href")).toBe("/my-transactions");
    expect(await page.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/");

    // The database: an emergency transaction, Pending, with one unused pair whose hashes match the tokens.
    const row = await txnRow(hrid!);
    expect(row).toMatchObject({
      status: "Pending",
      isEmergency: true,
      formType: "B",
      customFieldValues: { vendor_name: "Kaveri Generators", payment_mode: "NEFT" },
    });
    expect(Number(row.amount)).toBe(18750.25);
    const links = await linkRows(row.id);
    expect(links).toHaveLength(2);
    expect(links[0].pairId).toBe(links[1].pairId);
    expect(links.every((l) => l.usedAt === null && l.voidedAt === null)).toBe(true);
    expect(links.find((l) => l.action === "approve")?.tokenHash).toBe(sha256(approve.token));
    expect(links.find((l) => l.action === "reject")?.tokenHash).toBe(sha256(reject.token));
    // The links live 24 hours (EMERGENCY_LINK_TTL_HOURS default).
    const ttl = links[0].expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3_600_000);
    // The panel and the message give that expiry in India's time, as the public pages do.
    const expiresIst = formatInTimeZone(links[0].expiresAt, "Asia/Kolkata");
    expect(message).toContain(`These links expire on ${expiresIst}.`);
    await page.getByText(`The links expire ${expiresIst}.`, { exact: true }).waitFor();

    // Copy Message: the toast 'Copied!' and the clipboard holds the message.
    await page.evaluate(() => navigator.clipboard.writeText("something else"));
    await page.getByRole("button", { name: "Copy Message" }).click();
    await page.getByText("Copied!", { exact: true }).waitFor(WAIT);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), POLL).toBe(message);

    created = { humanReadableId: hrid!, description, message };

    // Close & Reset Form brings back an empty form.
    await closeButton.click();
    await page.getByRole("button", { name: "Submit for Approval" }).waitFor(WAIT);
    expect(await page.getByLabel(/^Description \/ Purpose/).inputValue()).toBe("");
  });

  it("the approve link, signed out on a phone: details, IST expiry, Category Details, the three codes; APPROVE approves at once and uses up the pair", async () => {
    expect(created, "the first test creates the transaction").not.toBeNull();
    const { humanReadableId, description, message } = created!;
    const approve = linkIn(message, "approve");
    const reject = linkIn(message, "reject");
    const before = await txnRow(humanReadableId);
    const [link] = (await linkRows(before.id)).filter((l) => l.action === "approve");

    const { page } = await approverPhone();
    await page.goto(approve.url);

    await page.getByRole("heading", { name: "Emergency Approval" }).waitFor(WAIT);
    await page.getByText("Urgent", { exact: true }).waitFor();
    // Expiry in Asia/Kolkata, whatever the phone's own zone.
    const expiresIst = formatInTimeZone(link.expiresAt, "Asia/Kolkata");
    expect(expiresIst).toMatch(/ IST$/);
    expect(expiresIst).not.toBe(formatInTimeZone(link.expiresAt, PHONE_TIME_ZONE));
    await page.getByText(`Link expires ${expiresIst}`, { exact: true }).waitFor();

    // The transaction's details.
    const detail = async (label: string) =>
      (
        await page
          .locator("dt", { hasText: new RegExp(`^${label}$`) })
          .locator("xpath=following-sibling::dd[1]")
          .textContent()
      )?.trim();
    expect(await detail("Transaction ID")).toBe(humanReadableId);
    expect(await detail("Category")).toBe("Vendor Payment");
    expect(await detail("Requested By")).toBe(accountant.name);
    expect(await detail("Form Type")).toBe("Form B (Bill)");
    expect(await detail("Transaction Date")).toBe(formatDate(before.transactionDate));
    expect(await detail("Description")).toBe(description);
    await page.getByText(formatRupees("18750.25"), { exact: true }).waitFor();

    // Category Details: the filled custom fields only.
    const details = page.getByRole("region", { name: "Category Details" });
    await details.waitFor();
    const pairs = await details.locator("dt").evaluateAll((dts) => dts.map((dt) => [dt.textContent?.trim(), dt.nextElementSibling?.textContent?.trim()]));
    expect(pairs).toEqual([
      ["Vendor Name", "Kaveri Generators"],
      ["Payment Mode", "NEFT"],
    ]);

    // Select Approver offers exactly the three codes the server answers.
    const select = page.getByLabel("Select Approver");
    const options = await select.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const view = await publicView(approve.token);
    expect(view.status).toBe(200);
    expect(view.body.approvers).toEqual(DEFAULT_CODES);
    expect(options).toEqual(DEFAULT_CODES);

    // Laid out for the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Under 'Select Approver', the PIN: a numeric field that does not show the digits.
    const pin = page.getByLabel("PIN");
    expect(await pin.getAttribute("type")).toBe("password");
    expect(await pin.getAttribute("inputmode")).toBe("numeric");
    expect(await pin.getAttribute("autocomplete")).toBe("one-time-code");
    const below = await page.evaluate(() => {
      const [select, pinInput] = [document.querySelector("select"), document.querySelector("input[inputmode=numeric]")];
      return Boolean(select && pinInput && select.compareDocumentPosition(pinInput) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(below).toBe(true);

    // APPROVE without a choice: the messages, and nothing happens.
    await page.getByRole("button", { name: "APPROVE", exact: true }).click();
    await page.getByText("Please select an approver", { exact: true }).waitFor();
    await page.getByText("Enter your PIN", { exact: true }).waitFor();
    expect(await select.getAttribute("aria-invalid")).toBe("true");
    expect(await txnRow(humanReadableId)).toMatchObject({ status: "Pending", approvalsReceived: 0 });
    expect((await linkRows(before.id)).every((l) => l.usedAt === null)).toBe(true);

    // Choose RS and a wrong PIN: 'Wrong PIN' and the tries left, the field emptied, the link still usable.
    await select.selectOption("RS");
    expect(await page.getByText("Please select an approver", { exact: true }).count()).toBe(0);
    await pin.fill("111111");
    await page.getByRole("button", { name: "APPROVE", exact: true }).click();
    await page.getByText(/^Wrong PIN\. [2-4] tries left before this approver code is locked for 15 minutes\.$/).waitFor(WAIT);
    expect(await pin.inputValue()).toBe("");
    expect(await pin.getAttribute("aria-invalid")).toBe("true");
    expect(await txnRow(humanReadableId)).toMatchObject({ status: "Pending", approvalsReceived: 0 });
    expect((await linkRows(before.id)).every((l) => l.usedAt === null)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await photograph(page, "emergency-approve-wrong-pin-phone");

    // RS's own PIN: approved.
    await pin.fill(PINS.RS!);
    await page.getByRole("button", { name: "APPROVE", exact: true }).click();
    await page.getByRole("heading", { name: "Transaction Approved" }).waitFor(WAIT);
    await photograph(page, "emergency-approve-done-phone");
    await page.getByText(`Transaction ${humanReadableId} has been approved by RS.`).waitFor();
    await expectNoForm(page);

    // DECISIONS §5: Approved at once, the pair used up with the code, the approval and the audit entry recorded.
    const after = await txnRow(humanReadableId);
    expect(after).toMatchObject({ status: "Approved", approvalsReceived: 1, previouslyRejected: false });
    expect(after.approvedAt).toBeTruthy();
    const used = await linkRows(before.id);
    expect(used).toHaveLength(2);
    expect(used.every((l) => l.usedAt !== null && l.usedByCode === "RS")).toBe(true);
    const acts = await env.db.select().from(approvals).where(eq(approvals.transactionId, before.id));
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ approverId: null, emergencyApproverCode: "RS", action: "approved", round: after.approvalRound });
    const audits = await env.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, before.id), eq(auditLog.action, "emergency_approve")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ performerLabel: "RS", performedBy: null });
    // The requester hears of it.
    const [note] = await env.db.select().from(notifications).where(eq(notifications.userId, accountant.id)).orderBy(desc(notifications.createdAt)).limit(1);
    expect(note).toMatchObject({ type: "user_notification", humanReadableId, message: `Transaction ${humanReadableId} was approved by emergency approver RS` });

    // Opening the same link again, or its paired reject link: 'Link Invalid', no form.
    for (const url of [approve.url, reject.url]) {
      await page.goto(url);
      await page.getByRole("heading", { name: "Link Invalid" }).waitFor(WAIT);
      await page.getByText(INVALID_TEXT, { exact: true }).waitFor();
      await expectNoForm(page);
    }
    expect((await publicView(approve.token)).status).toBe(404);
    expect((await publicView(reject.token)).status).toBe(404);
    // Still approved once.
    expect(await txnRow(humanReadableId)).toMatchObject({ status: "Approved", approvalsReceived: 1 });
  });

  it("the reject link: REJECT with an approver code shows 'Transaction Rejected' and the transaction is Rejected in the database", async () => {
    const description = `Courier charges for urgent samples ${Date.now()}`;
    const issued = await emergencyTransactionViaApi(description, "2400");
    const reject = linkIn(issued.copyPasteMessage, "reject");
    expect(reject.url).toBe(issued.rejectUrl);

    const { page } = await approverPhone();
    await page.goto(issued.rejectUrl);
    await page.getByRole("heading", { name: "Emergency Rejection" }).waitFor(WAIT);
    await page.getByText("Urgent", { exact: true }).waitFor();
    await page.getByText(description).waitFor();
    await page.getByRole("region", { name: "Category Details" }).getByText("Deccan Couriers").waitFor();
    expect(await page.getByRole("button", { name: "APPROVE", exact: true }).count()).toBe(0);

    await page.getByRole("button", { name: "REJECT", exact: true }).click();
    await page.getByText("Please select an approver", { exact: true }).waitFor();
    await page.getByLabel("Select Approver").selectOption("VM");
    await page.getByLabel("PIN").fill(PINS.VM!);
    await page.getByRole("button", { name: "REJECT", exact: true }).click();
    await page.getByRole("heading", { name: "Transaction Rejected" }).waitFor(WAIT);
    await page.getByText(`Transaction ${issued.humanReadableId} has been rejected by VM.`).waitFor();
    await expectNoForm(page);

    const row = await txnRow(issued.humanReadableId);
    expect(row).toMatchObject({ status: "Rejected", previouslyRejected: true, approvalsReceived: 0 });
    const acts = await env.db.select().from(approvals).where(eq(approvals.transactionId, row.id));
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ approverId: null, emergencyApproverCode: "VM", action: "rejected" });
    expect((await linkRows(row.id)).every((l) => l.usedAt !== null && l.usedByCode === "VM")).toBe(true);

    // The approve link of the same pair is now used up too.
    await page.goto(issued.approveUrl);
    await page.getByRole("heading", { name: "Link Invalid" }).waitFor(WAIT);
    await expectNoForm(page);
    expect(await txnRow(issued.humanReadableId)).toMatchObject({ status: "Rejected" });
  });

  it("an expired link shows the expired text with the form hidden, and decides nothing", async () => {
    const issued = await emergencyTransactionViaApi(`Diesel for the standby generator ${Date.now()}`, "5600");
    const row = await txnRow(issued.humanReadableId);
    // The pair expired a minute ago.
    const expired = await env.db
      .update(emergencyLinks)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(emergencyLinks.transactionId, row.id))
      .returning({ id: emergencyLinks.id });
    expect(expired).toHaveLength(2);

    const { page } = await approverPhone();
    for (const url of [issued.approveUrl, issued.rejectUrl]) {
      await page.goto(url);
      await page.getByText(EXPIRED_TEXT, { exact: true }).waitFor(WAIT);
      await expectNoForm(page);
      expect(await page.getByText(issued.humanReadableId).count()).toBe(0);
    }
    const answer = await publicView(linkIn(issued.copyPasteMessage, "approve").token);
    expect(answer).toMatchObject({ status: 410, body: { expired: true, message: EXPIRED_TEXT } });
    expect(await txnRow(issued.humanReadableId)).toMatchObject({ status: "Pending", approvalsReceived: 0 });
    expect((await linkRows(row.id)).every((l) => l.usedAt === null)).toBe(true);
  });

  it("a garbage token shows 'Link Invalid' with the form hidden", async () => {
    const { page } = await approverPhone();
    const garbage = [crypto.randomBytes(32).toString("base64url"), "not-a-real-token"];
    for (const token of garbage) {
      for (const kind of ["approve", "reject"]) {
        await page.goto(`${env.url}/emergency-${kind}/${token}`);
        await page.getByRole("heading", { name: "Link Invalid" }).waitFor(WAIT);
        await page.getByText(INVALID_TEXT, { exact: true }).waitFor();
        await expectNoForm(page);
      }
      expect((await publicView(token)).status).toBe(404);
    }
  });
});
