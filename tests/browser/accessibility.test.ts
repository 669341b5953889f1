// Accessibility of every screen (issue "Proof under pressure"): axe-core runs on every route of the
// client's route table, for every role that may open it, on a desktop (1280×800) and a phone
// (390 px), plus the login page, the lockdown screen, the public emergency pages and the main
// dialogs and menus. A screen fails on any axe violation of impact 'serious' or 'critical', and on
// any form control (input, select, textarea) without an accessible name.
//
// The screens come from the route table itself (client/src/lib/paths.ts and the access table in
// permissions.ts): every (route, role) pair the table allows must be visited, so a route added to
// the table without a plan here fails the last test (and the SCREENS record fails to type-check).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startBrowserTestEnv, VIEWPORTS, type BrowserTestEnv, type ViewportName } from "./support";
import { signInApi, todayInAppZone, type ApiClient } from "./api-client";
import { PATHS, type RouteId } from "../../client/src/lib/paths";
import { ROUTE_ACCESS } from "../../client/src/app/permissions";
import { APP_PAGES, PUBLIC_PAGES } from "../../client/src/app/pages";
import { pageMetaFor } from "../../client/src/app/page-meta";
import { ROLES, type Role } from "../../shared/constants";
import { TEST_PASSWORD, type MadeUser } from "../../server/test/factories";
import { eq } from "drizzle-orm";
import { categories } from "../../server/db/schema";

const AXE_PATH = path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js");
const WAIT = { timeout: 20_000 };
const FAILING_IMPACTS = new Set(["serious", "critical"]);
const VIEWPORT_NAMES: ViewportName[] = ["desktop", "phone"];
/** A11Y_VERBOSE=1 also prints the moderate and minor violations and axe's "needs review" contrast checks. */
const VERBOSE = process.env.A11Y_VERBOSE === "1";

// ---------------------------------------------------------------- the data the screens show

type Seed = {
  users: Record<Role, MadeUser>;
  category: { id: string; name: string };
  pending: { id: string; humanReadableId: string; description: string };
  approved: { id: string; humanReadableId: string; description: string };
  rejected: { id: string; humanReadableId: string; description: string };
  emergency: { id: string; humanReadableId: string; description: string; approvePath: string; rejectPath: string };
  adminOwn: { id: string; humanReadableId: string; description: string };
  budgetName: string;
  auditReason: string;
  employee: { id: string; name: string };
  departmentName: string;
};

