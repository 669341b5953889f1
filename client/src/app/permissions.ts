// Who may open which screen and who sees which menu item (spec 000 §2 and §6, spec 001 §2 and §6).
// The one table both the sidebar and the route guards read. The server checks roles on every call
// (DECISIONS §2); this table only decides what the interface offers.
import { ACCOUNTING_ROLES as CREATORS, APPROVER_ROLES as APPROVERS, EMPLOYEE_ROLE, FINANCE_ROLES, HR_ROLES, type Role } from "@shared/constants";
import { PATHS, routeIdForPath, type RouteId } from "@/lib/paths";

/** 'public': no sign-in (emergency links, lockout notice). 'authenticated': any signed-in role. */
export type Access = "public" | "guest" | "authenticated" | readonly Role[];

const FINANCE: readonly Role[] = FINANCE_ROLES;
const CATEGORY_EDITORS: readonly Role[] = ["SuperAdmin", "Accountant"];
const SUPER_ADMIN: readonly Role[] = ["SuperAdmin"];
const HR: readonly Role[] = HR_ROLES;

/** Route access, one line per route. */
export const ROUTE_ACCESS: Record<RouteId, Access> = {
  home: "authenticated",
  login: "guest",
  createTransaction: CREATORS,
  myTransactions: CREATORS,
  pendingApprovals: APPROVERS,
  // DECISIONS §4: finance is closed to the HR roles (least privilege), as the spec's menu shows.
  transactions: FINANCE,
  categories: CATEGORY_EDITORS,
  // DECISIONS §12: parties are kept by those who create and pay transactions.
  parties: CREATORS,
  users: SUPER_ADMIN,
  admin: SUPER_ADMIN,
  adminUsers: SUPER_ADMIN,
  audit: SUPER_ADMIN,
  budgetPlanning: SUPER_ADMIN,
  // DECISIONS §12: the GST summary is for the people who file GST.
  gstSummary: CREATORS,
  adminEmergency: SUPER_ADMIN,
  // DECISIONS §12: the ledger names are the SuperAdmin's; exporting is the accountants' (and hers).
  adminAccounting: SUPER_ADMIN,
  accountingExports: CREATORS,
  // DECISIONS §12 TDS: the natures are the SuperAdmin's; the quarter's register the accountants' (and hers).
  adminTds: SUPER_ADMIN,
  accountingTds: CREATORS,
  adminApprovalRules: SUPER_ADMIN,
  adminDelegations: SUPER_ADMIN,
  account: "authenticated",
  adminSecurity: SUPER_ADMIN,
  // DECISIONS §13: every signed-in user may add a second factor.
  accountSecurity: "authenticated",
  accountNotifications: "authenticated",
  adminNotifications: SUPER_ADMIN,
  adminCompany: SUPER_ADMIN,
  hr: HR,
  hrEmployees: HR,
  hrEmployeeNew: HR,
  hrAttendance: HR,
  hrAttendanceEmployee: HR,
  hrImport: HR,
  // Linked from the HR dashboard; spec 001 shows no other rule, so the HR roles.
  hrPolicies: HR,
  hrReports: HR,
  hrLeave: HR,
  // DECISIONS §15: any signed-in user may open the "Me" pages; they show the employee linked to the
  // login (the server answers 404 to a user with none). The menu offers them only to linked users.
  me: "authenticated",
  meLeave: "authenticated",
  // DECISIONS §15: expense claims are filed by an Employee login (the server refuses everyone else's "claim").
  meClaims: [EMPLOYEE_ROLE],
  meClaimNew: [EMPLOYEE_ROLE],
  // DECISIONS §15: the inbox of employees' requests.
  hrRequests: HR,
  emergencyApprove: "public",
  emergencyReject: "public",
  emergency: "public",
  lockout: "public",
};

export function isHrRole(role: Role): boolean {
  return role === "HR Admin" || role === "HR Staff";
}

export function isPublicRoute(routeId: RouteId | undefined): boolean {
  return routeId !== undefined && ROUTE_ACCESS[routeId] === "public";
}

/** The roles a route allows, or null when any signed-in user (or nobody needs to be) may open it. */
export function allowedRoles(routeId: RouteId): readonly Role[] | null {
  const access = ROUTE_ACCESS[routeId];
  return typeof access === "string" ? null : access;
}

export function canAccessRoute(role: Role, routeId: RouteId): boolean {
  const access = ROUTE_ACCESS[routeId];
  if (access === "public" || access === "authenticated" || access === "guest") return true;
  return access.includes(role);
}

