// Parties and the company (DECISIONS §12): one cache of party pages, refreshed by every change, so
// the Parties page and the transaction form's picker never disagree.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Company, Party } from "@shared/schemas/parties";
import { apiJson } from "@/lib/api";

export const PARTIES_KEY = "/api/parties" as const;
export const COMPANY_KEY = ["/api/admin/company"] as const;

export type PartyPage = { parties: Party[]; total: number; page: number; limit: number };
export type PartyFilters = { search?: string; active?: "true" | "false" | "all"; page?: number; limit?: number };

export function useParties(filters: PartyFilters, options: { enabled?: boolean } = {}) {
  return useQuery<PartyPage>({
    queryKey: [PARTIES_KEY, { ...filters, search: filters.search?.trim() || undefined }],
    staleTime: 15_000,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** What the forms send: empty strings mean "none" (the server stores null). */
export type PartyInput = { name: string; gstin: string; pan: string; stateCode: string; email: string; phone: string; tdsNatureId: string; isActive?: boolean };

export function usePartyMutations() {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: [PARTIES_KEY] });
  return {
    create: useMutation({ mutationFn: (body: PartyInput) => apiJson<Party>("POST", "/api/parties", body), onSuccess: invalidate }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Partial<PartyInput> }) => apiJson<Party>("PATCH", `/api/parties/${id}`, body),
      onSuccess: invalidate,
    }),
  };
}

export function useCompany() {
  return useQuery<Company>({ queryKey: COMPANY_KEY, staleTime: 60_000 });
}

export function useSaveCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { legalName: string; gstin: string; stateCode: string }) => apiJson<Company>("PUT", "/api/admin/company", body),
    onSuccess: (company) => qc.setQueryData(COMPANY_KEY, company),
  });
}
