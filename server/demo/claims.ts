// The demo's expense claims (DECISIONS §15 part B): Travel and Office Supplies open to claims, and
// one claim in each state (Draft, Pending, Approved, Paid, Rejected) filed by the demo employee
// `emp.demo`. Runs after the employees and their logins exist; where part A's seed gave no login
// `emp.demo`, it gives one to the first active employee without a login, the way HR would link it.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppDeps, Actor } from "../context";
import type { DatabaseHandle } from "../db/client";
import { categories, employees, users } from "../db/schema";
import { actingContext } from "../services/context";
import { createCategory } from "../services/categories";
import { createTransaction, approveTransaction, recordPayment, rejectTransaction, submitTransaction } from "../services/transactions/moves";
import { createCategorySchema } from "../../shared/schemas/categories";
import { createTransactionSchema, paymentSchema, rejectTransactionSchema } from "../../shared/schemas/transactions";
import { createUser, findUserByUsername } from "../services/users";
import { createUserSchema } from "../../shared/schemas/users";
import { DEMO_PASSWORD } from "./data";
import { addDays } from "../../shared/calendar";
import { toIsoDate } from "../../shared/format";

export const DEMO_CLAIMANT_USERNAME = "emp.demo";

type ClaimPeople = { admin: Actor; accounts: Actor; approver: Actor };

async function claimant(deps: AppDeps, handle: DatabaseHandle): Promise<Actor | null> {
  let row = await findUserByUsername(handle.db, DEMO_CLAIMANT_USERNAME);
  if (!row) {
    const [free] = await handle.db
      .select({ id: employees.id, name: employees.employeeName })
      .from(employees)
      .leftJoin(users, eq(users.employeeId, employees.id))
      .where(and(eq(employees.isActive, true), isNull(users.id)))
      .orderBy(employees.employeeName)
      .limit(1);
    if (!free) return null;
    const made = await createUser(
      { db: handle.db, clock: deps.clock, actor: null },
      createUserSchema.parse({ username: DEMO_CLAIMANT_USERNAME, password: DEMO_PASSWORD, role: "Employee", name: free.name }),
    );
    await handle.db.update(users).set({ employeeId: free.id }).where(eq(users.id, made.id));
    row = await findUserByUsername(handle.db, DEMO_CLAIMANT_USERNAME);
  }
  if (!row?.employeeId || row.role !== "Employee") return null;
  return { id: row.id, role: row.role, name: row.name, username: row.username, visibilityWindowDays: row.visibilityWindowDays, employeeId: row.employeeId };
}

export async function seedClaims(
  deps: AppDeps,
  handle: DatabaseHandle,
  people: ClaimPeople,
  realNow: Date,
  tz: string,
  log: (l: string) => void,
): Promise<void> {
  const admin = actingContext(deps, people.admin);
  await handle.db
    .update(categories)
    .set({ openToClaims: true })
    .where(sql`lower(${categories.name}) = 'travel'`);
  const [supplies] = await handle.db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = 'office supplies'`);
  if (supplies) await handle.db.update(categories).set({ openToClaims: true }).where(eq(categories.id, supplies.id));
  else
    await createCategory(
      admin,
      createCategorySchema.parse({ name: "Office Supplies", description: "Stationery, printer ink and small items bought for the office", openToClaims: true }),
    );
  const [travel] = await handle.db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = 'travel'`);
  const [office] = await handle.db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = 'office supplies'`);

  const emp = await claimant(deps, handle);
  if (!emp || !travel || !office) {
    log("Expense claims: no employee login to file them (skipped)");
    return;
  }
  const mine = actingContext(deps, emp);
  const approver = actingContext(deps, people.approver);
  const accounts = actingContext(deps, people.accounts);
  const today = toIsoDate(realNow, tz);
  const file = (categoryId: string, amount: string, daysAgo: number, description: string) =>
    createTransaction(mine, createTransactionSchema.parse({ formType: "B", categoryId, amount, transactionDate: addDays(today, -daysAgo), description }));

  await file(travel.id, "640.00", 1, "Auto and cab fares to the Bhiwandi dyeing unit");
  const pending = await file(travel.id, "3850.00", 4, "Train tickets to Surat for the fabric fair (sleeper, return)");
  await submitTransaction(mine, pending.id);
  const approved = await file(office.id, "1275.50", 8, "Printer ink and A4 paper bought at Andheri when the office ran out");
  await submitTransaction(mine, approved.id);
  await approveTransaction(approver, approved.id);
  const paid = await file(travel.id, "2200.00", 15, "Hotel night in Ahmedabad for the supplier audit");
  await submitTransaction(mine, paid.id);
  await approveTransaction(approver, paid.id);
  await recordPayment(accounts, paid.id, paymentSchema.parse({ paymentMethod: "UPI", paymentReference: "UPI-CLAIM-2200", paidDate: addDays(today, -10) }));
  const rejected = await file(office.id, "899.00", 12, "Desk lamp for home");
  await submitTransaction(mine, rejected.id);
  await rejectTransaction(approver, rejected.id, rejectTransactionSchema.parse({ reason: "Home furniture is not an office expense" }));
  log(`Expense claims: Travel and Office Supplies open to claims; ${emp.username} (${emp.name}) has one Draft, Pending, Approved, Paid and Rejected claim`);
}
