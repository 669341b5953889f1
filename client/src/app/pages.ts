// Every screen as its own lazily loaded chunk, so the login route stays small (DECISIONS §9).
// Later work replaces the page files; this table only says which file serves which route.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteId } from "@/lib/paths";

type Page = LazyExoticComponent<ComponentType>;

/** Pages of the signed-in app. 'home' is resolved per role (see homePages). */
export const APP_PAGES: Record<Exclude<RouteId, "home" | "login" | "emergencyApprove" | "emergencyReject" | "emergency" | "lockout">, Page> = {
  createTransaction: lazy(() => import("@/features/transactions/pages/CreateTransactionPage")),
  myTransactions: lazy(() => import("@/features/transactions/pages/MyTransactionsPage")),
  pendingApprovals: lazy(() => import("@/features/approvals/pages/PendingApprovalsPage")),
  transactions: lazy(() => import("@/features/transactions/pages/AllTransactionsPage")),
  categories: lazy(() => import("@/features/categories/pages/CategoriesPage")),
  parties: lazy(() => import("@/features/parties/pages/PartiesPage")),
  users: lazy(() => import("@/features/users/pages/UserManagementPage")),
  admin: lazy(() => import("@/features/admin/pages/AdminDashboardPage")),
  adminUsers: lazy(() => import("@/features/users/pages/AdminUsersPage")),
  audit: lazy(() => import("@/features/audit/pages/AuditTrailPage")),
  budgetPlanning: lazy(() => import("@/features/budgets/pages/BudgetPlanningPage")),
  gstSummary: lazy(() => import("@/features/gst/pages/GstSummaryPage")),
  adminEmergency: lazy(() => import("@/features/emergency/pages/EmergencyControlPage")),
  adminAccounting: lazy(() => import("@/features/accounting/pages/LedgersPage")),
  accountingExports: lazy(() => import("@/features/accounting/pages/ExportsPage")),
  adminTds: lazy(() => import("@/features/tds/pages/TdsNaturesPage")),
  accountingTds: lazy(() => import("@/features/tds/pages/TdsRegisterPage")),
  adminApprovalRules: lazy(() => import("@/features/approval-rules/pages/ApprovalRulesPage")),
  adminDelegations: lazy(() => import("@/features/delegations/pages/DelegationsAdminPage")),
  account: lazy(() => import("@/features/delegations/pages/AccountPage")),
  adminSecurity: lazy(() => import("@/features/account/pages/AdminSecurityPage")),
  accountSecurity: lazy(() => import("@/features/account/pages/AccountSecurityPage")),
  accountNotifications: lazy(() => import("@/features/reach/pages/NotificationSettingsPage")),
  adminNotifications: lazy(() => import("@/features/reach/pages/NotificationOutboxPage")),
  adminCompany: lazy(() => import("@/features/parties/pages/CompanyPage")),
  hr: lazy(() => import("@/features/hr/pages/HrDashboardPage")),
  hrEmployees: lazy(() => import("@/features/hr/pages/EmployeesPage")),
  hrEmployeeNew: lazy(() => import("@/features/hr/pages/NewEmployeePage")),
  hrAttendance: lazy(() => import("@/features/hr/pages/AttendancePage")),
  hrAttendanceEmployee: lazy(() => import("@/features/hr/pages/EmployeeAttendancePage")),
  hrImport: lazy(() => import("@/features/hr/pages/AttendanceImportPage")),
  hrPolicies: lazy(() => import("@/features/hr/pages/AttendancePoliciesPage")),
  hrReports: lazy(() => import("@/features/hr/pages/PayrollReportsPage")),
  hrLeave: lazy(() => import("@/features/hr/pages/LeavePage")),
  me: lazy(() => import("@/features/me/pages/MyMonthPage")),
  meLeave: lazy(() => import("@/features/me/pages/MyLeavePage")),
  meClaims: lazy(() => import("@/features/me/pages/MyClaimsPage")),
  meClaimNew: lazy(() => import("@/features/me/pages/ClaimFormPage")),
  hrRequests: lazy(() => import("@/features/hr/pages/RequestsPage")),
};

/** What '/' shows per home screen (spec 000 §2). */
export const HOME_PAGES = {
  dashboard: lazy(() => import("@/features/dashboard/pages/DashboardPage")),
  approver: lazy(() => import("@/features/dashboard/pages/ApproverDashboardPage")),
  hr: APP_PAGES.hr,
  me: APP_PAGES.me,
} satisfies Record<string, Page>;

/** Public pages: no sign-in and no shell. */
export const PUBLIC_PAGES = {
  emergencyApprove: lazy(() => import("@/features/emergency/pages/EmergencyApprovePage")),
  emergencyReject: lazy(() => import("@/features/emergency/pages/EmergencyRejectPage")),
  emergency: lazy(() => import("@/features/emergency/pages/EmergencyPage")),
  lockout: lazy(() => import("@/features/sign-in/pages/LockoutPage")),
} satisfies Partial<Record<RouteId, Page>>;
