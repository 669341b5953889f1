// Budget calls (spec 001 §7, DECISIONS §7): answers carry spent, percentUsed, remaining, status.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Budget, BudgetBody } from "@shared/schemas/budgets";
import { apiJson } from "@/lib/api";

export const BUDGETS_KEY = ["/api/admin/budgets"] as const;

export function useBudgets() {
  return useQuery<Budget[]>({ queryKey: BUDGETS_KEY, staleTime: 30_000 });
}

export function useBudgetMutations() {
  const qc = useQueryClient();
  const invalidate = () => Promise.all([qc.invalidateQueries({ queryKey: BUDGETS_KEY }), qc.invalidateQueries({ queryKey: ["/api/admin/stats"] })]);
  return {
    create: useMutation({ mutationFn: (body: BudgetBody) => apiJson<Budget>("POST", "/api/admin/budgets", body), onSuccess: invalidate }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: BudgetBody }) => apiJson<Budget>("PUT", `/api/admin/budgets/${id}`, body),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (id: string) => apiJson<unknown>("DELETE", `/api/admin/budgets/${id}`), onSuccess: invalidate }),
  };
}