/** Whether a role may open a concrete path; unknown paths are 'allowed' (they show the 404 card). */
export function canAccessPath(role: Role, path: string): boolean {
  const id = routeIdForPath(path);
  return id === undefined || canAccessRoute(role, id);
}

function joinRoles(roles: readonly Role[]): string {
  if (roles.length <= 1) return roles.join("");
  return `${roles.slice(0, -1).join(", ")} or ${roles[roles.length - 1]}`;
}

/** 'Access Denied: You need SuperAdmin privileges to access this page.' (spec 001 §2), and the like for other role sets. */
export function accessDeniedMessage(roles: readonly Role[]): string {
  return `Access Denied: You need ${joinRoles(roles)} privileges to access this page.`;
}

/** What '/' shows for a role (spec 000 §2; DECISIONS §15: an Employee's home is My Month). */
export type HomeScreen = "approver" | "hr" | "dashboard" | "me";

export function homeScreenFor(role: Role): HomeScreen {
  if (role === EMPLOYEE_ROLE) return "me";
  if (role === "Approver") return "approver";
  if (isHrRole(role)) return "hr";
  return "dashboard";
}

/** What the way back to '/' is called: an Employee's home is My Month, everyone else's a dashboard. */
export function homeNameFor(role: Role): "My Month" | "Dashboard" {
  return homeScreenFor(role) === "me" ? "My Month" : "Dashboard";
}

export function systemTitleFor(role: Role): "HR System" | "Finance System" | "My Workplace" {
  if (role === EMPLOYEE_ROLE) return "My Workplace";
  return isHrRole(role) ? "HR System" : "Finance System";
}

/** The Approver has no sidebar, only a top bar (spec 000 §2). */
export function hasSidebar(role: Role): boolean {
  return role !== "Approver";
}

export type NavSection = "Me" | "Finance" | "Administration" | "Human Resources";

export type NavItem = {
  id: string;
  label: string;
  href: string;
  /** Who sees the item; may be narrower than who may open the route (e.g. HR roles may open /transactions). */
  roles: readonly Role[];
  section: NavSection;
  /** A live counter beside the label. */
  badge?: "pendingApprovals";
  /**
   * DECISIONS §15: shown to every user linked to an employee (`user.employeeId`), whatever their
   * role, beside their role's menu; `roles` is then empty. The "Me" section is these items.
   */
  forLinkedEmployees?: true;
};

/** The user as the menu reads them: their role, and the employee they are (if any). */
export type MenuUser = { role: Role; employeeId: string | null };

/**
 * The "Me" menu (DECISIONS §15), in order: the pages of a user linked to an employee. A page of
 * their own that later work adds (My Claims) goes in this list.
 */
export const ME_NAV_ITEMS: readonly NavItem[] = [
  { id: "me", label: "My Month", href: PATHS.me, roles: [], section: "Me", forLinkedEmployees: true },
  { id: "meLeave", label: "My Leave", href: PATHS.meLeave, roles: [], section: "Me", forLinkedEmployees: true },
  { id: "meClaims", label: "My Claims", href: PATHS.meClaims, roles: [EMPLOYEE_ROLE], section: "Me" },
];

