// Issue 'HR' done-when, end to end in Chromium (spec 001 §2 import and attendance pages, §5 CSV
// import; DECISIONS §8; docs/attendance.md): an HR Staff user imports a punch CSV for last month,
// maps an unmatched name on the import page and re-imports, then finds the computed days on the
// attendance page and the salary deductions in the employee's month.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { attendanceDays, departments, employees, nameMappings } from "../../server/db/schema";
import { storedPunches } from "../../server/test/hr-fixtures";
import { formatDate, formatRupees, toIsoDate } from "../../shared/format";

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const WAIT = { timeout: 20_000 };
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Last month relative to today in Asia/Kolkata, so every day of it is in the past. */
function previousMonth(): string {
  const [y, m] = toIsoDate(new Date(), "Asia/Kolkata").split("-").map(Number);
  const index = y * 12 + (m - 1) - 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

function daysOf(month: string): string[] {
  const [y, m] = month.split("-").map(Number);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
}

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay(); // 0 = Sunday, 6 = Saturday

/** salary × days / daysInMonth in paise, rounded half-up once from the exact rate (docs/attendance.md). */
function deductionRupees(salaryRupees: number, days: number, daysInMonth: number): number {
  const n = BigInt(salaryRupees * 100 * days);
  const d = BigInt(daysInMonth);
  const paise = n / d + (2n * (n % d) >= d ? 1n : 0n);
  return Number(paise) / 100;
}

function csv(rows: string[][]): Buffer {
  return Buffer.from(["Employee Name,Date,Time,Event Type", ...rows.map((r) => r.join(","))].join("\r\n") + "\r\n", "utf8");
}

/** A Stat tile of the import result panel: its value by label. */
const stat = (page: Page, label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

describe("HR attendance CSV import", () => {
  it("imports punches, maps an unmatched name and re-imports, then shows statuses, violations and salary deductions", async () => {
    const month = previousMonth();
    const days = daysOf(month);
    const dim = days.length;
    const monthName = `${MONTH_NAMES[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
    // Punch days: the first three Monday-to-Friday dates (never a Sunday or a Saturday, the weekly offs).
    const [dayOnTime, dayLate, dayMapped] = days.filter((d) => weekday(d) >= 1 && weekday(d) <= 5);

    // Setup: a department and two employees with monthly salaries, joined well before the month.
    const db = env.db;
    const [dept] = await db
      .insert(departments)
      .values({ name: `Operations ${Date.now()}` })
      .returning();
    const [arjun] = await db
      .insert(employees)
      .values({ employeeName: "Arjun Das", departmentId: dept.id, weeklyOff: "Sunday", joiningDate: "2024-01-01", monthlySalary: "31000" })
      .returning();
    const [meera] = await db
      .insert(employees)
      .values({ employeeName: "Meera Pillai", departmentId: dept.id, weeklyOff: "Saturday", joiningDate: "2024-01-01", monthlySalary: "30000" })
      .returning();
    const staff = await env.makeUser("HR Staff");

    const file = csv([
      ["Arjun Das", dayOnTime, "09:20", "IN"],
      ["Arjun Das", dayOnTime, "18:00", "OUT"],
      ["Arjun Das", dayLate, "09:50", "IN"],
      ["Arjun Das", dayLate, "18:30", "OUT"],
      ["Meera Pillai", dayLate, "09:25", "punch_in"],
      ["A. Das", dayMapped, "09:30", "IN"],
      ["A. Das", dayMapped, "18:00", "OUT"],
    ]);

    const { page } = await env.newPage("desktop");
    await env.signIn(page, staff);

    // --- The import page: file, analysis, month, import.
    await page.goto("/hr/import");
    await page.getByText("Upload attendance CSV").waitFor(WAIT);
    await page.locator("input#csv-file").setInputFiles({ name: `punches-${month}.csv`, mimeType: "text/csv", buffer: file });
    await page.getByText(`punches-${month}.csv`).waitFor(WAIT);
    await page.getByRole("heading", { name: "File analysis" }).waitFor(WAIT);
    const monthSelect = page.getByRole("combobox", { name: "Month" });
    await monthSelect.selectOption(month);
    expect(await monthSelect.inputValue()).toBe(month);
    await page.getByRole("button", { name: "Import CSV" }).click();

    // Result: 5 of the 7 rows stored; 'A. Das' (2 rows) unmatched, so not a plain success (DECISIONS §8).
    await page.getByRole("heading", { name: "Imported with problems" }).waitFor(WAIT);
    await page.getByText("5 new punch events stored from 7 rows.").waitFor(WAIT);
    expect(await stat(page, "Processed events").textContent()).toBe("5");
    expect(await stat(page, "Total rows").textContent()).toBe("7");
    await page.getByRole("heading", { name: "Unmatched names (1)" }).waitFor(WAIT);
    const unmatched = page.getByRole("listitem").filter({ hasText: "A. Das" });
    await unmatched.getByText("2 rows").waitFor(WAIT);

    // Map 'A. Das' to Arjun Das with the picker, then re-import with the page's button.
    const picker = page.getByRole("combobox", { name: "Employee for A. Das" });
    await picker.locator("option", { hasText: "Arjun Das" }).waitFor({ state: "attached", ...WAIT });
    await picker.selectOption({ label: "Arjun Das" });
    await unmatched.getByRole("button", { name: "Map", exact: true }).click();
    await unmatched.getByText("Mapped to Arjun Das").waitFor(WAIT);
    // The mappings card lists it too.
    await page.getByText("Name mappings", { exact: true }).waitFor(WAIT);

    await page.getByRole("button", { name: "Re-import" }).click();
    // The two rows of 'A. Das' are stored now; the five others were already there.
    await page.getByText("2 new punch events stored from 7 rows.").waitFor(WAIT);
    await page.getByRole("heading", { name: "Import complete" }).waitFor(WAIT);
    expect(await stat(page, "Processed events").textContent()).toBe("2");
    expect(await stat(page, "Duplicates").textContent()).toBe("5");
    expect(await page.getByRole("heading", { name: /Unmatched names/ }).count()).toBe(0);

    // --- The database: mapping, punches and the days of the month.
    const mappings = await db.select().from(nameMappings).where(eq(nameMappings.employeeId, arjun.id));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]).toMatchObject({ csvName: "A. Das", nameKey: "a.das", createdBy: staff.id });
    expect(await storedPunches(db, [arjun.id, meera.id])).toBe(7);

    const arjunDays = await db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, arjun.id));
    expect(arjunDays).toHaveLength(dim); // every day of a past month is marked
    const arjunOn = (d: string) => arjunDays.find((r) => r.date === d)!;
    expect(arjunOn(dayOnTime)).toMatchObject({ dayStatus: "Present (Full)", violationPoints: 0, firstInTime: "09:20:00", lastOutTime: "18:00:00" });
    expect(arjunOn(dayLate)).toMatchObject({ dayStatus: "Present (Full)", violationPoints: 1, violationReason: "Late arrival 09:50" });
    expect(arjunOn(dayMapped)).toMatchObject({ dayStatus: "Present (Full)", violationPoints: 0, firstInTime: "09:30:00", lastOutTime: "18:00:00" });
    const sundays = days.filter((d) => weekday(d) === 0);
    const arjunAbsent = dim - sundays.length - 3;
    for (const d of sundays) expect(arjunOn(d).dayStatus).toBe("Weekly Off");
    expect(arjunDays.filter((r) => r.dayStatus === "Absent (Unpaid)")).toHaveLength(arjunAbsent);

    const meeraDays = await db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, meera.id));
    expect(meeraDays).toHaveLength(dim);
    const saturdays = days.filter((d) => weekday(d) === 6);
    const meeraAbsent = dim - saturdays.length - 1;
    const [meeraLate] = await db
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, meera.id), eq(attendanceDays.date, dayLate)));
    expect(meeraLate).toMatchObject({ dayStatus: "Pending Review", reviewReason: "single_punch", firstInTime: "09:25:00", lastOutTime: null });
    expect(meeraDays.filter((r) => r.dayStatus === "Weekly Off")).toHaveLength(saturdays.length);
    expect(meeraDays.filter((r) => r.dayStatus === "Absent (Unpaid)")).toHaveLength(meeraAbsent);

    // --- The attendance page on the late day.
    await page.goto("/hr/attendance");
    await page.getByLabel("From", { exact: true }).fill(dayLate);
    await page.getByLabel("To", { exact: true }).fill(dayLate);
    await page.getByRole("heading", { name: formatDate(dayLate), exact: true }).waitFor(WAIT);
    const table = page.getByRole("region", { name: "Attendance records" });
    const arjunRow = table.getByRole("row").filter({ hasText: "Arjun Das" });
    await arjunRow.waitFor(WAIT);
    await arjunRow.getByText("Present (Full)").waitFor(WAIT);
    // Cells of a single day: Employee, Department, Status, First In, Last Out, Total Hours, Violations, Actions.
    const cells = async (row: typeof arjunRow) => (await row.locator("td").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
    expect((await cells(arjunRow)).slice(0, 7)).toEqual(["Arjun Das", dept.name, "Present (Full)", "09:50", "18:30", "8.67 h", "1 ptLate arrival 09:50"]);
    const meeraRow = table.getByRole("row").filter({ hasText: "Meera Pillai" });
    await meeraRow.getByText("Pending Review").waitFor(WAIT);
    expect((await cells(meeraRow)).slice(0, 7)).toEqual(["Meera Pillai", dept.name, "Pending Review", "09:25", "—", "—", "—"]);
    expect(await table.getByRole("row").count()).toBe(3); // header + the two employees

    // --- Arjun's month in the details dialog: summary and salary deductions in rupees.
    // ₹31,000 over the month's days, one day per unpaid absence; 1 violation point deducts nothing.
    const arjunDeduction = formatRupees(deductionRupees(31_000, arjunAbsent, dim));
    if (dim === 31) expect(arjunDeduction).toBe(formatRupees(arjunAbsent * 1000));
    await arjunRow.getByRole("button", { name: "Monthly details of Arjun Das" }).click();
    const dialog = page.getByRole("dialog", { name: `Arjun Das — ${monthName}` });
    await dialog.waitFor(WAIT);
    const deductions = dialog.getByRole("region", { name: "Salary Deductions" }).or(dialog.locator("section[aria-labelledby='deductions-heading']")).first();
    const absenceLine = deductions.getByRole("listitem").filter({ hasText: `${arjunAbsent} unpaid absence days` });
    await absenceLine.waitFor(WAIT);
    expect((await absenceLine.textContent())?.replace(/\s+/g, " ")).toContain(`−${arjunDeduction}`);
    expect(await deductions.getByRole("listitem").count()).toBe(1);
    const total = deductions.locator("p", { hasText: "Total Deductions" });
    expect((await total.textContent())?.replace(/\s+/g, " ")).toContain(arjunDeduction);
    const tile = (label: string) => dialog.locator("p", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::p[1]");
    expect(await tile("Present Days").textContent()).toBe("3");
    expect(await tile("Absent Days").textContent()).toBe(String(arjunAbsent));
    expect(await tile("Late Days").textContent()).toBe("1");
    expect(await tile("Violation Points").textContent()).toBe("1");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached", ...WAIT });

    // --- Meera's month on /hr/attendance/:id (opens on the current month; one step back).
    const meeraDeduction = formatRupees(deductionRupees(30_000, meeraAbsent, dim));
    await page.goto(`/hr/attendance/${meera.id}`);
    await page.getByRole("heading", { name: "Meera Pillai" }).waitFor(WAIT);
    await page.getByRole("button", { name: "Previous month" }).click();
    await page.getByRole("heading", { name: monthName, exact: true }).waitFor(WAIT);
    await page.getByText("1 day pending review").waitFor(WAIT);
    const meeraLine = page.getByRole("listitem").filter({ hasText: `${meeraAbsent} unpaid absence days` });
    await meeraLine.waitFor(WAIT);
    expect((await meeraLine.textContent())?.replace(/\s+/g, " ")).toContain(`−${meeraDeduction}`);
    const meeraTotal = page.locator("p", { hasText: "Total Deductions" });
    expect((await meeraTotal.textContent())?.replace(/\s+/g, " ")).toContain(meeraDeduction);
  });
});
