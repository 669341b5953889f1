// No screen is wider than a phone (DECISIONS §16): every route of the client's route table
// (client/src/lib/paths.ts), its parameters filled from real data, opened at 390 px by a role that
// may open it (and '/' by every role), fits: document.documentElement.scrollWidth <= 390, whatever
// the data. So the data is long: a party, a category, an employee, a department, an approval rule,
// a budget and people with long names, descriptions with long unbroken references, the largest
// amount there is, in every status and on both form types, an export batch and a delegation. A
// visually hidden chart table once made Budget Planning 420 px wide; a long party name in Recent
// Transactions made '/' 484 px and '/transactions' 449 px.
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { signInApi, todayInAppZone } from "./api-client";
import { PATHS, links, type RouteId } from "../../client/src/lib/paths";
import { ROUTE_ACCESS } from "../../client/src/app/permissions";
import { ROLES, type Role } from "../../shared/constants";
import { departments, employees } from "../../server/db/schema";
import { setApproverPin } from "../../server/services/emergency-approvers";
import { systemClock } from "../../server/clock";
import type { MadeUser } from "../../server/test/factories";

const WAIT = { timeout: 20_000 };
const PHONE_WIDTH = 390;

/** Data as long as the forms take it, with long unbroken words where people type them (references, codes). */
const LONG = {
  party: "Shree Venkateshwara Industrial Textile Machinery & Spare Parts Trading Company (Bhiwandi-Nizampur Division) Private Limited",
  category: "Annual Maintenance Contracts for Factory Equipment, Fire Safety and Sprinkler Systems",
  description: "Quarterly AMC invoice INV/2026-27/SVITMSPTC/BHIWANDI-NIZAMPUR/WAREHOUSE-FIRE-SUPPRESSION-000123456789 for the weaving and finishing sheds",
  reference: "UTR-HDFCN52026112700012345678901234567890",
  amount: "999999999999.99",
  rule: "Above ₹10,00,00,000 for Annual Maintenance Contracts of the Bhiwandi Works",
  person: "Venkataraghavan Subramaniam Ramachandran Iyer",
  employee: "Venkataraghavan Subramaniam Ramachandran Iyer Balasubrahmanyam",
  department: "Finishing, Quality Assurance and Dispatch (Bhiwandi-Nizampur Works)",
};

let env: BrowserTestEnv;
const users = new Map<Role, MadeUser>();
const params: { employeeId: string; approveToken: string; rejectToken: string } = { employeeId: "", approveToken: "", rejectToken: "" };

