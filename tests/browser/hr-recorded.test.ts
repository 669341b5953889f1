// DECISIONS §8 "Only recorded days are judged", as an HR officer sees it in Chromium: today's
// punches show, the day says `Not recorded` (never Absent), the dashboard does not call anyone
// absent before punches of today exist, and the employee's month says how far it is recorded and
// deducts nothing for the days after.
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { departments, employees } from "../../server/db/schema";
import { toIsoDate } from "../../shared/format";
import { TEST_PASSWORD } from "../../server/test/factories";

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const WAIT = { timeout: 20_000 };

describe("days nobody recorded", () => {
  const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

  it("today is Not recorded on the attendance page and in the month view, costs nothing, and the dashboard waits for today's punches", async () => {
    const today = toIsoDate(new Date(), "Asia/Kolkata");
    const month = today.slice(0, 7);
    const [department] = await env.db.insert(departments).values({ name: "Recorded Days" }).returning();
    const [priya] = await env.db
      .insert(employees)
      // She joined today: the days before are not hers to be judged.
      // Her weekly off is tomorrow's weekday, never today's (a Sunday run would show Weekly Off).
      .values({
        employeeName: "Priya Notrecorded",
        departmentId: department.id,
        weeklyOff: WEEKDAYS[(new Date(`${today}T00:00:00Z`).getUTCDay() + 1) % 7]!,
        joiningDate: today,
        monthlySalary: "36000.00",
      })
      .returning();
    const hr = await env.makeUser("HR Staff");
    const { page } = await env.newPage("desktop");
    await env.signIn(page, hr);

    // Before any punch of today: nobody can be called absent.
    await page.goto("/hr");
    const absentCard = page.locator("div", { has: page.getByText("Absent Today", { exact: true }) }).last();
    await expect.poll(() => absentCard.textContent(), WAIT).toContain("Not recorded");
    await expect.poll(() => page.getByTestId("recorded-through").textContent(), WAIT).toContain("No days recorded yet");

    // A punch of today arrives, late (09:50), through the real import.
    const login = await fetch(`${env.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: JSON.stringify({ username: hr.username, password: TEST_PASSWORD }),
    });
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const form = new FormData();
    form.append("month", month);
    form.append("csvFile", new Blob([`Employee Name,Date,Time,Event Type\nPriya Notrecorded,${today},09:50,IN\n`], { type: "text/csv" }), "today.csv");
    const imported = await fetch(`${env.url}/api/hr/import/upload`, { method: "POST", headers: { cookie, "X-Requested-With": "XMLHttpRequest" }, body: form });
    expect(imported.status).toBe(200);

    // The attendance page (today by default): Priya's day shows her punch and says Not recorded.
    await page.goto("/hr/attendance");
    const row = page.locator("tr", { hasText: "Priya Notrecorded" });
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain("Not recorded");
    expect(await row.textContent()).not.toContain("Absent");
    expect(await row.textContent()).toContain("09:50");

    // Her month: how far it is recorded, and no deduction for a day that is not.
    await page.goto(`/hr/attendance/${priya.id}`);
    await page.getByTestId("recorded-through").first().waitFor(WAIT);
    const recorded = await page.getByTestId("recorded-through").first().textContent();
    expect(recorded).toMatch(/Recorded through|No day of this month is recorded yet/);
    await page.screenshot({ path: path.join(os.tmpdir(), "hr-recorded-month.png"), fullPage: true });
    await expect.poll(() => page.getByText("No deductions this month.").count(), WAIT).toBe(1);
  });
});
