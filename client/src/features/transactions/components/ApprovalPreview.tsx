// Under the amount of the transaction form: what a submission would need now (DECISIONS §11), asked
// of the server once typing settles, in the words the details dialog uses after submit.
import { previewInWords } from "@shared/approval-words";
import { FORM_TYPES, type FormType } from "@shared/constants";
import { readMoney } from "@shared/money";
import { useMemo } from "react";
import { useApprovalPreview, type PreviewFacts } from "@/features/approval-rules";
import { useDebounced } from "@/hooks/use-debounced";

/** The preview's words, or null while the facts are incomplete (no category, no valid amount) or the server could not say. */
export function useApprovalPreviewWords(categoryId: string, formType: string, amount: string): string | null {
  const money = readMoney(amount ?? "");
  const complete = Boolean(categoryId) && (FORM_TYPES as readonly string[]).includes(formType) && money.ok && money.paise > 0n;
  // Debounced as text: a fresh object each render would restart the wait for ever.
  const key = useDebounced(complete && money.ok ? JSON.stringify({ categoryId, formType: formType as FormType, amount: money.value }) : "", 400);
  const facts = useMemo(() => (key ? (JSON.parse(key) as PreviewFacts) : null), [key]);
  const preview = useApprovalPreview(complete ? facts : null);
  if (!complete || !preview.data || preview.isError) return null;
  return previewInWords(preview.data);
}
