// Approval authority (DECISIONS §11): approval rules and delegations. A user's own approval limit
// is a column of `users`.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, instant, createdAt, updatedAt } from "./columns";
import { formTypeEnum } from "./enums";
import { categories } from "./finance";
import { users } from "./users";

/**
 * Approval rules (DECISIONS §11): from `minAmount` (inclusive) up, a transaction of the category
 * (null: every category) and form type (null: both) needs at least `requiredApprovals`, and a
 * SuperAdmin's among them when `superAdminRequired`. Read at submit only (authority.ts).
 */
export const approvalRules = pgTable(
  "approval_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // A category that can be deleted has no transaction, so none of its rules was ever applied.
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "cascade" }),
    formType: formTypeEnum("form_type"),
    minAmount: money("min_amount").notNull(),
    requiredApprovals: integer("required_approvals").notNull(),
    superAdminRequired: boolean("super_admin_required").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("approval_rules_name_lower_key").on(sql`lower(${t.name})`),
    index("approval_rules_category_idx").on(t.categoryId),
    check("approval_rules_required_approvals_range", sql`${t.requiredApprovals} between 1 and 5`),
    check("approval_rules_min_amount_non_negative", sql`${t.minAmount} >= 0`),
  ],
);

/**
 * Delegation while away (DECISIONS §11): from `fromDate` to `toDate` (whole days in APP_TIMEZONE,
 * inclusive) the delegate may use the delegator's approval authority where their own falls short.
 * Ended early by setting `endedAt`; never deleted, so an approval on behalf always names its grant.
 */
export const delegations = pgTable(
  "delegations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    delegatorId: uuid("delegator_id")
      .notNull()
      .references(() => users.id),
    delegateId: uuid("delegate_id")
      .notNull()
      .references(() => users.id),
    fromDate: date("from_date").notNull(),
    toDate: date("to_date").notNull(),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    endedAt: instant("ended_at"),
    endedBy: uuid("ended_by").references(() => users.id),
    endReason: text("end_reason"),
    // When the delegate was told it has begun: at once for one recorded on its first day, else on
    // that day by the start-up and periodic announcement (services/delegations.ts), exactly once.
    startAnnouncedAt: instant("start_announced_at"),
  },
  (t) => [
    index("delegations_delegator_idx").on(t.delegatorId, t.fromDate),
    index("delegations_delegate_idx").on(t.delegateId, t.fromDate),
    index("delegations_created_by_idx").on(t.createdBy),
    index("delegations_ended_by_idx").on(t.endedBy),
    index("delegations_unannounced_idx")
      .on(t.fromDate)
      .where(sql`${t.startAnnouncedAt} is null and ${t.endedAt} is null`),
    check("delegations_not_to_self", sql`${t.delegatorId} <> ${t.delegateId}`),
    check("delegations_dates_in_order", sql`${t.fromDate} <= ${t.toDate}`),
  ],
);
export type DelegationRow = typeof delegations.$inferSelect;

export type ApprovalRuleRow = typeof approvalRules.$inferSelect;
