// Who the caller is as an employee (DECISIONS §15): every /me call, a leave request, a day fix and
// an expense claim start here.
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { departments, employees } from "../../db/schema";
import type { Actor } from "../../context";
import { DomainError, notFound } from "../errors";

export const NO_EMPLOYEE_LINKED = "No employee is linked to your login";
export const EMPLOYEE_INACTIVE_ME = "Your employee record is inactive: ask HR";

/**
 * The employee the caller is (DECISIONS §15): 404 when their login is linked to none, 403 when
 * that employee is inactive (making an employee inactive ends the login's access to /me).
 */
export async function meOf(q: Queryable, actor: Pick<Actor, "employeeId">) {
  if (!actor.employeeId) throw notFound(NO_EMPLOYEE_LINKED);
  const [row] = await q
    .select({
      id: employees.id,
      employeeName: employees.employeeName,
      employeeCode: employees.employeeCode,
      department: { id: departments.id, name: departments.name },
      weeklyOff: employees.weeklyOff,
      joiningDate: employees.joiningDate,
      isActive: employees.isActive,
      monthlySalary: employees.monthlySalary,
    })
    .from(employees)
    .innerJoin(departments, eq(departments.id, employees.departmentId))
    .where(eq(employees.id, actor.employeeId));
  if (!row) throw notFound(NO_EMPLOYEE_LINKED);
  if (!row.isActive) throw new DomainError("forbidden", EMPLOYEE_INACTIVE_ME, { code: "employee_inactive" });
  return row;
}
