// Category calls (spec 001 §7, DECISIONS §7).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Category, CustomFieldDefinition, EmergencyLimitPolicy } from "@shared/schemas/categories";
import { apiJson } from "@/lib/api";

export const CATEGORIES_KEY = ["/api/categories"] as const;

/**
 * GET /api/categories: every screen that lists categories reads this one query. Fresh for 30 s, so
 * a category a SuperAdmin has just added reaches the other screens soon; this screen's own changes
 * refresh it at once (useCategoryMutations).
 */
export function useCategories() {
  return useQuery<Category[]>({ queryKey: CATEGORIES_KEY, staleTime: 30_000 });
}

export type CategoryPayload = {
  name: string;
  description: string | null;
  requiredApprovals?: number;
  emergencyLimitPolicy?: EmergencyLimitPolicy | null;
  isActive?: boolean;
  /** DECISIONS §15: SuperAdmin only. */
  openToClaims?: boolean;
};

export function useCategoryMutations() {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: CATEGORIES_KEY });
  const create = useMutation({
    mutationFn: (body: CategoryPayload) => apiJson<Category>("POST", "/api/categories", body),
    onSuccess: invalidate,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: CategoryPayload }) => apiJson<Category>("PUT", `/api/categories/${id}`, body),
    onSuccess: invalidate,
  });
  const updateFields = useMutation({
    mutationFn: ({ id, fieldSchema }: { id: string; fieldSchema: CustomFieldDefinition[] }) =>
      apiJson<Category>("PUT", `/api/categories/${id}/fields`, { fieldSchema }),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiJson<unknown>("DELETE", `/api/categories/${id}`),
    // A category with transactions is deactivated instead (409): the list changes either way.
    onSettled: invalidate,
  });
  return { create, update, updateFields, remove };
}
