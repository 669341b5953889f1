// Employees and departments (spec 001 §3, §5; DECISIONS §8): list, create, edit, each change
// audited in its own transaction.
import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { departments, employees, type DepartmentRow, type EmployeeRow } from "../../db/schema";
import {
  employeeColumns,
  type Department,
  type Employee,
  type EmployeeCreate,
  type EmployeeListQuery,
  type EmployeeListResponse,
  type EmployeeUpdate,
} from "../../../shared/schemas/hr";
import { DomainError, conflict, notFound } from "../errors";
import { writeAudit } from "../audit";
import { isUniqueViolation } from "../../db/errors";
import { monthBounds, monthOfDate, minDate, previousMonth } from "../../../shared/calendar";
import { loadPolicy } from "./policy";
import { recalculateDays } from "./recalculate";
import { coverageOfDays } from "./coverage";
import { type ActingContext, type ServiceContext, todayOf } from "../context";
import { disableLoginOfInactiveEmployee } from "./employee-logins";
import { announceSessionsEnded } from "../sessions";
import { inTransaction } from "../in-transaction";

export function presentEmployee(row: EmployeeRow, department: Pick<DepartmentRow, "id" | "name">): Employee {
  return {
    id: row.id,
    employeeName: row.employeeName,
    employeeCode: row.employeeCode,
    departmentId: row.departmentId,
    department: { id: department.id, name: department.name },
    weeklyOff: row.weeklyOff,
    joiningDate: row.joiningDate,
    isActive: row.isActive,
    phone: row.phone,
    email: row.email,
    workLocation: row.workLocation,
    emergencyContactName: row.emergencyContactName,
    emergencyContactPhone: row.emergencyContactPhone,
    personalAddress: row.personalAddress,
    notes: row.notes,
    monthlySalary: row.monthlySalary,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listEmployees(ctx: ServiceContext, query: EmployeeListQuery): Promise<EmployeeListResponse> {
  const { db } = ctx;
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(ilike(employees.employeeName, pattern), ilike(employees.employeeCode, pattern), ilike(employees.email, pattern), ilike(employees.phone, pattern))!,
    );
  }
  if (query.department) conditions.push(eq(employees.departmentId, query.department));
  if (query.status === "active") conditions.push(eq(employees.isActive, true));
  if (query.status === "inactive") conditions.push(eq(employees.isActive, false));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [{ total }] = await db.select({ total: count() }).from(employees).where(where);
  const found = await db
    .select({ employee: employees, department: { id: departments.id, name: departments.name } })
    .from(employees)
    .innerJoin(departments, eq(departments.id, employees.departmentId))
    .where(where)
    .orderBy(asc(sql`lower(${employees.employeeName})`), asc(employees.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { employees: found.map((r) => presentEmployee(r.employee, r.department)), total: Number(total), page: query.page, limit: query.limit };
}

/** GET /api/hr/employees/:id */
export async function employeeById(ctx: Pick<ServiceContext, "db">, id: string): Promise<Employee> {
  const employee = await getEmployee(ctx.db, id);
  if (!employee) throw notFound("Employee not found");
  return employee;
}

export async function getEmployee(q: Queryable, id: string): Promise<Employee | null> {
  const [found] = await q
    .select({ employee: employees, department: { id: departments.id, name: departments.name } })
    .from(employees)
    .innerJoin(departments, eq(departments.id, employees.departmentId))
    .where(eq(employees.id, id));
  return found ? presentEmployee(found.employee, found.department) : null;
}

async function assertDepartment(q: Queryable, id: string | undefined): Promise<void> {
  if (id === undefined) return;
  const [found] = await q.select({ id: departments.id }).from(departments).where(eq(departments.id, id));
  if (!found)
    throw new DomainError("invalid", "Department not found", { code: "invalid_input", issues: [{ path: "departmentId", message: "Department not found" }] });
}

const codeTaken = (code: string | null | undefined) => conflict(`Employee code "${code ?? ""}" is already in use`, "duplicate_employee_code");

export async function createEmployee(ctx: ActingContext, input: EmployeeCreate): Promise<Employee> {
  const { db, actor, ip: ipAddress } = ctx;
  const columns = employeeColumns(input);
  try {
    return await db.transaction(async (tx) => {
      await assertDepartment(tx, columns.departmentId);
      const [row] = await tx
        .insert(employees)
        .values({ ...columns, employeeName: columns.employeeName!, departmentId: columns.departmentId!, joiningDate: columns.joiningDate! })
        .returning();
      const employee = (await getEmployee(tx, row.id))!;
      await writeAudit(tx, ctx, { action: "create", entityType: "employee", entityId: row.id, actor, after: employee, ipAddress });
      return employee;
    });
  } catch (err) {
    if (isUniqueViolation(err, "employees_code_key")) throw codeTaken(columns.employeeCode);
    throw err;
  }
}

/**
 * Applies an edit, audited. When the weekly off, joining date or active flag change (they decide
 * which days are computed and how), the previous and current month are recalculated in the same
 * transaction.
 */
export async function updateEmployee(ctx: ActingContext, id: string, input: EmployeeUpdate): Promise<Employee> {
  const { actor, ip: ipAddress } = ctx;
  const today = todayOf(ctx);
  const columns = employeeColumns(input);
  try {
    return await inTransaction(ctx, async (tx, afterCommit) => {
      const before = await getEmployee(tx, id);
      if (!before) throw notFound("Employee not found");
      await assertDepartment(tx, columns.departmentId);
      if (Object.keys(columns).length > 0)
        await tx
          .update(employees)
          .set({ ...columns, updatedAt: sql`now()` })
          .where(eq(employees.id, id));
      const after = (await getEmployee(tx, id))!;
      await writeAudit(tx, ctx, { action: "update", entityType: "employee", entityId: id, actor, before, after, ipAddress });
      if (before.weeklyOff !== after.weeklyOff || before.joiningDate !== after.joiningDate || before.isActive !== after.isActive) {
        const month = monthOfDate(today);
        const from = monthBounds(previousMonth(month)).from;
        const to = minDate(today, monthBounds(month).to);
        await recalculateDays(tx, await loadPolicy(tx), { employeeIds: [id], from, to, today, coverage: await coverageOfDays(tx, from, to) });
      }
      // DECISIONS §15: an inactive employee's own login (role Employee) is disabled with them.
      const disabled = before.isActive && !after.isActive ? await disableLoginOfInactiveEmployee(tx, ctx, id) : [];
      afterCommit.run(() => announceSessionsEnded(ctx.bus, disabled, "disabled"));
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err, "employees_code_key")) throw codeTaken(columns.employeeCode);
    throw err;
  }
}

export async function listDepartments(ctx: ServiceContext): Promise<Department[]> {
  const { db } = ctx;
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .orderBy(asc(sql`lower(${departments.name})`));
}

const departmentTaken = (name: string) => conflict(`A department named ${name} already exists`, "duplicate_department");

export async function createDepartment(ctx: ActingContext, name: string): Promise<Department> {
  const { db, actor, ip: ipAddress } = ctx;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(departments).values({ name }).returning({ id: departments.id, name: departments.name });
      await writeAudit(tx, ctx, { action: "create", entityType: "department", entityId: row.id, actor, after: row, ipAddress });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, "departments_name_lower_key")) throw departmentTaken(name);
    throw err;
  }
}

export async function renameDepartment(ctx: ActingContext, id: string, name: string): Promise<Department> {
  const { db, actor, ip: ipAddress } = ctx;
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.id, id));
      if (!before) throw notFound("Department not found");
      const [after] = await tx.update(departments).set({ name }).where(eq(departments.id, id)).returning({ id: departments.id, name: departments.name });
      await writeAudit(tx, ctx, { action: "update", entityType: "department", entityId: id, actor, before, after, ipAddress });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err, "departments_name_lower_key")) throw departmentTaken(name);
    throw err;
  }
}
