import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "@shared/constants";
import { PATHS, matchPath, routeIdForPath } from "@/lib/paths";
import { pageMetaFor } from "./page-meta";
import {
  NAV_ITEMS,
  ROUTE_ACCESS,
  accessDeniedMessage,
  allowedRoles,
  canAccessPath,
  hasSidebar,
  homeNameFor,
  homeScreenFor,
  isPublicRoute,
  navItemsFor,
  systemTitleFor,
} from "./permissions";

// DECISIONS §8 (2026-11-27): every HR screen, not only the spec's HR Dashboard and Employees.
const HR_MENU = ["HR Dashboard", "Employees", "Attendance", "Leave", "Requests", "Import", "Reports", "Policies"];
const labels = (role: Role, employeeId: string | null = null) => navItemsFor({ role, employeeId }).map((i) => i.label);

describe("sidebar visibility (spec 000 §2, spec 001 §2)", () => {
  it.each([
    [
      "Accountant",
      ["Dashboard", "Create Transaction", "My Transactions", "All Transactions", "Categories", "Parties", "Export to Books", "GST Summary", "TDS Register"],
    ],
    ["Approver", ["Dashboard", "Pending Approvals", "All Transactions"]],
    [
      "SuperAdmin",
      [
        "Dashboard",
        "Create Transaction",
        "My Transactions",
        "Pending Approvals",
        "All Transactions",
        "Categories",
        "Parties",
        "Export to Books",
        "GST Summary",
        "TDS Register",
        "User Management",
        "Admin Dashboard",
        "Admin Users",
        "Audit Trail",
        "Budget Planning",
        "Approval Rules",
        "Delegations",
        "Ledgers",
        "TDS Natures",
        "Second Factor Rules",
        "Notification Outbox",
        "Company Details",
        ...HR_MENU,
      ],
    ],
    ["HR Admin", HR_MENU],
    ["HR Staff", HR_MENU],
    // DECISIONS §15: an Employee login opens only its own pages.
    ["Employee", ["My Month", "My Leave", "My Claims"]],
  ] as [Role, string[]][])("%s sees %j", (role, expected) => {
    expect(labels(role)).toEqual(expected);
  });

  it("any user linked to an employee gets the Me menu beside their role's menu (DECISIONS §15)", () => {
    expect(labels("Accountant", "3f1c2d4e-0000-4000-8000-000000000001").slice(0, 3)).toEqual(["My Month", "My Leave", "Dashboard"]);
    expect(labels("HR Staff", "3f1c2d4e-0000-4000-8000-000000000001")).toEqual(["My Month", "My Leave", ...HR_MENU]);
    expect(labels("Accountant")).not.toContain("My Month");
  });

  it("an Employee's home is My Month", () => {
    expect(homeScreenFor("Employee")).toBe("me");
    expect(pageMetaFor("/", "Employee").title).toBe("My Month");
    // The Page Not Found card's way back names it; every other role keeps spec 000's "Go to Dashboard".
    expect(ROLES.map((r) => [r, homeNameFor(r)])).toEqual(ROLES.map((r) => [r, r === "Employee" ? "My Month" : "Dashboard"]));
  });

  it("every menu item leads to a route its roles may open", () => {
    for (const item of NAV_ITEMS) {
      for (const role of item.roles) expect(canAccessPath(role, item.href), `${role} → ${item.href}`).toBe(true);
    }
  });

  it("only Pending Approvals carries the pending badge", () => {
    expect(NAV_ITEMS.filter((i) => i.badge).map((i) => i.label)).toEqual(["Pending Approvals"]);
  });
});

describe("route access (spec 000 §2 route table)", () => {
  const cases: [string, Role[]][] = [
    ["/", [...ROLES]],
    ["/create-transaction", ["Accountant", "SuperAdmin"]],
    ["/my-transactions", ["Accountant", "SuperAdmin"]],
    ["/pending-approvals", ["Approver", "SuperAdmin"]],
    ["/transactions", ["Accountant", "Approver", "SuperAdmin"]],
    ["/categories", ["Accountant", "SuperAdmin"]],
    ["/users", ["SuperAdmin"]],
    ["/admin", ["SuperAdmin"]],
    ["/admin/users", ["SuperAdmin"]],
    ["/audit", ["SuperAdmin"]],
    ["/budget-planning", ["SuperAdmin"]],
    ["/accounting/gst-summary", ["Accountant", "SuperAdmin"]],
    ["/admin/emergency", ["SuperAdmin"]],
    ["/admin/approval-rules", ["SuperAdmin"]],
    ["/admin/delegations", ["SuperAdmin"]],
    ["/account", [...ROLES]],
    ["/hr", ["SuperAdmin", "HR Admin", "HR Staff"]],
    ["/hr/employees", ["SuperAdmin", "HR Admin", "HR Staff"]],
    ["/hr/employees/new", ["SuperAdmin", "HR Admin", "HR Staff"]],
    ["/hr/attendance", ["SuperAdmin", "HR Admin", "HR Staff"]],
    ["/hr/attendance/42", ["SuperAdmin", "HR Admin", "HR Staff"]],
    ["/hr/import", ["SuperAdmin", "HR Admin", "HR Staff"]],
    ["/hr/policies", ["SuperAdmin", "HR Admin", "HR Staff"]],
    ["/hr/reports", ["SuperAdmin", "HR Admin", "HR Staff"]],
  ];
  it.each(cases)("%s is open to %j only", (path, allowed) => {
    for (const role of ROLES) expect(canAccessPath(role, path), `${role} → ${path}`).toBe(allowed.includes(role));
  });

  it.each(["/emergency-approve/abc", "/emergency-reject/abc", "/emergency", "/lockout"])("%s is public", (path) => {
    expect(isPublicRoute(routeIdForPath(path))).toBe(true);
  });

  it("unknown paths belong to no route (404 card)", () => {
    expect(routeIdForPath("/nope")).toBeUndefined();
    expect(routeIdForPath("/hr/attendance/1/2")).toBeUndefined();
    expect(isPublicRoute(routeIdForPath("/nope"))).toBe(false);
  });

  it("every route has an access rule", () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(Object.keys(PATHS).sort());
  });
});

