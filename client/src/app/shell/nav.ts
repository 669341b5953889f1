import {
  Bell,
  BookOpen,
  BookOpenCheck,
  Building2,
  BriefcaseBusiness,
  CalendarCheck,
  CalendarDays,
  ClipboardCheck,
  FileBarChart,
  FilePlus2,
  FileText,
  HandCoins,
  Inbox,
  Landmark,
  LayoutDashboard,
  List,
  Palmtree,
  PiggyBank,
  Percent,
  Plane,
  ReceiptIndianRupee,
  Scale,
  ScrollText,
  Shield,
  ShieldCheck,
  Settings2,
  Tags,
  Upload,
  UserCog,
  Users,
  UsersRound,
  type LucideIcon,
} from "lucide-react";
import { PATHS } from "@/lib/paths";
import type { NavItem } from "../permissions";

/** Icons of the menu items (kept out of permissions.ts so that table stays free of UI code). */
export const NAV_ICONS: Record<string, LucideIcon> = {
  me: CalendarDays,
  meLeave: Palmtree,
  meClaims: HandCoins,
  hrRequests: Inbox,
  dashboard: LayoutDashboard,
  createTransaction: FilePlus2,
  myTransactions: FileText,
  pendingApprovals: ClipboardCheck,
  transactions: List,
  categories: Tags,
  accountingExports: BookOpenCheck,
  parties: Building2,
  users: Users,
  admin: Shield,
  adminUsers: UserCog,
  audit: ScrollText,
  budgetPlanning: PiggyBank,
  adminSecurity: ShieldCheck,
  adminApprovalRules: Scale,
  adminDelegations: Plane,
  adminAccounting: BookOpen,
  adminTds: Percent,
  adminNotifications: Bell,
  adminCompany: Landmark,
  gstSummary: ReceiptIndianRupee,
  accountingTds: Percent,
  hr: BriefcaseBusiness,
  hrEmployees: UsersRound,
  hrAttendance: CalendarCheck,
  hrLeave: Palmtree,
  hrImport: Upload,
  hrReports: FileBarChart,
  hrPolicies: Settings2,
};

/**
 * The menu item to highlight: the longest href that is the path or a parent of it. At '/', a role
 * whose home is the HR dashboard (no 'Dashboard' item) gets its HR Dashboard item highlighted.
 */
export function activeNavId(location: string, items: readonly NavItem[]): string | undefined {
  // '/' is the role's home: the HR dashboard for HR, My Month for an Employee (DECISIONS §15).
  if (location === "/" && !items.some((i) => i.href === "/")) location = items.some((i) => i.href === PATHS.hr) ? PATHS.hr : PATHS.me;
  let best: NavItem | undefined;
  for (const item of items) {
    const matches = item.href === "/" ? location === "/" : location === item.href || location.startsWith(`${item.href}/`);
    if (matches && (!best || item.href.length > best.href.length)) best = item;
  }
  return best?.id;
}
