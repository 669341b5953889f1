// The daily screens, second look (DECISIONS §16), as their people meet them on a desktop and a
// 390 px phone: bulk approve asks first with the count and the total and lists what it leaves out
// and why; a delegate's button says whose authority it uses; switching a person, a rule or a party
// off asks first; the audit trail finds a TXN number, a person and a party; the sidebar highlights
// the page one is on; the import offers no future month; and a delegation's end names each person once.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { signInApi, todayInAppZone, type ApiClient } from "./api-client";
import { approvalRules, approvals, auditLog, categories, notifications, parties, transactions, users } from "../../server/db/schema";

const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 250 };

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

/** A Form B transaction created and submitted through the API by `owner`. */
async function submitted(owner: ApiClient, amount: string, description: string, extra: Record<string, unknown> = {}): Promise<Made> {
  const created = await owner.post<Made>("/api/transactions", {
    formType: "B",
    categoryId: await categoryId("Office Expenses"),
    amount,
    transactionDate: todayInAppZone(),
    description,
    ...extra,
  });
  await owner.post(`/api/transactions/${created.id}/submit`);
  return created;
}

const statusOf = async (ids: string[]) =>
  Object.fromEntries(
    (await env.db.select({ n: transactions.humanReadableId, s: transactions.status }).from(transactions).where(inArray(transactions.id, ids))).map((r) => [
      r.n,
      r.s,
    ]),
  );

describe("bulk approve asks first", () => {
  // First in the file: the queue holds only this test's transactions.
  it("with the count and the total, listing what it leaves out and why (limit, one's own); Cancel approves nothing (phone, then desktop)", async () => {
    const accountant = await env.makeUser("Accountant");
    const admin = await env.makeUser("SuperAdmin", { name: "Rekha Menon" });
    const adminApi = await signInApi(env.url, admin);
    // A SuperAdmin with a limit meets both reasons a row is left out.
    await adminApi.put(`/api/admin/users/${admin.id}`, { approvalLimit: "5000" });
    const owner = await signInApi(env.url, accountant);
    const a = await submitted(owner, "1250.00", "Printer toner for accounts");
    const b = await submitted(owner, "2500.50", "Courier charges, November");
    const above = await submitted(owner, "7500.00", "Conference room chairs");
    const own = await submitted(adminApi, "900.00", "Tea and snacks for the audit team");

    for (const viewport of ["phone", "desktop"] as const) {
      const { page } = await env.newPage(viewport);
      await env.signIn(page, admin);
      await page.goto("/pending-approvals");
      await page.getByRole("article", { name: own.humanReadableId }).getByText("You cannot approve your own transaction").waitFor(WAIT);
      await page.getByRole("article", { name: above.humanReadableId }).getByText("Above your approval limit of ₹5,000.00").waitFor(WAIT);
      // Only what may be approved can be ticked; Select all says what it left out and why.
      expect(await page.getByRole("checkbox", { name: `Select ${above.humanReadableId} for bulk approval` }).count()).toBe(0);
      await page.getByLabel("Select all").check();
      await page
        .getByRole("status")
        .filter({ hasText: "Left out 2:" })
        .getByText("Above your approval limit of ₹5,000.00 (1); You cannot approve your own transaction (1)", { exact: false })
        .waitFor(WAIT);
      await page.getByRole("button", { name: "Approve selected (2)" }).click();
      const confirm = page.getByRole("dialog", { name: "Approve 2 transactions, ₹3,750.50 in all?" });
      await confirm.waitFor(WAIT);
      const chosen = confirm.getByRole("list", { name: "To approve" });
      for (const t of [a, b]) await chosen.getByText(t.humanReadableId).waitFor(WAIT);
      const leftOut = confirm.getByRole("list", { name: "Left out" });
      await leftOut.getByRole("listitem").filter({ hasText: above.humanReadableId }).getByText("Above your approval limit of ₹5,000.00").waitFor(WAIT);
      await leftOut.getByRole("listitem").filter({ hasText: own.humanReadableId }).getByText("You cannot approve your own transaction").waitFor(WAIT);
      await photograph(page, `bulk-approve-confirm-${viewport}`);
      if (viewport === "phone") {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await confirm.waitFor({ state: "detached", ...WAIT });
        // One tap approved nothing.
        expect(await statusOf([a.id, b.id, above.id, own.id])).toEqual({
          [a.humanReadableId]: "Pending",
          [b.humanReadableId]: "Pending",
          [above.humanReadableId]: "Pending",
          [own.humanReadableId]: "Pending",
        });
      } else {
        await confirm.getByRole("button", { name: "Approve 2" }).click();
        const results = page.getByRole("dialog", { name: "Bulk Approval Results" });
        await results.getByText("2 approved.").waitFor(WAIT);
        expect(await statusOf([a.id, b.id, above.id, own.id])).toEqual({
          [a.humanReadableId]: "Approved",
          [b.humanReadableId]: "Approved",
          [above.humanReadableId]: "Pending",
          [own.humanReadableId]: "Pending",
        });
      }
      await page.context().close();
    }
  });
});