/** The sidebar menu in order, with the visibility rules of spec 000 §2 / spec 001 §2. */
export const NAV_ITEMS: readonly NavItem[] = [
  ...ME_NAV_ITEMS,
  { id: "dashboard", label: "Dashboard", href: PATHS.home, roles: FINANCE, section: "Finance" },
  { id: "createTransaction", label: "Create Transaction", href: PATHS.createTransaction, roles: CREATORS, section: "Finance" },
  { id: "myTransactions", label: "My Transactions", href: PATHS.myTransactions, roles: CREATORS, section: "Finance" },
  { id: "pendingApprovals", label: "Pending Approvals", href: PATHS.pendingApprovals, roles: APPROVERS, section: "Finance", badge: "pendingApprovals" },
  { id: "transactions", label: "All Transactions", href: PATHS.transactions, roles: FINANCE, section: "Finance" },
  { id: "categories", label: "Categories", href: PATHS.categories, roles: CATEGORY_EDITORS, section: "Finance" },
  { id: "parties", label: "Parties", href: PATHS.parties, roles: CREATORS, section: "Finance" },
  { id: "accountingExports", label: "Export to Books", href: PATHS.accountingExports, roles: CREATORS, section: "Finance" },
  { id: "gstSummary", label: "GST Summary", href: PATHS.gstSummary, roles: CREATORS, section: "Finance" },
  { id: "accountingTds", label: "TDS Register", href: PATHS.accountingTds, roles: CREATORS, section: "Finance" },
  { id: "users", label: "User Management", href: PATHS.users, roles: SUPER_ADMIN, section: "Administration" },
  { id: "admin", label: "Admin Dashboard", href: PATHS.admin, roles: SUPER_ADMIN, section: "Administration" },
  { id: "adminUsers", label: "Admin Users", href: PATHS.adminUsers, roles: SUPER_ADMIN, section: "Administration" },
  { id: "audit", label: "Audit Trail", href: PATHS.audit, roles: SUPER_ADMIN, section: "Administration" },
  { id: "budgetPlanning", label: "Budget Planning", href: PATHS.budgetPlanning, roles: SUPER_ADMIN, section: "Administration" },
  // DECISIONS §16: the Admin Tools pages under /admin are in the menu too, so the page one is on is
  // the item highlighted (Approval Rules, not Admin Dashboard, at /admin/approval-rules).
  { id: "adminApprovalRules", label: "Approval Rules", href: PATHS.adminApprovalRules, roles: SUPER_ADMIN, section: "Administration" },
  { id: "adminDelegations", label: "Delegations", href: PATHS.adminDelegations, roles: SUPER_ADMIN, section: "Administration" },
  { id: "adminAccounting", label: "Ledgers", href: PATHS.adminAccounting, roles: SUPER_ADMIN, section: "Administration" },
  { id: "adminTds", label: "TDS Natures", href: PATHS.adminTds, roles: SUPER_ADMIN, section: "Administration" },
  // DECISIONS §13: which roles must use a second factor.
  { id: "adminSecurity", label: "Second Factor Rules", href: PATHS.adminSecurity, roles: SUPER_ADMIN, section: "Administration" },
  { id: "adminNotifications", label: "Notification Outbox", href: PATHS.adminNotifications, roles: SUPER_ADMIN, section: "Administration" },
  { id: "adminCompany", label: "Company Details", href: PATHS.adminCompany, roles: SUPER_ADMIN, section: "Administration" },
  { id: "hr", label: "HR Dashboard", href: PATHS.hr, roles: HR, section: "Human Resources" },
  { id: "hrEmployees", label: "Employees", href: PATHS.hrEmployees, roles: HR, section: "Human Resources" },
  // DECISIONS §8: every HR screen the role may open, not only the spec's two, so none is found only
  // through a dashboard button.
  { id: "hrAttendance", label: "Attendance", href: PATHS.hrAttendance, roles: HR, section: "Human Resources" },
  { id: "hrLeave", label: "Leave", href: PATHS.hrLeave, roles: HR, section: "Human Resources" },
  { id: "hrRequests", label: "Requests", href: PATHS.hrRequests, roles: HR, section: "Human Resources" },
  { id: "hrImport", label: "Import", href: PATHS.hrImport, roles: HR, section: "Human Resources" },
  { id: "hrReports", label: "Reports", href: PATHS.hrReports, roles: HR, section: "Human Resources" },
  { id: "hrPolicies", label: "Policies", href: PATHS.hrPolicies, roles: HR, section: "Human Resources" },
];

export function navItemsFor(user: MenuUser): NavItem[] {
  const linked = user.employeeId !== null || user.role === EMPLOYEE_ROLE;
  return NAV_ITEMS.filter((item) => (item.forLinkedEmployees ? linked : item.roles.includes(user.role)));
}

/** The SuperAdmin's Admin Tools menu in the header (spec 000 §2). */
export const ADMIN_TOOLS: readonly { label: string; href: string }[] = [
  { label: "Manage Categories", href: PATHS.categories },
  { label: "Manage Users", href: PATHS.users },
  { label: "Approval Rules", href: PATHS.adminApprovalRules },
  { label: "Delegations", href: PATHS.adminDelegations },
  { label: "View Audit Trail", href: PATHS.audit },
  { label: "Ledgers", href: PATHS.adminAccounting },
  { label: "TDS Natures", href: PATHS.adminTds },
  { label: "Second Factor Rules", href: PATHS.adminSecurity },
  { label: "Notification Outbox", href: PATHS.adminNotifications },
  { label: "Company Details", href: PATHS.adminCompany },
];
