// Approval rules (DECISIONS §11), SuperAdmin's: listed, created, changed and deleted here, each change
// audited in its own database transaction. What a rule means for a submission is authority.ts's
// (decideApprovalPolicy); a transaction keeps the policy decided at its submit, so nothing here
// changes a submitted transaction. A rule some transaction applied is deactivated, not deleted: its
// name stays meaningful in those transactions' policies and timelines.
import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { approvalRules, categories, transactions, type ApprovalRuleRow } from "../db/schema";
import { badRequest, conflict, notFound } from "./errors";
import { writeAudit } from "./audit";
import { isUniqueViolation } from "../db/errors";
import { presentAmount } from "../presenters/transactions";
import type { ApprovalPolicy } from "./transactions/authority";
import { policyForSubmission } from "./transactions/authority-reads";
import { usableCategory } from "./transactions/common";
import {
  APPROVAL_RULE_MESSAGES,
  type ApprovalPreviewBody,
  type ApprovalRule,
  type ApprovalRuleBody,
  type ApprovalRuleChanges,
} from "../../shared/schemas/approval-rules";
import type { ActingContext } from "./context";

export const RULE_NOT_FOUND = "Approval rule not found";
export const RULE_DEACTIVATED_INSTEAD = "A transaction applied this rule, so it was deactivated instead of deleted";

export function presentRule(r: ApprovalRuleRow, inUse: boolean): ApprovalRule {
  return {
    id: r.id,
    name: r.name,
    categoryId: r.categoryId,
    formType: r.formType,
    minAmount: presentAmount(r.minAmount),
    requiredApprovals: r.requiredApprovals,
    superAdminRequired: r.superAdminRequired,
    isActive: r.isActive,
    inUse,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const auditView = (r: ApprovalRuleRow) => {
  const { createdAt: _c, updatedAt: _u, inUse: _i, ...rest } = presentRule(r, false);
  return rest;
};

/**
 * Whether a submitted transaction keeps the rule in its policy (a condition on `approval_rules`). The
 * rule's id is named with its table: in a one-table select a bare column would read transactions.id here.
 */
const appliedCondition = sql<boolean>`exists (select 1 from ${transactions} where ${transactions.approvalPolicy} -> 'rules' @> jsonb_build_array(jsonb_build_object('id', ${sql.identifier("approval_rules")}.${sql.identifier("id")}::text)))`;

/** Rules by their minimum amount, then name, each saying whether a transaction applied it. */
export async function listApprovalRules(ctx: ActingContext): Promise<ApprovalRule[]> {
  const rows = await ctx.db
    .select({ rule: approvalRules, inUse: appliedCondition })
    .from(approvalRules)
    .orderBy(asc(approvalRules.minAmount), asc(sql`lower(${approvalRules.name})`));
  return rows.map((r) => presentRule(r.rule, r.inUse === true));
}

async function assertCategoryExists(q: Queryable, categoryId: string | null | undefined): Promise<void> {
  if (!categoryId) return;
  const [row] = await q.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!row) throw badRequest(APPROVAL_RULE_MESSAGES.category, [{ path: "categoryId", message: APPROVAL_RULE_MESSAGES.category }]);
}

/** A lost race on the lower(name) index, or a taken name: 409. */
async function withNameGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(APPROVAL_RULE_MESSAGES.nameTaken, "duplicate_name");
    throw err;
  }
}

export async function createApprovalRule(ctx: ActingContext, input: ApprovalRuleBody): Promise<ApprovalRule> {
  return withNameGuard(() =>
    ctx.db.transaction(async (tx) => {
      await assertCategoryExists(tx, input.categoryId);
      const now = ctx.clock();
      const [row] = await tx
        .insert(approvalRules)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      await writeAudit(tx, ctx, {
        action: "create",
        entityType: "approval_rule",
        entityId: row!.id,
        actor: ctx.actor,
        after: auditView(row!),
        ipAddress: ctx.ip,
      });
      return presentRule(row!, false);
    }),
  );
}

async function lockRule(q: Queryable, id: string): Promise<ApprovalRuleRow> {
  const [row] = await q.select().from(approvalRules).where(eq(approvalRules.id, id)).limit(1).for("update");
  if (!row) throw notFound(RULE_NOT_FOUND);
  return row;
}

export async function updateApprovalRule(ctx: ActingContext, id: string, input: ApprovalRuleChanges): Promise<ApprovalRule> {
  return withNameGuard(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockRule(tx, id);
      await assertCategoryExists(tx, input.categoryId);
      const now = ctx.clock();
      const [after] = await tx
        .update(approvalRules)
        .set({ ...input, updatedAt: now })
        .where(eq(approvalRules.id, id))
        .returning();
      await writeAudit(tx, ctx, {
        action: "update",
        entityType: "approval_rule",
        entityId: id,
        actor: ctx.actor,
        before: auditView(before),
        after: auditView(after!),
        ipAddress: ctx.ip,
      });
      return presentRule(after!, await wasApplied(tx, id));
    }),
  );
}

/** Whether a submitted transaction keeps this rule in its policy. */
async function wasApplied(q: Queryable, id: string): Promise<boolean> {
  const [row] = await q
    .select({ one: sql<number>`1` })
    .from(transactions)
    .where(sql`${transactions.approvalPolicy} -> 'rules' @> ${JSON.stringify([{ id }])}::jsonb`)
    .limit(1);
  return row !== undefined;
}

export async function deleteApprovalRule(ctx: ActingContext, id: string): Promise<{ message: string; deactivated: boolean; rule?: ApprovalRule }> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockRule(tx, id);
    const now = ctx.clock();
    if (await wasApplied(tx, id)) {
      const [after] = await tx.update(approvalRules).set({ isActive: false, updatedAt: now }).where(eq(approvalRules.id, id)).returning();
      await writeAudit(tx, ctx, {
        action: "deactivate",
        entityType: "approval_rule",
        entityId: id,
        actor: ctx.actor,
        before: auditView(before),
        after: auditView(after!),
        ipAddress: ctx.ip,
      });
      return { message: RULE_DEACTIVATED_INSTEAD, deactivated: true, rule: presentRule(after!, true) };
    }
    await tx.delete(approvalRules).where(eq(approvalRules.id, id));
    await writeAudit(tx, ctx, { action: "delete", entityType: "approval_rule", entityId: id, actor: ctx.actor, before: auditView(before), ipAddress: ctx.ip });
    return { message: "Approval rule deleted", deactivated: false };
  });
}

/** POST /api/approval-rules/preview: the policy a submission of these facts would get now. */
export async function previewApprovalPolicy(ctx: ActingContext, input: ApprovalPreviewBody): Promise<ApprovalPolicy> {
  const category = await usableCategory(ctx.db, input.categoryId, { allowInactive: true });
  return policyForSubmission(ctx.db, { category, formType: input.formType, amount: input.amount });
}
