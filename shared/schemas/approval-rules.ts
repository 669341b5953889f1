// Approval rules (DECISIONS §11): the request bodies and answers of /api/admin/approval-rules and
// of the preview, and the approval policy a transaction keeps from its submission.
import { z } from "zod";
import { singleLineText } from "./text";
import { FORM_TYPES, LIMITS } from "../constants";
import { moneySchema } from "./money";
import { idSchema } from "./ids";
import { id, instant, money } from "./answer-parts";

export const APPROVAL_RULE_MESSAGES = {
  nameRequired: "Rule name is required",
  nameTooLong: "Rule name must be at most 100 characters",
  nameTaken: "A rule with this name already exists",
  category: "Category must be a category id or null (every category)",
  formType: "Form type must be R, B or null (both)",
  minAmountRequired: "Minimum amount is required",
  minAmountInvalid: "Invalid amount format",
  requiredApprovals: `Required approvals must be a whole number from ${LIMITS.requiredApprovalsMin} to ${LIMITS.requiredApprovalsMax}`,
  superAdminRequired: "superAdminRequired must be true or false",
  isActive: "isActive must be true or false",
  categoryRequired: "Category is required",
  amountRequired: "Amount is required",
} as const;
const M = APPROVAL_RULE_MESSAGES;

const UUID_SHAPE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const nameSchema = singleLineText("Name", { message: M.nameRequired }).min(1, M.nameRequired).max(100, M.nameTooLong);
/** null (or absent): every category. */
const categorySchema = z.unknown().transform((input, ctx): string | null => {
  if (input === undefined || input === null) return null;
  if (typeof input === "string" && UUID_SHAPE.test(input.trim())) return input.trim().toLowerCase();
  ctx.addIssue({ code: "custom", message: M.category, input });
  return z.NEVER;
});
/** null (or absent): both form types. */
const formTypeSchema = z.enum(FORM_TYPES, { message: M.formType }).nullable();
const minAmountSchema = moneySchema({ required: M.minAmountRequired, invalid: M.minAmountInvalid });
const requiredApprovalsSchema = z
  .number({ message: M.requiredApprovals })
  .int(M.requiredApprovals)
  .min(LIMITS.requiredApprovalsMin, M.requiredApprovals)
  .max(LIMITS.requiredApprovalsMax, M.requiredApprovals);

export const approvalRuleBodySchema = z.object({
  name: nameSchema,
  categoryId: categorySchema.optional().transform((v) => v ?? null),
  formType: formTypeSchema.optional().transform((v) => v ?? null),
  minAmount: minAmountSchema,
  requiredApprovals: requiredApprovalsSchema,
  superAdminRequired: z.boolean({ message: M.superAdminRequired }).optional().default(false),
  isActive: z.boolean({ message: M.isActive }).optional().default(true),
});
export type ApprovalRuleBody = z.output<typeof approvalRuleBodySchema>;

/** PUT: the fields sent change, the others keep their values. */
export const approvalRuleChangesSchema = z.object({
  name: nameSchema.optional(),
  categoryId: categorySchema.optional(),
  formType: formTypeSchema.optional(),
  minAmount: minAmountSchema.optional(),
  requiredApprovals: requiredApprovalsSchema.optional(),
  superAdminRequired: z.boolean({ message: M.superAdminRequired }).optional(),
  isActive: z.boolean({ message: M.isActive }).optional(),
});
export type ApprovalRuleChanges = z.output<typeof approvalRuleChangesSchema>;

/** POST /api/approval-rules/preview: what a submission of these facts would need now. */
export const approvalPreviewSchema = z.object({
  categoryId: idSchema(M.categoryRequired, M.category),
  formType: z.enum(FORM_TYPES, { message: M.formType }),
  amount: moneySchema({ required: M.amountRequired, invalid: M.minAmountInvalid, positive: M.minAmountInvalid }),
});
export type ApprovalPreviewBody = z.output<typeof approvalPreviewSchema>;

export type ApprovalRule = z.output<typeof approvalRuleAnswer>;
export type ApprovalPolicy = z.output<typeof approvalPolicyAnswer>;

// ---------------------------------------------------------------- answers

/** A rule that applied to a transaction, as kept on it at submit (DECISIONS §11). */
export const appliedRuleAnswer = z.strictObject({
  id,
  name: z.string(),
  minAmount: money,
  requiredApprovals: z.number().int(),
  superAdminRequired: z.boolean(),
});
/** What a submission needs, decided at submit and kept (DECISIONS §11); null before the first submission. */
export const approvalPolicyAnswer = z.strictObject({ approvalsRequired: z.number().int(), superAdminRequired: z.boolean(), rules: z.array(appliedRuleAnswer) });
/** An approval rule (DECISIONS §11): categoryId null is every category, formType null both. */
export const approvalRuleAnswer = z.strictObject({
  id,
  name: z.string(),
  categoryId: id.nullable(),
  formType: z.enum(FORM_TYPES).nullable(),
  minAmount: money,
  requiredApprovals: z.number().int(),
  superAdminRequired: z.boolean(),
  isActive: z.boolean(),
  /** Whether a submitted transaction keeps this rule in its policy: deleting it then deactivates it. */
  inUse: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export const approvalRulesAnswer = z.array(approvalRuleAnswer);
/** DELETE: deleted, or deactivated because a transaction applied it. */
export const approvalRuleDeletedAnswer = z.strictObject({ message: z.string(), deactivated: z.boolean(), rule: approvalRuleAnswer.optional() });
