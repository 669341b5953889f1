// Helpers of the HR API tests: unique departments and employees, and CSV uploads.
import crypto from "node:crypto";
import type { Db } from "../db/client";
import { inArray, sql } from "drizzle-orm";
import { departments, employees, punchDays, type EmployeeRow } from "../db/schema";
import type { ApiClient } from "./harness";
import { CSRF_HEADER } from "./harness";

const suffix = () => crypto.randomBytes(3).toString("hex");

export async function makeDepartment(db: Db, name = `Dept ${suffix()}`) {
  const [row] = await db.insert(departments).values({ name }).returning();
  return row;
}

export async function makeEmployee(db: Db, overrides: Partial<typeof employees.$inferInsert> & { departmentId: string }): Promise<EmployeeRow> {
  const [row] = await db
    .insert(employees)
    .values({ employeeName: `Employee ${suffix()}`, joiningDate: "2025-01-01", weeklyOff: "Sunday", ...overrides })
    .returning();
  return row;
}

/** How many punches are stored (punch_days holds a day's punches in one row), for some employees or everyone. */
export async function storedPunches(db: Db, employeeIds?: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(cardinality(${punchDays.punchTimes})), 0)::int` })
    .from(punchDays)
    .where(employeeIds ? inArray(punchDays.employeeId, [...employeeIds]) : undefined);
  return Number(row.n);
}

/** A CSV document from rows of cells, lines joined with `eol`. */
export function csv(rows: readonly (readonly string[])[], options: { eol?: string; bom?: boolean } = {}): Buffer {
  const text = rows.map((r) => r.join(",")).join(options.eol ?? "\n") + (options.eol ?? "\n");
  return Buffer.from((options.bom ? "\uFEFF" : "") + text, "utf8");
}

export const HEADER = ["Employee Name", "Date", "Time", "Event Type"] as const;

export function upload(api: ApiClient, file: Buffer | null, fields: Record<string, string>, fileName = "punches.csv") {
  let req = api.agent.post("/api/hr/import/upload").set(CSRF_HEADER);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (file) req = req.attach("csvFile", file, { filename: fileName, contentType: fileName.endsWith(".csv") ? "text/csv" : "application/octet-stream" });
  return req;
}
