// How the rules screen names a rule's reach.
import type { ApprovalRule } from "@shared/schemas/approval-rules";

/** "Form B" / "Form R" for a form type. */
export function formTypeWords(formType: string): string {
  return formType === "R" ? "Form R" : "Form B";
}

/** "Both", "Form B (Bill)" or "Form R (Receipt)". */
export function ruleFormType(rule: Pick<ApprovalRule, "formType">): string {
  if (rule.formType === null) return "Both";
  return rule.formType === "R" ? "Form R (Receipt)" : "Form B (Bill)";
}

/** The category's name, "Every category", or a removed category said as such. */
export function ruleCategory(rule: Pick<ApprovalRule, "categoryId">, names: ReadonlyMap<string, string>): string {
  if (rule.categoryId === null) return "Every category";
  return names.get(rule.categoryId) ?? "A removed category";
}

/** What deactivating a rule does, said before it is done (DECISIONS §16). */
export const RULE_DEACTIVATION_CONSEQUENCES =
  "Transactions submitted from now on no longer need it. Those already submitted keep what it asked of them; you can activate it again later.";
