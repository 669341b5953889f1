// No screen is wider than a phone: every route of the client's route table
// (client/src/lib/paths.ts), its parameters filled from real data, opened at 390 px by a role that
// may open it (and '/' by every role), fits: document.documentElement.scrollWidth <= 390. A
// visually hidden chart table once made Budget Planning 420 px wide.
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { signInApi, todayInAppZone } from "./api-client";
import { PATHS, links, type RouteId } from "../../client/src/lib/paths";
import { ROUTE_ACCESS } from "../../client/src/app/permissions";
import { ROLES, type Role } from "../../shared/constants";
import { departments, employees } from "../../server/db/schema";
import { setApproverPin } from "../../server/services/emergency-approvers";
import type { MadeUser } from "../../server/test/factories";

const WAIT = { timeout: 20_000 };
const PHONE_WIDTH = 390;

let env: BrowserTestEnv;
const users = new Map<Role, MadeUser>();
const params: { employeeId: string; approveToken: string; rejectToken: string } = { employeeId: "", approveToken: "", rejectToken: "" };

beforeAll(async () => {
  env = await startBrowserTestEnv();
  for (const role of ROLES) users.set(role, await env.makeUser(role));
  const admin = users.get("SuperAdmin")!;
  const accountant = await signInApi(env.url, users.get("Accountant")!);
  const adminApi = await signInApi(env.url, admin);
  const today = todayInAppZone();

  // Transactions with long words, a budget (its chart and hidden table), employees with a month of punches.
  const categories = await accountant.get<{ id: string; name: string }[] | { categories: { id: string; name: string }[] }>("/api/categories");
  const list = Array.isArray(categories) ? categories : categories.categories;
  const office = list.find((c) => c.name === "Office Expenses")!;
  const vendor = list.find((c) => c.name === "Vendor Payment")!;
  for (let i = 0; i < 3; i++) {
    const t = await accountant.post<{ id: string }>("/api/transactions", {
      formType: "B",
      categoryId: office.id,
      amount: `${123456 + i}.50`,
      transactionDate: today,
      description: `Annual maintenance contract for the Bhiwandi warehouse's fire-suppression-and-sprinkler-systems ${i}`,
    });
    await accountant.post(`/api/transactions/${t.id}/submit`);
  }
  await adminApi.post("/api/admin/budgets", { name: "Quarterly office operations and maintenance", categoryId: office.id, amount: "250000.00", period: "quarterly", startDate: today, endDate: today, alertThreshold: 80 });
  await adminApi.post("/api/admin/budgets", { name: "Travel", amount: "90000.00", period: "monthly", startDate: today, endDate: today, alertThreshold: 80 });

  const actor = { id: admin.id, role: admin.role, name: admin.name, username: admin.username, visibilityWindowDays: admin.visibilityWindowDays };
  await setApproverPin({ db: env.db, actor, ip: null }, "AK", "246810");
  const urgent = await accountant.post<{ id: string }>("/api/transactions", {
    formType: "R",
    categoryId: vendor.id,
    amount: "18750.25",
    transactionDate: today,
    description: "Generator repair at the warehouse",
    isEmergency: true,
  });
  await accountant.post(`/api/transactions/${urgent.id}/submit`);
  const emergencyLinks = await accountant.post<{ approveUrl: string; rejectUrl: string }>(`/api/transactions/${urgent.id}/emergency-links`);
  params.approveToken = emergencyLinks.approveUrl.split("/").pop()!;
  params.rejectToken = emergencyLinks.rejectUrl.split("/").pop()!;

  const [department] = await env.db.insert(departments).values({ name: "Finishing and Quality Assurance" }).returning();
  const people = await env.db
    .insert(employees)
    .values(["Venkataraghavan Subramaniam", "Priya Nair", "Arjun Reddy"].map((employeeName) => ({ employeeName, departmentId: department.id, weeklyOff: "Sunday" as const, joiningDate: "2025-01-01", monthlySalary: "36000.00" })))
    .returning();
  params.employeeId = people[0].id;
});
afterAll(async () => {
  await env?.close();
});

/** The concrete path of a route, its parameters filled from the data above. */
function pathOf(id: RouteId): string {
  if (id === "hrAttendanceEmployee") return links.hrAttendanceEmployee(params.employeeId);
  if (id === "emergencyApprove") return links.emergencyApprove(params.approveToken);
  if (id === "emergencyReject") return links.emergencyReject(params.rejectToken);
  return PATHS[id];
}

/** Who opens a route: nobody for public and guest routes, else the role that lives in it (SuperAdmin when only they may). */
function openerOf(id: RouteId): Role | null {
  // Public in the route table (no shell), but the page itself is the SuperAdmin's lockdown control.
  if (id === "emergency") return "SuperAdmin";
  const access = ROUTE_ACCESS[id];
  if (access === "public" || access === "guest") return null;
  if (access === "authenticated") return "Accountant";
  return access.find((r) => r !== "SuperAdmin") ?? "SuperAdmin";
}

const pages = new Map<Role | null, Page>();
async function pageFor(role: Role | null): Promise<Page> {
  let page = pages.get(role);
  if (!page) {
    page = (await env.newPage("phone")).page;
    if (role) await env.signIn(page, users.get(role)!);
    pages.set(role, page);
  }
  return page;
}

async function widthAt(page: Page, path: string): Promise<{ scrollWidth: number; text: string; wide: string[] }> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // Lazy screens and their data: wait until no spinner is left, then one more frame.
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"], .animate-spin'), undefined, WAIT).catch(() => {});
  await page.waitForTimeout(150);
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    text: document.body.innerText,
    // What sticks out, for the failure message.
    wide: [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > 390.5)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute("class") ?? "").slice(0, 80)} → ${Math.round(e.getBoundingClientRect().right)}`),
  }));
}

describe("no page is wider than a 390 px phone", () => {
  const routes = (Object.keys(PATHS) as RouteId[]).map((id) => [id, PATHS[id]] as const);

  it.each(routes)("%s (%s)", async (id) => {
    const role = openerOf(id);
    const page = await pageFor(role);
    const path = pathOf(id);
    const { scrollWidth, text, wide } = await widthAt(page, path);
    // The screen itself, not a 404 card or a refusal.
    expect(text, `${path} as ${role ?? "nobody"}`).not.toContain("Page Not Found");
    expect(text, `${path} as ${role ?? "nobody"}`).not.toContain("Access Denied");
    if (id === "budgetPlanning") await page.screenshot({ path: `${os.tmpdir()}/sA-budget-phone.png`, fullPage: true });
    expect(scrollWidth, `${path} as ${role ?? "nobody"}: ${wide.join("; ")}`).toBeLessThanOrEqual(PHONE_WIDTH);
  });

  it.each(ROLES.map((r) => [r]))("the home screen of %s", async (role) => {
    const page = await pageFor(role);
    const { scrollWidth, wide } = await widthAt(page, "/");
    expect(scrollWidth, wide.join("; ")).toBeLessThanOrEqual(PHONE_WIDTH);
  });
});
