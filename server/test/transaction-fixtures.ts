// Test fixtures of the transaction API tests: unique categories, request bodies, and transactions
// put straight into a given state (so each test starts where its move starts).
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { approvals, auditLog, categories, notifications, transactions, type CategoryRow, type TransactionRow } from "../db/schema";
import type { CustomFieldDefinition, EmergencyLimitPolicy } from "../../shared/schemas/categories";
import type { TransactionStatus } from "../../shared/constants";

export async function builtinCategory(db: Db, name: string): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(eq(categories.name, name)).limit(1);
  if (!row) throw new Error(`no built-in category ${name}`);
  return row;
}

export async function makeCategory(
  db: Db,
  overrides: Partial<{
    name: string;
    requiredApprovals: number;
    isActive: boolean;
    fieldSchema: CustomFieldDefinition[];
    emergencyLimitPolicy: EmergencyLimitPolicy | null;
  }> = {},
): Promise<CategoryRow> {
  const [row] = await db
    .insert(categories)
    .values({
      name: overrides.name ?? `Category ${crypto.randomBytes(4).toString("hex")}`,
      requiredApprovals: overrides.requiredApprovals ?? 1,
      isActive: overrides.isActive ?? true,
      fieldSchema: overrides.fieldSchema ?? [],
      emergencyLimitPolicy: overrides.emergencyLimitPolicy ?? null,
    })
    .returning();
  return row!;
}

export function txnBody(categoryId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    formType: "R",
    categoryId,
    amount: "1500.50",
    transactionDate: "2026-11-10",
    description: "Printer cartridges",
    ...overrides,
  };
}

/** A transaction row put straight into the database in any state. */
export async function insertTransaction(
  db: Db,
  values: { createdBy: string; categoryId: string; status?: TransactionStatus } & Partial<typeof transactions.$inferInsert>,
): Promise<TransactionRow> {
  const status = values.status ?? "Draft";
  const [row] = await db
    .insert(transactions)
    .values({
      formType: "R",
      amount: "1000.00",
      transactionDate: "2026-11-10",
      description: `Fixture ${crypto.randomBytes(3).toString("hex")}`,
      approvalRound: status === "Draft" ? 0 : 1,
      approvalsRequired: 1,
      isPaid: status === "Paid" || status === "Completed",
      ...values,
      status,
    })
    .returning();
  return row!;
}

export async function txnRow(db: Db, id: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

export async function auditEntries(db: Db, entityId: string, action?: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), action ? eq(auditLog.action, action) : undefined))
    .orderBy(auditLog.timestamp);
}

export async function notificationsFor(db: Db, transactionId: string) {
  return db.select().from(notifications).where(eq(notifications.transactionId, transactionId));
}

export async function approvalRows(db: Db, transactionId: string) {
  return db.select().from(approvals).where(eq(approvals.transactionId, transactionId)).orderBy(approvals.actedAt);
}