beforeAll(async () => {
  env = await startBrowserTestEnv();
  for (const role of ROLES) users.set(role, await env.makeUser(role, role === "Accountant" ? { name: LONG.person } : {}));
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
  // The longest names the forms take, on both form types, in every stage: pending, approved, payment due, paid, completed.
  const longCategory = await adminApi.post<{ id: string }>("/api/categories", { name: LONG.category, description: LONG.description, requiredApprovals: 1 });
  const longParty = await accountant.post<{ id: string }>("/api/parties", { name: LONG.party });
  const approver = await signInApi(env.url, users.get("Approver")!);
  const stages = ["Pending", "Approved", "PaymentDue", "Paid", "Completed"] as const;
  for (const [i, stage] of stages.entries()) {
    for (const formType of ["B", "R"] as const) {
      const t = await accountant.post<{ id: string }>("/api/transactions", {
        formType,
        categoryId: longCategory.id,
        partyId: longParty.id,
        amount: i === 0 ? LONG.amount : `${98765432 + i}.75`,
        transactionDate: today,
        description: `${LONG.description} ${stage}`,
      });
      await accountant.post(`/api/transactions/${t.id}/submit`);
      if (stage === "Pending") continue;
      await approver.post(`/api/transactions/${t.id}/approve`);
      if (stage === "PaymentDue") await accountant.post(`/api/transactions/${t.id}/mark-payment-due`, { dueDate: today });
      if (stage === "Paid" || stage === "Completed")
        await accountant.patch(`/api/transactions/${t.id}/payment`, {
          paymentMethod: "NEFT/RTGS",
          paymentReference: LONG.reference,
          paymentNotes: LONG.description,
          paidDate: today,
        });
      if (stage === "Completed") await accountant.post(`/api/transactions/${t.id}/complete`);
    }
  }
  await accountant.post("/api/accounting/exports", { from: today, to: today, format: "tally" });
  await adminApi.post("/api/admin/approval-rules", {
    name: LONG.rule,
    categoryId: longCategory.id,
    formType: null,
    minAmount: "100000000",
    requiredApprovals: 5,
    superAdminRequired: true,
  });
  const delegateTo = await env.makeUser("Approver", { name: LONG.person });
  await adminApi.post("/api/delegations", {
    delegatorId: users.get("Approver")!.id,
    delegateId: delegateTo.id,
    from: today,
    to: todayInAppZone(30),
    reason: LONG.description,
  });
  await adminApi.put(`/api/admin/users/${users.get("Approver")!.id}`, { approvalLimit: "999999999999.99" });
  await adminApi.post("/api/admin/budgets", {
    name: "Quarterly office operations and maintenance",
    categoryId: office.id,
    amount: "250000.00",
    period: "quarterly",
    startDate: today,
    endDate: today,
    alertThreshold: 80,
  });
  await adminApi.post("/api/admin/budgets", { name: "Travel", amount: "90000.00", period: "monthly", startDate: today, endDate: today, alertThreshold: 80 });

  const actor = { id: admin.id, role: admin.role, name: admin.name, username: admin.username, visibilityWindowDays: admin.visibilityWindowDays };
  await setApproverPin({ db: env.db, clock: systemClock, actor, ip: null }, "AK", "246810");
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

  const [department] = await env.db.insert(departments).values({ name: LONG.department }).returning();
  const people = await env.db
    .insert(employees)
    .values(
      [LONG.employee, "Priya Nair", "Arjun Reddy"].map((employeeName, i) => ({
        employeeName,
        departmentId: department.id,
        weeklyOff: "Sunday" as const,
        joiningDate: "2025-01-01",
        monthlySalary: "999999999.00",
        employeeCode: `EMP-SVITMSPTC-00000${i}`,
      })),
    )
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

/** A too-wide page is photographed whole, for the failure message to point at; every page when SCREENSHOT_DIR is set, to look at. */
async function shotIfWide(page: Page, name: string, scrollWidth: number): Promise<string> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `phone-${name}.png`), fullPage: true });
  if (scrollWidth <= PHONE_WIDTH) return "";
  const file = `${os.tmpdir()}/phone-width-${name.replace(/[^a-z0-9-]+/gi, "_")}.png`;
  await page.screenshot({ path: file, fullPage: true });
  return ` (see ${file})`;
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
    expect(scrollWidth, `${path} as ${role ?? "nobody"}: ${wide.join("; ")}${await shotIfWide(page, id, scrollWidth)}`).toBeLessThanOrEqual(PHONE_WIDTH);
  });

  it("the review sheet of a transaction with the longest names and amount fits the phone, for its owner and its approver", async () => {
    for (const [role, listPath] of [
      ["Accountant", "/my-transactions"],
      ["Approver", "/pending-approvals"],
    ] as const) {
      const page = await pageFor(role);
      await page.goto(listPath);
      const opener =
        role === "Accountant"
          ? page
              .getByRole("button", { name: /TXN-\d+ .*Pending/ })
              .filter({ hasText: "₹9,99,99,99,99,999.99" })
              .first()
          : page.getByRole("article").filter({ hasText: "₹9,99,99,99,99,999.99" }).first().getByRole("button", { name: "View Details" });
      await opener.click();
      const sheet = page.getByRole("dialog");
      await sheet.getByText("₹9,99,99,99,99,999.99").first().waitFor(WAIT);
      await sheet.getByText(LONG.party).first().waitFor(WAIT);
      // Nothing in the sheet reaches past its right edge (a wide child would scroll inside it, unseen by the page's width).
      const { right, widest, wide } = await sheet.evaluate((el) => {
        const edge = el.getBoundingClientRect().right;
        const out = [...el.querySelectorAll("*")].map((e) => [e, e.getBoundingClientRect().right] as const).filter(([, r]) => r > edge + 0.5);
        return {
          right: edge,
          widest: Math.max(edge, ...out.map(([, r]) => r)),
          wide: out.slice(0, 5).map(([e, r]) => `${e.tagName.toLowerCase()}.${String(e.getAttribute("class") ?? "").slice(0, 60)} → ${Math.round(r)}`),
        };
      });
      expect(right, role).toBeLessThanOrEqual(PHONE_WIDTH);
      expect(widest, `${role}: ${wide.join("; ")}${await shotIfWide(page, `sheet-${role}`, widest > right ? PHONE_WIDTH + 1 : 0)}`).toBeLessThanOrEqual(
        right + 0.5,
      );
      await page.keyboard.press("Escape");
      await sheet.waitFor({ state: "detached", ...WAIT });
    }
  });

  it.each(ROLES.map((r) => [r]))("the home screen of %s", async (role) => {
    const page = await pageFor(role);
    const { scrollWidth, wide } = await widthAt(page, "/");
    expect(scrollWidth, `${wide.join("; ")}${await shotIfWide(page, `home-${role}`, scrollWidth)}`).toBeLessThanOrEqual(PHONE_WIDTH);
  });
});