/** Everything through the API, as the people who would do it. */
async function seed(env: BrowserTestEnv): Promise<Seed> {
  const users = {} as Record<Role, MadeUser>;
  for (const role of ROLES) users[role] = await env.makeUser(role, { name: `${role} Person` });
  const approver2 = await env.makeUser("Approver", { name: "Second Approver" });
  const admin = await signInApi(env.url, users.SuperAdmin);
  const acc = await signInApi(env.url, users.Accountant);
  const ap = await signInApi(env.url, users.Approver);
  const ap2 = await signInApi(env.url, approver2);
  const hr = await signInApi(env.url, users["HR Admin"]);
  const today = todayInAppZone();

  // A designed category with one field of every type, approval rules and emergency limits.
  const category = await admin.post("/api/categories", {
    name: "Marketing Events",
    description: "Trade fairs, seminars and sponsorships",
    requiredApprovals: 2,
    emergencyLimitPolicy: { dailyLimit: "50000", monthlyLimit: "200000" },
    fieldSchema: [
      { label: "Vendor Name", type: "text", required: true, placeholder: "Who is paid" },
      { label: "Attendees", type: "number" },
      { label: "Contact Email", type: "email" },
      { label: "Contact Phone", type: "phone" },
      { label: "Event Date", type: "date" },
      { label: "Starts At", type: "datetime" },
      { label: "Brochure", type: "file" },
      { label: "Notes", type: "textarea" },
      { label: "Event Type", type: "select", options: ["Expo", "Seminar"], required: true },
      { label: "Channels", type: "multiselect", options: ["Print", "Online"] },
      { label: "Needs Travel", type: "checkbox" },
      { label: "Booth Cost", type: "currency" },
      { label: "Website", type: "url" },
    ],
  });
  const officeExpenses = (await acc.get<{ id: string; name: string }[]>("/api/categories")).find((c) => c.name === "Office Expenses")!;

  async function create(client: ApiClient, body: Record<string, unknown>) {
    const t = await client.post("/api/transactions", { formType: "B", transactionDate: today, ...body });
    return { id: t.id as string, humanReadableId: t.humanReadableId as string, description: t.description as string };
  }

  // Pending with a custom field set and one of its two approvals; an attachment.
  const pending = await create(acc, {
    categoryId: category.id,
    amount: "48250.50",
    description: "Stall at the Surat textile expo",
    customFieldValues: { vendor_name: "Expo Services Ltd", event_type: "Expo", attendees: 120, channels: ["Print", "Online"], needs_travel: true },
  });
  await acc.attach(pending.id, "quotation.txt", "stall quotation");
  await acc.post(`/api/transactions/${pending.id}/submit`);
  await ap2.post(`/api/transactions/${pending.id}/approve`);

  // Approved and unpaid (the payment panel), Rejected with a reason, and a Draft.
  const approved = await create(acc, { categoryId: officeExpenses.id, amount: "1250.75", description: "Printer toner for accounts" });
  await acc.post(`/api/transactions/${approved.id}/submit`);
  await ap.post(`/api/transactions/${approved.id}/approve`);
  const rejected = await create(acc, { categoryId: officeExpenses.id, amount: "999", description: "Duplicate courier bill" });
  await acc.post(`/api/transactions/${rejected.id}/submit`);
  await ap.post(`/api/transactions/${rejected.id}/reject`, { reason: "Already paid last week" });
  await create(acc, { categoryId: officeExpenses.id, amount: "300", description: "Draft stationery order" });

  // A priority emergency transaction with its link pair.
  const emergencyTxn = await create(acc, {
    categoryId: officeExpenses.id,
    formType: "R",
    amount: "7500",
    description: "Generator repair today",
    isPriority: true,
    isEmergency: true,
  });
  await acc.post(`/api/transactions/${emergencyTxn.id}/submit`);
  const links = await acc.post(`/api/transactions/${emergencyTxn.id}/emergency-links`);
  const emergency = {
    id: emergencyTxn.id,
    humanReadableId: emergencyTxn.humanReadableId,
    description: emergencyTxn.description,
    approvePath: new URL(links.approveUrl).pathname,
    rejectPath: new URL(links.rejectUrl).pathname,
  };

  // The SuperAdmin's own draft (their My Transactions).
  const adminOwn = await create(admin, { categoryId: officeExpenses.id, amount: "15600", description: "Annual software licence renewal" });

  // A forced status with its reason (the audit trail shows it).
  const forced = await create(acc, { categoryId: officeExpenses.id, amount: "410", description: "Tea and snacks for audit" });
  const auditReason = "Confirmed by phone with the vendor";
  await admin.post(`/api/admin/transactions/${forced.id}/force-status`, { status: "Approved", reason: auditReason });

  const budgetName = "Marketing Q3";
  await admin.post("/api/admin/budgets", {
    name: budgetName,
    categoryId: category.id,
    amount: "100000",
    period: "quarterly",
    startDate: todayInAppZone(-10),
    endDate: todayInAppZone(80),
    alertThreshold: 80,
  });

  // HR: a department, two employees with salaries, and today's punches through the importer.
  const departmentName = "Operations";
  const department = await hr.post("/api/hr/departments", { name: departmentName });
  const base = { departmentId: department.id, weeklyOff: "Sunday", joiningDate: "2024-04-01" };
  const employee = await hr.post("/api/hr/employees", {
    ...base,
    employeeName: "Meera Pillai",
    employeeCode: "EMP-101",
    monthlySalary: "42000",
    phone: "9876543210",
    email: "meera@example.com",
    workLocation: "Surat",
  });
  await hr.post("/api/hr/employees", { ...base, employeeName: "Ravi Kumar", employeeCode: "EMP-102", monthlySalary: "30000" });
  // DECISIONS §15: the Employee login is Meera's, so her own pages have her month.
  await hr.post(`/api/hr/employees/${employee.id}/login`, { userId: users.Employee.id });
  const csv = ["Employee Name,Date,Time,Event Type", `Meera Pillai,${today},09:52,IN`, `Meera Pillai,${today},18:40,OUT`, `Ravi Kumar,${today},09:20,IN`].join(
    "\n",
  );
  const form = new FormData();
  form.set("csvFile", new Blob([csv], { type: "text/csv" }), "punches.csv");
  form.set("month", today.slice(0, 7));
  const imported = await hr.postForm("/api/hr/import/upload", form);
  expect(imported.processedEvents).toBe(3);

  return {
    users,
    category: { id: category.id, name: category.name },
    pending,
    approved,
    rejected,
    emergency,
    adminOwn,
    budgetName,
    auditReason,
    employee: { id: employee.id, name: employee.employeeName },
    departmentName,
  };
}