describe("a delegate knows before approving", () => {
  it("the card's button and the review sheet say 'Approve for Rajesh Sharma' when the approval uses his authority, and it is recorded so (phone and desktop)", async () => {
    const accountant = await env.makeUser("Accountant");
    const rajesh = await env.makeUser("Approver", { name: "Rajesh Sharma" });
    const vikram = await env.makeUser("Approver", { name: "Vikram Mehta" });
    const adminApi = await signInApi(env.url, await env.makeUser("SuperAdmin"));
    await adminApi.put(`/api/admin/users/${vikram.id}`, { approvalLimit: "1000" });
    await adminApi.post("/api/delegations", {
      delegatorId: rajesh.id,
      delegateId: vikram.id,
      from: todayInAppZone(),
      to: todayInAppZone(3),
      reason: "At the statutory audit in Mumbai",
    });
    const owner = await signInApi(env.url, accountant);
    const small = await submitted(owner, "800.00", "Stationery for the front desk");
    const big = await submitted(owner, "45000.00", "Annual maintenance of the weaving looms");

    // Desktop: the card's button says it; his own-limit one says plain Approve.
    const desk = (await env.newPage("desktop")).page;
    await env.signIn(desk, vikram);
    await desk.goto("/pending-approvals");
    await desk.getByRole("article", { name: big.humanReadableId }).getByRole("button", { name: "Approve for Rajesh Sharma" }).waitFor(WAIT);
    await desk.getByRole("article", { name: small.humanReadableId }).getByRole("button", { name: "Approve", exact: true }).waitFor(WAIT);
    await photograph(desk, "approve-for-desktop");
    await desk.context().close();

    // Phone: the review sheet says whose authority it uses, and approving records it.
    const phone = (await env.newPage("phone")).page;
    await env.signIn(phone, vikram);
    await phone.goto("/pending-approvals");
    await phone.getByRole("article", { name: big.humanReadableId }).getByRole("button", { name: "View Details" }).click();
    const sheet = phone.getByRole("dialog", { name: `Transaction ${big.humanReadableId}` });
    await sheet.getByText("This approval uses the authority Rajesh Sharma delegated to you").waitFor(WAIT);
    await photograph(phone, "approve-for-sheet-phone");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await sheet.getByRole("button", { name: "Approve for Rajesh Sharma" }).click();
    await expect
      .poll(async () => (await env.db.select().from(approvals).where(eq(approvals.transactionId, big.id)))[0]?.onBehalfOf ?? null, POLL)
      .toBe(rajesh.id);
    await phone.getByText(`${big.humanReadableId} has been approved for Rajesh Sharma.`).first().waitFor(WAIT);
  });
});

