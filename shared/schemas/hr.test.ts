import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  DEFAULT_ATTENDANCE_POLICY,
  attendanceEditSchema,
  attendancePolicySchema,
  attendanceQuerySchema,
  departmentSchema,
  employeeColumns,
  employeeCreateSchema,
  employeeListQuerySchema,
  employeeUpdateSchema,
  importUploadFieldsSchema,
  nameMappingSchema,
  optionalRupeesSchema,
} from "./hr";

const DEPT = "6f1c2a0e-5b7d-4c1e-9a3b-2d4e6f8a0b1c";

/** The issues of a failed parse as {path: message}. */
function issues(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("employee create (spec 001 §5)", () => {
  const valid = { employeeName: "Ravi Kumar", departmentId: DEPT, joiningDate: "2025-07-01" };

  it("needs only name, department and joining date; weekly off defaults to Sunday", () => {
    expect(employeeCreateSchema.parse(valid)).toEqual({ ...valid, weeklyOff: "Sunday", isActive: true });
  });

  it.each([
    [{}, { employeeName: "Employee name is required", departmentId: "Department is required", joiningDate: "Joining date is required" }],
    [
      { employeeName: "  ", departmentId: "", joiningDate: "" },
      { employeeName: "Employee name is required", departmentId: "Department is required", joiningDate: "Joining date is required" },
    ],
    [{ ...valid, joiningDate: "2025-02-30" }, { joiningDate: "Invalid date (expected YYYY-MM-DD)" }],
    [{ ...valid, departmentId: "sales" }, { departmentId: "Department is required" }],
    [{ ...valid, weeklyOff: "Funday" }, { weeklyOff: "Weekly off must be a day of the week (Sunday to Saturday)" }],
    [{ ...valid, email: "not-an-email" }, { email: "Invalid email address" }],
    [{ ...valid, monthlySalary: "12.345" }, { monthlySalary: "Invalid amount format" }],
    [{ ...valid, monthlySalary: -1 }, { monthlySalary: "Amount cannot be negative" }],
  ])("%j → %j", (input, want) => {
    expect(issues(employeeCreateSchema, input)).toEqual(want);
  });

  it.each(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])("weekly off %s is accepted", (weeklyOff) => {
    expect(employeeCreateSchema.parse({ ...valid, weeklyOff }).weeklyOff).toBe(weeklyOff);
  });

  it("an empty email and blank optional fields become null", () => {
    const parsed = employeeCreateSchema.parse({ ...valid, email: "", phone: "  ", employeeCode: "", monthlySalary: "" });
    expect(parsed).toMatchObject({ email: null, phone: null, employeeCode: null, monthlySalary: null });
  });

  it("trims text and keeps a valid email", () => {
    expect(employeeCreateSchema.parse({ ...valid, employeeName: "  Ravi Kumar ", email: " ravi@example.com " })).toMatchObject({
      employeeName: "Ravi Kumar",
      email: "ravi@example.com",
    });
  });

  it("the alternate create screen's address and emergency contact fill the canonical fields", () => {
    const parsed = employeeCreateSchema.parse({ ...valid, address: "12 MG Road, Pune", emergencyContact: "Sita 98200 00000", notes: "Night shift" });
    expect(employeeColumns(parsed)).toEqual({
      ...valid,
      weeklyOff: "Sunday",
      isActive: true,
      personalAddress: "12 MG Road, Pune",
      emergencyContactName: "Sita 98200 00000",
      notes: "Night shift",
    });
  });

  it("the canonical fields win over the alternate ones", () => {
    const parsed = employeeCreateSchema.parse({ ...valid, personalAddress: "A", address: "B", emergencyContactName: "C", emergencyContact: "D" });
    expect(employeeColumns(parsed)).toMatchObject({ personalAddress: "A", emergencyContactName: "C" });
  });
});

