// Header title and subtitle per screen (spec 000 §2 gives the finance ones; the rest are ours).
import type { Role } from "@shared/constants";
import { routeIdForPath, type RouteId } from "@/lib/paths";
import { homeScreenFor, systemTitleFor } from "./permissions";

/** `ownHeading`: the screen shows its own heading (the Approver's greeting), so the frame shows none. */
export type PageMeta = { title: string; subtitle?: string; ownHeading?: boolean };

export const PAGE_META: Partial<Record<RouteId, PageMeta>> = {
  home: { title: "Dashboard", subtitle: "Overview of your financial transactions" },
  createTransaction: { title: "Create Transaction", subtitle: "Submit a new transaction for approval" },
  myTransactions: { title: "My Transactions", subtitle: "View and manage your submitted transactions" },
  pendingApprovals: { title: "Pending Approvals", subtitle: "Transactions waiting for your approval" },
  transactions: { title: "All Transactions", subtitle: "Complete transaction history" },
  categories: { title: "Category Management", subtitle: "Manage transaction categories and custom fields" },
  parties: { title: "Parties", subtitle: "Vendors you pay and payers you receive from" },
  users: { title: "User Management", subtitle: "Manage users and permissions" },
  audit: { title: "Audit Trail", subtitle: "Complete system activity log" },
  admin: { title: "Admin Dashboard", subtitle: "System health, users and emergency controls" },
  adminUsers: { title: "Admin Users", subtitle: "Create accounts and manage sign-in credentials" },
  budgetPlanning: { title: "Budget Planning", subtitle: "Plan budgets and track spending against them" },
  gstSummary: { title: "GST Summary", subtitle: "A month's GST on bills by rate, with input tax credit and reverse charge" },
  adminEmergency: { title: "Emergency Controls", subtitle: "Activate or lift the emergency lockdown" },
  adminAccounting: { title: "Ledgers", subtitle: "The ledgers exported vouchers post to in TallyPrime" },
  accountingExports: { title: "Export to Books", subtitle: "Paid transactions as TallyPrime vouchers or a journal, batch by batch" },
  adminTds: { title: "TDS Natures", subtitle: "The kinds of payment tax is deducted on: sections, rates, thresholds and ledgers" },
  accountingTds: { title: "TDS Register", subtitle: "A quarter's tax deducted on bills, with the totals the challans pay" },
  adminApprovalRules: { title: "Approval Rules", subtitle: "Who must approve how much, by amount" },
  adminDelegations: { title: "Delegations", subtitle: "Who approves for whom while they are away" },
  account: { title: "My Account", subtitle: "Your details and your approvals while away" },
  adminSecurity: { title: "Second Factor Rules", subtitle: "Roles that must use a second factor" },
  accountSecurity: { title: "Account Security", subtitle: "Passkeys, authenticator app and recovery codes" },
  accountNotifications: { title: "Notifications", subtitle: "On your phone and by email" },
  adminNotifications: { title: "Notification Outbox", subtitle: "Pushes and emails of the last 7 days" },
  adminCompany: { title: "Company Details", subtitle: "Legal name, GSTIN and state of registration" },
  hr: { title: "HR Dashboard", subtitle: "Today's attendance and workforce at a glance" },
  hrEmployees: { title: "Employees", subtitle: "Manage employee records and departments" },
  hrEmployeeNew: { title: "Add Employee", subtitle: "Create a new employee record" },
  hrAttendance: { title: "Attendance", subtitle: "Daily attendance, hours and violations" },
  hrAttendanceEmployee: { title: "Employee Attendance", subtitle: "Monthly attendance and salary deductions" },
  hrImport: { title: "Import Attendance", subtitle: "Upload punch data from a CSV file" },
  hrPolicies: { title: "Attendance Policies", subtitle: "Shift timings, late rules and holidays" },
  hrReports: { title: "Payroll & Reports", subtitle: "Salary deductions and attendance reports" },
  hrLeave: { title: "Leave", subtitle: "Granted leave of everyone, and paid-leave balances" },
  me: { title: "My Month", subtitle: "Your days, late marks and deductions" },
  meLeave: { title: "My Leave", subtitle: "Your balance, leave and requests" },
  meClaims: { title: "My Claims", subtitle: "What you spent for work, and what was paid back" },
  meClaimNew: { title: "Expense Claim", subtitle: "Your receipt and what it was for" },
  hrRequests: { title: "Requests", subtitle: "Employees' leave requests and day fixes" },
};

/** The header text for a path as seen by a role; '/' follows the role's home screen. */
export function pageMetaFor(path: string, role: Role): PageMeta {
  const id = routeIdForPath(path);
  if (id === "home") {
    const home = homeScreenFor(role);
    if (home === "hr") return PAGE_META.hr!;
    if (home === "me") return PAGE_META.me!;
    if (home === "approver") return { title: "Dashboard", subtitle: "Review pending approvals", ownHeading: true };
  }
  const meta = id ? PAGE_META[id] : undefined;
  // Spec 000 §2: the default title is 'Finance System'; HR users see their own system's name.
  return meta ?? { title: systemTitleFor(role) };
}