describe("switching off asks first", () => {
  it("disabling a user names them and that their sessions end, keeps the reason in the audit entry, and ends their session; the edit form's Active box asks too (desktop), and the phone's Disable (phone)", async () => {
    const admin = await env.makeUser("SuperAdmin");
    const leaving = await env.makeUser("Accountant", { name: "Sunita Kulkarni" });
    const staying = await env.makeUser("Accountant", { name: "Harish Patel" });
    const theirs = await signInApi(env.url, leaving);

    const { page } = await env.newPage("desktop");
    await env.signIn(page, admin);
    await page.goto("/users");
    // The edit form's Active box asks too; Cancel leaves them as they were.
    await page
      .getByRole("button", { name: `Edit ${staying.name}` })
      .filter({ visible: true })
      .first()
      .click();
    const form = page.getByRole("dialog", { name: "Edit User" });
    await form.getByLabel("Active").uncheck();
    await form.getByRole("button", { name: "Save Changes" }).click();
    const fromForm = page.getByRole("dialog", { name: `Disable ${staying.name}?` });
    await fromForm.getByText(/every session open now ends at once/).waitFor(WAIT);
    await fromForm.getByRole("button", { name: "Cancel" }).click();
    await fromForm.waitFor({ state: "detached", ...WAIT });
    await page.keyboard.press("Escape");
    expect((await env.db.select({ a: users.isActive }).from(users).where(eq(users.id, staying.id)))[0]!.a).toBe(true);

    await page
      .getByRole("button", { name: `Deactivate ${leaving.name}` })
      .filter({ visible: true })
      .first()
      .click();
    const confirm = page.getByRole("dialog", { name: `Disable ${leaving.name}?` });
    await confirm
      .getByText(`${leaving.name} (@${leaving.username}) can no longer sign in, and every session open now ends at once, on every device.`, { exact: false })
      .waitFor(WAIT);
    await confirm.getByLabel("Reason (optional)").fill("Left the company on 30 November");
    await photograph(page, "disable-user-desktop");
    await confirm.getByRole("button", { name: "Disable user" }).click();
    await page.getByText("User Deactivated").first().waitFor(WAIT);
    await expect.poll(async () => (await env.db.select({ a: users.isActive }).from(users).where(eq(users.id, leaving.id)))[0]!.a, POLL).toBe(false);
    const [entry] = await env.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, leaving.id), eq(auditLog.action, "disable")));
    expect(entry?.reason).toBe("Left the company on 30 November");
    await expect(theirs.get("/api/auth/me")).rejects.toThrow(/401/);
    await page.context().close();

    // On a phone the older screen's Disable asks the same; Cancel changes nothing.
    const phone = (await env.newPage("phone")).page;
    await env.signIn(phone, admin);
    await phone.goto("/admin/users");
    await phone.getByRole("button", { name: `Disable ${staying.username}` }).click();
    const phoneConfirm = phone.getByRole("dialog", { name: `Disable ${staying.name}?` });
    await phoneConfirm.getByRole("button", { name: "Disable user" }).waitFor(WAIT);
    await photograph(phone, "disable-user-phone");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phoneConfirm.getByRole("button", { name: "Cancel" }).click();
    await phoneConfirm.waitFor({ state: "detached", ...WAIT });
    expect((await env.db.select({ a: users.isActive }).from(users).where(eq(users.id, staying.id)))[0]!.a).toBe(true);
  });

  it("deactivating an approval rule or a party asks first, naming it and what follows; Cancel keeps it active", async () => {
    const admin = await env.makeUser("SuperAdmin");
    const adminApi = await signInApi(env.url, admin);
    const ruleName = `Above ₹2,50,000 ${Date.now().toString(36)}`;
    const rule = await adminApi.post<{ id: string }>("/api/admin/approval-rules", {
      name: ruleName,
      categoryId: null,
      formType: null,
      minAmount: "250000",
      requiredApprovals: 2,
      superAdminRequired: false,
    });
    const party = await adminApi.post<{ id: string; name: string }>("/api/parties", { name: `Kothari Dyes ${Date.now().toString(36)}` });

    const { page } = await env.newPage("desktop");
    await env.signIn(page, admin);
    await page.goto("/admin/approval-rules");
    await page
      .getByRole("button", { name: `Deactivate ${ruleName}` })
      .filter({ visible: true })
      .first()
      .click();
    const ruleConfirm = page.getByRole("dialog", { name: `Deactivate the rule '${ruleName}'?` });
    await ruleConfirm.getByText("Transactions submitted from now on no longer need it.", { exact: false }).waitFor(WAIT);
    await ruleConfirm.getByRole("button", { name: "Cancel" }).click();
    await ruleConfirm.waitFor({ state: "detached", ...WAIT });
    expect((await env.db.select({ a: approvalRules.isActive }).from(approvalRules).where(eq(approvalRules.id, rule.id)))[0]!.a).toBe(true);
    await page
      .getByRole("button", { name: `Deactivate ${ruleName}` })
      .filter({ visible: true })
      .first()
      .click();
    await ruleConfirm.getByRole("button", { name: "Deactivate rule" }).click();
    await expect
      .poll(async () => (await env.db.select({ a: approvalRules.isActive }).from(approvalRules).where(eq(approvalRules.id, rule.id)))[0]!.a, POLL)
      .toBe(false);

    await page.goto("/parties");
    await page
      .getByRole("button", { name: `Deactivate ${party.name}` })
      .filter({ visible: true })
      .first()
      .click();
    const partyConfirm = page.getByRole("dialog", { name: `Deactivate ${party.name}?` });
    await partyConfirm.getByText("It can no longer be named on new transactions.", { exact: false }).waitFor(WAIT);
    await photograph(page, "deactivate-party-desktop");
    await partyConfirm.getByRole("button", { name: "Deactivate party" }).click();
    await expect.poll(async () => (await env.db.select({ a: parties.isActive }).from(parties).where(eq(parties.id, party.id)))[0]!.a, POLL).toBe(false);
    await page.getByText("Party Deactivated").first().waitFor(WAIT);

    // Switching back on is one tap, no question, and says so.
    await page
      .getByRole("button", { name: `Activate ${party.name}` })
      .filter({ visible: true })
      .first()
      .click();
    await expect.poll(async () => (await env.db.select({ a: parties.isActive }).from(parties).where(eq(parties.id, party.id)))[0]!.a, POLL).toBe(true);
    await page.getByText("Party Activated").first().waitFor(WAIT);
    expect(await page.getByRole("dialog").count()).toBe(0);

    // A rule no transaction applied is deleted outright, after its own question.
    await page.goto("/admin/approval-rules");
    await page
      .getByRole("button", { name: `Delete ${ruleName}` })
      .filter({ visible: true })
      .first()
      .click();
    const deleteConfirm = page.getByRole("dialog", { name: "Delete Rule" });
    await deleteConfirm.getByText("No transaction has applied it yet, so it is removed.", { exact: false }).waitFor(WAIT);
    await deleteConfirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Rule Deleted").first().waitFor(WAIT);
    await deleteConfirm.waitFor({ state: "detached", ...WAIT });
    expect(await env.db.select().from(approvalRules).where(eq(approvalRules.id, rule.id))).toEqual([]);
  });
});

