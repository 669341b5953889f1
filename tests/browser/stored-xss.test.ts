// Stored XSS renders as text (issue "Proof under pressure"). Every free-text field the product
// stores (transaction description, category name and description, custom field labels and values,
// attachment file name, rejection reason, force-status reason in the audit trail, payment
// reference and notes, user full names, budget name, employee name, department name, and the names
// in a punch CSV) is saved with an <img onerror> and a <script> payload (through the API, the CSV
// through the import page), then each screen that shows it is opened, including the notifications
// menu and a live notification toast: the payload must be visible literally, nothing may have run
// (window.__xss stays undefined, no alert), and the DOM must hold no <img src="x">, no inline
// event handler attribute and no injected <script>.
//
// The pages run with the CSP bypassed: the app's CSP (no inline scripts) would stop an inline
// onerror handler by itself, and this test is about the rendering (React escaping, no raw HTML),
// so a rendering hole must show up here even though the CSP would also have blocked it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { startBrowserTestEnv, VIEWPORTS, type BrowserTestEnv } from "./support";
import { signInApi, todayInAppZone, type ApiClient } from "./api-client";
import type { MadeUser } from "../../server/test/factories";

const WAIT = { timeout: 20_000 };
const IMG = `<img src=x onerror="window.__xss=1;alert(1)">`;
const SCRIPT = `<script>window.__xss=1;alert(1)</script>`;
/** A field's stored value: a tag naming the field, then both payloads (at most 100 characters, the shortest limit). */
const xss = (tag: string) => `${tag} ${IMG} ${SCRIPT}`;

const V = {
  description: xss("Desc"),
  categoryName: xss("Cat"),
  categoryDescription: xss("CatDesc"),
  fieldLabel: xss("Label"),
  fieldValue: xss("Field"),
  fileName: xss("File"),
  rejectReason: xss("Reject"),
  auditReason: xss("Audit"),
  paymentReference: xss("PayRef"),
  paymentNotes: xss("PayNote"),
  accountantName: xss("AccName"),
  approverName: xss("AprName"),
  budgetName: xss("Budget"),
  employeeName: xss("Emp"),
  departmentName: xss("Dept"),
  unmatchedName: xss("Unmatched"),
  liveDescription: xss("Live"),
} as const;

declare global {
  interface Window {
    __xss?: unknown;
  }
}

type Txn = { id: string; humanReadableId: string };
type Seed = {
  admin: MadeUser;
  accountant: MadeUser;
  approver: MadeUser;
  hrAdmin: MadeUser;
  categoryId: string;
  main: Txn;
  rejected: Txn;
  paid: Txn;
  forced: Txn;
  approvePath: string;
  employeeId: string;
  acc: ApiClient;
};

let env: BrowserTestEnv;
let s: Seed;
const contexts: BrowserContext[] = [];
const dialogs: string[] = [];

async function seed(): Promise<Seed> {
  const admin = await env.makeUser("SuperAdmin", { name: "Xss Admin" });
  const accountant = await env.makeUser("Accountant", { name: V.accountantName });
  const approver = await env.makeUser("Approver", { name: V.approverName });
  const hrAdmin = await env.makeUser("HR Admin", { name: "Xss HR" });
  const A = await signInApi(env.url, admin);
  const acc = await signInApi(env.url, accountant);
  const ap = await signInApi(env.url, approver);
  const hr = await signInApi(env.url, hrAdmin);
  const today = todayInAppZone();

  const category = await A.post("/api/categories", {
    name: V.categoryName,
    description: V.categoryDescription,
    fieldSchema: [
      { id: "vendor", label: "Vendor", type: "text" },
      { id: "note", label: V.fieldLabel, type: "text" },
    ],
  });
  const office = (await acc.get<{ id: string; name: string }[]>("/api/categories")).find((c) => c.name === "Office Expenses")!;
  const create = async (body: Record<string, unknown>): Promise<Txn> => {
    const t = await acc.post("/api/transactions", { formType: "B", transactionDate: today, amount: "1500", ...body });
    return { id: t.id, humanReadableId: t.humanReadableId };
  };

  // The main one: payload description, category, custom field value and label, attachment name;
  // an emergency, so its public approval page shows them too.
  const main = await create({
    categoryId: category.id,
    description: V.description,
    customFieldValues: { vendor: V.fieldValue, note: "Plain note" },
    isPriority: true,
    isEmergency: true,
  });
  await acc.attach(main.id, V.fileName, "quotation");
  await acc.post(`/api/transactions/${main.id}/submit`);
  const links = await acc.post(`/api/transactions/${main.id}/emergency-links`);

  // Rejected with a payload reason (by the approver whose name is a payload).
  const rejected = await create({ categoryId: category.id, description: "Courier bill" });
  await acc.post(`/api/transactions/${rejected.id}/submit`);
  await ap.post(`/api/transactions/${rejected.id}/reject`, { reason: V.rejectReason });

  // Approved and paid with a payload reference and notes.
  const paid = await create({ categoryId: office.id, description: "Printer toner" });
  await acc.post(`/api/transactions/${paid.id}/submit`);
  await ap.post(`/api/transactions/${paid.id}/approve`);
  await acc.patch(`/api/transactions/${paid.id}/payment`, { paymentMethod: "UPI", paymentReference: V.paymentReference, paymentNotes: V.paymentNotes });

  // A forced status whose reason the audit trail shows.
  const forced = await create({ categoryId: office.id, description: "Tea and snacks" });
  await A.post(`/api/admin/transactions/${forced.id}/force-status`, { status: "Approved", reason: V.auditReason });

  await A.post("/api/admin/budgets", {
    name: V.budgetName,
    categoryId: category.id,
    amount: "50000",
    period: "monthly",
    startDate: todayInAppZone(-5),
    endDate: todayInAppZone(25),
  });

  const department = await hr.post("/api/hr/departments", { name: V.departmentName });
  const employee = await hr.post("/api/hr/employees", {
    employeeName: V.employeeName,
    departmentId: department.id,
    weeklyOff: "Sunday",
    joiningDate: "2024-04-01",
    monthlySalary: "30000",
  });

  return {
    admin,
    accountant,
    approver,
    hrAdmin,
    categoryId: category.id,
    main,
    rejected,
    paid,
    forced,
    approvePath: new URL(links.approveUrl).pathname,
    employeeId: employee.id,
    acc,
  };
}

