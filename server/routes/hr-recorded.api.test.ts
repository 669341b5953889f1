// DECISIONS §8 "Only recorded days are judged": no wages are lost to days nobody recorded. Each
// case runs on a database of its own with the app's clock fixed, through the real import.
import { afterEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { attendanceDays } from "../db/schema";
import { csv, HEADER, makeDepartment, makeEmployee, upload } from "../test/hr-fixtures";

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function setUp(nowIso: string): Promise<{ hr: ApiClient; department: { id: string } }> {
  t = await createTestApp({ clock: () => new Date(nowIso) });
  return { hr: (await t.signIn("HR Admin")).api, department: await makeDepartment(t.db) };
}

const statusesOf = async (employeeId: string) =>
  new Map((await t!.db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, employeeId))).map((d) => [d.date, d.dayStatus]));

const punchesOn = (name: string, days: number[], month: string) =>
  days.flatMap((d) => {
    const date = `${month}-${String(d).padStart(2, "0")}`;
    return [
      [name, date, "09:20", "IN"],
      [name, date, "18:10", "OUT"],
    ];
  });

describe("deductions come from recorded days only", () => {
  it("a month imported through the 21st deducts nothing for the 22nd onwards (today is the 24th)", async () => {
    const { hr, department } = await setUp("2026-11-24T06:30:00Z"); // 24 Nov, 12:00 IST
    const meena = await makeEmployee(t!.db, {
      departmentId: department.id,
      employeeName: "Meena Recorded",
      joiningDate: "2026-01-01",
      monthlySalary: "30000.00",
    });
    // Every working day 2–21 November punched in full (Sundays 1, 8, 15, 22, 29 are weekly offs).
    const worked = [2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21];
    const res = await upload(hr, csv([HEADER, ...punchesOn("Meena Recorded", worked, "2026-11")]), { month: "2026-11" });
    expect(res.status).toBe(200);
    expect(res.body.coveredThrough).toBe("2026-11-21");
    const days = await statusesOf(meena.id);
    for (const d of ["2026-11-23", "2026-11-24"]) expect(days.has(d), d).toBe(false);
    expect([...days.values()].filter((s) => s === "Absent (Unpaid)")).toEqual([]);

    const details = await hr.get(`/api/hr/employee-details/${meena.id}?month=2026-11`);
    expect(details.body.coveredThrough).toBe("2026-11-21");
    expect(details.body.monthlySummary).toMatchObject({ absentDays: 0, salaryDeductions: [], totalDeductions: "0.00" });
    const payroll = await hr.get("/api/hr/reports/payroll?month=2026-11");
    expect(payroll.body.coveredThrough).toBe("2026-11-21");
    expect(payroll.body.rows.find((r: { employee: { id: string } }) => r.employee.id === meena.id)).toMatchObject({
      absentDays: 0,
      totalDeductions: "0.00",
      netPay: "30000.00",
    });
  });

  it("a new month with one early import costs nothing for its later days", async () => {
    const { hr, department } = await setUp("2026-11-24T06:30:00Z");
    const ravi = await makeEmployee(t!.db, { departmentId: department.id, employeeName: "Ravi Early", joiningDate: "2026-01-01", monthlySalary: "30000.00" });
    // One import on the 3rd would have recorded only the 2nd; here the file holds the 2nd only.
    const res = await upload(hr, csv([HEADER, ...punchesOn("Ravi Early", [2], "2026-11")]), { month: "2026-11", coveredThrough: "2026-11-02" });
    expect(res.body.coveredThrough).toBe("2026-11-02");
    const details = await hr.get(`/api/hr/employee-details/${ravi.id}?month=2026-11`);
    expect(details.body.monthlySummary).toMatchObject({ absentDays: 0, totalDeductions: "0.00" });
    // The days after the 2nd are not stored at all: nothing to show as Absent.
    expect([...(await statusesOf(ravi.id)).keys()].sort()).toEqual(["2026-11-01", "2026-11-02"]);
  });

  it("once the month is recorded further, the days it now covers are judged (an import of a finished month records it all)", async () => {
    const { hr, department } = await setUp("2026-12-02T06:30:00Z"); // November has ended
    const asha = await makeEmployee(t!.db, { departmentId: department.id, employeeName: "Asha Later", joiningDate: "2026-01-01", monthlySalary: "30000.00" });
    const res = await upload(hr, csv([HEADER, ...punchesOn("Asha Later", [2, 3], "2026-11")]), { month: "2026-11" });
    expect(res.body.coveredThrough).toBe("2026-11-30");
    expect(res.body.coverageWarning).toBe(
      "The file's last punch is on day 3, but the import will record the month through day 30: days 4–30 will be marked Absent for everyone.",
    );
    const days = await statusesOf(asha.id);
    expect(days.get("2026-11-04")).toBe("Absent (Unpaid)");
    expect(days.get("2026-11-30")).toBe("Absent (Unpaid)");
  });

  it("an employee added today is not Absent for the days before any import", async () => {
    const { hr, department } = await setUp("2026-11-24T06:30:00Z");
    const nisha = await makeEmployee(t!.db, { departmentId: department.id, employeeName: "Nisha New", joiningDate: "2026-11-01", monthlySalary: "30000.00" });
    // Another employee's import records November through the 20th; Nisha has no punch in it.
    await makeEmployee(t!.db, { departmentId: department.id, employeeName: "Other Person", joiningDate: "2026-01-01" });
    await upload(hr, csv([HEADER, ...punchesOn("Other Person", [20], "2026-11")]), { month: "2026-11" });
    expect(await statusesOf(nisha.id)).toEqual(new Map());
    const details = await hr.get(`/api/hr/employee-details/${nisha.id}?month=2026-11`);
    expect(details.body.monthlySummary).toMatchObject({ absentDays: 0, totalDeductions: "0.00" });
  });
});

