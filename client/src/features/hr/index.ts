// What other features may use of HR (their only way in: eslint.config.js): the month view's parts,
// shown to an employee on their own pages too (DECISIONS §15).
export { DailyTable, MonthSummary } from "./components/EmployeeMonthView";
// The fields of a leave, where HR records one and where an employee asks for one (DECISIONS §15).
export { LeaveRangeFields } from "./components/LeaveRangeFields";
export { DayStatusBadge } from "./components/DayStatusBadge";
export { MonthStepper } from "./components/MonthStepper";
export { currentMonth, monthLabel, todayIso } from "./lib/dates";
