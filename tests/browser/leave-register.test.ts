// The leave register on the screens: an HR officer records a day of paid leave from the
// Leave page; the employee's month view shows the day as Paid Leave and the balance goes down; the
// leave is listed for the month and cancelled with a reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { todayInAppZone } from "./api-client";
import { attendanceDays, leaves } from "../../server/db/schema";
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

describe("recording leave", () => {
  it("turns the day into Paid Leave on the month view, lowers the balance, and can be cancelled", async () => {
    const today = todayInAppZone();
    const todayWeekday = WEEKDAYS[new Date(`${today}T00:00:00Z`).getUTCDay()]!;
    const department = await makeDepartment(env.db, "Dispatch");
    const employee = await makeEmployee(env.db, {
      departmentId: department.id,
      employeeName: "Lakshmi Leave",
      joiningDate: "2025-01-01",
      monthlySalary: "30000.00",
      weeklyOff: todayWeekday === "Sunday" ? "Monday" : "Sunday",
    });
    const hr = await env.makeUser("HR Admin");
    for (const viewport of ["desktop"] as const) {
      const { page } = await env.newPage(viewport);
      await env.signIn(page, hr);
      await page.goto("/hr/leave");
      await page.getByRole("button", { name: "Record Leave" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Record Leave" });
      await dialog.getByLabel(/^Employee/).selectOption({ label: "Lakshmi Leave" });
      await dialog.getByLabel(/^First day/).fill(today);
      await dialog.getByLabel(/^Last day/).fill(today);
      // Before saving: the working days the range covers and the balance.
      const preview = dialog.getByTestId("leave-preview");
      await preview.getByText("Working days in this range: 1").waitFor(WAIT);
      await preview.getByText("18 of 18 days left").waitFor(WAIT);
      await dialog.getByRole("button", { name: "Record Leave" }).click();
      // The reason is required.
      await dialog.getByText("Reason is required").waitFor(WAIT);
      await dialog.getByLabel(/^Reason/).fill("Daughter's school annual day");
      await dialog.getByRole("button", { name: "Record Leave" }).click();
      await dialog.waitFor({ state: "detached", ...WAIT });
      await expect.poll(async () => (await env.db.select().from(leaves).where(eq(leaves.employeeId, employee.id))).length, POLL).toBe(1);
      await page.getByRole("cell", { name: "Lakshmi Leave", exact: true }).waitFor(WAIT);

      // The month view of the employee.
      await page.goto(`/hr/attendance/${employee.id}`);
      await page.getByTestId("leave-balance").getByText("17 of 18 days left").waitFor(WAIT);
      await page.getByText("Paid Leave (PL)").first().waitFor(WAIT);
      const [day] = await env.db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, employee.id));
      expect(day).toMatchObject({ date: today, dayStatus: "Paid Leave (PL)", isManual: false });

      // Cancelled with a reason: the day is worked out again (today is not over: nothing stored).
      await page.goto("/hr/leave");
      await page.getByRole("button", { name: /^Cancel Lakshmi Leave's leave/ }).click();
      const confirm = page.getByRole("dialog", { name: "Cancel Leave" });
      await confirm.getByLabel(/^Reason/).fill("Event postponed");
      await confirm.getByRole("button", { name: "Cancel Leave" }).click();
      await expect.poll(async () => (await env.db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, employee.id))).length, POLL).toBe(0);
      await page.getByText("No leave recorded this month").waitFor(WAIT);
    }
  });

  it("is recorded from the employee's own page on a phone, the employee already chosen", async () => {
    const today = todayInAppZone();
    const todayWeekday = WEEKDAYS[new Date(`${today}T00:00:00Z`).getUTCDay()]!;
    const department = await makeDepartment(env.db, "Stores");
    const employee = await makeEmployee(env.db, {
      departmentId: department.id,
      employeeName: "Farhan Halfday",
      joiningDate: "2025-01-01",
      monthlySalary: "30000.00",
      weeklyOff: todayWeekday === "Sunday" ? "Monday" : "Sunday",
    });
    const hr = await env.makeUser("HR Staff");
    const { page } = await env.newPage("phone");
    await env.signIn(page, hr);
    await page.goto(`/hr/attendance/${employee.id}`);
    await page.getByRole("button", { name: "Record Leave" }).click();
    const dialog = page.getByRole("dialog", { name: "Record Leave" });
    await expect.poll(() => dialog.getByLabel(/^Employee/).inputValue(), POLL).toBe(employee.id);
    await dialog.getByLabel(/^Type/).selectOption("LWP");
    await dialog.getByLabel(/^First day/).fill(today);
    await dialog.getByLabel(/^Last day/).fill(today);
    await dialog.getByLabel(/half day/i).check();
    await dialog.getByTestId("leave-preview").getByText("Working days in this range: 0.5").waitFor(WAIT);
    await dialog.getByLabel(/^Reason/).fill("Bank visit");
    await dialog.getByRole("button", { name: "Record Leave" }).click();
    await dialog.waitFor({ state: "detached", ...WAIT });
    await page.locator("text=Half-day (Unpaid) >> visible=true").first().waitFor(WAIT);
    const [leave] = await env.db.select().from(leaves).where(eq(leaves.employeeId, employee.id));
    expect(leave).toMatchObject({ type: "LWP", fromDate: today, toDate: today, halfDay: true, reason: "Bank visit" });
  });
});
