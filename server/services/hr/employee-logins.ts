// Logins for employees (DECISIONS §15): HR gives an employee a login of the role Employee with a
// one-time password, links an existing user (an accountant is an employee too), or removes it.
// One user per employee (users_employee_id_key): a second link is 409. Each change is one database
// transaction with its audit entry, the employee row locked first so two gives cannot cross. An
// Employee-role user whose link goes (or whose employee becomes inactive) is disabled, their
// sessions and push devices end with it.
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { employees, users, type UserRow } from "../../db/schema";
import { EMPLOYEE_ROLE, LIMITS } from "../../../shared/constants";
import type { User } from "../../../shared/schemas/auth";
import { hashPassword } from "../../auth/passwords";
import { isUniqueViolation } from "../../db/errors";
import { usernameKey } from "../../lib/username-key";
import { presentUser } from "../../presenters/users";
import { writeAudit } from "../audit";
import type { ActingContext } from "../context";
import { forgetPushDevices } from "../delivery/devices";
import { conflict, notFound } from "../errors";
import { announceSessionsEnded, endUserSessions } from "../sessions";
import { inTransaction } from "../in-transaction";
import { insertUser } from "../users";

export const EMPLOYEE_HAS_LOGIN = "This employee already has a login";
export const USER_HAS_EMPLOYEE = "That user is already linked to another employee";
export const EMPLOYEE_INACTIVE = "The employee is inactive: make them active before giving a login";
export const EMPLOYEE_HAS_NO_LOGIN = "This employee has no login";

/** A one-time password: 12 characters a person can read out (no 0/O, 1/l/I), about 70 bits. */
export function oneTimePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(crypto.randomBytes(12), (b) => alphabet[b % alphabet.length]).join("");
}

/** A username from a name: `Priya Nair` → `priya.nair` (letters and digits of the name, dots between words). */
export function usernameFromName(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const base = words.join(".").slice(0, 40);
  return base.length >= LIMITS.usernameMin ? base : `employee${base ? `.${base}` : ""}`;
}

/** The first of `base`, `base2`, `base3`… nobody has (soft-deleted users keep theirs). */
async function freeUsername(q: Queryable, base: string): Promise<string> {
  const taken = await q
    .select({ key: users.usernameKey })
    .from(users)
    .where(sql`${users.usernameKey} = ${usernameKey(base)} or ${users.usernameKey} ~ ${`^${usernameKey(base).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[0-9]+$`}`);
  const keys = new Set(taken.map((r) => r.key));
  if (!keys.has(usernameKey(base))) return base;
  for (let n = 2; ; n++) if (!keys.has(usernameKey(`${base}${n}`))) return `${base}${n}`;
}

type LockedEmployee = { id: string; employeeName: string; isActive: boolean; email: string | null };

/** The employee row, locked for the change (404 when there is none). */
async function lockEmployee(tx: Tx, id: string): Promise<LockedEmployee> {
  const [row] = await tx
    .select({ id: employees.id, employeeName: employees.employeeName, isActive: employees.isActive, email: employees.email })
    .from(employees)
    .where(eq(employees.id, id))
    .for("update");
  if (!row) throw notFound("Employee not found");
  return row;
}

async function linkedUser(q: Queryable, employeeId: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.employeeId, employeeId)).limit(1);
  return row;
}

/** GET /api/hr/employees/:id/login: the user linked to the employee, or null. */
export async function employeeLogin(ctx: Pick<ActingContext, "db">, employeeId: string): Promise<{ login: User | null }> {
  const [employee] = await ctx.db.select({ id: employees.id }).from(employees).where(eq(employees.id, employeeId));
  if (!employee) throw notFound("Employee not found");
  const row = await linkedUser(ctx.db, employeeId);
  return { login: row && !row.deletedAt ? presentUser(row) : null };
}

