// DECISIONS §8 "Screens list what is not recorded rather than hide it", in Chromium: a day's grid
// lists every active employee (a day nobody stored is `Not recorded`, counted apart, never left out
// of Total Employees), an employee's month lists every day, the HR dashboard does not call 0
// present "0 % attendance" before today's punches, and an import with an unknown name and a bad
// row says 'Imported with problems', those first, with the range the other screens name.
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv, type ViewportName } from "./support";
import { attendanceDays, departments, employees } from "../../server/db/schema";
import { toIsoDate } from "../../shared/format";

const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 250 };

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

/** A summary card's value by its title. */
async function card(page: Page, title: string): Promise<string> {
  const value = page.getByRole("region", { name: "Summary" }).getByText(title, { exact: true }).locator("xpath=following-sibling::p[1]");
  return ((await value.textContent()) ?? "").trim();
}

function daysInMonth(month: string): number {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function previousMonth(today: string): string {
  const [y, m] = today.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

describe("days not recorded are listed", () => {
  const today = toIsoDate(new Date(), "Asia/Kolkata");
  let firstId = "";

  beforeAll(async () => {
    const [department] = await env.db.insert(departments).values({ name: "Weaving" }).returning();
    const people = await env.db
      .insert(employees)
      .values(
        Array.from({ length: 41 }, (_, i) => ({
          employeeName: `Weaver ${String(i + 1).padStart(2, "0")}`,
          departmentId: department.id,
          weeklyOff: "Sunday" as const,
          joiningDate: "2025-01-01",
        })),
      )
      .returning();
    firstId = people[0].id;
    // The only row stored today: one employee's granted leave.
    await env.db.insert(attendanceDays).values({ employeeId: people[40].id, date: today, dayStatus: "Paid Leave (PL)" });
  });

  it.each(["desktop", "phone"] as ViewportName[])("today's grid on a %s lists all 41, 40 of them Not recorded, with cards that add up", async (viewport) => {
    const hr = await env.makeUser("HR Staff");
    const { page } = await env.newPage(viewport);
    await env.signIn(page, hr);
    await page.goto("/hr/attendance");
    await expect.poll(() => card(page, "Total Employees"), POLL).toBe("41");
    const rows =
      viewport === "desktop"
        ? page.getByRole("region", { name: "Attendance records" }).locator("tbody tr")
        : page.locator("ul.md\\:hidden").first().locator(":scope > li");
    await expect.poll(() => rows.count(), POLL).toBe(41);
    await expect.poll(() => rows.filter({ hasText: "Not recorded" }).count(), POLL).toBe(40);
    expect(await rows.filter({ hasText: "Paid Leave (PL)" }).count()).toBe(1);
    expect(await rows.filter({ hasText: "Absent" }).count()).toBe(0);
    const [present, absent, notRecorded] = [await card(page, "Present"), await card(page, "Absent"), await card(page, "Not recorded")];
    expect([present, absent, notRecorded]).toEqual(["0", "0", "40"]);
    // The one left over is named under Total Employees: 0 + 0 + 40 + 1 = 41.
    await page.getByRole("region", { name: "Summary" }).getByText("1 on leave, off or to review").waitFor(WAIT);
    await page.getByText("41 records").waitFor(WAIT);
    if (viewport === "desktop") await page.screenshot({ path: path.join(os.tmpdir(), "sA-attendance-desktop.png"), fullPage: true });
    else await page.screenshot({ path: path.join(os.tmpdir(), "sA-attendance-phone.png"), fullPage: true });

    // Filtering by Not recorded finds exactly those.
    await page.getByRole("combobox", { name: "Status" }).selectOption("Not recorded");
    await expect.poll(() => rows.count(), POLL).toBe(40);
  });

  it("an employee's month lists every day of it; the HR dashboard says Not recorded, not 0 %", async () => {
    const hr = await env.makeUser("HR Admin");
    const { page } = await env.newPage("desktop");
    await env.signIn(page, hr);
    await page.goto(`/hr/attendance/${firstId}`);
    const days = page.getByRole("region", { name: "Daily attendance" }).locator("tbody tr");
    await expect.poll(() => days.count(), POLL).toBe(daysInMonth(today.slice(0, 7)));
    await page.screenshot({ path: path.join(os.tmpdir(), "sA-month-desktop.png"), fullPage: true });

    await page.goto("/hr");
    const present = page.locator("div", { has: page.getByText("Present Today", { exact: true }) }).last();
    await expect.poll(() => present.textContent(), POLL).toContain("Not recorded");
    expect(await present.textContent()).not.toContain("0% attendance");
  });
});

describe("an import with problems", () => {
  it("says 'Imported with problems', lists the unknown name and the bad row first, in view, and names the range as the dashboard does", async () => {
    const today = toIsoDate(new Date(), "Asia/Kolkata");
    const month = previousMonth(today);
    const [department] = await env.db.insert(departments).values({ name: "Dyeing" }).returning();
    await env.db.insert(employees).values({ employeeName: "Ravi Dyer", departmentId: department.id, weeklyOff: "Sunday", joiningDate: "2025-01-01" });
    const day = (d: number) => `${month}-${String(d).padStart(2, "0")}`;
    const rows = [
      ["Ravi Dyer", day(2), "09:20", "IN"],
      ["Ravi Dyer", day(2), "18:10", "OUT"],
      ["Ravi Dyer", day(3), "25:00", "IN"],
      ...Array.from({ length: 12 }, (_, i) => ["Ghost Weaver", day(2 + (i % 6)), i < 6 ? "09:00" : "18:00", i < 6 ? "IN" : "OUT"]),
    ];
    const file = Buffer.from(["Employee Name,Date,Time,Event Type", ...rows.map((r) => r.join(","))].join("\n") + "\n");

    const hr = await env.makeUser("HR Staff");
    for (const viewport of ["desktop", "phone"] as ViewportName[]) {
      const { page } = await env.newPage(viewport);
      await env.signIn(page, hr);
      await page.goto("/hr/import");
      await page.locator("input#csv-file").setInputFiles({ name: `punches-${month}.csv`, mimeType: "text/csv", buffer: file });
      await page.getByRole("heading", { name: "File analysis" }).waitFor(WAIT);
      await page.getByRole("combobox", { name: "Month" }).selectOption(month);
      await page.getByRole("button", { name: "Import CSV" }).click();

      const heading = page.getByRole("heading", { name: "Imported with problems" });
      await heading.waitFor(WAIT);
      expect(await page.getByRole("heading", { name: "Import complete" }).count()).toBe(0);
      const problems = page.getByRole("status").filter({ hasText: "Not everything was imported" });
      await problems.getByText("1 name matched no employee (12 rows not imported) · 1 row with errors").waitFor(WAIT);
      // The problems come before the counts, and the summary of them is in view once the result shows.
      const top = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!.y;
      const unmatched = page.getByRole("heading", { name: "Unmatched names (1)" });
      const errors = page.getByRole("heading", { name: "Rows with errors (1)" });
      const counts = page.locator("dt", { hasText: "Total rows" });
      expect(await top(unmatched)).toBeLessThan(await top(counts));
      expect(await top(errors)).toBeLessThan(await top(counts));
      // In view without scrolling: the result is brought up when it arrives.
      const viewportHeight = page.viewportSize()!.height;
      await expect
        .poll(async () => {
          const box = (await problems.boundingBox())!;
          return box.y >= 0 && box.y + box.height <= viewportHeight;
        }, POLL)
        .toBe(true);
      await page.screenshot({ path: path.join(os.tmpdir(), `sA-import-${viewport}.png`), fullPage: true });

      // The range, in the words of the dashboard.
      const recorded = ((await page.getByTestId("import-recorded-through").textContent()) ?? "").trim();
      const lastDay = daysInMonth(month);
      const monthShort = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Number(month.slice(5, 7)) - 1];
      const phrase = new RegExp(`^Recorded through ${lastDay} ${monthShort}( \\d{4})?\\.$`);
      expect(recorded).toMatch(phrase);
      await page.goto("/hr");
      await expect.poll(() => page.getByTestId("recorded-through").textContent(), POLL).toContain(recorded.slice(0, -1));
    }
  });
});
