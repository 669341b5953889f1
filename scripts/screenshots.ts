// npm run screenshots: the README's pictures, taken with playwright-core against the demo company.
// Seeds a throwaway embedded database (unless SCREENSHOTS_DATA_DIR points at one already seeded),
// starts the real server on a free port, signs in as each demo user and photographs the main
// screens on a desktop and a 390 px phone. Output: docs/screenshots/*.png. SCREENSHOTS_ONLY=a,b
// takes only the shots whose file names start with one of those words. Email goes to a mail server
// in this process (smtp-server), so the notification screens show what a company with email sees.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { chromium, type Page } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { loadConfig } from "../server/config";
import { openPglite } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { createObjectStore } from "../server/storage";
import { startServer } from "../server/main";
import { buildClient } from "../server/client-build";
import { seedDemo } from "../server/demo";
import { DEMO_EMPLOYEE_LOGINS, DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from "../server/demo/data";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "docs", "screenshots");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** DECISIONS §15: the demo's employee logins ("fresh": a login HR gives just before the shot, with its one-time password). */
type EmployeeKey = "emp" | "emp2" | "fresh";
type Shot = { file: string; user: DemoUserKey | EmployeeKey; path: string; phone?: boolean; waitFor?: string; action?: (page: Page) => Promise<void> };

/** An employee's own page of HR's (its id looked up by name through the API the page itself uses). */
async function openEmployeePage(page: Page, name: string): Promise<void> {
  const id = await page.evaluate(async (search) => {
    const res = await fetch(`/api/hr/employees?search=${encodeURIComponent(search)}`, { credentials: "include" });
    return ((await res.json()) as { employees: { id: string }[] }).employees[0]!.id;
  }, name);
  await page.goto(`/hr/attendance/${id}`);
  await page.getByText("Signs in as").waitFor();
}