/** GET /api/hr/login-candidates: active users linked to no employee, by name. */
export async function loginCandidates(ctx: Pick<ActingContext, "db">) {
  return ctx.db
    .select({ id: users.id, username: users.username, name: users.name, role: users.role })
    .from(users)
    .where(and(isNull(users.employeeId), eq(users.isActive, true), isNull(users.deletedAt)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(500);
}

/** A new Employee-role user for a locked employee, with a one-time password (inside the caller's transaction). */
async function newLogin(tx: Tx, ctx: ActingContext, employee: LockedEmployee, username: string | undefined, password: string, passwordHash: string) {
  const name = employee.employeeName.slice(0, 100);
  const chosen = username ?? (await freeUsername(tx, usernameFromName(name)));
  const user = await insertUser(
    tx,
    ctx,
    { username: chosen, name, role: EMPLOYEE_ROLE, email: null, employeeId: employee.id, mustChangePassword: true },
    passwordHash,
  );
  await writeAudit(tx, ctx, {
    action: "login_give",
    entityType: "employee",
    entityId: employee.id,
    actor: ctx.actor,
    after: { userId: user.id, username: user.username, role: user.role, oneTimePassword: "issued" },
    ipAddress: ctx.ip,
  });
  return { user, oneTimePassword: password };
}

function duplicateLink(err: unknown): never {
  if (isUniqueViolation(err, "users_employee_id_key")) throw conflict(EMPLOYEE_HAS_LOGIN, "employee_has_login");
  throw err;
}

/** POST /api/hr/employees/:id/login {username?} → 201 {user, oneTimePassword}. */
export async function giveLogin(ctx: ActingContext, employeeId: string, username: string | undefined): Promise<{ user: User; oneTimePassword: string }> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  try {
    const made = await ctx.db.transaction(async (tx) => {
      const employee = await lockEmployee(tx, employeeId);
      if (!employee.isActive) throw conflict(EMPLOYEE_INACTIVE, "employee_inactive");
      if (await linkedUser(tx, employee.id)) throw conflict(EMPLOYEE_HAS_LOGIN, "employee_has_login");
      return newLogin(tx, ctx, employee, username, password, passwordHash);
    });
    return { user: presentUser(made.user), oneTimePassword: made.oneTimePassword };
  } catch (err) {
    return duplicateLink(err);
  }
}

/** POST /api/hr/employees/:id/login {userId} → 200 {user}: an existing user becomes this employee too. */
export async function linkLogin(ctx: ActingContext, employeeId: string, userId: string): Promise<{ user: User }> {
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const employee = await lockEmployee(tx, employeeId);
      if (!employee.isActive) throw conflict(EMPLOYEE_INACTIVE, "employee_inactive");
      const [target] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for("update");
      if (!target) throw notFound("User not found");
      const current = await linkedUser(tx, employee.id);
      if (current?.id === target.id) return target;
      if (current) throw conflict(EMPLOYEE_HAS_LOGIN, "employee_has_login");
      if (target.employeeId) throw conflict(USER_HAS_EMPLOYEE, "user_has_employee");
      // An Employee-role login is its link: linking one (again) opens it again.
      const reopen = target.role === EMPLOYEE_ROLE && !target.isActive;
      const [after] = await tx
        .update(users)
        .set({ employeeId: employee.id, ...(reopen ? { isActive: true } : {}), updatedAt: sql`now()` })
        .where(eq(users.id, target.id))
        .returning();
      await writeAudit(tx, ctx, {
        action: "login_link",
        entityType: "employee",
        entityId: employee.id,
        actor: ctx.actor,
        after: { userId: after.id, username: after.username, role: after.role, ...(reopen ? { enabled: true } : {}) },
        ipAddress: ctx.ip,
      });
      return after;
    });
    return { user: presentUser(user) };
  } catch (err) {
    return duplicateLink(err);
  }
}

/**
 * Disables the Employee-role users among `rows` in the caller's transaction (their sessions and
 * devices end, each audited); answers their ids, for announceSessionsEnded after commit.
 */