describe("access denied text", () => {
  it("SuperAdmin pages use the spec's sentence", () => {
    expect(accessDeniedMessage(allowedRoles("users")!)).toBe("Access Denied: You need SuperAdmin privileges to access this page.");
  });
  it.each([
    ["categories", "Access Denied: You need SuperAdmin or Accountant privileges to access this page."],
    ["hr", "Access Denied: You need SuperAdmin, HR Admin or HR Staff privileges to access this page."],
    ["pendingApprovals", "Access Denied: You need Approver or SuperAdmin privileges to access this page."],
  ] as const)("%s → %s", (id, text) => {
    expect(accessDeniedMessage(allowedRoles(id)!)).toBe(text);
  });
});

describe("home, title and layout per role", () => {
  it.each([
    ["Accountant", "dashboard", "Finance System", true],
    ["Approver", "approver", "Finance System", false],
    ["SuperAdmin", "dashboard", "Finance System", true],
    ["HR Admin", "hr", "HR System", true],
    ["HR Staff", "hr", "HR System", true],
  ] as const)("%s: home %s, sidebar title %s, sidebar %s", (role, home, title, sidebar) => {
    expect(homeScreenFor(role)).toBe(home);
    expect(systemTitleFor(role)).toBe(title);
    expect(hasSidebar(role)).toBe(sidebar);
  });
});

describe("header titles (spec 000 §2)", () => {
  it.each([
    ["/", "Dashboard", "Overview of your financial transactions"],
    ["/create-transaction", "Create Transaction", "Submit a new transaction for approval"],
    ["/my-transactions", "My Transactions", "View and manage your submitted transactions"],
    ["/pending-approvals", "Pending Approvals", "Transactions waiting for your approval"],
    ["/transactions", "All Transactions", "Complete transaction history"],
    ["/categories", "Category Management", "Manage transaction categories and custom fields"],
    ["/users", "User Management", "Manage users and permissions"],
    ["/audit", "Audit Trail", "Complete system activity log"],
  ])("%s → %s / %s", (path, title, subtitle) => {
    expect(pageMetaFor(path, "SuperAdmin")).toEqual({ title, subtitle });
  });
  it("unknown paths default to 'Finance System'", () => {
    expect(pageMetaFor("/nope", "Accountant")).toEqual({ title: "Finance System" });
  });
  it("the Approver's home shows its own greeting, so the frame adds no second heading", () => {
    expect(pageMetaFor("/", "Approver")).toEqual({ title: "Dashboard", subtitle: "Review pending approvals", ownHeading: true });
    expect(pageMetaFor("/transactions", "Approver").ownHeading).toBeUndefined();
  });
  it("HR users' home is the HR dashboard", () => {
    expect(pageMetaFor("/", "HR Staff").title).toBe("HR Dashboard");
  });
});

describe("matchPath", () => {
  it.each([
    ["/hr/attendance/:id", "/hr/attendance/7", { id: "7" }],
    ["/hr/attendance/:id", "/hr/attendance/7/", { id: "7" }],
    ["/emergency-approve/:token", "/emergency-approve/a%2Fb", { token: "a/b" }],
    ["/hr", "/hr?x=1", {}],
    ["/hr", "/hr/employees", null],
  ] as const)("%s vs %s", (pattern, path, expected) => {
    expect(matchPath(pattern, path)).toEqual(expected);
  });
});

describe("highlighted menu item", async () => {
  const { activeNavId } = await import("./shell/nav");
  it.each([
    ["Accountant", "/", "dashboard"],
    ["HR Admin", "/", "hr"],
    ["SuperAdmin", "/hr", "hr"],
    ["SuperAdmin", "/hr/employees/new", "hrEmployees"],
    ["HR Staff", "/hr/attendance/7", "hrAttendance"],
    ["SuperAdmin", "/admin/users", "adminUsers"],
    ["SuperAdmin", "/admin/emergency", "admin"],
    ["SuperAdmin", "/admin/security", "adminSecurity"],
    // DECISIONS §16: the page one is on, not Admin Dashboard, on every page under /admin.
    ["SuperAdmin", "/admin/approval-rules", "adminApprovalRules"],
    ["SuperAdmin", "/admin/delegations", "adminDelegations"],
    ["SuperAdmin", "/admin/accounting", "adminAccounting"],
    ["SuperAdmin", "/admin/company", "adminCompany"],
    ["Approver", "/nope", undefined],
  ] as [Role, string, string | undefined][])("%s at %s → %s", (role, path, id) => {
    expect(activeNavId(path, navItemsFor({ role, employeeId: null }))).toBe(id);
  });
});
