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

/** What deactivating a rule asks, naming it and what follows (DECISIONS §16): the list's button and the form's Active box say the same. */
export function ruleDeactivation(name: string | undefined): { title: string; consequences: string; confirmLabel: string } {
  return {
    title: name ? `Deactivate the rule '${name}'?` : "Deactivate the rule?",
    consequences: "Transactions submitted from now on no longer need it. Those already submitted keep what it asked of them; you can activate it again later.",
    confirmLabel: "Deactivate rule",
  };
}
