// Employees see and ask for themselves (DECISIONS §15), on the screens: HR gives an employee a login
// on a desktop; the employee signs in on a 390 px phone with the one-time password, must change it,
// sees their month and asks for leave in three taps from home; HR approves it from the Requests inbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { todayInAppZone } from "./api-client";
import { leaveRequests, leaves, users } from "../../server/db/schema";
import { makeDepartment, makeEmployee } from "../../server/test/hr-fixtures";
import { WEEKDAYS } from "../../shared/constants";

const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 250 };

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

describe("an employee's own login", () => {
  it("given by HR, first used on a phone with a one-time password, asks for leave that HR approves", async () => {
    const today = todayInAppZone();
    const leaveDay = addDays(today, 7);
    const leaveWeekday = WEEKDAYS[new Date(`${leaveDay}T00:00:00Z`).getUTCDay()]!;
    const department = await makeDepartment(env.db, "Dispatch Floor");
    const employee = await makeEmployee(env.db, {
      departmentId: department.id,
      employeeName: "Savita Kulkarni",
      joiningDate: "2025-01-01",
      monthlySalary: "28000.00",
      weeklyOff: leaveWeekday === "Sunday" ? "Monday" : "Sunday",
    });
    const hrAdmin = await env.makeUser("HR Admin", { name: "Kavita HR" });

    // HR gives the login on the employee's page (desktop) and reads the one-time password once.
    const { page: hr } = await env.newPage("desktop");
    await env.signIn(hr, hrAdmin);
    await hr.goto(`/hr/attendance/${employee.id}`);
    await hr.getByText("No login: Savita Kulkarni cannot see their own days yet.").waitFor(WAIT);
    await hr.getByRole("button", { name: "Give login" }).click();
    const give = hr.getByRole("dialog", { name: "Give login" });
    await give.getByRole("button", { name: "Give login" }).click();
    const shown = hr.getByTestId("one-time-password");
    await shown.waitFor(WAIT);
    const [username, oneTimePassword] = await shown.locator("dd").allTextContents();
    expect(username).toBe("savita.kulkarni");
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{12}$/);
    await hr.getByRole("button", { name: "Done" }).click();
    await hr.getByText("Signs in as").waitFor(WAIT);

    // The employee on a phone: the one-time password opens only "Change your password".
    const { page: phone } = await env.newPage("phone");
    await phone.goto("/");
    await phone.getByLabel("User ID").fill(username!);
    await phone.getByLabel("Password").fill(oneTimePassword!);
    await phone.getByRole("button", { name: "Sign In" }).click();
    await phone.getByRole("heading", { name: "Change your password" }).waitFor(WAIT);
    await phone.getByLabel(/^Password you were given/).fill(oneTimePassword!);
    await phone.getByLabel(/^New password(?! again)/).fill("Savita@2026");
    await phone.getByLabel(/^New password again/).fill("Savita@2026");
    await phone.getByRole("button", { name: "Save my password" }).click();
    await expect.poll(async () => (await env.db.select().from(users).where(eq(users.employeeId, employee.id)))[0]?.mustChangePassword, POLL).toBe(false);

    // Home is My Month: the month, its summary and the days.
    await phone.getByRole("heading", { name: "My Month" }).waitFor(WAIT);
    await phone.getByText("Salary Deductions").waitFor(WAIT);
    await phone.getByText("Total Deductions").waitFor(WAIT);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Three taps: "Ask for leave", the form, "Send request".
    await phone.getByRole("button", { name: "Ask for leave" }).click();
    const ask = phone.getByRole("dialog", { name: "Ask for leave" });
    await ask.getByLabel(/^First day/).fill(leaveDay);
    await ask.getByLabel(/^Last day/).fill(leaveDay);
    await ask.getByLabel(/^Reason/).fill("My cousin's wedding in Satara");
    await ask.getByText("Days asked: 1").waitFor(WAIT);
    await ask.getByRole("button", { name: "Send request" }).click();
    await ask.waitFor({ state: "detached", ...WAIT });
    await expect
      .poll(async () => (await env.db.select().from(leaveRequests).where(eq(leaveRequests.employeeId, employee.id))).map((r) => r.status), POLL)
      .toEqual(["Pending"]);

    // HR approves from the Requests inbox.
    await hr.goto("/hr/requests");
    const row = hr.getByTestId("request-row").filter({ hasText: "Savita Kulkarni" });
    await row.getByText("My cousin's wedding in Satara").waitFor(WAIT);
    await row.getByRole("button", { name: /^Approve/ }).click();
    await hr.getByRole("dialog", { name: "Approve this leave?" }).getByRole("button", { name: "Approve" }).click();
    await expect
      .poll(async () => (await env.db.select().from(leaveRequests).where(eq(leaveRequests.employeeId, employee.id))).map((r) => r.status), POLL)
      .toEqual(["Approved"]);
    expect(await env.db.select().from(leaves).where(eq(leaves.employeeId, employee.id))).toHaveLength(1);

    // The employee sees the answer on My Leave.
    await phone.goto("/me/leave");
    await phone.getByText("Approved").first().waitFor(WAIT);
  }, 120_000);
});
