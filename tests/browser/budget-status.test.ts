// Issue 'administration': a budget card's status follows what is approved in its category —
// On Track, then Alert at the threshold, then Over Budget (spec 001 §4; DECISIONS §7).
import crypto from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const LONG = { timeout: 20_000 };

type Answer = { status: number; body: any };

/** A call from the signed-in page, as the client makes it (the CSRF header included). */
function call(page: Page, method: string, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: "include",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed };
    },
    { method, path, body },
  );
}

async function ok(answer: Promise<Answer>, expected = 200): Promise<any> {
  const a = await answer;
  expect(a.status, JSON.stringify(a.body)).toBe(expected);
  return a.body;
}

describe("budget planning", () => {
  it("a category budget goes On Track → Alert at 80 % → Over Budget as transactions are approved", async () => {
    const suffix = crypto.randomBytes(3).toString("hex");
    const admin = await env.makeUser("SuperAdmin");
    const accountant = await env.makeUser("Accountant");
    const approver = await env.makeUser("Approver");
    const s = await env.newPage("desktop");
    const a = await env.newPage("desktop");
    const p = await env.newPage("desktop");
    await env.signIn(s.page, admin);
    await env.signIn(a.page, accountant);
    await env.signIn(p.page, approver);

    // A fresh category of its own, so nothing else counts against the budget.
    const categoryName = `Marketing ${suffix}`;
    const category = await ok(call(s.page, "POST", "/api/categories", { name: categoryName, description: "Budget test", requiredApprovals: 1 }), 201);

    // --- The SuperAdmin creates the budget on /budget-planning.
    const budgetName = `Marketing Q ${suffix}`;
    await s.page.goto("/budget-planning");
    await s.page.getByText("No budgets created yet").first().waitFor(LONG);
    await s.page.getByRole("button", { name: "Create Budget" }).first().click();
    const form = s.page.getByRole("dialog", { name: "Create Budget" });
    await form.waitFor();
    await form.getByLabel("Budget Name").fill(budgetName);
    await form.getByLabel("Category").selectOption({ label: categoryName });
    await form.getByLabel("Amount (₹)").fill("10000");
    await form.getByLabel("Alert Threshold (%)").fill("80");
    // The dates default to today and 30 days on: the budget covers today.
    const startDate = await form.getByLabel("Start Date").inputValue();
    const endDate = await form.getByLabel("End Date").inputValue();
    expect(startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(endDate > startDate).toBe(true);
    await form.getByRole("button", { name: "Create Budget" }).click();
    await s.page.getByText("Budget Created", { exact: true }).first().waitFor(LONG);
    await form.waitFor({ state: "detached" });

    const card = s.page.getByRole("listitem").filter({ has: s.page.getByRole("heading", { name: budgetName }) });
    const expectCard = async (status: string, percent: string) => {
      await card.waitFor(LONG);
      await card.getByText(`${percent}% used`, { exact: true }).waitFor(LONG);
      await card.getByText(status, { exact: true }).waitFor();
      for (const other of ["On Track", "Alert", "Over Budget", "Inactive", "Expired"].filter((x) => x !== status)) {
        expect(await card.getByText(other, { exact: true }).count(), `${other} on the card`).toBe(0);
      }
    };
    await expectCard("On Track", "0");
    await card.getByText(`${categoryName} · Monthly`).waitFor();
    await card.getByText("alert at 80%").first().waitFor();

    const budgets = await ok(call(s.page, "GET", "/api/admin/budgets"));
    const budget = budgets.find((b: { name: string }) => b.name === budgetName);
    expect(budget).toMatchObject({ categoryId: category.id, amount: "10000.00", alertThreshold: 80, startDate, endDate, status: "On Track" });

    /** Creates and submits a transaction as the Accountant; the Approver approves it unless told not to. */
    const spend = async (amount: string, approve = true) => {
      const t = await ok(
        call(a.page, "POST", "/api/transactions", {
          formType: "B",
          categoryId: category.id,
          amount,
          transactionDate: startDate,
          description: `Campaign spend ${amount}`,
          customFieldValues: {},
        }),
        201,
      );
      const submitted = await ok(call(a.page, "POST", `/api/transactions/${t.id}/submit`, {}));
      expect(submitted.status).toBe("Pending");
      if (approve) {
        const approved = await ok(call(p.page, "POST", `/api/transactions/${t.id}/approve`, {}));
        expect(approved.status).toBe("Approved");
      }
      return t;
    };

    // Pending money does not count.
    await spend("9000.00", false);
    // ₹5,000 approved: 50 %, still On Track.
    await spend("5000");
    await s.page.reload();
    await expectCard("On Track", "50");

    // ₹3,000 more: exactly 80 %, the threshold — Alert.
    await spend("3000.00");
    await s.page.reload();
    await expectCard("Alert", "80");
    await card.getByText("₹2,000.00 remaining").waitFor();

    // ₹2,500 more: 105 %, shown capped at 100 % — Over Budget, ₹500 over.
    await spend("2500");
    await s.page.reload();
    await expectCard("Over Budget", "100");
    await card.getByText("₹500.00 over").waitFor();
    await card.getByText("₹10,500.00", { exact: true }).waitFor();
    // The summary counts it among the over-budget ones.
    await s.page.getByRole("region", { name: "Summary" }).getByText("Need attention").waitFor();
  });
});