const SHOTS: Shot[] = [
  { file: "login", user: "admin", path: "/login" },
  { file: "dashboard-superadmin", user: "admin", path: "/", waitFor: "Recent Transactions" },
  { file: "create-transaction", user: "accounts", path: "/create-transaction", waitFor: "Form Type" },
  { file: "my-transactions", user: "accounts", path: "/my-transactions" },
  { file: "approver-phone", user: "approver", path: "/", phone: true, waitFor: "Total Pending" },
  { file: "pending-approvals", user: "approver", path: "/pending-approvals" },
  {
    file: "transaction-timeline-phone",
    user: "accounts",
    path: "/my-transactions?status=Paid",
    phone: true,
    action: async (page) => {
      await page.getByLabel("Filter by status").selectOption("Paid");
      await page.getByRole("list").getByRole("button").first().click();
      const timeline = page.getByRole("list", { name: "Timeline, oldest first" });
      await timeline.waitFor();
      await timeline.scrollIntoViewIfNeeded();
    },
  },
  // Authority (DECISIONS §11): the rules, the ₹6,50,000 purchase in Anita's queue, delegation.
  { file: "approval-rules", user: "admin", path: "/admin/approval-rules", waitFor: "Above ₹5,00,000" },
  { file: "pending-authority-phone", user: "approver2", path: "/pending-approvals", phone: true, waitFor: "one of them a SuperAdmin's" },
  { file: "delegations", user: "admin", path: "/admin/delegations", waitFor: "Vikram Mehta" },
  { file: "account-delegation", user: "approver", path: "/account", waitFor: "Rajesh Sharma" },
  // Decisions that move money or people ask first (DECISIONS §16).
  {
    file: "bulk-approve-confirm-phone",
    user: "approver",
    path: "/pending-approvals",
    phone: true,
    waitFor: "Regular Approvals",
    action: async (page) => {
      await page.getByLabel("Select all").check();
      await page.getByRole("button", { name: /^Approve selected/ }).click();
      await page.getByRole("dialog", { name: /^Approve \d+ transactions?, ₹/ }).waitFor();
    },
  },
  {
    file: "disable-user",
    user: "admin",
    path: "/users",
    waitFor: "Priya Nair",
    action: async (page) => {
      await page.getByRole("button", { name: "Deactivate Priya Nair" }).filter({ visible: true }).first().click();
      await page
        .getByRole("dialog", { name: "Disable Priya Nair?" })
        .getByLabel("Reason (optional)")
        .fill("On maternity leave until March; Arjun covers accounts");
    },
  },
  // Books (DECISIONS §12) and the second factor (§13).
  { file: "parties", user: "accounts", path: "/parties" },
  { file: "gst-summary", user: "accounts", path: "/accounting/gst-summary", waitFor: "Download CSV" },
  { file: "exports", user: "accounts", path: "/accounting/exports", waitFor: "New export" },
  { file: "ledgers", user: "admin", path: "/admin/accounting", waitFor: "Save Ledgers" },
  // TDS on bills (DECISIONS §12): the natures, the quarter's register, and a bill that deducts for an earlier one.
  { file: "tds-natures", user: "admin", path: "/admin/tds", waitFor: "Rent of plant or machinery" },
  { file: "tds-natures-phone", user: "admin", path: "/admin/tds", phone: true, waitFor: "Rent of plant or machinery" },
  { file: "tds-register", user: "accounts", path: "/accounting/tds", waitFor: "For the challans" },
  { file: "tds-register-phone", user: "accounts", path: "/accounting/tds", phone: true, waitFor: "For the challans" },
  { file: "tds-bill", user: "accounts", path: "/my-transactions", action: openTdsBill },
  { file: "tds-bill-phone", user: "accounts", path: "/my-transactions", phone: true, action: openTdsBill },
  { file: "account-security-phone", user: "approver", path: "/account/security", phone: true, waitFor: "Passkeys" },
  { file: "all-transactions", user: "admin", path: "/transactions" },
  { file: "admin-dashboard", user: "admin", path: "/admin" },
  { file: "categories", user: "admin", path: "/categories" },
  { file: "budgets", user: "admin", path: "/budget-planning" },
  { file: "audit-trail", user: "admin", path: "/audit" },
  { file: "hr-dashboard", user: "hrAdmin", path: "/", waitFor: "Total Employees" },
  { file: "attendance", user: "hrStaff", path: "/hr/attendance" },
  { file: "attendance-import", user: "hrStaff", path: "/hr/import" },
  { file: "employees-phone", user: "hrStaff", path: "/hr/employees", phone: true },
  { file: "leave", user: "hrAdmin", path: "/hr/leave", waitFor: "Meena Krishnan" },
  { file: "leave-phone", user: "hrStaff", path: "/hr/leave", phone: true, waitFor: "Meena Krishnan" },
  // Reach (DECISIONS §14): a person's notification settings, and the SuperAdmin's outbox.
  { file: "account-notifications", user: "approver", path: "/account/notifications", waitFor: "Install the app on your phone" },
  { file: "account-notifications-phone", user: "approver", path: "/account/notifications", phone: true, waitFor: "Notifications on this device" },
  { file: "admin-notifications", user: "admin", path: "/admin/notifications", waitFor: "Last 7 days" },
  { file: "admin-notifications-phone", user: "admin", path: "/admin/notifications", phone: true, waitFor: "Last 7 days" },
  // Employees see and ask for themselves (DECISIONS §15).
  { file: "change-password-phone", user: "fresh", path: "/", phone: true, waitFor: "Change your password" },
  { file: "my-month-phone", user: "emp", path: "/", phone: true, waitFor: "Ask for leave" },
  { file: "my-month", user: "emp", path: "/", waitFor: "Ask for leave" },
  { file: "my-leave-phone", user: "emp", path: "/me/leave", phone: true, waitFor: "Waiting for HR" },
  { file: "my-claims-list-phone", user: "emp", path: "/me/claims", phone: true, waitFor: "Paid back" },
  { file: "my-claims-list-desktop", user: "emp", path: "/me/claims", waitFor: "Paid back" },
  {
    // A claim paid back: whom it reimbursed, on which day, and its receipt.
    file: "my-claim-dialog-phone",
    user: "emp",
    path: "/me/claims",
    phone: true,
    waitFor: "Paid back",
    action: async (page) => {
      await page.getByTestId("my-claims").getByRole("button").filter({ hasText: " on " }).first().click();
      await page
        .getByRole("dialog", { name: /^Claim TXN-/ })
        .getByText("Reimburse")
        .first()
        .waitFor();
    },
  },
  {
    file: "ask-leave-phone",
    user: "emp",
    path: "/",
    phone: true,
    waitFor: "Ask for leave",
    action: async (page) => {
      await page.getByRole("button", { name: "Ask for leave" }).first().click();
      await page
        .getByRole("dialog", { name: "Ask for leave" })
        .getByLabel(/^Reason/)
        .fill("Sister's engagement in Nashik");
    },
  },
  {
    file: "fix-day-phone",
    user: "emp2",
    path: "/",
    phone: true,
    waitFor: "Fix asked",
    action: async (page) => {
      await page.getByRole("button", { name: /^Fix / }).filter({ visible: true }).first().click();
      await page
        .getByRole("dialog")
        .getByLabel(/^Reason/)
        .fill("Reader at the gate was down");
    },
  },
  { file: "hr-requests", user: "hrAdmin", path: "/hr/requests", waitFor: "Swati Deshpande" },
  { file: "hr-requests-phone", user: "hrStaff", path: "/hr/requests", phone: true, waitFor: "Swati Deshpande" },
  { file: "employee-login", user: "hrAdmin", path: "/hr/employees", action: (page) => openEmployeePage(page, "Swati Deshpande") },
  {
    file: "record-leave",
    user: "hrStaff",
    path: "/hr/leave",
    action: async (page) => {
      await page.getByRole("button", { name: "Record Leave" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Record Leave" });
      const employee = dialog.getByLabel(/^Employee/);
      const option = await employee.locator("option", { hasText: "Rekha Pillai" }).getAttribute("value");
      await employee.selectOption(option!);
      await dialog.getByLabel(/^Reason/).fill("Brother's wedding in Kochi");
      await dialog.getByTestId("leave-preview").getByText("days left").waitFor();
    },
  },
];

/** A login HR gives just now (DECISIONS §15), to photograph the first sign-in's "Change your password". */
async function freshLogin(base: string): Promise<{ username: string; password: string }> {
  const hr = DEMO_USERS.find((u) => u.key === "hrAdmin")!;
  const headers = { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" };
  const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers, body: JSON.stringify({ username: hr.username, password: hr.password }) });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const list = (await (await fetch(`${base}/api/hr/employees?search=Tarun`, { headers: { cookie } })).json()) as { employees: { id: string }[] };
  const given = (await (
    await fetch(`${base}/api/hr/employees/${list.employees[0]!.id}/login`, { method: "POST", headers: { ...headers, cookie }, body: "{}" })
  ).json()) as {
    user: { username: string };
    oneTimePassword: string;
  };
  return { username: given.user.username, password: given.oneTimePassword };
}

/** Opens the firm's bill that crosses its yearly threshold (server/demo/tds-bills.ts) and shows its TDS. */
async function openTdsBill(page: Page): Promise<void> {
  await page.getByLabel("Search transactions").fill("GST annual return");
  await page
    .getByRole("button", { name: /GST annual return/ })
    .first()
    .click();
  const tds = page.getByRole("region", { name: "TDS" });
  await tds.waitFor();
  // The phone's sheet slides in: photograph it once it is in place.
  await page.getByRole("dialog").evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await tds.scrollIntoViewIfNeeded();
}

async function main() {
  const dataDir = process.env.SCREENSHOTS_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "bms-shots-"));
  const env = { DATA_DIR: dataDir, PORT: "0", NODE_ENV: "development", LOG_LEVEL: "warn", ADMIN_PASSWORD: "Demo@1234" };
  const config = loadConfig(env);
  if (!process.env.SCREENSHOTS_DATA_DIR) {
    console.log("Seeding the demo company…");
    const handle = await openPglite({ dataDir: path.join(dataDir, "db") });
    await runMigrations(handle);
    await seedDemo(handle, createObjectStore(config), { config, log: () => {} });
    await handle.close();
  }
  await buildClient();
  // A mail server that takes every email, and refuses one mailbox as a bounce would.
  const mail = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo: (address, _s, done) =>
      done(address.address.startsWith("arjun@") ? Object.assign(new Error("No such mailbox"), { responseCode: 550 }) : undefined),
    onData: (stream, _s, done) => stream.on("data", () => undefined).on("end", () => done()),
  });
  await new Promise<void>((resolve) => mail.listen(0, "127.0.0.1", () => resolve()));
  const mailPort = (mail.server.address() as AddressInfo).port;
  const server = await startServer(loadConfig({ ...env, SMTP_URL: `smtp://127.0.0.1:${mailPort}`, PUBLIC_URL: "https://bms.sharma-textiles.example" }));
  const port = (server.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const only = process.env.SCREENSHOTS_ONLY?.split(",").filter(Boolean);
  const shots = only ? SHOTS.filter((s) => only.some((prefix) => s.file.startsWith(prefix))) : SHOTS;
  if (shots.some((s) => s.file.startsWith("admin-notifications"))) await fillTheOutbox(base);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  fs.mkdirSync(OUT, { recursive: true });
  try {
    for (const shot of shots) {
      const user =
        shot.user === "emp" || shot.user === "emp2"
          ? { username: DEMO_EMPLOYEE_LOGINS[shot.user === "emp" ? 0 : 1]!.username, password: DEMO_PASSWORD }
          : shot.user === "fresh"
            ? await freshLogin(base)
            : DEMO_USERS.find((u) => u.key === shot.user)!;
      const context = await browser.newContext(
        shot.phone
          ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, baseURL: base }
          : { viewport: { width: 1280, height: 800 }, baseURL: base },
      );
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      if (shot.file !== "login") {
        await page.goto("/");
        await page.getByLabel("User ID").fill(user.username);
        await page.getByLabel("Password").fill(user.password);
        await page.getByRole("button", { name: "Sign In" }).click();
        await page.getByLabel("User ID").waitFor({ state: "detached" });
      }
      await page.goto(shot.path);
      if (shot.waitFor) await page.getByText(shot.waitFor).filter({ visible: true }).first().waitFor();
      await page.waitForLoadState("networkidle");
      await shot.action?.(page);
      await page.waitForLoadState("networkidle");
      const file = path.join(OUT, `${shot.file}.png`);
      await page.screenshot({ path: file });
      console.log(`  ${path.relative(ROOT, file)}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    mail.close();
  }
}

/**
 * What a day of use leaves in the outbox: Anita takes pending approvals by email as they come,
 * Vikram's phone is registered with a push service that cannot be reached (tried again later),
 * Arjun's mailbox bounces, and the accountant submits two bills.
 */
async function fillTheOutbox(base: string): Promise<void> {
  const signIn = async (key: DemoUserKey) => {
    const user = DEMO_USERS.find((u) => u.key === key)!;
    const res = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await res.text();
    return async (method: string, url: string, body?: unknown) => {
      const r = await fetch(`${base}${url}`, {
        method,
        headers: { Cookie: cookie, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return r.json();
    };
  };
  const anita = await signIn("approver2");
  await anita("PUT", "/api/account/notification-preferences", {
    push: { pending: true, decisions: true },
    email: { pending: "instant", decisions: true },
    quietHours: null,
  });
  const vikram = await signIn("approver");
  await vikram("POST", "/api/account/push-subscriptions", {
    endpoint: "https://push.unreachable.example/send/vikram-phone",
    keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" },
    label: "Chrome on Android phone",
  });
  const arjun = await signIn("hrStaff");
  await arjun("POST", "/api/account/notification-test", { channel: "email" });
  const priya = await signIn("accounts");
  const categories = (await priya("GET", "/api/categories")) as { id: string; name: string }[];
  const today = new Date().toISOString().slice(0, 10);
  for (const [name, amount, description] of [
    ["Travel", "12500", "Train to Surat for the Diwali stock review"],
    ["Utilities", "8420.50", "Electricity, Vatva unit, October"],
  ] as const) {
    const created = (await priya("POST", "/api/transactions", {
      formType: "B",
      categoryId: categories.find((c) => c.name === name)!.id,
      amount,
      transactionDate: today,
      description,
    })) as { id: string };
    await priya("POST", `/api/transactions/${created.id}/submit`, {});
  }
  // The worker sends after commit; give it a moment to record what happened.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
}

await main();