describe("employee update", () => {
  it("changes only what it names: no defaults", () => {
    expect(employeeUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(employeeColumns(employeeUpdateSchema.parse({ isActive: false }))).toEqual({ isActive: false });
  });

  it("null clears an optional field", () => {
    expect(employeeColumns(employeeUpdateSchema.parse({ phone: null, monthlySalary: null, email: "" }))).toEqual({
      phone: null,
      monthlySalary: null,
      email: null,
    });
  });

  it("keeps the required-field messages", () => {
    expect(issues(employeeUpdateSchema, { employeeName: "", departmentId: "", joiningDate: "" })).toEqual({
      employeeName: "Employee name is required",
      departmentId: "Department is required",
      joiningDate: "Joining date is required",
    });
  });
});

describe("monthlySalary: rupees as a number or a string with at most 2 decimals", () => {
  it.each([
    [31000, "31000.00"],
    [31000.5, "31000.50"],
    ["31000", "31000.00"],
    ["31000.5", "31000.50"],
    ["0", "0.00"],
    [" 45000.00 ", "45000.00"],
    ["999999999999.99", "999999999999.99"],
    ["", null],
    [null, null],
    [undefined, undefined],
  ])("%j → %j", (input, want) => {
    expect(optionalRupeesSchema.parse(input)).toBe(want);
  });

  it.each([
    [12.345, "Invalid amount format"],
    ["12.345", "Invalid amount format"],
    ["abc", "Invalid amount format"],
    ["1e5", "Invalid amount format"],
    ["31,000", "Invalid amount format"],
    [Number.NaN, "Invalid amount format"],
    [-5, "Amount cannot be negative"],
    ["-0.01", "Amount cannot be negative"],
    ["1000000000000.00", "Amount is too large"],
    [true, "Invalid amount format"],
  ])("%j is refused: %s", (input, message) => {
    expect(issues(optionalRupeesSchema, input)).toEqual({ "": message });
  });
});

describe("employee list query", () => {
  it("defaults: page 1, 20 a page, all statuses", () => {
    expect(employeeListQuerySchema.parse({})).toEqual({ page: 1, limit: 20, status: "all" });
  });

  it("reads query strings", () => {
    expect(employeeListQuerySchema.parse({ page: "3", limit: "50", search: " ravi ", department: DEPT, status: "inactive" })).toEqual({
      page: 3,
      limit: 50,
      search: "ravi",
      department: DEPT,
      status: "inactive",
    });
  });

  it("blank and 'all' filters mean no filter", () => {
    expect(employeeListQuerySchema.parse({ page: "", limit: "", search: "", department: "all", status: "" })).toEqual({ page: 1, limit: 20, status: "all" });
  });

  it.each([
    [{ page: "0" }, "page"],
    [{ limit: "201" }, "limit"],
    [{ status: "gone" }, "status"],
    [{ department: "sales" }, "department"],
  ])("%j is refused on %s", (input, path) => {
    expect(Object.keys(issues(employeeListQuerySchema, input))).toEqual([path]);
  });
});

describe("department and name mapping", () => {
  it("a department needs a name", () => {
    expect(departmentSchema.parse({ name: " Sales " })).toEqual({ name: "Sales" });
    expect(issues(departmentSchema, { name: " " })).toEqual({ name: "Department name is required" });
  });

  it("a name mapping needs a CSV name and an employee", () => {
    expect(nameMappingSchema.parse({ csvName: " R. Kumar ", employeeId: DEPT })).toEqual({ csvName: "R. Kumar", employeeId: DEPT });
    expect(issues(nameMappingSchema, {})).toEqual({ csvName: "CSV name is required", employeeId: "Employee is required" });
  });
});

describe("attendance query: a date or a month", () => {
  it.each([
    [{ date: "2025-07-15" }, { date: "2025-07-15" }],
    [{ month: "2025-07" }, { month: "2025-07" }],
    [
      { month: "2025-07", employeeId: DEPT, departmentId: "all", status: "Pending Review" },
      { month: "2025-07", employeeId: DEPT, status: "Pending Review" },
    ],
    [{ date: "2025-07-15", month: "", status: "all" }, { date: "2025-07-15" }],
  ])("%j → %j", (input, want) => {
    expect(attendanceQuerySchema.parse(input)).toEqual(want);
  });

  it.each([
    [{}, { date: "Provide a date or a month" }],
    [{ date: "2025-07-15", month: "2025-07" }, { month: "Provide either a date or a month, not both" }],
    [{ date: "15/07/2025" }, { date: "Invalid date (expected YYYY-MM-DD)" }],
    [{ month: "2025-13" }, { month: "Invalid month (expected YYYY-MM)" }],
    [{ month: "2025-07", status: "Late" }, { status: "Invalid attendance status" }],
  ])("%j → %j", (input, want) => {
    expect(issues(attendanceQuerySchema, input)).toEqual(want);
  });
});

describe("attendance edit", () => {
  it("accepts a status with a reason", () => {
    expect(attendanceEditSchema.parse({ dayStatus: "Paid Leave (PL)", reason: "Approved leave" })).toEqual({
      dayStatus: "Paid Leave (PL)",
      reason: "Approved leave",
    });
  });

  it("reads violation points from a form field", () => {
    expect(attendanceEditSchema.parse({ dayStatus: "Present (Full)", violationPoints: "2", violationReason: "Left early", reason: "x" })).toMatchObject({
      violationPoints: 2,
      violationReason: "Left early",
    });
  });

  it.each([
    [{ dayStatus: "Present (Full)" }, { reason: "Reason for edit is required" }],
    [{ dayStatus: "Present (Full)", reason: "   " }, { reason: "Reason for edit is required" }],
    [{ dayStatus: "Present (Full)", reason: "x", violationPoints: -1 }, { violationPoints: "Violation points cannot be negative" }],
    [{ dayStatus: "Present (Full)", reason: "x", violationPoints: 1.5 }, { violationPoints: "Violation points must be a whole number" }],
    [{ dayStatus: "Late", reason: "x" }, { dayStatus: "Invalid attendance status" }],
  ])("%j → %j", (input, want) => {
    expect(issues(attendanceEditSchema, input)).toEqual(want);
  });
});

describe("attendance policy", () => {
  it("the defaults of DECISIONS §8 are a valid policy", () => {
    expect(attendancePolicySchema.parse(DEFAULT_ATTENDANCE_POLICY)).toEqual(DEFAULT_ATTENDANCE_POLICY);
  });

  it("reads hours stored as numeric strings and fills the duplicate window", () => {
    const { duplicatePunchWindowMinutes: _, holidays: __, ...rest } = DEFAULT_ATTENDANCE_POLICY;
    expect(attendancePolicySchema.parse({ ...rest, fullDayHours: "8.00", halfDayHours: "4.5" })).toEqual({
      ...DEFAULT_ATTENDANCE_POLICY,
      fullDayHours: 8,
      halfDayHours: 4.5,
    });
  });

  it("accepts holidays", () => {
    const holidays = [
      { date: "2025-08-15", name: "Independence Day" },
      { date: "2025-10-02", name: "Gandhi Jayanti" },
    ];
    expect(attendancePolicySchema.parse({ ...DEFAULT_ATTENDANCE_POLICY, holidays }).holidays).toEqual(holidays);
  });

  it.each([
    [{ shiftStart: "9:30" }, "shiftStart"],
    [{ shiftStart: "24:00" }, "shiftStart"],
    [{ lateGraceMinutes: -1 }, "lateGraceMinutes"],
    [{ lateGraceMinutes: "" }, "lateGraceMinutes"],
    [{ fullDayHours: 0 }, "fullDayHours"],
    [{ fullDayHours: 25 }, "fullDayHours"],
    [{ fullDayHours: 8.125 }, "fullDayHours"],
    [{ halfDayHours: 9 }, "halfDayHours"],
    [{ pointsPerLate: 1.5 }, "pointsPerLate"],
    [{ pointsPerHalfDayDeduction: 0 }, "pointsPerHalfDayDeduction"],
    [{ duplicatePunchWindowMinutes: 61 }, "duplicatePunchWindowMinutes"],
    [{ holidays: [{ date: "2025-02-30", name: "x" }] }, "holidays.0.date"],
    [{ holidays: [{ date: "2025-08-15", name: "" }] }, "holidays.0.name"],
    [
      {
        holidays: [
          { date: "2025-08-15", name: "a" },
          { date: "2025-08-15", name: "b" },
        ],
      },
      "holidays.1.date",
    ],
  ])("%j is refused on %s", (change, path) => {
    expect(Object.keys(issues(attendancePolicySchema, { ...DEFAULT_ATTENDANCE_POLICY, ...change }))).toEqual([path]);
  });
});

describe("import upload fields", () => {
  it("needs a month", () => {
    expect(issues(importUploadFieldsSchema, {})).toEqual({ month: "Please select the month for this attendance data" });
    expect(issues(importUploadFieldsSchema, { month: "July" })).toEqual({ month: "Invalid month (expected YYYY-MM)" });
  });

  it.each([
    [{ month: "2025-07" }, false],
    [{ month: "2025-07", dryRun: "true" }, true],
    [{ month: "2025-07", dryRun: "1" }, true],
    [{ month: "2025-07", dryRun: "false" }, false],
  ])("%j → dry run %s", (input, dryRun) => {
    expect(importUploadFieldsSchema.parse(input)).toEqual({ month: "2025-07", dryRun });
  });
});