describe("the audit trail finds what the books and people name", () => {
  it("a TXN number with or without its prefix, a person's name and a party's name (desktop, and the number on a phone)", async () => {
    const admin = await env.makeUser("SuperAdmin");
    const accountant = await env.makeUser("Accountant", { name: "Deepa Joshi" });
    const owner = await signInApi(env.url, accountant);
    const party = await owner.post<{ id: string; name: string }>("/api/parties", { name: `Ganesh Weaving Mills ${Date.now().toString(36)}` });
    const made = await submitted(owner, "3100.00", "Loom oil and grease", { partyId: party.id });
    const bare = String(Number(made.humanReadableId.slice(4)));

    for (const viewport of ["desktop", "phone"] as const) {
      const { page } = await env.newPage(viewport);
      await env.signIn(page, admin);
      await page.goto("/audit");
      const search = page.getByLabel("Search audit logs");
      const rows = page.getByRole("listitem");
      for (const text of viewport === "desktop" ? [made.humanReadableId, bare] : [bare]) {
        await search.fill(text);
        await rows.filter({ hasText: "submit" }).filter({ hasText: made.humanReadableId }).first().waitFor(WAIT);
        await rows.filter({ hasText: "create" }).filter({ hasText: made.humanReadableId }).first().waitFor(WAIT);
      }
      await photograph(page, `audit-search-number-${viewport}`);
      if (viewport === "desktop") {
        await search.fill("Deepa Joshi");
        await rows.filter({ hasText: "by Deepa Joshi" }).filter({ hasText: "submit" }).first().waitFor(WAIT);
        await search.fill(party.name.split(" ").slice(0, 2).join(" ").toLowerCase());
        await rows.filter({ hasText: "party" }).filter({ hasText: "create" }).first().waitFor(WAIT);
        await rows.filter({ hasText: made.humanReadableId }).first().waitFor(WAIT);
      } else {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      await page.context().close();
    }
  });
});

describe("small ones", () => {
  it("the sidebar highlights the Admin Tools page one is on, not Admin Dashboard; a delegation's end names each person once", async () => {
    const admin = await env.makeUser("SuperAdmin");
    const rajesh = await env.makeUser("Approver", { name: "Rajesh Sharma" });
    const vikram = await env.makeUser("Approver", { name: "Vikram Mehta" });
    const { page } = await env.newPage("desktop");
    await env.signIn(page, admin);
    const main = page.getByRole("navigation", { name: "Main" });
    for (const [path, label] of [
      ["/admin/approval-rules", "Approval Rules"],
      ["/admin/delegations", "Delegations"],
      ["/admin/accounting", "Ledgers"],
      ["/admin/company", "Company Details"],
      ["/admin", "Admin Dashboard"],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => main.locator('[aria-current="page"]').innerText(), POLL).toBe(label);
    }

    const rajeshApi = await signInApi(env.url, rajesh);
    const made = await rajeshApi.post<{ id: string }>("/api/delegations", {
      delegateId: vikram.id,
      from: todayInAppZone(),
      to: todayInAppZone(2),
      reason: "Site visit to Surat",
    });
    await rajeshApi.delete(`/api/delegations/${made.id}`, { reason: "Back early" });
    const told = await env.db.select({ m: notifications.message }).from(notifications).where(eq(notifications.userId, vikram.id));
    expect(told.map((n) => n.m)).toContain("Rajesh Sharma ended the delegation of their approvals to Vikram Mehta: Back early");
  });

  it("the attendance import's month list offers this month and the ones before it, none after", async () => {
    const hr = await env.makeUser("HR Staff");
    const { page } = await env.newPage("desktop");
    await env.signIn(page, hr);
    await page.goto("/hr/import");
    const select = page.getByRole("combobox", { name: /^Month/ });
    await select
      .locator("option")
      .nth(1)
      .waitFor({ state: "attached", ...WAIT });
    const months = await select.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const current = todayInAppZone().slice(0, 7);
    expect(months[0]).toBe(current);
    expect(months).toHaveLength(13);
    expect(months.every((m) => m <= current)).toBe(true);
  });
});