async function disableEmployeeLogins(tx: Tx, ctx: ActingContext, rows: UserRow[], reason: string): Promise<string[]> {
  const ids = rows.filter((r) => r.role === EMPLOYEE_ROLE && r.isActive).map((r) => r.id);
  if (ids.length === 0) return [];
  await tx
    .update(users)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(inArray(users.id, ids));
  for (const id of ids) {
    await writeAudit(tx, ctx, {
      action: "disable",
      entityType: "user",
      entityId: id,
      actor: ctx.actor,
      reason,
      before: { isActive: true },
      after: { isActive: false },
      ipAddress: ctx.ip,
    });
  }
  await endUserSessions(tx, ids);
  await forgetPushDevices(tx, ids);
  return ids;
}

/** DELETE /api/hr/employees/:id/login: the link goes; an Employee-role user is disabled with it. */
export async function removeLogin(ctx: ActingContext, employeeId: string): Promise<{ user: User }> {
  const user = await inTransaction(ctx, async (tx, afterCommit) => {
    const employee = await lockEmployee(tx, employeeId);
    const current = await linkedUser(tx, employee.id);
    if (!current) throw notFound(EMPLOYEE_HAS_NO_LOGIN);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, current.id)).for("update");
    const disabled = await disableEmployeeLogins(tx, ctx, [current], "The employee's login was removed");
    const [after] = await tx
      .update(users)
      .set({ employeeId: null, updatedAt: sql`now()` })
      .where(eq(users.id, current.id))
      .returning();
    await writeAudit(tx, ctx, {
      action: "login_unlink",
      entityType: "employee",
      entityId: employee.id,
      actor: ctx.actor,
      before: { userId: current.id, username: current.username, role: current.role },
      after: disabled.length ? { disabled: true } : undefined,
      ipAddress: ctx.ip,
    });
    afterCommit.run(() => announceSessionsEnded(ctx.bus, disabled, "disabled"));
    return after;
  });
  return { user: presentUser(user) };
}

/**
 * The employee became inactive (employees.ts updateEmployee, in its transaction): their
 * Employee-role login is disabled (DECISIONS §15). Answers the disabled ids for the announcement.
 */
export async function disableLoginOfInactiveEmployee(tx: Tx, ctx: ActingContext, employeeId: string): Promise<string[]> {
  const rows = await tx.select().from(users).where(eq(users.employeeId, employeeId)).for("update");
  return disableEmployeeLogins(tx, ctx, rows, "The employee was made inactive");
}

export const BULK_LOGINS_HEADER = ["employeeName", "username", "oneTimePassword"] as const;

/**
 * POST /api/hr/employees/logins: a login for every active employee without one, in one transaction
 * (each employee locked, so a give at the same moment waits and then finds the login), answered as
 * the CSV rows `employeeName,username,oneTimePassword` — the only time those passwords exist.
 */
export async function giveLoginsToAll(ctx: ActingContext): Promise<string[][]> {
  const candidates = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.isActive, true), sql`not exists (select 1 from ${users} where ${users.employeeId} = ${employees.id})`))
    .orderBy(asc(sql`lower(${employees.employeeName})`), asc(employees.id));
  const passwords = await Promise.all(
    candidates.map(async () => {
      const password = oneTimePassword();
      return { password, hash: await hashPassword(password) };
    }),
  );
  try {
    return await ctx.db.transaction(async (tx) => {
      const rows: string[][] = [];
      for (const [i, candidate] of candidates.entries()) {
        const employee = await lockEmployee(tx, candidate.id);
        if (!employee.isActive || (await linkedUser(tx, employee.id))) continue;
        const { user } = await newLogin(tx, ctx, employee, undefined, passwords[i].password, passwords[i].hash);
        rows.push([employee.employeeName, user.username, passwords[i].password]);
      }
      await writeAudit(tx, ctx, {
        action: "logins_give_bulk",
        entityType: "employee",
        entityId: null,
        actor: ctx.actor,
        after: { given: rows.length },
        ipAddress: ctx.ip,
      });
      return rows;
    });
  } catch (err) {
    return duplicateLink(err);
  }
}
