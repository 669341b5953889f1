import { describe, expect, it } from "vitest";
import type { DayStatus } from "./constants";
import { absentWeight, ABSENT_DAY_STATUSES, countAttendanceDays, presentWeight, PRESENT_DAY_STATUSES } from "./attendance-days";

describe("how a day's status counts", () => {
  it.each([
    ["Present (Full)", 1, 0],
    ["Half-day (Paid)", 0.5, 0],
    ["Half-day (Unpaid)", 0.5, 0.5],
    ["Absent (Unpaid)", 0, 1],
    ["Paid Leave (PL)", 0, 0],
    ["Unpaid Leave (LWP)", 0, 1],
    ["Weekly Off", 0, 0],
    ["Holiday", 0, 0],
    ["On Duty/Client Visit", 1, 0],
    ["WFH", 1, 0],
    ["Pending Review", 0, 0],
  ] as [DayStatus, number, number][])("%s counts %d present, %d absent", (status, present, absent) => {
    expect(presentWeight(status)).toBe(present);
    expect(absentWeight(status)).toBe(absent);
  });

  it("the summary counts worked, half and away-on-duty days as Present", () => {
    expect(PRESENT_DAY_STATUSES).toEqual(["Present (Full)", "Half-day (Paid)", "Half-day (Unpaid)", "On Duty/Client Visit", "WFH"]);
  });

  it("the summary counts only whole unpaid absences as Absent", () => {
    expect(ABSENT_DAY_STATUSES).toEqual(["Absent (Unpaid)", "Unpaid Leave (LWP)"]);
  });
});

describe("countAttendanceDays (attendance summary of a day or a range)", () => {
  const day = (dayStatus: DayStatus, violationPoints = 0) => ({ dayStatus, violationPoints });

  it("counts present, absent and late days", () => {
    const records = [
      day("Present (Full)"),
      day("Present (Full)", 1),
      day("WFH"),
      day("On Duty/Client Visit"),
      day("Half-day (Paid)"),
      day("Half-day (Unpaid)"),
      day("Absent (Unpaid)", 1),
      day("Unpaid Leave (LWP)"),
      day("Paid Leave (PL)"),
      day("Weekly Off"),
      day("Holiday"),
      day("Pending Review", 2),
    ];
    expect(countAttendanceDays(records)).toEqual({ present: 6, absent: 2, late: 3 });
  });

  it("no records count zero", () => {
    expect(countAttendanceDays([])).toEqual({ present: 0, absent: 0, late: 0 });
  });
});