describe("the recorded range of an upload", () => {
  it("the answer names the month's recorded range as the other screens do, also when this file covers less", async () => {
    const { hr, department } = await setUp("2026-11-24T06:30:00Z");
    const kiran = await makeEmployee(t!.db, { departmentId: department.id, employeeName: "Kiran Twice", joiningDate: "2026-01-01" });
    const first = await upload(hr, csv([HEADER, ...punchesOn("Kiran Twice", [20, 21], "2026-11")]), { month: "2026-11" });
    expect(first.body).toMatchObject({ coveredThrough: "2026-11-21", monthCoveredThrough: "2026-11-21" });
    // A late file of the first days: it covers through the 5th, the month stays recorded through the 21st.
    const late = await upload(hr, csv([HEADER, ...punchesOn("Kiran Twice", [2, 3, 4, 5], "2026-11")]), { month: "2026-11", coveredThrough: "2026-11-05" });
    expect(late.body).toMatchObject({ coveredThrough: "2026-11-05", monthCoveredThrough: "2026-11-21" });
    const details = await hr.get(`/api/hr/employee-details/${kiran.id}?month=2026-11`);
    expect(details.body.coveredThrough).toBe(late.body.monthCoveredThrough);
  });

  it("may be named (coveredThrough), inside the month and never today or later (400 otherwise)", async () => {
    const { hr, department } = await setUp("2026-11-24T06:30:00Z");
    await makeEmployee(t!.db, { departmentId: department.id, employeeName: "Kiran Range", joiningDate: "2026-01-01" });
    const file = csv([HEADER, ...punchesOn("Kiran Range", [10], "2026-11")]);
    for (const [coveredThrough, message] of [
      ["2026-11-24", /cannot be today or later/],
      ["2026-11-30", /cannot be today or later/],
      ["2026-10-31", /day of the selected month/],
      ["31/11/2026", /Invalid date/],
    ] as const) {
      const res = await upload(hr, file, { month: "2026-11", coveredThrough });
      expect(res.status, coveredThrough).toBe(400);
      expect(res.body.issues[0]).toMatchObject({ path: "coveredThrough", message: expect.stringMatching(message) });
    }
    const named = await upload(hr, file, { month: "2026-11", coveredThrough: "2026-11-23" });
    expect(named.body).toMatchObject({ coveredThrough: "2026-11-23", coverageWarning: expect.stringContaining("days 11–23 will be marked Absent") });
  });

  it("the dry run's preview warns when the file ends well before the range it would record, and records nothing", async () => {
    const { hr, department } = await setUp("2026-12-02T06:30:00Z");
    const kavya = await makeEmployee(t!.db, { departmentId: department.id, employeeName: "Kavya Preview", joiningDate: "2026-01-01" });
    const res = await upload(hr, csv([HEADER, ...punchesOn("Kavya Preview", [2, 9], "2026-11")]), { month: "2026-11", dryRun: "true" });
    expect(res.body).toMatchObject({ dryRun: true, coveredThrough: "2026-11-30", preview: { newestPunch: "2026-11-09" } });
    expect(res.body.coverageWarning).toBe(
      "The file's last punch is on day 9, but the import will record the month through day 30: days 10–30 will be marked Absent for everyone.",
    );
    expect(await statusesOf(kavya.id)).toEqual(new Map());
    const [imported] = await t!.db
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, kavya.id)));
    expect(imported).toBeUndefined();
  });
});
