// Who may do what, by role, answered here and nowhere else in the services (DECISIONS §3, §4, §7,
// §11). Beside transactions/authority.ts, which answers the approving questions (who approves, how
// much, on whose behalf); the routes' own role lists (api-router's `roles`) gate who may call at
// all, and these answer the finer questions a service asks once it is called. Each is one line so a
// reader sees the rule; docs/status-machine.md names this file.
import type { Role } from "../../shared/constants";
import { ACCOUNTING_ROLES, EMPLOYEE_ROLE, FINANCE_ROLES } from "../../shared/constants";

type Having = { role: Role };

const isSuperAdmin = (who: Having) => who.role === "SuperAdmin";

/** A SuperAdmin sees every transaction: no visibility window (DECISIONS §4). */
export const seesEveryTransaction = isSuperAdmin;

/**
 * Whether a role sees finance transactions at all (DECISIONS §4, §6): Accountant, Approver and
 * SuperAdmin. Anyone else (HR Admin, HR Staff) sees no finance notification either, not even one
 * received under an earlier role.
 */
export function seesFinance(who: Having): boolean {
  return FINANCE_ROLES.includes(who.role);
}

/**
 * DECISIONS §15: an `Employee` login files expense claims and sees its own transactions only (every
 * other is 404): no window of everyone's, only categories open to claims, always Form B, no party.
 */
export function filesClaimsOnly(who: Having): boolean {
  return who.role === EMPLOYEE_ROLE;
}

/** A window that holds nobody's transactions but one's own: the `Employee` role's (an instant no row reaches). */
const OWN_ONLY = new Date("9999-12-31T00:00:00.000Z");

/**
 * The first instant of a (non-SuperAdmin) user's visibility window: their window's days before `now`
 * (DECISIONS §4); for an `Employee` login none of everyone's (OWN_ONLY), so they see their own only.
 */
export function windowStart(who: { visibilityWindowDays: number; role?: Role }, now: Date): Date {
  if (who.role && filesClaimsOnly({ role: who.role })) return OWN_ONLY;
  return new Date(now.getTime() - who.visibilityWindowDays * 86_400_000);
}

/**
 * Whether a user sees a transaction, to the microsecond (DECISIONS §4): a SuperAdmin every one,
 * anyone else their own and those created from their window's first instant on. The same rule in
 * SQL is transactions/visibility.ts's visibleTo; the pending feed and the bell's push judge rows
 * already read with this one.
 */
export function seesTransaction(
  who: Having & { id: string; visibilityWindowDays: number },
  now: Date,
  row: { createdBy: string; createdAtMicros: number; isClaim?: boolean },
): boolean {
  if (seesEveryTransaction(who)) return true;
  // An Employee login: its own expense claims only (DECISIONS §15).
  if (filesClaimsOnly(who)) return row.createdBy === who.id && row.isClaim === true;
  return row.createdBy === who.id || row.createdAtMicros >= windowStart(who, now).getTime() * 1000;
}

/** The dashboard's cards show amounts to a SuperAdmin only; others see counts (spec 000 §2). */
export const seesDashboardAmounts = isSuperAdmin;

/** Inactive categories are listed to those who manage them: SuperAdmins and Accountants. */
export function seesInactiveCategories(who: Having): boolean {
  if (filesClaimsOnly(who)) return false;
  return who.role === "SuperAdmin" || who.role === "Accountant";
}

/** A category's requiredApprovals and emergency limits are changed by a SuperAdmin only (DECISIONS §10). */
export const changesApprovalSettings = isSuperAdmin;

/** Only a SuperAdmin switches off a built-in category (DECISIONS §10). */
export const deactivatesBuiltinCategories = isSuperAdmin;

/** During a lockdown only an active SuperAdmin signs in (DECISIONS §3). */
export function signsInDuringLockdown(user: Having & { isActive: boolean }): boolean {
  return user.isActive && isSuperAdmin(user);
}

/** Who may own transactions (Change Owner's new owner): the accounting roles (spec 000 §7). */
export function ownsTransactions(who: Having): boolean {
  return ACCOUNTING_ROLES.includes(who.role);
}

/** A SuperAdmin records, lists and ends delegations for anyone; others their own (DECISIONS §11). */
export const managesEveryDelegation = isSuperAdmin;

/** Whether the change demotes a SuperAdmin (the last one is kept: DECISIONS §7). */
export function demotesSuperAdmin(before: Role, after: Role | undefined): boolean {
  return after !== undefined && before === "SuperAdmin" && after !== "SuperAdmin";
}

// ---------------------------------------------------------------- who may call
// The role lists of the routes whose controls a screen shows or hides. A route names its list as its
// `access`; its guard (middlewares/auth.ts requireRole) and the session answer's permissions
// (session-permissions.ts) both ask mayCall of that list, so a screen cannot offer what the guard refuses.

/** Whether a route's role list lets this user in: the test of its role guard. */
export function mayCall(access: readonly Role[], who: Having): boolean {
  return access.includes(who.role);
}

/** The users and their credentials (DECISIONS §7). */
export const USER_MANAGERS: readonly Role[] = ["SuperAdmin"];

/** Voiding an export batch, so its transactions can be exported again (DECISIONS §12). */
export const EXPORT_BATCH_VOIDERS: readonly Role[] = ["SuperAdmin"];

/** The emergency controls: the lockdown, the approver codes and their PINs (DECISIONS §3, §5, §10). */
export const EMERGENCY_CONTROLLERS: readonly Role[] = ["SuperAdmin"];