// ---------------------------------------------------------------- one plan per route

type ScreenPlan = {
  /** The concrete address (parameterised routes get seeded ids). */
  path: (s: Seed) => string;
  /** Text that shows once the screen has its data (so an empty or still-loading screen is not audited). */
  ready: (s: Seed, role: Role | null) => string;
};

// A Record over every RouteId: a route added to paths.ts without a plan here does not compile.
const SCREENS: Record<RouteId, ScreenPlan> = {
  home: {
    path: () => PATHS.home,
    ready: (s, role) => (role === "HR Admin" || role === "HR Staff" ? "Total Employees" : role === "Employee" ? "Ask for leave" : s.emergency.description),
  },
  login: { path: () => PATHS.login, ready: () => "Finance & HR Management Platform" },
  createTransaction: { path: () => PATHS.createTransaction, ready: () => "Submit for Approval" },
  myTransactions: { path: () => PATHS.myTransactions, ready: (s, role) => (role === "SuperAdmin" ? s.adminOwn.description : s.rejected.description) },
  pendingApprovals: { path: () => PATHS.pendingApprovals, ready: (s) => s.pending.description },
  transactions: { path: () => PATHS.transactions, ready: (s) => s.approved.description },
  categories: { path: () => PATHS.categories, ready: (s) => s.category.name },
  // The seed names no party: the page's designed empty state.
  parties: { path: () => PATHS.parties, ready: () => "No parties yet" },
  users: { path: () => PATHS.users, ready: (s) => s.users.Accountant.name },
  admin: { path: () => PATHS.admin, ready: () => "All systems operational" },
  adminUsers: { path: () => PATHS.adminUsers, ready: (s) => s.users.Accountant.username },
  audit: { path: () => PATHS.audit, ready: (s) => s.auditReason },
  budgetPlanning: { path: () => PATHS.budgetPlanning, ready: (s) => s.budgetName },
  gstSummary: { path: () => PATHS.gstSummary, ready: () => "Download CSV" },
  adminEmergency: { path: () => PATHS.adminEmergency, ready: () => "System Normal" },
  adminAccounting: { path: () => PATHS.adminAccounting, ready: () => "Save Ledgers" },
  accountingExports: { path: () => PATHS.accountingExports, ready: () => "New export" },
  // The migration's seven natures.
  adminTds: { path: () => PATHS.adminTds, ready: () => "Rent of plant or machinery" },
  // The seed deducts no TDS: the quarter's designed empty state.
  accountingTds: { path: () => PATHS.accountingTds, ready: () => "No TDS deducted in" },
  adminApprovalRules: { path: () => PATHS.adminApprovalRules, ready: () => "No approval rules yet" },
  adminDelegations: { path: () => PATHS.adminDelegations, ready: () => "Nobody has delegated their approvals." },
  account: {
    path: () => PATHS.account,
    ready: (s, role) => (role === "Approver" || role === "SuperAdmin" ? "You have not delegated your approvals." : "Role"),
  },
  adminSecurity: { path: () => PATHS.adminSecurity, ready: () => "Recommended" },
  accountSecurity: { path: () => PATHS.accountSecurity, ready: () => "No passkeys yet" },
  accountNotifications: { path: () => PATHS.accountNotifications, ready: () => "Install the app on your phone" },
  adminNotifications: { path: () => PATHS.adminNotifications, ready: () => "Last 7 days" },
  adminCompany: { path: () => PATHS.adminCompany, ready: () => "Save Company" },
  hr: { path: () => PATHS.hr, ready: () => "Total Employees" },
  hrEmployees: { path: () => PATHS.hrEmployees, ready: (s) => s.employee.name },
  hrEmployeeNew: { path: () => PATHS.hrEmployeeNew, ready: () => "Employee Name" },
  hrAttendance: { path: () => PATHS.hrAttendance, ready: (s) => s.employee.name },
  hrAttendanceEmployee: { path: (s) => PATHS.hrAttendanceEmployee.replace(":id", s.employee.id), ready: (s) => s.employee.name },
  hrImport: { path: () => PATHS.hrImport, ready: () => "Import CSV" },
  hrPolicies: { path: () => PATHS.hrPolicies, ready: () => "Late" },
  hrReports: { path: () => PATHS.hrReports, ready: (s) => s.employee.name },
  hrLeave: { path: () => PATHS.hrLeave, ready: () => "Record Leave" },
  me: { path: () => PATHS.me, ready: (_s, role) => (role === "Employee" ? "Ask for leave" : "No employee is linked to your login") },
  meClaims: { path: () => PATHS.meClaims, ready: () => "New claim" },
  meClaimNew: { path: () => PATHS.meClaimNew, ready: () => "Submit for Approval" },
  meLeave: { path: () => PATHS.meLeave, ready: (_s, role) => (role === "Employee" ? "Paid leave" : "No employee is linked to your login") },
  hrRequests: { path: () => PATHS.hrRequests, ready: () => "Nothing waits for you" },
  emergencyApprove: { path: (s) => s.emergency.approvePath, ready: (s) => s.emergency.humanReadableId },
  emergencyReject: { path: (s) => s.emergency.rejectPath, ready: (s) => s.emergency.humanReadableId },
  // Signed out, the standalone control page says who may use it; signed in as a SuperAdmin it has the controls.
  emergency: {
    path: () => PATHS.emergency,
    ready: (_s, role) => (role === "SuperAdmin" ? "System Normal" : "Emergency controls require SuperAdmin privileges."),
  },
  lockout: { path: () => PATHS.lockout, ready: () => "System Lockdown in Effect" },
};

