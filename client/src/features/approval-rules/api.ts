// Approval rules (DECISIONS §11): the SuperAdmin's list and changes, and the preview the transaction
// form asks for as the amount is typed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FormType } from "@shared/constants";
import type { ApprovalPolicy, ApprovalRule } from "@shared/schemas/approval-rules";
import { apiJson } from "@/lib/api";

export const APPROVAL_RULES_KEY = ["/api/admin/approval-rules"] as const;

export function useApprovalRules() {
  return useQuery<ApprovalRule[]>({ queryKey: APPROVAL_RULES_KEY, staleTime: 15_000 });
}

/** What POST and PUT send; PUT may send part of it. */
export type ApprovalRulePayload = {
  name: string;
  categoryId: string | null;
  formType: FormType | null;
  minAmount: string;
  requiredApprovals: number;
  superAdminRequired: boolean;
  isActive?: boolean;
};

export type ApprovalRuleDeleted = { message: string; deactivated: boolean; rule?: ApprovalRule };

export function useApprovalRuleMutations() {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: APPROVAL_RULES_KEY });
  const create = useMutation({
    mutationFn: (body: ApprovalRulePayload) => apiJson<ApprovalRule>("POST", "/api/admin/approval-rules", body),
    onSuccess: invalidate,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<ApprovalRulePayload> }) => apiJson<ApprovalRule>("PUT", `/api/admin/approval-rules/${id}`, body),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiJson<ApprovalRuleDeleted>("DELETE", `/api/admin/approval-rules/${id}`),
    onSettled: invalidate,
  });
  return { create, update, remove };
}

/** The facts a preview reads; the amount as typed (the server checks it). */
export type PreviewFacts = { categoryId: string; formType: FormType; amount: string };

/** What a submission of these facts would need now; off until the facts are complete. */
export function useApprovalPreview(facts: PreviewFacts | null) {
  return useQuery<ApprovalPolicy>({
    queryKey: ["/api/approval-rules/preview", facts],
    queryFn: () => apiJson<ApprovalPolicy>("POST", "/api/approval-rules/preview", facts),
    enabled: facts !== null,
    staleTime: 30_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
}
