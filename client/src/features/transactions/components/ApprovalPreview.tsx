// Under the amount of the transaction form: what a submission would need now (DECISIONS §11), asked
// of the server once typing settles, in the words the details dialog uses after submit.
import { FORM_TYPES, type FormType } from "@shared/constants";
import { readMoney } from "@shared/money";
import { useEffect, useMemo, useState } from "react";
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
  // The words load with the first preview the server gives, not with the empty form.
  const [words, setWords] = useState<{ previewInWords: typeof import("@shared/approval-words").previewInWords } | null>(null);
  const answered = Boolean(preview.data);
  useEffect(() => {
    if (!answered || words) return;
    let cancelled = false;
    void import("@shared/approval-words").then((m) => !cancelled && setWords({ previewInWords: m.previewInWords }));
    return () => {
      cancelled = true;
    };
  }, [answered, words]);
  if (!complete || !preview.data || preview.isError || !words) return null;
  return words.previewInWords(preview.data);
}