/** Who sees a route, from the access table: public and guest routes are visited signed out (null). */
function visitorsOf(routeId: RouteId): (Role | null)[] {
  const access = ROUTE_ACCESS[routeId];
  if (access === "public" || access === "guest") return [null];
  if (access === "authenticated") return [...ROLES];
  return [...access];
}

const ROUTE_IDS = Object.keys(PATHS) as RouteId[];
const key = (routeId: string, role: Role | null, viewport: ViewportName) => `${routeId} · ${role ?? "signed out"} · ${viewport}`;
const expectedVisits = new Set(VIEWPORT_NAMES.flatMap((v) => ROUTE_IDS.flatMap((id) => visitorsOf(id).map((role) => key(id, role, v)))));
const visited = new Set<string>();

// ---------------------------------------------------------------- the checks

declare global {
  interface Window {
    axe: typeof import("axe-core");
  }
}

type Finding = string;

/** Runs axe and the accessible-name check on the page as it is now; answers one line per problem. */
async function audit(page: Page, label: string): Promise<Finding[]> {
  const t0 = Date.now();
  await settle(page);
  const t1 = Date.now();
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) await page.addScriptTag({ path: AXE_PATH });
  const { violations, unnamed, review } = await page.evaluate(async (verbose) => {
    const result = await window.axe.run(document, {
      resultTypes: verbose ? ["violations", "incomplete"] : ["violations"],
      // WCAG 2.2 AA 2.5.8 (24 px touch targets): off in axe by default, on here for the phone screens.
      rules: { "target-size": { enabled: true } },
    });
    const review = verbose
      ? result.incomplete
          .filter((v) => v.id === "color-contrast")
          .flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${(n.any[0]?.message ?? "").slice(0, 160)}`))
      : [];
    const violations = result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(" ")}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, " ").slice(0, 240)})` : ""}`),
    }));
    // Every form control a screen reader can reach has a name (label, aria-label(ledby), title).
    // A placeholder does not count: it is gone once something is typed (WCAG 3.3.2), so the names
    // are computed with the placeholders taken off for a moment.
    const controls = [...document.querySelectorAll<HTMLElement>("input:not([type=hidden]), select, textarea")].filter(
      (el) => el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions) && !el.closest('[aria-hidden="true"], [inert]'),
    );
    const placeholders = controls.map((el) => el.getAttribute("placeholder"));
    controls.forEach((el) => el.removeAttribute("placeholder"));
    window.axe.setup(document);
    try {
      const unnamed = controls
        .filter((el) => !window.axe.commons.text.accessibleText(el).trim())
        .map((el) => {
          const placeholder = placeholders[controls.indexOf(el)];
          return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}[type=${el.getAttribute("type") ?? ""}][name=${el.getAttribute("name") ?? ""}]${placeholder ? ` (only a placeholder: "${placeholder}")` : ""}`;
        });
      return { violations, unnamed, review };
    } finally {
      window.axe.teardown();
      controls.forEach((el, i) => {
        if (placeholders[i] !== null) el.setAttribute("placeholder", placeholders[i]!);
      });
    }
  }, VERBOSE);
  const findings: Finding[] = [];
  if (VERBOSE) {
    console.log(`[${label}] settled in ${t1 - t0} ms, audited in ${Date.now() - t1} ms`);
    const notes = [
      ...violations.filter((v) => !FAILING_IMPACTS.has(v.impact)).map((v) => `${v.impact} ${v.id}: ${v.nodes.join(" | ")}`),
      ...review.map((r) => `contrast to review: ${r}`),
    ];
    if (notes.length) console.log(`[${label}]\n  ${notes.join("\n  ")}`);
  }
  for (const v of violations) {
    if (!FAILING_IMPACTS.has(v.impact)) continue;
    findings.push(`[${label}] ${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.join("\n    ")}`);
  }
  for (const u of unnamed) findings.push(`[${label}] form control without an accessible name: ${u}`);
  return findings;
}

