// Every route of the product (spec 000 §2 and spec 001 §2), named once.

export const PATHS = {
  home: "/",
  login: "/login",
  createTransaction: "/create-transaction",
  myTransactions: "/my-transactions",
  pendingApprovals: "/pending-approvals",
  transactions: "/transactions",
  categories: "/categories",
  parties: "/parties",
  users: "/users",
  admin: "/admin",
  adminUsers: "/admin/users",
  audit: "/audit",
  budgetPlanning: "/budget-planning",
  gstSummary: "/accounting/gst-summary",
  adminEmergency: "/admin/emergency",
  adminAccounting: "/admin/accounting",
  accountingExports: "/accounting/exports",
  adminTds: "/admin/tds",
  accountingTds: "/accounting/tds",
  adminApprovalRules: "/admin/approval-rules",
  adminDelegations: "/admin/delegations",
  account: "/account",
  adminSecurity: "/admin/security",
  accountSecurity: "/account/security",
  accountNotifications: "/account/notifications",
  adminNotifications: "/admin/notifications",
  adminCompany: "/admin/company",
  hr: "/hr",
  hrEmployees: "/hr/employees",
  hrEmployeeNew: "/hr/employees/new",
  hrAttendance: "/hr/attendance",
  hrAttendanceEmployee: "/hr/attendance/:id",
  hrImport: "/hr/import",
  hrPolicies: "/hr/policies",
  hrReports: "/hr/reports",
  hrLeave: "/hr/leave",
  // DECISIONS §15: an employee's own pages (any user linked to an employee).
  me: "/me",
  meLeave: "/me/leave",
  // DECISIONS §15: an Employee login's expense claims, and the form that files or edits one (?edit=<id>).
  meClaims: "/me/claims",
  meClaimNew: "/me/claims/new",
  hrRequests: "/hr/requests",
  emergencyApprove: "/emergency-approve/:token",
  emergencyReject: "/emergency-reject/:token",
  emergency: "/emergency",
  lockout: "/lockout",
} as const;

export type RouteId = keyof typeof PATHS;

/** Links with parameters. */
export const links = {
  hrAttendanceEmployee: (employeeId: string | number) => `/hr/attendance/${encodeURIComponent(String(employeeId))}`,
  emergencyApprove: (token: string) => `/emergency-approve/${encodeURIComponent(token)}`,
  emergencyReject: (token: string) => `/emergency-reject/${encodeURIComponent(token)}`,
};

/**
 * Matches a concrete path against a pattern with ':param' segments. Trailing slashes are ignored.
 * Kept here (instead of wouter's matcher) so the permission table can be used and tested without React.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const split = (p: string) => p.split("?")[0].split("/").filter(Boolean);
  const patternParts = split(pattern);
  const pathParts = split(path);
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const want = patternParts[i];
    const got = pathParts[i];
    if (want.startsWith(":")) {
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}

/** The route a concrete path belongs to, or undefined for an unknown path (the 404 card). */
export function routeIdForPath(path: string): RouteId | undefined {
  // Literal patterns win over parameterised ones (e.g. a hypothetical '/hr/attendance/new').
  const entries = Object.entries(PATHS) as [RouteId, string][];
  const literal = entries.find(([, pattern]) => !pattern.includes(":") && matchPath(pattern, path));
  if (literal) return literal[0];
  return entries.find(([, pattern]) => pattern.includes(":") && matchPath(pattern, path))?.[0];
}
