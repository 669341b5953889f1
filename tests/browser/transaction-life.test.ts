// The whole life of a transaction through the screens (issue 'finance core', spec 000 §2, §4,
// DECISIONS §4): an Accountant creates a Salary transaction with a custom field and an attachment,
// two Approvers approve it (one on a desktop, one on a phone) from Pending Approvals, and the
// Accountant marks it payment due, processes the payment and completes it. The SuperAdmin's
// dashboard numbers follow each step, and the database row is checked at the end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { approvals, attachments, categories, transactions } from "../../server/db/schema";

const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 500 };
const SALARY_ALERT = "Salary transactions require a minimum of 2 approvals before they can be processed.";

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
  // The built-in Salary category gets one required custom field.
  const updated = await env.db
    .update(categories)
    .set({ fieldSchema: [{ id: "employee_code", label: "Employee Code", type: "text", required: true }] })
    .where(eq(categories.name, "Salary"))
    .returning({ id: categories.id });
  expect(updated).toHaveLength(1);
});
afterAll(async () => {
  await env?.close();
});

function isoDate(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** The rupee text of a stat card ('₹45,000.50') as a number. */
function rupees(text: string): number {
  return Number(text.replace(/[^\d.]/g, ""));
}

type Stats = { pending: number; urgent: string; unpaidCount: number; unpaidAmount: number };

/** The SuperAdmin's stat cards, read after a fresh load of '/'. */
async function readStats(page: Page): Promise<Stats> {
  await page.goto("/");
  const card = (title: string) => page.getByText(title, { exact: true }).locator("xpath=..");
  const pending = card("Pending Transactions").locator("p");
  const unpaid = card("Unpaid Approved").locator("p");
  // Loaded once the value is a number rather than the '—' placeholder.
  await pending.nth(1).filter({ hasText: /^\d+$/ }).waitFor(WAIT);
  await unpaid.nth(1).filter({ hasText: /₹/ }).waitFor(WAIT);
  const unpaidSubtitle = (await unpaid.nth(2).textContent()) ?? "";
  return {
    pending: Number(await pending.nth(1).textContent()),
    urgent: (await pending.nth(2).textContent()) ?? "",
    unpaidCount: Number(/^(\d+) awaiting payment$/.exec(unpaidSubtitle)?.[1] ?? NaN),
    unpaidAmount: rupees((await unpaid.nth(1).textContent()) ?? ""),
  };
}

/** The status badge of the details dialog: the first badge of its body. */
function statusBadge(dialog: Locator): Locator {
  return dialog.locator("span.rounded-full").first();
}

async function dbRow(humanReadableId: string) {
  const [row] = await env.db.select().from(transactions).where(eq(transactions.humanReadableId, humanReadableId));
  return row;
}

describe("the life of a Salary transaction", () => {
  it("is created with a custom field and a file, approved twice (desktop and phone), marked due, paid and completed", async () => {
    const accountant = await env.makeUser("Accountant");
    const approverA = await env.makeUser("Approver");
    const approverB = await env.makeUser("Approver");
    const admin = await env.makeUser("SuperAdmin");
    const acc = (await env.newPage("desktop")).page;
    const apA = (await env.newPage("desktop")).page;
    const apB = (await env.newPage("phone")).page;
    const adm = (await env.newPage("desktop")).page;
    await env.signIn(acc, accountant);
    await env.signIn(adm, admin);

    const before = await readStats(adm);
    const amount = 45_000.5;
    const description = `March salary ${Date.now()}`;

    // ---------------------------------------------------------------- create and submit
    await acc.goto("/create-transaction");
    await acc.getByRole("radio", { name: /B - Bill/ }).check();
    await acc.getByLabel(/^Category/).selectOption({ label: "Salary (Built-in)" });
    await acc.getByText(SALARY_ALERT).waitFor(WAIT);
    await acc.getByText("Salary Details").waitFor(WAIT);
    await acc.getByLabel(/^Amount/).fill("45000.50");
    await acc.getByLabel(/^Transaction Date/).fill(isoDate(0));
    await acc.getByLabel(/^Description \/ Purpose/).fill(description);

    // The required custom field is enforced before anything is sent.
    const employeeCode = acc.getByLabel(/^Employee Code/);
    await acc.getByRole("button", { name: "Submit for Approval" }).click();
    await expect.poll(() => employeeCode.getAttribute("aria-invalid"), POLL).toBe("true");
    expect(await env.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.description, description))).toHaveLength(0);
    await employeeCode.fill("EMP-0042");

    // One small file through the dropzone's input.
    await acc.locator('input[type="file"]').setInputFiles({ name: "payslip.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% payslip\n") });
    await acc.getByRole("list", { name: "Files to upload" }).getByText("payslip.pdf").waitFor(WAIT);

    await acc.getByRole("button", { name: "Submit for Approval" }).click();
    await acc.getByRole("heading", { name: "Transaction Submitted" }).waitFor(WAIT);
    const panelText =
      (await acc
        .getByRole("status")
        .filter({ hasText: /TXN-\d{6}/ })
        .first()
        .textContent()) ?? "";
    const hrid = /TXN-\d{6}/.exec(panelText)?.[0];
    expect(hrid).toBeTruthy();
    const id = hrid!;
    await acc.getByRole("link", { name: "View My Transactions" }).waitFor();
    await acc.getByRole("link", { name: "Go to Dashboard" }).waitFor();
    await acc.getByRole("button", { name: "Create New Transaction" }).waitFor();

    const created = await dbRow(id);
    expect(created).toMatchObject({
      status: "Pending",
      approvalsRequired: 2,
      approvalsReceived: 0,
      formType: "B",
      customFieldValues: { employee_code: "EMP-0042" },
    });
    expect(Number(created.amount)).toBe(amount);

    // The SuperAdmin's Pending Transactions count goes up by one (not an urgent one).
    await expect.poll(() => readStats(adm), POLL).toMatchObject({ pending: before.pending + 1, urgent: before.urgent, unpaidCount: before.unpaidCount });

    // ---------------------------------------------------------------- first approval (desktop)
    await env.signIn(apA, approverA);
    await apA.goto("/pending-approvals");
    const cardA = apA.getByRole("article", { name: id });
    await cardA.waitFor(WAIT);
    await cardA.getByText("0/2 approvals").waitFor();
    await cardA.getByText("EMP-0042").waitFor();
    await cardA.getByText("1 file").waitFor();
    await cardA.getByRole("button", { name: "Approve", exact: true }).click();
    await cardA.getByText("You approved this transaction").waitFor(WAIT);
    await cardA.getByText("1/2 approvals").waitFor(WAIT);
    expect(await cardA.getByRole("button", { name: "Approve", exact: true }).count()).toBe(0);
    expect(await dbRow(id)).toMatchObject({ status: "Pending", approvalsReceived: 1 });
    // Still pending: one more approval is needed.
    await expect.poll(() => readStats(adm), POLL).toMatchObject({ pending: before.pending + 1, unpaidCount: before.unpaidCount });

    // ---------------------------------------------------------------- second approval (phone)
    await env.signIn(apB, approverB);
    await apB.goto("/pending-approvals");
    const cardB = apB.getByRole("article", { name: id });
    await cardB.waitFor(WAIT);
    await cardB.getByText("1/2 approvals").filter({ visible: true }).waitFor(WAIT);
    await cardB.getByRole("button", { name: "Approve", exact: true }).click();
    // Approved: it leaves the pending list.
    await cardB.waitFor({ state: "detached", ...WAIT });
    await apB.getByText("All Caught Up!").filter({ visible: true }).first().waitFor(WAIT);
    expect(await dbRow(id)).toMatchObject({ status: "Approved", approvalsReceived: 2, isPaid: false });

    // Pending count back down; one more unpaid approved transaction, for its amount.
    await expect.poll(() => readStats(adm), POLL).toMatchObject({ pending: before.pending, unpaidCount: before.unpaidCount + 1 });
    const approvedStats = await readStats(adm);
    expect(approvedStats.unpaidAmount).toBeCloseTo(before.unpaidAmount + amount, 2);

    // ---------------------------------------------------------------- payment tracking (Accountant)
    await acc.goto("/my-transactions");
    const row = acc.getByRole("button", { name: new RegExp(id) });
    await row.waitFor(WAIT);
    await row.getByText("Approved", { exact: true }).waitFor(WAIT);
    await row.getByText("Unpaid", { exact: true }).waitFor();
    await row.click();
    const dialog = acc.getByRole("dialog", { name: `Transaction ${id}` });
    await dialog.waitFor(WAIT);
    await expect.poll(() => statusBadge(dialog).textContent(), POLL).toBe("Approved");
    await dialog.getByText("Payment pending").waitFor();
    await dialog.getByText("EMP-0042").waitFor();
    await dialog.getByText("payslip.pdf", { exact: true }).waitFor();
    await dialog.getByText("Attachments (1)").waitFor();
    const panel = dialog.getByRole("region", { name: "Payment Tracking" });
    await panel.waitFor();

    // Mark payment due, with a due date a week ahead.
    await panel.getByRole("button", { name: "Mark Payment Due" }).click();
    const dueForm = panel.getByRole("form", { name: "Set Payment Due Date" });
    await dueForm.getByLabel("Due Date").fill(isoDate(7));
    await dueForm.getByRole("button", { name: "Mark Payment Due" }).click();
    await expect.poll(() => statusBadge(dialog).textContent(), POLL).toBe("Payment Due");
    await dueForm.waitFor({ state: "detached", ...WAIT });
    await panel.getByText(/^Payment due /).waitFor(WAIT);
    expect(await dbRow(id)).toMatchObject({ status: "PaymentDue", isPaid: false, paymentDueDate: isoDate(7) });
    // Payment due is still unpaid.
    await expect.poll(() => readStats(adm), POLL).toMatchObject({ pending: before.pending, unpaidCount: before.unpaidCount + 1 });

    // Process the payment: UPI with a reference.
    await panel.getByRole("button", { name: /^Process Payment/ }).click();
    const payForm = panel.getByRole("form", { name: "Process Payment" });
    await payForm.getByLabel(/^Payment Method/).selectOption("UPI");
    await payForm.getByLabel(/^Payment Reference/).fill("UPI-REF-7788");
    await payForm.getByRole("button", { name: "Confirm Payment" }).click();
    await expect.poll(() => statusBadge(dialog).textContent(), POLL).toBe("Paid");
    await payForm.waitFor({ state: "detached", ...WAIT });
    await panel.getByText(/via UPI · Ref UPI-REF-7788/).waitFor(WAIT);
    expect(await dbRow(id)).toMatchObject({ status: "Paid", isPaid: true, paymentMethod: "UPI", paymentReference: "UPI-REF-7788", paidBy: accountant.id });
    // Paid: out of the unpaid figures again.
    await expect.poll(() => readStats(adm), POLL).toMatchObject({ pending: before.pending, unpaidCount: before.unpaidCount });
    const paidStats = await readStats(adm);
    expect(paidStats.unpaidAmount).toBeCloseTo(before.unpaidAmount, 2);

    // Complete it: the screen asks first and says what will change; nothing changes until confirmed.
    await panel.getByRole("button", { name: "Complete Transaction" }).click();
    const confirm = panel.page().getByRole("dialog", { name: `Complete ${id}?` });
    await confirm.getByText(/becomes Completed/).waitFor(WAIT);
    expect((await dbRow(id))!.status).toBe("Paid");
    await confirm.getByRole("button", { name: "Complete Transaction" }).click();
    await confirm.waitFor({ state: "detached", ...WAIT });
    await expect.poll(() => statusBadge(dialog).textContent(), POLL).toBe("Completed");
    await panel.getByText(/^Completed on /).waitFor(WAIT);
    expect(await panel.getByRole("button").count()).toBe(0);

    // ---------------------------------------------------------------- the row at the end
    const final = await dbRow(id);
    expect(final).toMatchObject({
      status: "Completed",
      isPaid: true,
      paymentMethod: "UPI",
      paymentReference: "UPI-REF-7788",
      approvalRound: 1,
      approvalsRequired: 2,
      approvalsReceived: 2,
      customFieldValues: { employee_code: "EMP-0042" },
    });
    expect(final.completedAt).toBeTruthy();
    const acts = await env.db.select().from(approvals).where(eq(approvals.transactionId, final.id));
    expect(
      acts
        .filter((a) => a.round === 1 && a.action === "approved")
        .map((a) => a.approverId)
        .sort(),
    ).toEqual([approverA.id, approverB.id].sort());
    expect(acts).toHaveLength(2);
    const files = await env.db.select().from(attachments).where(eq(attachments.transactionId, final.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ fileName: "payslip.pdf", mimeType: "application/pdf", fileSizeBytes: Buffer.byteLength("%PDF-1.4\n% payslip\n") });
  });
});