/** Waits until nothing is loading: no visible spinner, no busy region, no skeleton, no running finite animation. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const visible = (sel: string) => [...document.querySelectorAll<HTMLElement>(sel)].some((el) => el.checkVisibility());
      if (visible(".animate-spin") || visible(".animate-pulse") || visible('[aria-busy="true"]')) return false;
      return document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity);
    },
    null,
    WAIT,
  );
}

/** Client-side navigation (wouter follows history), much quicker than reloading the app for every screen. */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
    // As a fresh load would be: at the top, nothing half under the sticky header from the last screen.
    window.scrollTo(0, 0);
  }, to);
}

async function waitForText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor(WAIT);
}

// ---------------------------------------------------------------- the run

let env: BrowserTestEnv;
let data: Seed;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  env = await startBrowserTestEnv();
  data = await seed(env);
  // DECISIONS §15: the claim form has a category open to claims to offer.
  await env.db.update(categories).set({ openToClaims: true }).where(eq(categories.name, "Travel"));
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await env?.close();
});

/** A page of its own context; reduced motion so dialogs are audited fully drawn, not mid-animation. */
async function newPage(browser: Browser, viewport: ViewportName): Promise<Page> {
  // bypassCSP: the app's CSP (script-src 'self', DECISIONS/helmet) refuses axe's injected script.
  const context = await browser.newContext({ ...VIEWPORTS[viewport], baseURL: env.url, reducedMotion: "reduce", bypassCSP: true });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

function report(findings: Finding[]): void {
  if (findings.length) throw new Error(`${findings.length} accessibility problem(s):\n${findings.join("\n")}`);
}

/**
 * The page's one h1: the frame's title, or, where the screen shows its own heading (page-meta.ts
 * ownHeading), that heading.
 */
function screenTitle(page: Page, target: string, role: Role) {
  const meta = pageMetaFor(target, role);
  // The only screen with its own heading is the Approver's home, whose h1 is the greeting (spec 000 §2, Dashboard).
  const heading = page.getByRole("heading", { level: 1, name: meta.ownHeading ? /^Hi\b/ : meta.title, exact: !meta.ownHeading });
  return heading.filter({ visible: true }).first();
}

/** Visits one screen and audits it; a screen that never gets ready is a finding too. */
async function checkScreen(page: Page, routeId: RouteId, role: Role | null, viewport: ViewportName, how: "navigate" | "goto"): Promise<Finding[]> {
  const plan = SCREENS[routeId];
  const target = plan.path(data);
  const label = key(routeId, role, viewport);
  const started = Date.now();
  try {
    if (how === "goto") await page.goto(target);
    else await navigate(page, target);
    // Signed in, the page's title says the new screen is the one on display (not the last one).
    if (role && ROUTE_ACCESS[routeId] !== "public") await screenTitle(page, target, role).waitFor(WAIT);
    await waitForText(page, plan.ready(data, role));
    if (VERBOSE) console.log(`[${label}] ready in ${Date.now() - started} ms`);
    visited.add(label);
    return await audit(page, `${label} ${target}`);
  } catch (err) {
    visited.add(label);
    return [`[${label} ${target}] could not be audited: ${(err as Error).message.split("\n")[0]}`];
  }
}

// The main dialogs and menus, per role, on the screens that open them.
type DialogPlan = { name: string; role: Role; only?: ViewportName; open: (page: Page, viewport: ViewportName) => Promise<void> };

const visibleButton = (page: Page, name: string | RegExp, exact = false) => page.getByRole("button", { name, exact }).filter({ visible: true }).first();

async function openOnScreen(page: Page, routeId: RouteId, role: Role): Promise<void> {
  const target = SCREENS[routeId].path(data);
  await navigate(page, target);
  await screenTitle(page, target, role).waitFor(WAIT);
  await waitForText(page, SCREENS[routeId].ready(data, role));
  await settle(page);
}

/** The dialog a screen's `button` opens (named "<button> dialog"). */
function buttonDialog(role: Role, routeId: RouteId, button: string): DialogPlan {
  return {
    name: `${button} dialog`,
    role,
    async open(page) {
      await openOnScreen(page, routeId, role);
      await visibleButton(page, button).click();
      await page.getByRole("dialog").waitFor(WAIT);
    },
  };
}

/** The header's notifications menu, opened on one of the role's screens, ready once `entry` (one of its notifications) shows. */
function notificationsMenu(role: Role, routeId: RouteId, entry: () => string | RegExp): DialogPlan {
  return {
    name: "Notifications menu open",
    role,
    async open(page) {
      await openOnScreen(page, routeId, role);
      await visibleButton(page, /^Notifications/).click();
      await page.getByRole("menu").getByText(entry()).first().waitFor(WAIT);
    },
  };
}

async function closeDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 3 && (await page.getByRole("dialog").count()) > 0; i++) {
    await page.keyboard.press("Escape");
    await page.waitForTimeout(50);
  }
  await page
    .getByRole("dialog")
    .first()
    .waitFor({ state: "detached", timeout: 5_000 })
    .catch(() => {});
}

