// Authority in the screens (DECISIONS §11): a SuperAdmin creates a rule on /admin/approval-rules
// (from ₹5,000: 2 approvals and a SuperAdmin's), an Accountant sees what a submission above it will
// need under the amount as it is typed and submits it, one Approver approves, and another Approver
// on a phone sees "Waiting for a SuperAdmin" in the queue and in the review sheet. The rule then
// says it is in use, and deleting it deactivates it. Screenshots of each screen go to the system's
// temporary directory, for review.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { approvalRules, approvals, transactions } from "../../server/db/schema";

const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 250 };
const SHOTS = path.join(os.tmpdir(), "auth-screens-shots");

let env: BrowserTestEnv;
beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const today = () => new Date().toISOString().slice(0, 10);

describe("approval rules, from the screen to the approver's queue", () => {
  it("a rule made on the screen is previewed on the form, kept at submit, and the phone queue says a SuperAdmin is still needed", async () => {
    const admin = await env.makeUser("SuperAdmin");
    const accountant = await env.makeUser("Accountant");
    const first = await env.makeUser("Approver");
    const second = await env.makeUser("Approver", { name: "Kavya Iyer" });
    const ruleName = `Above ₹5,000 ${Date.now().toString(36)}`;

    // ---------------------------------------------------------------- the SuperAdmin makes the rule
    const adm = (await env.newPage("desktop")).page;
    await env.signIn(adm, admin);
    await adm.goto("/admin");
    await adm
      .getByRole("button", { name: /Admin Tools/ })
      .filter({ visible: true })
      .first()
      .click();
    await adm.getByRole("menuitem", { name: "Approval Rules" }).click();
    await adm.waitForURL("**/admin/approval-rules");
    await adm.getByText("No approval rules yet").waitFor(WAIT);
    await shot(adm, "rules-empty-desktop");

    await adm.getByRole("button", { name: "Create Rule" }).first().click();
    const dialog = adm.getByRole("dialog", { name: "Create Approval Rule" });
    await dialog.waitFor(WAIT);
    // The server's schema checks the form: nothing typed, nothing sent.
    await dialog.getByRole("button", { name: "Create Rule" }).click();
    await dialog.getByText("Rule name is required").waitFor(WAIT);
    await dialog.getByLabel(/^Rule Name/).fill(ruleName);
    await dialog.getByLabel(/^From Amount/).fill("5000");
    await dialog.getByLabel(/^Approvals Needed/).selectOption("2");
    await dialog.getByLabel("A SuperAdmin must approve").check();
    await dialog.getByText("Transactions of ₹5,000.00 or more will need at least 2 approvals, one of them a SuperAdmin's.").waitFor(WAIT);
    await shot(adm, "rules-form-desktop");
    await dialog.getByRole("button", { name: "Create Rule" }).click();
    await dialog.waitFor({ state: "detached", ...WAIT });

    const table = adm.getByRole("region", { name: "Approval rules" });
    const row = table.getByRole("row").filter({ hasText: ruleName });
    await row.waitFor(WAIT);
    expect(await row.innerText()).toMatch(/Every category\s+Both form types\s+₹5,000\.00\s+2 approvals\s+SuperAdmin required\s+Active\s+Not used yet/);
    // Every column, the actions too, fits a 1280 px screen without scrolling the table.
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const [kept] = await env.db.select().from(approvalRules).where(eq(approvalRules.name, ruleName));
    expect(kept).toMatchObject({ categoryId: null, formType: null, minAmount: "5000.00", requiredApprovals: 2, superAdminRequired: true, isActive: true });
    await shot(adm, "rules-list-desktop");

    // ---------------------------------------------------------------- the Accountant sees it coming, and submits
    const acc = (await env.newPage("desktop")).page;
    await env.signIn(acc, accountant);
    await acc.goto("/create-transaction");
    await acc.getByRole("radio", { name: /B - Bill/ }).check();
    await acc.getByLabel(/^Category/).selectOption({ label: "Office Expenses (Built-in)" });
    const amount = acc.getByLabel(/^Amount/);
    await amount.fill("4999.99");
    await acc.getByText("Will need 1 approval", { exact: true }).waitFor(WAIT);
    await amount.fill("7500");
    const preview = `Will need 2 approvals, one of them a SuperAdmin's: rule '${ruleName}'`;
    await acc.getByText(preview).waitFor(WAIT);
    await acc.getByLabel(/^Transaction Date/).fill(today());
    const description = `New laptops for the design team ${Date.now()}`;
    await acc.getByLabel(/^Description \/ Purpose/).fill(description);
    await shot(acc, "form-preview-desktop");
    await acc.getByRole("button", { name: "Submit for Approval" }).click();
    await acc.getByRole("heading", { name: "Transaction Submitted" }).waitFor(WAIT);
    const [submitted] = await env.db.select().from(transactions).where(eq(transactions.description, description));
    expect(submitted).toMatchObject({ status: "Pending", approvalsRequired: 2 });
    expect(submitted!.approvalPolicy).toMatchObject({ approvalsRequired: 2, superAdminRequired: true, rules: [{ id: kept!.id, name: ruleName }] });

    // The accountant's phone form says the same under the amount, without widening the page.
    const accPhone = (await env.newPage("phone")).page;
    await env.signIn(accPhone, accountant);
    await accPhone.goto("/create-transaction");
    await accPhone.getByLabel(/^Category/).selectOption({ label: "Office Expenses (Built-in)" });
    await accPhone.getByLabel(/^Amount/).fill("9000");
    await accPhone.getByText(`rule '${ruleName}'`, { exact: false }).waitFor(WAIT);
    expect(await accPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(accPhone, "form-preview-phone");

    // ---------------------------------------------------------------- one Approver approves; the second, on a phone, waits for a SuperAdmin
    const ap1 = (await env.newPage("desktop")).page;
    await env.signIn(ap1, first);
    await ap1.goto("/pending-approvals");
    const card1 = ap1.getByRole("article", { name: submitted!.humanReadableId });
    await card1.waitFor(WAIT);
    await card1.getByText("2 more approvals, one of them a SuperAdmin's").waitFor(WAIT);
    await shot(ap1, "pending-desktop");
    await card1.getByRole("button", { name: "Approve", exact: true }).click();
    await expect.poll(async () => (await env.db.select().from(transactions).where(eq(transactions.id, submitted!.id)))[0]!.approvalsReceived, POLL).toBe(1);

    const ap2 = (await env.newPage("phone")).page;
    await env.signIn(ap2, second);
    await ap2.goto("/pending-approvals");
    const card2 = ap2.getByRole("article", { name: submitted!.humanReadableId });
    await card2.waitFor(WAIT);
    await card2.getByText("Waiting for a SuperAdmin", { exact: true }).waitFor(WAIT);
    // The last place is the SuperAdmin's: this approver is told so where Approve would be, and may still reject.
    await card2.getByText("A SuperAdmin must approve this one", { exact: true }).waitFor(WAIT);
    expect(await card2.getByRole("button", { name: "Approve", exact: true }).count()).toBe(0);
    await card2.getByRole("button", { name: "Reject", exact: true }).waitFor(WAIT);
    expect(await ap2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(ap2, "pending-phone");
    // The review sheet says what the policy needs, by the rule's name, and what is missing.
    await card2.getByRole("button", { name: "View Details" }).click();
    const sheet = ap2.getByRole("dialog");
    await sheet.getByText(`Needs 2 approvals, one of them a SuperAdmin's: rule '${ruleName}'`, { exact: true }).waitFor(WAIT);
    await sheet.getByText("Waiting for a SuperAdmin", { exact: true }).waitFor(WAIT);
    await shot(ap2, "details-phone");
    await ap2.keyboard.press("Escape");

    // ---------------------------------------------------------------- the rule is now in use: deleting it deactivates it
    await adm.reload();
    await row.waitFor(WAIT);
    await row.getByText("In use").waitFor(WAIT);
    await row.getByRole("button", { name: `Delete ${ruleName}` }).click();
    const confirm = adm.getByRole("dialog", { name: "Deactivate Rule" });
    await confirm.getByText("Transactions applied this rule, so it will be deactivated instead of deleted").waitFor(WAIT);
    await shot(adm, "rules-delete-in-use-desktop");
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await adm.getByText("Rule Deactivated").first().waitFor(WAIT);
    await expect.poll(async () => (await env.db.select().from(approvalRules).where(eq(approvalRules.id, kept!.id)))[0]?.isActive, POLL).toBe(false);
    await row.getByText("Inactive").waitFor(WAIT);
    // The submitted transaction keeps what it needed.
    const [after] = await env.db.select().from(transactions).where(eq(transactions.id, submitted!.id));
    expect(after!.approvalPolicy).toMatchObject({ superAdminRequired: true, rules: [{ id: kept!.id }] });
    await shot(adm, "rules-list-after-desktop");

    const admPhone = (await env.newPage("phone")).page;
    await env.signIn(admPhone, admin);
    await admPhone.goto("/admin/approval-rules");
    await admPhone.getByText(ruleName).filter({ visible: true }).first().waitFor(WAIT);
    expect(await admPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(admPhone, "rules-list-phone");
    await admPhone.getByRole("button", { name: "Create Rule" }).first().click();
    await admPhone.getByRole("dialog", { name: "Create Approval Rule" }).waitFor(WAIT);
    await shot(admPhone, "rules-form-phone");
  });

  it("a SuperAdmin sets an approver's limit, delegates while away on My Account, sees it under Delegations, and the delegate's approval reads 'Anita Desai for Rajesh Sharma'", async () => {
    const admin = await env.makeUser("SuperAdmin", { name: "Rajesh Sharma" });
    const anita = await env.makeUser("Approver", { name: "Anita Desai" });
    const accountant = await env.makeUser("Accountant");

    // ---------------------------------------------------------------- the limit, on the user form
    const adm = (await env.newPage("desktop")).page;
    await env.signIn(adm, admin);
    await adm.goto("/users");
    await adm.getByRole("button", { name: "Edit Anita Desai" }).filter({ visible: true }).first().click();
    const form = adm.getByRole("dialog", { name: "Edit User" });
    await form.getByLabel(/^Approval Limit/).fill("50000");
    await shot(adm, "user-form-limit-desktop");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await form.waitFor({ state: "detached", ...WAIT });
    const userRow = adm.getByRole("region", { name: "System users" }).getByRole("row").filter({ hasText: anita.username });
    await userRow.getByText("₹50,000.00").waitFor(WAIT);
    await shot(adm, "users-limit-desktop");

    // ---------------------------------------------------------------- the SuperAdmin, away today, delegates to Anita
    await adm.getByRole("link", { name: "Rajesh Sharma" }).click();
    await adm.waitForURL("**/account");
    await adm.getByRole("heading", { name: "Away? Delegate your approvals" }).waitFor(WAIT);
    await adm.getByLabel(/^Delegate/).selectOption({ label: "Anita Desai (Approver)" });
    await adm.getByLabel(/^Reason/).fill("Board meeting in Mumbai");
    await adm.getByRole("button", { name: "Delegate", exact: true }).click();
    await adm.getByText("Anita Desai approves for you").waitFor(WAIT);
    await adm.getByText("Active now").first().waitFor(WAIT);
    await shot(adm, "account-delegated-desktop");

    await adm.goto("/admin/delegations");
    await adm.getByText("Anita Desai for Rajesh Sharma").first().waitFor(WAIT);
    await shot(adm, "delegations-admin-desktop");

    // ---------------------------------------------------------------- above Anita's own limit: she approves for Rajesh
    const acc = (await env.newPage("desktop")).page;
    await env.signIn(acc, accountant);
    const humanReadableId = await acc.evaluate(async (date) => {
      const headers = { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" };
      const cats: { id: string; name: string }[] = await (await fetch("/api/categories")).json();
      const category = cats.find((c) => c.name === "Office Expenses")!;
      const created = await (
        await fetch("/api/transactions", {
          method: "POST",
          headers,
          body: JSON.stringify({ formType: "B", categoryId: category.id, amount: "60000", transactionDate: date, description: "Conference hall booking" }),
        })
      ).json();
      const submit = await fetch(`/api/transactions/${created.id}/submit`, { method: "POST", headers, body: "{}" });
      if (!submit.ok) throw new Error(`submit: ${submit.status}`);
      return created.humanReadableId as string;
    }, today());

    const ap = (await env.newPage("phone")).page;
    await env.signIn(ap, anita);
    await ap.goto("/account");
    await ap.getByText("You approve for Rajesh Sharma").waitFor(WAIT);
    await ap.getByText("Up to ₹50,000.00").waitFor(WAIT);
    expect(await ap.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(ap, "account-received-phone");
    await ap.goto("/pending-approvals");
    const card = ap.getByRole("article", { name: humanReadableId });
    // Told before approving that it is Rajesh's authority she uses (DECISIONS §16).
    await card.getByRole("button", { name: "Approve for Rajesh Sharma" }).click();
    await expect
      .poll(async () => (await env.db.select().from(transactions).where(eq(transactions.humanReadableId, humanReadableId)))[0]!.status, POLL)
      .toBe("Approved");
    const [row] = await env.db.select().from(transactions).where(eq(transactions.humanReadableId, humanReadableId));
    const [kept] = await env.db.select().from(approvals).where(eq(approvals.transactionId, row!.id));
    expect(kept).toMatchObject({ approverId: anita.id, onBehalfOf: admin.id, action: "approved" });

    await adm.goto("/transactions");
    await adm.getByRole("button", { name: humanReadableId, exact: true }).click();
    const details = adm.getByRole("dialog");
    await details.getByText("Anita Desai for Rajesh Sharma approved").first().waitFor(WAIT);
    await shot(adm, "details-on-behalf-desktop");

    // The audit trail names both too.
    await adm.goto("/audit");
    const entry = adm.getByRole("listitem").filter({ hasText: humanReadableId }).filter({ hasText: "approve" });
    await entry.getByText("by Anita Desai for Rajesh Sharma").first().waitFor(WAIT);
    await shot(adm, "audit-on-behalf-desktop");
  });

  it("bulk approve on a phone says which it skipped and why: a limit lowered after the queue was loaded", async () => {
    const admin = await env.makeUser("SuperAdmin");
    const accountant = await env.makeUser("Accountant");
    const approver = await env.makeUser("Approver", { name: "Meera Nair" });

    const acc = (await env.newPage("desktop")).page;
    await env.signIn(acc, accountant);
    const [small, large] = await acc.evaluate(async (date) => {
      const headers = { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" };
      const cats: { id: string; name: string }[] = await (await fetch("/api/categories")).json();
      const category = cats.find((c) => c.name === "Travel")!;
      const ids: string[] = [];
      for (const [amount, description] of [
        ["3000", "Cab fares for the client visit"],
        ["8000", "Train tickets for the audit team"],
      ]) {
        const created = await (
          await fetch("/api/transactions", {
            method: "POST",
            headers,
            body: JSON.stringify({ formType: "R", categoryId: category.id, amount, transactionDate: date, description }),
          })
        ).json();
        const submit = await fetch(`/api/transactions/${created.id}/submit`, { method: "POST", headers, body: "{}" });
        if (!submit.ok) throw new Error(`submit: ${submit.status}`);
        ids.push(created.humanReadableId as string);
      }
      return ids;
    }, today());

    // The phone's socket goes quiet once the queue is loaded (a slow network): the pending feed
    // cannot tell it of the new limit, so only the server's answer can say what it skipped.
    const phone = await env.newPage("phone");
    let quiet = false;
    await phone.context.routeWebSocket(/\/ws$/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (!quiet) ws.send(message);
      });
    });
    const ap = phone.page;
    await env.signIn(ap, approver);
    await ap.goto("/pending-approvals");
    await ap.getByRole("checkbox", { name: `Select ${small} for bulk approval` }).check();
    await ap.getByRole("checkbox", { name: `Select ${large} for bulk approval` }).check();
    quiet = true;

    // Meanwhile a SuperAdmin sets her limit at ₹5,000.
    const adm = (await env.newPage("desktop")).page;
    await env.signIn(adm, admin);
    const status = await adm.evaluate(async (id) => {
      const res = await fetch(`/api/admin/users/${id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify({ approvalLimit: "5000" }),
      });
      return res.status;
    }, approver.id);
    expect(status).toBe(200);

    await ap.getByRole("button", { name: "Approve selected (2)" }).click();
    // It asks first (DECISIONS §16), with the count and the total as the screen knew them.
    await ap.getByRole("dialog", { name: "Approve 2 transactions, ₹11,000.00 in all?" }).getByRole("button", { name: "Approve 2" }).click();
    const results = ap.getByRole("dialog", { name: "Bulk Approval Results" });
    await results.getByText("1 approved, 1 not approved.").waitFor(WAIT);
    const skipped = results.getByRole("listitem").filter({ hasText: large });
    await skipped.getByText("Not approved").waitFor(WAIT);
    await skipped.getByText("Above your approval limit of ₹5,000.00").waitFor(WAIT);
    await results.getByRole("listitem").filter({ hasText: small }).getByText("Approved", { exact: true }).waitFor(WAIT);
    expect(await ap.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(ap, "bulk-skipped-phone");
    const rows = await env.db
      .select()
      .from(transactions)
      .where(inArray(transactions.humanReadableId, [small!, large!]));
    expect(Object.fromEntries(rows.map((r) => [r.humanReadableId, r.status]))).toEqual({ [small!]: "Approved", [large!]: "Pending" });
  });
});