beforeAll(async () => {
  env = await startBrowserTestEnv();
  s = await seed();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await env?.close();
});

async function newPage(user: MadeUser | null): Promise<Page> {
  const context = await env.browser.newContext({ ...VIEWPORTS.desktop, baseURL: env.url, bypassCSP: true });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  // Any alert, confirm or prompt means a payload ran.
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()} "${dialog.message()}" on ${page.url()}`);
    void dialog.dismiss().catch(() => {});
  });
  if (user) await env.signIn(page, user);
  return page;
}

/** Each value is shown literally, and nothing of the payloads became markup or ran. */
async function expectInert(page: Page, where: string, values: string[], scope: Locator | Page = page): Promise<void> {
  const notShownLiterally: string[] = [];
  for (const value of values) {
    const ok = await scope
      .getByText(value)
      .filter({ visible: true })
      .first()
      .waitFor(notShownLiterally.length ? { timeout: 2_000 } : WAIT)
      .then(
        () => true,
        () => false,
      );
    if (!ok) notShownLiterally.push(value);
  }
  // An <img src=x> fails to load and fires onerror a moment later: give it that moment.
  await page.waitForTimeout(300);
  const dom = await page.evaluate(() => ({
    xss: window.__xss,
    imgSrcX: document.querySelectorAll('img[src="x"]').length,
    inlineHandlers: document.querySelectorAll("[onerror], [onload]").length,
    injectedScripts: [...document.querySelectorAll("script")].filter((el) => el.textContent?.includes("__xss")).length,
  }));
  expect({ notShownLiterally, ...dom, dialogs }, where).toEqual({
    notShownLiterally: [],
    xss: undefined,
    imgSrcX: 0,
    inlineHandlers: 0,
    injectedScripts: 0,
    dialogs: [],
  });
}

async function openDetails(page: Page, txn: Txn): Promise<ReturnType<Page["getByRole"]>> {
  await page.getByRole("button", { name: txn.humanReadableId }).filter({ visible: true }).first().click();
  const dialog = page.getByRole("dialog", { name: `Transaction ${txn.humanReadableId}` });
  await dialog.waitFor(WAIT);
  return dialog;
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await page
    .getByRole("dialog")
    .first()
    .waitFor({ state: "detached", ...WAIT });
}

describe("stored XSS payloads render as text", () => {
  it("SuperAdmin: All Transactions, the details (custom fields, attachment, approvals, payment), categories, audit, users, budgets", async () => {
    const page = await newPage(s.admin);

    await page.goto("/transactions");
    await expectInert(page, "All Transactions", [V.description, V.categoryName, V.accountantName]);

    let dialog = await openDetails(page, s.main);
    await expectInert(page, "Transaction Details (main)", [V.description, V.categoryName, V.fieldValue, V.fieldLabel, V.fileName, V.accountantName], dialog);
    await closeDialog(page);

    dialog = await openDetails(page, s.rejected);
    await expectInert(page, "Transaction Details (rejected)", [V.rejectReason, V.approverName], dialog);
    await closeDialog(page);

    dialog = await openDetails(page, s.paid);
    await expectInert(page, "Transaction Details (paid)", [V.paymentReference, V.paymentNotes], dialog);
    await closeDialog(page);

    await page.goto("/categories");
    await expectInert(page, "Category Management", [V.categoryName, V.categoryDescription, V.fieldLabel]);
    await page.getByRole("button", { name: `Design fields of ${V.categoryName}` }).click();
    await expectInert(page, "Dynamic Field Designer", [V.fieldLabel], page.getByRole("dialog"));
    await closeDialog(page);

    await page.goto("/audit");
    await expectInert(page, "Audit Trail", [V.auditReason]);

    await page.goto("/users");
    await expectInert(page, "User Management", [V.accountantName, V.approverName]);
    await page.goto("/admin/users");
    await expectInert(page, "Admin Users", [V.accountantName, V.approverName]);

    await page.goto("/budget-planning");
    await expectInert(page, "Budget Planning", [V.budgetName]);

    await page.goto("/hr/employees");
    await expectInert(page, "Employees (SuperAdmin)", [V.employeeName, V.departmentName]);
  });

  it("Accountant: the sidebar name, My Transactions, the notifications, the create form's custom fields", async () => {
    const page = await newPage(s.accountant);
    await page.goto("/my-transactions");
    await expectInert(page, "My Transactions and the sidebar", [V.description, V.categoryName, V.accountantName]);

    // The rejection notification carries the reason and the category name.
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await expectInert(page, "Notifications menu (Accountant)", [V.rejectReason, V.categoryName], page.getByRole("menu"));
    await page.keyboard.press("Escape");

    await page.goto("/create-transaction");
    await page.getByLabel("Category").selectOption({ label: V.categoryName });
    await expectInert(page, "Create Transaction with the designed category", [V.fieldLabel]);
  });

  it("Approver: dashboard, Pending Approvals, the notifications, and a live notification toast", async () => {
    const page = await newPage(s.approver);
    await expectInert(page, "Approver dashboard", [V.description, V.categoryName, V.fieldValue, V.accountantName]);
    await page.goto("/pending-approvals");
    await expectInert(page, "Pending Approvals", [V.description, V.categoryName, V.fieldValue, V.accountantName]);

    await page.getByRole("button", { name: /^Notifications/ }).click();
    await expectInert(page, "Notifications menu (Approver)", [V.categoryName, V.accountantName], page.getByRole("menu"));
    await page.keyboard.press("Escape");

    // A submission while the approver watches: the real-time toast names the category and the creator.
    const live = await s.acc.post("/api/transactions", {
      formType: "R",
      categoryId: s.categoryId,
      amount: "75",
      transactionDate: todayInAppZone(),
      description: V.liveDescription,
    });
    await s.acc.post(`/api/transactions/${live.id}/submit`);
    const toast = page.getByRole("status").filter({ hasText: live.humanReadableId });
    await toast.first().waitFor(WAIT);
    await expectInert(page, "Live notification toast", [V.categoryName, V.accountantName], toast.first());
    await expectInert(page, "Pending Approvals after the live submission", [V.liveDescription]);
  });

  it("HR Admin: a punch CSV with payload names (import result), attendance, employees, the employee's month, payroll", async () => {
    const page = await newPage(s.hrAdmin);
    // The punch machine's names are free text too: one matches the payload employee, one matches nobody.
    const today = todayInAppZone();
    const cell = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const csv = [
      "Employee Name,Date,Time,Event Type",
      `${cell(V.employeeName)},${today},09:05,IN`,
      `${cell(V.employeeName)},${today},18:10,OUT`,
      `${cell(V.unmatchedName)},${today},09:00,IN`,
    ].join("\n");
    await page.goto("/hr/import");
    await page.locator("input#csv-file").setInputFiles({ name: "punches.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("heading", { name: "File analysis" }).waitFor(WAIT);
    await page.getByRole("combobox", { name: "Month" }).selectOption(today.slice(0, 7));
    await page.getByRole("button", { name: "Import CSV" }).click();
    await page.getByRole("heading", { name: "Imported with problems" }).waitFor(WAIT);
    await expectInert(page, "Import result (unmatched names)", [V.unmatchedName]);

    await page.goto("/hr/attendance");
    await expectInert(page, "Attendance", [V.employeeName, V.departmentName]);
    await page.goto("/hr/employees");
    await expectInert(page, "Employees", [V.employeeName, V.departmentName]);
    await page.goto(`/hr/attendance/${s.employeeId}`);
    await expectInert(page, "Employee attendance", [V.employeeName, V.departmentName]);
    await page.goto("/hr/reports");
    await expectInert(page, "Payroll & Reports", [V.employeeName]);
  });

  it("the public emergency approval page (no sign-in)", async () => {
    const page = await newPage(null);
    await page.goto(s.approvePath);
    await expectInert(page, "Emergency approval page", [s.main.humanReadableId, V.description, V.categoryName, V.fieldValue, V.fieldLabel, V.accountantName]);
  });

  it("no alert, confirm or prompt opened anywhere", () => {
    expect(dialogs).toEqual([]);
  });
});