const DIALOGS: DialogPlan[] = [
  {
    name: "Create Transaction form with a designed category and the validation errors",
    role: "Accountant",
    async open(page) {
      await openOnScreen(page, "createTransaction", "Accountant");
      await page.getByLabel("Category").selectOption({ label: data.category.name });
      await page.getByText("Vendor Name").first().waitFor(WAIT);
      await visibleButton(page, "Submit for Approval").click();
      await page.getByText("Amount is required").first().waitFor(WAIT);
    },
  },
  notificationsMenu("Accountant", "myTransactions", () => /rejected/i),
  {
    name: "Transaction Details of an own Rejected transaction",
    role: "Accountant",
    async open(page) {
      await openOnScreen(page, "myTransactions", "Accountant");
      await visibleButton(page, data.rejected.humanReadableId).click();
      await page.getByRole("dialog").getByText("Already paid last week").first().waitFor(WAIT);
    },
  },
  {
    name: "Transaction Details with Approve and Reject, and the rejection reason box",
    role: "Approver",
    async open(page) {
      await openOnScreen(page, "pendingApprovals", "Approver");
      const card = page.getByRole("article", { name: data.pending.humanReadableId });
      await card.getByRole("button", { name: "View Details" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText("Expo Services Ltd").waitFor(WAIT);
      await dialog.getByRole("button", { name: "Reject", exact: true }).click();
      await dialog.getByText("Reason for rejection (optional)").waitFor(WAIT);
    },
  },
  notificationsMenu("Approver", "pendingApprovals", () => data.emergency.humanReadableId),
  {
    name: "Transaction Details of an Approved transaction (payment panel, administrator actions)",
    role: "SuperAdmin",
    async open(page) {
      await openOnScreen(page, "transactions", "SuperAdmin");
      await visibleButton(page, data.approved.humanReadableId).click();
      await page.getByRole("dialog").getByText("Admin Override").waitFor(WAIT);
    },
  },
  {
    name: "Admin Override dialog",
    role: "SuperAdmin",
    async open(page) {
      await openOnScreen(page, "transactions", "SuperAdmin");
      await visibleButton(page, data.pending.humanReadableId).click();
      await page.getByRole("dialog").getByRole("button", { name: "Admin Override" }).click();
      await page
        .getByText(/logged and audited/i)
        .first()
        .waitFor(WAIT);
    },
  },
  buttonDialog("SuperAdmin", "categories", "Create Category"),
  {
    name: "Dynamic Field Designer with the field editor",
    role: "SuperAdmin",
    async open(page) {
      await openOnScreen(page, "categories", "SuperAdmin");
      await visibleButton(page, `Design fields of ${data.category.name}`).click();
      await page.getByRole("dialog").getByText("Vendor Name").first().waitFor(WAIT);
      await page.getByRole("dialog").getByRole("button", { name: "Add Field" }).click();
      await page.getByRole("dialog").filter({ hasText: "Label" }).last().waitFor(WAIT);
    },
  },
  buttonDialog("SuperAdmin", "users", "Create User"),
  {
    // The tooltip shows whenever the pointer rests on the chart; its text once took the light series colour.
    name: "Budget chart tooltip shown",
    role: "SuperAdmin",
    async open(page) {
      await openOnScreen(page, "budgetPlanning", "SuperAdmin");
      await page.locator("[data-budget-bar]").first().hover();
      await page.locator("[data-chart-tooltip]").first().waitFor(WAIT);
    },
  },
  buttonDialog("SuperAdmin", "budgetPlanning", "Create Budget"),
  notificationsMenu("SuperAdmin", "admin", () => data.pending.humanReadableId),
  {
    name: "Admin Tools menu open",
    role: "SuperAdmin",
    async open(page) {
      await openOnScreen(page, "admin", "SuperAdmin");
      await visibleButton(page, /Admin Tools/).click();
      await page.getByRole("menuitem", { name: "Manage Categories" }).waitFor(WAIT);
    },
  },
  buttonDialog("HR Admin", "hrEmployees", "Add Employee"),
  {
    name: "Attendance edit dialog",
    role: "HR Staff",
    async open(page, viewport) {
      await openOnScreen(page, "hrAttendance", "HR Staff");
      const edit = viewport === "phone" ? visibleButton(page, "Edit", true) : visibleButton(page, `Edit attendance of ${data.employee.name}`);
      await edit.click();
      await page.getByRole("dialog").waitFor(WAIT);
    },
  },
  {
    name: "Employee month details dialog",
    role: "HR Staff",
    async open(page, viewport) {
      await openOnScreen(page, "hrAttendance", "HR Staff");
      const details = viewport === "phone" ? visibleButton(page, "Details", true) : visibleButton(page, `Monthly details of ${data.employee.name}`);
      await details.click();
      await page
        .getByRole("dialog")
        .getByText(/deductions/i)
        .first()
        .waitFor(WAIT);
    },
  },
  {
    name: "Departments dialog",
    role: "HR Admin",
    async open(page) {
      await openOnScreen(page, "hrEmployees", "HR Admin");
      await visibleButton(page, "Departments", true).click();
      await page.getByRole("dialog").getByText(data.departmentName).first().waitFor(WAIT);
    },
  },
  {
    name: "Audit Event Details dialog",
    role: "SuperAdmin",
    async open(page) {
      await openOnScreen(page, "audit", "SuperAdmin");
      // Sign-ins (which carry no data to show) fill the first page as the audit runs; a transaction's entries have some.
      await page.getByRole("searchbox", { name: "Search audit logs" }).filter({ visible: true }).first().fill(data.rejected.humanReadableId);
      // The answer to the search, not the faded list shown while it is asked (axe reads the page behind the dialog).
      const id = data.rejected.humanReadableId;
      await page.waitForFunction(
        (id) => {
          const list = document.querySelector("#main-content ul.divide-y");
          return list !== null && !list.classList.contains("opacity-60") && [...list.children].every((li) => li.textContent?.includes(id));
        },
        id,
        WAIT,
      );
      await visibleButton(page, /^View details of/).click();
      await page.getByRole("dialog", { name: "Audit Event Details" }).waitFor(WAIT);
    },
  },
  {
    // The sidebar is always there on a desktop; below the lg breakpoint it is a drawer.
    name: "Menu drawer open",
    role: "HR Staff",
    only: "phone",
    async open(page) {
      await openOnScreen(page, "hr", "HR Staff");
      await visibleButton(page, "Open menu").click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor(WAIT);
    },
  },
];

const SIGNED_IN_ROLES = [...ROLES];

async function publicScreens(viewport: ViewportName): Promise<Finding[]> {
  const page = await newPage(env.browser, viewport);
  const findings: Finding[] = [];
  for (const routeId of ROUTE_IDS.filter((id) => visitorsOf(id).includes(null))) {
    findings.push(...(await checkScreen(page, routeId, null, viewport, "goto")));
  }
  // An unknown address: the 'Page Not Found' card.
  await page.goto("/no/such/page");
  await waitForText(page, "Page Not Found");
  findings.push(...(await audit(page, `404 · signed out · ${viewport}`)));
  return findings;
}

async function signedInScreens(role: Role, viewport: ViewportName): Promise<Finding[]> {
  const page = await newPage(env.browser, viewport);
  await env.signIn(page, data.users[role]);
  const findings: Finding[] = [];
  for (const routeId of ROUTE_IDS.filter((id) => visitorsOf(id).includes(role))) {
    findings.push(...(await checkScreen(page, routeId, role, viewport, "navigate")));
  }
  if (role === "SuperAdmin") {
    // The standalone control page, as the one who may use it (signed out it is covered above).
    findings.push(...(await checkScreen(page, "emergency", role, viewport, "goto")));
    await page.goto("/");
  }
  for (const dialog of DIALOGS.filter((d) => d.role === role && (!d.only || d.only === viewport))) {
    const label = `${dialog.name} · ${role} · ${viewport}`;
    try {
      await dialog.open(page, viewport);
      findings.push(...(await audit(page, label)));
    } catch (err) {
      findings.push(`[${label}] could not be opened: ${(err as Error).message.split("\n")[0]}`);
    }
    await closeDialogs(page);
  }
  return findings;
}

/** The desktop and the phone side by side (each its own context): most of the time is spent waiting on the page. */
async function onBothViewports(run: (viewport: ViewportName) => Promise<Finding[]>): Promise<void> {
  const results = await Promise.all(VIEWPORT_NAMES.map(run));
  report(results.flat());
}

describe("accessibility on the desktop and the phone", () => {
  it("public screens: login, lockout notice, emergency pages, 404", () => onBothViewports(publicScreens));

  // The SuperAdmin opens nearly every route on two viewports: more than the suite's default two
  // minutes on a busy machine.
  it.each(SIGNED_IN_ROLES)("every screen and dialog of the %s", (role) => onBothViewports((viewport) => signedInScreens(role, viewport)), 240_000);
});

describe("the lockdown screen", () => {
  it("shown at sign-in while the lockdown is on, on both viewports", async () => {
    const admin = await signInApi(env.url, data.users.SuperAdmin);
    await admin.post("/api/admin/emergency-toggle", { enabled: true });
    const findings: Finding[] = [];
    try {
      for (const viewport of VIEWPORT_NAMES) {
        const page = await newPage(env.browser, viewport);
        await page.goto("/");
        await page.getByLabel("User ID").fill(data.users.Accountant.username);
        await page.getByLabel("Password").fill(TEST_PASSWORD);
        await page.getByRole("button", { name: "Sign In" }).click();
        await waitForText(page, "Emergency System Lockdown");
        findings.push(...(await audit(page, `lockdown screen · Accountant · ${viewport}`)));
      }
    } finally {
      await admin.post("/api/admin/emergency-toggle", { enabled: false });
    }
    report(findings);
  });
});

describe("coverage", () => {
  it("the route table audited here is the one the app renders", () => {
    // Every route id has a page: the signed-in pages, the public pages, '/' (per role) and the login gate.
    const rendered = [...Object.keys(APP_PAGES), ...Object.keys(PUBLIC_PAGES), "home", "login"].sort();
    expect(rendered).toEqual([...ROUTE_IDS].sort());
    // And no <Route> anywhere in the client declares a path outside PATHS.
    const clientSrc = path.resolve(import.meta.dirname, "../../client/src");
    const outside: string[] = [];
    for (const file of fs.readdirSync(clientSrc, { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file)) continue;
      const text = fs.readFileSync(path.join(clientSrc, file), "utf8");
      for (const m of text.matchAll(/<Route\b[^>]*?\bpath=\{?\s*([^\s}>]+)/g)) {
        if (!m[1].startsWith("PATHS.") && !m[1].startsWith("PATHS[")) outside.push(`${file}: ${m[0]}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it("every (route, role) pair of the route table was audited on both viewports", () => {
    const missing = [...expectedVisits].filter((k) => !visited.has(k));
    expect(missing).toEqual([]);
    expect(visited.size).toBeGreaterThanOrEqual(expectedVisits.size);
  });
});
