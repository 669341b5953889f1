// The people of the company (spec 001, DECISIONS §8, §15): its departments and employees. Apart
// from HR's other tables because a user may be linked to an employee (users.employee_id) while HR's
// records name the users who made them: both sides import this file, neither imports the other.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, createdAt, updatedAt } from "./columns";
import { weekdayEnum } from "./enums";

export const departments = pgTable(
  "departments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("departments_name_lower_key").on(sql`lower(${t.name})`)],
);

export const employees = pgTable(
  "employees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    employeeName: text("employee_name").notNull(),
    employeeCode: text("employee_code"),
    departmentId: uuid("department_id")
      .notNull()
      .references(() => departments.id),
    weeklyOff: weekdayEnum("weekly_off").notNull().default("Sunday"),
    joiningDate: date("joining_date").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    phone: text("phone"),
    email: text("email"),
    workLocation: text("work_location"),
    emergencyContactName: text("emergency_contact_name"),
    emergencyContactPhone: text("emergency_contact_phone"),
    personalAddress: text("personal_address"),
    notes: text("notes"),
    monthlySalary: money("monthly_salary"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("employees_code_key")
      .on(t.employeeCode)
      .where(sql`${t.employeeCode} is not null`),
    // Punch names match case- and space-insensitively (DECISIONS §8).
    index("employees_name_key_idx").on(sql`lower(regexp_replace(${t.employeeName}, '\\s+', '', 'g'))`),
    index("employees_department_idx").on(t.departmentId),
    index("employees_name_trgm_idx").using("gin", sql`${t.employeeName} gin_trgm_ops`),
    check("employees_salary_non_negative", sql`${t.monthlySalary} is null or ${t.monthlySalary} >= 0`),
  ],
);

export type EmployeeRow = typeof employees.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;
