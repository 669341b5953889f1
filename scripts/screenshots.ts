// npm run screenshots: the README's pictures, taken with playwright-core against the demo company.
// Seeds a throwaway embedded database (unless SCREENSHOTS_DATA_DIR points at one already seeded),
// starts the real server on a free port, signs in as each demo user and photographs the main
// screens on a desktop and a 390 px phone. Output: docs/screenshots/*.png.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { loadConfig } from "../server/config";
import { openPglite } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { createObjectStore } from "../server/storage";
import { startServer } from "../server/main";
import { buildClient } from "../server/client-build";
import { seedDemo } from "../server/demo";
import { DEMO_USERS, type DemoUserKey } from "../server/demo/data";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "docs", "screenshots");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

type Shot = { file: string; user: DemoUserKey; path: string; phone?: boolean; waitFor?: string; action?: (page: Page) => Promise<void> };

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
      await page.getByRole("dialog", { name: "Disable Priya Nair?" }).getByLabel("Reason (optional)").fill("On maternity leave until March; Arjun covers accounts");
    },
  },
  // Books (DECISIONS §12) and the second factor (§13).
  { file: "parties", user: "accounts", path: "/parties" },
  { file: "gst-summary", user: "accounts", path: "/accounting/gst-summary", waitFor: "Download CSV" },
  { file: "exports", user: "accounts", path: "/accounting/exports", waitFor: "New export" },
  { file: "ledgers", user: "admin", path: "/admin/accounting", waitFor: "Save Ledgers" },
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
  const server = await startServer(config);
  const port = (server.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  fs.mkdirSync(OUT, { recursive: true });
  try {
    for (const shot of SHOTS) {
      const user = DEMO_USERS.find((u) => u.key === shot.user)!;
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
  }
}

await main();
