// Issue 'administration': a SuperAdmin designs a category's custom fields (reordered by drag and
// drop), an Accountant fills them on a transaction, and the audit trail shows all of it.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, transactions } from "../../server/db/schema";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const LONG = { timeout: 20_000 };

/** A form control by its label; a required field's label ends in a star. */
function byLabel(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\s*\\*?$`));
}

/** The labels of the designer's field rows, top to bottom (the label text without its star). */
async function designerOrder(designer: Locator): Promise<string[]> {
  const rows = designer.locator("ol > li");
  const texts = await rows.locator("p.font-medium").allInnerTexts();
  return texts.map((t) => t.replace(/\*\s*$/, "").trim());
}

/** Adds one field through the designer's field editor. */
async function addField(page: Page, designer: Locator, f: { label: string; type: string; required?: boolean; options?: string[] }) {
  await designer.getByRole("button", { name: "Add Field" }).click();
  const editor = page.getByRole("dialog", { name: "Add Field" });
  await editor.waitFor();
  await byLabel(editor, "Label").fill(f.label);
  await byLabel(editor, "Type").selectOption({ label: f.type });
  if (f.required) await editor.getByLabel("Required").check();
  for (const option of f.options ?? []) {
    await editor.getByLabel("New option").fill(option);
    await editor.getByRole("button", { name: "Add", exact: true }).click();
    await editor
      .getByLabel(/^Option \d+$/)
      .last()
      .waitFor();
  }
  if (f.options) expect(await editor.getByLabel(/^Option \d+$/).count()).toBe(f.options.length);
  await editor.getByRole("button", { name: "Add Field" }).click();
  await editor.waitFor({ state: "detached" });
  await designer.locator("ol > li").filter({ hasText: f.label }).waitFor();
}

/**
 * Drags the row of `from` onto the row of `to` with the mouse, holding it by its grip handle:
 * Chromium runs real HTML5 drag and drop (dragstart, dragover, drop) for Playwright's mouse, so
 * the designer's own drag-and-drop handlers do the move.
 */
async function dragRow(designer: Locator, from: string, to: string) {
  const source = designer.locator("ol > li").filter({ hasText: from });
  const target = designer.locator("ol > li").filter({ hasText: to });
  await source.locator("svg.lucide-grip-vertical").dragTo(target, { targetPosition: { x: 40, y: 10 } });
}

describe("category field designer", () => {
  it("designs fields with drag-and-drop reordering, uses them on a transaction, and audits every step", async () => {
    const suffix = crypto.randomBytes(3).toString("hex");
    const categoryName = `Imports ${suffix}`;
    const admin = await env.makeUser("SuperAdmin");
    const accountant = await env.makeUser("Accountant");

    // --- The SuperAdmin creates the category on /categories.
    const s = await env.newPage("desktop");
    await env.signIn(s.page, admin);
    await s.page.goto("/categories");
    await s.page.getByText("Manage transaction categories and custom fields").first().waitFor(LONG);
    await s.page.getByRole("button", { name: "Create Category" }).first().click();
    const form = s.page.getByRole("dialog", { name: "Create Category" });
    await form.waitFor();
    await byLabel(form, "Name").fill(categoryName);
    await form.getByLabel("Description").fill("Imported goods and customs duty");
    await form.getByRole("button", { name: "Create Category" }).click();
    await s.page.getByText("Category Created", { exact: true }).first().waitFor(LONG);
    await form.waitFor({ state: "detached" });
    const card = s.page.getByRole("listitem").filter({ has: s.page.getByRole("heading", { name: categoryName }) });
    await card.waitFor(LONG);
    await card.getByText("None", { exact: true }).waitFor();

    // --- Dynamic Field Designer: three fields, added in this order.
    await card.getByRole("button", { name: `Design fields of ${categoryName}` }).click();
    const designer = s.page.getByRole("dialog", { name: "Dynamic Field Designer" });
    await designer.waitFor();
    await designer.getByText(`Custom fields of ${categoryName}`).waitFor();
    await designer.getByText("No custom fields yet").waitFor();
    await addField(s.page, designer, { label: "Shipment Mode", type: "Dropdown", options: ["Air", "Sea", "Road"] });
    await addField(s.page, designer, { label: "Bill of Entry", type: "Text", required: true });
    await addField(s.page, designer, { label: "Package Count", type: "Number" });
    expect(await designerOrder(designer)).toEqual(["Shipment Mode", "Bill of Entry", "Package Count"]);
    // Type labels, the options count and the required star are shown on the rows.
    const rowOf = (label: string) => designer.locator("ol > li").filter({ hasText: label });
    await rowOf("Shipment Mode").getByText("Dropdown", { exact: true }).waitFor();
    await rowOf("Shipment Mode").getByText("3 options").waitFor();
    await rowOf("Bill of Entry").getByText("Text", { exact: true }).waitFor();
    await rowOf("Package Count").getByText("Number", { exact: true }).waitFor();
    expect(await rowOf("Bill of Entry").getByLabel("required").count()).toBe(1);
    expect(await rowOf("Shipment Mode").getByLabel("required").count()).toBe(0);
    // Up is disabled on the first row, down on the last.
    expect(await designer.getByRole("button", { name: "Move Shipment Mode up" }).isDisabled()).toBe(true);
    expect(await designer.getByRole("button", { name: "Move Package Count down" }).isDisabled()).toBe(true);

    // --- Reorder by drag and drop: Package Count onto the first row, then Shipment Mode onto the last.
    await dragRow(designer, "Package Count", "Shipment Mode");
    expect(await designerOrder(designer)).toEqual(["Package Count", "Shipment Mode", "Bill of Entry"]);
    await dragRow(designer, "Shipment Mode", "Bill of Entry");
    const newOrder = ["Package Count", "Bill of Entry", "Shipment Mode"];
    expect(await designerOrder(designer)).toEqual(newOrder);
    await designer.getByText("Unsaved changes").waitFor();
    // Something dropped from outside the list (a file from the desktop) moves nothing.
    await designer
      .locator("ol > li")
      .last()
      .evaluate((li) => {
        const dt = new DataTransfer();
        dt.items.add(new File(["x"], "invoice.pdf", { type: "application/pdf" }));
        for (const type of ["dragenter", "dragover", "drop"]) li.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
      });
    expect(await designerOrder(designer)).toEqual(newOrder);
    expect(await designer.getByRole("button", { name: "Move Package Count up" }).isDisabled()).toBe(true);
    expect(await designer.getByRole("button", { name: "Move Shipment Mode down" }).isDisabled()).toBe(true);

    await designer.getByRole("button", { name: "Save Fields" }).click();
    await s.page.getByText("Fields Updated", { exact: true }).first().waitFor(LONG);
    await designer.waitFor({ state: "detached" });

    // The stored fieldSchema is in the dragged order, with ids derived from the labels.
    const [row] = await env.db.select().from(categories).where(eq(categories.name, categoryName));
    expect(row.fieldSchema.map((f) => f.label)).toEqual(newOrder);
    expect(row.fieldSchema.map((f) => f.id)).toEqual(["package_count", "bill_of_entry", "shipment_mode"]);
    expect(row.fieldSchema.map((f) => f.type)).toEqual(["number", "text", "select"]);
    expect(row.fieldSchema.map((f) => Boolean(f.required))).toEqual([false, true, false]);
    expect(row.fieldSchema[2].options).toEqual(["Air", "Sea", "Road"]);

    // The card lists the fields in that order, and a reopened designer keeps it.
    await expect.poll(() => card.locator("div.mt-1\\.5 > span").allInnerTexts(), LONG).toEqual(newOrder);
    await s.page.reload();
    await card.getByRole("button", { name: `Design fields of ${categoryName}` }).click(LONG);
    await designer.waitFor();
    await designer.locator("ol > li").first().waitFor();
    expect(await designerOrder(designer)).toEqual(newOrder);
    await designer.getByRole("button", { name: "Cancel" }).click();
    await designer.waitFor({ state: "detached" });

    // --- An Accountant creates and submits a transaction in the category.
    const a = await env.newPage("desktop");
    await env.signIn(a.page, accountant);
    await a.page.goto("/create-transaction");
    const categorySelect = byLabel(a.page, "Category");
    await categorySelect.waitFor(LONG);
    await categorySelect.selectOption({ label: categoryName });
    const details = a.page.getByText(`${categoryName} Details`, { exact: true });
    await details.waitFor();
    // The custom fields render in the designed order; only Bill of Entry carries the star.
    const labels = (await a.page.locator("label").allInnerTexts()).map((t) => t.trim()).filter((t) => newOrder.includes(t.replace(/\s*\*$/, "")));
    expect(labels).toEqual(["Package Count", "Bill of Entry*", "Shipment Mode"]);
    const shipment = byLabel(a.page, "Shipment Mode");
    expect(await shipment.locator("option").allInnerTexts()).toEqual(["Select shipment mode", "Air", "Sea", "Road"]);

    await byLabel(a.page, "Amount").fill("15250.50");
    await a.page.getByLabel("Description / Purpose").fill(`Customs clearance ${suffix}`);
    await byLabel(a.page, "Package Count").fill("12");
    await shipment.selectOption("Sea");
    // The required field is enforced before anything is sent.
    await a.page.getByRole("button", { name: "Submit for Approval" }).click();
    await a.page.getByText("Bill of Entry is required").waitFor();
    expect(await a.page.getByText("Transaction Submitted").count()).toBe(0);
    await byLabel(a.page, "Bill of Entry").fill(`BOE-${suffix}`);
    await a.page.getByRole("button", { name: "Submit for Approval" }).click();
    await a.page.getByRole("heading", { name: "Transaction Submitted" }).waitFor(LONG);

    const [txn] = await env.db.select().from(transactions).where(eq(transactions.categoryId, row.id));
    expect(txn.status).toBe("Pending");
    expect(txn.createdBy).toBe(accountant.id);
    expect(txn.customFieldValues).toEqual({ package_count: 12, bill_of_entry: `BOE-${suffix}`, shipment_mode: "Sea" });
    await a.page.getByText(txn.humanReadableId).first().waitFor();

    // --- The SuperAdmin finds all of it on /audit.
    await s.page.goto("/audit");
    await s.page.getByText("Complete system activity log").first().waitFor(LONG);
    const search = s.page.getByLabel("Search audit logs");
    const entries = s.page.locator("li").filter({ has: s.page.getByRole("button", { name: /^View details of / }) });
    const entry = (action: string, entityType: string) =>
      entries.filter({ has: s.page.getByText(action, { exact: true }) }).filter({ has: s.page.getByText(entityType, { exact: true }) });

    // The category's events, found by its id.
    await search.fill(row.id);
    await entry("update_fields", "category").waitFor(LONG);
    await entry("create", "category").waitFor();
    await expect.poll(() => entries.count(), LONG).toBe(2);
    await entry("create", "category").getByText(row.id.slice(0, 8), { exact: true }).waitFor();
    await entry("update_fields", "category").getByText(`by ${admin.name}`).waitFor();

    await entry("update_fields", "category").getByRole("button", { name: "View details of update_fields category" }).click();
    const dialog = s.page.getByRole("dialog", { name: "Audit Event Details" });
    await dialog.waitFor();
    await dialog.getByText(row.id, { exact: true }).waitFor();
    await dialog.getByText("fieldSchema", { exact: true }).waitFor(); // the 'Changed:' badge
    const before = dialog.locator("section", { has: s.page.getByRole("heading", { name: "Before" }) });
    const after = dialog.locator("section", { has: s.page.getByRole("heading", { name: "After" }) });
    const beforeJson = JSON.parse(await before.locator("pre").innerText());
    const afterJson = JSON.parse(await after.locator("pre").innerText());
    expect(beforeJson).toEqual({ fieldSchema: [] });
    expect(afterJson.fieldSchema.map((f: { label: string }) => f.label)).toEqual(newOrder);
    // Before and after side by side, measured once the dialog's opening animation has ended (it
    // slides in, so two boxes read during it sit at different heights).
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const [bBox, aBox] = [await before.boundingBox(), await after.boundingBox()];
    expect(bBox && aBox).toBeTruthy();
    expect(bBox!.x + bBox!.width).toBeLessThanOrEqual(aBox!.x);
    expect(Math.abs(bBox!.y - aBox!.y)).toBeLessThan(2);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    // The transaction's events, with the entity-type and action filters.
    await search.fill("");
    await s.page.getByLabel("Entity type", { exact: true }).selectOption("transaction");
    await s.page.getByLabel("Action", { exact: true }).selectOption("submit");
    const submitted = entry("submit", "transaction").filter({ has: s.page.getByText(txn.id.slice(0, 8), { exact: true }) });
    await submitted.waitFor(LONG);
    await s.page.getByLabel("Action", { exact: true }).selectOption("all");
    await search.fill(txn.id);
    await entry("create", "transaction").waitFor(LONG);
    await submitted.waitFor();
    await expect.poll(() => entries.count(), LONG).toBe(2);
    await entry("create", "transaction").getByText(`by ${accountant.name}`).waitFor();

    await submitted.getByRole("button", { name: "View details of submit transaction" }).click();
    await dialog.waitFor();
    await dialog.getByText("status", { exact: true }).waitFor();
    expect(JSON.parse(await before.locator("pre").innerText())).toMatchObject({ status: "Draft" });
    expect(JSON.parse(await after.locator("pre").innerText())).toMatchObject({ status: "Pending" });
  });
});
